"""Scenarios shipped with a ruleset: one JSON file each in its package's
``scenarios`` folder, read into the ruleset's setup model.

A scenario's ``title`` is a code of its ruleset's catalogue
(``"cannoni.scenario.frigate-duel"``), so it reads in the game's language; a setup
stored by an older version (or built by hand, in tests) holds its title in words, shown
as they are. :class:`ScenarioHead` is what every setup shares, for the readers that do
not know the ruleset's setup model (the service, the bot)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.core.texts import known, text

M = TypeVar("M", bound=BaseModel)


def scenario_files(package: str) -> list[dict[str, Any]]:
    """The scenario files in ``package``'s ``scenarios`` folder as JSON, in file-name order."""
    folder = resources.files(package) / "scenarios"
    return [json.loads(entry.read_text(encoding="utf-8"))
            for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".json")]


def packaged_scenarios(package: str, model: type[M]) -> dict[str, M]:
    """The scenarios in ``package``'s ``scenarios`` folder by name, in file-name order."""
    out: dict[str, M] = {}
    for data in scenario_files(package):
        setup = model.model_validate(data)
        out[setup.name] = setup  # type: ignore[attr-defined]
    return out


def scenario_title(title: str | None, lang: str = "en") -> str:
    """A scenario's title in ``lang``: its code's words, or the words stored."""
    if not title:
        return ""
    return text(title, lang) if known(title) else title


class ScenarioHead(BaseModel):
    """The keys every ruleset's setup shares."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str = ""
    title: str = ""

    @classmethod
    def of(cls, setup: Any) -> "ScenarioHead":
        """The head of a setup, stored (a dict) or loaded (a model)."""
        if isinstance(setup, BaseModel):
            return cls(name=str(getattr(setup, "name", "") or ""), title=str(getattr(setup, "title", "") or ""))
        return cls.model_validate(setup or {})

    def title_in(self, lang: str = "en") -> str:
        """The title in ``lang``; without one, the scenario's name."""
        return scenario_title(self.title, lang) or self.name
