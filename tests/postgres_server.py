"""A throwaway PostgreSQL server for the tests: one per test session, in a temporary
folder, listening only on a unix socket there (no TCP port is opened, so two sessions on
one machine never meet), stopped and deleted at the end.

The server binaries are found on ``PATH`` (``pg_ctl``), in Debian's
``/usr/lib/postgresql/<version>/bin``, or in ``BROADSIDE_TEST_PG_BIN``. PostgreSQL
refuses to run as root, so under root the server runs as the ``postgres`` user (which
Debian's package creates) through ``runuser``, and the folder is handed to that user.
Without binaries the PostgreSQL tests skip, and the session's summary says so in one line
(``tests/conftest.py``).
"""
from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def find_bin() -> Path | None:
    explicit = os.environ.get("BROADSIDE_TEST_PG_BIN")
    if explicit:
        return Path(explicit) if (Path(explicit) / "pg_ctl").exists() else None
    on_path = shutil.which("pg_ctl")
    if on_path:
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


def _run_as() -> list[str]:
    """The command prefix that runs the server as someone other than root."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"]
    raise RuntimeError("running as root with no 'postgres' or 'nobody' user to run PostgreSQL as")


def _free_port() -> int:
    # The port only names the socket file in our own folder, but a free one keeps the
    # name from looking like anyone else's.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="broadside-pg-"))
        self.port = _free_port()
        self.prefix = _run_as()
        self._names = itertools.count(1)
        self.started = False

    def start(self) -> None:
        data = self.folder / "data"
        if self.prefix:
            user = self.prefix[2]
            entry = pwd.getpwnam(user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        os.chmod(self.folder, 0o755)
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync",
                  "--no-instructions")
        # Durability is not what these tests check: without fsync the server starts and
        # commits quickly on a busy machine. Enough connections for two bot processes'
        # pools and the tests' own.
        options = (f"-k {self.folder} -p {self.port} -c listen_addresses='' -c fsync=off"
                   " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.folder / "log"), "-w", "-t", "60",
                  "start")
        self.started = True

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop", check=False)
            self.started = False
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}&port={self.port}"

    async def new_database(self) -> str:
        """A fresh, empty place of its own, and its URL: a schema of the tests' database,
        named in the URL's ``search_path`` (asyncpg passes it to the server for every
        connection). A schema costs a millisecond where a database costs half a second and
        8 MB; a test sees only its own tables."""
        import asyncpg

        name = f"t{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = 'broadside_tests'"):
                await conn.execute("CREATE DATABASE broadside_tests TEMPLATE template0")
        finally:
            await conn.close()
        conn = await asyncpg.connect(self.url("broadside_tests"))
        try:
            await conn.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await conn.close()
        return self.url("broadside_tests") + f"&search_path={name}"

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([*self.prefix, str(self.bindir / tool), *args], capture_output=True, text=True,
                              timeout=120)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}"
                               + self._log_tail())
        return done

    def _log_tail(self) -> str:
        log = self.folder / "log"
        return "\n" + log.read_text(errors="replace")[-2000:] if log.exists() else ""
