"""Signal Close Action in a campaign: ships whose lost DCs carry from one battle to the
next (docs/campaigns.md argues each choice).

- A ship's ``build`` is her type (and masts, for a two-masted brig); her tracks are her
  hull DCs on each side (``hull-starboard``, ``hull-port``) and her rigging DCs. Damage
  short of a whole DC is made good after the battle (the ship's sheet keeps points
  within a DC only while she fights).
- Her crew's quality is her ``grade``: poor -1, average 0, good +1, elite +2 (Sezione 1
  iv). A ship that fought in a battle her side won steps up one, lost steps down one,
  within poor and elite; the quality changes her Ability and her DCs when she sails, as
  the rulebook's quality does.
- Repairs: at sea the rulebook lets a crew repair the rigging "fino a recuperare un
  RDC"; in port a day mends one rigging DC and one hull DC on each side.
- A prize (Sezione 7: "passa al giocatore che ha vinto la mischia") joins her captor's
  roster with her damage; the prize crew that sailed her "con la stessa qualità
  dell'equipaggio originario" is replaced in port by a crew of her captor's, average.
  Sunk, exploded and burnt ships leave the roster; a struck ship not taken, and one that
  left the table, come home. Shore defences are not carried.
- A ship sails with hull DCs on both sides and some rigging.
"""
from __future__ import annotations

from rules.core.campaign import Box, Fate, Result, Roster, RosterShip, check_battle, mend_roster, regrade_ships
from rules.core.fleets import PATTERNS, place
from rules.core.texts import Text, say
from rules.sca.fleet import CREWS, hull_dcs, rigging_dcs, ship_type
from rules.sca.state import ScaSetup, ScaState, Ship, ShipSetup, TableSetup
from rules.sca.wording import TEXTS

GRADES = (-1, 2)  # poor .. elite
PER_DAY = 1  # DCs mended a day in port: one of the rigging, one of each hull side
SPACING = 150.0  # mm between neighbours, as rules/sca/fleets.py
TURNS = 15
_GONE = ("sunk", "exploded", "burnt")
_HULL = ("starboard", "port")


def crew_of(grade: int | None) -> str:
    """The crew quality of a grade (-1 poor .. +2 elite)."""
    return {-1: "poor", 0: "average", 1: "good", 2: "elite"}[min(max(grade or 0, GRADES[0]), GRADES[1])]


def grade_of(crew: str) -> int:
    return {"poor": -1, "average": 0, "good": 1, "elite": 2}[crew]


def _tracks(ship: Ship) -> dict[str, Box]:
    tracks = {f"hull-{side}": Box(boxes=ship.hull[side], lost=min(ship.hull_lost[side], ship.hull[side]))
              for side in _HULL}
    tracks["rigging"] = Box(boxes=ship.rigging, lost=min(ship.rigging_lost, ship.rigging))
    return tracks


def _fate(ship: Ship) -> Fate:
    tracks = _tracks(ship)
    if ship.status in _GONE:
        return Fate(ship=ship.id, name=ship.name, side=ship.side, fate="sunk", tracks=tracks)
    if ship.status == "captured" and ship.owner and ship.owner != ship.side:
        return Fate(ship=ship.id, name=ship.name, side=ship.side, fate="captured", captor=ship.owner, tracks=tracks)
    return Fate(ship=ship.id, name=ship.name, side=ship.side, fate="afloat", tracks=tracks)


def fit(ship: RosterShip) -> bool:
    t = ship.tracks
    return all(t[k].remaining > 0 for k in ("hull-starboard", "hull-port", "rigging") if k in t and t[k].boxes)


def _heading(degrees: float) -> int:
    return round(degrees / 22.5) % 16


class ScaCampaign:
    """The campaign hooks (:class:`rules.core.campaign.CampaignRules`) of Signal Close Action."""

    def campaign_rosters(self, setup: ScaSetup) -> list[Roster]:
        out = []
        for side in setup.sides:
            ships = []
            for s in setup.ships:
                t = ship_type(s.type)
                if s.side != side or t.fixed:
                    continue
                masts = s.masts if s.masts is not None else t.masts
                hull = hull_dcs(t.bf)
                ships.append(RosterShip(
                    id=s.id, name=s.name, build={"type": t.key, "masts": s.masts, "fireship": s.fireship},
                    tracks={**{f"hull-{h}": Box(boxes=hull[h]) for h in _HULL},
                            "rigging": Box(boxes=rigging_dcs(masts) if masts else 0)},
                    grade=grade_of(s.crew)))
            out.append(Roster(side=side, build={"table": setup.table.model_dump(mode="json"), "turns": setup.turns},
                              ships=ships))
        return out

    def battle_fates(self, state: ScaState) -> list[Fate]:
        return [_fate(s) for s in state.ships if not s.fixed]

    def regrade(self, roster: Roster, result: Result, fought: set[str]) -> Roster:
        return regrade_ships(roster, result, fought, GRADES)

    def refit(self, roster: Roster, days: int) -> Roster:
        return mend_roster(roster, lambda _track: days * PER_DAY)

    def campaign_patterns(self) -> list[str]:
        return list(PATTERNS)

    def campaign_setup(self, rosters: list[Roster], pattern: str, name: str, title: str) -> ScaSetup:
        check_battle(rosters, pattern, PATTERNS)
        table = TableSetup.model_validate(rosters[0].build.get("table", {}))
        table.land = []  # the next battle is fought in open water
        ships: list[ShipSetup] = []
        for n, roster in enumerate(rosters):
            sailing = [s for s in roster.ships if fit(s)]
            if not sailing:
                raise ValueError(f"side {roster.side} has no ship fit to sail")
            seed = sum(ord(c) for s in sailing for c in s.id)
            poses = place(pattern, len(sailing), n, table.width, table.height, spacing=SPACING, seed=seed)
            for s, pose in zip(sailing, poses):
                t = s.tracks
                ships.append(ShipSetup(
                    id=s.id, name=s.name, side=roster.side, type=s.build["type"], crew=crew_of(s.grade),
                    masts=s.build.get("masts"), fireship=bool(s.build.get("fireship")), x=pose.x, y=pose.y,
                    heading=_heading(pose.heading),
                    hull_lost={h: t[f"hull-{h}"].lost for h in _HULL if f"hull-{h}" in t},
                    rigging_lost=t["rigging"].lost if "rigging" in t else 0))
        return ScaSetup(name=name, title=title, sides=[r.side for r in rosters], table=table,
                        turns=rosters[0].build.get("turns", TURNS), ships=ships)

    def roster_lines(self, roster: Roster) -> list[Text]:
        lines = []
        for s in roster.ships:
            t = s.tracks
            sb, port = (f"{t[f'hull-{h}'].remaining}/{t[f'hull-{h}'].boxes}" for h in _HULL)
            line = say("sca.campaign.ship" if fit(s) else "sca.campaign.ship-unfit", name=s.name, type=s.build["type"],
                       sb=sb, port=port, rigging=f"{t['rigging'].remaining}/{t['rigging'].boxes}",
                       crew=say(f"sca.crew.{crew_of(s.grade)}"))
            lines.append(say("sca.campaign.prize", ship=line, side=s.prize_of) if s.prize_of else line)
        return lines


TEXTS.add_pairs({
    "sca.campaign.ship": ("**{name}** ({type}): hull DCs starboard {sb}, port {port}; rigging DCs {rigging}; "
                          "{crew} crew",
                          "**{name}** ({type}): HDC dritta {sb}, sinistra {port}; RDC {rigging}; equipaggio {crew}"),
    "sca.campaign.ship-unfit": ("**{name}** ({type}): hull DCs starboard {sb}, port {port}; rigging DCs {rigging}; "
                                "{crew} crew — in port, not fit to sail",
                                "**{name}** ({type}): HDC dritta {sb}, sinistra {port}; RDC {rigging}; "
                                "equipaggio {crew} — in porto, non può salpare"),
    "sca.campaign.prize": ("{ship} (a prize taken from {side})", "{ship} (preda tolta a {side})"),
})

__all__ = ["CREWS", "ScaCampaign", "crew_of", "fit", "grade_of"]
