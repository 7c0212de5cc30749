"""What a Nauta map shows of what just happened comes from the view: the turn's volleys
of balistae and crossbows (as the public ``shot`` events tell them, kept until the next
turn's movement), the turn a galley was damaged and the turn she was lost. Played by
two computer captains (seeded), who close and shoot."""
from __future__ import annotations

from rules.ai import ai_orders, get_captain
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.core.view import PublicView


def test_volleys_damage_and_losses_are_in_the_view():
    rules = get_ruleset("nauta")
    setup = rules.scenarios()["greek-fire"]
    seats = [Seat(id=f"p{i + 1}", side=side, name=side, ai="captain") for i, side in enumerate(setup.sides)]
    captains = {s.id: get_captain("captain") for s in seats}
    state, _ = game.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    volleys = damaged = 0
    for _ in range(400):
        if rules.outcome(state) is not None:
            break
        state, result = game.resolve(rules, state, ai_orders(rules, state, captains, seed=1), SeededDice(1))
        view = rules.view(state, None)
        PublicView.read(view)
        turn = view["turn"]
        for e in result.events:
            if e.kind == "shot" and view["step"] == "move" and e.data.get("weapon"):
                volleys += 1
                assert {"firer": e.data["ship"], "target": e.data["target"], "hits": e.data["hits"],
                        "weapon": e.data["weapon"]} in view["shots"]
            if e.kind == "damaged":
                damaged += 1
                ship = next(s for s in view["ships"] if s["id"] == e.data["ship"])
                assert ship["damaged_turn"] in (turn, turn - 1)
            if e.kind in ("sunk", "wrecked"):
                ship = next(s for s in view["ships"] if s["id"] == e.data["ship"])
                assert ship["lost_turn"] in (turn, turn - 1) and ship["x"] is not None
        if view["step"] == "move" and view["move_no"] == 1 and not any(e.kind == "shot" for e in result.events):
            assert view["shots"] == []  # a new turn's movement starts with none on show
    assert volleys >= 3 and damaged >= 1
