"""AI levels by name."""
from __future__ import annotations

from typing import Callable

from rules.ai.base import AICaptain, FormFiller
from rules.ai.cannoni.captains import Captain, Deckhand

_LEVELS: dict[str, Callable[[], AICaptain]] = {
    Deckhand.level: Deckhand,
    Captain.level: Captain,
    FormFiller.level: FormFiller,
}


def captain_levels() -> list[str]:
    """Every level, weakest first."""
    return [FormFiller.level, Deckhand.level, Captain.level]


def get_captain(level: str) -> AICaptain:
    """The captain of ``level``. Every level plays any ruleset: a level made for one
    ruleset fills the forms of a ruleset it does not know as the form-filler does."""
    try:
        return _LEVELS[level]()
    except KeyError:
        raise KeyError(f"unknown AI level {level!r}; known: {', '.join(captain_levels())}") from None
