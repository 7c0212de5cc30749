"""How large and how slow is `/replay` for a whole game? Plays a game between computer
captains offline (as `broadside demo` does), then builds the replay the way the bot does:
the public views from the service (`replay_views`, at most 150, sampled evenly) and the
GIF under Discord's 10 MiB (`bot.discord.pictures.replay_gif`).

    .venv/bin/python bench/bench_replay.py --scenario squadron-action
"""
from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.demo import run_demo
from bot.discord.pictures import REPLAY_FRAMES, replay_gif
from bot.discord.replies import FILE_LIMIT
from bot.service import GameService
from bot.transport import InProcessTransport
from db import Database


async def main(ruleset: str, scenario: str, level: str, seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        started = time.perf_counter()
        await run_demo(out, seed=seed, ruleset=ruleset, scenario=scenario, level=level)
        played = time.perf_counter() - started
        db = await Database.open(out / "demo.sqlite3")
        try:
            service = GameService(db, InProcessTransport())
            (game,) = await db.games_with_status("over")
            steps = await db.step_count(game.id)
            t0 = time.perf_counter()
            views = await service.replay_views(game.id, most=REPLAY_FRAMES)
            t1 = time.perf_counter()
            gif, frames = await replay_gif(views, FILE_LIMIT)
            t2 = time.perf_counter()
        finally:
            await db.close()
    print(f"{ruleset}/{scenario}: {steps} steps (played in {played:.1f} s); replay from {len(views)} views: "
          f"views {t1 - t0:.2f} s, GIF {t2 - t1:.2f} s, {len(gif) / 1024:.0f} KiB from {frames} views "
          f"(limit {FILE_LIMIT / 2**20:.0f} MiB)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="cannoni")
    parser.add_argument("--scenario", default="squadron-action")
    parser.add_argument("--level", default="random")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(main(args.ruleset, args.scenario, args.level, args.seed))
