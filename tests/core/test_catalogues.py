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
    import renderer.words  # noqa: F401  the words every map of ships shares
    import renderer.summary_words  # noqa: F401  the summary card's
    for name in ruleset_names():
        get_ruleset(name)
    return catalogues()


def test_the_rulesets_and_the_bot_have_catalogues():
    found = _load_everything()
    assert {"core", "cannoni", "nauta", "bot", "map"} <= set(found)


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


@pytest.mark.parametrize("package", ["rules", "bot", "renderer"])
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


def _forms_of_play(name: str, seed: int):
    """Every form a seeded random game of a ruleset shows, both order modes' worth."""
    import random

    from rules.core import game
    from rules.core.dice import SeededDice
    from rules.core.randomplay import random_order
    from rules.core.ruleset import Seat

    ruleset = get_ruleset(name)
    for scenario, setup in sorted(ruleset.scenarios().items())[:2]:
        seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(ruleset.sides(setup))]
        dice, rng = SeededDice(seed), random.Random(seed)
        state, _ = game.start(ruleset, setup, ruleset.options_model(), seats, dice)
        for _ in range(60):
            if ruleset.outcome(state) is not None:
                break
            pending = ruleset.pending(state)
            for decision in pending:
                yield ruleset.spec(state, decision)
            orders = [o for d in pending if (o := random_order(ruleset, state, d, rng)) is not None]
            state, _ = game.resolve(ruleset, state, orders, dice)


@pytest.mark.parametrize("name", ["cannoni", "nauta"])
def test_every_form_reads_in_italian(name):
    """Decisions, actions, parameters and what a missed deadline does are texts, worded
    in the reader's language; only names and numbers are given as they are."""
    seen = 0
    for spec in _forms_of_play(name, 3):
        seen += 1
        assert isinstance(spec.decision.label, Text), spec.decision.label
        if spec.default is not None:
            assert isinstance(spec.default_text, Text), spec.default_text
        for action in spec.actions:
            assert isinstance(action.label, Text), action.label
            assert action.label_in("it") != action.label_in("en"), action.label
            for param in action.params:
                assert param.label_in("it")  # worded without a missing code
                for choice in param.choices:
                    choice.label_in("it")
    assert seen > 20


def test_a_problem_names_the_form_part_in_the_readers_language():
    from rules.core.decisions import ActionSpec, DecisionSpec, Decision, ParamSpec
    from rules.core.forms import check_form
    from rules.core.texts import say

    _load_everything()
    spec = DecisionSpec(decision=Decision(id="d", kind="k", player="p"), actions=[
        ActionSpec(action="move", label=say("cannoni.form.straight"), params=[
            ParamSpec(name="distance", label=say("cannoni.form.distance"), kind="number", min=1, max=4, step=0.5)])])
    _, _, problems = check_form(spec, {"action": "move", "distance": 9})
    assert problems[0].message == "distance (inches) must be between 1 and 4 in steps of 0.5, not 9."
    assert problems[0].text("it") == "distanza (pollici) deve essere tra 1 e 4 a passi di 0.5, non 9."
