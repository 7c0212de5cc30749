"""No import cycles among the project's modules.

The graph counts every import a module makes, wherever it is written: at the top, under
``if TYPE_CHECKING:`` and inside functions. An import put off into a function or kept for
the type checker still says that the module needs the other one; a cycle hidden that way
is still two modules that cannot be understood, tested or moved one without the other.
"""
from __future__ import annotations

import ast
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "rules", "renderer", "db")


def modules(root: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The project module ``name`` is, or is inside (``from pkg import name`` may name a module or a value)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    out: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            owner = _owner(name, known)
            if owner is not None and owner != module:
                out.add(owner)
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {module: _imported(module, path, known) for module, path in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert cycles(graph) == [["a", "b", "c"]]


def test_imports_under_type_checking_and_in_functions_count(tmp_path):
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "__init__.py").write_text("")
    (tmp_path / "bot" / "one.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                             "    from bot.two import Two\n")
    (tmp_path / "bot" / "two.py").write_text("def f():\n    from . import one\n")
    for package in PACKAGES[1:]:
        (tmp_path / package).mkdir()
    graph = import_graph(tmp_path)
    assert graph["bot.one"] == {"bot.two"} and graph["bot.two"] == {"bot.one"}
    assert cycles(graph) == [["bot.one", "bot.two"]]


def test_the_projects_graph_is_read():
    graph = import_graph()
    assert "renderer.api" in graph["renderer"]
    assert {"renderer.open_table.board", "renderer.cannoni.forts"} <= graph["renderer.cannoni.board"]
    assert "bot.discord.app" in graph["bot.discord.commands"]


def test_no_import_cycle_outside_the_renderer():
    """bot/ (the Discord adapter's client, commands, forms, listing and transport were one
    cycle), rules/ (the registry and the rulesets were one) and db/."""
    found = [group for group in cycles(import_graph()) if not all(m.startswith("renderer") for m in group)]
    assert found == []


def test_no_import_cycle_in_the_renderer():
    assert [group for group in cycles(import_graph()) if any(m.startswith("renderer") for m in group)] == []
