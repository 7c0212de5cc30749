"""A private preview of a move: the ship drawn where the order would take her."""
from __future__ import annotations

import pytest

from rules.core.texts import Text
from tests.cannoni.conftest import RULES, in_phase, make_state, order, ship


def duel():
    return in_phase(make_state(ship("s", "hms_surprise", "britain", 20, 20, 90),
                               ship("v", "virginie", "france", 60, 30, 270)), 5, {"s": 5, "v": 1})


def test_preview_puts_the_ship_where_the_move_ends_and_changes_nothing():
    state = duel()
    before = state.model_dump(mode="json")
    data = RULES.preview(state, order(state, "s", {"action": "move", "distance": 2}))
    moved = next(s for s in data["ships"] if s["id"] == "s")
    assert moved["x"] == pytest.approx(22.0) and moved["heading"] == pytest.approx(90.0)
    facts = {k: v for k, v in data["preview"].items() if k != "said"}
    assert facts == {"ship": "s", "distance": 2.0, "stopped_by": None, "head_to_wind": False}
    # The ruleset words its own facts (the bot only passes them on).
    said = Text.model_validate(data["preview"]["said"])
    assert (said.render("en"), said.render("it")) == ('2" sailed, clear of anything', '2" percorsi, senza ostacoli')
    assert state.model_dump(mode="json") == before
    assert "chit" not in str(data["preview"])


def test_preview_of_a_turn_follows_the_card():
    state = duel()
    data = RULES.preview(state, order(state, "s", {"action": "turn", "template": "B", "direction": "port",
                                                   "curve": 2, "distance": 2}))
    moved = next(s for s in data["ships"] if s["id"] == "s")
    assert moved["heading"] == pytest.approx(45.0)
    assert len(moved["trail"]) > 2


def test_preview_stops_at_the_table_edge():
    state = in_phase(make_state(ship("s", "hms_surprise", "britain", 70, 20, 90),
                                ship("v", "virginie", "france", 10, 30, 270)), 5, {"s": 5, "v": 1})
    data = RULES.preview(state, order(state, "s", {"action": "move", "distance": 3}))
    assert data["preview"]["stopped_by"] == "edge" and data["preview"]["distance"] < 3


def test_no_preview_for_orders_that_do_not_move():
    state = duel()
    assert RULES.preview(state, order(state, "s", {"action": "pass"})) is None
