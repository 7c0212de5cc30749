"""§17 Victory conditions, which the editions word differently, and the twelve turns."""
from __future__ import annotations

from rules.nauta import sequence
from rules.nauta.fleets import third_of
from rules.nauta.victory import losses
from tests.nauta.helpers import make_state, quiet, ship


def battle(**kw):
    return make_state(ship("A1", "triremis", "a", 5, 3, 0), ship("A2", "triremis", "a", 10, 3, 0),
                      ship("A3", "triremis", "a", 15, 3, 0), ship("B1", "quinqueremis", "b", 5, 27, 180),
                      ship("B2", "triremis", "b", 10, 27, 180), ship("B3", "biremis", "b", 15, 27, 180),
                      admirals=("A1", "B1"), **kw)


def test_victory_third_rounded_up():
    """"at least 1/3 of its initial points (rounded up)\""""
    assert (third_of(90), third_of(100), third_of(115)) == (30, 34, 39)


def test_victory_nauta_a_third_lost_wins_for_the_other():
    """Nauta §17: "If at the end of a turn, one fleet has lost at least 1/3 of its initial
    points (rounded up), counting all sunk, captured or eliminated ships ... the other
    player wins the battle.\""""
    state = battle()
    state.ship("A2").status = "left"  # 30 of 90: exactly a third
    sequence.end_turn(state, quiet())
    assert state.outcome.winner == "b" and state.outcome.kind == "victory"
    assert state.step == "over"


def test_victory_nauta_admiral_counts_fifty():
    """"... and adding + 50 points if the Admiral has been killed or captured\""""
    state = battle()
    state.fleet("b").admiral_fate = "killed"  # 50 of 115: 39 needed
    assert losses(state, "b") == 50
    sequence.end_turn(state, quiet())
    assert state.outcome.winner == "a"


def test_victory_nauta_all_other_results_a_tie():
    """"All other results are a tie.\""""
    state = battle()
    state.ship("A2").status = "sunk"
    state.ship("B1").status = "captured"
    sequence.end_turn(state, quiet())
    assert state.outcome.winner is None and state.outcome.kind == "tie"


def test_victory_twelve_turns_then_the_rowers_are_spent():
    """"The game lasts a maximum of 12 turns, after that the rowers are considered
    spent.\""""
    state = battle()
    state.ship("B3").status = "sunk"  # 20 of 115: not enough
    sequence.end_turn(state, quiet())
    assert state.outcome is None and state.turn == 2
    state.turn = 12
    sequence.end_turn(state, quiet())
    assert state.outcome.kind == "tie" and state.outcome.scores == {"a": 20, "b": 0}


def test_victory_classis_scores_win_by_fifty():
    """Classis §17: "Al termine, ciascun giocatore conta i punti delle navi nemiche
    eliminate (= affondate o catturate), + 50 punti se è stato eliminato l'ammiraglio
    nemico. Vince il giocatore che supera di almeno 50 punti il punteggio
    dell'avversario: altrimenti è un pareggio.\""""
    state = battle(options={"edition": "classis"})
    state.ship("A2").status = "sunk"  # a has lost 30: no victory before the end in Classis
    sequence.end_turn(state, quiet())
    assert state.outcome is None
    state.turn = 12
    state.ship("B1").status = "captured"  # 65 + 50 for the admiral = 115 against 30
    state.fleet("b").admiral_fate = "captured"
    sequence.end_turn(state, quiet())
    assert state.outcome.winner == "a" and state.outcome.scores == {"a": 115, "b": 30}


def test_victory_classis_less_than_fifty_apart_is_a_draw():
    state = battle(options={"edition": "classis"})
    state.turn = 12
    state.ship("B1").status = "sunk"  # 65 against 30 + 30
    state.ship("A2").status = "sunk"
    state.ship("A3").status = "wrecked"
    sequence.end_turn(state, quiet())
    assert state.outcome.winner is None


def test_victory_a_fleet_gone_ends_the_battle():
    """With no ship of a fleet left afloat there is nothing left to play."""
    state = battle(options={"edition": "classis"})
    for s in ("B1", "B2", "B3"):
        state.ship(s).status = "sunk"
    state.fleet("b").admiral_fate = "killed"
    sequence.end_turn(state, quiet())
    assert state.outcome.winner == "a"
