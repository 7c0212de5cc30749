"""How a game's story is cut into thread posts.

The steps stored but not yet told are read as one run of public events, each weighed
by the ruleset (``Ruleset.event_weight``: action, reveal, filler, heading, and the marks
where a phase ends or a turn starts). Nothing here reads the wording of an event.

- A *phase* runs to the next phase end or turn start. A phase with no action is never
  posted (a reveal counts as action); one with action is told as its headings, the reveals in one line per side,
  and its action lines, with the map as it stood when the phase closed.
- A *post* (a segment) is one phase (``phase``), one turn (``turn``: the turn's phases
  together, with an animated map, a frame per phase with action), or whatever happened
  until a person must give orders (``act``; at most a turn, so that a game the computer
  plays on its own is still told as it goes). In ``phase`` posting the story so far is
  also posted when a person must act in the middle of a phase, so nobody orders blind.
  The last step of a game always closes the story.

The cut depends only on the stored events (and, for the last post before a person
acts, on the game waiting for them), so a pass retried after a failure or a restart
cuts the same posts again and finds which went out already.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from rules.core.events import Event
from rules.core.ruleset import ACTION, FILLER, HEADING, PHASE_END, REVEAL, TURN_START

POSTINGS = ("phase", "turn", "act")
# A live game is followed as it is played; a campaign is read a day at a time: one post a
# turn, with an animated map of it (/map and /log show the turn so far meanwhile).
DEFAULT_POSTING = {"live": "phase", "campaign": "turn"}


def posting_of(game: Any) -> str:
    return getattr(game, "posting", None) or DEFAULT_POSTING.get(game.pacing, "phase")


@dataclass(frozen=True, slots=True)
class Told:
    """One public event as the thread reads it."""

    weight: str
    line: str
    ship: str | None = None  # the piece it is about, if any (reveals are grouped by her side)


@dataclass(slots=True)
class StoredStep:
    """The start (idx 0) or a step not yet wholly told."""

    idx: int
    key: int  # the row id its parts are noted under (0: the start)
    told: list[Told]
    private: dict[int, list[str]] = field(default_factory=dict)


@dataclass(slots=True)
class Phase:
    told: list[Told]
    at: int  # the backlog position of the step in which the phase closed: its map
    next_turn: bool = False  # that step went on into the next turn (its map's turn is one on)

    @property
    def has_action(self) -> bool:
        """Something happened: action, or a hidden value shown (which a player ordering
        next must know)."""
        return any(t.weight in (ACTION, REVEAL) for t in self.told)


@dataclass(slots=True)
class Segment:
    """One post's worth: its phases, and where in the backlog it ends (the step's
    position and the offset just past its last event)."""

    phases: list[Phase]
    end: tuple[int, int]

    @property
    def acted(self) -> list[Phase]:
        return [p for p in self.phases if p.has_action]


def cut(steps: list[StoredStep], posting: str, flush: bool,
        cuts: frozenset[tuple[int, int]] = frozenset(), final: bool = False) -> list[Segment]:
    """The posts the backlog makes now. ``flush``: close the story at the end of the
    backlog (the game is over, or a person must act and the posting tells them). An open
    phase with no action yet is left for later, headings and all.

    ``cuts``: where posts already (or partly) sent ended, as (position, offset): a post
    cut by a flush ends where no event says so, and the next pass, with more steps,
    must cut there again rather than tell those events a second time.

    ``final``: the game is over; everything is told now, an idle tail included."""
    segments: list[Segment] = []
    phases: list[Phase] = []
    current: list[tuple[int, int, Told]] = []  # the open phase: (position, offset, event)

    def close_phase(pos: int, off: int) -> None:
        nonlocal current
        later = steps[pos].told[off:]
        phase = Phase([t for _, _, t in current], pos, any(t.weight == TURN_START for t in later))
        if current:
            phases.append(phase)
        # A turn whose first phases pass idle still gets its heading, on its first action.
        current = [] if phase.has_action else [c for c in current if c[2].weight == TURN_START]

    def close_segment(end: tuple[int, int]) -> None:
        nonlocal phases
        segments.append(Segment(phases, end))
        phases = []

    def forced(pos: int, off: int) -> None:
        nonlocal current
        if current:
            phases.append(Phase([t for _, _, t in current], pos))
        current = []
        close_segment((pos, off))

    for pos, step in enumerate(steps):
        for off, told in enumerate(step.told):
            if (pos, off) in cuts:
                forced(pos, off)
            if told.weight == TURN_START:
                close_phase(pos, off)
                close_segment(current[0][:2] if current else (pos, off))
                current = [c for c in current if c[2].weight != TURN_START] + [(pos, off, told)]
            elif told.weight == PHASE_END:
                current.append((pos, off, told))
                close_phase(pos, off + 1)
                if posting == "phase":
                    close_segment(current[0][:2] if current else (pos, off + 1))
            else:
                current.append((pos, off, told))
        if (pos, len(step.told)) in cuts:
            forced(pos, len(step.told))
    if (flush or final) and steps:
        last = (len(steps) - 1, len(steps[-1].told))
        if final or Phase([t for _, _, t in current], last[0]).has_action:
            close_phase(*last)
            current = []
        close_segment(current[0][:2] if current else last)
    return segments


def wholly_told(steps: list[StoredStep], end: tuple[int, int]) -> list[int]:
    """Backlog positions of the steps every event of which lies before ``end``."""
    pos, off = end
    return [i for i in range(len(steps)) if i < pos or (i == pos and off >= len(steps[i].told))]


def phase_lines(phase: Phase, side_of: Callable[[str | None], str],
                revealed: Callable[[str, list[str]], str]) -> list[str]:
    """A phase with action as the thread reads it: the turn's heading, one line per side
    for what was revealed, the phase's heading, then what happened. Filler is left out."""
    if not phase.has_action:
        return []
    turn = [t.line for t in phase.told if t.weight == TURN_START]
    headings = [t.line for t in phase.told if t.weight == HEADING]
    by_side: dict[str, list[str]] = {}
    for t in phase.told:
        if t.weight == REVEAL:
            by_side.setdefault(side_of(t.ship), []).append(t.line.rstrip(". "))
    reveals = [revealed(side, items) for side, items in by_side.items()]
    actions = [t.line for t in phase.told if t.weight not in (HEADING, TURN_START, REVEAL, FILLER, PHASE_END)]
    # Hidden values shown (reveals) before the heading that names the active ships (as the rules tell it).
    return turn + reveals + headings + actions


def public_weights(ruleset: Any, events: list[Any]) -> list[str]:
    """The weights of a step's public events (stored dicts or events), dice left out."""
    out = []
    for raw in events:
        event = raw if isinstance(raw, Event) else Event.model_validate(raw)
        if event.to is None and event.kind != "roll":
            out.append(ruleset.event_weight(event))
    return out


def frames_with_action(weights: list[list[str]]) -> list[int]:
    """Of a whole game's steps (the start first), given each one's public event weights,
    the indexes after which a phase with action closed: one replay frame each."""
    steps = [StoredStep(i, i, [Told(w, "") for w in ws]) for i, ws in enumerate(weights)]
    out: list[int] = []
    for segment in cut(steps, "phase", flush=True):
        for phase in segment.acted:
            if not out or out[-1] != phase.at:
                out.append(phase.at)
    return out
