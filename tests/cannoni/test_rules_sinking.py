"""Nave affondata: a ship removed at step 3 takes her grapples and fouled rigging
with her."""
from __future__ import annotations

from rules.cannoni import sequence
from rules.cannoni.state import Grapple
from tests.cannoni.conftest import make_state, of, roller, ship


def test_affondamento_frees_the_ships_bound_to_her():
    """"Raggiunto l'ultimo turno la nave viene tolta dal gioco" — and so is whatever held
    her ships alongside: the survivors are free, and must move when next able."""
    state = make_state(ship("sink", "virginie", "france", 30, 20, 0),
                       ship("foul", "hms_surprise", "britain", 31.6, 20, 0),
                       ship("grap", "hms_speedy", "britain", 28.4, 20, 0),
                       ship("far", "bayonnaise", "france", 60, 40, 0), turn=4)
    state.ship("sink").sinking_until = 4
    state.ship("sink").fouled_with = ["foul"]
    state.ship("foul").fouled_with = ["sink"]
    state.grapples = [Grapple(attacker="grap", defender="sink", turn=3)]
    r, _ = roller(5)  # the wind die of step 5
    sequence.begin_turn(state, r)
    assert state.ship("sink").status == "sunk" and of(r.log.events, "sunk")
    assert state.ship("foul").fouled_with == [] and state.grapples == []
    assert not state.engaged("grap") and state.ship("grap").must_move
