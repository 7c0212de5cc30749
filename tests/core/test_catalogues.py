"""One way to translate: every catalogue is complete in English and Italian, with the
same placeholders in both, and every code the code names exists."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.core.registry import get_ruleset, ruleset_names
from rules.core.texts import LANGUAGES, Catalogue, Text, catalogues, known, placeholders, text

ROOT = Path(__file__).resolve().parents[2]


def _load_everything() -> dict[str, Catalogue]:
    import bot.i18n  # noqa: F401  the bot's own catalogue
    for name in ruleset_names():
        get_ruleset(name)
    return catalogues()


def test_the_rulesets_and_the_bot_have_catalogues():
    found = _load_everything()
    assert {"core", "cannoni", "nauta", "bot"} <= set(found)


def test_every_code_has_every_language_with_the_same_placeholders():
    problems = []
    for catalogue in _load_everything().values():
        for code, texts in catalogue.entries().items():
            if set(texts) != set(LANGUAGES):
                problems.append(f"{catalogue.name}:{code}: languages {sorted(texts)}")
                continue
            wanted = placeholders(texts["en"])
            for lang in LANGUAGES:
                if placeholders(texts[lang]) != wanted:
                    problems.append(f"{catalogue.name}:{code}: {lang} has {sorted(placeholders(texts[lang]))},"
                                    f" en has {sorted(wanted)}")
    assert not problems, "\n".join(problems)


def _literal_codes(path: Path) -> set[str]:
    """Codes named in the source: the first argument of a call to ``text``, ``problem``,
    ``Text(code=...)`` or a catalogue's ``.text``, when it is a string literal."""
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in {"text", "problem", "problem_text", "because"} and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
        if name == "Text":
            for kw in node.keywords:
                if kw.arg == "code" and isinstance(kw.value, ast.Constant):
                    found.add(kw.value.value)
    return found


@pytest.mark.parametrize("package", ["rules", "bot"])
def test_every_code_named_in_the_code_exists(package):
    _load_everything()
    named = {(str(path.relative_to(ROOT)), code)
             for path in (ROOT / package).rglob("*.py") for code in _literal_codes(path)}
    assert named, "the scan found no codes at all"
    missing = sorted((where, code) for where, code in named if not known(code))
    assert not missing, missing


def test_a_text_with_a_text_inside_is_worded_in_one_language():
    _load_everything()
    reason = Text(code="cannoni.reason.twice", params={"side": "britain"})
    line = Text(code="cannoni.result.why", params={"result": "x", "reason": reason.model_dump()})
    assert line.render("en") == "x — britain scored at least twice the other side"
    assert line.render("it") == "x — britain ha totalizzato almeno il doppio dei punti avversari"
    assert text("cannoni.word-missing" if known("cannoni.word-missing") else "game-over", "it").startswith("La partita")


def test_a_code_cannot_mean_two_things():
    first, second = Catalogue("test-one"), Catalogue("test-two")
    first.add("test-code", "one", "uno")
    first.add("test-code", "one", "uno")  # the same words again: fine
    with pytest.raises(ValueError):
        second.add("test-code", "two", "due")
