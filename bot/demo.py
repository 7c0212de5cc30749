"""`broadside demo`: a whole game between computer captains, offline.

It goes through the same pieces the Discord bot uses — the game service, the
database, the game loop, the renderer — with the in-process transport in place of
Discord, and writes what a thread would have shown: the map of each post (a still
map, or an animated one for a post that tells several phases), the replay animation
(a frame per phase with action, each with its turn), the game record and the log.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, replace
from pathlib import Path

from bot.loop import LoopManager
from bot.service import GameService, Pacing
from bot.transport import InProcessTransport
from db import Database
from bot import i18n
from bot.service.posting import POSTINGS, frames_with_action, public_weights
from renderer import DEFAULT_THEME, ViewportMemory, describe_image, render_map_bytes, render_replay
from renderer.summary import summary_card
from rules.core.record import replay
from rules.core.registry import get_ruleset, ruleset_names

HOST = 1  # the demo's host; the seats are computer captains
HOST_NAME = "host"
POLL = 0.02


@dataclass
class DemoResult:
    out: Path
    images: list[Path]
    replay: Path
    record: Path
    log: Path
    outcome: str
    posts: int = 0  # public posts in the thread, maps or not


def image_maker():
    """One game's maps at one stable scale: the viewport is remembered between frames."""
    memory = ViewportMemory()

    def make(view: dict, lang: str = "en") -> tuple[bytes, str]:
        return render_map_bytes(view, previous_frame=memory, lang=lang), describe_image(view, lang)
    return make


def animate(views: list[dict], captions: list[str], lang: str = "en") -> tuple[bytes, str]:
    theme = replace(DEFAULT_THEME, lang=lang)
    return render_replay(views, captions=captions, theme=theme), describe_image(views[-1], lang)


async def run_demo(out: Path, *, seed: int = 1, ruleset: str | None = None, scenario: str | None = None,
                   level: str = "captain", options: dict | None = None, timeout: float = 600.0,
                   posting: str = "turn", language: str = "en") -> DemoResult:
    """A whole game between computer captains: ``ruleset`` (default: the first known by
    name) and its ``scenario`` (default: its first). ``posting`` is the game's posting
    (:mod:`bot.service.posting`); a demo is read afterwards, like a campaign, so one
    post a turn by default. ``language`` is the game's: its thread, maps and replay."""
    if posting not in POSTINGS:
        raise ValueError(f"unknown posting {posting!r}; known: {', '.join(POSTINGS)}")
    ruleset = ruleset or ruleset_names()[0]
    rules = get_ruleset(ruleset)
    scenario = scenario or next(iter(rules.scenarios()))
    out.mkdir(parents=True, exist_ok=True)
    db_file = out / "demo.sqlite3"
    for stale in (db_file, out / "demo.sqlite3-wal", out / "demo.sqlite3-shm"):
        stale.unlink(missing_ok=True)
    # The log reads as a thread would: the host by name, deadlines as times.
    transport = InProcessTransport(names={HOST: HOST_NAME})
    db = await Database.open(db_file)
    service = GameService(db, transport, seed_source=lambda: seed)
    transport.now = service.clock.now
    loops = LoopManager(service, image_factory=image_maker, animate=animate, cards=summary_card)
    try:
        await loops.start()
        game = await service.create_game(0, 0, HOST, ruleset, scenario, options=options,
                                         pacing=Pacing(style="live", posting=posting), thread_id=0,
                                         language=language)
        for side in await service.sides(game.id):
            await service.add_ai_seat(game.id, HOST, side, level, manager=True)
        await service.start(game.id, HOST, manager=True)
        await _wait_for_end(service, loops, game.id, timeout)
        return await _write(out, service, transport, game.id, rules, language)
    finally:
        await loops.stop()
        await db.close()


async def _wait_for_end(service: GameService, loops: LoopManager, game_id: int, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    limit = loop.time() + timeout
    while (await service.game(game_id)).status != "over":
        if loop.time() > limit:
            raise TimeoutError(f"the demo game did not finish in {timeout:.0f} s")
        await loops.settle(timeout=timeout)
        await asyncio.sleep(POLL)


async def _write(out: Path, service: GameService, transport: InProcessTransport, game_id: int,
                 rules, language: str) -> DemoResult:
    images = []
    for post in transport.posts:
        if post.image is not None:
            suffix = ".gif" if post.image.filename.endswith(".gif") else ".png"
            path = out / f"post-{len(images) + 1:04d}{suffix}"
            path.write_bytes(post.image.data)
            path.with_suffix(".txt").write_text(post.image.alt + "\n", encoding="utf-8")
            images.append(path)
    record = await service.export_record(game_id)
    record_path = out / "record.json"
    record_path.write_text(record.dumps(), encoding="utf-8")
    lines = [line for post in transport.posts for line in post.lines]
    log_path = out / "log.txt"
    log_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result, states = replay(record, keep_states=True)
    weights = [public_weights(rules, step.events) for step in result.steps]
    kept = frames_with_action(weights) or [len(states) - 1]
    frames = [rules.view(states[i], None) for i in kept]
    # A frame drawn after a step that went on into the next turn belongs to the turn before.
    # (the start opens turn 1: it is not such a step)
    turns = [view.get("turn", 0) - (1 if i and "turn_start" in weights[i] else 0) for i, view in zip(kept, frames)]
    captions = [i18n.text("post.turn-frame", language, turn=turn) for turn in turns]
    replay_path = out / "replay.gif"
    theme = replace(DEFAULT_THEME, lang=language)
    replay_path.write_bytes(await asyncio.to_thread(render_replay, frames, captions=captions, theme=theme))
    outcome = result.outcome.model_dump(mode="json") if result.outcome else {}
    (out / "outcome.json").write_text(json.dumps(outcome, indent=1) + "\n", encoding="utf-8")
    return DemoResult(out=out, images=images, replay=replay_path, record=record_path, log=log_path,
                      outcome=f"{outcome.get('kind', '?')} — winner: {outcome.get('winner') or 'none'}",
                      posts=len(transport.posts))
