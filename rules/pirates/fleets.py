"""Fleets by points for Pirates ("Preparazione"): "Costruire le flotte con i punti
prestabiliti (80 per una grande battaglia, 30 per una scaramuccia), tutte le navi
partono attraccate alla propria isola base, tutto l'equipaggio è faccia coperta
sull'isola base o sulle navi."

Ships and crews are both on sale (a crew is bought onto the home island or aboard one of
the fleet's ships, by the ship's place in the fleet). The rules that read a single fleet
are :meth:`PiratesFleets.problems`; the two that read the whole game — a named object is
unique in play, and the most unnamed objects of a type is the game's points / 3 — are
:meth:`PiratesFleets.game_problems`. The fleets sail on the skirmish's sea, docked along
their home island's coast (:mod:`rules.pirates.docking`). Two fleets, Red and Blue, unless
the host asks for three or four (Green, then Gold: ``Terms.more_sides``); each count sails
on the sea of the packaged scenario for that many fleets (:data:`SEAS`).
"""
from __future__ import annotations

import math

from rules.core.fleets import Battle, Bought, Design, Param, PriceError, Terms, common_problems
from rules.core.scenarios import packaged_scenarios
from rules.core.texts import Text, say
from rules.pirates.catalogue import CREWS, MARINE, SHIPS, crew_type, ship_type
from rules.pirates.docking import dock_fleet
from rules.pirates.naming import NATIONS  # noqa: F401  (the fleets' words: pirates.nation.<side>)
from rules.pirates.setup import SKIRMISH, CrewSetup, FleetSetup, PiratesSetup, ShipSetup
from rules.pirates.wording import TEXTS

SIDES = ("red", "blue")
MORE_SIDES = ("green", "gold")  # a third and a fourth fleet, when the host asks for them
# The packaged scenario whose sea, islands and treasures a points game of that many fleets
# uses: each has a home island for every fleet ("un'isola base per giocatore").
SEAS = {2: "skirmish", 3: "three-crowns", 4: "four-winds"}
SEA = SEAS[2]
HOME = "home"  # a crew's place: her fleet's home island
# The most objects (ships and crews) a fleet may hold: Broadside's, for the form's sake;
# the rulebook's limits (points, unnamed by type, room aboard) bind long before it.
MAX_OBJECTS = 40
MAX_SHIPS = 12  # the most ships a crew may be put aboard by number (a fleet's ship 1..12)


def unnamed_limit(points: float) -> int:
    """"un numero massimo di oggetti senza nome dello stesso tipo proprio pari ai punti
    prestabiliti diviso 3 (arrotondato in su)"."""
    return math.ceil(points / 3)


def unique_name(key: str) -> str:
    """The name a named object is unique by: Calico Cat's two versions share one."""
    if key in SHIPS:
        return SHIPS[key].unique_as or key
    return key


def is_crew(design: str) -> bool:
    return design in CREWS and design not in SHIPS


def _ship_design(key: str) -> Design:
    t = SHIPS[key]
    label = say("pirates.fleet.ship-design", ship=say(f"pirates.hull.{key}") if not t.named else t.name,
                points=t.points, masts=t.masts, cargo=t.cargo,
                named=say("pirates.fleet.named" if t.named else "pirates.fleet.unnamed"))
    return Design(id=key, label=label, points=float(t.points), named=t.named)


_PLACES = ((HOME, say("pirates.fleet.aboard.home")),
           *((str(n), say("pirates.fleet.aboard.ship", n=n)) for n in range(1, MAX_SHIPS + 1)))


def _crew_design(key: str) -> Design:
    t = CREWS[key]
    ability = t.ability or (MARINE if MARINE in t.keywords else "none")
    label = say("pirates.fleet.crew-design", crew=say(f"pirates.word.{key}") if not t.named else t.name,
                points=t.points, ability=say(f"pirates.fleet.ability.{ability}"),
                named=say("pirates.fleet.named" if t.named else "pirates.fleet.unnamed"))
    return Design(id=key, label=label, points=float(t.points), named=t.named,
                  params=(Param("aboard", say("pirates.fleet.param.aboard"), _PLACES),))


DESIGNS: tuple[Design, ...] = (*(_ship_design(k) for k in sorted(SHIPS, key=lambda k: (SHIPS[k].points, k))),
                               *(_crew_design(k) for k in sorted(CREWS, key=lambda k: (CREWS[k].points, k))))


def _name(key: str) -> Text | str:
    if key in SHIPS:
        return SHIPS[key].name if SHIPS[key].named else say(f"pirates.hull.{key}")
    return CREWS[key].name if CREWS[key].named else say(f"pirates.word.{key}")


def _ships(fleet: list[Bought]) -> list[Bought]:
    return [b for b in fleet if not is_crew(b.design)]


class PiratesFleets:
    def terms(self) -> Terms:
        sea = _sea()
        # No set-up pattern: every ship starts docked at home. No wind in these rules, and the
        # sea is the map of a scenario, not a table sized at will. A fleet is one player's
        # (the order of manoeuvre is by player), so one seat a fleet.
        return Terms(sides=SIDES, designs=DESIGNS, max_ships=MAX_OBJECTS, width=float(sea.cols),
                     height=float(sea.rows), budget=float(SKIRMISH), measure="squares",
                     title="pirates.scenario.points-battle", patterns=(), more_sides=MORE_SIDES,
                     fixed=("wind", "table"), seats_per_side=1)

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        if design in SHIPS:
            return Bought(design=design, name=SHIPS[design].name, points=float(SHIPS[design].points))
        if design not in CREWS:
            raise PriceError(say("fleet.unknown-design", design=design))
        aboard = params.get("aboard", HOME)
        if aboard not in {v for v, _ in _PLACES}:
            raise PriceError(say("pirates.fleet.bad-aboard", crew=_name(design), aboard=aboard, most=MAX_SHIPS))
        return Bought(design=design, params={"aboard": aboard}, name=CREWS[design].name,
                      points=float(CREWS[design].points))

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        """The rules one fleet can break by itself."""
        out = common_problems(self.terms(), side, fleet)
        out += _named_twice(fleet)
        ships = _ships(fleet)
        for b in fleet:
            if is_crew(b.design) and b.params.get("aboard", HOME) != HOME:
                n = int(b.params["aboard"])
                if n > len(ships):
                    out.append(say("pirates.fleet.no-such-ship", crew=_name(b.design), n=n, ships=len(ships)))
        for n, ship in enumerate(ships, start=1):
            crews = [b for b in fleet if is_crew(b.design) and b.params.get("aboard") == str(n)]
            kind = ship_type(ship.design)
            points = sum(crew_type(c.design).points for c in crews)
            # "In ogni caso massimo punti di equipaggio pari al punteggio della nave può
            # essere a bordo. Ogni equipaggio toglie uno dalla capacità di carico."
            if points > kind.points:
                out.append(say("pirates.fleet.crew-points", ship=_name(ship.design), n=n, points=points,
                               most=kind.points))
            if len(crews) > kind.cargo:
                out.append(say("pirates.fleet.crew-cargo", ship=_name(ship.design), n=n, crews=len(crews),
                               cargo=kind.cargo))
        return out

    def game_problems(self, fleets: dict[str, list[Bought]], battle: Battle) -> list[Text]:
        """The rules that read every fleet and the game's points."""
        out: list[Text] = []
        points = battle.budget if battle.budget is not None else SKIRMISH
        limit = unnamed_limit(points)
        owners: dict[str, str] = {}
        for side, fleet in fleets.items():
            counts: dict[str, int] = {}
            for b in fleet:
                kind = SHIPS.get(b.design) or CREWS.get(b.design)
                if kind is None:
                    continue
                if kind.named:
                    name = unique_name(b.design)
                    if name in owners and owners[name] != side:
                        out.append(say("pirates.fleet.named-in-play", name=_name(b.design),
                                       side=say(f"pirates.nation.{side}"),
                                       other=say(f"pirates.nation.{owners[name]}")))
                    owners.setdefault(name, side)
                else:
                    counts[b.design] = counts.get(b.design, 0) + 1
            out += [say("pirates.fleet.unnamed-limit", kind=_name(key), n=n, most=limit, points=f"{points:g}")
                    for key, n in counts.items() if n > limit]
        return out

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> PiratesSetup:
        problems = self.game_problems(fleets, battle)
        if problems:
            raise PriceError(problems[0])
        sides = battle.sides or SIDES
        sea = _sea(len(sides))
        points = int(battle.budget if battle.budget is not None else SKIRMISH)
        out = []
        placed: list[tuple[int, int]] = []
        for side in sides:
            fleet = fleets.get(side, [])
            ships = _ships(fleet)
            poses = dock_fleet(sea, side, [ship_type(b.design).squares for b in ships], placed)
            if poses is None:
                raise PriceError(say("pirates.fleet.no-room", side=say(f"pirates.nation.{side}"),
                                     island=sea_home(sea, side)))
            crews = [CrewSetup(key=b.design, on=None if b.params.get("aboard", HOME) == HOME
                               else int(b.params["aboard"]) - 1) for b in fleet if is_crew(b.design)]
            out.append(FleetSetup(side=side, ships=poses_to_ships(ships, poses), crews=crews))
        return sea.model_copy(update={"name": battle.name, "title": self.terms().title, "points": points,
                                      "fleets": out})


def poses_to_ships(ships: list[Bought], poses: list) -> list[ShipSetup]:
    return [ShipSetup(key=b.design, col=p.bow.col, row=p.bow.row, facing=p.facing) for b, p in zip(ships, poses)]


def sea_home(sea: PiratesSetup, side: str) -> str:
    return next(i.name for i in sea.islands if i.kind == "home" and i.side == side)


def _named_twice(fleet: list[Bought]) -> list[Text]:
    """"Può esistere durante il gioco solo un oggetto (sia nave che equipaggio) con un nome
    proprio (vale anche per Calico Cat, che ha due versioni delle quali solo una può
    essere in gioco)"."""
    out: list[Text] = []
    seen: set[str] = set()
    for b in fleet:
        kind = SHIPS.get(b.design) or CREWS.get(b.design)
        if kind is None or not kind.named:
            continue
        name = unique_name(b.design)
        if name in seen:
            out.append(say("pirates.fleet.named-twice", name=_name(b.design)))
        seen.add(name)
    return out


def _sea(fleets: int = 2) -> PiratesSetup:
    """The sea of a points game of that many fleets."""
    if fleets not in SEAS:
        raise PriceError(say("pirates.fleet.bad-count", n=fleets, low=min(SEAS), high=max(SEAS)))
    return packaged_scenarios("rules.pirates", PiratesSetup)[SEAS[fleets]]


FLEETS = PiratesFleets()

TEXTS.add_pairs({
    "pirates.scenario.points-battle": ("Fleets bought by points", "Flotte acquistate a punti"),
    "pirates.fleet.bad-count": ("A points game has {low} to {high} fleets, not {n}.",
                                "Una partita a punti ha da {low} a {high} flotte, non {n}."),
    "pirates.fleet.ship-design": ("{ship}: ship, {points} points, {masts} masts, cargo {cargo} ({named})",
                                  "{ship}: nave, {points} punti, {masts} alberi, carico {cargo} ({named})"),
    "pirates.fleet.crew-design": ("{crew}: crew, {points} points, {ability} ({named})",
                                  "{crew}: equipaggio, {points} punti, {ability} ({named})"),
    "pirates.fleet.named": ("named: one in the game", "con nome: una sola in gioco"),
    "pirates.fleet.unnamed": ("unnamed", "senza nome"),
    "pirates.fleet.param.aboard": ("where she starts", "dove comincia"),
    "pirates.fleet.aboard.home": ("on the home island", "sull'isola base"),
    "pirates.fleet.aboard.ship": ("aboard the fleet's ship {n}", "a bordo della nave {n} della flotta"),
    "pirates.fleet.bad-aboard": ("{crew} can start on the home island or aboard the fleet's ship 1 to {most}, "
                                 "not at {aboard}.",
                                 "{crew} può cominciare sull'isola base o a bordo delle navi 1-{most} della "
                                 "flotta, non in {aboard}."),
    "pirates.fleet.named-twice": ("{name} has a name of her own: only one can be in the game (Calico Cat's two "
                                  "versions count as one).",
                                  "{name} ha un nome proprio: ne può esistere una sola in gioco (le due versioni "
                                  "di Calico Cat contano come una)."),
    "pirates.fleet.named-in-play": ("{name} is in the {other} fleet already: an object with a name of its own is "
                                    "unique in the game, so the {side} fleet cannot have it too.",
                                    "{name} è già nella flotta {other}: un oggetto con un nome proprio è unico "
                                    "in gioco, e la flotta {side} non può averlo anche lei."),
    "pirates.fleet.unnamed-limit": ("A fleet may have at most {most} unnamed objects of one type in a "
                                    "{points}-point game (the points / 3, rounded up): this one has {n} {kind}.",
                                    "Una flotta può avere al massimo {most} oggetti senza nome dello stesso tipo "
                                    "in una partita da {points} punti (i punti / 3, arrotondato in su): questa "
                                    "ha {n} {kind}."),
    "pirates.fleet.no-such-ship": ("{crew} is bought aboard the fleet's ship {n}, but the fleet has {ships} "
                                   "ships: buy the ship first, or put the crew on the home island.",
                                   "{crew} è comprato a bordo della nave {n} della flotta, ma la flotta ha "
                                   "{ships} navi: compra prima la nave, o metti l'equipaggio sull'isola base."),
    "pirates.fleet.crew-points": ("{ship} (ship {n}) would carry {points} points of crew: a ship carries at "
                                  "most her own points ({most}).",
                                  "{ship} (nave {n}) porterebbe {points} punti di equipaggio: una nave ne "
                                  "porta al massimo quanti il suo punteggio ({most})."),
    "pirates.fleet.crew-cargo": ("{ship} (ship {n}) would carry {crews} crews: each takes one place of her "
                                 "cargo, and she has {cargo}.",
                                 "{ship} (nave {n}) porterebbe {crews} equipaggi: ognuno toglie uno dalla "
                                 "capacità di carico, e lei ne ha {cargo}."),
    "pirates.fleet.no-room": ("The {side} fleet's ships do not all fit along the coast of {island}, where every "
                              "ship starts docked: buy fewer or smaller ships.",
                              "Le navi della flotta {side} non stanno tutte sulla costa di {island}, dove ogni "
                              "nave parte attraccata: comprane meno o più piccole."),
    "pirates.fleet.ability.none": ("no ability", "nessuna abilità"),
    "pirates.fleet.ability.helmsman": ("one more S when her ship moves", "una S in più quando la sua nave muove"),
    "pirates.fleet.ability.gunner": ("re-rolls a missed shot", "ritira un colpo mancato"),
    "pirates.fleet.ability.bosun": ("+1 to boarding rolls", "+1 ai tiri di abbordaggio"),
    "pirates.fleet.ability.firepot": ("one gun at 1 square sets a mast on fire",
                                      "un cannone a 1 quadretto incendia un albero"),
    "pirates.fleet.ability.ghost": ("her ship may sail through islands, ships and zones",
                                    "la sua nave può attraversare isole, navi e zone"),
    "pirates.fleet.ability.ransom": ("landed on an enemy home island she is a treasure of 5",
                                     "sbarcata su un'isola base nemica vale un tesoro da 5"),
    "pirates.fleet.ability.doctor": ("a kill aimed at her face down only turns her up",
                                     "un assassinio che la sceglie coperta la scopre soltanto"),
})
