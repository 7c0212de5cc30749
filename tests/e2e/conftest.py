"""Fixtures for end-to-end tests against the loopback Discord (see docs/testing.md).

Every coroutine test in this folder runs under a time budget (30 s unless marked
``@pytest.mark.e2e_budget(seconds)``): a bot that hangs fails its test instead of the run.
"""
from __future__ import annotations

import asyncio
import functools
import inspect
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterator

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


#: discord.py's statuses that it retries by itself, after 1 + 2·tries seconds.
RETRIED = frozenset({500, 502, 504, 524})
#: The share of that backoff the tests wait: the tries, their number and their order are
#: discord.py's own; only the seconds between them are shorter (16 s for five tries, else).
BACKOFF_SHARE = 0.05


class _QuickRetries:
    """``discord.http``'s ``asyncio``, except that the sleep discord.py takes before it
    retries a request answered 500/502/504/524 is a twentieth as long. Every other sleep
    there (a rate limit's ``retry_after``, a bucket's reset) is left as it is."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    def sleep(delay: float, result: Any = None) -> Any:
        # Called (not yet awaited) from HTTPClient.request: its locals say why it sleeps.
        caller = sys._getframe(1).f_locals
        response, tries = caller.get("response"), caller.get("tries")
        if response is not None and response.status in RETRIED and isinstance(tries, int) and delay == 1 + tries * 2:
            delay *= BACKOFF_SHARE
        return asyncio.sleep(delay, result)


@pytest.fixture
def quick_server_error_retries(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """For a test that answers requests with a server error: discord.py's backoff before
    each retry (1, 3, 5, 7 s) shrinks to a twentieth; what it retries, and when it gives
    up, are unchanged. Not for a 5xx on an interaction callback, whose slow retry is what
    lands it past Discord's 3 s window (docs/testing.md)."""
    import discord.http

    monkeypatch.setattr(discord.http, "asyncio", _QuickRetries())
    yield
