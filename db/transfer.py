"""``broadside migrate --from sqlite:PATH --to postgresql://...``: a SQLite database copied
whole into an empty PostgreSQL one, for a bot that outgrows one process.

Both are opened as the bot opens them (so both carry every migration first), and every
table the migrations made is copied, row by row, in one transaction on the target:
either it all lands or nothing does. Tables are copied parents first (by their foreign
keys), so no table needs naming here and a new migration's table is copied too. JSON
columns that SQLite kept zlib-compressed (:mod:`db.compact`) are stored as their text,
which PostgreSQL compresses itself. Identity counters (game ids, order sequence numbers)
continue after the highest copied value, so no id is ever reused.

Run it with the bot stopped: the copy is of the file as it is when it starts.
"""
from __future__ import annotations

from typing import Any

from db import compact
from db.backend import is_postgres
from db.database import Database

SKIPPED = {"schema_version", "leases", "sqlite_sequence"}  # the target has its own; leases die with processes
BATCH = 500


class TransferError(Exception):
    """The copy cannot be made (what to fix is in the message)."""


def _order_by_parents(tables: list[str], parents: dict[str, set[str]]) -> list[str]:
    ordered: list[str] = []
    left = sorted(tables)
    while left:
        ready = [t for t in left if not (parents.get(t, set()) - {t}) - set(ordered)]
        if not ready:
            raise TransferError(f"the foreign keys of {left} go round in a circle")
        ordered.extend(ready)
        left = [t for t in left if t not in ready]
    return ordered


def _stored(value: Any) -> Any:
    """A value as PostgreSQL keeps it: compressed JSON as its text."""
    return compact.unpack(value) if isinstance(value, bytes) else value


async def transfer(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every row; returns the rows copied per table."""
    if is_postgres(source_url) or not is_postgres(target_url):
        raise TransferError("migrate copies a SQLite database (--from sqlite:PATH) into PostgreSQL"
                            " (--to postgresql://...)")
    source = await Database.open(source_url)
    try:
        target = await Database.open(target_url)
    except OSError as exc:
        await source.close()
        raise TransferError(f"cannot reach the PostgreSQL server: {exc}") from exc
    try:
        return await _copy(source, target)
    finally:
        await target.close()
        await source.close()


async def _copy(source: Database, target: Database) -> dict[str, int]:
    names = [r["name"] for r in await source._read("SELECT name FROM sqlite_master WHERE type = 'table'")
             if r["name"] not in SKIPPED]
    parents = {t: {r["table"] for r in await source._read(f'PRAGMA foreign_key_list("{t}")')} for t in names}
    tables = _order_by_parents(names, parents)
    for table in tables:
        if (await target._read(f'SELECT COUNT(*) FROM "{table}"'))[0][0]:
            raise TransferError(f"the PostgreSQL database is not empty (table {table} has rows): migrate into"
                                " a new database")
    counts: dict[str, int] = {}
    async with target._write(None) as tx:
        for table in tables:
            columns = [r["name"] for r in await source._read(f'PRAGMA table_info("{table}")')]
            names_sql = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join("?" * len(columns))
            rows = await source._read(f'SELECT {names_sql} FROM "{table}" ORDER BY rowid')
            for row in rows:
                await tx.execute(f'INSERT INTO "{table}" ({names_sql}) VALUES ({marks})',
                                 [_stored(row[c]) for c in columns])
            counts[table] = len(rows)
        # Identity columns continue after the copied ids (never reused, as AUTOINCREMENT).
        for ident in await tx.fetch("SELECT table_name, column_name FROM information_schema.columns"
                                    " WHERE table_schema = current_schema() AND is_identity = 'YES'"):
            table, column = ident["table_name"], ident["column_name"]
            await tx.fetch(f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'),"
                           f' COALESCE((SELECT MAX("{column}") FROM "{table}"), 0) + 1, false)')
    return counts
