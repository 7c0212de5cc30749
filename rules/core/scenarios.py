"""Scenarios shipped with a ruleset: one JSON file each in its package's
``scenarios`` folder, read into the ruleset's setup model."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel

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
