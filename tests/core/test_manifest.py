"""Rulesets are known by their manifests: found by the scan of rules/ (or an entry point), or registered
directly (a toy ruleset here), and the AI captains are found by (ruleset, level)."""
from __future__ import annotations

import random

import pytest

from rules.ai import FormFiller, captain_levels, decide, get_captain
from rules.ai import registry as ai_registry
from rules.ai.cannoni.captains import Captain as CannoniCaptain
from rules.core import game, registry
from rules.core.dice import SeededDice
from rules.core.manifest import Manifest, OrderParam
from rules.core.ruleset import Seat
from tests.core import toy_race


@pytest.fixture
def toy():
    """The toy ruleset registered for one test, and the registries as they were after."""
    registry.manifests()  # discovered before saving: what is restored keeps the installed rulesets
    saved = dict(registry._MANIFESTS), dict(registry._INSTANCES), dict(ai_registry._CAPTAINS)
    registry.register(toy_race.MANIFEST)
    yield toy_race.MANIFEST
    for live, old in zip((registry._MANIFESTS, registry._INSTANCES, ai_registry._CAPTAINS), saved):
        live.clear()
        live.update(old)


def test_the_rulesets_in_rules_are_found():
    names = registry.ruleset_names()
    assert {"cannoni", "nauta"} <= set(names)
    for name in names:
        assert registry.manifest(name).name == name
        assert registry.get_ruleset(name).name == name


def test_an_unknown_ruleset_is_refused_with_the_known_ones():
    with pytest.raises(KeyError, match="unknown ruleset 'chess'; known: .*cannoni"):
        registry.get_ruleset("chess")


def test_a_ruleset_registered_directly_is_known_like_the_others(toy):
    assert "race" in registry.ruleset_names()
    rules = registry.get_ruleset("race")
    assert isinstance(rules, toy_race.Race) and registry.get_ruleset("race") is rules
    assert registry.manifest("race").title.render("it") == "Corsa"


def test_a_manifest_names_code_by_dotted_path():
    with pytest.raises(ValueError, match="dotted path"):
        Manifest(name="x", title="race.title", board="hex", ruleset="x.Ruleset", board_factory="a:B")
    param = OrderParam(name="template", label="race.param.squares", description="race.param.squares.about")
    assert param.option == "template", "an option is named as its parameter unless it says otherwise"


def test_a_manifest_words_by_codes_of_a_catalogue_only():
    """One way to translate: a manifest's words are codes, worded in the reader's language."""
    param = OrderParam(name="squares", label="race.param.squares", description="race.param.squares.about")
    assert (param.label.render("en"), param.label.render("it")) == ("squares", "caselle")
    with pytest.raises(ValueError, match="not a code of any catalogue"):
        OrderParam(name="squares", label="squares", description="race.param.squares.about")
    with pytest.raises(ValueError):
        Manifest(name="x", title={"en": "X", "it": "X"}, board="hex", ruleset="x:R", board_factory="a:B",
                 scenarios="tests.core")


def test_ai_captains_are_found_by_ruleset_and_level(toy):
    assert isinstance(get_captain("captain", "cannoni"), CannoniCaptain)
    assert isinstance(get_captain("captain", "race"), toy_race.Sprinter)
    # A level the toy does not name is played by the form-filler.
    assert type(get_captain("deckhand", "race")) is FormFiller
    assert captain_levels()[0] == "form-filler" and "champion" in captain_levels()
    with pytest.raises(KeyError, match="admiral"):
        get_captain("admiral", "race")


def test_one_level_plays_each_ruleset_with_that_rulesets_captain(toy):
    rules = registry.get_ruleset("race")
    seats = [Seat(id="a", side="red"), Seat(id="b", side="blue")]
    state, _ = game.start(rules, toy_race.RaceSetup(), toy_race.RaceOptions(), seats, SeededDice(1))
    state, _ = game.resolve(rules, state, [], SeededDice(1))  # off the start line: 3 is legal now
    level = get_captain("captain")
    order = decide(rules, state, rules.pending(state)[0], level, random.Random(1))
    assert order.payload == {"action": "advance", "squares": 3}, "the toy's own captain ran"
    filler = decide(rules, state, rules.pending(state)[0], get_captain("deckhand"), random.Random(1))
    assert filler.payload == {"action": "advance", "squares": 1}, "the form-filler plays the published default"
