"""Games and views shared by the renderer tests (played once per session)."""
from __future__ import annotations

from typing import Any

import pytest

from renderer.cannoni.samples import fleet_action, play


@pytest.fixture(scope="session")
def squadron_game() -> tuple[list[dict[str, Any]], Any]:
    return play("squadron-action", seed=3, max_steps=120)


@pytest.fixture(scope="session")
def squadron_views(squadron_game) -> list[dict[str, Any]]:
    return squadron_game[0]


@pytest.fixture(scope="session")
def fleet_views() -> list[dict[str, Any]]:
    return play(fleet_action(), seed=3, max_steps=30)[0]
