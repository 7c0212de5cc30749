"""The Cannoni captains on hand-laid tables: their geometry agrees with the engine's,
and each level takes the decisions docs/ai.md says it takes.

Frame as in tests/cannoni/conftest.py: inches, x east, y north, headings in compass
degrees, the wind the point of the rose it blows from (0 = N, 4 = E).
"""
from __future__ import annotations

import random

import pytest

from rules.ai import ai_orders, get_captain
from rules.ai.cannoni.board import Board
from rules.ai.cannoni.evaluate import Evaluator
from rules.ai.cannoni.moves import PathChecker, end_pose, move_options, plan_move
from rules.cannoni import movement
from rules.core.decisions import Order
from tests.cannoni.conftest import RULES, decision, in_phase, make_state, problems, resolve, ship, spec

LEVELS = ["captain", "deckhand"]


def board_for(state, seat: str = "brit") -> Board:
    return Board.from_view(RULES.view(state, seat))


def order_of(state, ship_id: str, level: str) -> dict:
    d = decision(state, ship_id)
    return ai_orders(RULES, state, {d.player: get_captain(level)}, seed=1)[0].payload


# -- geometry agrees with the engine ------------------------------------------------------

def crowded():
    """Bellerophon among friends and enemies, free to move (her chit 5, phase 4)."""
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 45),
                       ship("surp", "hms_surprise", "britain", 32.5, 24, 80),
                       ship("redo", "redoutable", "france", 34, 19, 0),
                       ship("virg", "virginie", "france", 28, 24.5, 135), wind=12)
    return in_phase(state, 4, {"bell": 5, "surp": 1, "redo": 2, "virg": 3})


def test_end_poses_are_where_the_engine_puts_the_ship():
    state = crowded()
    board = board_for(state)
    bell = board.ship("bell")
    options = move_options(bell, spec(state, "bell"), board.wind)
    assert len(options) > 20
    engine_ship = state.ship("bell")
    for option in options:
        p = option.payload
        if p["action"] == "move":
            plan = movement.plan(state, engine_ship, None, None, 0.0, float(p["distance"]))
        else:
            plan = movement.plan(state, engine_ship, p["template"], p["direction"], float(p["curve"]),
                                 float(p["distance"]))
        mine = end_pose(bell, board.wind, p)
        assert mine is not None
        assert (round(mine.x, 6), round(mine.y, 6)) == (round(plan.end.x, 6), round(plan.end.y, 6))


def test_a_path_judged_clear_is_never_refused():
    state = crowded()
    board = board_for(state)
    bell = board.ship("bell")
    options = move_options(bell, spec(state, "bell"), board.wind)
    checker = PathChecker(board, bell, options)
    clear = [o for i, o in enumerate(options) if checker.clear(i)]
    blocked = [o for i, o in enumerate(options) if not checker.clear(i)]
    assert clear and blocked  # the table is crowded enough to tell
    for option in clear:
        assert problems(state, "bell", option.payload) == [], option.payload
    for option in blocked:
        assert problems(state, "bell", option.payload), option.payload  # only ships in the way here


# -- what each level does ----------------------------------------------------------------

def test_chits_far_apart_are_low_for_both():
    state = make_state(ship("bell", "hms_bellerophon", "britain", 10, 20, 90),
                       ship("redo", "redoutable", "france", 62, 28, 270), wind=0)
    for level in LEVELS:
        assert order_of_chits(state, level) == 1


def order_of_chits(state, level: str) -> int:
    return ai_orders(RULES, state, {"brit": get_captain(level)}, seed=1)[0].payload["bell"]


def test_engaged_the_captain_outranks_the_enemy_best_chit_by_as_little_as_it_can():
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 90),
                       ship("redo", "redoutable", "france", 38, 22, 270), wind=0)
    state.ship("redo").chits_used = [5, 4]  # public: she has 1, 2 and 3 left
    assert order_of_chits(state, "captain") == 4
    assert order_of_chits(state, "deckhand") == 5


def test_both_fire_when_a_loaded_broadside_bears_on_the_last_action():
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 36, 20.5, 0), wind=4)
    state = in_phase(state, 1, {"bell": 2, "redo": 1})
    for level in LEVELS:
        payload = order_of(state, "bell", level)
        assert payload["action"] == "fire" and payload["side"] == "starboard", (level, payload)


@pytest.mark.parametrize("level", LEVELS)
def test_an_obliged_move_keeps_off_the_table_edge(level):
    """Running before the wind for the east edge, the enemy up there too: a long move
    straight on would touch the edge (a test, and a failed one loses the ship). The
    move given keeps off it: no die is thrown when it is carried out."""
    state = make_state(ship("virg", "virginie", "britain", 66, 24, 90),
                       ship("redo", "redoutable", "france", 70, 42, 270), wind=14)
    state = in_phase(state, 3, {"virg": 3, "redo": 1})
    board = board_for(state)
    virg = board.ship("virg")
    options = move_options(virg, spec(state, "virg"), board.wind)
    assert PathChecker(board, virg, options).edge.any()  # the form offers a move onto the edge
    payload = order_of(state, "virg", level)
    d = decision(state, "virg")
    new, _events = resolve(state, [Order(decision=d.id, player=d.player, payload=payload)], dice=[])
    assert new.ship("virg").on_table


def test_the_captain_strikes_a_hopeless_ship_the_deckhand_fights_on():
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 34, 26, 90), wind=4)
    bell = state.ship("bell")
    bell.crew.lost = bell.crew.boxes  # no one left to serve the guns
    for mast in bell.masts:
        mast.lost, mast.fell = mast.boxes, "sea"  # nor to make sail
    state = in_phase(state, 1, {"bell": 2, "redo": 1})
    assert order_of(state, "bell", "captain") == {"action": "strike"}
    assert order_of(state, "bell", "deckhand")["action"] != "strike"


def test_the_captain_grapples_a_struck_enemy_alongside():
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 33, 20, 0), wind=4)
    state.ship("redo").struck = True
    state = in_phase(state, 2, {"bell": 3, "redo": 1})
    assert order_of(state, "bell", "captain") == {"action": "grapple", "target": "redo"}


def test_the_captain_values_raking_from_astern_above_trading_broadsides():
    """The same distance from Redoutable, both sides loaded: across her stern (outside
    her sectors, +4 to rake) is worth more than abeam of her (her broadside bears)."""
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 14, 90),
                       ship("redo", "redoutable", "france", 30, 19, 0), wind=4)
    state = in_phase(state, 3, {"bell": 3, "redo": 2})
    board = board_for(state)
    bell = board.ship("bell")
    from rules.core.tables.open_table import Pose
    astern, abeam = Pose(30, 14, 90), Pose(25, 19, 0)
    totals = Evaluator(board, bell).scores([astern, abeam]).total(bell.loaded, 2)
    assert totals[0] > totals[1]
    assert board.rake(bell, board.ship("redo"), "port", 5.0, pose=astern) == "stern"


def test_a_seat_plans_its_ships_together():
    """Two of our ships asked together: the second one's order is decided knowing
    where the first one's takes her (both orders legal, no collision)."""
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 90),
                       ship("mars", "hms_bellerophon", "britain", 30, 24, 90),
                       ship("redo", "redoutable", "france", 60, 22, 270), wind=0)
    state = in_phase(state, 3, {"bell": 3, "mars": 3, "redo": 1}, previous=["bell", "mars", "redo"])
    pending = [d for d in RULES.pending(state) if d.player == "brit"]
    assert len(pending) == 2
    orders = ai_orders(RULES, state, {"brit": get_captain("captain")}, seed=2)
    new, events = resolve(state, orders, dice=[])
    assert not [e for e in events if e.kind == "collision"]


def test_plan_move_stops_at_the_wind_eye():
    """A turn toward the wind ends head to wind (the engine's reading)."""
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 70),
                       ship("redo", "redoutable", "france", 60, 22, 270), wind=0)
    board = board_for(state)
    option = plan_move(board.ship("bell"), board.wind, "C", "port", 6.0, 6.0, {})
    assert option.head_to_wind and abs(option.end.heading) < 1e-6


def test_choices_come_from_the_seeded_generator_only():
    state = crowded()
    a = order_of(state, "bell", "captain")
    random.seed(12345)  # the global generator is never used
    b = order_of(state, "bell", "captain")
    assert a == b
