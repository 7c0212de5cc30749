"""Small helpers shared by the Broadside scenarios against the loopback Discord."""
from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from bot.discord.client import Broadside
from bot.service import FakeClock
from bot.settings import Settings
from tests.e2e.fake_discord import LoopbackDiscord, Perm

PNG = b"\x89PNG\r\n\x1a\n"


@dataclass
class World:
    guild: object
    battles: object
    host: object
    anne: object
    bob: object


def duel_world(server: LoopbackDiscord, *, bob_dms: bool = True, shard: tuple[int, int] | None = None) -> World:
    """A server with #battles, a host with Manage Server, Anne and Bob (``shard``: the
    (shard id, shard count) the server's id falls on)."""
    guild = server.add_guild("Harbour", channels=("battles",), shard=shard)
    host = server.add_user("horatio")
    anne = server.add_user("anne")
    bob = server.add_user("bob", dms_open=bob_dms)
    admirals = guild.add_role("Admiralty", Perm.MANAGE_GUILD)
    guild.add_member(host, admirals)
    guild.add_member(anne)
    guild.add_member(bob)
    return World(guild, guild.channel("battles"), host, anne, bob)


def settings_for(server: LoopbackDiscord, database: Path, *, grace_seconds: float = 0.0) -> Settings:
    """The bot's settings against the loopback Discord. The clock is a FakeClock that
    only the test winds, so a phase resolves as its last order arrives unless a test
    asks for the grace period (the same for live games and campaigns)."""
    return Settings(_env_file=None, database=str(database), token=server.token,
                    api_base=server.api_base, gateway_url=server.gateway_url, grace_seconds=grace_seconds,
                    campaign_grace_seconds=grace_seconds)


def make_bot(server: LoopbackDiscord, database: Path, clock: FakeClock | None = None, *,
             grace_seconds: float = 0.0) -> Broadside:
    return Broadside(settings_for(server, database, grace_seconds=grace_seconds), clock=clock or FakeClock(),
                     seed_source=lambda: 7, guild_ready_timeout=0.05)


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def no_errors_logged() -> Iterator[_Errors]:
    """Fails the test if anything (a command, a view, a game loop, discord.py's own
    handlers) logged an error or a traceback while the block ran."""
    handler = _Errors()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
    assert not handler.records, "the bot logged errors:\n" + "\n".join(
        handler.format(r) + ("\n" + logging.Formatter().formatException(r.exc_info) if r.exc_info else "")
        for r in handler.records)


def form_of(message) -> bool:
    """A message carrying an order menu (a select with a bs1:s: id)."""
    return any(str(c.get("custom_id", "")).startswith("bs1:s:") for c in message.selects)


def option_value(message, label: str) -> str:
    (menu,) = [s for s in message.selects if s["custom_id"].startswith("bs1:s:")]
    return next(o["value"] for o in menu["options"] if o["label"] == label)


def maps(thread) -> list:
    """The thread's messages carrying the map: a PNG, or an animated GIF for a post that
    tells several phases, with alt text."""
    found = []
    for message in thread.messages:
        for f in message.files:
            if f.filename.endswith(".png") or f.filename.endswith(".gif"):
                assert f.data.startswith(PNG if f.filename.endswith(".png") else b"GIF89a"), \
                    f"{f.filename} is not what its name says"
                assert f.description, "the map has no description (alt text)"
                found.append(message)
    return found


async def open_duel(server: LoopbackDiscord, w: World):
    """/game new, both players join, the host starts; returns the game's thread once the
    call for the first orders is posted. Told whenever a person must act, so each
    resolution a test waits for is posted before the next call for orders, and a deadline
    each phase (a campaign's defaults are a post and a deadline a turn)."""
    await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="campaign",
                     phase="12h", posting="act", deadline="phase")
    (thread,) = w.battles.threads
    return await seat_and_start(server, w, thread)


async def open_galleys(w: World, phase: str):
    """A live Nauta game (greek-fire, ``phase`` a phase): Anne on the first side, a computer
    captain on the other, started; returns its thread."""
    await w.host.run(w.battles, "game new", ruleset="nauta", scenario="greek-fire", pacing="live", phase=phase)
    (thread,) = w.battles.threads
    sides = await w.anne.autocomplete(thread, "game join", "side", "")
    await w.anne.run(thread, "game join", side=sides[0]["value"])
    await w.host.run(thread, "host add-ai", side=sides[1]["value"], level="captain")
    await w.host.run(thread, "game start")
    return thread


async def seat_and_start(server: LoopbackDiscord, w: World, thread):
    """Anne joins Britain and Bob France in the duel opened in ``thread``, the host starts
    it; returns the thread once the call for the first orders is posted."""
    await w.anne.run(thread, "game join", side="britain")
    await w.bob.run(thread, "game join", side="france")
    await w.host.run(thread, "game start")
    await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 10,
                          what="the call for the first orders")
    return thread


async def dm_form(server: LoopbackDiscord, user, timeout: float = 5.0):
    """The newest order menu in the user's DMs."""
    return await server.wait_for(lambda: next((m for m in reversed(user.dm.messages) if form_of(m)), None),
                                 timeout, what=f"an order menu in {user.name}'s DMs")


def posts_starting(thread, prefix: str) -> list:
    return [m for m in thread.messages if m.content.startswith(prefix)]
