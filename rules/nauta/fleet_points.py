"""Fleets by points for *Nauta* / *Classis*: each side buys galleys of one nation of the
fleet lists (§5; Classis §26 for the medieval ones) from the ship table (§2) at its
printed cost, with extra soldiers' units at 5 points each (§4), within §5's composition
limits for that nation. Readings in docs/rules/nauta.md, *Fleets by points*.

The nation is a choice of every galley bought (the form's menu; a side's first purchase
sets it, and a fleet of two nations is refused). Crews are average, as §3 allows every
nation but the pirates, who are always skilled: a skilled fleet has 10% fewer points
("con 300 punti ... Esperti 270"), so a pirate galley is priced at her cost / 0.9 —
the same limit, read in the side's shared budget. A medieval fleet switches on the
medieval lists and an Illyrian one the Classis edition (the rulebook's own conditions).
"""
from __future__ import annotations

from collections import Counter

from rules.core.fleets import Battle, Bought, Design, Param, PriceError, Terms, common_problems, place_fleets
from rules.core.texts import Text, say
from rules.nauta.equipment import GREEKS
from rules.nauta.fleets import ALWAYS_SKILLED, ANCIENT_NATIONS, EXTRA_UNIT_POINTS, MEDIEVAL_NATIONS
from rules.nauta.setup import FleetSetup, NautaSetup, ShipSetup
from rules.nauta.ships import CLASSES, max_extra
from rules.nauta.state import Table
from rules.nauta.wording import TEXTS

SIDES = ("south", "north")  # where the patterns set each fleet up
# The nations of §5 and Classis §26, in the form's order: Rome and Carthage first (the
# First Punic War, the default of each side).
NATIONS = ("roman_punic", "carthaginian", "greek", "athenian", "spartan", "syracusan", "persian", "hellenistic",
           "roman_imperial", "pirate", "illyrian", "venetian", "genoese", "pisan", "byzantine", "arab")
assert set(NATIONS) == ANCIENT_NATIONS | MEDIEVAL_NATIONS
# §5 by nation: the most ships of each Size (rules/nauta/fleets.py _size_problems).
MOST_BY_SIZE: dict[str, dict[int, int]] = {
    **{n: {3: 0, 4: 0, 5: 0, 6: 0} for n in GREEKS | {"persian"}},
    "syracusan": {3: 1, 4: 0, 5: 0, 6: 0},
    "carthaginian": {0: 0, 1: 2, 2: 2, 5: 1, 6: 0},
    "roman_punic": {0: 0, 1: 2, 2: 2, 5: 1, 6: 0},
    "pirate": {5: 0, 6: 0},
    "illyrian": {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0},
}
# Before every nation was sold the sides were Rome and Carthage; a server's saved
# scenarios keep those ids and still load.
RENAMED_SIDES = {"rome": ("south", {"nation": "roman_punic"}), "carthage": ("north", {"nation": "carthaginian"})}
SKILLED_FACTOR = 0.9  # §3 / Classis: a skilled fleet's points
# §1: "L'area di gioco minima per due flotte da 300 punti ... è di 60 x 60 cm", in
# segments of 2 cm.
TABLE = (30.0, 30.0)
BUDGET = 300.0
MAX_SHIPS = 10  # Broadside's: §5 sets none
SPACING = 3.0  # segments: the longest base (Size 5, 35 mm) and room to row past


def _nations_for(medieval: bool) -> tuple[str, ...]:
    return tuple(n for n in NATIONS if (n in MEDIEVAL_NATIONS) == medieval)


def _design(key: str) -> Design:
    cls = CLASSES[key]
    nations = tuple((n, say(f"nauta.fleet.nation.{n}")) for n in _nations_for(cls.medieval))
    extras = tuple((str(n), say("nauta.fleet.extra", n=n, points=n * EXTRA_UNIT_POINTS))
                   for n in range(max_extra(cls) + 1))
    params = (Param("nation", say("nauta.fleet.param.nation"), nations),)
    if len(extras) > 1:
        params += (Param("extra", say("nauta.fleet.param.extra"), extras),)
    return Design(id=key, label=say("nauta.fleet.design", ship=say(f"nauta.class.{key}"), points=cls.points),
                  params=params)


DESIGNS: tuple[Design, ...] = tuple(_design(k) for k in CLASSES)


def nation_of(fleet: list[Bought]) -> str | None:
    return fleet[0].params.get("nation") if fleet else None


def crew_of(nation: str) -> str:
    return "skilled" if nation in ALWAYS_SKILLED else "average"


def _size_problems(nation: str, fleet: list[Bought]) -> list[Text]:
    sizes = Counter(CLASSES[b.design].size for b in fleet)
    nation_word = say(f"nauta.fleet.nation.{nation}")
    out = [say("nauta.fleet.size-most", nation=nation_word, most=most, size=size, n=sizes[size])
           for size, most in sorted(MOST_BY_SIZE.get(nation, {}).items()) if sizes[size] > most]
    if nation == "hellenistic" and not (sizes[5] or sizes[6]):
        out.append(say("nauta.fleet.needs-big", nation=nation_word))
    return out


class NautaFleets:
    def terms(self) -> Terms:
        return Terms(sides=SIDES, designs=DESIGNS, max_ships=MAX_SHIPS, width=TABLE[0], height=TABLE[1],
                     budget=BUDGET, title="nauta.scenario.points-battle", measure="segments",
                     renamed_sides=RENAMED_SIDES)

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        found = self.terms().design(design)
        if found is None:
            raise PriceError(say("fleet.unknown-design", design=design))
        chosen: dict[str, str] = {}
        for param in found.params:
            value = params.get(param.name, param.choices[0][0])
            if value not in {v for v, _ in param.choices}:
                code = "nauta.fleet.bad-extra" if param.name == "extra" else "nauta.fleet.bad-nation"
                raise PriceError(say(code, value=str(value), ship=found.label))
            chosen[param.name] = value
        cls = CLASSES[design]
        points = cls.points + EXTRA_UNIT_POINTS * int(chosen.get("extra", "0"))
        if crew_of(chosen["nation"]) == "skilled":
            points = round(points / SKILLED_FACTOR, 6)
        return Bought(design=design, params=chosen, name=cls.name, points=float(points))

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        out = common_problems(self.terms(), side, fleet)
        nations = list(dict.fromkeys(b.params.get("nation", "") for b in fleet))
        if len(nations) > 1:
            out.append(say("nauta.fleet.one-nation", first=say(f"nauta.fleet.nation.{nations[0]}"),
                           other=say(f"nauta.fleet.nation.{nations[1]}")))
        elif nations:
            out += _size_problems(nations[0], fleet)
        return out

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> NautaSetup:
        width = battle.width or TABLE[0]
        height = battle.height or TABLE[1]
        poses = place_fleets(fleets, SIDES, battle, width, height, SPACING)
        out = []
        nations = {side: nation_of(fleets.get(side, [])) or NATIONS[i] for i, side in enumerate(SIDES)}
        for side, edge in zip(SIDES, ("south", "north")):
            ships = [ShipSetup(id=f"{side}-{i + 1}", type=b.design, name=f"{CLASSES[b.design].name} {i + 1}",
                               extra=int(b.params.get("extra", "0")), x=pose.x, y=pose.y, heading=pose.heading,
                               player=b.seat or None)
                     for i, (b, pose) in enumerate(zip(fleets.get(side, []), poses[side]))]
            out.append(FleetSetup(side=side, nation=nations[side], crew=crew_of(nations[side]), edge=edge,
                                  points=battle.budget, ships=ships))
        options: dict[str, object] = {}
        if any(n in MEDIEVAL_NATIONS for n in nations.values()):
            options.update(medieval=True, edition="classis")  # Classis §26
        if "illyrian" in nations.values():
            options["edition"] = "classis"  # the Illyrian list is Classis only
        return NautaSetup(name=battle.name, title=self.terms().title, options=options,
                          table=Table(width=width, height=height), fleets=out)


FLEETS = NautaFleets()

TEXTS.add_words("nauta.fleet.nation", {
    "roman_punic": ("Romans (Punic wars)", "Romani (guerre puniche)"),
    "carthaginian": ("Carthaginians", "Cartaginesi"), "greek": ("Greeks", "Greci"),
    "athenian": ("Athenians", "Ateniesi"), "spartan": ("Spartans", "Spartani"),
    "syracusan": ("Syracusans", "Siracusani"), "persian": ("Persians", "Persiani"),
    "hellenistic": ("Hellenistic kingdoms", "Regni ellenistici"),
    "roman_imperial": ("Romans (imperial)", "Romani (età imperiale)"),
    "pirate": ("Pirates (skilled crews)", "Pirati (equipaggi esperti)"), "illyrian": ("Illyrians (Classis)", "Illiri (Classis)"),
    "venetian": ("Venetians", "Veneziani"), "genoese": ("Genoese", "Genovesi"), "pisan": ("Pisans", "Pisani"),
    "byzantine": ("Byzantines", "Bizantini"), "arab": ("Arabs", "Arabi")})
TEXTS.add_pairs({
    "nauta.nation.south": ("South", "Sud"),
    "nauta.nation.north": ("North", "Nord"),
    "nauta.fleet.param.nation": ("nation", "nazione"),
    "nauta.fleet.bad-nation": ("{ship} is not in the {value} fleet list.",
                               "{ship} non è nella lista della flotta {value}."),
    "nauta.fleet.one-nation": ("A fleet is of one nation: this one has {first} and {other}.",
                               "Una flotta è di una sola nazione: questa ha {first} e {other}."),
    "nauta.fleet.size-most": ("A fleet of {nation} may have at most {most} ships of Size {size}; this one has {n}.",
                              "Una flotta di {nation} può avere al massimo {most} navi di Taglia {size}; questa ne ha {n}."),
    "nauta.fleet.needs-big": ("A fleet of {nation} needs at least one ship of Size 5 or 6.",
                              "Una flotta di {nation} deve avere almeno una nave di Taglia 5 o 6."),
})
