"""Nauta / Classis in a campaign: galleys that carry their damage and their losses of
soldiers from one battle to the next (docs/campaigns.md argues each choice).

- A fleet's ``build`` is its nation, edge, the scenario's table and options; its crews
  are the fleet's grade (green -1, average 0, skilled +1: Nauta grades a fleet's crews
  as one), stepped up by a victory and down by a defeat within what the nation may
  have (§3: Athenians never green, Spartans never skilled, pirates always skilled).
- A galley's ``build`` is her type, extra units and fittings; her tracks are her hull
  (one box: damaged once, §12; a second damage sinks her) and her soldiers' units.
- A prize (§15) joins her captor's fleet empty of soldiers: her captor mans her in port.
  Fittings her new fleet may not carry are struck off.
- The rulebook has no repairs: in port a damaged hull is mended in three days, and a
  unit of soldiers joins each galley every day.
- A galley sails with some soldiers aboard.
"""
from __future__ import annotations

from typing import Any

from rules.core.campaign import Box, Fate, Result, Roster, RosterShip, check_battle
from rules.core.texts import Text, say
from rules.nauta.equipment import fitting
from rules.nauta.fleets import ALWAYS_SKILLED, NOT_GREEN, NOT_SKILLED, default_crew
from rules.nauta.options import NautaOptions, resolve_rules
from rules.nauta.setup import FleetSetup, NautaSetup, ShipSetup
from rules.nauta.ships import ship_class
from rules.nauta.state import NautaState, Ship

CREWS = ("green", "average", "skilled")  # grade -1, 0, +1
DAYS_PER_HULL = 3
SOLDIERS_PER_DAY = 1
PATTERNS = ("meeting", "flank")
_SUNK = ("sunk", "burning", "wrecked")
_TAKEN = ("captured", "taken")


def crew_of(grade: int) -> str:
    return CREWS[max(min(grade, 1), -1) + 1]


def allowed_grades(nation: str) -> tuple[int, int]:
    if nation in ALWAYS_SKILLED:
        return 1, 1
    return (0 if nation in NOT_GREEN else -1), (0 if nation in NOT_SKILLED else 1)


def _tracks(ship: Ship) -> dict[str, Box]:
    return {"hull": Box(boxes=1, lost=min(ship.damage, 1)),
            "soldiers": Box(boxes=ship.soldiers_start, lost=max(ship.soldiers_start - ship.soldiers, 0))}


def _fate(state: NautaState, ship: Ship) -> Fate:
    if ship.status in _SUNK:
        return Fate(ship=ship.id, name=ship.name, side=ship.side, fate="sunk", tracks=_tracks(ship))
    if ship.status in _TAKEN and ship.captured_by is not None:
        captor = state.ship(ship.captured_by).side
        tracks = _tracks(ship)
        tracks["soldiers"] = Box(boxes=ship.soldiers_start, lost=ship.soldiers_start)
        return Fate(ship=ship.id, name=ship.name, side=ship.side, fate="captured", captor=captor, tracks=tracks)
    return Fate(ship=ship.id, name=ship.name, side=ship.side, fate="afloat", tracks=_tracks(ship))


def _fit(ship: RosterShip) -> bool:
    return ship.tracks["soldiers"].remaining > 0


def _place(ships: list[ShipSetup], width: float, height: float, n: int, pattern: str) -> None:
    gap = min(2.5, (width - 4) / max(len(ships), 1))
    start = width / 2 - gap * (len(ships) - 1) / 2
    for i, s in enumerate(ships):
        s.x = start + gap * i
        if pattern == "flank":  # the second fleet comes in from the east edge
            s.x, s.y, s.heading = (s.x, 3.0, 0.0) if n == 0 else (width - 3.0, 4 + (height - 8) * i / max(len(ships), 1), 270.0)
        else:
            s.y, s.heading = (3.0, 0.0) if n == 0 else (height - 3.0, 180.0)


class NautaCampaign:
    """The campaign hooks (:class:`rules.core.campaign.CampaignRules`) of Nauta / Classis."""

    def campaign_rosters(self, setup: NautaSetup) -> list[Roster]:
        out = []
        for f in setup.fleets:
            crew = f.crew or default_crew(f.nation)
            build = {"nation": f.nation, "table": {"width": setup.table.width, "height": setup.table.height},
                     "options": dict(setup.options), "turns": setup.turns}
            ships = []
            for s in f.ships:
                cls = ship_class(s.type)
                ships.append(RosterShip(id=s.id, name=s.name or f"{cls.name} {s.id}",
                                        build={"type": s.type, "extra": s.extra, "equipment": list(s.equipment)},
                                        tracks={"hull": Box(boxes=1), "soldiers": Box(boxes=cls.soldiers + s.extra)}))
            out.append(Roster(side=f.side, build=build, grade=CREWS.index(crew) - 1, ships=ships))
        return out

    def battle_fates(self, state: NautaState) -> list[Fate]:
        return [_fate(state, s) for s in state.ships if s.status != "undeployed"]

    def regrade(self, roster: Roster, result: Result, fought: set[str]) -> Roster:
        if not fought:
            return roster
        low, high = allowed_grades(roster.build.get("nation", ""))
        step = {"won": 1, "lost": -1}.get(result, 0)
        return roster.model_copy(update={"grade": min(max((roster.grade or 0) + step, low), high)})

    def refit(self, roster: Roster, days: int) -> Roster:
        ships = [s.model_copy(update={"tracks": {
            "hull": s.tracks["hull"].mended(days // DAYS_PER_HULL),
            "soldiers": s.tracks["soldiers"].mended(days * SOLDIERS_PER_DAY)}}) for s in roster.ships]
        return roster.model_copy(update={"ships": ships})

    def campaign_patterns(self) -> list[str]:
        return list(PATTERNS)

    def campaign_setup(self, rosters: list[Roster], pattern: str, name: str, title: str) -> NautaSetup:
        check_battle(rosters, pattern, PATTERNS)
        first = rosters[0].build
        table = first.get("table", {"width": 30, "height": 30})
        options: dict[str, Any] = first.get("options", {})
        rules = resolve_rules(NautaOptions(), options)
        fleets = []
        for n, roster in enumerate(rosters):
            nation = roster.build["nation"]
            fit = [s for s in roster.ships if _fit(s)]
            if not fit:
                raise ValueError(f"side {roster.side} has no galley fit to sail")
            ships = []
            for s in fit:
                cls = ship_class(s.build["type"])
                kept = [k for k in s.build.get("equipment", []) if fitting(k).allowed(nation, cls, rules)]
                ships.append(ShipSetup(id=s.id, type=s.build["type"], name=s.name, extra=s.build.get("extra", 0),
                                       equipment=kept, x=0, y=0, heading=0, damage=s.tracks["hull"].lost,
                                       soldiers_lost=s.tracks["soldiers"].lost))
            _place(ships, table["width"], table["height"], n, pattern)
            fleets.append(FleetSetup(side=roster.side, nation=nation, crew=crew_of(roster.grade or 0),
                                     edge="south" if n == 0 else ("east" if pattern == "flank" else "north"),
                                     ships=ships))
        return NautaSetup(name=name, title=title, table=table, turns=first.get("turns", 12), options=options,
                          fleets=fleets)

    def roster_lines(self, roster: Roster) -> list[Text]:
        lines = [say("nauta.campaign.crews", crew=say(f"nauta.card.crew.{crew_of(roster.grade or 0)}"))]
        for s in roster.ships:
            t = s.tracks
            line = say("nauta.campaign.ship" if _fit(s) else "nauta.campaign.ship-unfit", name=s.name,
                       kind=say(f"nauta.class.{s.build['type']}"),
                       hull=say("nauta.campaign.damaged" if t["hull"].lost else "nauta.campaign.sound"),
                       soldiers=f"{t['soldiers'].remaining}/{t['soldiers'].boxes}")
            lines.append(say("nauta.campaign.prize", ship=line, side=s.prize_of) if s.prize_of else line)
        return lines
