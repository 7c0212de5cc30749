"""The loopback Discord: one aiohttp server on 127.0.0.1 (a free port) serving the REST
API (``/api/v10``), the gateway websocket (``/gateway``) and attachment downloads
(``/attachments``), with the test-side API to build a world, act in it, inject faults
and read what the bot did.
"""
from __future__ import annotations

import asyncio
import base64
import contextlib
import fnmatch
import traceback
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable, Iterator

from aiohttp import web

from .actions import ImpossibleAction
from .gateway import Gateway, Intent
from .interactions import Interaction
from .limits import ATTACHMENT_LIMIT, Reject
from .model import Attachment, Channel, ChannelType, Guild, Message, Perm, Role, Snowflakes, User
from .rest import API, ProtocolError, Rest, json_response


@dataclass
class Rejection:
    """An error answer the server gave (a limit, a rule, a closed DM...)."""

    method: str
    path: str
    status: int
    code: int
    message: str
    violation: bool
    consumed: bool = False

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} code {self.code}: {self.message}"


@dataclass
class RequestRecord:
    method: str
    route: str  # the route template, e.g. "POST /channels/{channel_id}/messages"; "" if unknown
    path: str
    status: int = 0


@dataclass(eq=False)
class Fault:
    """Answer the next ``remaining`` matching requests with ``status`` instead of serving them."""

    status: int
    remaining: int
    route: str | Callable[[web.Request], bool] = "*"
    retry_after: float = 0.05
    is_global: bool = False
    #: False: a 429 without the ``Via`` header, as Cloudflare sends when it bans an IP;
    #: discord.py does not retry those.
    via: bool = True
    hits: list[str] = field(default_factory=list)

    def matches(self, request: web.Request, template: str) -> bool:
        if callable(self.route):
            return bool(self.route(request))
        path = request.path[len(API):]
        return any(fnmatch.fnmatchcase(candidate, self.route)
                   for candidate in (f"{request.method} {template}", f"{request.method} {path}", path, template))

    def response(self) -> web.Response:
        if self.status == 429:
            body = {"message": "You are being rate limited.", "retry_after": self.retry_after,
                    "global": self.is_global, "code": 0}
            headers = {"Retry-After": str(max(1, round(self.retry_after))),
                       "X-RateLimit-Scope": "global" if self.is_global else "user"}
            if self.via:
                headers["Via"] = "1.1 google"
            if self.is_global:
                headers["X-RateLimit-Global"] = "true"
            return json_response(body, 429, headers)
        return json_response({"message": f"{self.status}: Server Error", "code": 0}, self.status)


class LoopbackDiscord:
    """Discord on 127.0.0.1 for one test. See docs/testing.md.

    ``interaction_deadline`` is Discord's 3 s for a first answer (tests may shorten it);
    ``heartbeat_interval`` the HELLO's interval in seconds; ``privileged_intents`` the
    privileged intents enabled for the application in the developer portal (an IDENTIFY
    asking for others is closed with 4014); ``quiet`` how long the bot must send nothing
    for :meth:`idle` to consider it settled.
    """

    def __init__(self, *, bot_name: str = "Broadside", interaction_deadline: float = 3.0,
                 heartbeat_interval: float = 41.25, attachment_limit: int = ATTACHMENT_LIMIT,
                 token_lifetime: float = 15 * 60.0, privileged_intents: int = 0, quiet: float = 0.1) -> None:
        self.ids = Snowflakes()
        self.bot = User(self, self.ids.next(), bot_name.lower(), global_name=bot_name, bot=True)
        self.owner = User(self, self.ids.next(), "app-owner")
        self.application_id = self.bot.id
        self.application_flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        self.token = f"{base64.b64encode(str(self.bot.id).encode()).decode().rstrip('=')}.loopback.discord-token"
        self.interaction_deadline = interaction_deadline
        self.heartbeat_interval_ms = int(heartbeat_interval * 1000)
        self.attachment_limit = attachment_limit
        self.token_lifetime = token_lifetime
        self.privileged_intents = privileged_intents
        self.quiet = quiet

        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: list[Message] = []
        self._by_channel: dict[int, list[Message]] = {}  # id(channel) -> its messages (the channel outlives them)
        self._messages_by_id: dict[int, Message] = {}
        self._dms: dict[int, Channel] = {}
        #: Users the bot opened a DM channel with (POST /users/@me/channels).
        self.dms_opened: set[int] = set()
        self.uploads: dict[int, Attachment] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        #: Synced application commands: None for global, a guild id for guild commands.
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.syncs: list[tuple[int | None, list[dict[str, Any]]]] = []

        self.requests: list[RequestRecord] = []
        self.rejections: list[Rejection] = []
        self.protocol_errors: list[str] = []
        self.faults: list[Fault] = []

        self.gateway = Gateway(self)
        self.rest = Rest(self)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._inflight = 0
        self._last_activity = 0.0
        # Waiters of wait_for: predicate -> the future it resolves; checked together.
        self._waiters: dict[int, tuple[Callable[[], Any], asyncio.Future]] = {}
        self._check_soon: asyncio.Handle | None = None
        self._poll: asyncio.TimerHandle | None = None

    # -- lifecycle ----------------------------------------------------------------------------------
    async def start(self) -> "LoopbackDiscord":
        app = web.Application(middlewares=[self._middleware], client_max_size=128 * 1024 * 1024)
        for method, path, handler in self.rest.routes():
            app.router.add_route(method, API + path, handler)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> "LoopbackDiscord":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` (and ``BROADSIDE_API_BASE``) must be."""
        return self.base_url + API

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` (and ``BROADSIDE_GATEWAY_URL``) must be."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- pointing discord.py here -----------------------------------------------------------------------
    @contextlib.contextmanager
    def pointed(self) -> Iterator[None]:
        """Point discord.py's two process-wide endpoints here; put back what was there."""
        import discord.gateway
        import discord.http
        import yarl
        base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway

    @contextlib.asynccontextmanager
    async def running(self, client: Any, *, wait_ready: bool = True, timeout: float = 10.0) -> AsyncIterator[Any]:
        """Run a discord.py client against this server: ``client.start(token)`` in a task,
        wait until its session is up (READY and GUILD_CREATEs sent; with ``wait_ready``
        also until the client's ``on_ready``), and close it on exit."""
        self.gateway.ready.clear()
        with self.pointed():
            task = asyncio.create_task(client.start(self.token), name="loopback-discord-client")
            try:
                await self._until(task, self.gateway.ready.wait(), timeout, "the bot's gateway session")
                if wait_ready:
                    await self._until(task, client.wait_until_ready(), timeout, "the client's on_ready")
                yield client
            finally:
                if not client.is_closed():
                    await client.close()
                try:
                    await asyncio.wait_for(task, timeout)
                except asyncio.TimeoutError:
                    task.cancel()
                    raise AssertionError(f"the client did not stop within {timeout:g} s of close()") from None

    async def _until(self, task: asyncio.Task[Any], awaitable: Any, timeout: float, what: str) -> None:
        waiter = asyncio.ensure_future(awaitable)
        try:
            done, _ = await asyncio.wait({task, waiter}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not waiter.done():
                waiter.cancel()
        if waiter in done:
            waiter.result()
            return
        if task in done:
            exc = task.exception()
            if exc is not None:
                raise exc
            raise AssertionError(f"the client stopped before {what}")
        raise AssertionError(f"no {what} within {timeout:g} s (protocol errors: {self.protocol_errors})")

    # -- building the world ------------------------------------------------------------------------------
    def add_user(self, name: str, *, dms_open: bool = True, locale: str = "en-US",
                 global_name: str | None = None) -> User:
        user = User(self, self.ids.next(), name, global_name=global_name or name.capitalize(), locale=locale,
                    dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: User | None = None, channels: tuple[str, ...] = ("general",),
                  bot_permissions: int = Perm.BOT, everyone_permissions: int = Perm.EVERYONE,
                  locale: str = "en-US", with_bot: bool = True, shard: tuple[int, int] | None = None) -> Guild:
        """A guild with @everyone, the bot (and its managed role) as a member, an owner
        (a new user unless given) and text channels. Add it before the bot connects, or
        the bot does not hear of it (this fake sends no GUILD_CREATE for later guilds).
        ``shard``: (shard id, shard count) the guild's id must fall on."""
        guild_id = self.ids.next()
        if shard is not None:
            while (guild_id >> 22) % shard[1] != shard[0]:
                guild_id += 1 << 22
            self.ids._last = max(self.ids._last, guild_id)
        guild = Guild(self, guild_id, name, preferred_locale=locale)
        guild.roles[guild.id] = Role(guild, guild.id, "@everyone", everyone_permissions, position=0)
        owner = owner or self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild.owner_id = owner.id
        guild.add_member(owner)
        if with_bot:
            bot_role = Role(guild, self.ids.next(), self.bot.global_name or self.bot.name, bot_permissions,
                            position=1, managed=True)
            guild.roles[bot_role.id] = bot_role
            guild.add_member(self.bot, bot_role)
        for channel in channels:
            guild.add_text_channel(channel)
        self.guilds[guild.id] = guild
        return guild

    def dm_channel(self, user: User) -> Channel:
        channel = self._dms.get(user.id)
        if channel is None:
            channel = Channel(self, self.ids.next(), ChannelType.DM, recipient=user)
            self._dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def store_upload(self, filename: str, data: bytes, content_type: str | None, *, description: str | None = None,
                     channel_id: int = 0) -> Attachment:
        aid = self.ids.next()
        attachment = Attachment(aid, filename, data, description, content_type,
                                url=f"{self.base_url}/attachments/{channel_id}/{aid}/{filename}")
        self.uploads[aid] = attachment
        return attachment

    def store_commands(self, scope: int | None, payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
        existing = {(c.get("type", 1), c["name"]): c for c in self.commands.get(scope, [])}
        stored = []
        for cmd in payload:
            kind = cmd.get("type", 1)
            old = existing.get((kind, cmd["name"]))
            perms = cmd.get("default_member_permissions")
            entry: dict[str, Any] = {
                "id": old["id"] if old else str(self.ids.next()), "application_id": str(self.application_id),
                "version": str(self.ids.next()), "type": kind, "name": cmd["name"],
                "name_localizations": cmd.get("name_localizations"), "description": cmd.get("description", ""),
                "description_localizations": cmd.get("description_localizations"),
                "default_member_permissions": None if perms is None else str(perms),
                "dm_permission": cmd.get("dm_permission", True), "contexts": cmd.get("contexts"),
                "integration_types": cmd.get("integration_types") or [0], "nsfw": bool(cmd.get("nsfw", False)),
            }
            if scope is not None:
                entry["guild_id"] = str(scope)
            if cmd.get("options"):
                entry["options"] = _strip_nones(cmd["options"])
            stored.append(entry)
        self.commands[scope] = stored
        self.syncs.append((scope, stored))
        self.bump()
        return stored

    # -- messages and interactions -----------------------------------------------------------------------
    def add_message(self, msg: Message) -> None:
        self.messages.append(msg)
        self._messages_by_id[msg.id] = msg
        self._by_channel.setdefault(id(msg.channel), []).append(msg)

    def messages_in(self, channel: Any) -> list[Message]:
        """Every message the bot put in ``channel``, oldest first (the same list as
        :attr:`messages` filtered by channel; kept apart because a benchmark's thousands of
        games made every thread's payload and every member's look at their DMs a scan of
        all the server's messages)."""
        return self._by_channel.get(id(channel), [])

    def message(self, message_id: int) -> Message | None:
        return self._messages_by_id.get(message_id)

    def new_interaction(self, type: int, user: User, channel: Channel, data: dict[str, Any], *,
                        message: Message | None = None, command_name: str | None = None,
                        focused_option: dict[str, Any] | None = None,
                        opened_by: Interaction | None = None) -> Interaction:
        it = Interaction(self, self.ids.next(), type, user, channel, channel.guild, data, message=message,
                         command_name=command_name, focused_option=focused_option, opened_by=opened_by,
                         created=asyncio.get_running_loop().time())
        self.interactions[it.id] = it
        self.by_token[it.token] = it
        return it

    async def deliver(self, it: Interaction, *, duplicate: bool = False) -> None:
        """INTERACTION_CREATE on the bot's session (kept for RESUME if it is disconnected);
        Discord's 3 s start when the frame goes out."""
        if self.gateway.sessions.get(self.gateway.shard_of(it.guild.id if it.guild else None)) is None:
            raise ImpossibleAction("the bot has no gateway session (is it running? see LoopbackDiscord.running)")
        loop = asyncio.get_running_loop()

        def sent() -> None:
            it.deliveries += 1
            if it.delivered is None:
                it.delivered = loop.time()

        payload = it.payload()
        self._last_activity = loop.time()
        await self.gateway.dispatch("INTERACTION_CREATE", payload, on_sent=sent)
        if duplicate:
            it.duplicated = True
            await self.gateway.dispatch("INTERACTION_CREATE", payload, on_sent=sent)
        self.bump()

    async def announce(self, event: str, msg: Message) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE for a public message, if the session's intents ask for it."""
        if msg.visible_to is not None:
            return
        if not self.gateway.wants(Intent.DIRECT_MESSAGES if msg.channel.is_dm else Intent.GUILD_MESSAGES):
            return
        data = msg.payload(with_guild=True)
        guild = msg.channel.guild
        if guild is not None and guild.bot_member is not None:
            data["member"] = guild.bot_member.payload(with_user=False)
        await self.gateway.dispatch(event, data)

    async def announce_delete(self, msg: Message) -> None:
        if msg.visible_to is not None:
            return
        if not self.gateway.wants(Intent.DIRECT_MESSAGES if msg.channel.is_dm else Intent.GUILD_MESSAGES):
            return
        data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
        if msg.channel.guild is not None:
            data["guild_id"] = str(msg.channel.guild.id)
        await self.gateway.dispatch("MESSAGE_DELETE", data)

    # -- faults -------------------------------------------------------------------------------------------
    def fail(self, status: int, count: int = 1, *, route: str | Callable[[web.Request], bool] = "*",
             retry_after: float = 0.05, is_global: bool = False, via: bool = True) -> Fault:
        """Answer the next ``count`` REST requests matching ``route`` with ``status`` (429
        with a JSON ``retry_after`` and a ``Via`` header, as Discord does; or 500, 502...).
        ``route`` is a glob over "METHOD /template" or "METHOD /path" (without /api/v10),
        e.g. ``"POST /channels/*/messages"``, or a predicate on the aiohttp request.
        ``is_global`` marks a 429 as the global limit; ``via=False`` leaves out the ``Via``
        header (a Cloudflare ban: discord.py raises instead of retrying)."""
        fault = Fault(status, count, route, retry_after, is_global, via)
        self.faults.append(fault)
        return fault

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's gateway connection; discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code)

    async def request_reconnect(self) -> None:
        await self.gateway.request_reconnect()

    async def invalidate_session(self) -> None:
        await self.gateway.invalidate()

    # -- recording ---------------------------------------------------------------------------------------
    def protocol_error(self, message: str) -> None:
        self.protocol_errors.append(message)
        self.bump()

    def note_rejection(self, method: str, path: str, status: int, code: int, message: str, *,
                       violation: bool) -> Rejection:
        rejection = Rejection(method, path, status, code, message, violation)
        self.rejections.append(rejection)
        self.bump()
        return rejection

    @property
    def violations(self) -> list[Rejection]:
        """Rejections that mean the bot broke a rule, not yet taken by the test."""
        return [r for r in self.rejections if r.violation and not r.consumed]

    def take_violations(self, code: int | None = None) -> list[Rejection]:
        """The violations (with this code), marked as expected so teardown does not fail on them."""
        taken = [r for r in self.violations if code is None or r.code == code]
        for r in taken:
            r.consumed = True
        return taken

    def expect_violation(self, code: int) -> Rejection:
        """The one (first) violation with this code; fails if there is none."""
        taken = self.take_violations(code)
        if not taken:
            raise AssertionError(f"expected a violation with code {code}; rejections so far: "
                                 f"{[str(r) for r in self.rejections]}")
        return taken[0]

    def check(self) -> None:
        """Fail (AssertionError) if the server saw protocol errors or unexpected violations."""
        problems = [f"protocol error: {p}" for p in self.protocol_errors]
        problems += [f"violation: {r}" for r in self.violations]
        if problems:
            raise AssertionError("the loopback Discord saw problems:\n  " + "\n  ".join(problems))

    def requests_to(self, route: str) -> list[RequestRecord]:
        """Requests whose "METHOD /template" or "METHOD /path" matches this glob."""
        return [r for r in self.requests
                if fnmatch.fnmatchcase(f"{r.method} {r.route}", route) or fnmatch.fnmatchcase(f"{r.method} {r.path}", route)]

    # -- waiting -------------------------------------------------------------------------------------------
    def bump(self) -> None:
        """Something changed: look again at what :meth:`wait_for` callers wait for."""
        if self._waiters and self._check_soon is None:
            self._check_soon = asyncio.get_running_loop().call_soon(self._check_waiters)

    def _check_waiters(self) -> None:
        """Every waiter's predicate, once, in one callback. Before, each bump woke every
        waiter's task (a benchmark's thousand members waiting for their menus, each
        through ``asyncio.wait_for``'s task and timer, at every request): the loopback
        Discord then took as much CPU as the bot, and its stalls went into the
        acknowledgement times it measures. Bumps in one turn of the loop now cost one
        check of each waiter."""
        self._check_soon = None
        for key, (predicate, future) in list(self._waiters.items()):
            if future.done():
                continue
            try:
                value = predicate()
            except Exception as exc:  # the waiter's to raise, as before
                self._waiters.pop(key, None)
                future.set_exception(exc)
                continue
            if value:
                self._waiters.pop(key, None)
                future.set_result(value)

    def _tick(self) -> None:
        """Every 50 ms while anyone waits: what changed without a bump (time passing, a
        test's own state) is seen too, as when each waiter looked every 50 ms."""
        self._poll = None
        self._check_waiters()
        if self._waiters:
            self._poll = asyncio.get_running_loop().call_later(0.05, self._tick)

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0, *,
                       raise_on_timeout: bool = True, what: str | None = None) -> Any:
        """Until ``predicate()`` is truthy (returns its value); re-checked after every
        request and gateway frame, and every 50 ms. On timeout: AssertionError, or False."""
        value = predicate()
        if value:
            return value
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()
        key = id(future)
        self._waiters[key] = (predicate, future)
        if self._poll is None:
            self._poll = loop.call_later(0.05, self._tick)
        expiry = loop.call_later(max(0.0, timeout), lambda: future.done() or future.set_result(None))
        try:
            value = await future
        finally:
            expiry.cancel()
            self._waiters.pop(key, None)
        if value:
            return value
        value = predicate()  # the last look, at the timeout
        if value:
            return value
        if raise_on_timeout:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what or predicate}")
        return False

    def is_idle(self, quiet: float | None = None) -> bool:
        """No request in flight and none for ``quiet`` seconds."""
        quiet = self.quiet if quiet is None else quiet
        return self._inflight == 0 and asyncio.get_running_loop().time() - self._last_activity >= quiet

    async def idle(self, quiet: float | None = None, timeout: float = 10.0) -> None:
        """Until no request is in flight and none has arrived for ``quiet`` seconds."""
        quiet = self.quiet if quiet is None else quiet
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            now = loop.time()
            calm = now - self._last_activity
            if self._inflight == 0 and calm >= quiet:
                return
            if now >= end:
                raise AssertionError(f"the bot kept sending requests for {timeout:g} s")
            await asyncio.sleep(max(0.01, quiet - calm) if self._inflight == 0 else 0.01)

    # -- the server side -------------------------------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path == "/gateway" or request.path.startswith("/attachments/"):
            return await handler(request)
        loop = asyncio.get_running_loop()
        self._inflight += 1
        self._last_activity = loop.time()
        resource = request.match_info.route.resource
        template = resource.canonical[len(API):] if resource is not None and resource.canonical.startswith(API) else ""
        record = RequestRecord(request.method, template, request.path[len(API):] if request.path.startswith(API)
                               else request.path)
        self.requests.append(record)
        try:
            response = await self._serve(request, handler, template)
            record.status = response.status
            return response
        finally:
            self._inflight -= 1
            self._last_activity = loop.time()
            self.bump()

    async def _serve(self, request: web.Request, handler: Any, template: str) -> web.StreamResponse:
        where = f"{request.method} {request.path}"
        if not request.path.startswith(API + "/"):
            self.protocol_error(f"{where}: not under {API} (is discord.http.Route.BASE {self.api_base!r}?)")
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        for fault in self.faults:
            if fault.remaining > 0 and fault.matches(request, template):
                fault.remaining -= 1
                fault.hits.append(where)
                if request.body_exists:
                    await request.read()
                return fault.response()
        tokenless = template.startswith("/interactions/") or template.startswith("/webhooks/")
        if template and not tokenless:
            auth = request.headers.get("Authorization")
            if auth is None:
                self.protocol_error(f"{where}: no Authorization header")
                return json_response({"message": "401: Unauthorized", "code": 0}, 401)
            if auth != f"Bot {self.token}":
                self.note_rejection(request.method, request.path, 401, 0, "401: Unauthorized", violation=False)
                return json_response({"message": "401: Unauthorized", "code": 0}, 401)
            if not request.headers.get("User-Agent", "").startswith("DiscordBot"):
                self.protocol_error(f"{where}: User-Agent must start with 'DiscordBot'")
        try:
            return await handler(request)
        except Reject as rej:
            self.note_rejection(request.method, request.path, rej.status, rej.code, rej.describe(),
                                violation=rej.violation)
            return json_response(rej.body(), rej.status)
        except ProtocolError as exc:
            self.protocol_error(f"{where}: {exc}")
            return json_response({"message": str(exc), "code": 50109}, 400)
        except web.HTTPNotFound:
            self.protocol_error(f"{where}: the loopback Discord does not implement this route "
                                f"(add it to tests/e2e/fake_discord/rest.py if the bot needs it)")
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        except web.HTTPMethodNotAllowed:
            self.protocol_error(f"{where}: method not allowed on this route")
            return json_response({"message": "405: Method Not Allowed", "code": 0}, 405)
        except Exception:
            # A bug in the fake, or a request shape it did not expect: fail the test, answer
            # 400 (not 5xx: discord.py would retry those for half a minute).
            self.protocol_error(f"{where}: the loopback Discord failed:\n{traceback.format_exc()}")
            return json_response({"message": "loopback Discord internal error", "code": 0}, 400)

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        raw = request.match_info["attachment_id"]
        attachment = self.uploads.get(int(raw)) if raw.isdigit() else None
        if attachment is None or attachment.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=attachment.data,
                            headers={"Content-Type": attachment.content_type or "application/octet-stream"})


def _strip_nones(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_nones(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_strip_nones(v) for v in value]
    return value
