"""Cannoni in batteria! on the open table: ship markers, ranges, reach, labels,
legend and header, drawn from the public view only.

Every marker is described in docs/renderer.md. Geometry (bases, firing
sectors, turning cards) comes from rules.core.tables and rules.cannoni.cards so that what the map
shows is what the rules compute.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import Any, Hashable

from PIL import Image, ImageDraw
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from renderer import cannoni_forts as batteries
from renderer.board import Header, IconPainter, Legend, LegendEntry, RenderOptions, View
from renderer.cannoni_bands import RING_ALPHA, RINGS, fill_band, outline_band
from renderer.canvas import MapCanvas, Placement, PxPoint, dashed_line
from renderer.labels import BADGE, badge_tile, base_box, flame_badge, label_tile, place_label
from renderer.legend_entries import afloat_counts, mini_marker, side_entries, sprite_icon, trail_icon
from renderer.markers import (LocalToPx, draw_ghost_bases, draw_marker, draw_trail, local_rect, paint_hatching,
                              paint_hull, paint_ring)
from renderer.open_table import OpenTableBoard
from renderer.pieces import ViewPiece, side_indices, side_label
from renderer.theme import RGB, Theme, mix, text_sprite
from renderer.viewport import Box
from rules.cannoni import cards
from rules.core.tables import courses, sectors
from rules.core.tables import open_table as g
from rules.cannoni.fire import HULL_RANGE, RAKE_RANGE, RIGGING_MIN_RANGE
from rules.cannoni.logbook import LogBook
from rules.cannoni.sailing import templates_for
from rules.cannoni.wording import TEXTS
from rules.core.tables.compass import compass

REACH_ALPHA = 70
GAUGE_H = 10


# -- the view's ships -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Ship(ViewPiece):
    """One ship of the view, with what the drawing needs worked out once. Compared
    by identity: two wrappers of one ship dict are not meant to meet."""

    data: dict[str, Any]
    side_index: int

    @cached_property
    def pose(self) -> g.Pose:
        return g.Pose(float(self.data["x"]), float(self.data["y"]), float(self.data["heading"]))

    @property
    def length(self) -> float:
        return float(self.data["log"]["base_length"])

    @property
    def width(self) -> float:
        return float(self.data["log"]["base_width"])

    @property
    def afloat(self) -> bool:
        return self.data.get("status", "afloat") == "afloat"

    def base(self) -> Polygon:
        return g.base_polygon(self.pose, self.length, self.width)

    @cached_property
    def logbook(self) -> LogBook:
        # Built without validation: the view was validated when the state was, and
        # only the range table and turning card are read here, so a log-book
        # field added later (or a stored view from before it) cannot break drawing.
        return LogBook.model_construct(**self.data["log"])

    @cached_property
    def _frame(self) -> tuple[float, float, float, float]:
        h = math.radians(self.pose.heading)
        return (self.pose.x, self.pose.y, math.sin(h), math.cos(h))

    def to_world(self, along: float, across: float) -> tuple[float, float]:
        """Ship-local inches (forward, to starboard) to table inches."""
        x, y, s, c = self._frame
        return (x + along * s + across * c, y + along * c - across * s)


def ships_of(view: View) -> list[Ship]:
    idx = side_indices(view)
    return [Ship(s, idx[str(s["side"])]) for s in view.get("ships", [])]


def to_act(view: View) -> list[Ship]:
    """Ships whose phase has been called and that have not yet acted in it."""
    if view.get("step") != "action":
        return []
    return [s for s in ships_of(view)
            if s.afloat and s.data.get("active") and not s.data.get("acted") and not s.data.get("struck")]


OVERLAY_LIMIT = 4  # most ships whose ranges and reach are drawn at once


def run_to_act(view: View) -> list[Ship | batteries.Battery]:
    """The ships (and coastal batteries) whose orders are asked for now, in initiative
    order: with orders given in turn, the leading run of one player's pieces; with
    simultaneous orders, every piece to act. At most OVERLAY_LIMIT: in the last phase
    every ship may be to act, and twenty sets of ranges would hide the sea."""
    acting: dict[str, Ship | batteries.Battery] = {s.id: s for s in to_act(view)}
    acting.update({b.id: b for b in batteries.to_act(view, side_indices(view))})
    order = [acting[i] for i in view.get("initiative", []) if i in acting]
    order += [s for s in acting.values() if s not in order]
    if not order:
        return []
    if (view.get("options") or {}).get("order_mode") != "simultaneous":
        player = order[0].data.get("player")
        run = []
        for ship in order:
            if ship.data.get("player") != player:
                break
            run.append(ship)
        order = run
    return order[:OVERLAY_LIMIT]


def next_to_act(view: View) -> list[Ship]:
    """The ships of :func:`run_to_act`."""
    return [p for p in run_to_act(view) if isinstance(p, Ship)]


# -- painting a ship ---------------------------------------------------------------

@dataclass(frozen=True)
class ShipLook:
    length: float
    width: float
    fill: RGB
    sails: str
    loaded: tuple[str, ...]
    masts: tuple[tuple[float, bool, str | None], ...]  # (offset, standing, fell)
    ring: bool = False
    sinking: bool = False


def look_of(ship: Ship, theme: Theme, ring: bool) -> ShipLook:
    d = ship.data
    fill = theme.side_colour(ship.side_index)
    if d.get("struck"):
        fill = mix(fill, (255, 255, 255), 0.55)  # colours struck: the ship no longer fights
    masts = tuple((float(m["offset"]), int(m["lost"]) < int(m["boxes"]), m.get("fell"))
                  for m in d.get("masts", []))
    loaded = tuple(s for s in ("starboard", "port") if (d.get("loaded") or {}).get(s) is not None)
    return ShipLook(ship.length, ship.width, fill, str(d.get("sails", "battle")), loaded, masts,
                    ring=ring, sinking=bool(d.get("sinking")))


def paint_ship(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_inch: float, k: float,
               look: ShipLook, theme: Theme) -> None:
    """Draw a ship's marker, in ship-local inches (``at``, ``px_per_inch`` and ``k``
    as renderer.markers describes them)."""
    L, W = look.length, look.width
    inch = 1.0 / px_per_inch  # one final pixel, in inches
    rect = local_rect(at)
    if look.ring:
        paint_ring(draw, rect, L, W, inch, theme)
    # Bowsprit: heading at a glance, even when the base is nearly square.
    draw.line([at(L / 2, 0), at(L / 2 + max(0.28 * L, 6 * inch), 0)], fill=theme.ink,
              width=max(int(round(2.5 * k)), 1))
    paint_hull(draw, rect, L, W, look.fill, k, theme)
    if look.sinking:
        paint_hatching(draw, at, L, W, k, theme)
    # A loaded broadside: a dark gun line just outside that side of the base,
    # leaving the hull's colour clear.
    gap, stripe = 1.5 * inch, 3.5 * inch
    for side in look.loaded:
        sign = 1.0 if side == "starboard" else -1.0
        near, far = sign * (W / 2 + gap), sign * (W / 2 + gap + stripe)
        draw.polygon(rect(-0.36 * L, 0.36 * L, min(near, far), max(near, far)), fill=theme.ink)
    for offset, standing, fell in look.masts:
        a = offset * L
        if standing:
            if look.sails == "full":
                half, thick = 0.5 * W + 4 * inch, max(0.07 * L, 3 * inch)
            elif look.sails == "battle":
                half, thick = 0.36 * W, max(0.04 * L, 2 * inch)
            else:
                half, thick = 0.0, 0.0
            if thick:
                draw.polygon(rect(a - thick, a + thick, -half, half), fill=(255, 255, 255),
                             outline=theme.ink, width=max(int(round(1.2 * k)), 1))
            else:  # furled: the bare yard
                draw.line([at(a, -0.36 * W), at(a, 0.36 * W)], fill=theme.ink,
                          width=max(int(round(2 * k)), 1))
            r = 1.6 * inch
            cx, cy = at(a, 0)
            rr = r * px_per_inch * k
            draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=theme.ink)
        else:
            x = 0.2 * W
            w = max(int(round(2 * k)), 1)
            draw.line([at(a - x, -x), at(a + x, x)], fill=theme.ink, width=w)
            draw.line([at(a - x, x), at(a + x, -x)], fill=theme.ink, width=w)
            if fell in ("starboard", "port"):
                # The wreck over the side, which stops the ship manoeuvring.
                sign = 1.0 if fell == "starboard" else -1.0
                draw.line([at(a, 0), at(a - 0.15 * L, sign * (W / 2 + 0.7 * W))], fill=theme.ink,
                          width=max(int(round(2.5 * k)), 1))


# -- status badges --------------------------------------------------------------------

BADGES: tuple[tuple[str, str], ...] = (
    ("fire", "on fire"),
    ("anchor", "at anchor"),
    ("fouled", "fouled with another ship"),
    ("aground", "aground"),
    ("struck", "struck her colours"),
    ("sinking", "sinking"),
    ("engaged", "grappled or boarding"),
    ("prize", "a prize, taken by the other side"),
)
_GLYPHS = {"anchor": "⚓", "fouled": "⚭", "aground": "▲", "struck": "⚐", "sinking": "↓",
           "engaged": "⚔", "prize": "⚑"}


def badges_of(data: dict[str, Any]) -> tuple[str, ...]:
    flags = {
        "fire": bool(data.get("fire")),
        "anchor": data.get("anchor") is not None,
        "fouled": bool(data.get("fouled_with")),
        "aground": bool(data.get("aground")),
        "struck": bool(data.get("struck")),
        "sinking": bool(data.get("sinking")),
        "engaged": bool(data.get("engaged")),
        "prize": data.get("captured_by") is not None,
    }
    return tuple(name for name, _ in BADGES if flags[name])


@lru_cache(maxsize=32)
def badge_sprite(kind: str, theme: Theme) -> Image.Image:
    """A status badge: dark rounded square with a white symbol (the fire badge a
    flame). Shared: do not draw on it."""
    if kind == "fire":
        return flame_badge(theme)
    if kind not in _GLYPHS:
        return badge_tile(theme)
    # The prize flag in yellow, so it is not taken for the struck (white) one;
    # the fouling rings are a thin glyph and need a larger size to read.
    colour = theme.highlight if kind == "prize" else (255, 255, 255)
    return badge_tile(theme, text_sprite(_GLYPHS[kind], 21 if kind == "fouled" else 16, kind == "fouled",
                                         colour, None, 0))


# -- damage gauge -------------------------------------------------------------------

def gauge_groups(data: dict[str, Any]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """(remaining, printed) boxes: hull starboard and port, each mast fore to aft, crew."""
    hull = data.get("hull", {})
    hull_g = tuple((int(hull[s]["boxes"]) - int(hull[s]["lost"]), int(hull[s]["boxes"]))
                   for s in ("starboard", "port") if s in hull)
    masts = tuple((int(m["boxes"]) - int(m["lost"]), int(m["boxes"]))
                  for m in sorted(data.get("masts", []), key=lambda m: -float(m["offset"])))
    crew = data.get("crew", {"boxes": 0, "lost": 0})
    return (hull_g, masts, ((int(crew["boxes"]) - int(crew["lost"]), int(crew["boxes"])),))


GAUGE_W = {0: 20, 1: 12, 2: 22}  # px per gauge in the hull, mast and crew groups


def gauge_width(groups: tuple[tuple[tuple[int, int], ...], ...]) -> int:
    w = 4
    for gi, group in enumerate(groups):
        w += len(group) * GAUGE_W[gi] + (len(group) - 1) * 2 + (6 if gi < len(groups) - 1 else 0)
    return w + 4


def paint_gauge(draw: ImageDraw.ImageDraw, x: int, y: int,
                groups: tuple[tuple[tuple[int, int], ...], ...], theme: Theme) -> None:
    """Dark = boxes left, white = boxes struck, on a white backing for the sea."""
    w = gauge_width(groups)
    draw.rounded_rectangle((x, y, x + w - 1, y + GAUGE_H + 5), radius=3, fill=(255, 255, 255),
                           outline=theme.gauge_edge)
    cx = x + 4
    for gi, group in enumerate(groups):
        for left, printed in group:
            gw = GAUGE_W[gi]
            box = (cx, y + 3, cx + gw - 1, y + 2 + GAUGE_H)
            draw.rectangle(box, fill=theme.gauge_lost, outline=theme.gauge_edge)
            if printed > 0 and left > 0:
                fw = max(int(round((gw - 2) * left / printed)), 1)
                draw.rectangle((cx + 1, y + 4, cx + fw, y + 1 + GAUGE_H), fill=theme.gauge_full)
            cx += gw + 2
        cx += 4


@lru_cache(maxsize=512)
def label_sprite(name: str, side_index: int, groups: tuple[tuple[tuple[int, int], ...], ...],
                 badges: tuple[str, ...], theme: Theme) -> Image.Image:
    """Name (with the side's shape in the side's colour), damage gauge and status
    badges, as one transparent tile. Shared: do not draw on it."""
    gw = gauge_width(groups)
    row2_w = gw + sum(BADGE + 3 for _ in badges)
    row2_h = max(GAUGE_H + 6, BADGE if badges else 0)
    img, x2, y2 = label_tile(name, side_index, row2_w, row2_h, theme)
    draw = ImageDraw.Draw(img)
    paint_gauge(draw, x2, y2 + (row2_h - GAUGE_H - 6) // 2, groups, theme)
    bx = x2 + gw + 3
    for kind in badges:
        b = badge_sprite(kind, theme)
        img.alpha_composite(b, (bx, y2 + (row2_h - BADGE) // 2))
        bx += BADGE + 3
    return img


# -- ranges and reach ---------------------------------------------------------------

def sector_rings(ship: Ship, side: str) -> list[tuple[float, Polygon]]:
    """The broadside's firing sector cut by the range rings, widest first. The
    sector reaches as far as the guns do, so a ring beyond their range is cut to it."""
    reach = max(ship.logbook.max_range(), 1.0)
    sector = sectors.sector_polygon(ship.pose, ship.length, ship.width, side, reach)
    mast = ShapelyPoint(ship.pose.x, ship.pose.y)
    radii = sorted({min(r, reach) for r in RINGS}, reverse=True)
    return [(r, sector.intersection(mast.buffer(r, quad_segs=24))) for r in radii]


@dataclass(frozen=True)
class Reach:
    fans: tuple[tuple[tuple[float, float], ...], ...]  # areas the mainmast can end in
    arcs: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]  # card letter, mainmast path
    straight: tuple[tuple[float, float], tuple[float, float]]  # mainmast at min and max
    ghosts: tuple[g.Pose, ...]  # bases at the extreme ends


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
    tightest: list[g.Pose] = []
    for template in templates_for(ship.logbook):
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
    return Reach(tuple(fans), tuple(arcs), ((a.x, a.y), (b.x, b.y)), tuple(ghosts))


# -- the board ----------------------------------------------------------------------

class CannoniBoard(OpenTableBoard):
    """The open table with the ships of Cannoni in batteria!"""

    ruleset = "cannoni"

    def piece_boxes(self, view: View, focus: tuple[str, ...]) -> list[Box]:
        boxes = [s.base().bounds for s in ships_of(view) if s.afloat] + batteries.boxes(view)
        for ship in ships_of(view):
            if ship.id in focus and ship.afloat and ship.data.get("speed"):
                # A focused ship's whole move must be in view, not just its base.
                r = float(ship.data["speed"]["max"]) + ship.length
                boxes.append((ship.pose.x - r, ship.pose.y - r, ship.pose.x + r, ship.pose.y + r))
        return boxes

    # -- drawing --------------------------------------------------------------------

    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        theme = canvas.theme
        ships = [s for s in ships_of(view) if s.afloat]
        # Rings: every ship still to act this phase, and any the caller focuses on.
        # Ranges and reach: the focused ships, else the ones whose turn it is.
        forts_ = batteries.batteries_of(view, side_indices(view))
        ring_ids = ({s.id for s in to_act(view)} | {s.id for s in ships if s.id in options.focus}
                    | {b.id for b in batteries.to_act(view, side_indices(view))}
                    | {b.id for b in forts_ if b.id in options.focus})
        marked = [s for s in ships if s.id in options.focus] if options.focus else next_to_act(view)
        marked_forts = ([b for b in forts_ if b.id in options.focus] if options.focus else
                        [p for p in run_to_act(view) if isinstance(p, batteries.Battery)])
        if options.overlays:
            wind_from = float(view.get("wind", 0)) * 22.5
            for battery in marked_forts:
                batteries.draw_sectors(canvas, battery)
            for ship in marked:
                self._draw_sectors(canvas, ship)
            reaches = [(s, reach_of(s, wind_from)) for s in marked]
            for _ship, reach in reaches:
                if reach is not None:
                    for fan in reach.fans:
                        canvas.translucent(canvas.poly_px(fan), fill=theme.reach + (REACH_ALPHA,))
            canvas.flush_overlay()
            for ship, reach in reaches:
                if reach is not None:
                    self._draw_reach_lines(canvas, ship, reach)
        for battery in forts_:
            batteries.draw_battery(canvas, battery, battery.id in ring_ids)
        for ship in ships:
            self._draw_trail(canvas, ship)
        for ship in ships:
            self._draw_ship(canvas, ship, ship.id in ring_ids)
        if options.labels:
            self._draw_labels(canvas, ships, ring_ids, forts_)
        self.draw_grid_labels(canvas, view)

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
            canvas.paste_centred(sprite, x, y)

    def _draw_reach_lines(self, canvas: MapCanvas, ship: Ship, reach: Reach) -> None:
        theme = canvas.theme
        draw_ghost_bases(canvas, ship, reach.ghosts)
        px0 = canvas.px(ship.pose.x, ship.pose.y)
        placed: list[PxPoint] = [px0]
        for letter, path in reach.arcs:
            pts = canvas.poly_px(path)
            canvas.draw.line(pts, fill=theme.reach, width=1)
            end = pts[-1]
            dx, dy = end[0] - px0[0], end[1] - px0[1]
            n = math.hypot(dx, dy) or 1.0
            spot = (end[0] + dx / n * 10, end[1] + dy / n * 10)
            # Letters only where they can be told apart; on a short move the
            # arcs bunch together and the legend names the cards instead.
            if all(math.hypot(spot[0] - q[0], spot[1] - q[1]) >= 18 for q in placed):
                placed.append(spot)
                sprite = text_sprite(letter, theme.small_px, True, theme.reach, theme.halo, 2)
                canvas.paste_centred(sprite, *spot)
        a, b = canvas.px(*reach.straight[0]), canvas.px(*reach.straight[1])
        canvas.draw.line([a, b], fill=theme.reach, width=4)
        for p in (a, b):
            canvas.draw.ellipse((p[0] - 4, p[1] - 4, p[0] + 4, p[1] + 4), fill=theme.reach)

    def _draw_trail(self, canvas: MapCanvas, ship: Ship) -> None:
        draw_trail(canvas, ship.data.get("trail") or [],
                   mix(canvas.theme.side_colour(ship.side_index), (0, 0, 0), 0.2))

    def _draw_ship(self, canvas: MapCanvas, ship: Ship, ring: bool) -> None:
        theme = canvas.theme
        scale = canvas.viewport.scale
        look = look_of(ship, theme, ring)
        # The bowsprit, the ring and a fallen mast over the side reach beyond the base.
        reach = max(ship.length * 0.5 + max(0.28 * ship.length, 6 / scale), ship.width * 1.3) + 8 / scale
        draw_marker(canvas, ship, reach, partial(paint_ship, look=look, theme=theme))

    def _draw_labels(self, canvas: MapCanvas, ships: list[Ship], ring_ids: set[str],
                     forts_: list[batteries.Battery] = ()) -> None:  # type: ignore[assignment]
        theme = canvas.theme
        boxes = {}
        taken = Placement()
        for pid, poly in [(s.id, s.base()) for s in ships] + [(b.id, b.polygon) for b in forts_]:
            boxes[pid] = base_box(canvas, poly, 3)
            taken.taken.append(boxes[pid])
        labelled = [(s.id, lambda s=s: label_sprite(s.name, s.side_index, gauge_groups(s.data),
                                                    badges_of(s.data), theme)) for s in ships]
        labelled += [(b.id, lambda b=b: batteries.label(b, theme, label_sprite)) for b in forts_]
        # Pieces about to act are labelled first, so theirs get the best places.
        for pid, make in sorted(labelled, key=lambda item: item[0] not in ring_ids):
            place_label(canvas, taken, boxes[pid], make)

    # -- words ----------------------------------------------------------------------

    def header(self, view: View, lang: str = "en") -> Header:
        def t(code: str, **params: object) -> str:
            return TEXTS.text(code, lang, **params)

        title = str(view.get("title") or view.get("scenario") or "Cannoni in batteria!")
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
            line1 = t("cannoni.head.phase", turn=turn_txt, phase=view.get('phase'))
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

    def legend(self, view: View, theme: Theme) -> Legend:
        sides = side_indices(view)
        counts = afloat_counts(ships_of(view))
        # Forts and depth zones get their own sections, only in games that have them.
        extra: tuple[tuple[str, tuple[LegendEntry, ...]], ...] = ()
        if view.get("forts"):
            extra += ((TEXTS.text("cannoni.legend.forts", theme.lang), batteries.legend_entries(theme)),)
        depths = tuple(sorted({d for _n, d, _p in self.depth_zones(view)}))
        if depths:
            extra += ((TEXTS.text("cannoni.legend.depth", theme.lang), tuple(
                LegendEntry(TEXTS.text("cannoni.legend.depth-zone", theme.lang, d=d), _depth_icon(d, theme))
                                      for d in depths)),)
        return Legend(key=("cannoni", tuple((s, counts.get(s, 0)) for s in sides), bool(view.get("forts")), depths),
                      sections=((TEXTS.text("cannoni.legend.sides", theme.lang), side_entries(sides, counts, theme)),) + extra
                      + _static_legend(theme))

    def describe(self, view: View, lang: str = "en") -> str:
        from renderer.cannoni_text import describe
        return describe(self, view, lang)

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        from renderer.cannoni_card import render_card
        return render_card(view, piece_id, theme)

    def signature(self, view: View) -> Hashable:
        ships = tuple(
            (s["id"], s.get("status"), round(float(s["x"]), 3), round(float(s["y"]), 3),
             round(float(s["heading"]), 2), s.get("sails"), tuple(sorted((s.get("loaded") or {}).items())),
             gauge_groups(s), badges_of(s), tuple(m.get("fell") or "" for m in s.get("masts", [])),
             tuple(map(tuple, s.get("trail") or [])), bool(s.get("active")) and not s.get("acted"))
            for s in view.get("ships", []))
        return (view.get("turn"), view.get("phase"), view.get("step"), view.get("wind"), ships,
                batteries.signature(view))


def _ring_label_point(ship: Ship, side: str, r: float, canvas: MapCanvas) -> PxPoint:
    """Where a ring's distance is written: on the ring, straight abeam."""
    sign = 1.0 if side == "starboard" else -1.0
    return canvas.px(*ship.to_world(0.0, sign * r))


# -- legend icons -------------------------------------------------------------------

def _mini_ship(look: ShipLook, theme: Theme) -> IconPainter:
    return mini_marker(look, look.length, paint_ship, theme, margin=10, stretch=1.3, shift=3)


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


def _reach_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        tint = mix(theme.sea, theme.reach, REACH_ALPHA / 255)
        x0, y0, x1, y1 = box
        draw.polygon([(x0, (y0 + y1) / 2), (x1, y0), (x1, y1)], fill=tint)
        draw.line([(x0, (y0 + y1) / 2), (x1, y0 + 2)], fill=theme.reach, width=2)
        draw.line([(x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)], fill=theme.reach, width=4)
    return icon


_GAUGE_SAMPLE = (((10, 12), (6, 12)), ((6, 6), (3, 8), (0, 6)), ((9, 12),))


def _gauge_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        paint_gauge(draw, box[0], (box[1] + box[3] - GAUGE_H - 6) // 2, _GAUGE_SAMPLE, theme)
    return icon


@lru_cache(maxsize=8)
def _static_legend(theme: Theme) -> tuple[tuple[str, tuple[LegendEntry, ...]], ...]:
    masts = ((0.3, True, None), (0.0, True, None), (-0.3, True, None))
    plain = ShipLook(2.6, 1.3, theme.side_colour(0), "battle", (), masts)
    ship_entries = (
        LegendEntry(TEXTS.text("cannoni.legend.full-sail", theme.lang), _mini_ship(ShipLook(2.6, 1.3, theme.side_colour(0), "full", (), masts), theme), 46),
        LegendEntry(TEXTS.text("cannoni.legend.battle-sail", theme.lang), _mini_ship(plain, theme), 46),
        LegendEntry(TEXTS.text("cannoni.legend.furled", theme.lang), _mini_ship(ShipLook(2.6, 1.3, theme.side_colour(0), "furled", (), masts), theme), 46),
        LegendEntry(TEXTS.text("cannoni.legend.loaded", theme.lang),
                    _mini_ship(ShipLook(2.6, 1.3, theme.side_colour(0), "furled", ("starboard",), ()), theme), 46),
        LegendEntry(TEXTS.text("cannoni.legend.mast-down", theme.lang), _mini_ship(ShipLook(2.6, 1.3, theme.side_colour(0), "battle", (),
                                                       ((0.3, True, None), (0.0, False, "starboard"),
                                                        (-0.3, True, None))), theme), 46),
        LegendEntry(TEXTS.text("cannoni.legend.ring", theme.lang), _mini_ship(ShipLook(2.6, 1.3, theme.side_colour(0), "battle",
                                                                    (), masts, ring=True), theme), 46),
        LegendEntry(TEXTS.text("cannoni.legend.trail", theme.lang), trail_icon(mix(theme.side_colour(0), (0, 0, 0), 0.2)), 34),
    )
    status = tuple(LegendEntry(TEXTS.text(f"cannoni.badge.{kind}", theme.lang), sprite_icon(badge_sprite(kind, theme)), BADGE)
                   for kind, _text in BADGES)
    status += (LegendEntry(TEXTS.text("cannoni.legend.gauge", theme.lang),
                           _gauge_icon(theme), gauge_width(_GAUGE_SAMPLE)),)
    ranges = (
        LegendEntry(TEXTS.text("cannoni.legend.hull-only", theme.lang), _ring_icon(RING_ALPHA[RIGGING_MIN_RANGE], theme)),
        LegendEntry(TEXTS.text("cannoni.legend.rake", theme.lang), _ring_icon(RING_ALPHA[RAKE_RANGE], theme)),
        LegendEntry(TEXTS.text("cannoni.legend.hull-rigging", theme.lang), _ring_icon(RING_ALPHA[HULL_RANGE], theme)),
        LegendEntry(TEXTS.text("cannoni.legend.not-loaded", theme.lang), _ring_icon(0, theme, dashed=True)),
        LegendEntry(TEXTS.text("cannoni.legend.move", theme.lang), _reach_icon(theme), 34),
    )
    return ((TEXTS.text("cannoni.legend.ships", theme.lang), ship_entries), (TEXTS.text("cannoni.legend.status", theme.lang), status),
            (TEXTS.text("cannoni.legend.ranges", theme.lang), ranges))
