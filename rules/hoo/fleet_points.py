"""Fleets by points for *Hearts of Oak*: each side buys ship cards at their points (a
card's points are the sum of its boxes, 1.0: "Castiglione's 25 + 31 + 26 + 10 hull
boxes are the card's 92 points"), placed on the Endless Plan by the shared set-up
patterns, each pattern's inches read as hex widths. Readings in docs/rules/hoo.md,
*Fleets by points*.
"""
from __future__ import annotations

from rules.core.fleets import Battle, Bought, Design, PriceError, Terms, common_problems, place_fleets
from rules.core.tables.hexmap import hex_at
from rules.core.texts import Text, say
from rules.hoo.ships import CATALOGUE
from rules.hoo.state import HooSetup, ShipSetup

SIDES = ("italy", "britain")
# The patterns' area, in hex sizes (centre to corner): the plan has no edge, so this is
# only how far apart the fleets start, about the scenarios' distances.
AREA = (36.0, 30.0)
SPACING = 4.0  # two hexes between neighbours
MAX_SHIPS = 10  # Broadside's: the rulebook sets none; its fleet action has five a side
BUDGET = 200.0  # two 74s a side (92 points each)

DESIGNS: tuple[Design, ...] = tuple(
    Design(id=key, label=say("hoo.fleet.card", ship=c.name, points=c.points), points=float(c.points))
    for key, c in CATALOGUE.items())


def _facing(heading: float) -> int:
    # The hex sides face 0, 60, ... 300 degrees: the nearest to the pattern's heading.
    return round(heading / 60) % 6


class HooFleets:
    def terms(self) -> Terms:
        return Terms(sides=SIDES, designs=DESIGNS, max_ships=MAX_SHIPS, width=AREA[0], height=AREA[1],
                     budget=BUDGET, measure="hexes", title="hoo.scenario.points-battle")

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        if design not in CATALOGUE:
            raise PriceError(say("fleet.unknown-design", design=design))
        c = CATALOGUE[design]
        return Bought(design=design, name=c.name, points=float(c.points))

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        return common_problems(self.terms(), side, fleet)

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> HooSetup:
        width, height = battle.width or AREA[0], battle.height or AREA[1]
        poses = place_fleets(fleets, SIDES, battle, width, height, SPACING)
        ships: list[ShipSetup] = []
        taken: set[tuple[int, int]] = set()
        for side in SIDES:
            for i, (bought, pose) in enumerate(zip(fleets.get(side, []), poses[side])):
                at = hex_at(pose.x, pose.y)
                if (at.q, at.r) in taken:
                    raise ValueError(f"two ships on hex {at.q},{at.r}: the table is too small")
                taken.add((at.q, at.r))
                ships.append(ShipSetup(id=f"{side}-{i + 1}", name=f"{CATALOGUE[bought.design].name} {i + 1}",
                                       side=side, card=bought.design, q=at.q, r=at.r, facing=_facing(pose.heading),
                                       player=bought.seat or None))
        return HooSetup(name=battle.name, title=self.terms().title, sides=list(SIDES), ships=ships)


FLEETS = HooFleets()
