"""Sezione 6 vii (fireships) and the shore defences of the statistics table."""
from __future__ import annotations

from rules.sca import wind as W
from tests.sca.helpers import event, kinds, order, part, ship, start

E, S, N = (W.POINTS.index(p) for p in ("E", "S", "N"))


def test_navi_incendiarie_lit_run_on_and_set_fire_to_what_they_touch():
    """"Per decidere se l'operazione è stata eseguita si utilizza la colonna Corta gittata"; "In ogni
    turno successivo all'accensione la nave perde un RDC"; "Se la nave incendiaria contatta un altro
    vascello ... non potrà muovere oltre"; "Un incendio si propaga automaticamente alla velatura delle
    navi in contatto".\""""
    ruleset, state = start(ship("target", "british", 1095, 1000, S, type="74C", sail="furled"),
                           ship("brulot", "french", 1000, 1000, E, type="20-28", fireship=True),
                           ship("far", "french", 2500, 1500, E))
    state, _ = part(ruleset, state, [order(state, "target")], [3, 3, 3])
    light = order(state, "brulot").model_copy(update={"payload": {"action": "light", "course": "E"}})
    state, step = part(ruleset, state, [light, order(state, "far")], [3, 3, 3])
    brulot = state.ship("brulot")
    assert brulot.fireship_lit and "fireship_lit" in kinds(step)
    assert brulot.rigging_lost == 1  # the turn's end: she burns
    assert [d.subject for d in ruleset.pending(state)] == ["target"]
    state, _ = part(ruleset, state, [order(state, "target")], [3, 3, 3])
    assert [d.subject for d in ruleset.pending(state)] == ["far"], "nobody steers a lit fireship"
    state, step = part(ruleset, state, [order(state, "far")], [3, 3, 3])
    assert event(step, "collision").data["ship"] == "Brulot"
    assert state.ship("target").fires_rigging == 1 and state.ship("brulot").contacts
    assert [c.grade for c in state.ship("target").contacts] == ["All"]


def test_a_fireship_cannot_fire_nor_board():
    """"La bordata ... di queste navi sarà usata solamente per stabilirne il costo visto che non saranno
    in grado di tirare.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("brulot", "french", 1000, 1000, E,
                                                                  type="20-28", fireship=True))
    state, _ = part(ruleset, state, [order(state, "a")], [3, 3, 3])
    spec = ruleset.spec(state, ruleset.pending(state)[0])
    sail = spec.action("sail")
    assert sail.param("fire").values() == ["none"] and sail.param("boarders").values() == ["no"]
    assert spec.action("light") is not None


def test_batterie_costiere_fire_and_never_move():
    """"Batteria costiera pesante 500 4": a shore battery fires her broadsides and is never a ship
    under sail; a battle ends when a side has no ship left, whatever its forts."""
    ruleset, state = start(ship("a", "british", 1000, 1200, E, sail="furled"),
                           ship("fort", "french", 1000, 1000, E, type="heavy-battery"),
                           ship("far", "french", 2500, 300, E, sail="furled"))
    state, _ = part(ruleset, state, [order(state, "a")], [3, 3, 3])
    fort = next(d for d in ruleset.pending(state) if d.subject == "fort")
    assert [a.action for a in ruleset.spec(state, fort).actions] == ["fire"]
    fire = order(state, "fort").model_copy(update={"payload": {"action": "fire", "fire": "port", "aim": "hull"}})
    state, step = part(ruleset, state, [fire, order(state, "far")], [4, 4, 4])
    assert event(step, "shot_hit").data["damage"] == 20.0  # BF 4 x 5 at medium range
    assert (state.ship("fort").x, state.ship("fort").y) == (1000, 1000)
    _, alone = start(ship("a", "british", 1000, 1200, E), ship("fort", "french", 1000, 1000, E, type="heavy-battery"))
    alone, _ = part(ruleset, alone, [order(alone, "a")], [3, 3, 3])
    assert alone.step == "over" and alone.end == "sides:french"
