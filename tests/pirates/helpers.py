"""A small test sea for the Pirates rules, and dice forced for each test.

Map (16 x 12): red's home island in the south-west corner (cols A-D, rows 1-3), blue's
in the north-east (M-P, 10-12), a wild island "Rock" at G-I 7-9, fog at K-L 3-4,
shoals at C-D 6, the Sargasso Sea at M-N 6."""
from __future__ import annotations

from rules.core.dice import ForcedDice, Roller, SeededDice
from rules.core.events import EventLog
from rules.core.ruleset import Seat
from rules.pirates.setup import PiratesSetup, initial_state
from rules.pirates.state import PiratesOptions, PiratesState, Ship

SETUP = {
    "name": "test-sea", "cols": 16, "rows": 12, "points": 40,
    "islands": [
        {"id": "red-home", "name": "Red Home", "kind": "home", "side": "red",
         "outline": [[0.2, 0.2], [3.8, 0.2], [3.8, 2.8], [0.2, 2.8]]},
        {"id": "blue-home", "name": "Blue Home", "kind": "home", "side": "blue",
         "outline": [[12.2, 9.2], [15.8, 9.2], [15.8, 11.8], [12.2, 11.8]]},
        {"id": "rock", "name": "Rock", "kind": "wild", "outline": [[6.2, 6.2], [8.8, 6.2], [8.8, 8.8], [6.2, 8.8]]},
    ],
    "zones": [
        {"id": "fog", "kind": "fog", "outline": [[10, 2], [12, 2], [12, 4], [10, 4]]},
        {"id": "shoals", "kind": "shoals", "outline": [[2, 5], [4, 5], [4, 6], [2, 6]]},
        {"id": "sargasso", "kind": "sargasso", "outline": [[12, 5], [14, 5], [14, 6], [12, 6]]},
    ],
    "treasures": [{"id": "t1", "value": 2, "place": "rock"}, {"id": "t2", "value": 5, "place": "rock"},
                  {"id": "t3", "value": 4, "place": "sargasso", "need": 4}],
    "fleets": [
        {"side": "red", "ships": [{"key": "red-heron", "col": 4, "row": 1, "facing": 2},
                                  {"key": "sea-wasp", "col": 1, "row": 3, "facing": 0},
                                  {"key": "sloop", "col": 3, "row": 2, "facing": 0}],
         "crews": [{"key": "helmsman", "on": 0}, {"key": "gunner", "on": 0}, {"key": "doc-ansel", "on": 1}]},
        {"side": "blue", "ships": [{"key": "iron-abbot", "col": 12, "row": 11, "facing": 0},
                                   {"key": "calico-cat", "col": 14, "row": 9, "facing": 6},
                                   {"key": "gull", "col": 13, "row": 9, "facing": 4}],
         "crews": [{"key": "bosun", "on": 0}]},
    ],
}
SEATS = [Seat(id="p1", side="red"), Seat(id="p2", side="blue")]


def new_state(**options) -> PiratesState:
    return initial_state(PiratesSetup.model_validate(SETUP), PiratesOptions(**options), SEATS)


def dice(*values: int, then: int | None = None) -> Roller:
    """Forced dice; with ``then``, seeded dice once they run out (for the dice a test
    does not look at, such as the next turn's initiative)."""
    return Roller(ForcedDice(list(values), SeededDice(then) if then is not None else None), EventLog())


def put(ship: Ship, col: int, row: int, facing: int) -> Ship:
    ship.col, ship.row, ship.facing, ship.docked = col, row, facing, None
    return ship


def kinds(roller: Roller) -> list[str]:
    return [e.kind for e in roller.log.events if e.kind != "roll"]


def event(roller: Roller, kind: str) -> dict:
    return next(e.data for e in roller.log.events if e.kind == kind)
