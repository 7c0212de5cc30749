"""A Discord server in memory, at the HTTP layer, and the real bot on top of it.

The bot (``bot.discord.Broadside``) runs unmodified with a real ``GameService`` on a
temporary database, the real game loops (on a hand-wound clock) and the real map
renderer. Only the wire is fake: the client's ``http.request`` and the webhook
adapter that carries interaction responses are replaced by :class:`FakeDiscord`,
which answers like Discord and records everything the bot would have sent.

Interactions enter the way discord.py receives them from the gateway: a raw
INTERACTION_CREATE payload handed to ``ConnectionState.parse_interaction_create``.

Every record knows whether the world could read it (``public``): a message in a
server channel or thread, or an interaction answer without the ephemeral flag; DMs
and ephemeral answers are private to one user.
"""
from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord import Broadside
from bot.service import FakeClock
from bot.settings import Settings

GUILD, CHANNEL, BOT, APP = 1_000, 2_000, 9_000, 9_001
HOST, ANNE, BOB, CARL = 100, 200, 300, 400
NAMES = {HOST: "Horatio", ANNE: "Anne", BOB: "Bob", CARL: "Carl", BOT: "Broadside"}
EPHEMERAL = 64
MANAGE_GUILD = 1 << 5
TIME = "2024-05-01T12:00:00+00:00"


def user_payload(uid: int) -> dict[str, Any]:
    return {"id": str(uid), "username": NAMES.get(uid, f"user{uid}").lower(), "discriminator": "0",
            "global_name": NAMES.get(uid, f"User {uid}"), "avatar": None, "bot": uid == BOT}


@dataclass
class Sent:
    """One thing the bot sent: a message, an interaction answer, an edit, choices."""

    kind: str  # channel | dm | response | followup | edit | autocomplete | defer
    target: int  # channel id, DM user id, or interaction id
    public: bool
    payload: dict[str, Any]
    files: list[tuple[str, bytes, str | None]] = field(default_factory=list)
    message_id: int | None = None
    interaction_id: int | None = None

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def components(self) -> list[dict[str, Any]]:
        """Every component of the message, rows flattened."""
        out = []
        for row in self.payload.get("components") or []:
            out.extend(row.get("components", []))
        return out

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components if "custom_id" in c]

    def component(self, prefix: str) -> dict[str, Any]:
        return next(c for c in self.components if c.get("custom_id", "").startswith(prefix))

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.payload.get("choices") or []

    @property
    def mentions(self) -> list[int]:
        allowed = self.payload.get("allowed_mentions") or {}
        return [int(u) for u in allowed.get("users", [])]


class FakeDiscord:
    """Discord's HTTP API as far as the bot uses it, answering from memory."""

    def __init__(self, start: int = 10**15) -> None:
        self._ids = itertools.count(start)
        self.sent: list[Sent] = []
        self.closed_dms: set[int] = set()
        self.dm_channels: dict[int, int] = {}  # user -> DM channel
        self.dm_opens = 0  # POST /users/@me/channels received
        self.dm_users: dict[int, int] = {}  # DM channel -> user
        self.threads: dict[int, dict[str, Any]] = {}
        self.deleted: list[int] = []
        self.refuse_threads = False
        self.contexts: dict[int, dict[str, Any]] = {}  # interaction id -> how its answers are seen
        self.messages: dict[int, Sent] = {}

    def snowflake(self) -> int:
        return next(self._ids)

    # -- payloads as Discord returns them --------------------------------------------------------
    def message(self, channel_id: int, payload: dict[str, Any], files: list, flags: int = 0) -> dict[str, Any]:
        mid = self.snowflake()
        return {"id": str(mid), "channel_id": str(channel_id), "author": user_payload(BOT),
                "content": payload.get("content") or "", "timestamp": TIME, "edited_timestamp": None, "tts": False,
                "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": [], "pinned": False,
                "type": 0, "flags": flags, "components": payload.get("components") or [],
                "attachments": [{"id": str(self.snowflake()), "filename": f[0], "size": len(f[1]),
                                 "url": f"https://cdn.invalid/{f[0]}", "proxy_url": f"https://cdn.invalid/{f[0]}",
                                 "description": f[2]} for f in files]}

    def thread(self, name: str, parent: int) -> dict[str, Any]:
        tid = self.snowflake()
        data = {"id": str(tid), "type": 11, "guild_id": str(GUILD), "parent_id": str(parent), "owner_id": str(BOT),
                "name": name, "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
                "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "archive_timestamp": TIME,
                                    "locked": False}}
        self.threads[tid] = data
        return data

    @staticmethod
    def _unpack(files, form, kwargs) -> tuple[dict[str, Any], list]:
        payload: dict[str, Any] = kwargs.get("json") or {}
        for part in form or []:
            if part.get("name") == "payload_json":
                payload = json.loads(part["value"])
        got = []
        for f in files or []:
            f.fp.seek(0)
            got.append((f.filename, f.fp.read(), f.description))
        return payload, got

    def forbidden(self, code: int, text: str) -> discord.Forbidden:
        return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": code, "message": text})

    # -- the bot's REST calls -------------------------------------------------------------------------
    async def http_request(self, route, *, files=None, form=None, **kwargs):
        payload, got = self._unpack(files, form, kwargs)
        method, path = route.method, route.path
        if (method, path) == ("POST", "/users/@me/channels"):
            uid = int(payload["recipient_id"])
            self.dm_opens += 1
            cid = self.dm_channels.setdefault(uid, self.snowflake())
            self.dm_users[cid] = uid
            return {"id": str(cid), "type": 1, "recipients": [user_payload(uid)], "last_message_id": None}
        if (method, path) == ("POST", "/channels/{channel_id}/messages"):
            cid = int(route.channel_id)
            uid = self.dm_users.get(cid)
            if uid is not None and uid in self.closed_dms:
                raise self.forbidden(50007, "Cannot send messages to this user")
            data = self.message(cid, payload, got)
            sent = Sent("dm" if uid is not None else "channel", uid if uid is not None else cid, uid is None, payload,
                        got, int(data["id"]))
            self.sent.append(sent)
            self.messages[sent.message_id] = sent
            return data
        if (method, path) == ("POST", "/channels/{channel_id}/threads"):
            if self.refuse_threads:
                raise self.forbidden(50013, "Missing Permissions")
            return self.thread(payload["name"], int(route.channel_id))
        if (method, path) == ("DELETE", "/channels/{channel_id}"):
            self.deleted.append(int(route.channel_id))
            return self.threads.get(int(route.channel_id), {})
        raise AssertionError(f"the bot called an endpoint the fake does not know: {method} {path}")

    # -- interaction answers (webhook routes) ------------------------------------------------------------
    async def webhook_request(self, route, payload=None, multipart=None, files=None):
        body, got = self._unpack(files, multipart, {"json": payload})
        method, path = route.method, route.path
        if path == "/interactions/{webhook_id}/{webhook_token}/callback":
            iid = int(route.webhook_id)
            return self._callback(iid, body, got)
        iid = int(route.webhook_token.removeprefix("token-"))
        ctx = self.contexts[iid]
        if (method, path) == ("POST", "/webhooks/{webhook_id}/{webhook_token}"):
            flags = (body.get("flags") or 0)
            public = not (flags & EPHEMERAL) and not ctx["dm"] and not ctx.get("deferred_private")
            data = self.message(ctx["channel"], body, got, flags)
            sent = Sent("followup", iid, public, body, got, int(data["id"]), iid)
            self.sent.append(sent)
            self.messages[sent.message_id] = sent
            return data
        if method == "PATCH" and path.startswith("/webhooks/{webhook_id}/{webhook_token}/messages/"):
            public = ctx.get("original_public", False)
            data = self.message(ctx["channel"], body, got)
            self.sent.append(Sent("edit", iid, public, body, got, ctx.get("message"), iid))
            return data
        raise AssertionError(f"the bot called a webhook route the fake does not know: {method} {path}")

    def _callback(self, iid: int, body: dict[str, Any], got: list) -> dict[str, Any]:
        ctx = self.contexts[iid]
        kind = body["type"]
        data = body.get("data") or {}
        flags = data.get("flags") or 0
        answer: dict[str, Any] = {"interaction": {"id": str(iid), "type": ctx["type"]}, "resource": {"type": kind}}
        if kind == 8:
            self.sent.append(Sent("autocomplete", iid, False, data, interaction_id=iid))
        elif kind == 5:
            ctx["deferred_private"] = bool(flags & EPHEMERAL) or ctx["dm"]
            ctx["original_public"] = not ctx["deferred_private"]
            self.sent.append(Sent("defer", iid, False, data, interaction_id=iid))
            answer["interaction"]["response_message_loading"] = True
        elif kind == 6:
            ctx["original_public"] = ctx.get("message_public", False)
        elif kind in (4, 7):
            if kind == 4:
                public = not (flags & EPHEMERAL) and not ctx["dm"]
                ctx["original_public"] = public
                message = self.message(ctx["channel"], data, got, flags)
                mid = int(message["id"])
            else:
                public = ctx.get("message_public", False)
                message = self.message(ctx["channel"], data, got, flags)
                mid = ctx.get("message")
            sent = Sent("response" if kind == 4 else "edit", iid, public, data, got, mid, iid)
            self.sent.append(sent)
            if kind == 4:
                self.messages[mid] = sent
            answer["interaction"]["response_message_id"] = str(mid)
            answer["interaction"]["response_message_ephemeral"] = not public
            answer["resource"]["message"] = message
        else:
            raise AssertionError(f"unexpected interaction response type {kind}")
        return answer

    # -- reading what was sent -------------------------------------------------------------------------
    def public(self) -> list[Sent]:
        return [s for s in self.sent if s.public]

    def to(self, interaction_id: int) -> list[Sent]:
        """Everything that answered one interaction."""
        return [s for s in self.sent if s.interaction_id == interaction_id and s.kind != "defer"]

    def dms(self, user_id: int) -> list[Sent]:
        return [s for s in self.sent if s.kind == "dm" and s.target == user_id]

    def in_channel(self, channel_id: int) -> list[Sent]:
        return [s for s in self.sent if s.kind == "channel" and s.target == channel_id]


def _option(param: discord.app_commands.Parameter, name: str, value: Any, focused: bool) -> dict[str, Any]:
    kind = param.type.value
    if kind == 6:  # a user: Discord sends the id and the user in "resolved"
        value = str(value)
    out = {"name": name, "type": kind, "value": value}
    if focused:
        out["focused"] = True
    return out


class Table:
    """The bot on a fake Discord, and members who type commands and click menus."""

    def __init__(self, client: Broadside, fake: FakeDiscord, clock: FakeClock, database) -> None:
        self.client = client
        self.fake = fake
        self.clock = clock
        self.database = database
        self.game_thread: int | None = None

    @property
    def service(self):
        return self.client.service

    async def settle(self) -> None:
        # An upper bound only: computer seats can play a whole game within one settle.
        await self.client.loops.settle(timeout=120)

    async def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        await self.settle()

    # -- a game ----------------------------------------------------------------------------------------
    async def new_game(self, scenario: str = "frigate-duel", **options: Any):
        """/game new by the host in the channel; later commands go to the game's thread."""
        await self.command(HOST, "game", "new", channel=CHANNEL, ruleset="cannoni", scenario=scenario, **options)
        self.game_thread = max(self.fake.threads)
        return await self.service.find_game(self.game_thread)

    async def duel(self, *, start: bool = True, **options: Any):
        """A frigate duel: Anne sails for Britain, Bob for France."""
        game = await self.new_game(**options)
        await self.command(ANNE, "game", "join", side="britain")
        await self.command(BOB, "game", "join", side="france")
        if start:
            await self.command(HOST, "game", "start")
        return await self.service.game(game.id)

    def forms(self, user: int) -> list[Sent]:
        """Order menus sent to a user by direct message, oldest first."""
        return [s for s in self.fake.dms(user) if any(c.startswith("bs1:") for c in s.custom_ids())]

    # -- raw interactions ----------------------------------------------------------------------------
    def _base(self, kind: int, user: int, *, channel: int | None, dm: bool, locale: str, permissions: int,
              message: Sent | None = None, guild_locale: str = "en-US") -> dict[str, Any]:
        iid = self.fake.snowflake()
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP), "type": kind, "token": f"token-{iid}", "version": 1,
            "locale": locale, "attachment_size_limit": 10 * 1024 * 1024, "entitlements": [],
            "app_permissions": str((1 << 41) - 1),
        }
        if dm:
            cid = self.fake.dm_channels.setdefault(user, self.fake.snowflake())
            self.fake.dm_users[cid] = user
            payload.update(channel_id=str(cid), channel={"id": str(cid), "type": 1, "recipients": [user_payload(user)]},
                           user=user_payload(user), context=1)
        else:
            cid = channel if channel is not None else (self.game_thread or CHANNEL)
            if cid in self.fake.threads:
                raw_channel = dict(self.fake.threads[cid])
            else:
                raw_channel = {"id": str(cid), "type": 0, "guild_id": str(GUILD), "name": "naval-battles",
                               "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                               "rate_limit_per_user": 0, "topic": None, "last_message_id": None, "flags": 0}
            payload.update(guild_id=str(GUILD), channel_id=str(cid), channel=raw_channel, guild_locale=guild_locale,
                           guild={"id": str(GUILD), "locale": guild_locale, "features": []}, context=0,
                           member={"user": user_payload(user), "roles": [], "joined_at": TIME, "deaf": False,
                                   "mute": False, "flags": 0, "nick": None, "permissions": str(permissions)})
        if message is not None:
            payload["message"] = {**self.fake.message(cid, message.payload, []), "id": str(message.message_id),
                                  "flags": 0 if message.public else EPHEMERAL}
        self.fake.contexts[iid] = {"type": kind, "dm": dm, "channel": cid, "user": user,
                                   "message": message.message_id if message else None,
                                   "message_public": message.public if message else False}
        return payload

    def _command_data(self, name: str, sub: str | None, options: dict[str, Any], focused: str | None) -> dict:
        cmd = self.client.tree.get_command(name)
        assert cmd is not None, name
        target = cmd.get_command(sub) if sub else cmd
        assert target is not None, (name, sub)
        opts = [_option(target.get_parameter(k), k, v, k == focused) for k, v in options.items() if v is not None]
        resolved: dict[str, Any] = {}
        for k, v in options.items():
            param = target.get_parameter(k)
            if param.type.value == 6:
                resolved.setdefault("users", {})[str(v)] = user_payload(v)
                resolved.setdefault("members", {})[str(v)] = {"roles": [], "joined_at": TIME, "deaf": False,
                                                               "mute": False, "flags": 0, "nick": None}
        data: dict[str, Any] = {"id": str(self.fake.snowflake()), "name": name, "type": 1}
        if sub:
            data["options"] = [{"name": sub, "type": 1, "options": opts}]
        else:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        return data

    async def _dispatch(self, payload: dict[str, Any]) -> int:
        before = asyncio.all_tasks()
        self.client._connection.parse_interaction_create(payload)
        started = [t for t in asyncio.all_tasks() - before
                   if t.get_name() == "CommandTree-invoker" or t.get_name().startswith("discord.py: ")]
        await asyncio.gather(*started)
        await self.settle()
        return int(payload["id"])

    # -- what members do --------------------------------------------------------------------------------
    async def command(self, user: int, name: str, sub: str | None = None, /, *, channel: int | None = None,
                      locale: str = "en-US", guild_locale: str = "en-US", permissions: int = 0,
                      **options: Any) -> list[Sent]:
        payload = self._base(2, user, channel=channel, dm=False, locale=locale, permissions=permissions,
                             guild_locale=guild_locale)
        payload["data"] = self._command_data(name, sub, options, None)
        return self.fake.to(await self._dispatch(payload))

    async def complete(self, user: int, name: str, sub: str | None = None, /, *, focused: str,
                       channel: int | None = None, **options: Any) -> list[dict[str, Any]]:
        """The choices autocomplete offers for option ``focused`` (typed so far: its value)."""
        payload = self._base(4, user, channel=channel, dm=False, locale="en-US", permissions=0)
        options.setdefault(focused, "")
        payload["data"] = self._command_data(name, sub, options, focused)
        answers = self.fake.to(await self._dispatch(payload))
        assert len(answers) == 1 and answers[0].kind == "autocomplete", answers
        return answers[0].choices

    async def click(self, user: int, message: Sent, custom_id: str, values: list[str] | None = None) -> list[Sent]:
        """A click on a button (or a choice in a select menu) of a message the bot sent."""
        dm = message.kind == "dm"
        component = next(c for c in message.components if c.get("custom_id") == custom_id)
        payload = self._base(3, user, channel=None if dm else (self.game_thread or CHANNEL), dm=dm,
                             locale="en-US", permissions=0, message=message)
        payload["data"] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            payload["data"]["values"] = values
        answers = self.fake.to(await self._dispatch(payload))
        # The clicked message now shows what the answer put in it (Discord edits it in place).
        for answer in answers:
            if answer.kind == "edit" and answer.message_id == message.message_id:
                message.payload = {**message.payload, **answer.payload}
        return answers

    async def choose(self, user: int, message: Sent, menu: str, option_label: str) -> list[Sent]:
        """Pick the option labelled ``option_label`` in the menu with that placeholder (or
        the first whose id starts with ``menu``)."""
        menu = next((c for c in message.components if c.get("placeholder") == menu), None) or message.component(menu)
        value = next(o["value"] for o in menu["options"] if o["label"] == option_label)
        return await self.click(user, message, menu["custom_id"], [value])


@pytest.fixture
async def open_table(tmp_path, monkeypatch):
    """Opens bots on fake Discords: ``await open_table()`` (a fresh database each), or
    ``await open_table(path=...)`` to restart on an existing one. All are closed at the end."""
    fakes: list[FakeDiscord] = []
    clients: list[Broadside] = []

    async def webhook_request(self, route, session=None, *, payload=None, multipart=None, files=None, **_):
        iid = int(route.webhook_id if route.path.startswith("/interactions/") else
                  route.webhook_token.removeprefix("token-"))
        owner = next(f for f in fakes if iid in f.contexts)
        return await owner.webhook_request(route, payload, multipart, files)

    monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)

    async def make(*, path=None, fake: FakeDiscord | None = None, clock: FakeClock | None = None,
                   images="real") -> Table:
        fake = fake or FakeDiscord(start=10**15 + len(fakes) * 10**12)
        fakes.append(fake)
        clock = clock or FakeClock()
        database = path or tmp_path / f"broadside-{len(clients)}.sqlite3"
        # No grace period: the clock is a FakeClock the tests wind by hand.
        settings = Settings(_env_file=None, database=str(database), grace_seconds=0, campaign_grace_seconds=0)
        extra = {} if images == "real" else {"images": images}
        client = Broadside(settings, clock=clock, seed_source=lambda: 7, sync_commands=False, **extra)
        await client._async_setup_hook()
        client._connection.user = discord.ClientUser(state=client._connection, data=user_payload(BOT))
        client._connection.application_id = APP
        client.http.request = fake.http_request  # type: ignore[method-assign]
        await client.setup_hook()
        clients.append(client)
        return Table(client, fake, clock, database)

    yield make
    for client in clients:
        await client.close()
    for fake in fakes:
        check_discord_limits(fake)


def check_discord_limits(fake: FakeDiscord) -> None:
    """What Discord would refuse, and what must never be public, in everything a test sent."""
    for s in fake.sent:
        assert len(s.content) <= 2000, (s.kind, len(s.content))
        rows = s.payload.get("components") or []
        assert len(rows) <= 5
        for c in s.components:
            assert len(c.get("custom_id", "")) <= 100, c["custom_id"]
            assert len(c.get("options", [])) <= 25
            assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in c.get("options", []))
        if any(c.startswith("bs1:") for c in s.custom_ids()):
            assert not s.public, f"order menus in public: {s.content[:80]}"
        assert len(s.choices) <= 25
        assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in s.choices)
        assert all(len(data) <= 10 * 1024 * 1024 for _, data, _ in s.files)


@pytest.fixture
async def table(open_table) -> Table:
    return await open_table()


def png(data: bytes) -> bool:
    return data.startswith(b"\x89PNG\r\n\x1a\n")


__all__ = ["ANNE", "BOB", "CARL", "CHANNEL", "GUILD", "HOST", "MANAGE_GUILD", "FakeDiscord", "Sent", "Table", "png"]
