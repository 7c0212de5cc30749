"""Fixtures every test folder may use: the throwaway PostgreSQL server.

``postgres`` is started once per session, the first time a test asks for it
(``tests/postgres_server.py``); ``postgres_url`` gives each test a fresh database on it.
``database_url`` runs a test on both backends: a SQLite file and a PostgreSQL database.
With no PostgreSQL server binary the PostgreSQL runs skip, and the summary says so in
one line, so a run never looks green on PostgreSQL without having touched it.
"""
from __future__ import annotations

import os
from typing import Iterator

import pytest

from tests.postgres_server import PostgresServer, find_bin

NO_SERVER = ("PostgreSQL tests skipped: no PostgreSQL server binary (pg_ctl) on PATH, in /usr/lib/postgresql/*/bin"
             " or BROADSIDE_TEST_PG_BIN; install the 'postgresql' package to run them")
_skipped: list[str] = []

# The bots the tests start in their own process draw their maps in a thread: a pool of
# render processes per test bot would cost a start-up each and gain nothing at a test's
# scale. The pool's own tests (tests/renderer/test_render_pool.py) ask for processes; a
# bot started as a subprocess with its own environment has the production default.
os.environ.setdefault("BROADSIDE_RENDER_PROCESSES", "0")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bindir = find_bin()
    if bindir is None:
        _skipped.append("x")
        pytest.skip(NO_SERVER)
    server = PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres: PostgresServer) -> str:
    return await postgres.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """Where a test's database lives: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "test.sqlite3")
    return await request.getfixturevalue("postgres").new_database()


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if _skipped:
        terminalreporter.write_line(NO_SERVER, yellow=True, bold=True)
