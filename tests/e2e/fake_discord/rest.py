"""The REST API under ``/api/v10``: what a bot calls, answered like Discord answers,
limits enforced (see :mod:`.limits`).

Routes a bot may need and this server does not implement are protocol errors (the test
fails, naming the route), never silent successes.
"""
from __future__ import annotations

import asyncio
import json
import re
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from aiohttp import web

from .interactions import ALLOWED_CALLBACKS, Callback, Interaction, InteractionType
from .limits import (FormErrors, Reject, THREAD_NAME, check_choices, check_commands, check_message, check_modal)
from .model import Attachment, Channel, ChannelType, Message, MessageFlag, _guess_type

if TYPE_CHECKING:
    from .server import LoopbackDiscord

API = "/api/v10"
Files = dict[int, tuple[str, bytes, str | None]]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

MESSAGE_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_COMPONENTS_V2
INTERACTION_FLAGS = MESSAGE_FLAGS | MessageFlag.EPHEMERAL
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")


class ProtocolError(Exception):
    """A request Discord would not understand (or this fake does not implement)."""


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": discord.py only decodes that content type.
    return web.Response(status=status, body=json.dumps(data).encode(),
                        headers={"Content-Type": "application/json", **(headers or {})})


def no_content() -> web.Response:
    return web.Response(status=204)


class Rest:
    def __init__(self, server: "LoopbackDiscord") -> None:
        self.server = server

    def routes(self) -> list[tuple[str, str, Handler]]:
        s = self
        return [
            ("GET", "/gateway", s.get_gateway),
            ("GET", "/gateway/bot", s.get_gateway_bot),
            ("GET", "/users/@me", s.get_me),
            ("GET", "/users/{user_id}", s.get_user),
            ("POST", "/users/@me/channels", s.open_dm),
            ("GET", "/oauth2/applications/@me", s.get_application),
            ("GET", "/applications/@me", s.get_application),
            ("GET", "/applications/{application_id}/commands", s.get_commands),
            ("PUT", "/applications/{application_id}/commands", s.put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", s.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", s.put_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", s.interaction_callback),
            ("POST", "/webhooks/{application_id}/{token}", s.followup),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", s.webhook_message),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", s.webhook_message),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", s.webhook_message),
            ("GET", "/channels/{channel_id}", s.get_channel),
            ("PATCH", "/channels/{channel_id}", s.edit_channel),
            ("DELETE", "/channels/{channel_id}", s.delete_channel),
            ("GET", "/channels/{channel_id}/messages", s.history),
            ("POST", "/channels/{channel_id}/messages", s.send_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", s.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", s.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", s.delete_message),
            ("POST", "/channels/{channel_id}/typing", s.typing),
            ("POST", "/channels/{channel_id}/threads", s.start_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", s.start_thread),
            ("GET", "/channels/{channel_id}/thread-members", s.thread_members),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", s.thread_member),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", s.thread_member),
            ("GET", "/guilds/{guild_id}", s.get_guild),
            ("GET", "/guilds/{guild_id}/channels", s.guild_channels),
            ("GET", "/guilds/{guild_id}/roles", s.guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", s.guild_member),
            ("GET", "/guilds/{guild_id}/threads/active", s.active_threads),
        ]

    # -- bodies -------------------------------------------------------------------------------------
    async def body(self, request: web.Request) -> tuple[Any, Files]:
        """The JSON body, or a multipart form's ``payload_json`` and its ``files[n]``."""
        if not request.body_exists:
            return None, {}
        ctype = request.content_type
        if ctype == "application/json":
            text = await request.text()
            try:
                return json.loads(text), {}
            except ValueError:
                raise ProtocolError(f"the body is not valid JSON: {text[:200]!r}") from None
        if ctype == "multipart/form-data":
            payload: Any = None
            files: Files = {}
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""
                match = re.fullmatch(r"files\[(\d+)\]", name)
                if name == "payload_json":
                    try:
                        payload = json.loads(await part.text())
                    except ValueError:
                        raise ProtocolError("payload_json is not valid JSON") from None
                elif match:
                    data = await part.read(decode=False)
                    files[int(match.group(1))] = (part.filename or f"file{match.group(1)}", bytes(data),
                                                  part.headers.get("Content-Type"))
                else:
                    raise ProtocolError(f"unexpected multipart field {name!r} (expected payload_json, files[n])")
            return payload, files
        raise ProtocolError(f"unexpected Content-Type {request.headers.get('Content-Type')!r}")

    async def json_body(self, request: web.Request) -> Any:
        body, files = await self.body(request)
        if files:
            raise ProtocolError("files sent to a route that takes none")
        return body

    def protocol(self, request: web.Request) -> Callable[[str], None]:
        return lambda msg: self.server.protocol_error(f"{request.method} {request.path}: {msg}")

    # -- the world ------------------------------------------------------------------------------------
    def channel(self, request: web.Request) -> Channel:
        try:
            cid = int(request.match_info["channel_id"])
        except ValueError:
            raise Reject(404, 10003, "Unknown Channel") from None
        ch = self.server.channels.get(cid)
        if ch is None or ch.deleted:
            raise Reject(404, 10003, "Unknown Channel")
        if ch.guild is not None and self.server.bot.id not in ch.guild.members:
            raise Reject(403, 50001, "Missing Access")
        return ch

    def message_in(self, ch: Channel, raw: str) -> Message:
        msg = self.server.message(int(raw)) if raw.isdigit() else None
        if msg is None or msg.channel is not ch or msg.deleted or msg.visible_to is not None:
            raise Reject(404, 10008, "Unknown Message")
        return msg

    def attachments(self, body: dict[str, Any], files: Files, channel: Channel,
                    existing: list[Attachment] | None) -> list[Attachment]:
        """The message's attachments: kept ones (by id, on edits) and uploads, in order."""
        entries = body.get("attachments")
        kept = {str(a.id): a for a in (existing or [])}
        out: list[Attachment] = []
        used: set[int] = set()
        if entries is None:
            out.extend(existing or [])
        else:
            errs = FormErrors()
            for i, entry in enumerate(entries):
                key = str(entry.get("id"))
                if key in kept:
                    a = kept[key]
                    if "description" in entry:
                        a.description = entry.get("description")
                    out.append(a)
                elif key.isdigit() and int(key) in files:
                    n = int(key)
                    used.add(n)
                    filename, data, ctype = files[n]
                    out.append(self._upload(channel, entry.get("filename") or filename, data, ctype,
                                            entry.get("description")))
                else:
                    errs.add(("attachments", i, "id"), "ATTACHMENT_NOT_FOUND",
                             f"Unknown attachment {key!r}: neither kept nor uploaded")
            errs.raise_if_any()
        for n in sorted(files):
            if n not in used:
                filename, data, ctype = files[n]
                out.append(self._upload(channel, filename, data, ctype, None))
        return out

    def _upload(self, channel: Channel, filename: str, data: bytes, ctype: str | None,
                description: str | None) -> Attachment:
        if ctype in (None, "application/octet-stream"):
            ctype = _guess_type(filename) or ctype
        return self.server.store_upload(filename, data, ctype, description=description, channel_id=channel.id)

    def pings(self, channel: Channel, content: str, am: dict[str, Any] | None
              ) -> tuple[list[Any], list[Any], bool]:
        server = self.server
        parse = {"users", "roles", "everyone"} if am is None else set(am.get("parse") or [])
        allowed_users = {str(u) for u in (am or {}).get("users") or []}
        allowed_roles = {str(r) for r in (am or {}).get("roles") or []}
        users = []
        for uid in dict.fromkeys(USER_MENTION.findall(content)):
            user = server.users.get(int(uid))
            if user is not None and ("users" in parse or uid in allowed_users):
                users.append(user)
        roles = []
        guild = channel.guild
        for rid in dict.fromkeys(ROLE_MENTION.findall(content)):
            role = guild.roles.get(int(rid)) if guild else None
            if role is not None and ("roles" in parse or rid in allowed_roles):
                roles.append(role)
        everyone = ("@everyone" in content or "@here" in content) and "everyone" in parse
        return users, roles, everyone

    def create(self, request: web.Request, channel: Channel, body: Any, files: Files, *, allowed_flags: int,
               interaction: Interaction | None = None, type: int = 0) -> Message:
        if not isinstance(body, dict):
            raise ProtocolError("a message body must be a JSON object")
        check_message(body, list(files.values()), creating=True, allowed_flags=allowed_flags,
                      attachment_limit=self.server.attachment_limit, protocol=self.protocol(request))
        reference = None
        if body.get("message_reference"):
            ref = body["message_reference"]
            target = self.server.message(int(ref.get("message_id", 0)))
            if target is None or target.deleted or target.channel is not channel:
                if ref.get("fail_if_not_exists", True):
                    errs = FormErrors()
                    errs.add(("message_reference",), "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
                    errs.raise_if_any()
            else:
                reference = {"type": 0, "message_id": str(target.id), "channel_id": str(channel.id)}
                if channel.guild:
                    reference["guild_id"] = str(channel.guild.id)
                type = 19
        flags = body.get("flags") or 0
        content = body.get("content") or ""
        users, roles, everyone = self.pings(channel, content, body.get("allowed_mentions"))
        msg = Message(self.server, self.server.ids.next(), channel, self.server.bot, content=content,
                      embeds=list(body.get("embeds") or []), components=list(body.get("components") or []),
                      attachments=self.attachments(body, files, channel, None), flags=flags, type=type,
                      tts=bool(body.get("tts")), interaction=interaction,
                      visible_to=interaction.user if interaction and flags & MessageFlag.EPHEMERAL else None,
                      pinged_users=users, pinged_roles=roles, pinged_everyone=everyone, reference=reference)
        self.server.add_message(msg)
        return msg

    def edit(self, request: web.Request, msg: Message, body: Any, files: Files) -> None:
        """Apply an edit (or the answer that resolves a deferred "thinking" message)."""
        if not isinstance(body, dict):
            raise ProtocolError("a message body must be a JSON object")
        check_message(body, list(files.values()), creating=False, allowed_flags=INTERACTION_FLAGS,
                      attachment_limit=self.server.attachment_limit, protocol=self.protocol(request))
        content = (body["content"] or "") if "content" in body else msg.content
        embeds = list(body["embeds"] or []) if "embeds" in body else msg.embeds
        components = list(body["components"] or []) if "components" in body else msg.components
        attachments = self.attachments(body, files, msg.channel, msg.attachments) \
            if ("attachments" in body or files) else msg.attachments
        if not (content.strip() or embeds or attachments or components):
            raise Reject(400, 50006, "Cannot send an empty message")
        if msg.loading:
            # The answer to a deferral: it notifies like a new message. Its ephemerality
            # stays what the deferral chose, whatever flags the answer asks for.
            users, roles, everyone = self.pings(msg.channel, content, body.get("allowed_mentions"))
            msg.pinged_users, msg.pinged_roles, msg.pinged_everyone = users, roles, everyone
        else:
            msg.history.append(msg.snapshot())
            msg.edited = time.time()
        flags = msg.flags & ~MessageFlag.LOADING
        if isinstance(body.get("flags"), int):
            changeable = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.IS_COMPONENTS_V2
            flags = (flags & ~changeable) | (body["flags"] & changeable)
        msg.content, msg.embeds, msg.components, msg.attachments, msg.flags = (content, embeds, components,
                                                                               attachments, flags)

    # -- gateway, users, application ----------------------------------------------------------------
    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.server.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response({"url": self.server.gateway_url, "shards": 1,
                              "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 86400000,
                                                      "max_concurrency": 1}})

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(self.server.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0,
                                                          "email": None, "locale": "en-US", "premium_type": 0,
                                                          "banner": None, "accent_color": None, "bio": ""})

    async def get_user(self, request: web.Request) -> web.Response:
        raw = request.match_info["user_id"]
        user = self.server.users.get(int(raw)) if raw.isdigit() else None
        if user is None:
            raise Reject(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        body = await self.json_body(request)
        if not isinstance(body, dict) or "recipient_id" not in body:
            raise Reject(400, 50035, "Invalid Form Body",
                         {"recipient_id": {"_errors": [{"code": "BASE_TYPE_REQUIRED",
                                                        "message": "This field is required"}]}})
        user = self.server.users.get(int(body["recipient_id"]))
        if user is None or user.bot:
            raise Reject(404, 10013, "Unknown User")
        channel = self.server.dm_channel(user)
        self.server.dms_opened.add(user.id)
        return json_response(channel.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        s = self.server
        return json_response({
            "id": str(s.application_id), "name": s.bot.name, "icon": None, "description": "", "summary": "",
            "type": None, "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
            "flags": s.application_flags, "owner": s.owner.payload(), "team": None, "rpc_origins": [],
            "bot": s.bot.payload(), "hook": True, "redirect_uris": [], "interactions_endpoint_url": None,
            "role_connections_verification_url": None, "tags": [], "install_params": None,
            "integration_types_config": {"0": {}}, "approximate_guild_count": len(s.guilds),
            "guild_id": None, "cover_image": None, "custom_install_url": None,
        })

    def _scope(self, request: web.Request) -> int | None:
        if request.match_info["application_id"] != str(self.server.application_id):
            raise Reject(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        guild = self.server.guilds.get(int(gid)) if gid.isdigit() else None
        if guild is None or self.server.bot.id not in guild.members:
            raise Reject(403, 50001, "Missing Access")
        return guild.id

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.server.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload = await self.json_body(request)
        errs = FormErrors()
        check_commands(payload, errs)
        errs.raise_if_any()
        return json_response(self.server.store_commands(scope, payload))

    # -- interactions -------------------------------------------------------------------------------
    async def interaction_callback(self, request: web.Request) -> web.Response:
        server = self.server
        raw = request.match_info["interaction_id"]
        it = server.interactions.get(int(raw)) if raw.isdigit() else None
        if it is None or it.token != request.match_info["token"]:
            raise Reject(404, 10062, "Unknown interaction")
        body, files = await self.body(request)
        with_response = request.query.get("with_response", "").lower() in ("1", "true")
        try:
            result = self._answer(request, it, body, files)
        except Reject as rej:
            it.refused.append(rej)
            raise
        server.bump()
        if result is not None:
            await result
        return json_response(it.callback_result()) if with_response else no_content()

    def _answer(self, request: web.Request, it: Interaction, body: Any, files: Files) -> Awaitable[None] | None:
        server = self.server
        if not isinstance(body, dict) or not isinstance(body.get("type"), int):
            raise Reject(400, 50035, "Invalid Form Body",
                         {"type": {"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "This field is required"}]}})
        if it.response is not None:
            raise Reject(400, 40060, "Interaction has already been acknowledged.", violation=not it.duplicated)
        now = asyncio.get_running_loop().time()
        if it.delivered is None or now - it.delivered > server.interaction_deadline:
            raise Reject(404, 10062, "Unknown interaction")
        kind = body["type"]
        data = body.get("data")
        if kind not in ALLOWED_CALLBACKS.get(it.type, set()) or (
                kind in (Callback.DEFERRED_UPDATE_MESSAGE, Callback.UPDATE_MESSAGE) and it.message is None):
            raise Reject(400, 50035, "Invalid Form Body",
                         {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                                "message": f"Callback type {kind} is not valid for interaction "
                                                           f"type {it.type}"}]}})
        if files and kind not in (Callback.CHANNEL_MESSAGE, Callback.UPDATE_MESSAGE):
            raise ProtocolError(f"files sent with callback type {kind}")
        pending: Awaitable[None] | None = None
        if kind == Callback.CHANNEL_MESSAGE:
            msg = self.create(request, it.channel, data or {}, files, allowed_flags=INTERACTION_FLAGS,
                              interaction=it, type=20 if it.type == InteractionType.APPLICATION_COMMAND else 0)
            it.original = msg
            pending = server.announce("MESSAGE_CREATE", msg)
        elif kind == Callback.DEFERRED_CHANNEL_MESSAGE:
            flags = (data or {}).get("flags") or 0
            if flags & ~MessageFlag.EPHEMERAL:
                raise Reject(400, 50035, "Invalid Form Body",
                             {"data": {"flags": {"_errors": [{"code": "MESSAGE_FLAGS_INVALID",
                                                              "message": "Only EPHEMERAL may be set on a deferral"}]}}})
            msg = Message(server, server.ids.next(), it.channel, server.bot, flags=MessageFlag.LOADING | flags,
                          type=20 if it.type == InteractionType.APPLICATION_COMMAND else 0, interaction=it,
                          visible_to=it.user if flags & MessageFlag.EPHEMERAL else None)
            server.add_message(msg)
            it.original = msg
            pending = server.announce("MESSAGE_CREATE", msg)
        elif kind == Callback.DEFERRED_UPDATE_MESSAGE:
            it.original = it.message
        elif kind == Callback.UPDATE_MESSAGE:
            assert it.message is not None
            if it.message.deleted:
                raise Reject(404, 10008, "Unknown Message")
            self.edit(request, it.message, data or {}, files)
            it.original = it.message
            pending = server.announce("MESSAGE_UPDATE", it.message)
        elif kind == Callback.AUTOCOMPLETE_RESULT:
            errs = FormErrors()
            check_choices((data or {}).get("choices"), it.focused_option, errs)
            errs.raise_if_any()
            it.choices = list(data["choices"])
        elif kind == Callback.MODAL:
            errs = FormErrors()
            check_modal(data, errs)
            errs.raise_if_any()
            it.modal = data
        it.response = kind
        it.responded_at = now
        return pending

    def _token(self, request: web.Request) -> Interaction:
        server = self.server
        it = server.by_token.get(request.match_info["token"])
        if it is None or request.match_info["application_id"] != str(server.application_id):
            raise ProtocolError("a webhook that is not an interaction's (the loopback Discord has no channel webhooks)")
        if it.response is None or it.response in (Callback.PONG, Callback.AUTOCOMPLETE_RESULT):
            raise Reject(404, 10015, "Unknown Webhook")
        if asyncio.get_running_loop().time() - (it.delivered or 0) > server.token_lifetime:
            raise Reject(401, 50027, "Invalid Webhook Token")
        return it

    async def followup(self, request: web.Request) -> web.Response:
        it = self._token(request)
        body, files = await self.body(request)
        if not isinstance(body, dict):
            raise ProtocolError("a follow-up body must be a JSON object")
        original = it.original
        if it.response == Callback.DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading \
                and not original.deleted:
            # The first follow-up after a deferral is the answer: it fills the "thinking"
            # message, which stays as ephemeral (or public) as the deferral made it.
            self.edit(request, original, body, files)
            msg = original
            await self.server.announce("MESSAGE_UPDATE", msg)
        else:
            msg = self.create(request, it.channel, body, files, allowed_flags=INTERACTION_FLAGS, interaction=it)
            it.followups.append(msg)
            await self.server.announce("MESSAGE_CREATE", msg)
        self.server.bump()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(msg.payload())
        return no_content()

    async def webhook_message(self, request: web.Request) -> web.Response:
        it = self._token(request)
        raw = request.match_info["message_id"]
        if raw == "@original":
            msg = it.original
        else:
            msg = next((m for m in [it.original, *it.followups] if m is not None and str(m.id) == raw), None)
        if msg is None or msg.deleted:
            raise Reject(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(msg.payload())
        if request.method == "DELETE":
            msg.deleted = True
            await self.server.announce_delete(msg)
            self.server.bump()
            return no_content()
        body, files = await self.body(request)
        self.edit(request, msg, body, files)
        await self.server.announce("MESSAGE_UPDATE", msg)
        self.server.bump()
        return json_response(msg.payload())

    # -- channels and messages ------------------------------------------------------------------------
    def _may_send(self, ch: Channel) -> None:
        if ch.is_dm:
            assert ch.recipient is not None
            if not ch.recipient.dms_open:
                raise Reject(403, 50007, "Cannot send messages to this user", violation=False)
            return
        gate = ch.parent if ch.is_thread and ch.parent else ch
        if not ch.bot_can_send or not gate.bot_can_send:
            raise Reject(403, 50013, "Missing Permissions", violation=False)
        if ch.type in (ChannelType.GUILD_CATEGORY, ChannelType.GUILD_FORUM):
            raise Reject(400, 50008, "Cannot send messages in a non-text channel")
        if ch.is_thread and ch.archived:
            if ch.locked:
                raise Reject(400, 50083, "Thread is archived")
            ch.archived = False

    async def send_message(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        self._may_send(ch)
        body, files = await self.body(request)
        msg = self.create(request, ch, body, files, allowed_flags=MESSAGE_FLAGS)
        await self.server.announce("MESSAGE_CREATE", msg)
        self.server.bump()
        return json_response(msg.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        return json_response(self.message_in(ch, request.match_info["message_id"]).payload())

    async def history(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        q = request.query
        limit = int(q.get("limit", 50))
        if not 1 <= limit <= 100:
            raise Reject(400, 50035, "Invalid Form Body",
                         {"limit": {"_errors": [{"code": "NUMBER_TYPE_MAX", "message": "int value should be <= 100."}]}})
        msgs = ch.messages
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
            return json_response([m.payload() for m in reversed(msgs[:limit])])
        if "around" in q:
            pivot = int(q["around"])
            older = [m for m in msgs if m.id <= pivot][-((limit + 1) // 2):]
            newer = [m for m in msgs if m.id > pivot][: limit // 2]
            msgs = older + newer
        return json_response([m.payload() for m in reversed(msgs[-limit:])])

    async def edit_message(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        msg = self.message_in(ch, request.match_info["message_id"])
        if msg.author is not self.server.bot:
            raise Reject(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self.body(request)
        self.edit(request, msg, body, files)
        await self.server.announce("MESSAGE_UPDATE", msg)
        self.server.bump()
        return json_response(msg.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        msg = self.message_in(ch, request.match_info["message_id"])
        msg.deleted = True
        await self.server.announce_delete(msg)
        self.server.bump()
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        self._may_send(ch)
        return no_content()

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.channel(request).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        body = await self.json_body(request)
        if not isinstance(body, dict):
            raise ProtocolError("a channel edit must be a JSON object")
        errs = FormErrors()
        known = {"name", "topic", "archived", "locked", "auto_archive_duration", "invitable", "rate_limit_per_user",
                 "flags", "applied_tags", "position", "nsfw", "parent_id", "permission_overwrites",
                 "default_auto_archive_duration"}
        for key in body:
            if key not in known:
                self.server.protocol_error(f"{request.method} {request.path}: unknown channel field {key!r}")
        if "name" in body:
            errs.length(("name",), body["name"], 1, THREAD_NAME)
        if "auto_archive_duration" in body and body["auto_archive_duration"] not in ARCHIVE_DURATIONS:
            errs.add(("auto_archive_duration",), "BASE_TYPE_CHOICES", f"Value must be one of {ARCHIVE_DURATIONS}.")
        errs.raise_if_any()
        for key in ("name", "topic", "archived", "locked", "auto_archive_duration", "invitable"):
            if key in body and body[key] is not None:
                setattr(ch, key, body[key])
        await self.server.gateway.dispatch("THREAD_UPDATE" if ch.is_thread else "CHANNEL_UPDATE",
                                           ch.payload())
        self.server.bump()
        return json_response(ch.payload())

    async def delete_channel(self, request: web.Request) -> web.Response:
        ch = self.channel(request)
        if ch.is_dm:
            return json_response(ch.payload())
        payload = ch.payload()
        ch.deleted = True
        if ch.is_thread:
            await self.server.gateway.dispatch("THREAD_DELETE", {"id": str(ch.id), "guild_id": str(ch.guild.id),
                                                                 "parent_id": str(ch.parent_id), "type": ch.type})
        else:
            await self.server.gateway.dispatch("CHANNEL_DELETE", payload)
        self.server.bump()
        return json_response(payload)

    async def start_thread(self, request: web.Request) -> web.Response:
        parent = self.channel(request)
        body = await self.json_body(request)
        if not isinstance(body, dict):
            raise ProtocolError("a thread body must be a JSON object")
        from_message = "message_id" in request.match_info
        if parent.type == ChannelType.GUILD_FORUM:
            raise ProtocolError("forum posts are not implemented by the loopback Discord")
        if parent.type not in (ChannelType.GUILD_TEXT, ChannelType.GUILD_ANNOUNCEMENT):
            raise Reject(400, 50024, "Cannot execute action on this channel type")
        if not parent.bot_can_create_threads:
            raise Reject(403, 50013, "Missing Permissions", violation=False)
        for key in body:
            if key not in ("name", "auto_archive_duration", "type", "invitable", "rate_limit_per_user"):
                self.server.protocol_error(f"{request.method} {request.path}: unknown thread field {key!r}")
        errs = FormErrors()
        errs.length(("name",), body.get("name"), 1, THREAD_NAME)
        duration = body.get("auto_archive_duration") or 4320
        if duration not in ARCHIVE_DURATIONS:
            errs.add(("auto_archive_duration",), "BASE_TYPE_CHOICES", f"Value must be one of {ARCHIVE_DURATIONS}.")
        if from_message:
            kind = ChannelType.ANNOUNCEMENT_THREAD if parent.type == ChannelType.GUILD_ANNOUNCEMENT \
                else ChannelType.PUBLIC_THREAD
        else:
            kind = body.get("type") or ChannelType.PRIVATE_THREAD
            if kind not in ChannelType.THREADS:
                errs.add(("type",), "BASE_TYPE_CHOICES", "Value must be one of {10, 11, 12}.")
        errs.raise_if_any()
        if from_message:
            starter = self.message_in(parent, request.match_info["message_id"])
            if self.server.channels.get(starter.id) is not None:
                raise Reject(400, 160004, "A thread has already been created for this message")
            tid = starter.id
        else:
            tid = self.server.ids.next()
        thread = Channel(self.server, tid, kind, body["name"], guild=parent.guild, parent_id=parent.id,
                         owner_id=self.server.bot.id, auto_archive_duration=duration,
                         invitable=bool(body.get("invitable", True)), thread_members={self.server.bot.id})
        assert parent.guild is not None
        parent.guild.channels[thread.id] = thread
        self.server.channels[thread.id] = thread
        await self.server.gateway.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True})
        self.server.bump()
        return json_response(thread.payload(), status=201)

    def _thread(self, request: web.Request) -> Channel:
        ch = self.channel(request)
        if not ch.is_thread:
            raise Reject(400, 50024, "Cannot execute action on this channel type")
        return ch

    async def thread_members(self, request: web.Request) -> web.Response:
        ch = self._thread(request)
        return json_response([{"id": str(ch.id), "user_id": str(uid), "join_timestamp": None, "flags": 0}
                              for uid in sorted(ch.thread_members)])

    async def thread_member(self, request: web.Request) -> web.Response:
        ch = self._thread(request)
        raw = request.match_info["user_id"]
        uid = self.server.bot.id if raw == "@me" else (int(raw) if raw.isdigit() else 0)
        assert ch.guild is not None
        if uid not in ch.guild.members:
            raise Reject(404, 10007, "Unknown Member")
        if request.method == "PUT":
            ch.thread_members.add(uid)
        else:
            ch.thread_members.discard(uid)
        self.server.bump()
        return no_content()

    # -- guilds ---------------------------------------------------------------------------------------
    def guild(self, request: web.Request) -> Any:
        raw = request.match_info["guild_id"]
        guild = self.server.guilds.get(int(raw)) if raw.isdigit() else None
        if guild is None:
            raise Reject(404, 10004, "Unknown Guild")
        if self.server.bot.id not in guild.members:
            raise Reject(403, 50001, "Missing Access")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        data = guild.payload()
        if request.query.get("with_counts", "").lower() in ("1", "true"):
            data.update({"approximate_member_count": len(guild.members), "approximate_presence_count": 0})
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        return json_response([c.payload() for c in guild.channels.values() if not c.is_thread and not c.deleted])

    async def guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self.guild(request).roles.values()])

    async def guild_member(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        raw = request.match_info["user_id"]
        member = guild.members.get(int(raw)) if raw.isdigit() else None
        if member is None:
            raise Reject(404, 10007, "Unknown Member")
        return json_response(member.payload())

    async def active_threads(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        threads = [t for t in guild.threads if not t.archived]
        return json_response({"threads": [t.payload() for t in threads], "members": []})
