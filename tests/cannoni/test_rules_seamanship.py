"""Rulebook examples: *Test di manovra* — the procedure, the 1..9 bounds and the
general modifiers (*Modificatori all'abilità di Manovra*).

HMS Sophie (Manovra 7, 4 crew boxes) and Bayonnaise (Manovra 6, 8 crew boxes).
"""
from __future__ import annotations

import pytest
from tests.cannoni.conftest import act, in_phase, make_state, of, roller, ship

from rules.cannoni.seamanship import effective_ability, manoeuvre_test


def sophie_state(**kw):
    return make_state(ship("s", "hms_sophie", "britain", 30, 20, 0),
                      ship("b", "bayonnaise", "france", 36, 20, 0), **kw)


def manoeuvre_once(state, ship_id, value, specific=()):
    r, dice = roller(value)
    passed = manoeuvre_test(state, state.ship(ship_id), r, "example", list(specific))
    assert dice.remaining == 0
    [t] = of(r.log.events, "test")
    return passed, t


@pytest.mark.parametrize("value, passed", [(1, False), (3, False), (4, True), (10, True)])
def test_test_di_manovra_d10_plus_ability_more_than_ten(value, passed):
    """"Il giocatore che controlla la nave lancia 1d10. Il test è superato se il punteggio
    ottenuto, modificato dalle circostanze, è superiore a dieci." "L'abilità di manovra
    dell'equipaggio è sommata al tiro di dado per il test." Sophie: 7."""
    ok, t = manoeuvre_once(sophie_state(), "s", value)
    assert ok is passed
    assert (t["roll"], t["ability"], t["mods"]) == (value, 7, [])


@pytest.mark.parametrize("specific, value, ability, passed", [
    ([("straight inches", -8)], 10, 1, True),   # 7 - 8 held at 1: a 10 still passes
    ([("straight inches", -8)], 9, 1, False),
    ([("later turns", 5)], 1, 9, False),        # 7 + 5 held at 9: a 1 still fails
    ([("later turns", 5)], 2, 9, True),
])


def test_test_di_manovra_ability_held_between_one_and_nine(specific, value, ability, passed):
    """"il valore modificato non può mai risultare inferiore ad uno o superiore a nove (ci
    deve essere pur sempre una possibilità di fallire ed una di riuscire!)" """
    ok, t = manoeuvre_once(sophie_state(), "s", value, specific)
    assert (t["ability"], ok) == (ability, passed)


@pytest.mark.parametrize("ship_id, lost, mods, ability", [
    ("s", 1, [], 7),
    ("s", 2, [["crew at half or less", -1]], 6),     # 2 of 4 left: half
    ("s", 3, [["crew at half or less", -1]], 6),
    ("s", 4, [["crew decimated", -2]], 5),           # decimated: -2, not -3
    ("b", 3, [], 6),                                 # 5 of 8 left
    ("b", 4, [["crew at half or less", -1]], 5),
])


def test_modificatori_generali_crew_losses(ship_id, lost, mods, ability):
    """"un equipaggio con gli effettivi ridotti alla metà o meno è penalizzato di -1; un
    equipaggio decimato (vedi Equipaggio decimato) è penalizzato di -2" """
    state = sophie_state()
    state.ship(ship_id).crew.lost = lost
    _, t = manoeuvre_once(state, ship_id, 5)
    assert (t["mods"], t["ability"]) == (mods, ability)


def test_modificatori_generali_hit_by_enemy_fire_this_phase():
    """"se la nave è stata colpita da fuoco nemico nella stessa fase l'abilità
    dell'equipaggio è penalizzata di -1" — Bayonnaise hits Sophie (head to wind) early in
    the phase; Sophie's forced tack later in the same phase has -1: 4 + 6 = 10 fails.
    Damage waits for the end of the phase; the penalty does not."""
    state = sophie_state(wind=0)
    state.ship("b").heading = 180  # her starboard guns look west, at Sophie
    state = in_phase(state, 4, {"s": 5, "b": 5}, previous=["b", "s"])
    state, events = act(state, "b", {"action": "fire", "side": "starboard", "target": "s", "aim": "hull"},
                        dice=[5, 5])
    assert of(events, "broadside")[0]["hits"] == 2  # 5 + 2 (range) + 1 (class) + 2 (first) vs 5
    assert state.ship("s").hull_remaining == 8  # not yet marked
    state, events = act(state, "s", {"action": "tack", "direction": "starboard"}, dice=[4])
    [t] = of(events, "test")
    assert (t["mods"], t["ability"], t["passed"]) == ([["hit this phase", -1]], 6, False)
    # The next phase it is gone: the same 4 now passes.
    state, _ = act(state, "b", {"action": "pass"})
    state, events = act(state, "s", {"action": "tack", "direction": "starboard"}, dice=[4])
    [t] = of(events, "test")
    assert (t["mods"], t["passed"]) == ([], True)


def test_modificatori_generali_a_miss_is_not_a_hit():
    """Only a ship "colpita" has the penalty: a broadside with no effect does not count."""
    state = sophie_state(wind=0)
    state.ship("b").heading = 180
    state = in_phase(state, 4, {"s": 5, "b": 5}, previous=["b", "s"])
    state, events = act(state, "b", {"action": "fire", "side": "starboard", "target": "s", "aim": "hull"},
                        dice=[1, 10])
    assert of(events, "broadside")[0]["hits"] == 0
    state, events = act(state, "s", {"action": "tack", "direction": "starboard"}, dice=[4])
    assert of(events, "test")[0]["mods"] == []


def test_effective_ability_is_the_crews_manoeuvre_skill():
    """"Manovra: è un numero intero compreso tra 8 ... fino a 2" — the log-book value is
    the base of every test (HMS Speedy's picked crew: 8)."""
    state = make_state(ship("s", "hms_speedy", "britain", 30, 20, 0),
                       ship("b", "bayonnaise", "france", 36, 20, 0))
    assert effective_ability(state.ship("s"), []) == (8, [])
    assert effective_ability(state.ship("b"), []) == (6, [])
