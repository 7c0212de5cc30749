"""Fleets by points for *Cannoni in batteria!*: the historical ships of the catalogue,
each once, and ships built by Appendix B from class, nation, guns and crew.

A ship's price is her log-book's value ("Il valore di una nave": decks, turning,
hull, rigging and crew sections, the crew's three skills, carronades), so a built ship
costs exactly what the builder of :mod:`rules.cannoni.builder` makes of her. The
choices offered for each class are Appendix A's table ("la classificazione dei
vascelli": guns, decks, crew by class); readings in docs/rules/cannoni.md, *Fleets by
points*.
"""
from __future__ import annotations

from rules.cannoni.builder import NATION_SKILLS, ShipSpec, build_logbook
from rules.cannoni.catalogue import CATALOGUE
from rules.cannoni.logbook import LogBook
from rules.cannoni.setup import CannoniSetup, ShipSetup
from rules.cannoni.state import Table
from rules.core.fleets import Battle, Bought, Design, Param, PriceError, Terms, common_problems, place_fleets
from rules.core.texts import Text, say

SIDES = ("britain", "france")
# Appendix A: guns (the rows of Appendix B's fire table within the class's range),
# decks, and the crew's printed range (low, middle, high).
CLASSES: dict[int, tuple[tuple[int, ...], int, tuple[int, ...]]] = {
    1: ((100, 112, 120, 130), 3, (850, 875, 900)),
    2: ((90, 98), 3, (700, 750, 800)),
    3: ((64, 68, 74, 80), 2, (500, 600, 700)),
    4: ((50, 54, 56, 60), 2, (300, 350, 400)),
    5: ((32, 34, 36, 38, 40), 1, (200, 250, 300)),
    6: ((20, 22, 24, 26, 28), 1, (140, 170, 200)),
    7: ((16, 18), 1, (90, 110, 125)),
    # "Cutter e brigantini 6-14 ... 5-25": the crew column is lost in the text; the
    # catalogue's brigs carry 54 and 90 men, its cutter 40.
    8: ((6, 8, 10, 12, 14), 1, (40, 60, 90)),
}
MAX_SHIPS = 10  # Broadside's: the rulebook sets no most; ten a side is its largest scenario's
SPACING = 6.0  # inches between neighbours in a line: two base lengths and room to turn
TABLE = (72.0, 48.0)
BUDGET = 60.0  # a frigate action: about two frigates a side


def _named() -> list[Design]:
    out = []
    for ship_id, spec in CATALOGUE.items():
        sides = (spec.nation,) if spec.nation in SIDES else ()
        out.append(Design(id=ship_id, label=spec.name, points=float(build_logbook(spec).value), most=1,
                          sides=sides, named=True))
    return out


def _built(ship_class: int) -> Design:
    guns, _decks, crews = CLASSES[ship_class]
    nations = tuple((n, say(f"cannoni.fleet.nation.{n}")) for n in NATION_SKILLS)
    return Design(
        id=f"class{ship_class}", label=say("cannoni.fleet.class", n=ship_class),
        params=(Param("nation", say("cannoni.fleet.param.nation"), nations),
                Param("guns", say("cannoni.fleet.param.guns"),
                      tuple((str(g), say("cannoni.fleet.guns", n=g)) for g in guns)),
                Param("crew", say("cannoni.fleet.param.crew"),
                      tuple((str(c), say("cannoni.fleet.men", n=c)) for c in crews))))


DESIGNS: tuple[Design, ...] = tuple(_named() + [_built(c) for c in CLASSES])


def built_spec(ship_class: int, nation: str, guns: int, crew: int) -> ShipSpec:
    """Appendix B's particulars of a ship built from the form's four choices."""
    return ShipSpec(name=f"{guns}", nation=nation, ship_class=ship_class, guns=guns,
                    decks=CLASSES[ship_class][1], crew_men=crew)


def about(book: LogBook) -> Text:
    """The log-book's lines that make her price, for the builder's form."""
    return say("cannoni.fleet.about", decks=book.decks, turning=f"{book.turning}{book.turning_number}",
               hull=book.hull_per_side, masts="/".join(str(m.boxes) for m in book.masts), crew=book.crew_boxes,
               manoeuvre=book.manoeuvre, combat=f"{book.combat:+d}", gunnery=f"{book.gunnery:+d}",
               carronades=book.carronades)


class CannoniFleets:
    def terms(self) -> Terms:
        return Terms(sides=SIDES, designs=DESIGNS, max_ships=MAX_SHIPS, width=TABLE[0], height=TABLE[1],
                     budget=BUDGET, title="cannoni.scenario.points-battle")

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        found = self.terms().design(design)
        if found is None:
            raise PriceError(say("fleet.unknown-design", design=design))
        if not found.params:
            return Bought(design=design, name=CATALOGUE[design].name, points=float(found.points or 0),
                          about=about(build_logbook(CATALOGUE[design])))
        ship_class = int(design.removeprefix("class"))
        chosen = {}
        for param in found.params:
            value = params.get(param.name)
            if value not in {v for v, _ in param.choices}:
                raise PriceError(say("cannoni.fleet.bad-choice", what=param.label, value=str(value)))
            chosen[param.name] = value
        spec = built_spec(ship_class, chosen["nation"], int(chosen["guns"]), int(chosen["crew"]))
        book = build_logbook(spec)
        return Bought(design=design, params=chosen, name=f"{_ADJECTIVE[chosen['nation']]} {chosen['guns']}",
                      points=float(book.value), about=about(book))

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        return common_problems(self.terms(), side, fleet)

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> CannoniSetup:
        width = battle.width or TABLE[0]
        height = battle.height or TABLE[1]
        poses = place_fleets(fleets, SIDES, battle, width, height, SPACING)
        ships: list[ShipSetup] = []
        for side in SIDES:
            for i, (bought, pose) in enumerate(zip(fleets.get(side, []), poses[side])):
                common = dict(id=f"{side}-{i + 1}", side=side, x=pose.x, y=pose.y, heading=pose.heading,
                              player=bought.seat or None)
                if bought.params:
                    p = bought.params
                    spec = built_spec(int(bought.design.removeprefix("class")), p["nation"], int(p["guns"]),
                                      int(p["crew"]))
                    name = f"{_ADJECTIVE[p['nation']]} {p['guns']} no. {i + 1}"
                    ships.append(ShipSetup(spec=spec.model_copy(update={"name": name}), **common))
                else:
                    ships.append(ShipSetup(ship=bought.design, **common))
        return CannoniSetup(name=battle.name, title=self.terms().title, table=Table(width=width,
                            height=height), wind=battle.wind, sides=list(SIDES), ships=ships)


# A built ship is named as the rulebook's examples name a type: "a French 74".
_ADJECTIVE = {"france": "French", "britain": "British", "netherlands": "Dutch", "spain": "Spanish",
              "portugal": "Portuguese", "usa": "American"}

FLEETS = CannoniFleets()
