"""The galleys' table as one seat sees it: read from that seat's view, never the state.

What the view hides stays hidden here: an enemy's written speed is known only once
she has moved or a ramming has compared it (``written`` is then set); until then
the captains reason from what is public — her last speed and her maximum.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from shapely.geometry import Polygon

from rules.core.tables.open_table import Pose, base_polygon
from rules.nauta.fleets import third_of

ON_TABLE = ("afloat", "captured", "burning")
DASH = 2  # the dash adds two segments to the written speed
ADMIRAL = 50.0  # points an admiral killed or taken adds to his fleet's losses
# Nauta: a fleet that has lost a third of its points has lost the battle. A ship
# whose loss would take her fleet there is worth this much more than her points.
DECISIVE = 120.0


@dataclass
class Galley:
    id: str
    name: str
    side: str
    player: str
    size: int
    length: float
    width: float
    x: float
    y: float
    heading: float
    soldiers: int
    soldiers_start: int
    value: float
    damage: int
    max_speed: int
    last_speed: int
    accel: int
    decel: int
    status: str
    admiral: bool
    equipment: list[str]
    written: int | None  # her written speed, when this seat may know it
    moved: bool
    stopped: bool
    dashes: int
    no_dash: bool
    medieval: bool
    pyrophoros_used: bool
    touching: list[str]
    engaged_with: list[str]
    hold_until: int | None
    rams: list[str] = field(default_factory=list)
    formation: str | None = None  # her formation letter, when this seat may know it

    @classmethod
    def from_view(cls, data: Mapping[str, Any]) -> "Galley":
        return cls(id=data["id"], name=data["name"], side=data["side"], player=data["player"],
                   size=int(data["size"]), length=float(data["length"]), width=float(data["width"]),
                   x=float(data["x"]), y=float(data["y"]), heading=float(data["heading"]),
                   soldiers=int(data["soldiers"]), soldiers_start=int(data["soldiers_start"]),
                   value=float(data["value"]), damage=int(data["damage"]), max_speed=int(data["max_speed"]),
                   last_speed=int(data["last_speed"]), accel=int(data["accel"]), decel=int(data["decel"]),
                   status=str(data["status"]), admiral=bool(data["admiral"]),
                   equipment=list(data.get("equipment") or []), written=data.get("written"),
                   moved=bool(data.get("moved")), stopped=bool(data.get("stopped")),
                   dashes=int(data.get("dashes", 0)), no_dash=bool(data.get("no_dash")),
                   medieval=bool(data.get("medieval")), pyrophoros_used=bool(data.get("pyrophoros_used")),
                   touching=list(data.get("touching") or []), engaged_with=list(data.get("engaged_with") or []),
                   hold_until=data.get("hold_until"), rams=list(data.get("rams") or []),
                   formation=data.get("formation"))

    @property
    def afloat(self) -> bool:
        return self.status == "afloat"

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

    @property
    def pose(self) -> Pose:
        return Pose(self.x, self.y, self.heading)

    @cached_property
    def poly(self) -> Polygon:
        return base_polygon(self.pose, self.length, self.width)

    def has(self, key: str) -> bool:
        return key in self.equipment

    def may_dash(self) -> bool:
        """The dash is still hers: no hull damage, rowers unhurt, none used (the
        admiral's ship keeps a second, shorter one)."""
        return not self.damage and not self.no_dash and (self.dashes == 0 or (self.admiral and self.dashes == 1))

    @property
    def dash_bonus(self) -> int:
        return DASH if self.dashes == 0 else 1

    def reach(self) -> int:
        """The furthest she may row in one move, a dash included."""
        return self.max_speed + (self.dash_bonus if self.may_dash() else 0)

    @property
    def melee(self) -> int:
        """What she adds to the fighting-aboard die."""
        return self.soldiers + (1 if self.admiral else 0) + (2 if self.medieval else 0)


@dataclass
class Board:
    seat: str
    side: str
    enemy_side: str
    ships: list[Galley]
    width: float
    height: float
    land: list[Polygon]
    rules: dict[str, Any]
    turn: int
    turns_limit: int
    initial_points: dict[str, float]
    losses: dict[str, float]

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> "Board":
        seat = str(view["viewer"])
        side = next(s["side"] for s in view["seats"] if s["id"] == seat)
        enemy = next(s for s in view["sides"] if s != side)
        table = view["table"]
        return cls(seat=seat, side=side, enemy_side=enemy,
                   ships=[Galley.from_view(s) for s in view["ships"]],
                   width=float(table["width"]), height=float(table["height"]),
                   land=[Polygon(a["points"]) for a in table.get("land", [])],
                   rules=dict(view.get("rules") or {}), turn=int(view.get("turn", 1)),
                   turns_limit=int(view.get("turns_limit", 12)),
                   initial_points={f["side"]: float(f.get("initial_points", 0)) for f in view.get("fleets", [])},
                   losses={k: float(v) for k, v in (view.get("losses") or {}).items()})

    @cached_property
    def by_id(self) -> dict[str, Galley]:
        return {s.id: s for s in self.ships}

    def ship(self, ship_id: str) -> Galley:
        return self.by_id[ship_id]

    def mine(self) -> list[Galley]:
        return [s for s in self.ships if s.player == self.seat and s.afloat]

    def friends(self) -> list[Galley]:
        return [s for s in self.ships if s.side == self.side and s.afloat]

    def enemies(self) -> list[Galley]:
        return [s for s in self.ships if s.side == self.enemy_side and s.afloat]

    def obstacles(self, skip: str) -> list[Galley]:
        return [s for s in self.ships if s.on_table and s.id != skip]

    @property
    def classis(self) -> bool:
        return self.rules.get("edition") == "classis"

    @property
    def medieval(self) -> bool:
        return bool(self.rules.get("medieval"))

    @property
    def acceleration_limits(self) -> bool:
        return bool(self.rules.get("acceleration_limits"))

    def holding(self, ship: Galley) -> bool:
        return ship.hold_until is not None and ship.hold_until >= self.turn

    def turns_left(self) -> int:
        return max(0, self.turns_limit - self.turn)

    def gap(self, a: Galley, b: Galley) -> float:
        """Base to base."""
        return a.poly.distance(b.poly)

    def nearest_enemy(self, ship: Galley) -> tuple[Galley | None, float]:
        best: tuple[Galley | None, float] = (None, math.inf)
        for enemy in self.enemies():
            d = math.hypot(enemy.x - ship.x, enemy.y - ship.y)
            if d < best[1]:
                best = (enemy, d)
        return best

    def decisive(self, ship: Galley) -> bool:
        """Nauta: losing her would lose the battle (a third of the fleet's points)."""
        if self.classis or not self.initial_points.get(ship.side):
            return False
        points = ship.value + (ADMIRAL if ship.admiral else 0.0)
        return self.losses.get(ship.side, 0.0) + points >= third_of(self.initial_points[ship.side])

    def worth(self, ship: Galley) -> float:
        """What her loss costs her fleet: her points, the admiral's fifty, and under
        Nauta's victory rule the battle itself when she would be the loss too many."""
        points = ship.value + (ADMIRAL if ship.admiral else 0.0)
        return points + (DECISIVE if self.decisive(ship) else 0.0)
