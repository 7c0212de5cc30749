"""A form reads in the game's language: its decision, actions, parameters, choices and
what a missed deadline does (they used to be English in an Italian game)."""
from __future__ import annotations

import random

from bot.service.quick import describe_payload
from bot.discord import legal
from bot.discord.forms import Form
from bot.transport import PendingDecision
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat


def _ship_action():
    """The first ship action of a seeded frigate duel."""
    ruleset = get_ruleset("cannoni")
    setup = ruleset.scenarios()["frigate-duel"]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(ruleset.sides(setup))]
    dice, rng = SeededDice(1), random.Random(1)
    state, _ = game.start(ruleset, setup, ruleset.options_model(), seats, dice)
    while True:
        pending = ruleset.pending(state)
        action = next((d for d in pending if d.kind == "action"), None)
        if action is not None:
            return PendingDecision(action, ruleset.spec(state, action), None)
        orders = [o for d in pending if (o := random_order(ruleset, state, d, rng)) is not None]
        state, _ = game.resolve(ruleset, state, orders, dice)


def test_an_italian_form_is_in_italian_and_an_english_one_unchanged():
    item = _ship_action()
    form = Form.from_state(item.spec, "")
    english, italian = form.content(item, "en", 0), form.content(item, "it", 0)
    assert "action of" in english and "Phase" in english
    assert "azione di" in italian and "Fase" in italian and "action of" not in italian
    actions_it = [o.label for o in form.fields("it")[0].offers]
    actions_en = [o.label for o in form.fields("en")[0].offers]
    assert "sail straight ahead" in actions_en and "naviga dritto" in actions_it
    assert not set(actions_en) & set(actions_it)
    order = {"action": "move", "distance": 2}
    assert describe_payload(item.spec, order, "en") == "sail straight ahead · distance (inches): 2"
    assert describe_payload(item.spec, order, "it") == "naviga dritto · distanza (pollici): 2"


def test_autocomplete_offers_italian_names_and_still_understands_english():
    item = _ship_action()
    italian = [o.label for o in legal.action_offers(item.spec, "", "it")]
    assert "naviga dritto" in italian
    assert legal.find_action(item.spec, "sail straight ahead").action == "move"
    assert legal.find_action(item.spec, "naviga dritto").action == "move"
    assert legal.decision_offers([item], "", "it")[0].label.startswith("Fase ")
    assert legal.find_decision([item], legal.decision_label(item, "it")) is item
