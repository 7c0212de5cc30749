"""What the games opened between two heap snapshots hold, per game, by source line.

    .venv/bin/python bench/memory_diff.py BEFORE.snap AFTER.snap --games 180

The snapshots are written by the bot of ``bench_load.py`` run with
``BENCH_TRACEMALLOC=1`` (``load_bot.py``): the first after the warm-up games are
opened, the second after the rest. Works on snapshots of any version of the code (it
reads only the traced lines), so the old code's and main's can be compared line by line.
"""
from __future__ import annotations

import argparse
import tracemalloc
from collections import defaultdict


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--games", type=int, required=True, help="games opened between the two snapshots")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    before = tracemalloc.Snapshot.load(args.before)
    after = tracemalloc.Snapshot.load(args.after)
    diffs = after.compare_to(before, "lineno")
    total = sum(d.size_diff for d in diffs)
    print(f"Python heap growth: {total / args.games / 1024:.1f} KiB a game "
          f"({sum(d.count_diff for d in diffs) / args.games:.0f} blocks)")
    by_file: dict[str, int] = defaultdict(int)
    for d in diffs:
        by_file[_short(d.traceback[0].filename)] += d.size_diff
    print("\nby file (KiB a game):")
    for name, size in sorted(by_file.items(), key=lambda kv: -abs(kv[1]))[:args.top]:
        print(f"  {size / args.games / 1024:7.2f}  {name}")
    print("\nby line (KiB a game, blocks a game):")
    for d in sorted(diffs, key=lambda d: -abs(d.size_diff))[:args.top]:
        frame = d.traceback[0]
        print(f"  {d.size_diff / args.games / 1024:7.2f}  {d.count_diff / args.games:6.1f}  "
              f"{_short(frame.filename)}:{frame.lineno}")
    return 0


def _short(path: str) -> str:
    for mark in ("site-packages/", "/lib/python3"):
        if mark in path:
            return path.split(mark, 1)[1]
    for mark in ("/bot/", "/db/", "/rules/", "/renderer/", "/bench/", "/tests/"):
        if mark in path:
            return mark.strip("/") + "/" + path.split(mark, 1)[1]
    return path


if __name__ == "__main__":
    raise SystemExit(main())
