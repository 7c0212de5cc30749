"""Scenarios shipped with a ruleset: one JSON file each in its package's
``scenarios`` folder, read into the ruleset's setup model."""
from __future__ import annotations

import json
from importlib import resources
from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def packaged_scenarios(package: str, model: type[M]) -> dict[str, M]:
    """The scenarios in ``package``'s ``scenarios`` folder by name, in file-name order."""
    folder = resources.files(package) / "scenarios"
    out: dict[str, M] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            setup = model.model_validate(json.loads(entry.read_text(encoding="utf-8")))
            out[setup.name] = setup  # type: ignore[attr-defined]
    return out
