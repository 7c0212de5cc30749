"""Rows as the database hands them out: plain, frozen, JSON already decoded.

The database knows nothing of rulesets; JSON columns come back as the dicts and
lists the service stored.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["lobby", "running", "paused", "over"]
PacingStyle = Literal["live", "campaign"]
Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class AnnouncePart:
    """What of an announcement went out: ``step_id`` the step's row id (0: the start),
    ``part`` e.g. "public:0" or "private:<user>", the messages posted, whether all were."""
    step_id: int
    part: str
    pieces: int = 0
    done: bool = True


@dataclass(frozen=True, slots=True)
class NewGame:
    guild_id: int
    channel_id: int
    ruleset: str
    scenario: str | None
    options: Json
    setup: Json
    host_id: int
    language: str
    pacing: PacingStyle
    phase_seconds: int
    created_at: float
    thread_id: int | None = None
    posting: str | None = None  # 'phase', 'turn', 'act'; None: the pacing's default
    deadline_per: str | None = None  # 'phase' or 'turn'; None: the pacing's default
    grace_seconds: float | None = None  # None: the pacing's default


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    ruleset: str
    scenario: str | None
    options: Json
    setup: Json
    host_id: int
    language: str
    pacing: PacingStyle
    phase_seconds: int
    status: Status
    created_at: float
    ended_at: float | None
    posting: str | None = None  # 'phase', 'turn', 'act'; None: the pacing's default
    deadline_per: str | None = None  # 'phase' or 'turn'; None: the pacing's default
    grace_seconds: float | None = None  # None: the pacing's default


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat_id: str
    side: str
    user_id: int | None
    ai_level: str | None
    display_name: str
    dm_ok: bool
    missed_turns: int
    joined_at: float

    @property
    def vacant(self) -> bool:
        return self.user_id is None and self.ai_level is None

    @property
    def flagged(self) -> bool:
        """Two missed turns in a row: the host may hand the seat to an AI."""
        return self.missed_turns >= 2


@dataclass(frozen=True, slots=True)
class PickRow:
    game_id: int
    seat_id: str
    ship_id: str
    points: float | None
    picked_at: float


@dataclass(frozen=True, slots=True)
class StartRow:
    game_id: int
    seed: int
    setup: Json
    seats: list[Json]
    rolls: list[Json]
    events: list[Json]
    state: Json | None  # None when read without it
    started_at: float
    announced: bool = False


@dataclass(frozen=True, slots=True)
class NewStep:
    idx: int
    orders: list[Json]
    rolls: list[Json]
    events: list[Json]
    state: Json
    resolved_at: float
    consumed: list[int]  # seq of the stored orders this step used
    missed: dict[str, bool] = field(default_factory=dict)  # seat -> missed this step?
    over: bool = False
    # One deadline a turn: the row stays, so the turn's next phase can carry it on.
    keep_deadline: bool = False


@dataclass(frozen=True, slots=True)
class StepRow:
    id: int
    game_id: int
    idx: int
    orders: list[Json]
    rolls: list[Json]
    events: list[Json]
    state: Json | None  # None when read without states
    resolved_at: float
    announced: bool
    undone_at: float | None


@dataclass(frozen=True, slots=True)
class NewOrder:
    game_id: int
    step_idx: int
    decision_id: str
    seat_id: str
    payload: Json
    source: Literal["player", "ai"]
    submitted_at: float
    user_id: int | None = None
    idempotency_key: str | None = None


@dataclass(frozen=True, slots=True)
class OrderRow:
    seq: int
    game_id: int
    step_idx: int
    decision_id: str
    seat_id: str
    payload: Json
    source: str
    user_id: int | None
    idempotency_key: str | None
    submitted_at: float
    status: str


@dataclass(frozen=True, slots=True)
class StoredOrder:
    order: OrderRow
    duplicate: bool  # the idempotency key was seen before: nothing changed
    replaced: bool  # an earlier order for the same decision was replaced
    # The game's open orders once this one was stored, read in the same transaction
    # (None for a duplicate): whether it was the last one owed needs no read of its own.
    open_orders: tuple[OrderRow, ...] | None = None


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    game_id: int
    step_idx: int
    opened_at: float
    due_at: float
    reminders_sent: int
    paused_remaining: float | None
    waiting_posted: bool = False  # the phase's public "Waiting for ..." line went out
    turn: int | None = None  # the turn of the phase (a turn's deadline is carried over its phases)
    late: bool = False  # opened after its turn's deadline: who missed that does not hold it up


@dataclass(frozen=True, slots=True)
class AuditRow:
    id: int
    game_id: int
    at: float
    actor_id: int | None
    action: str
    detail: Json


@dataclass(frozen=True, slots=True)
class NewStanding:
    game_id: int
    seat_id: str
    subject: str
    kind: str
    moment: str  # '': every phase until cancelled; else the one moment it is for
    given_at: float
    user_id: int | None = None


@dataclass(frozen=True, slots=True)
class StandingRow:
    id: int
    game_id: int
    seat_id: str
    subject: str
    kind: str
    moment: str
    user_id: int | None
    given_at: float
    status: str


@dataclass(frozen=True, slots=True)
class LatestState:
    """A running game's latest engine state as stored (its last live step's, else its
    start's), with what rebuilding its engine needs: a restart reads these for every game
    at once (:meth:`db.Database.running_states`)."""
    game_id: int
    ruleset: str
    seed: int
    step_idx: int  # live steps so far (0: the state is the start's)
    state: Json
