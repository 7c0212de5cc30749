"""renderer/ has no import cycles, and names no ruleset outside the rulesets' own packages.

Every import is counted, at the top of a module or inside a function (a deferred import
that closes a loop is still a loop: it only moves the failure to the first call);
imports under ``if TYPE_CHECKING:`` are not, since they never run.
"""
from __future__ import annotations

import ast
from pathlib import Path

from rules.core.registry import manifests

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "renderer"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The renderer modules a module imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def resolve(module: str) -> str | None:
        while module and module not in known:
            module = module.rpartition(".")[0]
        return module or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "renderer":
                    found.add(resolve(alias.name) or alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name if is_package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            if base.split(".")[0] == "renderer":
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    found.add(target if target in known else (resolve(base) or base))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(name)
    return {m for m in found if m in known}


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imported(path, name, set(mods)) for name, path in mods.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_the_graph_is_read():
    graph = import_graph()
    assert "renderer.api" in graph["renderer"]
    assert "renderer.open_table.board" in graph["renderer.cannoni.board"]
    assert "renderer.cannoni.forts" in graph["renderer.cannoni.board"]


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_renderer_has_no_import_cycles():
    assert cycles(import_graph()) == []


def test_shared_renderer_modules_import_no_ruleset():
    """Only renderer/<ruleset>/ may import rules.<ruleset>: the rest reads the view and
    rules.core."""
    rulesets = {m.name for m in manifests()}
    assert {"cannoni", "nauta"} <= rulesets
    offenders = []
    for name, path in modules().items():
        if name.split(".")[1:2] and name.split(".")[1] in rulesets:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = ([a.name for a in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for target in targets:
                parts = target.split(".")
                if len(parts) > 1 and parts[0] in ("rules", "renderer") and parts[1] in rulesets:
                    offenders.append(f"{name} imports {target}")
    assert offenders == []
