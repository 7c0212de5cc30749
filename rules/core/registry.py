"""Rulesets register by name; nothing outside rules/ needs to know which exist."""
from __future__ import annotations

from typing import Callable

from rules.core.ruleset import Ruleset

_FACTORIES: dict[str, Callable[[], Ruleset]] = {}
_INSTANCES: dict[str, Ruleset] = {}


def register_ruleset(name: str, factory: Callable[[], Ruleset]) -> None:
    _FACTORIES[name] = factory


def _load_builtin() -> None:
    # Importing a ruleset package registers it.
    import rules.cannoni  # noqa: F401
    import rules.nauta  # noqa: F401


def get_ruleset(name: str) -> Ruleset:
    _load_builtin()
    if name not in _FACTORIES:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(sorted(_FACTORIES))}")
    if name not in _INSTANCES:
        _INSTANCES[name] = _FACTORIES[name]()
    return _INSTANCES[name]


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)
