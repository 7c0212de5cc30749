"""No code outside a ruleset's own packages names it: every ruleset is reached only
through its manifest (issue 11, "Done when"), and no ruleset reaches into another. The
scan reads every Python file of the project except docs, tests and benchmarks, for an
import of a ruleset's packages or its name as a string, anywhere but in that ruleset's
own packages."""
from __future__ import annotations

import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
# Every ruleset of the project: a package rules/<name>/ with a manifest.
RULESETS = tuple(sorted(p.parent.name for p in (ROOT / "rules").glob("*/manifest.py") if p.parent.name != "core"))
_NAMES = "|".join(RULESETS)
# A ruleset's own packages may name it (and only it).
OWNER = re.compile(rf"^(rules/(ai/)?|renderer/)(?P<name>{_NAMES})(/|\.py$)")
# The documentation and tests may name anything. The benchmarks and the script that writes
# the sample records measure or produce one ruleset's games on purpose (a Cannoni phase, a
# Cannoni record), as tests do; like the tests they are not part of the bot, so they may.
FREE = re.compile(r"^(docs|tests|bench|records)/")
NAMING = re.compile(rf"\b(rules(\.ai)?|renderer)\.(?P<a>{_NAMES})(?![\w])"  # rules.cannoni, renderer.nauta
                    rf"|\bfrom (rules(\.ai)?|renderer) import [\w, ]*\b(?P<b>{_NAMES})\b"
                    rf"|[\"'](?P<c>{_NAMES})[\"']")
SKIP_DIRS = {".venv", ".git", "__pycache__", "build", "dist"}


def code_files() -> list[Path]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if SKIP_DIRS & set(rel.parts) or FREE.search(rel.as_posix()):
            continue
        out.append(path)
    return out


def named(line: str) -> set[str]:
    return {m.group("a") or m.group("b") or m.group("c") for m in NAMING.finditer(line)}


def offenders() -> list[str]:
    """``path:line: text`` for every line that names a ruleset outside that ruleset's packages."""
    found = []
    for path in code_files():
        rel = path.relative_to(ROOT).as_posix()
        owner = OWNER.search(rel)
        mine = {owner.group("name")} if owner else set()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if named(line) - mine:
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_the_scan_sees_what_it_looks_for():
    """The pattern catches every way of naming a ruleset, and the walk reaches the code."""
    assert {"cannoni", "nauta", "hoo", "sca"} <= set(RULESETS)
    for line in ("from rules.cannoni.geometry import Pose", "import renderer.nauta", "from rules.ai import nauta",
                 "name = 'cannoni'", 'get_ruleset("hoo")', "from rules.ai.sca.captains import Deckhand"):
        assert named(line), line
    for line in ("from rules.core.tables import squares", "# Cannoni's cards", "nautical = 1", "scale = 2"):
        assert not named(line), line
    files = {p.relative_to(ROOT).as_posix() for p in code_files()}
    assert {"bot/service/lobby.py", "rules/core/registry.py", "renderer/board.py", "rules/sca/ruleset.py"} <= files
    assert not {f for f in files if f.startswith(("tests/", "docs/", "bench/", "records/"))}
    # A ruleset's own package may name itself, not another ruleset.
    assert OWNER.search("rules/ai/sca/captains.py").group("name") == "sca"


def test_no_code_outside_a_ruleset_names_it():
    assert offenders() == []


if __name__ == "__main__":
    print("\n".join(offenders()))
