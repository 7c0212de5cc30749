"""How the service and the loop talk to people, without knowing it is Discord.

The Discord adapter implements :class:`Transport`; tests and the offline demo use
:class:`InProcessTransport`, which only records. Public calls (:meth:`post`,
:meth:`remind`) must only ever carry text built from public events and
``view(state, None)``: the service and the loop guarantee that, and the transport
may publish what it is given as it is.

Texts carry mentions, deadlines and command names as neutral tokens
(:mod:`bot.markup`); each transport renders them as its readers see them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Awaitable, Callable, Protocol, Sequence

from bot.markup import PlainText, render
from db.models import GameRow
from rules.core.decisions import Decision, DecisionSpec


class DeliveryError(Exception):
    """A message could not be delivered. ``delivered`` counts the messages of the call
    that did go out first (a long post goes as several), so a retry can skip them."""

    def __init__(self, reason: str, *, code: int | None = None, target: int | None = None,
                 delivered: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.target = target
        self.delivered = delivered


class TransientDeliveryError(DeliveryError):
    """The platform failed for now (a server error, a timeout, a dropped connection):
    the same call may succeed later."""


class PermanentDeliveryError(DeliveryError):
    """Nothing will go through until a person acts: the channel is gone (``gone``) or
    the bot lost access or the right to send there."""

    UNKNOWN_CHANNEL = 10003
    MISSING_ACCESS = 50001
    MISSING_PERMISSIONS = 50013
    THREAD_LOCKED = 50083

    @property
    def gone(self) -> bool:
        return self.code == self.UNKNOWN_CHANNEL


@dataclass(frozen=True, slots=True)
class Place:
    """Where a game talks in public: its thread, or its channel until it has one."""

    guild_id: int
    channel_id: int
    thread_id: int | None = None

    @property
    def target(self) -> int:
        return self.thread_id or self.channel_id

    @classmethod
    def of(cls, game: GameRow) -> "Place":
        return cls(game.guild_id, game.channel_id, game.thread_id)


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """A decision a seat owes, with its form (for menus) and its deadline."""

    decision: Decision
    spec: DecisionSpec
    due_at: float | None
    submitted: dict[str, Any] | None = None  # the player's stored order, if any
    # Shown with the form when asked for (GameService.my_pending(..., helps=True)): the
    # standing order that will answer it, in the reader's words, and "same as last
    # turn" (a payload the rules accepted now), if any.
    standing: str | None = None
    repeat: dict[str, Any] | None = None


#: Draws the public view of a game: (PNG bytes, alt text), or None for no picture.
#: A coroutine function (drawing in a process pool), or a plain one run in a worker
#: thread; it is given ``view(state, None)`` only.
# (public view, the game's language) -> (PNG, alt text)
ImageProvider = Callable[[dict[str, Any], str],
                         "tuple[bytes, str] | None | Awaitable[tuple[bytes, str] | None]"]


@dataclass(frozen=True, slots=True)
class Image:
    data: bytes
    alt: str
    filename: str = "map.png"


@dataclass(frozen=True, slots=True)
class Prompt:
    """A private call for orders: the rendered lines, and the forms to build menus from."""

    game_id: int
    seat_id: str
    lines: list[str]
    decisions: list[PendingDecision]
    due_at: float


class Transport(Protocol):
    """Every call raises :class:`PermanentDeliveryError` or :class:`TransientDeliveryError`
    when it cannot deliver (closed direct messages are not an error: False)."""

    async def post(self, place: Place, lines: Sequence[str], *, image: Image | None = None,
                   mentions: Sequence[int] = (), skip: int = 0) -> None:
        """Post in the game's public thread; ``mentions`` are the only users pinged.
        ``skip``: messages of this same post that went out before a failure."""

    async def prompt(self, user_id: int, prompt: Prompt) -> bool:
        """Send a player a private call for orders. False: direct messages are closed."""

    async def private(self, user_id: int, lines: Sequence[str]) -> bool:
        """Tell one player something only they may know. False: direct messages are closed."""

    async def remind(self, place: Place, user_ids: Sequence[int], text: str) -> None:
        """A reminder in the thread that pings exactly ``user_ids``."""

    async def keep_posted(self, place: Place, lines: Sequence[str], message_id: int | None) -> int:
        """One standing post that pings nobody (a campaign's summary): message
        ``message_id`` edited to ``lines`` in place, or, when there is none or it was
        deleted, a new message posted. Returns the id of the message that holds it."""


@dataclass(frozen=True, slots=True)
class Posted:
    place: Place
    lines: list[str]
    image: Image | None
    mentions: list[int]


@dataclass(frozen=True, slots=True)
class Reminder:
    place: Place
    user_ids: list[int]
    text: str


@dataclass
class InProcessTransport:
    """Records everything, as readable text; ``closed_dms`` are users whose direct
    messages fail. Tokens are rendered without any platform markup (:class:`PlainText`):
    a mention by the name in ``names`` (else ``@user <id>``), a deadline as a UTC time
    (and, given ``now``, how far off it is), a command as ``/name``.

    Faults for tests: ``broken`` maps a channel or thread id to the error every post
    there raises; ``dm_faults`` maps a user id to errors their next direct messages
    raise, one each."""

    closed_dms: set[int] = field(default_factory=set)
    posts: list[Posted] = field(default_factory=list)
    prompts: list[tuple[int, Prompt]] = field(default_factory=list)
    privates: list[tuple[int, list[str]]] = field(default_factory=list)
    reminders: list[Reminder] = field(default_factory=list)
    broken: dict[int, DeliveryError] = field(default_factory=dict)
    dm_faults: dict[int, list[DeliveryError]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    now: Callable[[], float] | None = None
    # standing posts by message id (the index of their entry in ``posts``); ids not in it
    # stand for messages deleted
    standing: dict[int, int] = field(default_factory=dict)
    edits: list[int] = field(default_factory=list)

    def render(self, text: str) -> str:
        return render(text, PlainText(self.names, self.now))

    def _lines(self, lines: Sequence[str]) -> list[str]:
        return [self.render(line) for line in lines]

    async def post(self, place: Place, lines: Sequence[str], *, image: Image | None = None,
                   mentions: Sequence[int] = (), skip: int = 0) -> None:
        if place.target in self.broken:
            raise self.broken[place.target]
        if skip == 0:  # one post is one message here
            self.posts.append(Posted(place, self._lines(lines), image, list(mentions)))

    def _dm_fault(self, user_id: int) -> None:
        queued = self.dm_faults.get(user_id)
        if queued:
            raise queued.pop(0)

    async def prompt(self, user_id: int, prompt: Prompt) -> bool:
        if user_id in self.closed_dms:
            return False
        self._dm_fault(user_id)
        self.prompts.append((user_id, replace(prompt, lines=self._lines(prompt.lines))))
        return True

    async def private(self, user_id: int, lines: Sequence[str]) -> bool:
        if user_id in self.closed_dms:
            return False
        self._dm_fault(user_id)
        self.privates.append((user_id, self._lines(lines)))
        return True

    async def remind(self, place: Place, user_ids: Sequence[int], text: str) -> None:
        if place.target in self.broken:
            raise self.broken[place.target]
        self.reminders.append(Reminder(place, list(user_ids), self.render(text)))

    async def keep_posted(self, place: Place, lines: Sequence[str], message_id: int | None) -> int:
        if place.target in self.broken:
            raise self.broken[place.target]
        post = Posted(place, self._lines(lines), None, [])
        if message_id is not None and message_id in self.standing:
            self.posts[self.standing[message_id]] = post
            self.edits.append(message_id)
            return message_id
        self.posts.append(post)
        new_id = 1_000_000 + len(self.posts)
        self.standing[new_id] = len(self.posts) - 1
        return new_id

    # -- for tests and the demo ------------------------------------------------------
    def public_texts(self) -> list[str]:
        """Every public string: posted lines, image alt texts, reminders."""
        out: list[str] = []
        for post in self.posts:
            out.extend(post.lines)
            if post.image is not None:
                out.append(post.image.alt)
        out.extend(r.text for r in self.reminders)
        return out

    def public_images(self) -> list[bytes]:
        return [p.image.data for p in self.posts if p.image is not None]

    def private_texts(self, user_id: int) -> list[str]:
        lines = [line for uid, p in self.prompts if uid == user_id for line in p.lines]
        return lines + [line for uid, ls in self.privates if uid == user_id for line in ls]
