"""Cannoni in batteria! in a campaign: log-books that carry their damage from one battle
to the next (docs/campaigns.md argues each choice).

- A ship's ``build`` is her log-book at her crew's base quality (``{"log": ...}``); her
  ``grade`` (-1, 0, +1) is added to her manoeuvre, combat and gunnery when she sails,
  the same one-step adjustment Appendix B allows a crew ("aumentare di uno il
  modificatore, ma non oltre"); manoeuvre stays on its 2-8 scale.
- Tracks: each hull side, each mast, the crew (``hull-starboard``, ``mast-main``...).
- A prize keeps the log-book the rules gave her when taken (*Cattura di una nave*: the
  captor's crew at -1 manoeuvre, -2 combat, -2 gunnery) with her own crew boxes, manned
  at first by the prize crew only; the refit fills her up.
- Repairs: the optional rule *Riparazioni* mends one rigging box in five action phases
  at sea; in port a day mends one box of every mast, two of each hull side, and ships
  one box of new hands.
- A ship sails only with both hull sides, a mast standing and some crew left.
"""
from __future__ import annotations

from typing import Any

from rules.cannoni.logbook import LogBook
from rules.cannoni.setup import CannoniSetup, ShipSetup
from rules.cannoni.state import CannoniState, ShipState
from rules.core.campaign import Box, Fate, Result, Roster, RosterShip, check_battle, mend_roster, regrade_ships
from rules.core.texts import Text, say

GRADES = (-1, 1)  # the lowest and highest crew step
MANOEUVRE_SCALE = (2, 8)
# Boxes mended per day in port, by kind of track.
PER_DAY = {"hull": 2, "mast": 1, "crew": 1}
PATTERNS = ("meeting", "crossing")
TABLE = (72.0, 48.0)


def _tracks_of_log(log: LogBook) -> dict[str, Box]:
    tracks = {f"hull-{side}": Box(boxes=log.hull_per_side) for side in ("starboard", "port")}
    tracks.update({f"mast-{m.name}": Box(boxes=m.boxes) for m in log.masts})
    tracks["crew"] = Box(boxes=log.crew_boxes)
    return tracks


def _tracks_of_ship(ship: ShipState, crew_boxes: int | None = None) -> dict[str, Box]:
    tracks = {f"hull-{side}": Box(boxes=t.boxes, lost=t.lost) for side, t in ship.hull.items()}
    tracks.update({f"mast-{m.name}": Box(boxes=m.boxes, lost=m.lost) for m in ship.masts})
    boxes = crew_boxes if crew_boxes is not None else ship.crew.boxes
    tracks["crew"] = Box(boxes=boxes, lost=max(boxes - ship.crew.remaining, 0))
    return tracks


def graded_log(log: LogBook, grade: int) -> LogBook:
    """Her log-book with her crew's step on manoeuvre, combat and gunnery (the fire table
    keeps the guns' range figures and moves with the gunners, as a prize's does)."""
    if not grade:
        return log
    low, high = MANOEUVRE_SCALE
    manoeuvre = min(max(log.manoeuvre + grade, min(low, log.manoeuvre)), high)
    return log.model_copy(update={
        "manoeuvre": manoeuvre, "combat": log.combat + grade, "gunnery": log.gunnery + grade,
        "fire": [None if m is None else m + grade for m in log.fire]})


def _fit(ship: RosterShip) -> bool:
    t = ship.tracks
    hull = all(t[k].remaining > 0 for k in ("hull-starboard", "hull-port") if k in t)
    masts = [v for k, v in t.items() if k.startswith("mast-")]
    return hull and (not masts or any(m.remaining > 0 for m in masts)) and t.get("crew", Box(boxes=1)).remaining > 0


def _home_side(ship: ShipState) -> str:
    return ship.original.side if ship.original is not None else ship.side


def _fate(ship: ShipState) -> Fate:
    home = _home_side(ship)
    if ship.status == "sunk" or ship.sinking:
        return Fate(ship=ship.id, name=ship.name, side=home, fate="sunk", tracks=_tracks_of_ship(ship))
    if ship.captured_by is not None and ship.original is not None:
        # her own crew boxes, manned by the prize crew alone until the refit
        own = ship.original.log.crew_boxes
        log = ship.log.model_copy(update={"crew_boxes": own})
        return Fate(ship=ship.id, name=ship.name, side=home, fate="captured", captor=ship.captured_by,
                    tracks=_tracks_of_ship(ship, own), build={"log": log.model_dump(mode="json")})
    # afloat, struck but not taken, gone off the table: she comes home with her damage
    return Fate(ship=ship.id, name=ship.name, side=home, fate="afloat", tracks=_tracks_of_ship(ship))


def _line(a: list[ShipSetup], x: float, y: float, heading: float, along: str, length: float) -> None:
    """Ships in line abreast along one edge, centred, at most 6 inches apart."""
    gap = min(6.0, (length - 8.0) / max(len(a), 1))
    start = length / 2 - gap * (len(a) - 1) / 2
    for i, s in enumerate(a):
        pos = start + gap * i
        s.x, s.y = (pos, y) if along == "x" else (x, pos)
        s.heading = heading


class CannoniCampaign:
    """The campaign hooks (:class:`rules.core.campaign.CampaignRules`) of Cannoni."""

    def campaign_rosters(self, setup: CannoniSetup) -> list[Roster]:
        rosters = {side: Roster(side=side) for side in setup.sides}
        for s in setup.ships:
            log = s.logbook()
            rosters[s.side].ships.append(RosterShip(id=s.id, name=log.name, build={"log": log.model_dump(mode="json")},
                                                    tracks=_tracks_of_log(log), grade=0))
        return list(rosters.values())

    def battle_fates(self, state: CannoniState) -> list[Fate]:
        return [_fate(ship) for ship in state.ships]

    def regrade(self, roster: Roster, result: Result, fought: set[str]) -> Roster:
        return regrade_ships(roster, result, fought, GRADES)

    def refit(self, roster: Roster, days: int) -> Roster:
        return mend_roster(roster, lambda track: PER_DAY[track.split("-")[0]] * days)

    def campaign_patterns(self) -> list[str]:
        return list(PATTERNS)

    def campaign_setup(self, rosters: list[Roster], pattern: str, name: str, title: str) -> CannoniSetup:
        check_battle(rosters, pattern, PATTERNS)
        width, height = TABLE
        ships: list[ShipSetup] = []
        for n, roster in enumerate(rosters):
            fit = [s for s in roster.ships if _fit(s)]
            if not fit:
                raise ValueError(f"side {roster.side} has no ship fit to sail")
            line = [ShipSetup(id=s.id, log=graded_log(LogBook.model_validate(s.build["log"]), s.grade or 0),
                              side=roster.side, x=0, y=0, heading=0,
                              carried={k: b.lost for k, b in s.tracks.items() if b.lost}) for s in fit]
            if pattern == "meeting":  # from the west and east edges, bows towards each other
                _line(line, 10.0 if n == 0 else width - 10.0, 0, 90.0 if n == 0 else 270.0, "y", height)
            else:  # from the south and north edges
                _line(line, 0, 8.0 if n == 0 else height - 8.0, 0.0 if n == 0 else 180.0, "x", width)
            ships += line
        return CannoniSetup(name=name, title=title, table={"width": width, "height": height}, wind=None, turns=12,
                            sides=[r.side for r in rosters], ships=ships)

    def roster_lines(self, roster: Roster) -> list[Text]:
        return [_ship_line(s) for s in roster.ships]


def _ship_line(ship: RosterShip) -> Text:
    t = ship.tracks
    hull = sum(t[k].remaining for k in ("hull-starboard", "hull-port") if k in t)
    hull_of = sum(t[k].boxes for k in ("hull-starboard", "hull-port") if k in t)
    masts = ", ".join(f"{t[k].remaining}/{t[k].boxes}" for k in t if k.startswith("mast-"))
    crew = t.get("crew", Box(boxes=0))
    params: dict[str, Any] = {"name": ship.name, "hull": f"{hull}/{hull_of}", "masts": masts or "-",
                              "crew": f"{crew.remaining}/{crew.boxes}",
                              "grade": say(f"cannoni.campaign.grade.{_grade_key(ship.grade or 0)}")}
    code = "cannoni.campaign.ship" if _fit(ship) else "cannoni.campaign.ship-unfit"
    if ship.prize_of:
        return say("cannoni.campaign.prize", ship=say(code, **params), side=ship.prize_of)
    return say(code, **params)


def _grade_key(grade: int) -> str:
    return {-1: "shaken", 0: "steady", 1: "veteran"}[max(min(grade, 1), -1)]
