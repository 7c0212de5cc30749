"""The gateway: Discord's websocket (JSON text frames, API v10).

HELLO on connect; HEARTBEAT answered with HEARTBEAT_ACK; IDENTIFY answered with READY
(guilds unavailable) then one GUILD_CREATE per guild; RESUME replays what the session
missed and ends with RESUMED; REQUEST_GUILD_MEMBERS answered with one chunk. Every
dispatch is numbered and kept, so a dropped connection can be resumed.

**Shards.** IDENTIFY may carry ``shard: [shard_id, shard_count]``; each shard is a session
of its own (one per connection, as Discord's), READY lists the guilds of that shard only,
and events are routed as Discord routes them: a guild's to shard ``(guild_id >> 22) %
shard_count``, direct messages and anything without a guild to shard 0. Every session of
one bot must agree on ``shard_count`` (else 4010 Invalid shard, as Discord closes it).
Without ``shard`` the bot is one shard of one, as before.
"""
from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import LoopbackDiscord


class Op:
    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    PRESENCE_UPDATE = 3
    VOICE_STATE_UPDATE = 4
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    seq: int = 0
    #: (seq, frame, called once the frame has gone out) for every dispatch, for RESUME.
    sent: list[tuple[int, str, Callable[[], None] | None]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    acked: int = 0  # the highest seq the client has told us it saw (heartbeats, RESUME)
    presence: dict[str, Any] | None = None
    invalid: bool = False
    shard_id: int = 0
    ready: bool = False  # READY and the shard's GUILD_CREATEs have gone out


class Gateway:
    def __init__(self, server: "LoopbackDiscord") -> None:
        self.server = server
        #: The live session of each shard.
        self.sessions: dict[int, Session] = {}
        self.shard_count = 1
        #: Shard ids of every IDENTIFY, in order (a test reads who connected where).
        self.identified_shards: list[tuple[int, int]] = []
        self.sockets: set[web.WebSocketResponse] = set()
        self.connections = 0
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        #: Set once READY and every GUILD_CREATE have gone out on the current session.
        self.ready = asyncio.Event()
        self._send_lock = asyncio.Lock()

    # -- the websocket ------------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        server = self.server
        if request.query.get("v") != "10" or request.query.get("encoding", "json") != "json":
            server.protocol_error(f"gateway connect with query {dict(request.query)}: expected v=10&encoding=json")
        ws = web.WebSocketResponse(max_msg_size=16 * 1024 * 1024, autoping=True)
        await ws.prepare(request)
        self.sockets.add(ws)
        self.connections += 1
        identified: Session | None = None
        try:
            await self._send(ws, {"op": Op.HELLO, "d": {"heartbeat_interval": server.heartbeat_interval_ms},
                                  "s": None, "t": None})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        frame = json.loads(msg.data)
                    except ValueError:
                        server.protocol_error(f"gateway frame is not JSON: {msg.data[:200]!r}")
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                        break
                    identified = await self._on_frame(ws, frame, identified)
                elif msg.type == WSMsgType.BINARY:
                    server.protocol_error("binary gateway frame from the client (encoding=json expected)")
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                elif msg.type == WSMsgType.ERROR:
                    break
                server.bump()
        finally:
            self.sockets.discard(ws)
            for session in self.sessions.values():
                if session.ws is ws:
                    session.ws = None
            server.bump()
        return ws

    async def _on_frame(self, ws: web.WebSocketResponse, frame: dict[str, Any], identified: Session | None
                        ) -> Session | None:
        server = self.server
        op, d = frame.get("op"), frame.get("d")
        if op == Op.HEARTBEAT:
            self.heartbeats += 1
            if identified is not None and isinstance(d, int):
                identified.acked = max(identified.acked, d)
            await self._send(ws, {"op": Op.HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            return identified
        if op == Op.IDENTIFY:
            if identified is not None:
                await ws.close(code=4005, message=b"Already authenticated.")
                return identified
            if not isinstance(d, dict) or d.get("token") != server.token:
                server.note_rejection("IDENTIFY", "gateway", 4004, 4004, "Authentication failed.", violation=False)
                await ws.close(code=4004, message=b"Authentication failed.")
                return None
            intents = d.get("intents")
            if not isinstance(intents, int):
                server.protocol_error("IDENTIFY without intents (required since API v8)")
                await ws.close(code=4013, message=b"Invalid intent(s).")
                return None
            if intents & Intent.PRIVILEGED & ~server.privileged_intents:
                await ws.close(code=4014, message=b"Disallowed intent(s).")
                return None
            shard = d.get("shard")
            shard_id, count = (shard if isinstance(shard, list) and len(shard) == 2 else [0, 1])
            others = {sid for sid, other in self.sessions.items() if sid != shard_id and other.ws is not None
                      and not other.ws.closed}
            if (not isinstance(shard_id, int) or not isinstance(count, int) or not 0 <= shard_id < count
                    or (others and count != self.shard_count)):
                await ws.close(code=4010, message=b"Invalid shard.")
                return None
            self.identifies += 1
            self.identified_shards.append((shard_id, count))
            self.shard_count = count
            self.ready.clear()
            session = Session(id=secrets.token_hex(16), intents=intents, ws=ws, presence=d.get("presence"),
                              shard_id=shard_id)
            self.sessions[shard_id] = session
            await self._ready(session, shard)
            return session
        if op == Op.RESUME:
            session = next((x for x in self.sessions.values()
                            if isinstance(d, dict) and x.id == d.get("session_id")), None)
            if (not isinstance(d, dict) or session is None or session.invalid or d.get("session_id") != session.id
                    or d.get("token") != server.token):
                await asyncio.sleep(0.05)  # Discord waits 1-5 s; a short pause keeps tests fast
                await self._send(ws, {"op": Op.INVALID_SESSION, "d": False, "s": None, "t": None})
                return None
            self.resumes += 1
            if session.ws is not None and session.ws is not ws and not session.ws.closed:
                await session.ws.close(code=4000, message=b"Session resumed elsewhere.")
            session.ws = ws
            seen = d.get("seq") or 0
            async with self._send_lock:
                for seq, text, on_sent in session.sent:
                    if seq > seen:
                        await ws.send_str(text)
                        if on_sent is not None:
                            on_sent()
            await self._dispatch_on(session, "RESUMED", {"_trace": ["loopback-discord"]})
            self._check_ready()
            return session
        if op == Op.PRESENCE_UPDATE:
            if identified is not None:
                identified.presence = d
            return identified
        if op == Op.VOICE_STATE_UPDATE:
            return identified
        if op == Op.REQUEST_GUILD_MEMBERS:
            await self._members_chunk(identified, d)
            return identified
        server.protocol_error(f"gateway opcode {op!r} is not one a bot sends (frame {str(frame)[:200]})")
        return identified

    async def _ready(self, session: Session, shard: Any) -> None:
        server = self.server
        bot = server.bot
        guilds = [g for g in server.guilds.values()
                  if bot.id in g.members and self.shard_of(g.id) == session.shard_id]
        user = bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}
        data: dict[str, Any] = {
            "v": 10, "user": user, "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id, "session_type": "normal", "resume_gateway_url": server.gateway_url,
            "application": {"id": str(server.application_id), "flags": server.application_flags},
            "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["loopback"], "user_settings": {}, "auth": {},
            "_trace": ["loopback-discord"],
        }
        if shard is not None:
            data["shard"] = shard
        await self._dispatch_on(session, "READY", data)
        for guild in guilds:
            await self._dispatch_on(session, "GUILD_CREATE",
                                    guild.create_payload(all_members=bool(session.intents & Intent.GUILD_MEMBERS)))
        session.ready = True
        self._check_ready()

    def _check_ready(self) -> None:
        """``ready`` once every shard of the bot has a session that has had its guilds."""
        if all(self.sessions.get(i) is not None and self.sessions[i].ready for i in range(self.shard_count)):
            self.ready.set()

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    async def _members_chunk(self, session: Session | None, d: Any) -> None:
        if session is None or not isinstance(d, dict):
            self.server.protocol_error("REQUEST_GUILD_MEMBERS before IDENTIFY")
            return
        guild = self.server.guilds.get(int(d.get("guild_id", 0)))
        if guild is None:
            return
        if not session.intents & Intent.GUILD_MEMBERS:
            members = []
        else:
            query = (d.get("query") or "").lower()
            ids = d.get("user_ids")
            members = [m for m in guild.members.values()
                       if (ids is None or str(m.id) in [str(i) for i in (ids if isinstance(ids, list) else [ids])])
                       and m.user.name.lower().startswith(query)]
            if d.get("limit"):
                members = members[: int(d["limit"])]
        chunk: dict[str, Any] = {"guild_id": str(guild.id), "members": [m.payload() for m in members],
                                 "chunk_index": 0, "chunk_count": 1}
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        if d.get("presences"):
            chunk["presences"] = []
        await self._dispatch_on(session, "GUILD_MEMBERS_CHUNK", chunk)

    # -- sending ------------------------------------------------------------------------------------
    async def _send(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        if ws.closed:
            return
        async with self._send_lock:
            try:
                await ws.send_str(json.dumps(frame))
            except ConnectionError:
                pass

    @property
    def session(self) -> Session | None:
        """Shard 0's session (the only one of a bot that does not shard)."""
        return self.sessions.get(0)

    async def dispatch(self, event: str, data: dict[str, Any], *, on_sent: Callable[[], None] | None = None) -> None:
        """Send an event on the session of its shard (by the data's ``guild_id``; none:
        shard 0); kept for RESUME if that shard is not connected."""
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        session = self.sessions.get(self.shard_of(int(guild_id) if guild_id is not None else None))
        if session is None:
            return
        await self._dispatch_on(session, event, data, on_sent=on_sent)

    async def _dispatch_on(self, session: Session, event: str, data: dict[str, Any], *,
                           on_sent: Callable[[], None] | None = None) -> None:
        async with self._send_lock:
            session.seq += 1
            text = json.dumps({"op": Op.DISPATCH, "t": event, "s": session.seq, "d": data})
            session.sent.append((session.seq, text, on_sent))
            ws = session.ws
            if ws is not None and not ws.closed:
                try:
                    await ws.send_str(text)
                except ConnectionError:
                    return
                if on_sent is not None:
                    on_sent()

    def wants(self, intent: int) -> bool:
        return any(bool(s.intents & intent) for s in self.sessions.values())

    def shard_connected(self, shard_id: int) -> bool:
        session = self.sessions.get(shard_id)
        return session is not None and session.ws is not None and not session.ws.closed

    @property
    def connected(self) -> bool:
        """Every shard of the bot has a live connection."""
        return all(self.shard_connected(i) for i in range(self.shard_count))

    def _chosen(self, shard_id: int | None) -> list[Session]:
        if shard_id is not None:
            return [s for s in [self.sessions.get(shard_id)] if s is not None]
        return list(self.sessions.values())

    # -- faults -------------------------------------------------------------------------------------
    async def drop(self, code: int = 4000, *, shard_id: int | None = None) -> None:
        """Close the bot's connection (code 4000: "unknown error", the client resumes); of
        one shard, or of every shard."""
        for session in self._chosen(shard_id):
            if session.ws is not None:
                ws, session.ws = session.ws, None
                self.ready.clear()
                await ws.close(code=code, message=b"Dropped by the test.")

    async def request_reconnect(self) -> None:
        """Opcode 7: the client closes and resumes."""
        for session in self._chosen(None):
            if session.ws is not None:
                self.ready.clear()
                await self._send(session.ws, {"op": Op.RECONNECT, "d": None, "s": None, "t": None})

    async def invalidate(self) -> None:
        """Opcode 9 (not resumable): the client starts a new session with IDENTIFY."""
        for session in self._chosen(None):
            session.invalid = True
            self.ready.clear()
            if session.ws is not None:
                await self._send(session.ws, {"op": Op.INVALID_SESSION, "d": False, "s": None, "t": None})

    async def close_all(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=1001, message=b"Server going away.")
