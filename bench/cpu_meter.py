"""CPU seconds of each process of a benchmark run, read from ``/proc``.

The development machine has 2 cores and other people's work on it, so a wall-clock
figure says as much about the machine as about the bot. CPU seconds do not: they count
what each process of the run did, whatever else waited for the cores. A tree of
processes is counted whole: every live process's own time plus its reaped children's
(``cutime``/``cstime``), so a PostgreSQL backend that closed, or a render worker
replaced, is still in the count, once.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float, float] | None:
    """(parent pid, own CPU s, reaped children's CPU s), or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK, (int(fields[13]) + int(fields[14])) / TICK


def _all() -> dict[int, tuple[int, float, float]]:
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            stat = _stat(int(name))
            if stat is not None:
                found[int(name)] = stat
    return found


def tree_cpu(root: int, table: dict[int, tuple[int, float, float]] | None = None,
             skip_root_children: bool = False) -> float:
    """CPU seconds of ``root`` and every process below it (reaped ones included)."""
    table = _all() if table is None else table
    if root not in table:
        return 0.0
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        _, own, reaped = table[pid]
        total += own + reaped
        todo.extend(children.get(pid, ()))
    return total


def own_cpu(pid: int) -> float:
    stat = _stat(pid)
    return stat[1] if stat is not None else 0.0


def postmaster_pid(data_dir: Path) -> int | None:
    """A PostgreSQL server's main process, from its data folder's ``postmaster.pid``."""
    try:
        return int((data_dir / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None


class Meter:
    """CPU seconds by part of the run: the bot processes (their event loops, database
    threads), their render workers, the PostgreSQL server (when it is ours: its
    postmaster and backends), and this process (the loopback Discord and its members,
    which share one event loop)."""

    def __init__(self, postmaster: int | None) -> None:
        self.postmaster = postmaster

    def read(self, bots: list[int]) -> dict[str, float]:
        table = _all()
        bot_own = sum(table[p][1] for p in bots if p in table)
        bot_tree = sum(tree_cpu(p, table) for p in bots)
        out = {"bot": bot_own, "render": bot_tree - bot_own,
               "harness": time.process_time()}
        if self.postmaster is not None:
            out["postgres"] = tree_cpu(self.postmaster, table)
        return out

    @staticmethod
    def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        return {k: after[k] - before.get(k, 0.0) for k in after}
