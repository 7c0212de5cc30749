"""Rulesets are found without editing anything outside their own packages: the registry
scans ``rules/`` for ``<r>/manifest.py`` with a ``MANIFEST``, and reads the entry points
of a ruleset shipped as its own distribution; one found both ways is known once."""
from __future__ import annotations

import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

import rules
from rules.core import registry

PACKAGE = "zz_scanned_race"  # a ruleset package that exists only in this test's folder


@pytest.fixture
def fresh_registry(monkeypatch):
    """The registry as before any discovery, and as it was afterwards."""
    saved = dict(registry._MANIFESTS), dict(registry._INSTANCES), registry._discovered
    registry._MANIFESTS.clear()
    registry._INSTANCES.clear()
    monkeypatch.setattr(registry, "_discovered", False)
    yield
    registry._MANIFESTS.clear()
    registry._MANIFESTS.update(saved[0])
    registry._INSTANCES.clear()
    registry._INSTANCES.update(saved[1])


@pytest.fixture
def new_ruleset(tmp_path, monkeypatch):
    """``rules/zz_scanned_race/``, written in a temporary folder that is one more place of
    the ``rules`` package: its own catalogue, its manifest, and a ruleset class of the
    toy race's. Nothing else is edited or registered."""
    folder = tmp_path / PACKAGE
    folder.mkdir()
    (folder / "__init__.py").write_text('"""A ruleset written for the discovery test."""\n')
    (folder / "wording.py").write_text(textwrap.dedent('''
        from rules.core.texts import Catalogue

        TEXTS = Catalogue("scanned-race")
        TEXTS.add_pairs({"scanned-race.title": ("Scanned race", "Corsa trovata")})
        '''))
    (folder / "manifest.py").write_text(textwrap.dedent(f'''
        from rules.core.manifest import Manifest
        from rules.{PACKAGE} import wording  # noqa: F401

        MANIFEST = Manifest(name="scanned-race", title="scanned-race.title", board="squares",
                            ruleset="tests.core.toy_race:Race", board_factory="tests.toy.board:ToyBoard",
                            scenarios="tests.core")
        '''))
    monkeypatch.setattr(rules, "__path__", [*rules.__path__, str(tmp_path)])
    yield f"rules.{PACKAGE}.manifest:MANIFEST"
    for module in [m for m in sys.modules if m.startswith(f"rules.{PACKAGE}")]:
        del sys.modules[module]
    from rules.core import texts
    texts._CATALOGUES.pop("scanned-race", None)
    texts._OWNER.pop("scanned-race.title", None)


def test_the_rulesets_in_rules_are_found_by_the_scan_alone(fresh_registry, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    assert {"cannoni", "nauta"} <= set(registry.ruleset_names())


def test_a_new_ruleset_package_is_found_with_no_edit_outside_it(fresh_registry, new_ruleset, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    assert "scanned-race" in registry.ruleset_names()
    assert registry.manifest("scanned-race").title.render("it") == "Corsa trovata"
    assert registry.get_ruleset("scanned-race").name == "race"  # the class its manifest names
    assert {"cannoni", "nauta"} <= set(registry.ruleset_names())


def test_a_ruleset_found_by_the_scan_and_an_entry_point_is_known_once(fresh_registry, new_ruleset, monkeypatch):
    point = EntryPoint(name="scanned-race", value=new_ruleset, group=registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [point] if group == registry.GROUP else [])
    names = registry.ruleset_names()
    assert names.count("scanned-race") == 1
    assert registry.manifest("scanned-race") is point.load()


def test_a_ruleset_shipped_as_its_own_distribution_is_found_by_its_entry_point(fresh_registry, monkeypatch):
    point = EntryPoint(name="race", value="tests.core.toy_race:MANIFEST", group=registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [point] if group == registry.GROUP else [])
    assert "race" in registry.ruleset_names()  # tests/ is not scanned: only the entry point names it


def test_two_different_rulesets_under_one_name_are_refused(fresh_registry, new_ruleset, monkeypatch):
    from tests.core import toy_race

    other = toy_race.MANIFEST.model_copy(update={"name": "scanned-race"})
    monkeypatch.setattr(toy_race, "OTHER", other, raising=False)
    point = EntryPoint(name="scanned-race", value="tests.core.toy_race:OTHER", group=registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [point] if group == registry.GROUP else [])
    with pytest.raises(ValueError, match="two rulesets are called 'scanned-race'"):
        registry.ruleset_names()


def test_a_ruleset_asked_for_by_name_is_found_in_its_own_package_alone(fresh_registry, monkeypatch):
    listed = []
    monkeypatch.setattr(registry, "entry_points", lambda group: listed.append(group) or [])
    assert registry.get_ruleset("cannoni").name == "cannoni"
    assert set(registry._MANIFESTS) == {"cannoni"} and not registry._discovered and not listed
    assert {"cannoni", "nauta"} <= set(registry.ruleset_names())  # the listing finds the rest
    assert registry._discovered and listed == [registry.GROUP]


def test_a_name_with_no_package_of_its_own_is_found_by_the_whole_scan(fresh_registry, new_ruleset, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    assert registry.manifest("scanned-race").title.render("it") == "Corsa trovata"  # its package is zz_scanned_race
    assert registry._discovered
    with pytest.raises(KeyError, match="unknown ruleset 'no-such-ruleset'"):
        registry.manifest("no-such-ruleset")
    with pytest.raises(KeyError, match="unknown ruleset '../core'"):
        registry.manifest("../core")


def test_a_text_of_a_ruleset_not_yet_loaded_is_found(fresh_registry, new_ruleset, monkeypatch):
    from rules.core import texts

    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    assert "scanned-race" not in texts._CATALOGUES  # its package is not imported yet
    assert texts.text("scanned-race.title", "it") == "Corsa trovata"  # the scan ran for it
    assert registry._discovered and "scanned-race" in texts.catalogues()


def test_two_rulesets_under_one_name_are_refused_when_listed_after_one_was_asked_for(fresh_registry, new_ruleset,
                                                                                       monkeypatch):
    from tests.core import toy_race

    other = toy_race.MANIFEST.model_copy(update={"name": "cannoni"})
    monkeypatch.setattr(toy_race, "OTHER", other, raising=False)
    point = EntryPoint(name="cannoni", value="tests.core.toy_race:OTHER", group=registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [point] if group == registry.GROUP else [])
    assert registry.manifest("cannoni").ruleset.startswith("rules.cannoni.")  # its own package's
    with pytest.raises(ValueError, match="two rulesets are called 'cannoni'"):
        registry.ruleset_names()
