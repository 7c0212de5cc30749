"""2.0 Preparazione, 2.1 il vento, 3.2.1 speed markers (secret), the sequence of play."""
from __future__ import annotations


from rules.core import game
from rules.core.decisions import Order
from rules.core.dice import ForcedDice
from rules.core.ruleset import Seat
from rules.hoo.ruleset import placement_problems
from tests.hoo.helpers import RULES, ship

SEATS = [Seat(id="p1", side="italy"), Seat(id="p2", side="britain")]


def test_three_empty_hexes_between_enemies_and_one_ship_a_hex():
    """2.0: "al massimo una per esagono ... tra la vostra e quella nemica vi siano almeno 3 esagoni vuoti"."""
    assert placement_problems([ship("a"), ship("b", "b", q=4, r=0)]) == []
    assert placement_problems([ship("a"), ship("b", "b", q=3, r=0)])
    assert placement_problems([ship("a"), ship("a2", q=0, r=0)])


def _start(*dice):
    setup = RULES.scenarios()["castiglione"]
    return game.start(RULES, setup, RULES.options_model(), SEATS, ForcedDice(list(dice)))


def test_the_high_roller_sets_the_wind_and_the_low_one_may_shift_it():
    """2.1: "il giocatore che ha ottenuto il punteggio più alto decide da quale direzione (lato di
    esagono) spiri il vento e quello che ha ottenuto il punteggio più basso può spostare la
    direzione di un lato di esagono in senso orario od antiorario"."""
    state, _ = _start(2, 5)
    (wind,) = RULES.pending(state)
    assert wind.player == "p2" and wind.kind == "wind"
    state, _ = game.resolve(RULES, state, [Order(decision="wind", player="p2", payload={"action": "wind", "side": 3})],
                            ForcedDice([]))
    (shift,) = RULES.pending(state)
    assert shift.player == "p1"
    state, _ = game.resolve(RULES, state, [Order(decision="shift", player="p1",
                                                 payload={"action": "shift", "way": "anticlockwise"})], ForcedDice([]))
    assert state.wind == 2 and state.step == "speeds"


def test_speed_markers_are_hidden_until_the_ship_moves():
    """3.2.1: "porre a fianco della nave in indicatore numerico coperto che riporti quanti PM la nave
    avrà a disposizione"; one PM more (not above her sails) or one or two less."""
    state, _ = _start(2, 5)
    for order in (Order(decision="wind", player="p2", payload={"action": "wind", "side": 3}),
                  Order(decision="shift", player="p1", payload={"action": "shift", "way": "none"})):
        state, _ = game.resolve(RULES, state, [order], ForcedDice([]))
    decisions = RULES.pending(state)
    assert all(d.secret for d in decisions)
    spec = RULES.spec(state, decisions[0])
    assert spec.actions[0].param("pm").values() == [2, 3, 4]
    orders = [Order(decision=d.id, player=d.player, payload={"action": "speed", "pm": 2}) for d in decisions]
    state, step = game.resolve(RULES, state, orders, ForcedDice([6, 1]))  # Castiglione first
    public = RULES.view(state, None)
    bellona = next(s for s in public["ships"] if s["id"] == "bellona")
    assert bellona["marker_hidden"] and bellona["marker"] is None and bellona["speed"] == 4
    own = next(s for s in RULES.view(state, "p2")["ships"] if s["id"] == "bellona")
    assert own["marker"] == 2 and not own["marker_hidden"]
    castiglione = next(s for s in public["ships"] if s["id"] == "castiglione")
    assert castiglione["speed"] == 2 and not castiglione["marker_hidden"]  # revealed: she moves now
    private = [e for e in step.events if e.kind == "marker_set"]
    assert private and all(e.to for e in private)


def test_a_turn_moves_fires_and_passes_to_the_next_ship():
    """3.0: "Fase dell'iniziativa. Fase dei giocatori, composta da Movimento. Fuoco. Arrembaggio"."""
    state, _ = _start(2, 5)
    for order in (Order(decision="wind", player="p2", payload={"action": "wind", "side": 3}),
                  Order(decision="shift", player="p1", payload={"action": "shift", "way": "none"})):
        state, _ = game.resolve(RULES, state, [order], ForcedDice([]))
    orders = [Order(decision=d.id, player=d.player, payload={"action": "speed", "pm": 4}) for d in RULES.pending(state)]
    state, _ = game.resolve(RULES, state, orders, ForcedDice([6, 1]))
    (move,) = RULES.pending(state)
    assert move.subject == "castiglione" and move.kind == "move"
    hostile = Order(decision=move.id, player="p2", payload={"action": "sail", "course": "FFFF"})
    assert RULES.validate(state, hostile)[0].code == "not-your-decision"
    bad = Order(decision=move.id, player="p1", payload={"action": "sail", "course": "LLLL"})
    assert RULES.validate(state, bad)[0].code == "bad-choice"
    state, _ = game.resolve(RULES, state, [Order(decision=move.id, player="p1",
                                                 payload={"action": "sail", "course": "FFFF"})], ForcedDice([]))
    assert (state.ship("castiglione").q, state.ship("castiglione").r) == (0, 4)
    (fire,) = RULES.pending(state)
    assert fire.kind == "fire" and fire.subject == "castiglione"  # Bellona lies 4 hexes off her starboard beam
    state, _ = game.resolve(RULES, state, [Order(decision=fire.id, player="p1", payload={"action": "hold"})],
                            ForcedDice([]))
    assert RULES.pending(state)[0].subject == "bellona"


def _placing(*dice):
    setup = RULES.scenarios()["squadrons"]
    state, _ = game.start(RULES, setup, RULES.options_model(place_by_hand=True), SEATS, ForcedDice(list(dice)))
    for order in (Order(decision="wind", player="p2", payload={"action": "wind", "side": 3}),
                  Order(decision="shift", player="p1", payload={"action": "shift", "way": "none"})):
        state, _ = game.resolve(RULES, state, [order], ForcedDice([]))
    return state


def test_ships_are_placed_by_hand_from_the_lower_roller_after_the_wind():
    """2.0: "a partire da quello che ha ottenuto il punteggio minore, si pongono in gioco le navi
    (al massimo una per esagono) facendo attenzione che tra la vostra e quella nemica vi siano
    almeno 3 esagoni vuoti"; 2.1: the wind is set "prima di mettere in mappa le navi"."""
    state = _placing(2, 5)  # italy rolled lower: italy places first
    assert state.step == "place" and state.to_place == ["castiglione", "bellona", "corona", "amphion"]
    assert all(s["x"] is None for s in RULES.view(state, None)["ships"])
    (first,) = RULES.pending(state)
    assert first.player == "p1"
    place = {"action": "place", "q": 0, "r": 0, "facing": 0}
    state, _ = game.resolve(RULES, state, [Order(decision=first.id, player="p1", payload=place)], ForcedDice([]))
    (second,) = RULES.pending(state)
    near = Order(decision=second.id, player="p2", payload={"action": "place", "q": 3, "r": 0, "facing": 3})
    assert RULES.validate(state, near)[0].code == "hoo-place-too-near"
    taken = Order(decision=second.id, player="p2", payload={"action": "place", "q": 0, "r": 0, "facing": 3})
    assert RULES.validate(state, taken)[0].code == "hoo-place-taken"
    far = Order(decision=second.id, player="p2", payload={"action": "place", "q": 4, "r": 0, "facing": 3})
    assert RULES.validate(state, far) == []
    state, _ = game.resolve(RULES, state, [far], ForcedDice([]))
    for _ in range(2):  # the last two take their published defaults
        state, _ = game.resolve(RULES, state, [], ForcedDice([]))
    assert state.step == "speeds" and all(s.placed for s in state.ships)
