"""A third open-table board, written only against the skeleton (renderer.open_table):
longboats that row straight ahead, with oars drawn on the hull, a status badge, a
label row and a reach. It proves what docs/renderer.md promises — a new open-table
game's board is its ship design and nothing else — and is drawn by
tests/renderer/test_open_table_skeleton.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from PIL import ImageDraw

from renderer.board import View
from renderer.legend_entries import LegendEntry
from renderer.markers import LocalToPx, local_rect
from renderer.open_table.board import Sections, ShipsBoard
from renderer.open_table.ships import (Badge, BadgePart, LabelPart, Look, Reach, ReachStyle, TableShip,
                                       badge_entries, badges_shown)
from renderer.theme import Theme
from rules.core.tables import courses

BADGES = (Badge("aground", "aground", "▲"), Badge("fire", "on fire"))
BADGE_OF = {b.kind: b for b in BADGES}


@dataclass(frozen=True, eq=False)
class Longboat(TableShip):
    @property
    def oars(self) -> int:
        return int(self.data.get("oars", 0))


@dataclass(frozen=True)
class LongboatLook(Look):
    oars: int = 0


def paint_stem(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: LongboatLook,
               theme: Theme) -> None:
    """A short stem post beyond the bow."""
    L = look.length
    draw.line([at(L / 2, 0), at(L / 2 + max(0.2 * L, 6 / px_per_unit), 0)], fill=theme.ink,
              width=max(int(round(3 * k)), 1))


def paint_oars(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: LongboatLook,
               theme: Theme) -> None:
    """One pair of oars per bench, out over both sides."""
    L, W = look.length, look.width
    rect = local_rect(at)
    for i in range(look.oars):
        a = -0.35 * L + 0.7 * L * (i + 0.5) / look.oars
        draw.polygon(rect(a - 0.02 * L, a + 0.02 * L, -W, W), fill=theme.ink)


class LongboatBoard(ShipsBoard):
    ruleset = "longboats"
    ship_class = Longboat
    reach_style = ReachStyle(alpha=60, path_width=2)
    bow = staticmethod(paint_stem)
    deck = staticmethod(paint_oars)

    def ring_ids(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> set[str]:
        return {str(i) for i in view.get("to_act") or ()} | set(focus)

    def marked(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> list[Any]:
        ids = set(focus) or set(view.get("to_act") or ())
        return [s for s in shown if s.id in ids]

    def look_of(self, ship: Longboat, theme: Theme, ring: bool) -> LongboatLook:
        return LongboatLook(ship.length, ship.width, theme.side_colour(ship.side_index), ring, ship.oars)

    def marker_reach(self, ship: Longboat, scale: float) -> float:
        return max(ship.length, 2 * ship.width) + 10 / scale

    def reach_of(self, view: View, ship: Longboat) -> Reach | None:
        row = float(ship.data.get("row", 0))
        if row <= 0:
            return None
        end = courses.straight(ship.pose, row)
        return Reach(fans=(), paths=((None, ((ship.pose.x, ship.pose.y), (end.x, end.y))),), ghosts=(end,),
                     ticks=tuple((p.x, p.y, p.heading) for p in (courses.straight(ship.pose, n)
                                                                 for n in range(1, int(row) + 1))))

    def label_parts(self, view: View, ship: Longboat, theme: Theme) -> tuple[LabelPart, ...]:
        kinds = badges_shown(BADGES, {"aground": bool(ship.data.get("aground")), "fire": bool(ship.data.get("fire"))})
        return tuple(BadgePart(BADGE_OF[k]) for k in kinds)

    def legend_sections(self, view: View, ships: Sequence[Any], theme: Theme) -> tuple[tuple[Hashable, ...], Sections]:
        boat = LongboatLook(2.0, 0.6, theme.side_colour(0), False, 3)
        return (), (("Boats", (LegendEntry("oars out", self.mini_ship(boat, theme), 46),)),
                     ("Status", badge_entries(BADGES, theme)))
