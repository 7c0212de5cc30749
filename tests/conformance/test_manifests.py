"""Every installed ruleset's manifest holds together: its code is where it says, its
words fit the places they are shown in, in English and Italian."""
from __future__ import annotations

import re

import pytest

from renderer import board as boards
from renderer.board import Board, board_for
from rules.ai.base import AICaptain
from rules.core import registry
from rules.core.manifest import load_object
from rules.core.ruleset import Ruleset
from rules.core.scenarios import ScenarioHead
from rules.core.texts import catalogues
from tests.core import toy_race

NAMES = registry.ruleset_names()
DISCORD_OPTION = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("name", NAMES)
def test_the_manifest_names_its_ruleset_board_and_captains(name):
    m = registry.manifest(name)
    rules = registry.get_ruleset(name)
    assert rules.name == name and rules.title == m.title.render("en")
    board = load_object(m.board_factory)()
    assert isinstance(board, Board)
    for level, path in m.captains.items():
        captain = load_object(path)()
        assert isinstance(captain, AICaptain) and captain.level == level
    assert m.scenario_names() == list(rules.scenarios())
    # "previews" says whether the ruleset draws where a move would end.
    assert m.previews == (type(rules).preview is not Ruleset.preview)
    # /duel plays this scenario by default: one that exists, with two sides.
    assert m.duel_scenario is None or m.duel_scenario in m.scenario_names()
    assert len(rules.sides(rules.scenarios()[m.duel()])) == 2


@pytest.mark.parametrize("name", NAMES)
def test_the_manifest_words_fit_discord_in_both_languages(name):
    m = registry.manifest(name)
    for lang in ("en", "it"):
        assert m.title.render(lang)
        assert m.quickref is None or 0 < len(m.quickref.render(lang)) <= 2000
        for p in m.params:
            assert DISCORD_OPTION.match(p.option) and p.option == p.option.lower()
            label = p.label.render(lang)
            assert DISCORD_OPTION.match(label) and label == label.lower()
            assert 0 < len(p.description.render(lang)) <= 100
            assert p.preview is None or 0 < len(p.preview.render(lang)) <= 100
        for setup in registry.get_ruleset(name).scenarios().values():
            assert 0 < len(ScenarioHead.of(setup).title_in(lang)) <= 100  # a thread's name


@pytest.mark.parametrize("name", NAMES)
def test_the_manifest_and_scenario_titles_are_words_of_the_rulesets_own_catalogue(name):
    """Every word a manifest or a ready-made scenario shows is a code of the ruleset's own
    catalogue, so the catalogue test (tests/core/test_catalogues.py: both languages, the
    same placeholders) covers them; no second way to translate."""
    m = registry.manifest(name)
    own = catalogues()[name]
    texts = [m.title, m.quickref, *m.captain_descriptions.values()]
    texts += [t for p in m.params for t in (p.label, p.description, p.preview)]
    codes = [t.code for t in texts if t is not None]
    codes += [ScenarioHead.of(setup).title for setup in registry.get_ruleset(name).scenarios().values()]
    assert [c for c in codes if c not in own] == []


def test_the_renderer_draws_a_ruleset_with_the_board_its_manifest_names():
    saved = dict(registry._MANIFESTS), dict(registry._INSTANCES), dict(boards._BOARDS)
    registry.register(toy_race.MANIFEST)
    try:
        board = board_for({"ruleset": "race"})
        assert type(board) is load_object(toy_race.MANIFEST.board_factory)
        with pytest.raises(KeyError, match="no board draws ruleset 'chess'; known: .*race"):
            board_for({"ruleset": "chess"})
    finally:
        for live, old in zip((registry._MANIFESTS, registry._INSTANCES, boards._BOARDS), saved):
            live.clear()
            live.update(old)
