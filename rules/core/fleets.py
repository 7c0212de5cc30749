"""Fleets by points: what a ruleset sells, and a battle set up from what was bought.

A ruleset that prices its ships offers a :class:`FleetBuilder` (``Ruleset.fleets()``;
None: no fleets by points). The builder lists the *designs* a side may buy — a named
ship, a ship type, or a ship built from a few choices (Cannoni's Appendix B: class,
nation, guns, crew) — prices one (:meth:`FleetBuilder.price`), judges a whole side
(:meth:`FleetBuilder.problems`: the rulebook's own limits, worded in its catalogue) and
turns the fleets bought into a setup placed by one of the shared set-up
:data:`PATTERNS` (:func:`place`). The budget is the players' (the service keeps it);
everything else about what may be bought is the ruleset's.

Pure and deterministic like the rest of ``rules/``: scattered placement draws from a
generator seeded by the fleets themselves, so the same purchase sets up the same table.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Mapping, Protocol

from pydantic import BaseModel

from rules.core.problems import CORE
from rules.core.texts import Text, say

# line_ahead: each side in one line ahead, abeam of the other and facing it across the
# table; abeam: two lines of ships side by side, bows towards the enemy; scattered:
# each side spread at random over its own third of the table, bows towards the enemy.
PATTERNS: tuple[str, ...] = ("line_ahead", "abeam", "scattered")
# What a host chooses for a battle besides the budget and the set-up pattern (Terms.fixed).
HOST_CHOICES: tuple[str, ...] = ("wind", "table")


@dataclass(frozen=True, slots=True)
class Param:
    """A choice that shapes a design: its name, its label and its values (value, label)."""
    name: str
    label: Text
    choices: tuple[tuple[str, Text | str], ...]


@dataclass(frozen=True, slots=True)
class Design:
    """What a side may buy. ``points`` is the price when no choice changes it
    (None: see :meth:`FleetBuilder.price`); ``most``: at most that many a side
    (1 for a named ship); ``sides``: the sides that may buy it
    (empty: every side)."""
    id: str
    label: Text | str
    points: float | None = None
    params: tuple[Param, ...] = ()
    most: int | None = None
    sides: tuple[str, ...] = ()
    named: bool = False  # one particular ship (HMS Victory), not a type

    def for_side(self, side: str) -> bool:
        return not self.sides or side in self.sides


@dataclass(frozen=True, slots=True)
class Bought:
    """One ship bought: its design, the choices made, its name, its price and the seat
    that bought her (who commands her; "" : the side's seats share the ships)."""
    design: str
    params: dict[str, str] = field(default_factory=dict)
    name: str = ""
    points: float = 0.0
    seat: str = ""
    about: Text | None = None  # what she is, in the ruleset's words (Cannoni: her log-book)


@dataclass(frozen=True, slots=True)
class Terms:
    """What a fleets-by-points battle of this ruleset is: its sides, the designs on sale,
    the most ships a side may have, and the table and budget it suggests."""
    sides: tuple[str, ...]
    designs: tuple[Design, ...]
    max_ships: int
    width: float
    height: float
    budget: float
    measure: str = "in"  # what the table is measured in
    # The set-up patterns ``setup`` places by; none: the rules say where every ship starts
    # (Pirates: docked at her home island), whatever the host chose.
    patterns: tuple[str, ...] = PATTERNS
    title: str = ""  # a code of the ruleset's catalogue: the battle's title
    # Side ids a ruleset used before, as saved scenarios may still hold them: each old id
    # -> (its side now, the choices its ships had implicitly then).
    renamed_sides: Mapping[str, tuple[str, Mapping[str, str]]] = field(default_factory=dict)
    # Sides a host may add to a battle, in order (Pirates: a third and a fourth fleet): a
    # battle of n sides has ``sides`` and the first n - len(sides) of these. Empty: every
    # battle has ``sides``, no more.
    more_sides: tuple[str, ...] = ()
    # What the host may not choose for this ruleset's battles, of HOST_CHOICES (Pirates: no
    # wind in its rules; its sea is a map of its own, not a table sized at will). The set-up
    # pattern is refused when ``patterns`` is empty.
    fixed: tuple[str, ...] = ()
    # The most seats a side may have (Pirates: 1, a fleet is one player's); None: as many
    # as it may have ships, each bought ship commanded by the seat that bought her.
    seats_per_side: int | None = None

    def design(self, design_id: str) -> Design | None:
        return next((d for d in self.designs if d.id == design_id), None)

    @property
    def side_counts(self) -> range:
        """How many sides a battle may have."""
        return range(len(self.sides), len(self.sides) + len(self.more_sides) + 1)

    def sides_for(self, count: int | None) -> tuple[str, ...]:
        """The sides of a battle of ``count`` sides (None: ``sides``)."""
        if count is None:
            return self.sides
        if count not in self.side_counts:
            raise ValueError(f"a battle has {self.side_counts.start} to {self.side_counts.stop - 1} sides, not {count}")
        return self.sides + self.more_sides[:count - len(self.sides)]


class PriceError(ValueError):
    """A design or choice the builder does not sell: ``text`` says why."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.code)
        self.text = text


@dataclass(frozen=True, slots=True)
class Battle:
    """Everything the host chose for a battle besides the fleets."""
    pattern: str = "line_ahead"
    wind: int | None = None  # the point the wind blows from, 0 = N, 4 = E (of 16); None: the rules'
    width: float | None = None  # None: the ruleset's suggested table
    height: float | None = None
    name: str = "points-battle"
    budget: float | None = None  # the points each side was given, for rules that read it
    sides: tuple[str, ...] = ()  # the battle's sides (Terms.sides_for); empty: the terms' own


class FleetBuilder(Protocol):
    def terms(self) -> Terms:
        """The sides, designs, limits, suggested table and budget."""

    def price(self, side: str, design: str, params: dict[str, str]) -> Bought:
        """One ship of ``design`` with those choices, priced; raises PriceError."""

    def problems(self, side: str, fleet: list[Bought]) -> list[Text]:
        """Every rule of the rulebook the side's fleet breaks (limits, composition)."""

    def setup(self, fleets: dict[str, list[Bought]], battle: Battle) -> BaseModel:
        """The ruleset's setup for these fleets, placed by ``battle.pattern``; raises
        PriceError when the fleets cannot be set up (its ``text`` says why)."""

    # Optional: ``game_problems(fleets, battle) -> list[Text]``, the rules that read every
    # side's fleet and the game's budget at once (Pirates: a named object is unique in the
    # game; its unnamed limit is the points / 3). See :func:`game_problems`.


@dataclass(frozen=True, slots=True)
class Pose:
    x: float
    y: float
    heading: float


def _seed(fleets: dict[str, list[Bought]]) -> int:
    text = "|".join(f"{side}:{','.join(b.design for b in ships)}" for side, ships in sorted(fleets.items()))
    return sum((i + 1) * ord(c) for i, c in enumerate(text))


def place(pattern: str, count: int, side_index: int, width: float, height: float, *,
          spacing: float, seed: int = 0) -> list[Pose]:
    """Where ``count`` ships of one of two sides start: side 0 along the south part of
    the table heading north, side 1 along the north part heading south (their own third
    each), by ``pattern``. ``spacing``: the distance between neighbours in a line."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown set-up pattern {pattern!r}; known: {', '.join(PATTERNS)}")
    if count == 0:
        return []
    south = side_index == 0
    heading = 0.0 if south else 180.0
    band = height / 3
    if pattern == "line_ahead":
        # One line, sailing across the table (east for side 0, west for side 1), the
        # two lines abeam of each other: the classic line of battle.
        span = spacing * (count - 1)
        start = (width - span) / 2
        y = band / 2 if south else height - band / 2
        heading = 90.0 if south else 270.0
        xs = [start + i * spacing for i in range(count)]
        if not south:
            xs.reverse()
        return [Pose(round(x, 2), round(y, 2), heading) for x in xs]
    if pattern == "abeam":
        per_row = count if count <= 3 else math.ceil(count / 2)
        span = spacing * (per_row - 1)
        start = (width - span) / 2
        poses = []
        for i in range(count):
            row, col = divmod(i, per_row)
            depth = band / 3 + row * spacing
            y = depth if south else height - depth
            poses.append(Pose(round(start + col * spacing, 2), round(y, 2), heading))
        return poses
    rng = random.Random(seed * 2 + side_index)
    poses: list[Pose] = []
    margin = spacing / 2
    for _ in range(count):
        for _attempt in range(200):
            x = rng.uniform(margin, width - margin)
            y = rng.uniform(margin, band - margin)
            y = y if south else height - y
            if all(math.hypot(x - p.x, y - p.y) >= spacing for p in poses):
                poses.append(Pose(round(x, 2), round(y, 2), heading))
                break
        else:
            # No room left to scatter them apart (a small table): two orderly lines instead.
            return place("abeam", count, side_index, width, height, spacing=spacing)
    return poses


def place_fleets(fleets: dict[str, list[Bought]], sides: tuple[str, ...], battle: Battle, width: float,
                 height: float, spacing: float) -> dict[str, list[Pose]]:
    """Every side's poses (two sides: south and north)."""
    seed = _seed(fleets)
    return {side: place(battle.pattern, len(fleets.get(side, [])), i, width, height, spacing=spacing, seed=seed)
            for i, side in enumerate(sides)}


def game_problems(builder: FleetBuilder, fleets: dict[str, list[Bought]], battle: Battle) -> list[Text]:
    """The rules a builder checks across every fleet (its optional ``game_problems``);
    none for a builder whose rules all read one side's fleet."""
    check = getattr(builder, "game_problems", None)
    return list(check(fleets, battle)) if check is not None else []


def common_problems(terms: Terms, side: str, fleet: list[Bought]) -> list[Text]:
    """The limits every ruleset's terms carry: the most ships a side, each design's most,
    designs not for this side."""
    out: list[Text] = []
    if len(fleet) > terms.max_ships:
        out.append(say("fleet.too-many-ships", n=len(fleet), most=terms.max_ships))
    counts: dict[str, int] = {}
    for ship in fleet:
        counts[ship.design] = counts.get(ship.design, 0) + 1
    for design_id, n in counts.items():
        design = terms.design(design_id)
        if design is None:
            out.append(say("fleet.unknown-design", design=design_id))
        elif design.most is not None and n > design.most:
            code = "fleet.named-twice" if design.named else "fleet.design-limit"
            out.append(say(code, ship=design.label, most=design.most, n=n))
        elif not design.for_side(side):
            out.append(say("fleet.wrong-side", ship=design.label, side=side))
    return out


# The limits every ruleset's terms carry, in the core catalogue (its problems' words).
CORE.add_pairs({
    "fleet.too-many-ships": ("A side may have at most {most} ships; this fleet has {n}.",
                             "Uno schieramento può avere al massimo {most} navi; questa flotta ne ha {n}."),
    "fleet.unknown-design": ("{design} is not a ship on sale in this game.",
                             "{design} non è una nave in vendita in questa partita."),
    "fleet.named-twice": ("{ship} is one ship: the rules let a side have her once.",
                          "{ship} è una nave sola: le regole la concedono una volta sola per schieramento."),
    "fleet.design-limit": ("A side may buy at most {most} of {ship}; this fleet has {n}.",
                           "Uno schieramento può comprare al massimo {most} {ship}; questa flotta ne ha {n}."),
    "fleet.wrong-side": ("{ship} cannot sail for {side}.", "{ship} non può combattere per {side}."),
    "fleet.pattern.line_ahead": ("line ahead, the two lines abeam", "linea di fila, le due linee affiancate"),
    "fleet.pattern.abeam": ("two lines abreast, bows to the enemy", "due linee di fronte, prue verso il nemico"),
    "fleet.pattern.scattered": ("scattered over each side's third", "sparse nel proprio terzo del tavolo"),
})
