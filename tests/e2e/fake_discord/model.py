"""What the loopback Discord knows: users, guilds, roles, members, channels, messages,
attachments, and how each looks on the wire (the JSON Discord sends for it).

The objects double as the test's handles: a :class:`User` runs commands and presses
buttons (see :mod:`.actions`), a :class:`Channel` lists what the bot posted in it, a
:class:`Message` shows its text, files and components.
"""
from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from .interactions import Interaction
    from .server import LoopbackDiscord

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Discord ids: milliseconds since 2015 in the high bits, so ids carry their time
    (discord.py reads a message's age from its id) and grow monotonically."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).isoformat()


class Perm:
    """Permission bits (https://discord.com/developers/docs/topics/permissions)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1

    EVERYONE = (CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
                | READ_MESSAGE_HISTORY | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS
                | SEND_MESSAGES_IN_THREADS)
    BOT = EVERYONE | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS


class ChannelType:
    GUILD_TEXT = 0
    DM = 1
    GUILD_VOICE = 2
    GUILD_CATEGORY = 4
    GUILD_ANNOUNCEMENT = 5
    ANNOUNCEMENT_THREAD = 10
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12
    GUILD_FORUM = 15
    THREADS = (10, 11, 12)


class MessageFlag:
    SUPPRESS_EMBEDS = 1 << 2
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12
    IS_COMPONENTS_V2 = 1 << 15


# -- users ---------------------------------------------------------------------------------------
@dataclass(eq=False)
class User:
    """A Discord account. Humans act through the methods in :mod:`.actions` (``run``,
    ``autocomplete``, ``select``, ``click``, ``submit_modal``), bound here for reading ease."""

    server: "LoopbackDiscord" = field(repr=False)
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    #: False: the bot's direct messages fail with 403 / code 50007, as when a user closes
    #: "Allow direct messages from server members".
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "username": self.name, "discriminator": "0",
                                "global_name": self.global_name, "avatar": None, "public_flags": 0,
                                "avatar_decoration_data": None, "primary_guild": None}
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def dm(self) -> "Channel":
        """The direct-message channel between this user and the bot (created on first use,
        the same one the bot gets from ``POST /users/@me/channels``)."""
        return self.server.dm_channel(self)

    @property
    def ephemeral(self) -> list["Message"]:
        """Every ephemeral message the bot showed this user, oldest first (deleted ones left out)."""
        return [m for m in self.server.messages if m.visible_to is self and not m.deleted]

    def visible(self) -> list["Message"]:
        """Everything this user can see from the bot: public messages in guilds they are
        in, their DMs, their ephemeral messages."""
        return [m for m in self.server.messages if not m.deleted and m.can_see(self)]

    def __repr__(self) -> str:
        return f"<User {self.name} {self.id}>"

    # The actions (see actions.py for their documentation).
    async def run(self, where: "Channel", command: str, /, **options: Any) -> "Interaction":
        from .actions import invoke
        return await invoke(self, where, command, options)

    async def invoke(self, where: "Channel", command: str, options: dict[str, Any] | None = None,
                     **kw: Any) -> "Interaction":
        from .actions import invoke
        return await invoke(self, where, command, options or {}, **kw)

    async def autocomplete(self, where: "Channel", command: str, focus: str, typed: str = "", /,
                           **options: Any) -> list[dict[str, Any]]:
        from .actions import autocomplete
        return await autocomplete(self, where, command, focus, typed, options)

    async def select(self, message: "Message", values: list[Any], *, custom_id: str | None = None,
                     **kw: Any) -> "Interaction":
        from .actions import select
        return await select(self, message, values, custom_id=custom_id, **kw)

    async def click(self, message: "Message", label: str | None = None, *, custom_id: str | None = None,
                    **kw: Any) -> "Interaction":
        from .actions import click
        return await click(self, message, label, custom_id=custom_id, **kw)

    async def submit_modal(self, opened: "Interaction", values: dict[str, str], **kw: Any) -> "Interaction":
        from .actions import submit_modal
        return await submit_modal(self, opened, values, **kw)


# -- guilds --------------------------------------------------------------------------------------
@dataclass(eq=False)
class Role:
    guild: "Guild" = field(repr=False)
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    mentionable: bool = False

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "name": self.name, "color": 0,
                                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                                "hoist": False, "icon": None, "unicode_emoji": None, "position": self.position,
                                "permissions": str(self.permissions), "managed": self.managed,
                                "mentionable": self.mentionable, "flags": 0}
        if self.managed:
            data["tags"] = {"bot_id": str(self.guild.server.bot.id)}
        return data

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class Member:
    guild: "Guild" = field(repr=False)
    user: User
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None
    joined: float = field(default_factory=time.time)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def permissions(self) -> int:
        """Guild-level permissions: @everyone plus the member's roles; the owner and
        administrators have them all."""
        if self.user.id == self.guild.owner_id:
            return Perm.ALL
        value = self.guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        return Perm.ALL if value & Perm.ADMINISTRATOR else value

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"roles": [str(r.id) for r in self.roles], "nick": self.nick, "avatar": None,
                                "banner": None, "joined_at": iso(self.joined), "premium_since": None,
                                "deaf": False, "mute": False, "flags": 0, "pending": False,
                                "communication_disabled_until": None}
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class Guild:
    server: "LoopbackDiscord" = field(repr=False)
    id: int
    name: str
    owner_id: int = 0
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, "Channel"] = field(default_factory=dict)  # threads included

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    @property
    def threads(self) -> list["Channel"]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    @property
    def text_channels(self) -> list["Channel"]:
        return [c for c in self.channels.values() if c.type == ChannelType.GUILD_TEXT and not c.deleted]

    def channel(self, name: str) -> "Channel":
        """A channel or thread of this guild by name."""
        for c in self.channels.values():
            if c.name == name and not c.deleted:
                return c
        raise KeyError(f"no channel {name!r} in {self}")

    def add_role(self, name: str, permissions: int = 0, *, mentionable: bool = False) -> Role:
        role = Role(self, self.server.ids.next(), name, permissions, position=len(self.roles),
                    mentionable=mentionable)
        self.roles[role.id] = role
        return role

    def add_member(self, user: User, *roles: Role, nick: str | None = None) -> Member:
        member = Member(self, user, list(roles), nick)
        self.members[user.id] = member
        return member

    def member(self, user: User | int) -> Member | None:
        return self.members.get(user if isinstance(user, int) else user.id)

    def add_text_channel(self, name: str, *, topic: str | None = None, category: "Channel | None" = None,
                         bot_can_send: bool = True, bot_can_create_threads: bool = True) -> "Channel":
        return self.add_channel(name, ChannelType.GUILD_TEXT, topic=topic, category=category,
                                bot_can_send=bot_can_send, bot_can_create_threads=bot_can_create_threads)

    def add_channel(self, name: str, type: int, *, topic: str | None = None, category: "Channel | None" = None,
                    bot_can_send: bool = True, bot_can_create_threads: bool = True) -> "Channel":
        channel = Channel(self.server, self.server.ids.next(), type, name, guild=self, topic=topic,
                          parent_id=category.id if category else None,
                          position=sum(1 for c in self.channels.values() if not c.is_thread),
                          bot_can_send=bot_can_send, bot_can_create_threads=bot_can_create_threads)
        self.channels[channel.id] = channel
        self.server.channels[channel.id] = channel
        return channel

    @property
    def bot_member(self) -> Member | None:
        return self.members.get(self.server.bot.id)

    def payload(self) -> dict[str, Any]:
        """The guild object (REST GET /guilds/{id}), without members or channels."""
        return {"id": str(self.id), "name": self.name, "icon": None, "icon_hash": None, "splash": None,
                "discovery_splash": None, "owner_id": str(self.owner_id), "afk_channel_id": None,
                "afk_timeout": 300, "widget_enabled": False, "widget_channel_id": None, "verification_level": 0,
                "default_message_notifications": 1, "explicit_content_filter": 0,
                "roles": [r.payload() for r in self.roles.values()], "emojis": [], "features": [],
                "mfa_level": 0, "application_id": None, "system_channel_id": None, "system_channel_flags": 0,
                "rules_channel_id": None, "max_presences": None, "max_members": 500000,
                "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
                "premium_subscription_count": 0, "preferred_locale": self.preferred_locale,
                "public_updates_channel_id": None, "max_video_channel_users": 25,
                "max_stage_video_channel_users": 50, "nsfw_level": 0, "stickers": [],
                "premium_progress_bar_enabled": False, "safety_alerts_channel_id": None, "incidents_data": None}

    def create_payload(self, *, all_members: bool) -> dict[str, Any]:
        """GUILD_CREATE. Without the GUILD_MEMBERS intent Discord sends only the bot's own
        member; with it, everyone (this fake never has 'large' guilds)."""
        data = self.payload()
        members = list(self.members.values()) if all_members else [m for m in self.members.values()
                                                                    if m.user is self.server.bot]
        data.update({"joined_at": iso(self.bot_member.joined if self.bot_member else time.time()),
                     "large": False, "unavailable": False, "member_count": len(self.members),
                     "voice_states": [], "members": [m.payload() for m in members],
                     "channels": [c.payload(in_guild_create=True) for c in self.channels.values()
                                  if not c.is_thread and not c.deleted],
                     "threads": [c.payload() for c in self.channels.values() if c.is_thread and not c.deleted
                                 and not c.archived],
                     "presences": [], "stage_instances": [], "guild_scheduled_events": [],
                     "soundboard_sounds": [], "lazy": True, "application_command_counts": {},
                     "embedded_activities": [], "version": int(time.time() * 1000)})
        return data


# -- channels ------------------------------------------------------------------------------------
@dataclass(eq=False)
class Channel:
    """A guild channel, a thread, or a DM channel."""

    server: "LoopbackDiscord" = field(repr=False)
    id: int
    type: int
    name: str | None = None
    guild: Guild | None = field(default=None, repr=False)
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None  # threads
    recipient: User | None = None  # DMs
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    created: float = field(default_factory=time.time)
    deleted: bool = False
    #: False: the bot lacks Send Messages here; posting answers 403 / code 50013.
    bot_can_send: bool = True
    #: False: the bot lacks Create Threads here; opening a thread answers 403 / code 50013.
    bot_can_create_threads: bool = True
    thread_members: set[int] = field(default_factory=set)

    def __repr__(self) -> str:
        where = f" in {self.guild.name}" if self.guild else ""
        return f"<Channel #{self.name or self.id} type={self.type}{where}>"

    @property
    def is_thread(self) -> bool:
        return self.type in ChannelType.THREADS

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    @property
    def parent(self) -> "Channel | None":
        return self.server.channels.get(self.parent_id) if self.parent_id else None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def messages(self) -> list["Message"]:
        """What everyone here sees from the bot, oldest first: not ephemeral, not deleted."""
        return [m for m in self.server.messages_in(self) if not m.deleted and m.visible_to is None]

    @property
    def all_messages(self) -> list["Message"]:
        """Everything the bot ever put here, ephemeral and deleted messages included."""
        return list(self.server.messages_in(self))

    @property
    def threads(self) -> list["Channel"]:
        return [c for c in self.server.channels.values() if c.parent_id == self.id and c.is_thread
                and not c.deleted]

    def readable_by(self, member: Member) -> bool:
        """Private threads show only to their members (and to those who manage threads)."""
        if self.type != ChannelType.PRIVATE_THREAD:
            return True
        return member.id in self.thread_members or bool(member.permissions & Perm.MANAGE_THREADS)

    def payload(self, *, in_guild_create: bool = False) -> dict[str, Any]:
        last = next((m.id for m in reversed(self.server.messages_in(self)) if not m.deleted
                     and m.visible_to is None), None)
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0,
                                "last_message_id": str(last) if last else None}
        if self.is_dm:
            data["recipients"] = [self.recipient.payload()] if self.recipient else []
            return data
        data["name"] = self.name
        if self.guild is not None and not in_guild_create:
            data["guild_id"] = str(self.guild.id)
        data["parent_id"] = str(self.parent_id) if self.parent_id else None
        data["rate_limit_per_user"] = 0
        if self.is_thread:
            count = sum(1 for m in self.server.messages_in(self) if m.visible_to is None)
            data.update({"owner_id": str(self.owner_id), "message_count": count, "total_message_sent": count,
                         "member_count": len(self.thread_members),
                         "thread_metadata": {"archived": self.archived, "auto_archive_duration":
                                             self.auto_archive_duration, "archive_timestamp": iso(self.created),
                                             "locked": self.locked, "invitable": self.invitable,
                                             "create_timestamp": iso(self.created)}})
            if self.server.bot.id in self.thread_members:
                data["member"] = {"id": str(self.id), "user_id": str(self.server.bot.id),
                                  "join_timestamp": iso(self.created), "flags": 1}
            return data
        data.update({"position": self.position, "permission_overwrites": [], "nsfw": False, "topic": self.topic,
                     "default_auto_archive_duration": 1440, "default_thread_rate_limit_per_user": 0})
        return data

    def resolved_payload(self, permissions: int) -> dict[str, Any]:
        """The partial channel of an interaction's ``resolved.channels``."""
        data = {"id": str(self.id), "name": self.name, "type": self.type, "permissions": str(permissions),
                "parent_id": str(self.parent_id) if self.parent_id else None, "flags": 0}
        if self.is_thread:
            data["thread_metadata"] = self.payload()["thread_metadata"]
        return data


# -- messages ------------------------------------------------------------------------------------
@dataclass(eq=False)
class Attachment:
    """A file the bot uploaded (or a user attached to a command option)."""

    id: int
    filename: str
    data: bytes = field(repr=False)
    description: str | None = None
    content_type: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "filename": self.filename, "size": self.size,
                                "url": self.url, "proxy_url": self.url}
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description is not None:
            data["description"] = self.description
        size = _image_size(self.data)
        if size:
            data["width"], data["height"] = size
        return data


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


def _guess_type(filename: str) -> str | None:
    ext = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    return {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
            "webp": "image/webp", "txt": "text/plain; charset=utf-8", "json": "application/json; charset=utf-8",
            "md": "text/markdown; charset=utf-8", "pdf": "application/pdf", "svg": "image/svg+xml"}.get(ext)


@dataclass(eq=False)
class Message:
    """A message the bot sent (to a channel, a thread, a DM, or as an interaction answer)."""

    server: "LoopbackDiscord" = field(repr=False)
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    created: float = field(default_factory=time.time)
    edited: float | None = None
    deleted: bool = False
    #: The only user who sees it (ephemeral interaction answers); None: everyone in the channel.
    visible_to: User | None = None
    #: The interaction this message answers (original response or follow-up), if any.
    interaction: "Interaction | None" = field(default=None, repr=False)
    #: Users, roles and @everyone this message notifies, after ``allowed_mentions``.
    pinged_users: list[User] = field(default_factory=list)
    pinged_roles: list[Role] = field(default_factory=list)
    pinged_everyone: bool = False
    reference: dict[str, Any] | None = None
    #: Earlier versions (content, embeds, components, attachment names), oldest first.
    history: list[dict[str, Any]] = field(default_factory=list, repr=False)

    def __repr__(self) -> str:
        text = self.content if len(self.content) < 60 else self.content[:57] + "..."
        tags = "".join([" ephemeral" if self.ephemeral else "", " loading" if self.loading else "",
                        " deleted" if self.deleted else "",
                        f" files={[a.filename for a in self.attachments]}" if self.attachments else ""])
        return f"<Message {self.id} in {self.channel.name or self.channel.id}{tags} {text!r}>"

    # -- reading ---------------------------------------------------------------------------------
    @property
    def text(self) -> str:
        return self.content

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred answer still "thinking"."""
        return bool(self.flags & MessageFlag.LOADING)

    @property
    def files(self) -> list[Attachment]:
        return self.attachments

    def file(self, filename: str) -> Attachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise KeyError(f"{self!r} has no file {filename!r} (it has {[a.filename for a in self.attachments]})")

    @property
    def pinged(self) -> list[int]:
        """Ids of the users this message notifies."""
        return [u.id for u in self.pinged_users]

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (rows, sections, containers and their children)."""
        def walk(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            for c in items:
                yield c
                yield from walk(c.get("components") or [])
                if isinstance(c.get("accessory"), dict):
                    yield from walk([c["accessory"]])
                if isinstance(c.get("component"), dict):
                    yield from walk([c["component"]])
        yield from walk(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def component(self, custom_id: str | None = None, *, label: str | None = None,
                  type: int | None = None) -> dict[str, Any]:
        """The one component matching a custom id (or its start), a label, or a type."""
        found = [c for c in self.iter_components()
                 if c.get("type") != 1
                 and (custom_id is None or str(c.get("custom_id", "")) == custom_id
                      or str(c.get("custom_id", "")).startswith(custom_id))
                 and (label is None or c.get("label") == label)
                 and (type is None or c.get("type") == type)]
        exact = [c for c in found if custom_id is None or c.get("custom_id") == custom_id]
        found = exact or found
        if len(found) != 1:
            raise LookupError(f"{len(found)} components match custom_id={custom_id!r} label={label!r} "
                              f"type={type!r} on {self!r}; it has "
                              f"{[(c.get('type'), c.get('custom_id'), c.get('label')) for c in self.iter_components()]}")
        return found[0]

    def options(self, custom_id: str | None = None) -> list[dict[str, Any]]:
        """The options of a string select (the only one, or the one with this custom id)."""
        return self.component(custom_id, type=3)["options"]

    def can_see(self, user: User) -> bool:
        if self.visible_to is not None:
            return self.visible_to is user
        if self.channel.is_dm:
            return self.channel.recipient is user
        guild = self.channel.guild
        if guild is None or user.id not in guild.members:
            return False
        return self.channel.readable_by(guild.members[user.id])

    # -- wire --------------------------------------------------------------------------------------
    def payload(self, *, with_guild: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "author": self.author.payload(),
            "content": self.content, "timestamp": iso(self.created), "edited_timestamp": iso(self.edited),
            "tts": self.tts, "mention_everyone": self.pinged_everyone,
            "mentions": [u.payload() for u in self.pinged_users],
            "mention_roles": [str(r.id) for r in self.pinged_roles],
            "attachments": [a.payload() for a in self.attachments], "embeds": self.embeds, "pinned": False,
            "type": self.type, "flags": self.flags, "components": self.components,
        }
        if with_guild and self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.channel.is_thread:
            data["position"] = sum(1 for m in self.server.messages_in(self.channel)
                                   if m.id < self.id and m.visible_to is None)
        if self.interaction is not None:
            it = self.interaction
            data["webhook_id"] = str(self.server.application_id)
            data["application_id"] = str(self.server.application_id)
            owners = {"0": str(it.guild.id)} if it.guild else {"1": str(it.user.id)}
            meta: dict[str, Any] = {"id": str(it.id), "type": it.type, "user": it.user.payload(),
                                    "authorizing_integration_owners": owners}
            if it.type == 2:
                meta["name"] = it.command_name
                meta["command_type"] = 1
            if it.message is not None and it.type in (3, 5):
                meta["interacted_message_id"] = str(it.message.id)
            data["interaction_metadata"] = meta
            data["interaction"] = {"id": str(it.id), "type": it.type, "name": it.command_name or "",
                                   "user": it.user.payload()}
        if self.reference is not None:
            data["message_reference"] = self.reference
        return data

    def snapshot(self) -> dict[str, Any]:
        return {"content": self.content, "embeds": self.embeds, "components": self.components,
                "attachments": [a.filename for a in self.attachments], "flags": self.flags, "at": self.edited}
