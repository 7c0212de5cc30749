"""Pirates in a campaign: ships whose lost masts carry from one battle to the next, crews
that stay lost, and the treasure each fleet banks (docs/campaigns.md argues each choice).

- A ship's ``build`` is her type (``{"key": "red-heron"}``) and the crews aboard her
  (``crews``: their keys); her one track is her ``masts``, printed and lost.
- Crews have no quality in the rulebook (a crew is its ability, face down or up): a
  battle's result changes no grade. A crew killed, or gone down with her ship, stays
  lost. A crew alive at the end sails on with the ship she is aboard (a derelict towed to
  another's home island passes "compreso equipaggio e tesori"); one ashore joins the
  first ship her fleet still has (with none, she is lost with the fleet).
- Repairs: "Una nave sull'isola base può riparare un albero" — one mast a manoeuvre, at
  home. Between battles every ship is at home: a day in port mends one mast.
- A derelict (no mast left) of her own fleet at the end is towed home and refitted; one
  towed to an enemy home island is his prize (rules.pirates.towing) and joins his roster
  with her damage and her crews. Sunk ships and wrecks leave the roster.
- Treasure banked (at the fleet's home island and its forts) at the end of a battle is
  added to the fleet's chest (``build["treasure"]``), the campaign's points in the
  rosters; the standings' points are the battles' results, and a battle is won by the
  richest fleet, so the treasure decides them too.
- The next battle is fought on the skirmish's sea, every ship fit to sail docked at her
  home island (rules.pirates.docking), her crews aboard while she has room (points and
  cargo), the others on the island. A campaign's fleets are what they won, not bought:
  the battle's points are the larger fleet's cost (at least a skirmish's).
"""
from __future__ import annotations

from rules.core.campaign import Box, Fate, Result, Roster, RosterShip, check_battle, fit_to_sail, mend_roster
from rules.core.scenarios import packaged_scenarios
from rules.core.texts import Text, say
from rules.pirates.catalogue import crew_type, ship_type
from rules.pirates.docking import dock_fleet
from rules.pirates.setup import SKIRMISH, CrewSetup, FleetSetup, PiratesSetup, ShipSetup, ship_id
from rules.pirates.state import PiratesState, Ship
from rules.pirates import wording  # noqa: F401  (the roster lines: pirates.campaign.*)

PER_DAY = 1  # masts mended a day in port (the repair manoeuvre's one mast, at home)
PATTERN = "docked"  # "tutte le navi partono attraccate alla propria isola base"
SEA = "skirmish"
VITAL = ("masts",)
BANKED = "banked"  # a battle's treasure, on a ship's build until the refit puts it in the chest
_GONE = ("sunk", "wreck")


def _ship(side: str, index: int, spec: ShipSetup, crews: list[str]) -> RosterShip:
    kind = ship_type(spec.key)
    name = spec.name or (kind.name if kind.named else f"{side} {kind.name} {index + 1}")
    return RosterShip(id=ship_id(side, index, spec), name=name, build={"key": spec.key, "crews": crews},
                      tracks={"masts": Box(boxes=kind.masts, lost=min(spec.masts_lost, kind.masts))})


def _banked(state: PiratesState, side: str) -> int:
    out = 0
    for t in state.treasures:
        island, fort = state.find_island(t.place), state.find_fort(t.place)
        at_home = island is not None and island.kind == "home" and island.side == side
        if at_home or fort is not None and fort.side == side:
            out += t.value
    return out


def _crews_of(state: PiratesState) -> dict[str, list[str]]:
    """Each surviving ship's crews at the end: those aboard, then her fleet's crews ashore on
    the first ship the fleet has left."""
    afloat = [s for s in state.ships if s.status not in _GONE]
    out: dict[str, list[str]] = {s.id: [] for s in afloat}
    for crew in state.crews:
        if not crew.alive or not crew.place:
            continue
        if crew.place in out:
            out[crew.place].append(crew.key)
            continue
        first = next((s for s in afloat if s.side == crew.side), None)
        if first is not None:
            out[first.id].append(crew.key)
    return out


def _fate(ship: Ship, home: str, build: dict | None) -> Fate:
    kind = ship_type(ship.key)
    tracks = {"masts": Box(boxes=kind.masts, lost=max(kind.masts - len(ship.guns), 0))}
    if ship.status in _GONE:
        return Fate(ship=ship.id, name=ship.name, side=home, fate="sunk", tracks=tracks)
    if ship.side != home:
        return Fate(ship=ship.id, name=ship.name, side=home, fate="captured", captor=ship.side, tracks=tracks,
                    build=build)
    return Fate(ship=ship.id, name=ship.name, side=home, fate="afloat", tracks=tracks, build=build)


def _sea() -> PiratesSetup:
    return packaged_scenarios("rules.pirates", PiratesSetup)[SEA]


def _crews_aboard(key: str, crews: list[str], index: int) -> list[CrewSetup]:
    """Her crews aboard while she has room ("massimo punti di equipaggio pari al punteggio
    della nave", "ogni equipaggio toglie uno dalla capacità di carico"), the rest ashore."""
    kind, points, out = ship_type(key), 0, []
    for c in crews:
        aboard = points + crew_type(c).points <= kind.points and len([x for x in out if x.on is not None]) < kind.cargo
        points += crew_type(c).points if aboard else 0
        out.append(CrewSetup(key=c, on=index if aboard else None))
    return out


def _cost(ships: list[RosterShip]) -> int:
    return sum(ship_type(s.build["key"]).points + sum(crew_type(c).points for c in s.build.get("crews", []))
               for s in ships)


def _name(key: str, crew: bool) -> Text | str:
    kind = crew_type(key) if crew else ship_type(key)
    return kind.name if kind.named else say(f"pirates.{'word' if crew else 'hull'}.{key}")


def _crew_list(crews: list[str]) -> Text | str:
    if not crews:
        return say("pirates.campaign.no-crew")
    out = _name(crews[0], True)
    for c in crews[1:]:
        out = say("pirates.campaign.list", first=out, next=_name(c, True))
    return out


class PiratesCampaign:
    """The campaign hooks (:class:`rules.core.campaign.CampaignRules`) of Pirates."""

    def campaign_rosters(self, setup: PiratesSetup) -> list[Roster]:
        out = []
        for fleet in setup.fleets:
            aboard: dict[int | None, list[str]] = {}
            for c in fleet.crews:
                aboard.setdefault(c.on, []).append(c.key)
            ashore = aboard.pop(None, [])
            ships = [_ship(fleet.side, i, s, aboard.get(i, []) + (ashore if i == 0 else []))
                     for i, s in enumerate(fleet.ships)]
            out.append(Roster(side=fleet.side, build={"treasure": 0}, ships=ships))
        return out

    def battle_fates(self, state: PiratesState) -> list[Fate]:
        crews = _crews_of(state)
        chest: dict[str, str] = {}  # side -> the ship that carries the battle's treasure into the refit
        for s in state.ships:
            if s.status not in _GONE:
                chest.setdefault(s.side, s.id)
        out = []
        for s in state.ships:
            build = None
            if s.status not in _GONE:
                build = {"key": s.key, "crews": crews[s.id]}
                if chest.get(s.side) == s.id:
                    build[BANKED] = _banked(state, s.side)
            out.append(_fate(s, s.taken_from or s.side, build))
        return out

    def regrade(self, roster: Roster, result: Result, fought: set[str]) -> Roster:
        return roster  # the rulebook grades no crew

    def refit(self, roster: Roster, days: int) -> Roster:
        treasure = int(roster.build.get("treasure", 0))
        ships = []
        for s in roster.ships:
            if BANKED in s.build:
                build = dict(s.build)
                treasure += int(build.pop(BANKED))
                s = s.model_copy(update={"build": build})
            ships.append(s)
        mended = mend_roster(roster.model_copy(update={"ships": ships}), lambda _track: days * PER_DAY)
        return mended.model_copy(update={"build": {**roster.build, "treasure": treasure}})

    def campaign_patterns(self) -> list[str]:
        return [PATTERN]

    def campaign_setup(self, rosters: list[Roster], pattern: str, name: str, title: str) -> PiratesSetup:
        check_battle(rosters, pattern, [PATTERN])
        sea = _sea()
        homes = {i.side for i in sea.islands if i.kind == "home"}
        fleets, placed, costs = [], [], []
        for roster in rosters:
            if roster.side not in homes:
                raise ValueError(f"the {SEA} sea has no home island for side {roster.side}")
            sailing = [s for s in roster.ships if fit_to_sail(s, VITAL)]
            if not sailing:
                raise ValueError(f"side {roster.side} has no ship fit to sail")
            poses = dock_fleet(sea, roster.side, [ship_type(s.build["key"]).squares for s in sailing], placed)
            if poses is None:
                raise ValueError(f"side {roster.side}'s ships do not all fit along their home island's coast")
            ships = [ShipSetup(key=s.build["key"], col=p.bow.col, row=p.bow.row, facing=p.facing, id=s.id,
                               name=s.name, masts_lost=s.tracks["masts"].lost) for s, p in zip(sailing, poses)]
            crews = [c for i, s in enumerate(sailing)
                     for c in _crews_aboard(s.build["key"], s.build.get("crews", []), i)]
            fleets.append(FleetSetup(side=roster.side, ships=ships, crews=crews))
            costs.append(_cost(sailing))
        return sea.model_copy(update={"name": name, "title": title, "points": max(SKIRMISH, *costs),
                                      "fleets": fleets})

    def roster_lines(self, roster: Roster) -> list[Text]:
        lines = [say("pirates.campaign.chest", treasure=int(roster.build.get("treasure", 0)))]
        for s in roster.ships:
            masts = s.tracks["masts"]
            crews = s.build.get("crews", [])
            line = say("pirates.campaign.ship" if fit_to_sail(s, VITAL) else "pirates.campaign.ship-unfit",
                       name=s.name, kind=_name(s.build["key"], False), masts=f"{masts.remaining}/{masts.boxes}",
                       crews=_crew_list(crews))
            if s.prize_of:
                line = say("pirates.campaign.prize", ship=line, side=say(f"pirates.nation.{s.prize_of}"))
            lines.append(line)
        return lines


__all__ = ["PER_DAY", "PATTERN", "PiratesCampaign"]
