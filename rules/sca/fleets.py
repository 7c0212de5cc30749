"""Fleets by points for *Signal Close Action*: Sezione 1 iv, "Il costo base di ogni
vascello equivale al valore iniziale della sua bordata (BF)", changed by the crew's
quality (elite +2, good +1, average 0, poor -1; rules/sca/fleet.py), each ship on her
rate's base (Sezione 1 i: 85x40 mm for first and second rates ... 50x25 mm for the
smaller craft; the base is made from the type when she sails). Shore defences are not
sold (they are a scenario's, not a fleet's). Readings in docs/rules/sca.md, *Fleets by
points*.
"""
from __future__ import annotations

from rules.core.fleets import Battle, Bought, Design, Param, PriceError, Terms, common_problems, place_fleets
from rules.core.texts import Text, say
from rules.sca.fleet import CREW_COST, CREWS, RATE_ORDER, TYPES, base_of, cost
from rules.sca.squadrons import NATIONS, breaches
from rules.sca.state import ScaSetup, ShipSetup, TableSetup
from rules.sca.wording import TEXTS

SIDES = ("british", "french")
TABLE = (1800.0, 1200.0)  # millimetres: the scenarios' table
BUDGET = 28.0  # the rulebook's example squadrons: 28 points a side
MAX_SHIPS = 12  # Broadside's: the rulebook sets none; its fleet action has ten of the line a side
SPACING = 150.0  # mm between neighbours: the longest base (85 mm) and room to turn
# "average" first: the form's default choice
CREW_CHOICES = ("average", *(c for c in CREWS if c != "average"))
# "any" first: the form's default, a fleet with no squadron list (Appendice 3 is optional)
NATION_CHOICES = ("any", *NATIONS)
NATION_PARAM = Param("nation", say("sca.fleet.param.nation"),
                     tuple((n, say(f"sca.fleet.nation.{n}")) for n in NATION_CHOICES))


def _crew_label(crew: str) -> Text:
    return say("sca.fleet.crew", crew=say(f"sca.crew.{crew}"), points=f"{CREW_COST[crew]:+d}")


def _design(key: str) -> Design:
    t = TYPES[key]
    length, width = base_of(t)
    crews = tuple((c, _crew_label(c)) for c in CREW_CHOICES if cost(t, c) > 0)
    return Design(id=key, label=say("sca.fleet.design", ship=key, rate=say(f"sca.fleet.rate.{t.rate}"), points=f"{t.bf:g}",
                                    base=f"{length:g}x{width:g}"),
                  params=(Param("crew", say("sca.fleet.param.crew"), crews), NATION_PARAM))


DESIGNS: tuple[Design, ...] = tuple(_design(k) for k, t in sorted(
    TYPES.items(), key=lambda kv: (RATE_ORDER.index(kv[1].rate), -kv[1].bf)) if not t.fixed)


def _heading(degrees: float) -> int:
    return round(degrees / 22.5) % 16  # the 16-point rose, 0 = north


class ScaFleets:
    def terms(self) -> Terms:
        return Terms(sides=SIDES, designs=DESIGNS, max_ships=MAX_SHIPS, width=TABLE[0], height=TABLE[1],
                     budget=BUDGET, measure="mm", title="sca.scenario.points-battle")

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        found = self.terms().design(design)
        if found is None:
            raise PriceError(say("fleet.unknown-design", design=design))
        crew = params.get("crew", "average")
        if crew not in {v for v, _ in found.params[0].choices}:
            raise PriceError(say("sca.fleet.bad-crew", crew=crew, ship=design))
        nation = params.get("nation", "any")
        if nation not in NATION_CHOICES:
            raise PriceError(say("sca.fleet.bad-nation", value=str(nation), ship=design))
        chosen = {"crew": crew} if nation == "any" else {"crew": crew, "nation": nation}
        return Bought(design=design, params=chosen, name=design, points=float(cost(TYPES[design], crew)))

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        return common_problems(self.terms(), side, fleet) + _list_problems(fleet)

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> ScaSetup:
        width, height = battle.width or TABLE[0], battle.height or TABLE[1]
        poses = place_fleets(fleets, SIDES, battle, width, height, SPACING)
        ships = [ShipSetup(id=f"{side}-{i + 1}", name=f"{b.design} {i + 1}", side=side, type=b.design,
                           crew=b.params.get("crew", "average"), x=pose.x, y=pose.y, heading=_heading(pose.heading),
                           player=b.seat or None)
                 for side in SIDES for i, (b, pose) in enumerate(zip(fleets.get(side, []), poses[side]))]
        return ScaSetup(name=battle.name, title=self.terms().title, sides=list(SIDES),
                        table=TableSetup(width=width, height=height), wind=battle.wind, ships=ships)


def _list_problems(fleet: list[Bought]) -> list[Text]:
    """Appendice 3: a fleet whose ships name a nation keeps that nation's squadron list,
    every ship of it counted (a ship left at "any" sails in the named nation's squadron)."""
    nations = list(dict.fromkeys(b.params["nation"] for b in fleet if b.params.get("nation", "any") != "any"))
    if len(nations) > 1:
        return [say("sca.fleet.one-nation", first=say(f"sca.fleet.nation.{nations[0]}"),
                    other=say(f"sca.fleet.nation.{nations[1]}"))]
    if not nations:
        return []
    nation = say(f"sca.fleet.nation.{nations[0]}")
    return [say("sca.fleet.over-list", nation=nation, most=str(most), kind=say(f"sca.squadron.kind.{kind}"), n=str(n))
            for kind, most, n in breaches(nations[0], [b.design for b in fleet])]


FLEETS = ScaFleets()

TEXTS.add_pairs({
    "sca.scenario.points-battle": ("Two fleets bought by points", "Due flotte acquistate a punti"),
    "sca.fleet.design": ("{ship} ({rate}, BF {points}, base {base} mm)", "{ship} ({rate}, BF {points}, basetta {base} mm)"),
    "sca.fleet.param.crew": ("crew quality", "qualità dell'equipaggio"),
    "sca.fleet.crew": ("{crew} crew ({points} points)", "equipaggio {crew} ({points} punti)"),
    "sca.fleet.bad-crew": ("{ship} cannot have a {crew} crew: a ship costs at least some points.",
                           "{ship} non può avere un equipaggio {crew}: una nave costa almeno qualche punto."),
})
TEXTS.add_words("sca.fleet.rate", {
    "1st": ("first rate", "prima classe"), "2nd": ("second rate", "seconda classe"),
    "3rd": ("third rate", "terza classe"), "4th": ("fourth rate", "quarta classe"),
    "5th": ("fifth rate", "quinta classe"), "6th": ("sixth rate", "sesta classe"),
    "unrated": ("small craft", "imbarcazione minore")})
