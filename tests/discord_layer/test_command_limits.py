"""The commands fit Discord's limits however many rulesets are registered, because
they are the same whatever the rulesets: an order's values are words in one option,
read against the decision's form and the manifest (:mod:`bot.discord.values`).

Five fake rulesets with forty parameters each (two hundred names, none of them known
to the bot) are registered before the bot's commands are built, in a fresh
interpreter; the command tree they give is checked the way Discord checks a sync
(the loopback Discord's validator) and must equal the tree built with the installed
rulesets alone. Their orders are then read and completed through the same code the
commands call, and their menus keep to Discord's limits too.
"""
from __future__ import annotations

import json
import subprocess
import sys
from types import SimpleNamespace
from pathlib import Path

import pytest

from bot.discord import commands, forms, legal, values
from bot.discord.replies import Refusal
from bot.transport import PendingDecision
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec
from rules.core.forms import coerce_param
from rules.core.manifest import Manifest, OrderParam
from rules.core.registry import get_ruleset
from rules.core.texts import Catalogue
from tests.e2e.fake_discord.limits import COMMAND_OPTIONS, CUSTOM_ID, SELECT_OPTIONS, FormErrors, check_commands, \
    check_components

ROOT = Path(__file__).resolve().parents[2]
RULESETS, PARAMS = 5, 40
# The fake rulesets' words, as every ruleset's are: codes of a catalogue.
TEXTS = Catalogue("fake-limits")
TEXTS.add_pairs({f"fake{n}.title": (f"Fake game {n}", f"Gioco finto {n}") for n in range(RULESETS)})
TEXTS.add_pairs({f"fake{n}.param.{i}": (f"word{n}x{i}", f"parola{n}x{i}")
                 for n in range(RULESETS) for i in range(PARAMS)})
TEXTS.add_pairs({f"fake.about.{i}": (f"What {i} means", f"Cosa vuol dire {i}") for i in range(PARAMS)})
TEXTS.add("fake.moves", "Moves", "Muove")


def fake_manifest(n: int) -> Manifest:
    """A ruleset the bot has never heard of, with many parameters of every kind."""
    kinds = ("choice", "number", "text")
    return Manifest(
        name=f"fake{n}", title=f"fake{n}.title", board="squares",
        ruleset="tests.core.toy_race:Race", board_factory="renderer.cannoni.board:CannoniBoard", scenarios="tests.core",
        previews=n % 2 == 0,
        params=tuple(OrderParam(name=f"g{n}_param_{i}", option=f"opt{n}x{i}", kind=kinds[i % 3],
                                label=f"fake{n}.param.{i}", description=f"fake.about.{i}",
                                preview="fake.moves" if i < 3 else None)
                     for i in range(PARAMS)))


def fake_spec(n: int, decision_id: str = "t1.p5.a-ship") -> DecisionSpec:
    """A decision of fake ruleset ``n``: eight actions of five parameters each."""
    actions = []
    for a in range(8):
        params = []
        for i in range(a * 5, a * 5 + 5):
            name = f"g{n}_param_{i}"
            if i % 3 == 1:
                params.append(ParamSpec(name=name, label=f"amount {i}", kind="number", min=0.5, max=30, step=0.5))
            else:
                params.append(ParamSpec(name=name, label=f"pick {i}",
                                        choices=[Choice(value=f"v{j}", label=f"value {j}") for j in range(40)]))
        actions.append(ActionSpec(action=f"act{a}", label=f"action {a}", params=params))
    return DecisionSpec(decision=Decision(id=decision_id, kind="action", player="p1", label="Fake decision"),
                        actions=actions)


# The command tree as Discord receives it at sync, in English with the Italian localisations.
TREE = """
import asyncio, json, sys
import discord
from discord import app_commands
from rules.core import registry
from tests.discord_layer.test_command_limits import fake_manifest, RULESETS

if sys.argv[1] == "fake":
    for n in range(RULESETS):
        registry.register(fake_manifest(n))
from bot.discord.commands import register
from bot.discord.translator import CatalogueTranslator

async def main():
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    register(tree)
    translator = CatalogueTranslator()
    await tree.set_translator(translator)
    payload = [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
    print(json.dumps({"rulesets": registry.ruleset_names(), "payload": payload}))

asyncio.run(main())
"""


def command_tree(which: str) -> dict:
    done = subprocess.run([sys.executable, "-c", TREE, which], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_five_rulesets_with_two_hundred_parameters_give_commands_within_discords_limits():
    fake, installed = command_tree("fake"), command_tree("installed")
    assert len(fake["rulesets"]) == len(installed["rulesets"]) + RULESETS
    errors = FormErrors()
    check_commands(fake["payload"], errors)
    assert not errors, errors.errors

    def walk(entries):
        for entry in entries:
            yield entry
            yield from walk(o for o in entry.get("options") or [] if o.get("type") in (1, 2))

    for entry in walk(fake["payload"]):
        assert len(entry.get("options") or []) <= COMMAND_OPTIONS, entry["name"]  # options, or subcommands
    # Nothing of the rulesets is in the commands: they are the same with or without them.
    assert fake["payload"] == installed["payload"]
    words = json.dumps(fake["payload"])
    assert "param" not in words and "parola" not in words


def test_a_fake_rulesets_order_is_read_by_any_of_its_names():
    m, spec = fake_manifest(3), fake_spec(3)
    action, given = values.read(spec, None, "opt3x5=v7 parola3x6=2.5 word3x7=v1", m)
    assert action.action == "act1"
    assert given == {"g3_param_5": "v7", "g3_param_6": "2.5", "g3_param_7": "v1"}
    # Bare words fill the named action's values in the form's order; quotes keep spaces.
    action, given = values.read(spec, "act0", 'v3 "big one" g3_param_2=v9', m)
    assert given == {"g3_param_2": "v9", "g3_param_0": "v3", "g3_param_1": "big one"}
    with pytest.raises(Refusal) as refused:
        values.read(spec, "act0", "opt3x39=v1", m)
    assert refused.value.code == "reply.unknown-value-name"
    with pytest.raises(Refusal) as refused:
        values.read(spec, None, "v1", m)  # eight actions: which one?
    assert refused.value.code == "reply.value-without-name"
    with pytest.raises(Refusal) as refused:
        values.read(spec, "act0", "v1 v2 v3 v4 v5 v6", m)
    assert refused.value.code == "reply.too-many-values"


def test_a_fake_rulesets_values_complete_with_legal_values_only():
    m, spec = fake_manifest(1), fake_spec(1)
    typed = ""
    action = spec.action("act2")
    # One word at a time, every value of the action, each offer legal and at most 25.
    for param in action.params:
        offers = values.complete(spec, "act2", typed, m)
        assert 0 < len(offers) <= legal.LIMIT
        for offer in offers:
            assert offer.text.startswith(typed) and len(offer.text) <= legal.NAME_LIMIT
            word = values.split(offer.text)[-1]
            assert word.key == f"opt1x{action.params.index(param) + 10}"
            assert not coerce_param(param, word.value, action.label)[1]
        typed = offers[-1].text + " "
    assert values.complete(spec, "act2", typed, m) == [legal.Offer(typed.strip(), typed.strip())]
    chosen, given = values.read(spec, "act2", typed, m)
    assert chosen is action and set(given) == {p.name for p in action.params}
    # Without an action: the names typed find it.
    assert all(o.text.startswith("opt1x20=v5 opt1x21=") for o in values.complete(spec, None, "opt1x20=v5 ", m))
    # A value not legal is not offered; a preview offers only the values the manifest marks.
    assert values.complete(spec, "act0", "opt1x0=zz", m) == []
    assert values.complete(spec, "act0", "", m, only={"g1_param_0", "g1_param_1", "g1_param_2"})
    assert values.complete(spec, "act1", "", m, only={"g1_param_0", "g1_param_1", "g1_param_2"}) == []


def test_a_fake_rulesets_menus_keep_to_discords_limits():
    spec = fake_spec(4, decision_id="t99.phase-5.a-rather-long-decision-id-x")
    item = PendingDecision(decision=spec.decision, spec=spec, due_at=None)
    for action in range(len(spec.actions)):
        for page in range(3):
            form = forms.Form.from_state(spec, forms.DIGITS[action] + "3" * 5)
            _, view = forms.message(2**62, item, "en", form=form, page=page)
            rows = view.to_components()
            errors = FormErrors()
            check_components(rows, errors)
            assert not errors, errors.errors
            for c in (c for row in rows for c in row["components"]):
                assert len(c["custom_id"]) <= CUSTOM_ID and len(c.get("options", [])) <= SELECT_OPTIONS
    # The ids carry one character a value: an action of 34 values, the most a 40-character
    # decision id and the largest game id leave room for, still fits.
    wide = DecisionSpec(decision=Decision(id="x" * 40, kind="action", player="p1"), actions=[
        ActionSpec(action="all", label="all", params=[ParamSpec(name=f"g4_param_{i}", label=f"pick {i}", choices=[
            Choice(value=j, label=str(j)) for j in range(30)]) for i in range(34)])])
    item = PendingDecision(decision=wide.decision, spec=wide, due_at=None)
    for page in range(9):
        _, view = forms.message(forms.MAX_GAME_ID, item, "en", form=forms.Form.from_state(wide, "0" + "z" * 34),
                                page=page)
        errors = FormErrors()
        check_components(view.to_components(), errors)
        assert not errors, errors.errors


def test_a_value_without_a_menu_says_how_to_type_it():
    spec = DecisionSpec(decision=Decision(id="d", kind="action", player="p1", label="Name her"), actions=[
        ActionSpec(action="christen", label="christen", params=[ParamSpec(name="g0_new_name", label="new name",
                                                                          kind="text")])])
    content, _ = forms.message(1, PendingDecision(decision=spec.decision, spec=spec, due_at=None), "en")
    assert "new name: give it with ⟦/order⟧ values:g0_new_name=…" in content
    assert values.read(spec, None, 'g0_new_name="Le Téméraire"', None)[1] == {"g0_new_name": "Le Téméraire"}


def test_a_preview_says_what_the_rulesets_preview_tells():
    """The words of what a move would do are the ruleset's own (its preview's ``said``,
    a text of its catalogue), passed on in the reader's language; none, the plain words."""
    get_ruleset("cannoni")  # as in a game: the ruleset that made the preview has its words loaded
    said = {"code": "cannoni.preview.sailed", "params": {"distance": "2.5", "stop": {
        "code": "cannoni.preview.stop.edge", "params": {}}}}
    english, italian = SimpleNamespace(extras={"lang": "en"}), SimpleNamespace(extras={"lang": "it"})
    assert commands.preview_text(english, "Fox", {"distance": 2.5, "said": said}) == (
        "Fox after that move: 2.5\" sailed, stopped at the table edge (a test to stay on). Nothing was sent; "
        "give it with ⟦/order⟧. Only you see this.")
    assert commands.preview_text(italian, "Fox", {"said": said}).startswith(
        "Fox dopo quella manovra: 2.5\" percorsi, fermata al bordo del tavolo (test per non uscire).")
    assert commands.preview_text(english, "Fox", {"hexes": 3}) == (
        "Fox after that move. Nothing was sent; give it with ⟦/order⟧. Only you see this.")
    assert commands.preview_text(english, "Fox", {"said": {"code": "a-dragon", "params": {}}}).startswith(
        "Fox after that move. ")
    assert commands.preview_text(english, "Fox", None).startswith("Fox on the map as it stands")
