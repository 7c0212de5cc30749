"""The summary card of a Pirates game reads a sinking from the public views, though the
map no longer draws the ship (``gone``)."""
from __future__ import annotations

from rules.core import game as engine
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.core.summary import summarise


def test_a_ship_sunk_is_a_moment_of_the_summary():
    rules = get_ruleset("pirates")
    setup = rules.scenarios()["skirmish"]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(rules.sides(setup))]
    start, _ = engine.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    sunk = start.model_copy(deep=True)
    sunk.turn = 3
    victim = sunk.ships[0]
    victim.status = "sunk"
    view = rules.view(sunk, None)
    assert victim.id not in [s["id"] for s in view["ships"]]
    assert [g["name"] for g in view["gone"]] == [victim.name]
    summary = summarise(rules, [start, sunk])
    assert [(m.kind, m.name) for m in summary.moments if m.kind == "sunk"] == [("sunk", victim.name)]
