"""Fleets by points for *Nauta* / *Classis*: Rome against Carthage in the First Punic
War, each side buying galleys from the ship table (§2) at its printed cost, with extra
soldiers' units at 5 points each (§4), within §5's composition limits for these two
nations ("Romani della 1° Guerra Punica e Cartaginesi": at most two ships of Size 1,
two of Size 2, one of Size 5, none of Size 0 or 6). Readings in docs/rules/nauta.md,
*Fleets by points*.
"""
from __future__ import annotations

from rules.core.fleets import Battle, Bought, Design, Param, PriceError, Terms, common_problems, place_fleets
from rules.core.texts import Text, say
from rules.nauta.fleets import EXTRA_UNIT_POINTS
from rules.nauta.setup import FleetSetup, NautaSetup, ShipSetup
from rules.nauta.ships import CLASSES, max_extra
from rules.nauta.state import Table

NATIONS = {"rome": "roman_punic", "carthage": "carthaginian"}
SIDES = tuple(NATIONS)
# §5 for roman_punic and carthaginian, by Size (rules/nauta/fleets.py _size_problems).
MOST_BY_SIZE = {0: 0, 1: 2, 2: 2, 5: 1, 6: 0}
# §1: "L'area di gioco minima per due flotte da 300 punti ... è di 60 x 60 cm", in
# segments of 2 cm.
TABLE = (30.0, 30.0)
BUDGET = 300.0
MAX_SHIPS = 10  # Broadside's: §5 sets none; 300 points buy at most nine of these galleys
SPACING = 3.0  # segments: the longest base (Size 5, 35 mm) and room to row past


def _design(key: str) -> Design | None:
    cls = CLASSES[key]
    most = MOST_BY_SIZE.get(cls.size)
    if cls.medieval or most == 0:
        return None
    extras = tuple((str(n), say("nauta.fleet.extra", n=n, points=n * EXTRA_UNIT_POINTS))
                   for n in range(max_extra(cls) + 1))
    params = (Param("extra", say("nauta.fleet.param.extra"), extras),) if len(extras) > 1 else ()
    return Design(id=key, label=say("nauta.fleet.design", ship=say(f"nauta.class.{key}"), points=cls.points),
                  points=float(cls.points) if not params else None, params=params, most=most)


DESIGNS: tuple[Design, ...] = tuple(d for d in (_design(k) for k in CLASSES) if d is not None)


class NautaFleets:
    def terms(self) -> Terms:
        return Terms(sides=SIDES, designs=DESIGNS, max_ships=MAX_SHIPS, width=TABLE[0], height=TABLE[1],
                     budget=BUDGET, title="nauta.scenario.points-battle", measure="segments")

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        found = self.terms().design(design)
        if found is None:
            raise PriceError(say("fleet.unknown-design", design=design))
        extra = "0"
        if found.params:
            extra = params.get("extra", "0")
            if extra not in {v for v, _ in found.params[0].choices}:
                raise PriceError(say("nauta.fleet.bad-extra", value=str(extra), ship=found.label))
        cls = CLASSES[design]
        return Bought(design=design, params={"extra": extra} if found.params else {}, name=cls.name,
                      points=float(cls.points + EXTRA_UNIT_POINTS * int(extra)))

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        return common_problems(self.terms(), side, fleet)

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> NautaSetup:
        width = battle.width or TABLE[0]
        height = battle.height or TABLE[1]
        poses = place_fleets(fleets, SIDES, battle, width, height, SPACING)
        out = []
        for side, edge in zip(SIDES, ("south", "north")):
            ships = [ShipSetup(id=f"{side}-{i + 1}", type=b.design, name=f"{CLASSES[b.design].name} {i + 1}",
                               extra=int(b.params.get("extra", "0")), x=pose.x, y=pose.y, heading=pose.heading,
                               player=b.seat or None)
                     for i, (b, pose) in enumerate(zip(fleets.get(side, []), poses[side]))]
            out.append(FleetSetup(side=side, nation=NATIONS[side], crew="average", edge=edge,
                                  points=battle.budget, ships=ships))
        return NautaSetup(name=battle.name, title=self.terms().title,
                          table=Table(width=width, height=height), fleets=out)


FLEETS = NautaFleets()
