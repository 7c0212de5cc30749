"""No code outside a ruleset's own packages names it: Cannoni, Nauta and Pirates are reached only
through their manifests (issue 11, "Done when"). The scan reads every Python file of
the project except the rulesets' own packages, docs and tests, for an import of their
packages or their names as strings."""
from __future__ import annotations

import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("cannoni", "nauta", "pirates")
# A ruleset's own packages (and the documentation and tests, which may name anything).
# The benchmarks and the script that writes the sample records measure or produce one
# ruleset's games on purpose (a Cannoni phase, a Cannoni record), as tests do; like the
# tests they are not part of the bot, so they may name it.
OWN = (re.compile(r"^rules/(ai/)?(cannoni|nauta|pirates)(/|\.py$)"),
       re.compile(r"^renderer/(cannoni|nauta|pirates)"), re.compile(r"^(docs|tests|bench|records)/"))
NAMING = re.compile(r"\b(rules(\.ai)?|renderer)\.(cannoni|nauta|pirates)\w*"  # rules.cannoni, renderer.nauta_card
                    r"|\bfrom (rules(\.ai)?|renderer) import [\w, ]*\b(cannoni|nauta|pirates)"
                    r"|[\"'](cannoni|nauta|pirates)[\"']")
SKIP_DIRS = {".venv", ".git", "__pycache__", "build", "dist"}


def code_files() -> list[Path]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if SKIP_DIRS & set(rel.parts) or any(p.search(rel.as_posix()) for p in OWN):
            continue
        out.append(path)
    return out


def offenders() -> list[str]:
    """``path:line: text`` for every line outside the rulesets' packages that names one."""
    found = []
    for path in code_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMING.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{n}: {line.strip()}")
    return found


def test_the_scan_sees_what_it_looks_for():
    """The pattern catches every way of naming a ruleset, and the walk reaches the code."""
    for line in ("from rules.cannoni.geometry import Pose", "import renderer.nauta_card",
                 "from renderer import cannoni_text", "from rules.ai import nauta", "name = 'cannoni'",
                 'get_ruleset("nauta")', "from rules.ai.cannoni.captains import Deckhand"):
        assert NAMING.search(line), line
    for line in ("from rules.core.tables import squares", "# Cannoni's cards", "nautical = 1"):
        assert not NAMING.search(line), line
    files = {p.relative_to(ROOT).as_posix() for p in code_files()}
    assert {"bot/service/lobby.py", "rules/core/registry.py", "renderer/board.py"} <= files
    assert not {f for f in files if f.startswith(("rules/cannoni/", "rules/nauta/", "renderer/cannoni",
                                                 "renderer/nauta", "tests/", "docs/", "bench/", "records/"))}


def test_no_code_outside_a_ruleset_names_it():
    assert offenders() == []


if __name__ == "__main__":
    print("\n".join(offenders()))
