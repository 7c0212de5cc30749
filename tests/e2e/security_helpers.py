"""Shared pieces of the security and secrecy scenarios: a world of members, the bot on
its own database, a snapshot of everything a game has stored, and a capture of the
bot's log output."""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterator

from bot import i18n
from bot.discord.client import Broadside
from bot.service import FakeClock
from bot.settings import Settings
from tests.e2e.fake_discord import LoopbackDiscord, Perm
from tests.e2e.fake_discord.model import Channel, Guild, Message, Role, User

NOT_HOST = i18n.text("error.not-host", "en")
UNEXPECTED = i18n.text("reply.error-unexpected", "en")


@dataclass
class World:
    server: LoopbackDiscord
    guild: Guild
    battles: Channel
    harbour: Channel
    host: User
    anne: User
    bob: User
    mallory: User  # a member of the server with no seat and no rights
    admiral: User  # Manage Server, no seat
    managers: Role


def make_world(server: LoopbackDiscord) -> World:
    guild = server.add_guild("Harbour", channels=("battles", "harbour"))
    host, anne, bob = server.add_user("horatio"), server.add_user("anne"), server.add_user("bob")
    mallory, admiral = server.add_user("mallory"), server.add_user("admiral")
    managers = guild.add_role("Admiralty", Perm.MANAGE_GUILD)
    for user in (host, anne, bob, mallory):
        guild.add_member(user)
    guild.add_member(admiral, managers)
    return World(server, guild, guild.channel("battles"), guild.channel("harbour"), host, anne, bob, mallory,
                 admiral, managers)


def make_bot(server: LoopbackDiscord, database: Path, *, seed: int | Callable[[], int] = 7,
             clock: FakeClock | None = None, **options: Any) -> Broadside:
    settings = Settings(_env_file=None, database=str(database), token=server.token, api_base=server.api_base,
                        gateway_url=server.gateway_url, grace_seconds=0,
                        campaign_grace_seconds=0)  # the test winds the clock
    return Broadside(settings, clock=clock or FakeClock(), seed_source=seed if callable(seed) else (lambda: seed),
                     guild_ready_timeout=0.05,
                     **options)


async def settled(world: World, bot: Broadside, thread: Channel, timeout: float = 10.0) -> None:
    """Wait until the game of ``thread`` asks for orders: its deadline stored and the
    thread's last post the call for orders, then nothing sent for a while."""
    server = world.server
    game = await bot.service.find_game(thread.id)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        await server.idle()
        posts = thread.messages
        if await bot.service.db.deadline(game.id) is not None and posts and posts[-1].content.startswith("Waiting"):
            await server.idle()
            return
        if loop.time() > end:
            raise AssertionError(f"game {game.id} did not settle in {timeout:g} s: {[p.content for p in posts[-2:]]}")
        await asyncio.sleep(0.05)


async def open_duel(world: World, where: Channel | None = None, *, start: bool = True,
                    bot: Broadside | None = None) -> Channel:
    """A frigate duel, Anne for Britain and Bob for France, opened by the host; its thread."""
    where = where or world.battles
    before = list(where.threads)
    await world.host.run(where, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="live", phase="3m")
    (thread,) = [t for t in where.threads if t not in before]
    await world.anne.run(thread, "game join", side="britain")
    await world.bob.run(thread, "game join", side="france")
    if start:
        started = await world.host.run(thread, "game start")
        assert "has begun" in started.text, started.text
        if bot is not None:
            await settled(world, bot, thread)
        else:
            await world.server.idle()
    return thread


async def snapshot(bot: Broadside, game_id: int) -> dict[str, Any]:
    """Everything a game has stored that a command could change."""
    db = bot.service.db

    def rows(items: Any) -> list[dict[str, Any]]:
        return [dataclasses.asdict(i) for i in items]

    game = await db.game(game_id)
    deadline = await db.deadline(game_id)
    return {
        "game": dataclasses.asdict(game) if game else None,
        "seats": rows(await db.seats(game_id)),
        "picks": rows(await db.picks(game_id)),
        "orders": rows(await db.orders(game_id)),
        "steps": rows(await db.steps(game_id)),
        "deadline": dataclasses.asdict(deadline) if deadline else None,
        "audit": rows(await db.audit_log(game_id)),
    }


async def all_games(bot: Broadside) -> list[int]:
    rows = await bot.service.db.games_with_status("lobby", "running", "paused", "over")
    return sorted(g.id for g in rows)


def public_messages(server: LoopbackDiscord) -> list[Message]:
    return [m for m in server.messages if not m.ephemeral and not m.channel.is_dm]


def pings(message: Message) -> bool:
    return bool(message.pinged or message.pinged_roles or message.pinged_everyone)


class LogCapture(logging.Handler):
    """Every record of the bot's loggers (and discord.py's at INFO and above, as
    ``broadside run`` sets them), formatted with arguments and tracebacks."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [self.format(r) for r in self.records]

    def errors(self) -> list[str]:
        return [self.format(r) for r in self.records if r.levelno >= logging.ERROR]


@contextlib.contextmanager
def captured_logs() -> Iterator[LogCapture]:
    handler = LogCapture()
    levels = {}
    for name, level in (("broadside", logging.DEBUG), ("bot", logging.DEBUG), ("db", logging.DEBUG),
                        ("rules", logging.DEBUG), ("renderer", logging.DEBUG), ("discord", logging.INFO)):
        logger = logging.getLogger(name)
        levels[name] = logger.level
        logger.setLevel(level)
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for name, level in levels.items():
            logger = logging.getLogger(name)
            logger.removeHandler(handler)
            logger.setLevel(level)


@contextlib.asynccontextmanager
async def bot_running(server: LoopbackDiscord, database: Path, **options: Any) -> AsyncIterator[Broadside]:
    bot = make_bot(server, database, **options)
    async with server.running(bot):
        yield bot


def leaf_commands(tree: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """(path, options) of every invocable command in a synced tree: sub-commands flattened."""
    out: list[tuple[str, list[dict[str, Any]]]] = []

    def walk(prefix: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            out.append((prefix, options))
            return
        for sub in subs:
            walk(f"{prefix} {sub['name']}", sub.get("options") or [])

    for cmd in tree:
        if cmd.get("type", 1) == 1:
            walk(cmd["name"], cmd.get("options") or [])
    return out
