"""The computer captains with the keywords and extra manoeuvres of the Corsair Straits:
every order legal, the double ship's extra manoeuvres declared and played."""
from __future__ import annotations

from rules.ai import ai_orders, get_captain
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat


def _play(levels: list[str], seed: int, steps: int = 400):
    rules = get_ruleset("pirates")
    setup = rules.scenarios()["corsair-straits"]
    seats = [Seat(id=f"p{i + 1}", side=side, name=f"AI {i + 1}", ai=levels[i]) for i, side in enumerate(setup.sides)]
    captains = {s.id: get_captain(s.ai) for s in seats}
    dice = SeededDice(seed)
    state, result = game.start(rules, setup, rules.options_model(), seats, dice)
    seen = list(result.events)
    for _ in range(steps):
        if rules.outcome(state) is not None:
            break
        orders = ai_orders(rules, state, captains, seed=seed)
        for order in orders:
            assert rules.validate(state, order) == [], order
        state, result = game.resolve(rules, state, orders, dice)
        seen += result.events
    return rules, state, seen


def test_captains_declare_and_play_extra_manoeuvres_legally():
    rules, state, events = _play(["captain", "deckhand"], seed=4)
    assert rules.outcome(state) is not None
    declared = [e for e in events if e.kind == "extra_declared"]
    assert declared and all(e.data["ship"] == "twin-serpent" for e in declared)
    played = [e for e in events if e.kind == "manoeuvre" and e.data.get("extra")]
    assert played, "some declared extra manoeuvre is played"
    assert any(e.kind == "fear" for e in events)  # the Dread Lantern sails among them
