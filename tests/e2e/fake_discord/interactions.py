"""An interaction as Discord tracks it: the payload delivered over the gateway, the
3-second window for the first answer, the answer itself, and the messages made with
its token (original response and follow-ups).

Tests get an :class:`Interaction` back from every user action; it is also how they
read what the bot answered.
"""
from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import Attachment, Channel, Guild, Message, Perm, User

if TYPE_CHECKING:
    from .server import LoopbackDiscord


class InteractionType:
    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class Callback:
    PONG = 1
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9


#: Which answers each interaction type accepts.
ALLOWED_CALLBACKS = {
    InteractionType.PING: {Callback.PONG},
    InteractionType.APPLICATION_COMMAND: {Callback.CHANNEL_MESSAGE, Callback.DEFERRED_CHANNEL_MESSAGE, Callback.MODAL},
    InteractionType.MESSAGE_COMPONENT: {Callback.CHANNEL_MESSAGE, Callback.DEFERRED_CHANNEL_MESSAGE,
                                        Callback.DEFERRED_UPDATE_MESSAGE, Callback.UPDATE_MESSAGE, Callback.MODAL},
    InteractionType.AUTOCOMPLETE: {Callback.AUTOCOMPLETE_RESULT},
    InteractionType.MODAL_SUBMIT: {Callback.CHANNEL_MESSAGE, Callback.DEFERRED_CHANNEL_MESSAGE,
                                   Callback.DEFERRED_UPDATE_MESSAGE, Callback.UPDATE_MESSAGE},
}

KIND = {Callback.PONG: "pong", Callback.CHANNEL_MESSAGE: "message", Callback.DEFERRED_CHANNEL_MESSAGE: "deferred",
        Callback.DEFERRED_UPDATE_MESSAGE: "deferred_update", Callback.UPDATE_MESSAGE: "update",
        Callback.AUTOCOMPLETE_RESULT: "choices", Callback.MODAL: "modal"}


@dataclass(eq=False)
class Interaction:
    server: "LoopbackDiscord" = field(repr=False)
    id: int
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any] = field(repr=False)
    #: The message a component was used on (component interactions, and modals opened from one).
    message: Message | None = field(default=None, repr=False)
    command_name: str | None = None
    #: For autocomplete: the definition of the focused option.
    focused_option: dict[str, Any] | None = field(default=None, repr=False)
    #: For modal submits: the interaction whose answer opened the modal.
    opened_by: "Interaction | None" = field(default=None, repr=False)
    token: str = field(default_factory=lambda: "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(60), repr=False)
    created: float = 0.0  # loop time
    delivered: float | None = None  # loop time of the first delivery over the gateway
    deliveries: int = 0
    duplicated: bool = False
    #: The callback type the bot answered with (4 message, 5 deferred, 6 deferred update,
    #: 7 update, 8 choices, 9 modal), None while unanswered.
    response: int | None = None
    responded_at: float | None = None
    #: The message the answer made or updated: the response message for 4/5, the
    #: component's message for 6/7.
    original: Message | None = field(default=None, repr=False)
    followups: list[Message] = field(default_factory=list, repr=False)
    #: Autocomplete answer: [{"name": ..., "value": ...}, ...].
    choices: list[dict[str, Any]] | None = field(default=None, repr=False)
    #: A modal the bot opened: {"custom_id", "title", "components"}.
    modal: dict[str, Any] | None = field(default=None, repr=False)
    #: Answers Discord refused for this interaction (too late, twice, ...).
    refused: list[Any] = field(default_factory=list, repr=False)

    # -- reading ----------------------------------------------------------------------------------
    @property
    def kind(self) -> str | None:
        """"message", "deferred", "deferred_update", "update", "choices", "modal" or None."""
        return KIND.get(self.response) if self.response is not None else None

    @property
    def deferred(self) -> bool:
        return self.response in (Callback.DEFERRED_CHANNEL_MESSAGE, Callback.DEFERRED_UPDATE_MESSAGE)

    @property
    def replies(self) -> list[Message]:
        """The messages this interaction's answer created, oldest first: the response
        message (for a message or deferred answer) and the follow-ups; deleted ones left out."""
        out = []
        if self.original is not None and self.response in (Callback.CHANNEL_MESSAGE,
                                                           Callback.DEFERRED_CHANNEL_MESSAGE):
            out.append(self.original)
        out.extend(self.followups)
        return [m for m in out if not m.deleted]

    @property
    def reply(self) -> Message:
        """The one reply (fails if there are none or several)."""
        replies = self.replies
        if len(replies) != 1:
            raise AssertionError(f"expected one reply to {self!r}, got {replies!r}")
        return replies[0]

    @property
    def text(self) -> str:
        """The replies' text, joined by newlines."""
        return "\n".join(m.content for m in self.replies if m.content)

    @property
    def files(self) -> list[Attachment]:
        return [a for m in self.replies for a in m.attachments]

    def modal_inputs(self) -> list[str]:
        """The custom ids of the text inputs of the modal the bot opened, in order."""
        if self.modal is None:
            return []
        out = []
        for row in self.modal.get("components") or []:
            for c in row.get("components") or ([row["component"]] if isinstance(row.get("component"), dict) else []):
                if c.get("type") == 4:
                    out.append(c["custom_id"])
        return out

    @property
    def expired(self) -> bool:
        """Past Discord's window for a first answer."""
        loop_now = asyncio.get_running_loop().time()
        return self.delivered is not None and loop_now - self.delivered > self.server.interaction_deadline

    def __repr__(self) -> str:
        what = f"/{self.command_name}" if self.command_name else \
            (self.data.get("custom_id") if isinstance(self.data, dict) else None)
        return f"<Interaction {self.id} type={self.type} {what} by {self.user.name} answer={self.kind}>"

    # -- waiting ----------------------------------------------------------------------------------
    async def wait_response(self, timeout: float | None = None) -> "Interaction":
        """Until the bot answered. Fails the test (AssertionError) after Discord's window
        plus ``timeout`` (default 1 s) without an accepted answer, or sooner when Discord
        refused the bot's answer and the bot went quiet without trying again."""
        grace = 1.0 if timeout is None else timeout
        limit = self.server.interaction_deadline + grace
        server = self.server
        # After a refusal the bot's error handler answers again, once it has read the
        # refusal: on a loaded machine that can take longer than the usual quiet period,
        # so "went quiet" waits a few of them.
        settled = max(0.5, 5 * server.quiet)
        await server.wait_for(lambda: self.response is not None or (self.refused and server.is_idle(settled)), limit,
                              raise_on_timeout=False)
        if self.response is None:
            refused = "; ".join(f"{r.status} {r.code} {r.describe()}" for r in self.refused)
            why = f": Discord refused its answer ({refused})" if refused else ""
            raise AssertionError(f"the bot did not answer {self!r} within Discord's "
                                 f"{server.interaction_deadline:g} s{why}; the user sees "
                                 f"'The application did not respond'")
        return self

    async def settled(self, timeout: float = 10.0, quiet: float | None = None) -> "Interaction":
        """Until a deferred answer is resolved (no longer "thinking") and the bot has gone quiet."""
        if self.response == Callback.DEFERRED_CHANNEL_MESSAGE and self.original is not None:
            ok = await self.server.wait_for(lambda: not self.original.loading or self.original.deleted, timeout,
                                            raise_on_timeout=False)
            if not ok:
                raise AssertionError(f"the bot deferred {self!r} but never followed up within {timeout:g} s "
                                     f"(the user sees 'is thinking...' forever)")
        await self.server.idle(quiet=quiet, timeout=timeout)
        return self

    # -- wire -------------------------------------------------------------------------------------
    def payload(self) -> dict[str, Any]:
        server = self.server
        data: dict[str, Any] = {
            "id": str(self.id), "application_id": str(server.application_id), "type": self.type,
            "data": self.data, "token": self.token, "version": 1, "locale": self.user.locale,
            "entitlements": [], "entitlement_sku_ids": [], "attachment_size_limit": server.attachment_limit,
            "channel": self.channel.payload(), "channel_id": str(self.channel.id),
        }
        if self.guild is not None:
            member = self.guild.members[self.user.id]
            bot = self.guild.bot_member
            data.update({"guild_id": str(self.guild.id),
                         "guild": {"id": str(self.guild.id), "locale": self.guild.preferred_locale,
                                   "features": []},
                         "guild_locale": self.guild.preferred_locale,
                         "member": member.payload(with_permissions=True),
                         "app_permissions": str(bot.permissions if bot else 0),
                         "context": 0, "authorizing_integration_owners": {"0": str(self.guild.id)}})
        else:
            data.update({"user": self.user.payload(), "app_permissions": str(Perm.EVERYONE), "context": 1,
                         "authorizing_integration_owners": {"0": "0"}})
        if self.message is not None:
            data["message"] = self.message.payload(with_guild=False)
        return data

    def callback_result(self) -> dict[str, Any]:
        """The body of a callback answered ``with_response=true``."""
        inner: dict[str, Any] = {"id": str(self.id), "type": self.type}
        resource: dict[str, Any] = {"type": self.response}
        if self.original is not None and self.response in (Callback.CHANNEL_MESSAGE,
                                                           Callback.DEFERRED_CHANNEL_MESSAGE,
                                                           Callback.UPDATE_MESSAGE):
            inner["response_message_id"] = str(self.original.id)
            inner["response_message_loading"] = self.original.loading
            inner["response_message_ephemeral"] = self.original.ephemeral
            resource["message"] = self.original.payload()
        elif self.original is not None and self.response == Callback.DEFERRED_UPDATE_MESSAGE:
            inner["response_message_id"] = str(self.original.id)
            inner["response_message_loading"] = False
            inner["response_message_ephemeral"] = self.original.ephemeral
        return {"interaction": inner, "resource": resource}
