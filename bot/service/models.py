"""What the service hands to adapters and to the game loop.

``Place`` and ``PendingDecision`` live with the transport (they cross it) and are
re-exported here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, model_validator

from bot.transport import PendingDecision, Place
from db.models import DeadlineRow, GameRow, SeatRow, StepRow
from rules.core.decisions import Decision, Problem

# Seconds per phase: (least, most, default). Live games are played in one sitting;
# a campaign gives everyone a day (or a few) per decision.
PACING_LIMITS: dict[str, tuple[int, int, int]] = {
    "live": (30, 3 * 3600, 180),
    "campaign": (3600, 7 * 86400, 86400),
}


class Pacing(BaseModel):
    style: Literal["live", "campaign"] = "live"
    phase_seconds: int | None = None  # None: the style's default
    # How the thread is told the game (bot.service.posting): None, the style's default.
    posting: Literal["phase", "turn", "act"] | None = None
    # One deadline for each phase, or one for all the phases of a turn (then
    # ``phase_seconds`` is the turn's time): None, the style's default.
    deadline: Literal["phase", "turn"] | None = None
    # After a phase's last order, how long it may still be taken back: None, the
    # service's default for the style.
    grace_seconds: float | None = None

    @model_validator(mode="after")
    def _default_length(self) -> "Pacing":
        if self.phase_seconds is None:
            self.phase_seconds = PACING_LIMITS[self.style][2]
        return self

    @property
    def seconds(self) -> int:
        return int(self.phase_seconds or PACING_LIMITS[self.style][2])

    def in_limits(self, least: int | None = None) -> bool:
        """Within the style's limits (``least``: another shortest phase than the style's)."""
        low, high, _ = PACING_LIMITS[self.style]
        return (low if least is None else least) <= self.seconds <= high

    def grace_in_limits(self) -> bool:
        return self.grace_seconds is None or 0 <= self.grace_seconds <= GRACE_MOST


# A phase's deadline: each phase its own, or one for the whole turn. A campaign waits
# for people a day at a time, and six phases a turn must not make a turn six days.
DEFAULT_DEADLINE = {"live": "phase", "campaign": "turn"}
DEADLINES = ("phase", "turn")
GRACE_MOST = 86400  # a grace period longer than a day would be a deadline of its own


def late_window(turn_seconds: float) -> float:
    """How long a phase that opens after its turn's deadline waits for the players who
    were on time: an eighth of the turn's time (3 h of a day), at least half a minute."""
    return max(30.0, turn_seconds / 8)


def deadline_per(game: GameRow) -> str:
    """Whether the game's deadline is per phase or per turn."""
    return game.deadline_per or DEFAULT_DEADLINE.get(game.pacing, "phase")


@dataclass(frozen=True, slots=True)
class Limits:
    """How much one server, or one member, may open: a member's lobbies each get a
    thread, and every unfinished game a loop and a line in /game list. None: no limit."""

    lobbies_per_member: int | None = 3
    games_per_server: int | None = 100


@dataclass(frozen=True, slots=True)
class SubmitResult:
    status: Literal["accepted", "replaced", "duplicate", "rejected"]
    message: str  # in the game's language, for a private reply
    problems: list[Problem] = field(default_factory=list)

    @property
    def stored(self) -> bool:
        return self.status in ("accepted", "replaced", "duplicate")


@dataclass(frozen=True, slots=True)
class PhaseStatus:
    """One look at a game, for the loop: who owes what, and until when."""

    game: GameRow
    step_idx: int  # the index the next resolution will get
    pending: list[Decision]
    seats: dict[str, SeatRow]
    answered: set[str]
    deadline: DeadlineRow | None
    # When a person last gave (or changed) an order of this phase: the grace period
    # before the phase resolves runs from it.
    last_order_at: float | None = None

    def _waits_for(self, decision: Decision) -> bool:
        # A computer seat never holds a phase up: it has answered, or takes the default.
        seat = self.seats.get(decision.player)
        if decision.id in self.answered or (seat is not None and seat.ai_level):
            return False
        # After a turn's deadline, a seat that missed it takes its defaults for the rest of the turn.
        return not (self.deadline is not None and self.deadline.late and seat is not None and seat.missed_turns)

    @property
    def owing(self) -> list[SeatRow]:
        """Seats people answer for (or vacant ones) that still owe an order."""
        ids = {d.player for d in self.pending if self._waits_for(d)}
        return [s for sid, s in self.seats.items() if sid in ids]

    @property
    def all_in(self) -> bool:
        return bool(self.pending) and not any(self._waits_for(d) for d in self.pending)

    def resolves_at(self, grace: float) -> float:
        """Once every order is in: when the phase resolves, ``grace`` seconds after the
        last order a person gave (at once if the computer gave the last), never after
        the deadline."""
        at = self.last_order_at + grace if self.last_order_at is not None and grace > 0 else 0.0
        return min(at, self.deadline.due_at) if self.deadline is not None else at


@dataclass(frozen=True, slots=True)
class Resolution:
    step: StepRow
    flagged: list[SeatRow]  # seats that just reached two missed turns in a row
    over: bool


__all__ = ["DEADLINES", "DEFAULT_DEADLINE", "GRACE_MOST", "Limits", "PACING_LIMITS", "deadline_per", "late_window",
           "Pacing", "PendingDecision", "PhaseStatus", "Place", "Resolution",
           "SubmitResult"]
