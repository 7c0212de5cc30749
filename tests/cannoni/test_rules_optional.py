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
    assert of(events, "last_to_place") == [{"player": "fran", "player_name": "France", "times": 1}]


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


# --- Squadre -----------------------------------------------------------------------------------

def line_ahead(**options):
    from rules.cannoni.state import Squadron
    state = make_state(ship("vic", "hms_victory", "britain", 40, 14, 90),
                       ship("bell", "hms_bellerophon", "britain", 35, 14, 90),
                       ship("redo", "redoutable", "france", 40, 44, 270))
    state.options = CannoniOptions(**options)
    state.squadrons = [Squadron(id="van", name="Van", ships=["vic", "bell"], commodore="brit")]
    return state


def start_turn(state, dice=()):
    r, forced = roller(*dice)
    sequence.begin_turn(state, r)
    return state, r.log.events


def test_squadre_off_every_ship_places_its_own_chit():
    state, _ = start_turn(line_ahead())
    d = next(d for d in RULES.pending(state) if d.player == "brit")
    assert [p.name for p in RULES.spec(state, d).actions[0].params] == ["vic", "bell"]


def test_squadre_the_commodore_places_one_chit_for_the_line():
    """"Il comodoro decide il punteggio di attivazione, uguale per tutte le navi che
    compongono la squadra" """
    state, _ = start_turn(line_ahead(squadrons=True))
    d = next(d for d in RULES.pending(state) if d.player == "brit")
    assert [p.name for p in RULES.spec(state, d).actions[0].params] == ["van", "van.formation"]
    state, _ = resolve(state, [Order(decision=d.id, player="brit", payload={"action": "chits", "van": 4}),
                               chits(state, "fran", "redo", 1)])
    assert state.ship("vic").chit == 4 and state.ship("bell").chit == 4


def test_squadre_one_action_for_the_whole_line_and_plus_one_to_tests():
    """"in ogni fase di azione sceglie l'azione da compiere, la stessa per tutte le navi
    della squadra" — and "Fino a quando le navi sono in formazione l'abilità di Manovra
    dell'equipaggio ha un bonus di +1"."""
    state, _ = start_turn(line_ahead(squadrons=True))
    assert state.ship("vic").in_formation and state.ship("bell").in_formation
    d = next(d for d in RULES.pending(state) if d.player == "brit")
    state, _ = resolve(state, [Order(decision=d.id, player="brit", payload={"action": "chits", "van": 5}),
                               chits(state, "fran", "redo", 1)])
    [decision] = RULES.pending(state)
    assert decision.kind == "squadron_action" and decision.subject == "van"
    before = {s.id: s.x for s in state.ships}
    state, events = resolve(state, [Order(decision=decision.id, player="brit",
                                          payload={"action": "move", "distance": 1, "order": "ahead"})])
    assert state.ship("vic").x == pytest.approx(before["vic"] + 1)
    assert state.ship("bell").x == pytest.approx(before["bell"] + 1)
    from rules.cannoni.seamanship import general_modifiers
    assert ("ship in formation", 1) in general_modifiers(state.ship("bell"))


def test_squadre_out_of_line_at_the_start_of_a_turn_is_broken_for_good():
    """"Per essere in linea di fila le navi della squadra devono essere all'inizio del turno
    una dietro l'altra ... possono rompere la formazione ma non riformarla." """
    state = line_ahead(squadrons=True)
    state.ship("bell").y = 20  # off the leader's wake
    state, events = start_turn(state)
    assert state.squadrons[0].broken and of(events, "formation_broken")
    state.ship("bell").y = 14  # back in line: too late
    from rules.cannoni.squadrons import active_squadrons
    assert active_squadrons(state) == []


def test_squadre_the_commodore_breaks_the_line_and_the_captains_choose_their_chits():
    """"Per rompere la formazione il giocatore che comanda la squadra ... ordina ai suoi
    sottoposti di rompere la formazione ... ogni giocatore sceglierà per la propria nave un
    gettone" — and the chits spent by the commodore stay spent."""
    state, _ = start_turn(line_ahead(squadrons=True))
    for sid in ("vic", "bell"):
        state.ship(sid).chits_used = [5, 4]
    d = next(d for d in RULES.pending(state) if d.player == "brit")
    state, events = resolve(state, [Order(decision=d.id, player="brit",
                                          payload={"action": "chits", "van": 3, "van.formation": "break"}),
                                    chits(state, "fran", "redo", 1)])
    assert of(events, "formation_broken") and state.step == "chits"
    [again] = RULES.pending(state)
    assert again.player == "brit" and again.id == "t1.chits2.brit"
    params = RULES.spec(state, again).actions[0].params
    assert [p.name for p in params] == ["vic", "bell"] and params[0].values() == [1, 2, 3]


@pytest.mark.parametrize("value,where", [(1, "starboard"), (2, "starboard"), (3, "sea"), (4, "sea"),
                                         (5, "port"), (6, "port")])
def test_partita_rapida_mast_fall_on_a_d6(value, where):
    """*Danni alla velatura in una partita rapida*: "se il punteggio ottenuto è uno o due
    (1-2) l'albero cade sulla fiancata di dritta; ... tre o quattro (3-4) ... in mare;
    ... cinque o sei (5-6) cade sulla fiancata di babordo." """
    from rules.cannoni.damage import mast_fall
    state = three_players(quick_play=True)
    r, _ = roller(value)
    assert mast_fall(state, r, state.ship("bell"), "main") == where
    assert [e.data["sides"] for e in r.log.events if e.kind == "roll"] == [6]
