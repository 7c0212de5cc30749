"""§7 Deployment: the zone of each edition and the ways of placing the fleets."""
from __future__ import annotations

from rules.nauta import deployment as dep, sequence
from tests.nauta.helpers import A, B, RULES, codes, decision, make_state, order, resolve, roller, ship

FLEETS = [ship("a1", "triremis", "a", 10, 3, 0), ship("a2", "triremis", "a", 14, 3, 0),
          ship("b1", "triremis", "b", 10, 27, 180), ship("b2", "triremis", "b", 14, 27, 180)]


def deploying(mode, *dice, edition="nauta", height=30):
    state = make_state(*FLEETS, options={"deployment": mode, "edition": edition}, height=height)
    r, forced = roller(*dice)
    sequence.start(state, r)
    assert forced.remaining == 0
    return state


def test_deployment_zone_by_edition():
    """Nauta: "deploy the two fleets, within 15 cm (6") from their base edge"; Classis:
    "entro 1/4 della profondità dell'area di gioco" (60 x 60 cm: 15 cm)."""
    nauta = deploying("screen", height=40)
    assert dep.zone(nauta, "a").bounds == (0, 0, 30, 7.5)
    classis = deploying("screen", edition="classis", height=40)
    assert classis.fleet("b").edge == "north"
    assert dep.zone(classis, "b").bounds == (0, 30, 30, 40)


def test_deployment_screen_is_secret_and_simultaneous():
    """"Place a screen across the playing area and deploy the two fleets\""""
    state = deploying("screen")
    assert [(d.kind, d.player, d.secret) for d in RULES.pending(state)] == [("deploy", A, True), ("deploy", B, True)]
    assert all(s.status == "undeployed" for s in state.ships)
    good = {"action": "deploy", "a1_x": 5, "a1_y": 2, "a1_heading": 0, "a2_x": 8, "a2_y": 2, "a2_heading": 45}
    assert codes(state, good, A) == []
    assert codes(state, {**good, "a2_y": 7}, A) == ["nauta-deploy-outside-zone"]
    assert codes(state, {**good, "a2_x": 5.5}, A) == ["nauta-deploy-touching"]
    orders = [order(state, good, A), order(state, {"action": "deploy", "b1_x": 20, "b1_y": 28, "b1_heading": 180,
                                                    "b2_x": 24, "b2_y": 28, "b2_heading": 180}, B)]
    state, events = resolve(state, orders)
    assert state.step == "speeds" and state.ship("a2").heading == 45 and state.ship("b1").x == 20


def test_deployment_roll_decides_who_deploys_first():
    """"rolling a d6 ... to decide who deploys first": the loser places his whole fleet
    first, the winner sees it."""
    state = deploying("roll", 2, 5)  # a 2, b 5: a places first
    assert [(d.player, d.secret) for d in RULES.pending(state)] == [(A, False)]
    state, _ = resolve(state, [order(state, RULES.spec(state, decision(state)).default)])
    assert [d.player for d in RULES.pending(state)] == [B]


def test_deployment_alternate_one_ship_at_a_time():
    """Classis §7: "oppure i giocatori possono disporre una nave alla volta,
    alternativamente.\""""
    state = deploying("alternate", 6, 1, edition="classis")  # a wins: b starts
    seen = []
    while state.step == "deploy":
        d = decision(state)
        seen.append(d.player)
        state, _ = resolve(state, [order(state, RULES.spec(state, d).default)])
    assert seen == [B, A, B, A]
    assert all(s.status == "afloat" for s in state.ships)


def test_deployment_on_the_coast_is_refused():
    state = make_state(*FLEETS, options={"deployment": "screen"}, land=[[(0, 0), (4, 0), (4, 4), (0, 4)]])
    sequence.start(state, roller()[0])
    payload = {"action": "deploy", "a1_x": 3, "a1_y": 2, "a1_heading": 0, "a2_x": 8, "a2_y": 2, "a2_heading": 0}
    assert "nauta-deploy-on-land" in codes(state, payload, A)
