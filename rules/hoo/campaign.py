"""Hearts of Oak in a campaign: ship cards whose crossed-out boxes carry from one battle
to the next (docs/campaigns.md argues each choice).

- A ship's ``build`` is her card (``{"card": "74"}``); her tracks are the card's four
  rows (sails, guns, hull, crew), boxes printed and boxes crossed out.
- The rulebook gives crews no quality (a crew is only its row of boxes): a battle's
  result changes no crew's grade; what a crew lost stays lost until the refit.
- The rulebook has no repairs. In port a day mends one box of every row.
- A prize (3.6.1, taken at the cost of one of her captor's crew boxes) comes to her
  captor's roster with her damage and a prize crew of one box; the refit mans her.
  A ship struck but not taken comes home with her damage.
- A ship sails with hull, sails and crew left (a dismasted ship stays in port).
"""
from __future__ import annotations

from rules.core.campaign import Box, Fate, Result, Roster, RosterShip, check_battle, mend_roster
from rules.core.fleets import PATTERNS, place
from rules.core.tables.hexmap import hex_at
from rules.core.texts import Text, say
from rules.hoo.ships import AREAS, card
from rules.hoo.state import HooSetup, HooState, Ship, ShipSetup
from rules.hoo.wording import TEXTS

PER_DAY = 1  # boxes of every row mended a day in port
AREA = (36.0, 30.0)  # the patterns' area in hex sizes (as rules/hoo/fleet_points.py)
SPACING = 4.0
TURNS = 15
VITAL = ("hull", "sails", "crew")


def _boxes(key: str) -> dict[str, int]:
    c = card(key)
    return {a: len(c.track(a)) for a in AREAS}


def _tracks(ship: Ship) -> dict[str, Box]:
    return {a: Box(boxes=n, lost=min(ship.lost.get(a, 0), n)) for a, n in _boxes(ship.card).items()}


def _fate(ship: Ship) -> Fate:
    home = ship.taken_from or ship.side
    tracks = _tracks(ship)
    if ship.status == "sunk":
        return Fate(ship=ship.id, name=ship.name, side=home, fate="sunk", tracks=tracks)
    if ship.taken_from is not None:  # a prize, away or still sailing for her captor at the end
        crew = tracks["crew"]
        tracks["crew"] = Box(boxes=crew.boxes, lost=max(crew.boxes - 1, crew.lost))
        return Fate(ship=ship.id, name=ship.name, side=home, fate="captured", captor=ship.side, tracks=tracks)
    return Fate(ship=ship.id, name=ship.name, side=home, fate="afloat", tracks=tracks)


def fit(ship: RosterShip) -> bool:
    return all(ship.tracks[k].remaining > 0 for k in VITAL if k in ship.tracks)


def _facing(heading: float) -> int:
    return round(heading / 60) % 6


class HooCampaign:
    """The campaign hooks (:class:`rules.core.campaign.CampaignRules`) of Hearts of Oak."""

    def campaign_rosters(self, setup: HooSetup) -> list[Roster]:
        return [Roster(side=side, ships=[
            RosterShip(id=s.id, name=s.name, build={"card": s.card},
                       tracks={a: Box(boxes=n) for a, n in _boxes(s.card).items()})
            for s in setup.ships if s.side == side]) for side in setup.sides]

    def battle_fates(self, state: HooState) -> list[Fate]:
        return [_fate(s) for s in state.ships]

    def regrade(self, roster: Roster, result: Result, fought: set[str]) -> Roster:
        return roster  # the rulebook grades no crew

    def refit(self, roster: Roster, days: int) -> Roster:
        return mend_roster(roster, lambda _track: days * PER_DAY)

    def campaign_patterns(self) -> list[str]:
        return list(PATTERNS)

    def campaign_setup(self, rosters: list[Roster], pattern: str, name: str, title: str) -> HooSetup:
        check_battle(rosters, pattern, PATTERNS)
        ships: list[ShipSetup] = []
        taken: set[tuple[int, int]] = set()
        for n, roster in enumerate(rosters):
            sailing = [s for s in roster.ships if fit(s)]
            if not sailing:
                raise ValueError(f"side {roster.side} has no ship fit to sail")
            seed = sum(ord(c) for s in sailing for c in s.id)
            for s, pose in zip(sailing, place(pattern, len(sailing), n, *AREA, spacing=SPACING, seed=seed)):
                at = hex_at(pose.x, pose.y)
                if (at.q, at.r) in taken:
                    raise ValueError(f"two ships on hex {at.q},{at.r}")
                taken.add((at.q, at.r))
                ships.append(ShipSetup(id=s.id, name=s.name, side=roster.side, card=s.build["card"], q=at.q, r=at.r,
                                       facing=_facing(pose.heading),
                                       lost={k: t.lost for k, t in s.tracks.items() if t.lost}))
        return HooSetup(name=name, title=title, turns=TURNS, sides=[r.side for r in rosters], ships=ships)

    def roster_lines(self, roster: Roster) -> list[Text]:
        lines = []
        for s in roster.ships:
            t = s.tracks
            rows = {a: f"{t[a].remaining}/{t[a].boxes}" for a in AREAS if a in t}
            line = say("hoo.campaign.ship" if fit(s) else "hoo.campaign.ship-unfit", name=s.name,
                       card=card(s.build["card"]).name, **rows)
            lines.append(say("hoo.campaign.prize", ship=line, side=s.prize_of) if s.prize_of else line)
        return lines


TEXTS.add_pairs({
    "hoo.campaign.ship": ("**{name}** ({card}): sails {sails}, guns {guns}, hull {hull}, crew {crew}",
                          "**{name}** ({card}): vele {sails}, cannoni {guns}, scafo {hull}, equipaggio {crew}"),
    "hoo.campaign.ship-unfit": ("**{name}** ({card}): sails {sails}, guns {guns}, hull {hull}, crew {crew} — "
                                "in port, not fit to sail",
                                "**{name}** ({card}): vele {sails}, cannoni {guns}, scafo {hull}, equipaggio {crew} — "
                                "in porto, non può salpare"),
    "hoo.campaign.prize": ("{ship} (a prize taken from {side})", "{ship} (preda tolta a {side})"),
})
