"""The shared set-up patterns: every ruleset's fleets at their largest, in every pattern,
start a game: on the table, in their own third, apart, facing as the pattern says."""
from __future__ import annotations

import itertools
import math
import random

import pytest

from rules.core import game as engine
from rules.core.dice import SeededDice
from rules.core.fleets import PATTERNS, Battle, place
from rules.core.registry import manifests, get_ruleset
from rules.core.ruleset import Seat
from rules.core.tables.hexmap import Hex, centre

SELLERS = [m.name for m in manifests() if get_ruleset(m.name).fleets() is not None]
# The rulesets whose fleets start by the shared patterns (Pirates' start docked at home:
# tests/pirates/test_fleets.py).
PLACED = [name for name in SELLERS if get_ruleset(name).fleets().terms().patterns]


def test_the_patterns_face_as_they_say():
    south = place("line_ahead", 3, 0, 72, 48, spacing=6)
    assert [p.heading for p in south] == [90] * 3 and len({p.y for p in south}) == 1
    north = place("abeam", 6, 1, 72, 48, spacing=6)
    assert all(p.heading == 180 and p.y > 32 for p in north) and len({p.y for p in north}) == 2
    assert place("scattered", 4, 0, 72, 48, spacing=6, seed=3) == place("scattered", 4, 0, 72, 48, spacing=6, seed=3)
    with pytest.raises(ValueError):
        place("wedge", 2, 0, 72, 48, spacing=6)


@pytest.mark.parametrize("ruleset", PLACED)
@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_largest_fleets_start_in_every_pattern(ruleset, pattern):
    assert len(PLACED) >= 2
    rules = get_ruleset(ruleset)
    builder = rules.fleets()
    terms = builder.terms()
    rng = random.Random(pattern)
    fleets = {}
    for side in terms.sides:
        fleet = []
        designs = itertools.cycle(d for d in terms.designs if d.for_side(side))
        for _ in range(50 * terms.max_ships):
            if len(fleet) == terms.max_ships:
                break
            design = next(designs)
            if sum(1 for b in fleet if b.design == design.id) >= (design.most or terms.max_ships):
                continue
            # random choices, else the first ship's (Nauta's nation), else the form's first
            # ones; a ship that breaks the fleet's composition (Nauta's: one nation, §5 by
            # nation) is not bought
            first = fleet[0].params if fleet else {}
            for params in ({p.name: rng.choice(p.choices)[0] for p in design.params},
                           {p.name: first.get(p.name, p.choices[0][0]) for p in design.params},
                           {p.name: p.choices[0][0] for p in design.params}):
                if any(v not in {c for c, _ in p.choices} for p in design.params for k, v in params.items()
                       if k == p.name):
                    continue
                bought = builder.price(side, design.id, params)
                if not builder.problems(side, fleet + [bought]):
                    fleet.append(bought)
                    break
        assert len(fleet) == terms.max_ships and builder.problems(side, fleet) == []
        fleets[side] = fleet
    setup = builder.setup(fleets, Battle(pattern=pattern, budget=10_000))
    seats = [Seat(id=f"p{i + 1}", side=side) for i, side in enumerate(terms.sides)]
    state, _ = engine.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    view = rules.view(state, None)
    ships = view["ships"]
    assert len(ships) == 2 * terms.max_ships
    if isinstance(view.get("board"), dict) and view["board"].get("kind") == "hex":
        # A hex map's view gives hexes (q, r): apart by a hex at least, in table units.
        ships = [{**s, **dict(zip(("x", "y"), centre(Hex(s["x"], s["y"]))))} for s in ships]
    for a, b in itertools.combinations(ships, 2):
        assert math.hypot(a["x"] - b["x"], a["y"] - b["y"]) >= 2.5, (a["name"], b["name"])
    for ship in ships:
        assert 0 <= ship["x"] <= terms.width and 0 <= ship["y"] <= terms.height
        own_third = ship["y"] < terms.height / 3 if ship["side"] == terms.sides[0] else ship["y"] > terms.height * 2 / 3
        assert own_third, ship


def test_scattered_on_a_crowded_table_falls_back_to_lines():
    crowded = place("scattered", 10, 0, 60, 12, spacing=6)
    assert crowded == place("abeam", 10, 0, 60, 12, spacing=6)
