"""docs/rules/hoo.md ends with a table of every rule: section -> module -> test. Every
test it names must exist (a row pointing nowhere is a rule nobody checks), and every
module it names must be a file."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "hoo.md"


def _rows() -> list[tuple[str, str, str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Rules → module → test", 1)[1]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and not set(cells[0]) <= {"-"} and cells[0] != "rule":
            rows.append((cells[0], cells[1], cells[2]))
    return rows


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.name.startswith("test_")}


def test_every_row_of_the_rules_table_names_tests_that_exist():
    rows = _rows()
    assert len(rows) >= 30
    missing = []
    for rule, modules, tests in rows:
        current = None
        for token in re.findall(r"`([^`]+)`", tests):
            name = token
            if "::" in token:
                file, name = token.split("::")
                current = file
            elif token.startswith("test_") and token.endswith(".py"):
                current = token
                continue
            if not name.startswith("test_"):
                continue
            where = ROOT / "tests" / "hoo" / current if current and "/" not in current else ROOT / (current or "")
            if not where.is_file() or name not in _tests_in(where):
                missing.append(f"{rule}: {current}::{name}")
        for module in re.findall(r"`([^`]+\.py)`", modules):
            path = ROOT / module if "/" in module else ROOT / "rules" / "hoo" / module
            if not path.is_file():
                missing.append(f"{rule}: module {module}")
    assert not missing, missing
