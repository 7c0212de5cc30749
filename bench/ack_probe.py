"""The acknowledgement as the bot's own process sees it, on any version of the code.

``bench_load.py`` times an acknowledgement on the loopback Discord's loop: from the
INTERACTION_CREATE frame it sent to the callback request it received. That includes the
loopback's own delays (its loop serves a thousand members, a gateway and an HTTP API at
once) and both sockets. This probe times the bot's part alone, inside the bot's process:
from the frame's arrival in discord.py (before its JSON is parsed) to the moment the bot
asks for the interaction's first callback (``defer``, a reply, autocomplete choices),
before the request goes out. It wraps discord.py, not the bot, so the same probe runs on
every version of the bot that uses the same discord.py (``load_bot.py`` installs it).

Each sample: (kind, wall-clock time of the arrival, seconds to the callback request,
seconds the callback's HTTP request then took). The kind is the command (with its
subcommand), "autocomplete /<command>", or "component <custom id's first two fields>".
Each interaction's marks (``times``: id -> [frame read, parsed, handler started, callback
asked, callback answered]) are on the machine's monotonic clock (``time.perf_counter`` is
``CLOCK_MONOTONIC`` on Linux, as the loopback's loop time is), so the loopback Discord's own
timestamps of the same interaction split its acknowledgement into the frame's way to the
bot, the wait for the bot's loop, the handler until its callback, and the callback's way
back. A command's handler starts in the command tree's task; a component's in the client's
``on_interaction``, which ``load_bot.py`` marks with ``started``.

It also notes the wall-clock time of every trip to SQLite's thread (aiosqlite's
``_execute``: a statement, a fetch, a commit), so that a run can count them per
interaction, and the kind of interaction whose tasks made it: the tasks discord.py starts
for an interaction inherit a context variable set while its frame is parsed; trips of
other tasks (the game loops') count as "other".
"""
from __future__ import annotations

import contextvars
import time
from typing import Any

Sample = tuple[str, float, float, float]
HANDLING: contextvars.ContextVar[str] = contextvars.ContextVar("handling", default="other")


def kind_of(data: dict[str, Any]) -> str:
    """A short name for what the member did, from the INTERACTION_CREATE payload."""
    body = data.get("data") or {}
    kind = data.get("type")
    if kind in (2, 4):
        words = [body.get("name", "?")]
        options = body.get("options") or []
        while options and options[0].get("type") in (1, 2):  # subcommand (group)
            words.append(options[0].get("name", "?"))
            options = options[0].get("options") or []
        name = "/" + " ".join(words)
        return name if kind == 2 else f"autocomplete {name}"
    if kind == 3:
        return "component " + ":".join(str(body.get("custom_id", "")).split(":")[:2])
    if kind == 5:
        return "modal " + ":".join(str(body.get("custom_id", "")).split(":")[:2])
    return f"type {kind}"


class AckProbe:
    def __init__(self) -> None:
        self.samples: list[Sample] = []
        self.times: dict[int, list[float]] = {}  # id -> [frame, parsed, started, asked, answered]
        self.database: list[float] = []
        self.trips: dict[str, list[float]] = {}  # kind of interaction -> wall times of its tasks' trips
        self._pending: dict[int, tuple[str, float, float]] = {}  # interaction id -> kind, wall, perf
        self._frame = (0.0, 0.0)  # the frame being handled: wall, perf

    def install(self) -> "AckProbe":
        import discord.app_commands.tree
        import discord.gateway
        import discord.state
        import discord.webhook.async_ as hooks

        probe = self
        received = discord.gateway.DiscordWebSocket.received_message
        parse = discord.state.ConnectionState.parse_interaction_create
        respond = hooks.AsyncWebhookAdapter.create_interaction_response
        call = discord.app_commands.tree.CommandTree._call

        async def received_message(ws: Any, msg: Any, /) -> None:
            # The frame's JSON is parsed and its parser called in this call, with no await
            # in between: the interaction's parser below reads this start.
            probe._frame = (time.time(), time.perf_counter())
            return await received(ws, msg)

        def parse_interaction_create(state: Any, data: dict[str, Any]) -> None:
            wall, start = probe._frame
            kind = kind_of(data)
            probe._pending[int(data["id"])] = (kind, wall, start)
            probe.times[int(data["id"])] = [start, time.perf_counter(), 0.0, 0.0, 0.0]
            token = HANDLING.set(kind)  # the interaction's tasks, started in parse, keep it
            try:
                return parse(state, data)
            finally:
                HANDLING.reset(token)

        async def _call(tree: Any, interaction: Any) -> None:
            probe.started(interaction.id)
            await call(tree, interaction)

        async def create_interaction_response(adapter: Any, interaction_id: int, token: str, **kwargs: Any) -> Any:
            asked = time.perf_counter()
            try:
                return await respond(adapter, interaction_id, token, **kwargs)
            finally:
                arrived = probe._pending.pop(int(interaction_id), None)
                if arrived is not None:
                    kind, wall, start = arrived
                    answered = time.perf_counter()
                    probe.samples.append((kind, wall, asked - start, answered - asked))
                    probe.times[int(interaction_id)][3:5] = [asked, answered]

        try:
            import aiosqlite.core
        except ImportError:
            pass
        else:
            execute = aiosqlite.core.Connection._execute

            def counted(connection: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
                now = time.time()
                probe.database.append(now)
                probe.trips.setdefault(HANDLING.get(), []).append(now)
                return execute(connection, fn, *args, **kwargs)

            aiosqlite.core.Connection._execute = counted  # type: ignore[method-assign]
        discord.gateway.DiscordWebSocket.received_message = received_message  # type: ignore[method-assign]
        discord.state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
        hooks.AsyncWebhookAdapter.create_interaction_response = create_interaction_response  # type: ignore[method-assign]
        discord.app_commands.tree.CommandTree._call = _call  # type: ignore[method-assign]
        return self

    def started(self, interaction_id: int) -> None:
        entry = self.times.get(int(interaction_id))
        if entry is not None and not entry[2]:
            entry[2] = time.perf_counter()
