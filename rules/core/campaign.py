"""What a campaign asks of a ruleset: fleets that carry from one battle to the next.

A campaign is a series of battles between the same sides. Between battles each side
keeps a **roster**: its ships, what each one is (the ruleset's own ``build``: a
log-book, a galley's type and fittings), the damage she carries (``tracks``: boxes
printed and boxes lost) and her crew's quality (``grade``). A ruleset that can play
campaigns implements :class:`CampaignRules` beside its :class:`~rules.core.ruleset.Ruleset`
(each ruleset's are in its own package: rules/<r>/campaign.py); the bot only calls these methods and
:func:`after_battle`, and never reads a ``build``.

Everything here is pure: rosters in, rosters out.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from rules.core.texts import Text

Result = Literal["won", "lost", "drawn", "abandoned"]


class Box(BaseModel):
    """A track of boxes: how many are printed, how many are struck."""

    boxes: int
    lost: int = 0

    @property
    def remaining(self) -> int:
        return max(self.boxes - self.lost, 0)

    def mended(self, n: int) -> "Box":
        return Box(boxes=self.boxes, lost=max(self.lost - max(n, 0), 0))


class RosterShip(BaseModel):
    id: str  # her id in every battle's setup (unique across the campaign)
    name: str
    build: dict[str, Any] = Field(default_factory=dict)  # the ruleset's own: what she is
    tracks: dict[str, Box] = Field(default_factory=dict)  # the ruleset's track keys
    grade: int | None = None  # her crew's quality step (None: the ruleset grades the side)
    prize_of: str | None = None  # the side she was taken from
    battles: int = 0  # battles she fought in


class Roster(BaseModel):
    side: str
    build: dict[str, Any] = Field(default_factory=dict)  # the ruleset's own: the fleet's nation, crews...
    grade: int | None = None  # the side's crew quality step (None: graded ship by ship)
    ships: list[RosterShip] = Field(default_factory=list)


class Fate(BaseModel):
    """One ship at the end of a battle, as everyone at the table saw it."""

    ship: str
    name: str
    side: str  # the side she sailed for when the battle began
    fate: Literal["afloat", "sunk", "captured"]
    captor: str | None = None  # the side that took her
    tracks: dict[str, Box] = Field(default_factory=dict)
    build: dict[str, Any] | None = None  # what she became (a prize's rebuilt log-book); None: unchanged


class Tally(BaseModel):
    """What one battle did to the rosters, side by side."""

    sunk: dict[str, list[str]] = Field(default_factory=dict)  # by the side that lost her
    captured: dict[str, list[str]] = Field(default_factory=dict)  # by the side that lost her
    prizes: dict[str, list[str]] = Field(default_factory=dict)  # by the side that took her

    def lost(self, side: str) -> int:
        return len(self.sunk.get(side, [])) + len(self.captured.get(side, []))

    def taken(self, side: str) -> int:
        """Enemy ships this side sank or took. A ship sunk counts for each side against her
        (with two sides: the enemy); a prize for her captor."""
        sunk = sum(len(names) for other, names in self.sunk.items() if other != side)
        return sunk + len(self.prizes.get(side, []))


@runtime_checkable
class CampaignRules(Protocol):
    """The campaign hooks of a ruleset (pure functions of rosters, setups and states)."""

    def campaign_rosters(self, setup: BaseModel) -> list[Roster]:
        """Each side's roster at the start of a campaign, from a setup, fresh."""

    def battle_fates(self, state: BaseModel) -> list[Fate]:
        """Each ship's condition at the end of a battle, from its last state."""

    def regrade(self, roster: Roster, result: Result, fought: set[str]) -> Roster:
        """Crews gain or lose quality with a battle's result (``fought``: her ships that sailed in it)."""

    def refit(self, roster: Roster, days: int) -> Roster:
        """Repairs between battles, at the campaign's rate for ``days`` in port."""

    def campaign_patterns(self) -> list[str]:
        """The set-up patterns a next battle may use, the default first."""

    def campaign_setup(self, rosters: list[Roster], pattern: str, name: str, title: str) -> BaseModel:
        """The next battle's setup: every ship fit to sail, with the damage she carries.
        ValueError (in English) when it cannot be built (a side with no ship fit to sail)."""

    def roster_lines(self, roster: Roster) -> list[Text]:
        """The roster as a player reads it: a line per ship, in the ruleset's words."""


def campaign_rules(ruleset: object) -> CampaignRules | None:
    """The ruleset's campaign hooks, or None if it plays no campaigns."""
    return ruleset if isinstance(ruleset, CampaignRules) else None


def after_battle(rules: CampaignRules, rosters: list[Roster], fates: list[Fate], winner: str | None,
                 decided: bool, days: int) -> tuple[list[Roster], Tally]:
    """The rosters after a battle and the refit that follows it: sunk ships leave, prizes
    join their captor, damage carries, crews are regraded by the result (``decided``:
    the rules gave one; an abandoned battle changes no crew), then ``days`` of repairs."""
    by_side = {r.side: r.model_copy(deep=True) for r in rosters}
    fate_of = {f.ship: f for f in fates}
    tally = Tally()
    fought: dict[str, set[str]] = {side: set() for side in by_side}
    for roster in list(by_side.values()):
        kept: list[RosterShip] = []
        for ship in roster.ships:
            fate = fate_of.get(ship.id)
            if fate is None:  # she stayed in port
                kept.append(ship)
                continue
            fought[roster.side].add(ship.id)
            after = ship.model_copy(update={"tracks": dict(fate.tracks) or ship.tracks, "battles": ship.battles + 1,
                                            "build": fate.build if fate.build is not None else ship.build})
            if fate.fate == "sunk":
                tally.sunk.setdefault(roster.side, []).append(ship.name)
            elif fate.fate == "captured" and fate.captor in by_side and fate.captor != roster.side:
                tally.captured.setdefault(roster.side, []).append(ship.name)
                tally.prizes.setdefault(fate.captor, []).append(ship.name)
                # a new crew: her captor's men, at the quality the ruleset starts a prize crew at
                prize = after.model_copy(update={"prize_of": roster.side,
                                                 "grade": 0 if ship.grade is not None else None})
                by_side[fate.captor].ships.append(prize)
            else:
                kept.append(after)
        roster.ships = kept
    out = []
    for side, roster in by_side.items():
        if decided:
            result: Result = "drawn" if winner is None else "won" if winner == side else "lost"
            roster = rules.regrade(roster, result, fought[side])
        out.append(rules.refit(roster, days))
    return out, tally


def fit_to_sail(ship: RosterShip, vital: tuple[str, ...]) -> bool:
    """Whether none of her ``vital`` tracks (those that keep a ship in the fight) is gone."""
    return all(ship.tracks[k].remaining > 0 for k in vital if k in ship.tracks)


def mend_roster(roster: Roster, boxes: Callable[[str], int]) -> Roster:
    """Every ship's tracks mended by ``boxes(track)`` boxes (the refit's rate, per track)."""
    ships = [s.model_copy(update={"tracks": {k: t.mended(boxes(k)) for k, t in s.tracks.items()}})
             for s in roster.ships]
    return roster.model_copy(update={"ships": ships})


def check_battle(rosters: list[Roster], pattern: str, patterns: Iterable[str]) -> None:
    """A campaign battle is two fleets placed by one of the ruleset's set-up patterns."""
    known = list(patterns)
    if pattern not in known:
        raise ValueError(f"unknown set-up pattern {pattern!r}; known: {', '.join(known)}")
    if len(rosters) != 2:
        raise ValueError("a campaign battle is fought between two fleets")


def regrade_ships(roster: Roster, result: Result, fought: set[str], grades: tuple[int, int]) -> Roster:
    """Each ship that fought a grade up for a win, down for a loss, within ``grades``."""
    step = {"won": 1, "lost": -1}.get(result, 0)
    low, high = grades
    ships = [s.model_copy(update={"grade": min(max((s.grade or 0) + step, low), high)}) if s.id in fought else s
             for s in roster.ships]
    return roster.model_copy(update={"ships": ships})


__all__ = ["Box", "CampaignRules", "Fate", "Result", "Roster", "RosterShip", "Tally", "after_battle",
           "campaign_rules", "check_battle", "fit_to_sail", "mend_roster", "regrade_ships"]
