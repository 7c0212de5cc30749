"""Forts and their coastal batteries (*Batterie costiere*): how a scenario describes
them, the geometry of each battery's emplacement and fixed firing sector, and
finding them in a game.

A battery stands on the fort's outer edge ("margine esterno della fortificazione"):
the scenario gives the middle of its **face** (the stretch of outer wall its guns
fire over), the bearing its guns point to, the face's length and how far the
emplacement runs inland. The emplacement is that rectangle; the fort is the union of
its batteries' emplacements. The firing sector is "simile a quello delle navi": off
the whole face, between rays from its ends splayed 45° either side of the facing,
exactly as a ship's broadside sector is drawn off her side (geometry.sector_polygon).

Nothing here rolls a die or changes a state; the rules of play are in
:mod:`rules.cannoni.batteries`. This module must not import the fire module, which
imports it to treat batteries as targets and the forts as part of the coast.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from shapely.geometry import LineString, Point, Polygon

from rules.core.tables import contact, sectors
from rules.core.tables import open_table as g
from rules.cannoni.builder import fire_modifiers
from rules.cannoni.logbook import RANGE_BANDS, max_range
from rules.cannoni.state import BatteryState, CannoniState, FortState, Track
from rules.core.texts import Text, say

MAX_BATTERIES = 3  # "una o più batterie (fino ad un massimo di tre)"
# Two batteries of a fort are adjacent (a fire may spread from one to the other) when
# their emplacements are no farther apart than this: a wall's thickness.
ADJACENT_GAP = 1.0


# -- the scenario ---------------------------------------------------------------------

class BatterySetup(BaseModel):
    """A battery's card and emplacement, as the scenario gives them."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    guns: int = Field(ge=1)  # long guns only: "le batterie costiere non hanno carronate"
    points: int = Field(ge=1)  # punti batteria
    crew: int = Field(ge=1)  # Effettivi boxes: the gunners
    manoeuvre: int = Field(ge=2, le=8)
    gunnery: int = 0  # Fuoco
    # The card's fire modifiers per range band (RANGE_BANDS); by default Appendix B's
    # row for the number of guns plus Fuoco, as for a ship with no carronades.
    fire: list[int | None] | None = None
    x: float
    y: float
    facing: float
    frontage: float = Field(default=3.0, gt=0)
    inland: float = Field(default=1.5, gt=0)
    loaded: bool = True  # "Si suppone che ... inizino il gioco con i cannoni caricati"

    @model_validator(mode="after")
    def _fire_row(self) -> "BatterySetup":
        if self.fire is not None and len(self.fire) != len(RANGE_BANDS):
            raise ValueError(f"battery {self.id}: the fire row needs {len(RANGE_BANDS)} bands")
        return self

    def fire_table(self) -> list[int | None]:
        return list(self.fire) if self.fire is not None else fire_modifiers(self.guns, 0, self.gunnery)


class FortSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    side: str
    player: str | None = None  # seat id; by default the side's first seat
    # "Una nave che tira contro una batteria costiera ha una penalità, indicata nello
    # scenario, che dipende dalla struttura del forte": a modifier, 0 or less.
    penalty: int = Field(le=0)
    batteries: list[BatterySetup] = Field(min_length=1, max_length=MAX_BATTERIES)


def fort_state(setup: FortSetup, player: str) -> FortState:
    return FortState(
        id=setup.id, name=setup.name, side=setup.side, player=player, penalty=setup.penalty,
        batteries=[BatteryState(
            id=b.id, name=b.name, fort=setup.id, side=setup.side, player=player, guns=b.guns,
            manoeuvre=b.manoeuvre, gunnery=b.gunnery, fire_table=b.fire_table(), x=b.x, y=b.y,
            facing=b.facing % 360, frontage=b.frontage, inland=b.inland, points=Track(boxes=b.points),
            crew=Track(boxes=b.crew), loaded="ball" if b.loaded else None,
        ) for b in setup.batteries])


# -- geometry -------------------------------------------------------------------------

def _pose(x: float, y: float, facing: float, inland: float) -> g.Pose:
    """The emplacement as a ship's base: its starboard side is the face. A heading 90°
    to port of the facing puts the starboard normal along the facing."""
    nx, ny = g.unit(facing)
    return g.Pose(x - nx * inland / 2, y - ny * inland / 2, facing - 90.0)


@lru_cache(maxsize=1024)
def emplacement_polygon(x: float, y: float, facing: float, frontage: float, inland: float) -> Polygon:
    return g.base_polygon(_pose(x, y, facing, inland), frontage, inland)


@lru_cache(maxsize=1024)
def sector_polygon(x: float, y: float, facing: float, frontage: float, inland: float, reach: float) -> Polygon:
    return sectors.sector_polygon(_pose(x, y, facing, inland), frontage, inland, "starboard", reach)


def face_ends(x: float, y: float, facing: float, frontage: float) -> tuple[g.Point, g.Point]:
    ax, ay = g.unit(facing + 90.0)
    h = frontage / 2
    return (x - ax * h, y - ay * h), (x + ax * h, y + ay * h)


def emplacement(b: BatteryState) -> Polygon:
    return emplacement_polygon(b.x, b.y, b.facing, b.frontage, b.inland)


def face(b: BatteryState) -> LineString:
    return LineString(face_ends(b.x, b.y, b.facing, b.frontage))


def reach(b: BatteryState) -> float:
    return max(max_range(b.fire_table), 1.0)


def sector(b: BatteryState, far: float | None = None) -> Polygon:
    return sector_polygon(b.x, b.y, b.facing, b.frontage, b.inland, far if far is not None else reach(b))


def nearest_on_face(b: BatteryState, xy: g.Point) -> g.Point:
    """The point of the battery's face nearest to ``xy``: where its fire is measured from."""
    line = face(b)
    p = line.interpolate(line.project(Point(xy)))
    return (p.x, p.y)


def fort_polygons(state: CannoniState, leave_out: str | None = None) -> list[Polygon]:
    """Every emplacement of every fort (but ``leave_out``), destroyed ones included: a
    fort's walls stand on the coast whatever happens to its guns."""
    return [emplacement(b) for f in state.forts if f.id != leave_out for b in f.batteries]


def adjacent(fort: FortState, battery: BatteryState) -> list[BatteryState]:
    here = emplacement(battery)
    return [b for b in fort.batteries
            if b.id != battery.id and emplacement(b).distance(here) <= ADJACENT_GAP + g.TOL]


# -- finding them -------------------------------------------------------------------

def all_batteries(state: CannoniState) -> list[BatteryState]:
    return [b for f in state.forts for b in f.batteries]


def find_battery(state: CannoniState, battery_id: str) -> BatteryState | None:
    return next((b for f in state.forts for b in f.batteries if b.id == battery_id), None)


def battery(state: CannoniState, battery_id: str) -> BatteryState:
    found = find_battery(state, battery_id)
    if found is None:
        raise KeyError(battery_id)
    return found


def is_battery(state: CannoniState, unit_id: str | None) -> bool:
    return unit_id is not None and find_battery(state, unit_id) is not None


def fort_of(state: CannoniState, b: BatteryState) -> FortState:
    return next(f for f in state.forts if f.id == b.fort)


def unit_name(state: CannoniState, unit_id: str) -> str:
    """A ship's or a battery's name."""
    found = find_battery(state, unit_id)
    return found.name if found is not None else state.ship(unit_id).name


def in_sector(state: CannoniState, sec: Polygon, origin: g.Point) -> list[tuple[float, BatteryState]]:
    """Standing batteries whose emplacement is in a firing sector, even partly, each
    with its distance from ``origin`` (a firer's mainmast) to the fort's outer edge."""
    out = []
    here = None  # most tables have no fort: no point built for nothing
    for b in all_batteries(state):
        if b.destroyed:
            continue
        place = emplacement(b)
        if contact.touching(place, sec):
            here = here or Point(origin)
            out.append((place.distance(here), b))
    return out


def blocking_reason(firer_side: str, blocker: BatteryState, distance: float) -> Text:
    if blocker.side == firer_side:
        return say("cannoni.blocked.friend-battery", name=blocker.name)
    return say("cannoni.blocked.out-of-range", name=blocker.name, distance=f"{distance:.1f}")


def battery_view(b: BatteryState) -> dict[str, Any]:
    """A battery as the public sees it, with its geometry worked out for drawing."""
    data = b.model_dump(mode="json")
    data["emplacement"] = [list(p) for p in emplacement(b).exterior.coords[:-1]]
    data["face"] = [list(p) for p in face_ends(b.x, b.y, b.facing, b.frontage)]
    data["reach"] = reach(b)
    data["destroyed"] = b.destroyed
    data["decimated"] = b.decimated
    return data


def fort_view(fort: FortState, viewer: str | None, revealed: bool) -> dict[str, Any]:
    """A fort for ``viewer``: its chit only to its own player until its phase is called."""
    data = fort.model_dump(mode="json", exclude={"chit", "batteries"})
    own = viewer is not None and viewer == fort.player
    data["chit"] = fort.chit if (own or revealed) else None
    data["chit_hidden"] = fort.chit is not None and data["chit"] is None
    data["active"] = revealed
    data["chits_available"] = fort.chits_available()
    data["batteries"] = [battery_view(b) for b in fort.batteries]
    return data
