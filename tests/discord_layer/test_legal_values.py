"""Autocomplete and menus offer only legal values, never more than Discord's 25."""
from __future__ import annotations

from bot.service.quick import describe_payload
from bot.discord import legal, values
from rules.core.decisions import Choice, DecisionSpec, ParamSpec
from rules.core.forms import coerce_param
from rules.core.registry import get_ruleset, manifest
from tests.discord_layer.conftest import ANNE, BOB, HOST

WIDE = ParamSpec(name="distance", label="distance", kind="number", min=0.5, max=20, step=0.5)


def test_a_long_range_is_thinned_evenly_keeping_both_ends():
    offers = legal.number_offers(WIDE)
    values = [o.value for o in offers]
    assert len(values) == 25 and values[0] == 0.5 and values[-1] == 20
    assert all(not coerce_param(WIDE, v, "move")[1] for v in values)
    assert values == sorted(set(values))


def test_typing_a_number_offers_the_legal_values_nearest_it():
    values = [o.value for o in legal.number_offers(WIDE, "7.3")]
    assert len(values) == 25 and 7.5 in values and 7 in values
    assert all(0.5 <= v <= 20 and float(v * 2).is_integer() for v in values)
    assert [o.value for o in legal.number_offers(WIDE, "99")][-1] == 20  # out of range: the nearest end
    assert [o.value for o in legal.number_offers(WIDE, "1")][:3] == [0.5, 1, 1.5]


def test_numbers_without_a_step_or_bounds():
    free = ParamSpec(name="x", label="x", kind="number", min=0, max=48)
    values = [o.value for o in legal.number_offers(free)]
    assert len(values) == 25 and values[0] == 0 and values[-1] == 48
    assert legal.number_offers(ParamSpec(name="x", label="x", kind="number")) == []


def test_choices_are_filtered_by_what_was_typed_and_capped():
    many = ParamSpec(name="target", label="target",
                     choices=[Choice(value=f"ship{i}", label=f"Ship {i}") for i in range(40)])
    assert len(legal.param_offers(many)) == 25
    assert [o.value for o in legal.param_offers(many, "ship 3")] == ["ship3", "ship30", "ship31", "ship32", "ship33",
                                                                      "ship34", "ship35", "ship36", "ship37",
                                                                      "ship38", "ship39"]
    offers, total = legal.menu_offers(many)
    assert len(offers) == 25 and total == 40


def test_the_action_is_found_from_the_parameters_given():
    spec = DecisionSpec.model_validate({
        "decision": {"id": "d", "kind": "action", "player": "p1"},
        "actions": [{"action": "move", "label": "move", "params": [WIDE.model_dump()]},
                    {"action": "turn", "label": "turn", "params": [
                        {"name": "template", "label": "card", "choices": [{"value": "B", "label": "B"}]},
                        WIDE.model_dump()]},
                    {"action": "pass", "label": "no action"}]})
    assert legal.find_action(spec, None, ["distance"]).action == "move"
    assert legal.find_action(spec, None, ["template", "distance"]).action == "turn"
    assert legal.find_action(spec, "TURN", []).action == "turn"
    assert legal.find_action(spec, None, []) is None
    assert legal.find_action(spec, None, ["mast"]) is None
    assert describe_payload(spec, {"action": "turn", "template": "B", "distance": 2.0}) == \
        "turn · card: B · distance: 2"


async def test_every_order_value_autocompletes_only_legal_values(table):
    game = await table.duel()
    for user, chit in ((ANNE, "3"), (BOB, "5")):
        form = table.forms(user)[0]
        await table.choose(user, form, "bs1:s:", chit)
        await table.click(user, form, form.component("bs1:o:")["custom_id"])
    await table.command(BOB, "order", values="distance=2")  # phase 5; phase 4 brings her more actions
    [item] = await table.service.my_pending(game.id, BOB)
    rules = manifest(game.ruleset)
    checked = 0
    for action in item.spec.actions:
        for param in action.params:
            key = values.key_of(param, rules)
            for typed in ("", "1", "s"):
                choices = await table.complete(BOB, "order", focused="values", decision=item.decision.id,
                                               action=action.action, values=f"{key}={typed}")
                assert len(choices) <= 25
                for choice in choices:
                    assert choice["value"] == choice["name"] and len(choice["value"]) <= 100
                    [word] = values.split(choice["value"])
                    assert word.key == key
                    value, problems = coerce_param(param, word.value, action.label)
                    assert not problems, (action.action, param.name, choice)
                checked += 1
    assert checked >= 12
    # A typed value that is not legal is not offered...
    assert await table.complete(BOB, "order", focused="values", decision=item.decision.id, action="turn",
                                values="card=Z") == []
    # ...and if sent anyway, the engine says what is legal.
    answers = await table.command(BOB, "order", action="turn", values="card=Z direction=port curve=1 distance=2")
    assert answers[0].content.startswith("Order not recorded:")


async def test_values_complete_one_word_at_a_time_keeping_the_words_before(table):
    game = await table.duel()
    for user, chit in ((ANNE, "3"), (BOB, "5")):
        form = table.forms(user)[0]
        await table.choose(user, form, "bs1:s:", chit)
        await table.click(user, form, form.component("bs1:o:")["custom_id"])
    [item] = await table.service.my_pending(game.id, BOB)
    turn = item.spec.action("turn")
    cards = [c.value for c in turn.param("template").choices]
    # The first word offered is the action's first value, under its command name ("card").
    first = await table.complete(BOB, "order", focused="values", decision=item.decision.id, action="turn", values="")
    assert [c["value"] for c in first] == [f"card={v}" for v in cards]
    # With a card chosen and a space typed, the next value is offered after it.
    then = await table.complete(BOB, "order", focused="values", decision=item.decision.id, action="turn",
                                values=f"card={cards[0]} ")
    assert then and all(c["value"].startswith(f"card={cards[0]} direction=") for c in then)
    # A name typed part way picks that value; the Italian label names it too.
    curve = await table.complete(BOB, "order", focused="values", decision=item.decision.id, action="turn",
                                 values=f"card={cards[0]} cur")
    assert curve and all(c["value"].startswith(f"card={cards[0]} curve=") for c in curve)
    curva = await table.complete(BOB, "order", focused="values", decision=item.decision.id, action="turn",
                                 values="curva=")
    assert [c["value"] for c in curva] == [c["value"].split(" ")[-1] for c in curve]
    # A bare value goes to the action's next value; a name the form lacks is refused in words.
    answers = await table.command(BOB, "order", action="move", values="3")
    assert answers[0].content.startswith("Order recorded: Phase 5: action of Virginie.")
    answers = await table.command(BOB, "order", action="move", values="speed=3")
    assert answers[0].content == "No value is called speed here. This order's values: distance."
    answers = await table.command(BOB, "order", values="3")
    assert answers[0].content.startswith("Which value is 3?")


async def test_new_game_options_complete_from_the_rulesets(table):
    rulesets = await table.complete(HOST, "game", "new", focused="ruleset")
    assert "cannoni" in [c["value"] for c in rulesets]
    scenarios = await table.complete(HOST, "game", "new", focused="scenario", ruleset="cannoni")
    # The ruleset's scenarios, then fleets by points (it sells ships by points).
    assert [c["value"] for c in scenarios] == (sorted(get_ruleset("cannoni").scenarios()) + ["points"])[:25]
    assert await table.complete(HOST, "game", "new", focused="scenario", ruleset="chess") == []
    rules = await table.complete(HOST, "game", "new", focused="rules", ruleset="cannoni", rules="quick_play ch")
    assert [c["value"] for c in rules] == ["quick_play chit_pressure"]
    rules = await table.complete(HOST, "game", "new", focused="rules", ruleset="cannoni", rules="")
    assert "order_mode=simultaneous" in [c["value"] for c in rules] and len(rules) <= 25
    phases = await table.complete(HOST, "game", "new", focused="phase", pacing="campaign")
    assert [c["value"] for c in phases][:3] == ["1h", "6h", "12h"]


async def test_a_fleet_of_ten_chits_pages_through_one_menu_message(table):
    """Fleet action with one player a side: ten ships, ten chits, one decision, three pages."""
    game = await table.duel(scenario="fleet-action")
    ships = await table.complete(ANNE, "card", focused="ship")
    assert len(ships) == 20
    [form] = table.forms(ANNE)
    assert "Page 1 of 3." in form.content
    for page in range(3):
        for menu in [c for c in form.components if c["type"] == 3]:
            await table.choose(ANNE, form, menu["placeholder"], "1")
        if page < 2:
            await table.click(ANNE, form, next(c["custom_id"] for c in form.components if c.get("label") == "Next"))
    done = await table.click(ANNE, form, form.component("bs1:o:")["custom_id"])
    assert done[-1].content.splitlines()[-1].startswith("Order recorded: Activation chits for turn 1.")
    [order] = await table.service.db.open_orders(game.id)
    assert len(order.payload) == 11 and set(list(order.payload.values())[1:]) == {1}
