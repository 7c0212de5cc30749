"""Standing orders and "same as last turn" in Cannoni's terms (rules/cannoni/standing.py).
Every payload they give must pass the ruleset's own order check."""
from __future__ import annotations

from rules.cannoni import standing
from rules.core.decisions import Order
from rules.core.standing import Standing
from tests.cannoni.conftest import BRIT, FRAN, RULES, decision, in_phase, make_state, ship


def table(**kw):
    """Virginie (France) at (30, 20) heading north, HMS Indefatigable 6" east of her, and
    HMS Sophie further off; wind from the east."""
    kw.setdefault("wind", 4)
    return make_state(ship("v", "virginie", "france", 30, 20, 0), ship("t", "hms_indefatigable", "britain", 36, 20, 0),
                      ship("s", "hms_sophie", "britain", 50, 20, 0), **kw)


def given(state, ship_id, kind, history=()):
    d = decision(state, ship_id)
    payload = RULES.standing_payload(state, d, Standing(subject=ship_id, kind=kind), list(history))
    if payload is None:
        return None
    accepted, problems = RULES.accept(state, Order(decision=d.id, player=d.player, payload=payload))
    assert problems == [], (kind, payload, problems)
    return accepted.payload


def test_offers_only_the_players_own_ships_with_the_phases_still_to_come():
    state = table()
    assert [o.subject for o in RULES.standing_offers(state, BRIT)] == ["t", "s"]
    assert [o.subject for o in RULES.standing_offers(state, FRAN)] == ["v"]
    (offer,) = RULES.standing_offers(state, FRAN)
    assert [k.kind for k in offer.kinds] == ["hold-course", "keep-station", "fire-nearest", "as-last"]
    assert [m.value for m in offer.moments] == ["t1.p5", "t1.p4", "t1.p3", "t1.p2", "t1.p1"]
    state = in_phase(table(), 3, {"v": 4, "t": 2, "s": 1})
    (offer,) = RULES.standing_offers(state, FRAN)
    assert [m.value for m in offer.moments] == ["t1.p3", "t1.p2", "t1.p1"]
    assert RULES.moment_of(state, decision(state, "v")) == "t1.p3"


def test_hold_course_sails_as_far_as_she_may_and_keep_station_as_little():
    state = in_phase(table(), 5, {"v": 5, "t": 1, "s": 1})  # Virginie activated: she must move
    hold = given(state, "v", "hold-course")
    keep = given(state, "v", "keep-station")
    distance = RULES.spec(state, decision(state, "v")).action("move").param("distance")
    assert hold == {"action": "move", "distance": distance.max}
    assert keep == {"action": "move", "distance": distance.min}
    state = in_phase(table(), 4, {"v": 5, "t": 1, "s": 1})  # activated before: nothing owed
    assert given(state, "v", "keep-station") == {"action": "pass"}


def test_fire_at_the_nearest_when_loaded_else_load():
    state = in_phase(table(), 4, {"v": 5, "t": 1, "s": 1})
    state.ship("v").loaded = {"starboard": "ball", "port": None}
    assert given(state, "v", "fire-nearest") == {"action": "fire", "side": "starboard", "target": "t",
                                                 "aim": "hull"}
    state.ship("v").loaded = {"starboard": None, "port": None}
    assert given(state, "v", "fire-nearest") == {"action": "load", "side": "starboard"}  # the side that bears


def test_as_last_phase_repeats_her_newest_action_and_nothing_without_one():
    state = in_phase(table(), 4, {"v": 5, "t": 1, "s": 1})
    assert given(state, "v", "as-last") is None
    history = [Order(decision="t1.p5.t", player=BRIT, payload={"action": "move", "distance": 1}),
               Order(decision="t1.p5.v", player=FRAN, payload={"action": "sails", "to": "battle"})]
    d = decision(state, "v")
    assert RULES.standing_payload(state, d, Standing(subject="v", kind="as-last"), history) == \
        {"action": "sails", "to": "battle"}


def test_same_chits_as_last_turn_only_once_all_five_are_spent():
    """"I gettoni di attivazione non possono essere riutilizzati" until the whole set
    comes back: last turn's chit is offered again only in the turn it does."""
    state = table(turn=2)
    d = next(x for x in RULES.pending(state) if x.player == BRIT)
    history = [Order(decision="t1.chits.brit", player=BRIT, payload={"action": "chits", "t": 4, "s": 2})]
    state.ship("t").chits_used, state.ship("s").chits_used = [4], [2]  # spent last turn
    assert RULES.repeat_payload(state, d, history) is None
    state.ship("t").chits_used, state.ship("s").chits_used = [], []  # the full set came back
    repeat = RULES.repeat_payload(state, d, history)
    assert repeat == {"action": "chits", "t": 4, "s": 2}
    assert RULES.validate(state, Order(decision=d.id, player=BRIT, payload=repeat)) == []
    state.ship("s").chits_used = [2, 1]  # one ship's set came back, not the other's
    assert RULES.repeat_payload(state, d, history) is None
    assert RULES.repeat_payload(state, d, []) is None  # nothing given last turn
