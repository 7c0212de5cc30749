"""Fixtures for end-to-end tests against the loopback Discord (see docs/testing.md).

Every coroutine test in this folder runs under a time budget (30 s unless marked
``@pytest.mark.e2e_budget(seconds)``): a bot that hangs fails its test instead of the run.
"""
from __future__ import annotations

import asyncio
import functools
import inspect
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import pytest

from tests.e2e.fake_discord import LoopbackDiscord

DEFAULT_BUDGET = 30.0
HERE = Path(__file__).parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e_budget(seconds): time budget of an end-to-end test")


def _bounded(test: Callable[..., Any], budget: float) -> Callable[..., Any]:
    @functools.wraps(test)
    async def run(*args: Any, **kwargs: Any) -> Any:
        try:
            async with asyncio.timeout(budget):
                return await test(*args, **kwargs)
        except TimeoutError:
            raise AssertionError(f"the test ran over its {budget:g} s budget") from None
    return run


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        obj = getattr(item, "obj", None)
        if inspect.iscoroutinefunction(obj) and Path(str(item.path)).is_relative_to(HERE):
            marker = item.get_closest_marker("e2e_budget")
            item.obj = _bounded(obj, float(marker.args[0]) if marker else DEFAULT_BUDGET)  # type: ignore[attr-defined]


@pytest.fixture
async def fake_discord() -> AsyncIterator[LoopbackDiscord]:
    """A started loopback Discord with no guilds yet. At teardown the test fails if the
    server saw a protocol error or a violation the test did not take
    (``take_violations`` / ``expect_violation``)."""
    server = LoopbackDiscord()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    server.check()
