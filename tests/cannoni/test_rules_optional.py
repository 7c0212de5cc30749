"""Regole opzionali: each optional rule on and off, with forced dice."""
from __future__ import annotations

import pytest

from rules.cannoni import sequence
from rules.cannoni.options import CannoniOptions
from rules.core.decisions import Order
from tests.cannoni.conftest import RULES, make_state, of, resolve, roller, ship


def three_players(**options):
    state = make_state(ship("bell", "hms_bellerophon", "britain", 20, 20, 90),
                       ship("redo", "redoutable", "france", 50, 20, 270))
    state.options = CannoniOptions(**options)
    state.step = "chits"
    return state


def chits(state, player, ship_id, chit):
    d = next(d for d in RULES.pending(state) if d.player == player)
    return Order(decision=d.id, player=player, payload={"action": "chits", ship_id: chit})


def test_scelta_dei_gettoni_off_every_player_keeps_his_choice():
    state = three_players()
    state, events = resolve(state, [chits(state, "brit", "bell", 5), chits(state, "fran", "redo", 5)])
    assert state.ship("bell").chit == 5 and state.ship("redo").chit == 5
    assert not of(events, "last_to_place")


def test_scelta_dei_gettoni_last_player_gets_a_random_chit():
    """"l'ultimo giocatore, in ordine di tempo, che pone il gettone ... perde il diritto a
    scegliere per quel turno. Il gettone ... è scelto casualmente tra quelli rimanenti" """
    state = three_players(chit_pressure=True)
    state.ship("redo").chits_used = [5, 4]
    # France sends last: her 3 is ignored and a die picks among 1, 2, 3 (the 2nd: 2).
    state, events = resolve(state, [chits(state, "brit", "bell", 5), chits(state, "fran", "redo", 3)], dice=[2])
    assert state.ship("bell").chit == 5 and state.ship("redo").chit == 2
    assert of(events, "last_to_place") == [{"player": "fran", "times": 1}]


def test_scelta_dei_gettoni_a_player_who_sends_nothing_is_last():
    state = three_players(chit_pressure=True)
    state, events = resolve(state, [chits(state, "fran", "redo", 3)], dice=[4])
    assert state.ship("redo").chit == 3 and state.ship("bell").chit == 4
    assert of(events, "last_to_place")[0]["player"] == "brit"


def test_giocatori_recidivi_three_times_last_loses_the_choice_for_good():
    """"Un giocatore che per tre volte sceglie per ultimo perde il diritto di scelta per
    il resto della partita." """
    state = three_players(chit_pressure=True, repeat_offenders=True)
    state.times_last = {"fran": 2}
    state, events = resolve(state, [chits(state, "brit", "bell", 5), chits(state, "fran", "redo", 5)], dice=[1])
    assert state.no_choice == ["fran"] and of(events, "repeat_offender")
    state.step, state.turn = "chits", 2
    for s in state.ships:
        s.chit = None
    assert [d.player for d in RULES.pending(state)] == ["brit"]


def test_giocatori_recidivi_need_the_chit_rule():
    with pytest.raises(ValueError, match="chit_pressure"):
        CannoniOptions(repeat_offenders=True)


def test_partita_rapida_every_die_is_a_d6():
    """"ovunque il regolamento richiede il lancio di un dado intendere un dado a sei facce" """
    state = three_players(quick_play=True)
    r, _ = roller(3, 4)
    sequence.shift_wind(state, r)  # 2d6 = 7: no change
    assert [e.data["sides"] for e in r.log.events if e.kind == "roll"] == [6, 6]
    assert state.wind == 0


@pytest.mark.parametrize("dice,points", [((1, 1), 2), ((1, 3), 1), ((4, 4), 0), ((4, 6), -1), ((6, 6), -2)])
def test_partita_rapida_wind_variation_on_2d6(dice, points):
    """Variazione del vento, colonna 2d6: 2-3 due quarte orarie, 4 una, 5-9 nessuna,
    10 una antioraria (11-12 perse nel testo: due antiorarie)."""
    state = three_players(quick_play=True)
    r, _ = roller(*dice)
    sequence.shift_wind(state, r)
    assert state.wind == points % 16


@pytest.mark.parametrize("dice,point", [((1, 2), 0), ((3, 3), 6), ((3, 4), 8), ((6, 4), 14)])
def test_partita_rapida_initial_wind_on_2d6(dice, point):
    """Direzione iniziale del vento, colonna 2d6: 3 nord ... 10 nord ovest."""
    state = three_players(quick_play=True)
    r, _ = roller(*dice)
    sequence.initial_wind(state, r, None)
    assert state.wind == point


def test_partita_rapida_2d6_of_2_the_eldest_chooses_the_wind():
    state = three_players(quick_play=True)
    r, _ = roller(1, 1)
    sequence.initial_wind(state, r, None)
    assert state.step == "wind_choice" and state.wind_chooser == "brit"
