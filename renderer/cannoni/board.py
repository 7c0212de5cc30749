"""Cannoni in batteria! on the open table: ranges, reach, header and legend, on the
open table's skeleton (renderer.open_table.board.ShipsBoard), drawn from the public
view only; the ships are renderer.cannoni.ships, the forts renderer.cannoni.forts.

Every marker is described in docs/renderer.md. Geometry (bases, firing sectors,
turning cards) comes from rules.core.tables and rules.cannoni.cards so that what the
map shows is what the rules compute; the view says how far each ship's guns reach
and which turning cards she may follow.
"""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Hashable, Sequence

from PIL import Image, ImageDraw
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from renderer.board import Header, LegendEntry, View
import renderer.cannoni.forts as batteries
from renderer.cannoni.bands import RING_ALPHA, RINGS, fill_band, outline_band
from renderer.cannoni.card import render_card
from renderer.cannoni.ships import (BADGES, GAUGE_H, Ship, ShipLook, badges_of, fresh_groups,
                                    gauge_groups, gauge_width, label_sprite, look_of, next_to_act, paint_bowsprit,
                                    paint_gauge, paint_rig, run_to_act, ships_of, to_act)
from renderer.cannoni.text import describe
from renderer.canvas import MapCanvas, PxPoint, dashed_line
from renderer.labels import paste_note
from renderer.legend_entries import trail_icon
from renderer.open_table.action import shot_ids, within
from renderer.open_table.board import Labelled, Sections, ShipsBoard
from renderer.open_table.ships import Reach, ReachStyle, badge_entries, fan_icon
from renderer.pieces import side_indices, side_label
from renderer.theme import Theme, mix, text_sprite
from renderer.viewport import Box, union
from rules.cannoni import cards
from rules.cannoni.fire import HULL_RANGE, RAKE_RANGE, RIGGING_MIN_RANGE
from rules.cannoni.wording import TEXTS
from rules.core.scenarios import scenario_title
from rules.core.tables import courses, sectors
from rules.core.tables.compass import compass
from rules.core.tables.open_table import Pose

REACH_ALPHA = 70


# -- ranges and reach ---------------------------------------------------------------

def sector_rings(ship: Ship, side: str) -> list[tuple[float, Polygon]]:
    """The broadside's firing sector cut by the range rings, widest first. The
    sector reaches as far as the guns do, so a ring beyond their range is cut to it."""
    reach = max(float(ship.data["gun_range"]), 1.0)
    sector = sectors.sector_polygon(ship.pose, ship.length, ship.width, side, reach)
    mast = ShapelyPoint(ship.pose.x, ship.pose.y)
    radii = sorted({min(r, reach) for r in RINGS}, reverse=True)
    return [(r, sector.intersection(mast.buffer(r, quad_segs=24))) for r in radii]


def reach_of(ship: Ship, wind_from: float) -> Reach | None:
    """Where the ship's move this action can take it: straight ahead between its
    minimum and maximum, and along each turning card it may use to either side, up
    to the card's 90 degrees, its maximum speed, or the wind's eye, whichever
    comes first (a move stops head to wind)."""
    speed = ship.data.get("speed")
    if not speed:
        return None
    lo, hi = float(speed["min"]), float(speed["max"])
    if hi <= 0:
        return None
    start, L = ship.pose, ship.length
    fans, arcs, ghosts = [], [], [courses.straight(start, hi)]
    tightest: list[Pose] = []
    for template in ship.data["turning_cards"]:
        for direction in ("port", "starboard"):
            cmax = min(cards.max_curve(template), hi)
            eye = cards.travel_to_heading(start.heading, template, direction, wind_from)
            head_to_wind = eye is not None and 1e-6 < eye < cmax
            if head_to_wind:
                cmax = eye
            if cmax <= 1e-6:
                continue
            n = max(int(cmax / 0.25), 4)
            cs = [cmax * i / n for i in range(n + 1)]
            outer = [cards.pose_at(start, L, template, direction, c, max(hi, c)) for c in cs]
            if head_to_wind:  # the move ends where the bow meets the wind
                outer[-1] = cards.pose_at(start, L, template, direction, cmax, cmax)
            inner = [cards.pose_at(start, L, template, direction, c, max(lo, c)) for c in reversed(cs)]
            fans.append(tuple((p.x, p.y) for p in outer + inner))
            path = cards.path_poses(start, L, template, direction, cmax, cmax, step=0.25)
            arcs.append((template, tuple((p.x, p.y) for p in path)))
            if len(tightest) < 2:  # the first card is the tightest
                tightest.append(outer[-1])
    ghosts.extend(tightest)
    a, b = courses.straight(start, lo), courses.straight(start, hi)
    return Reach(tuple(fans), tuple(arcs), tuple(ghosts), straight=((a.x, a.y), (b.x, b.y)))


# -- the board ----------------------------------------------------------------------

class CannoniBoard(ShipsBoard):
    """The open table with the ships of Cannoni in batteria!"""

    ruleset = "cannoni"
    ship_class = Ship
    reach_style = ReachStyle(alpha=REACH_ALPHA)
    label_pad = 3.0
    mini = (10.0, 1.3, 3.0)
    bow = staticmethod(paint_bowsprit)
    deck = staticmethod(paint_rig)
    opening_step = "chits"  # placed before anything moves: the last turn's wrecks still show

    def piece_boxes(self, view: View, focus: tuple[str, ...], everyone: bool = False) -> list[Box]:
        boxes = super().piece_boxes(view, focus, everyone)
        # The forts in action, and those near the ships framed, belong in view with them.
        near = union(boxes)
        acting = set(focus) | {b.id for b in batteries.to_act(view, side_indices(view))} | shot_ids(view)
        boxes += [b.polygon.bounds for b in batteries.batteries_of(view, side_indices(view))
                  if everyone or near is None or b.id in acting or within(near, b.polygon.bounds, self.near_action)]
        for ship in self.ships_of(view):
            if ship.id in focus and ship.afloat and ship.data.get("speed"):
                # A focused ship's whole move must be in view, not just its base.
                r = float(ship.data["speed"]["max"]) + ship.length
                boxes.append((ship.pose.x - r, ship.pose.y - r, ship.pose.x + r, ship.pose.y + r))
        return boxes

    # -- hooks of the skeleton ----------------------------------------------------------

    def ring_ids(self, view: View, shown: Sequence[Ship], focus: tuple[str, ...]) -> set[str]:
        # Rings: every ship (and battery) still to act this phase, and any the caller focuses on.
        forts_ = batteries.batteries_of(view, side_indices(view))
        return ({s.id for s in to_act(view)} | {s.id for s in shown if s.id in focus}
                | {b.id for b in batteries.to_act(view, side_indices(view))}
                | {b.id for b in forts_ if b.id in focus})

    def marked(self, view: View, shown: Sequence[Ship], focus: tuple[str, ...]) -> list[Ship]:
        # Ranges and reach: the focused ships, else the ones whose turn it is.
        return [s for s in shown if s.id in focus] if focus else next_to_act(view)

    def look_of(self, ship: Ship, theme: Theme, ring: bool) -> ShipLook:
        return look_of(ship, theme, ring)

    def in_action(self, view: View, shown: Sequence[Ship], focus: tuple[str, ...]) -> set[str]:
        # Every ship whose phase this is, whether she has acted yet or not, so that the
        # view holds still through the phase.
        if focus:
            return set(focus)
        active = {s.id for s in shown if s.data.get("active")} if view.get("step") == "action" else set()
        forts = {b.id for b in batteries.batteries_of(view, side_indices(view)) if b.fort.get("active")}
        return super().in_action(view, shown, focus) | active | forts

    def bow_length(self, ship: Ship, scale: float) -> float:
        return max(0.28 * ship.length, 6 / scale)  # the bowsprit (paint_bowsprit)

    def piece_point(self, view: View, piece_id: str) -> tuple[tuple[float, float], int] | None:
        for b in batteries.batteries_of(view, side_indices(view)):
            if b.id == piece_id:
                c = b.polygon.centroid
                return (c.x, c.y), b.side_index
        return None

    def new_damage(self, view: View, ships: Sequence[Ship]) -> bool:
        return any(s.afloat and s.data.get("last_damage") for s in ships)

    def marker_reach(self, ship: Ship, scale: float) -> float:
        # The bowsprit, the ring and a fallen mast over the side reach beyond the base.
        return max(ship.length * 0.5 + max(0.28 * ship.length, 6 / scale), ship.width * 1.3) + 8 / scale

    def reach_of(self, view: View, ship: Ship) -> Reach | None:
        return reach_of(ship, float(view.get("wind", 0)) * 22.5)

    def draw_ranges(self, canvas: MapCanvas, view: View, marked: Sequence[Ship], focus: tuple[str, ...]) -> None:
        forts_ = batteries.batteries_of(view, side_indices(view))
        marked_forts = ([b for b in forts_ if b.id in focus] if focus else
                        [p for p in run_to_act(view) if isinstance(p, batteries.Battery)])
        for battery in marked_forts:
            batteries.draw_sectors(canvas, battery)
        for ship in marked:
            self._draw_sectors(canvas, ship)

    def draw_fixtures(self, canvas: MapCanvas, view: View, ring_ids: set[str]) -> None:
        for battery in batteries.batteries_of(view, side_indices(view)):
            batteries.draw_battery(canvas, battery, battery.id in ring_ids)

    def ship_label(self, view: View, ship: Ship, theme: Theme) -> Image.Image:
        return label_sprite(ship.name, ship.side_index, gauge_groups(ship.data), badges_of(ship.data), theme,
                            fresh_groups(ship.data))

    def extra_labels(self, view: View, theme: Theme) -> list[Labelled]:
        return [(b.id, b.polygon, partial(batteries.label, b, theme, label_sprite))
                for b in batteries.batteries_of(view, side_indices(view))]

    def _draw_sectors(self, canvas: MapCanvas, ship: Ship) -> None:
        theme = canvas.theme
        colour = theme.side_colour(ship.side_index)
        edge = mix(colour, (0, 0, 0), 0.35)
        loaded = ship.data.get("loaded") or {}
        outlines: list[tuple[list[PxPoint], bool]] = []
        labels: list[tuple[str, PxPoint]] = []
        for side in ("starboard", "port"):
            rings = sector_rings(ship, side)
            is_loaded = loaded.get(side) is not None
            if is_loaded:
                for r, poly in rings:
                    if isinstance(poly, Polygon) and not poly.is_empty:
                        fill_band(canvas, r, poly, colour)
            for r, poly in rings:
                if isinstance(poly, Polygon) and not poly.is_empty:
                    outlines.append((canvas.poly_px(poly.exterior.coords), is_loaded))
                    labels.append((f"{r:g}″", _ring_label_point(ship, side, r, canvas)))
        # Each ship's rings are blended on their own, so overlapping ships add up
        # instead of one wiping the other.
        canvas.flush_overlay()
        for pts, solid in outlines:
            outline_band(canvas, pts, solid, edge)
        for text, (x, y) in labels:
            sprite = text_sprite(text, theme.small_px, True, edge, theme.halo, 2)
            paste_note(canvas, sprite, x, y)

    # -- words ----------------------------------------------------------------------

    def header(self, view: View, lang: str = "en") -> Header:
        def t(code: str, **params: object) -> str:
            return TEXTS.text(code, lang, **params)

        title = scenario_title(view.get("title"), lang) or str(view.get("scenario") or "Cannoni in batteria!")
        turn, limit = view.get("turn"), view.get("turns_limit")
        turn_txt = t("cannoni.head.turn-of", turn=turn, limit=limit) if limit else t("cannoni.head.turn", turn=turn)
        step = view.get("step")
        if step == "over":
            outcome = view.get("outcome") or {}
            winner = outcome.get("winner")
            kind = TEXTS.word("cannoni.kind", outcome.get("kind", "" if winner else "no"), lang)
            result = (t("cannoni.map.won", kind=kind, winner=side_label(winner)).strip() if winner
                      else t("cannoni.map.drawn", kind=kind))
            line1 = t("cannoni.head.over", result=result[0].upper() + result[1:])
        elif step == "action":
            acting: list[Ship | batteries.Battery] = [*to_act(view), *batteries.to_act(view, side_indices(view))]
            line1 = t("cannoni.head.phase", turn=turn_txt, phase=view.get("phase"))
            if 0 < len(acting) <= 3:
                line1 += t("cannoni.head.to-act", ships=", ".join(s.name for s in acting))
            elif acting:
                line1 += t("cannoni.head.to-act-next", n=len(acting), ships=", ".join(s.name for s in run_to_act(view)))
        else:
            line1 = t("cannoni.head.step", turn=turn_txt, step=TEXTS.word("cannoni.map.step", step, lang))
        wind_from = float(view.get("wind", 0)) * 22.5
        line2 = t("cannoni.head.wind", compass=compass(wind_from), degrees=f"{wind_from:g}")
        out = [f"{s.name} ({TEXTS.word('cannoni.map.out', s.data.get('status'), lang)})"
               for s in ships_of(view) if not s.afloat]
        if out:
            line2 += t("cannoni.head.out", ships=", ".join(out))
        return Header(title=title, lines=(line1, line2), wind_from=wind_from)

    def sides_words(self, theme: Theme) -> tuple[str, str]:
        return TEXTS.text("cannoni.legend.sides", theme.lang), self.side_words

    def full_legend_sections(self, view: View, ships: Sequence, theme: Theme) -> tuple[tuple[Hashable, ...], Sections]:
        return self.legend_sections(view, ships, theme, full=True)

    def legend_sections(self, view: View, ships: Sequence[Ship], theme: Theme, full: bool = False) -> tuple[tuple[Hashable, ...], Sections]:
        # Forts and depth zones get their own sections, only in games that have them.
        extra: Sections = ()
        if view.get("forts"):
            extra += ((TEXTS.text("cannoni.legend.forts", theme.lang), batteries.legend_entries(theme)),)
        depths = tuple(sorted({d for _n, d, _p in self.depth_zones(view)}))
        if depths:
            extra += ((TEXTS.text("cannoni.legend.depth", theme.lang), tuple(
                LegendEntry(TEXTS.text("cannoni.legend.depth-zone", theme.lang, d=d), _depth_icon(d, theme))
                for d in depths)),)
        shown = None if full else self.shown_kinds(view, ships)
        sections = tuple((title, tuple(e for kind, e in entries if shown is None or kind in shown))
                         for title, entries in _static_legend(self, theme))
        return ((bool(view.get("forts")), depths, shown),
                tuple(sec for sec in sections if sec[1]) + extra)

    def shown_kinds(self, view: View, ships: Sequence[Ship]) -> frozenset[str]:
        """What of the key this map shows: the sails, marks, badges and ranges drawn."""
        afloat = [s for s in ships if s.afloat]
        kinds = {f"sails.{s.data.get('sails', 'battle')}" for s in afloat}
        if any((s.data.get("loaded") or {}).get(side) is not None for s in afloat for side in ("starboard", "port")):
            kinds.add("loaded")
        if any(int(m["lost"]) >= int(m["boxes"]) for s in afloat for m in s.data.get("masts", [])):
            kinds.add("mast-down")
        if to_act(view) or batteries.to_act(view, side_indices(view)):
            kinds.add("ring")
        if any(len(s.data.get("trail") or ()) > 1 for s in afloat):
            kinds.add("trail")
        kinds.update(f"badge.{b}" for s in afloat for b in badges_of(s.data))
        if afloat:
            kinds.add("gauge")
        marked = next_to_act(view)
        if marked:
            kinds.update(("range.hull", "range.rake", "range.rigging", "move"))
            if any((s.data.get("loaded") or {}).get(side) is None for s in marked for side in ("starboard", "port")):
                kinds.add("range.unloaded")
        return frozenset(kinds)

    def describe(self, view: View, lang: str = "en") -> str:
        return describe(self, view, lang)

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        return render_card(view, piece_id, theme)

    def view_signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("phase"), view.get("step"), view.get("wind"), batteries.signature(view),
                tuple(tuple(sorted(s.items())) for s in view.get("shots") or []))

    def ship_signature(self, view: View, ship: Ship) -> Hashable:
        s = ship.data
        return (ship.id, s.get("status"), round(float(s["x"]), 3), round(float(s["y"]), 3),
                round(float(s["heading"]), 2), s.get("sails"), tuple(sorted((s.get("loaded") or {}).items())),
                gauge_groups(s), badges_of(s), tuple(m.get("fell") or "" for m in s.get("masts", [])),
                tuple(map(tuple, s.get("trail") or [])), bool(s.get("active")) and not s.get("acted"),
                fresh_groups(s), s.get("lost_turn"))


def _ring_label_point(ship: Ship, side: str, r: float, canvas: MapCanvas) -> PxPoint:
    """Where a ring's distance is written: on the ring, straight abeam."""
    sign = 1.0 if side == "starboard" else -1.0
    return canvas.px(*ship.to_world(0.0, sign * r))


# -- legend icons -------------------------------------------------------------------

def _ring_icon(alpha: int, theme: Theme, dashed: bool = False):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        colour = theme.side_colour(0)
        edge = mix(colour, (0, 0, 0), 0.35)
        if dashed:
            pts = [(box[0], box[1] + 2), (box[2], box[1] + 2), (box[2], box[3] - 2),
                   (box[0], box[3] - 2), (box[0], box[1] + 2)]
            dashed_line(draw, pts, edge, width=2, dash=5, gap=4)
            return
        tint = mix(theme.sea, colour, alpha / 255)
        draw.rectangle((box[0], box[1] + 2, box[2], box[3] - 2), fill=tint, outline=edge)
    return icon


def _depth_icon(depth: int, theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        draw.rectangle((box[0], box[1] + 2, box[2], box[3] - 2), fill=theme.depth_fill[min(max(depth, 1), 3) - 1],
                       outline=theme.depth_edge, width=2)
    return icon


def _reach_lines(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], ym: float, theme: Theme) -> None:
    draw.line([(box[0], ym), (box[2], box[1] + 2)], fill=theme.reach, width=2)
    draw.line([(box[0], ym), (box[2], ym)], fill=theme.reach, width=4)


_GAUGE_SAMPLE = (((10, 12), (6, 12)), ((6, 6), (3, 8), (0, 6)), ((9, 12),))


def _gauge_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        paint_gauge(draw, box[0], (box[1] + box[3] - GAUGE_H - 6) // 2, _GAUGE_SAMPLE, theme)
    return icon


@lru_cache(maxsize=8)
def _static_legend(board: CannoniBoard, theme: Theme) -> tuple[tuple[str, tuple[tuple[str, LegendEntry], ...]], ...]:
    """Every entry a Cannoni map may need, each with the kind of mark it explains
    (see :meth:`CannoniBoard.shown_kinds`)."""
    masts = ((0.3, True, None), (0.0, True, None), (-0.3, True, None))
    colour = theme.side_colour(0)

    def t(code: str) -> str:
        return TEXTS.text(code, theme.lang)

    def look(sails: str, loaded: tuple[str, ...] = (), masts=masts, ring: bool = False) -> ShipLook:
        return ShipLook(2.6, 1.3, colour, ring, sails, loaded, masts)
    plain = look("battle")
    down = ((0.3, True, None), (0.0, False, "starboard"), (-0.3, True, None))
    ship_entries = (
        ("sails.full", LegendEntry(t("cannoni.legend.full-sail"), board.mini_ship(look("full"), theme), 46)),
        ("sails.battle", LegendEntry(t("cannoni.legend.battle-sail"), board.mini_ship(plain, theme), 46)),
        ("sails.furled", LegendEntry(t("cannoni.legend.furled"), board.mini_ship(look("furled"), theme), 46)),
        ("loaded", LegendEntry(t("cannoni.legend.loaded"), board.mini_ship(look("furled", ("starboard",), ()), theme),
                               46)),
        ("mast-down", LegendEntry(t("cannoni.legend.mast-down"), board.mini_ship(look("battle", (), down), theme), 46)),
        ("ring", LegendEntry(t("cannoni.legend.ring"), board.mini_ship(look("battle", ring=True), theme), 46)),
        ("trail", LegendEntry(t("cannoni.legend.trail"), trail_icon(mix(theme.side_colour(0), (0, 0, 0), 0.2)), 34)),
    )
    badges = badge_entries(BADGES, theme, lambda b: t(f"cannoni.badge.{b.kind}"))
    status = tuple((f"badge.{b.kind}", e) for b, e in zip(BADGES, badges))
    status += (("gauge", LegendEntry(t("cannoni.legend.gauge"), _gauge_icon(theme), gauge_width(_GAUGE_SAMPLE))),)
    ranges = (
        ("range.hull", LegendEntry(t("cannoni.legend.hull-only"), _ring_icon(RING_ALPHA[RIGGING_MIN_RANGE], theme))),
        ("range.rake", LegendEntry(t("cannoni.legend.rake"), _ring_icon(RING_ALPHA[RAKE_RANGE], theme))),
        ("range.rigging", LegendEntry(t("cannoni.legend.hull-rigging"), _ring_icon(RING_ALPHA[HULL_RANGE], theme))),
        ("range.unloaded", LegendEntry(t("cannoni.legend.not-loaded"), _ring_icon(0, theme, dashed=True))),
        ("move", LegendEntry(t("cannoni.legend.move"), fan_icon(theme, REACH_ALPHA, partial(_reach_lines, theme=theme)),
                             34)),
    )
    return ((t("cannoni.legend.ships"), ship_entries), (t("cannoni.legend.status"), status),
            (t("cannoni.legend.ranges"), ranges))
