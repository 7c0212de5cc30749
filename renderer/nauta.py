"""Nauta / Classis on the open table: galleys, their markers, reach, labels, the
scale, header, legend and alt text, drawn from the public view only.

The table is measured in segments of 2 cm (the view's ``board`` says so), and the
grid laid over it for chat ("make for F4") has squares of GRID segments. Bases and
their motion come from the ruleset's own modules (rules.nauta.placement,
rules.nauta.geometry, rules.nauta.ships) so that what the map shows is what the
rules compute. A written speed is drawn only when the view shows it: the view
hides it until the ship moves, and the renderer never looks anywhere else.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import Any, Hashable

from PIL import Image, ImageDraw
from shapely.geometry import Polygon

from renderer.alt_text import LIMIT, fit, nearest_enemy
from renderer.board import Header, IconPainter, Legend, LegendEntry, RenderOptions, View
from renderer.canvas import MapCanvas, Placement, closed, dashed_line
from renderer.labels import BADGE, badge_tile, base_box, flame_badge, label_tile, place_label
from renderer.legend_entries import afloat_counts, mini_marker, side_entries, sprite_icon, trail_icon
from renderer.markers import (LocalToPx, draw_ghost_bases, draw_marker, draw_trail, local_rect, paint_hatching,
                              paint_hull, paint_ring)
from renderer.open_table import OpenTableBoard
from renderer.pieces import ViewPiece, side_indices, side_label
from renderer.theme import RGB, Theme, ellipsize, mix, text_sprite, text_width
from renderer.viewport import Box
from rules.core.tables.open_table import Pose
from rules.core.tables.compass import compass
from rules.nauta import geometry as g
from rules.nauta.orders import TURN_STEP
from rules.nauta.placement import base_of, pose_of
from rules.nauta.ships import max_pivot, pivot_cost
from rules.nauta.shooting import BALISTAE_REACH, CROSSBOW_REACH, weapon
from rules.nauta.speeds import speed_label
from rules.nauta.wording import TEXTS
from rules.core.texts import Text
from rules.nauta.state import Ship as ShipModel

GRID_SEGMENTS = 5.0  # 10 cm squares: a 90 x 60 cm table is 9 x 6 squares
OVERLAY_LIMIT = 4  # most ships whose reach is drawn at once
REACH_ALPHA = 60
ARC_ALPHA = 70
# Chips and the soldiers' gauge are as high as a status badge (BADGE).
SOLDIER_BOX = 8  # px, width of one soldiers' unit in the gauge
# Fittings as the label names them: short enough to sit under a name, plain enough
# to need no legend.
FITTING_WORDS = {"fast": "fast", "towers": "towers", "cataphract": "cataphract", "prow": "prow",
                 "corvus": "corvus", "balistae": "balistae", "harpax": "harpax", "pyrophoros": "pyrophoros"}


# -- the view's galleys -------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Galley(ViewPiece):
    """One ship of the view, with its rules model for geometry. Compared by identity."""

    data: dict[str, Any]
    side_index: int

    @property
    def status(self) -> str:
        return str(self.data.get("status", "afloat"))

    @property
    def on_table(self) -> bool:
        return self.model.on_table

    @property
    def afloat(self) -> bool:
        return self.model.afloat

    @cached_property
    def model(self) -> ShipModel:
        # Built without validation, for the rules' geometry helpers: the view was
        # validated when the state was, and a field added to the view later (or a
        # stored view from before it) must not break drawing.
        return ShipModel.model_construct(**self.data)

    @cached_property
    def pose(self) -> Pose:
        return pose_of(self.model)

    @property
    def length(self) -> float:
        return float(self.data["length"])

    @property
    def width(self) -> float:
        return float(self.data["width"])

    def base(self) -> Polygon:
        return base_of(self.model)

    def to_world(self, along: float, across: float) -> tuple[float, float]:
        """Ship-local segments (forward, to starboard) to table segments."""
        h = math.radians(self.pose.heading)
        s, c = math.sin(h), math.cos(h)
        return (self.pose.x + along * s + across * c, self.pose.y + along * c - across * s)

    @property
    def speed_shown(self) -> int | None:
        """This turn's written speed if the view shows it. ``speed_hidden`` is checked
        as well as ``written`` so that a view which carried both could not leak."""
        if self.data.get("speed_hidden") or self.data.get("written") is None:
            return None
        return int(self.data["written"])

    @property
    def speed_secret(self) -> bool:
        return bool(self.data.get("speed_hidden"))

    @property
    def formation_shown(self) -> str | None:
        if self.data.get("speed_hidden"):
            return None
        return self.data.get("formation") or None

    @property
    def max_cut(self) -> bool:
        """Her maximum speed is below her table's (damage, dashes or balistae)."""
        d = self.data
        return bool(int(d.get("damage", 0)) or int(d.get("dashes", 0)) or int(d.get("speed_lost", 0)))


def galleys_of(view: View) -> list[Galley]:
    idx = side_indices(view)
    return [Galley(s, idx[str(s["side"])]) for s in view.get("ships", [])]


def to_move(view: View) -> list[Galley]:
    """The ships of the player asked to move now, as the rules list them in the view."""
    moving = set(view.get("to_move") or ())
    return [s for s in galleys_of(view) if s.id in moving]


def seat_name(view: View, seat_id: str) -> str:
    for seat in view.get("seats", []):
        if seat.get("id") == seat_id:
            return str(seat.get("name") or seat_id)
    return seat_id


# -- painting a galley --------------------------------------------------------------

@dataclass(frozen=True)
class GalleyLook:
    length: float
    width: float
    fill: RGB
    ring: bool = False
    burning: bool = False


def look_of(ship: Galley, theme: Theme, ring: bool) -> GalleyLook:
    fill = theme.side_colour(ship.side_index)
    if ship.status in ("captured", "burning"):
        fill = mix(fill, (255, 255, 255), 0.55)  # out of the fight, still an obstacle
    return GalleyLook(ship.length, ship.width, fill, ring=ring, burning=ship.status == "burning")


def paint_galley(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float,
                 look: GalleyLook, theme: Theme) -> None:
    """Draw a galley's base, in ship-local segments (``at``, ``px_per_unit`` and ``k``
    as renderer.markers describes them)."""
    L, W = look.length, look.width
    px = 1.0 / px_per_unit  # one final pixel, in segments
    rect = local_rect(at)
    if look.ring:
        paint_ring(draw, rect, L, W, px, theme)
    # The ram: a beak beyond the prow shows the heading at a glance, even on a
    # base that is nearly square (Size 0-1: 15 x 20 mm).
    beak = max(0.22 * L, 7 * px)
    draw.polygon([at(L / 2, -0.22 * W), at(L / 2 + beak, 0), at(L / 2, 0.22 * W)], fill=theme.ink)
    paint_hull(draw, rect, L, W, look.fill, k, theme)
    # The front edge is the one that rams: drawn heavy, since which edges touch
    # decides between a lateral and a frontal ramming.
    draw.line([at(L / 2, -W / 2), at(L / 2, W / 2)], fill=theme.ink, width=max(int(round(3.5 * k)), 1))
    if look.burning:
        paint_hatching(draw, at, L, W, k, theme)


# -- label pieces: chips, badges, soldiers ------------------------------------------

BADGES: tuple[tuple[str, str], ...] = (
    ("admiral", "the admiral is aboard"),
    ("damaged", "damaged: max speed −2, ramming −2; a second damage sinks"),
    ("stopped", "stopped by a contact this turn"),
    ("grappled", "grappled, fighting aboard"),
    ("holding", "holds her prize alongside this turn"),
    ("prize", "a prize, taken by the enemy"),
    ("burning", "burning (counts as sunk)"),
)
_GLYPHS = {"admiral": "♛", "damaged": "✖", "stopped": "⊘", "grappled": "⚔", "holding": "⚓", "prize": "⚑"}


def badges_of(view: View, data: dict[str, Any]) -> tuple[str, ...]:
    hold = data.get("hold_until")
    flags = {
        "admiral": bool(data.get("admiral")),
        "damaged": int(data.get("damage", 0)) > 0,
        "stopped": bool(data.get("stopped")),
        "grappled": bool(data.get("engaged_with")),
        "holding": hold is not None and int(hold) >= int(view.get("turn", 0)),
        "prize": data.get("status") == "captured",
        "burning": data.get("status") == "burning",
    }
    return tuple(name for name, _ in BADGES if flags[name])


@lru_cache(maxsize=32)
def badge_sprite(kind: str, theme: Theme) -> Image.Image:
    """A status badge: dark rounded square with a symbol (burning: the flame every board
    draws for fire; the admiral's crown and the prize flag in yellow). Shared: do not draw on it."""
    if kind == "burning":
        return flame_badge(theme)
    colour = theme.highlight if kind in ("admiral", "prize") else (255, 255, 255)
    return badge_tile(theme, text_sprite(_GLYPHS[kind], 16, False, colour, None, 0))


@lru_cache(maxsize=256)
def chip_sprite(text: str, style: str, theme: Theme) -> Image.Image:
    """A rounded chip holding a short text. ``style``: "speed" (dark, a speed shown),
    "secret" (white with a dark edge: written, still hidden), "max" (a cut maximum),
    "fit" (a fitting), "used" (a one-use fitting spent). Shared: do not draw on it."""
    bold = style in ("speed", "secret")
    tw = text_width(text, theme.small_px, bold)
    w = max(tw + 12, BADGE)
    k = 3
    img = Image.new("RGBA", (w * k, BADGE * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, edge, ink = {
        "speed": (theme.ink, (255, 255, 255), (255, 255, 255)),
        "secret": ((255, 255, 255), theme.ink, theme.ink),
        "max": ((255, 255, 255), theme.gauge_edge, theme.ink),
        "fit": (mix(theme.legend_bg, theme.sea, 0.5), theme.gauge_edge, theme.ink),
        "used": ((255, 255, 255), theme.gauge_edge, theme.muted),
    }[style]
    d.rounded_rectangle((0, 0, w * k - 1, BADGE * k - 1), radius=6 * k, fill=fill + (255,), outline=edge + (255,),
                        width=(2 if style == "secret" else 1) * k)
    img = img.convert("RGBa").reduce(k).convert("RGBA")
    sprite = text_sprite(text, theme.small_px, bold, ink, None, 0)
    x, y = (w - sprite.width) // 2, (BADGE - sprite.height) // 2
    img.alpha_composite(sprite, (x, y))
    if style == "used":  # spent: struck through
        ImageDraw.Draw(img).line([(x - 2, BADGE // 2), (x + sprite.width + 2, BADGE // 2)], fill=theme.muted + (255,),
                                 width=2)
    return img


def chips_of(ship: Galley) -> tuple[tuple[str, str], ...]:
    """(text, style) of the chips under a name: the speed, a cut maximum, fittings."""
    out: list[tuple[str, str]] = []
    # A prize or a burning hulk sails no more: her speed and maximum mean nothing now.
    speed = ship.speed_shown if ship.afloat else None
    if speed is not None:
        text = str(speed) if speed >= 0 else f"−{-speed}"
        form = ship.formation_shown
        out.append((f"{text} · {form}" if form else text, "speed"))
    elif ship.speed_secret and ship.afloat:
        out.append(("?", "secret"))
    if ship.max_cut and ship.afloat:
        out.append((f"max {int(ship.data.get('max_speed', 0))}", "max"))
    for key in ship.data.get("equipment", []):
        used = key == "pyrophoros" and ship.data.get("pyrophoros_used")
        out.append((FITTING_WORDS.get(key, key), "used" if used else "fit"))
    return tuple(out)


def soldiers_of(data: dict[str, Any]) -> tuple[int, int]:
    """(left, at the start): units of soldiers (crossbowmen in the medieval list)."""
    return int(data.get("soldiers", 0)), int(data.get("soldiers_start", 0))


def soldiers_width(start: int) -> int:
    return 0 if start <= 0 else 6 + start * SOLDIER_BOX + (start - 1) * 2


def paint_soldiers(draw: ImageDraw.ImageDraw, x: int, y: int, left: int, start: int, theme: Theme) -> None:
    """One box per unit of soldiers: dark = still aboard, white = lost."""
    w = soldiers_width(start)
    draw.rounded_rectangle((x, y, x + w - 1, y + BADGE - 1), radius=4, fill=(255, 255, 255),
                           outline=theme.gauge_edge)
    for i in range(start):
        bx = x + 3 + i * (SOLDIER_BOX + 2)
        draw.rectangle((bx, y + 5, bx + SOLDIER_BOX - 1, y + BADGE - 6),
                       fill=theme.gauge_full if i < left else theme.gauge_lost, outline=theme.gauge_edge)


NAME_MAX_PX = 240  # a longer name is cut on the map (the card and alt text have it whole)


@lru_cache(maxsize=512)
def label_sprite(name: str, side_index: int, chips: tuple[tuple[str, str], ...], soldiers: tuple[int, int],
                 badges: tuple[str, ...], theme: Theme) -> Image.Image:
    """Name (with the side's shape in the side's colour), then a row of chips, the
    soldiers' gauge and status badges, as one transparent tile. Shared."""
    pieces: list[tuple[str, Any]] = [("chip", chip_sprite(t, s, theme)) for t, s in chips]
    if soldiers[1] > 0:
        pieces.append(("soldiers", soldiers))
    pieces += [("badge", badge_sprite(b, theme)) for b in badges]
    widths = [soldiers_width(p[1][1]) if p[0] == "soldiers" else p[1].width for p in pieces]
    row2_w = sum(widths) + 3 * max(len(pieces) - 1, 0)
    row2_h = BADGE if pieces else 0
    img, x, y = label_tile(ellipsize(name, theme.name_px, NAME_MAX_PX, True), side_index, row2_w, row2_h, theme)
    draw = ImageDraw.Draw(img)
    for (kind, piece), w in zip(pieces, widths):
        if kind == "soldiers":
            paint_soldiers(draw, x, y, piece[0], piece[1], theme)
        else:
            img.alpha_composite(piece, (x, y))
        x += w + 3
    return img


# -- reach and weapons --------------------------------------------------------------

@dataclass(frozen=True)
class Reach:
    fan: tuple[tuple[float, float], ...]  # where the centre can end: the start, then the ends
    paths: tuple[tuple[tuple[float, float], ...], ...]  # centre paths: the wheel, then the run
    ticks: tuple[tuple[float, float, float], ...]  # (x, y, heading) at each whole segment run
    ghosts: tuple[Pose, ...]  # bases at the end of the longest straight run and widest wheels


def reach_of(ship: Galley) -> Reach | None:
    """Where the ship can get this move: a wheel about the rear corner of up to her
    Size's limit, paying its cost in segments, then the straight run. The run is her
    speed if the view shows it (a ramming may have revealed it before she moves),
    else her maximum, which is public, unlike the speed she wrote. A ship stopped by
    a contact goes nowhere; astern she runs straight back. The dash is left out."""
    if ship.data.get("stopped"):
        return None
    pose, L, W = ship.pose, ship.length, ship.width
    shown = ship.speed_shown
    if shown is not None and shown < 0:
        end = g.run(pose, -shown, astern=True)
        ticks = tuple((p.x, p.y, p.heading) for p in (g.run(pose, n, astern=True) for n in range(1, -shown + 1)))
        return Reach(((pose.x, pose.y),), (((pose.x, pose.y), (end.x, end.y)),), ticks, (end,))
    top = int(ship.data.get("max_speed", 0)) if shown is None else shown
    if top <= 0:
        return None
    cap = int(max_pivot(int(ship.data.get("size", 2))))
    fan: list[tuple[float, float]] = [(pose.x, pose.y)]
    paths, ticks, ghosts = [], [], []
    drawn = {-cap, 0, cap} | ({-45, 45} if cap > 45 else set())  # where the cost steps up
    for angle in range(-cap, cap + 1, int(TURN_STEP)):  # the angles a move order offers
        cost = pivot_cost(angle)
        if cost > top:
            continue
        turned = g.pivot(pose, L, W, angle)
        end = g.run(turned, top - cost)
        fan.append((end.x, end.y))
        if angle in drawn:
            arc = [(pose.x, pose.y)] + [(p.x, p.y) for p in g.pivot_poses(pose, L, W, angle)] if angle else [
                (pose.x, pose.y)]
            paths.append(tuple(arc + [(end.x, end.y)]))
            for n in range(1, top - cost + 1):
                p = g.run(turned, n)
                ticks.append((p.x, p.y, p.heading))
            if angle in (-cap, 0, cap):
                ghosts.append(end)
    return Reach(tuple(fan), tuple(paths), tuple(ticks), tuple(ghosts))


def weapon_of(ship: Galley) -> str | None:
    """"balistae", "crossbows" or None, as the rules decide who may shoot."""
    # rules.nauta.shooting.weapon reads only the ship (its fittings, list, soldiers).
    return weapon(None, ship.model)  # type: ignore[arg-type]


def weapon_zone(ship: Galley) -> tuple[str, Polygon] | None:
    """The balistae's arc ahead of the bow, or the crossbows' reach all round."""
    kind = weapon_of(ship)
    if kind == "balistae":
        return kind, g.forward_arc(ship.pose, ship.length, BALISTAE_REACH)
    if kind == "crossbows":
        return kind, ship.base().buffer(CROSSBOW_REACH, quad_segs=12)
    return None


# -- the scale ----------------------------------------------------------------------

@lru_cache(maxsize=32)
def scale_sprite(segments: int, px_per_segment: float, unit_cm: float, theme: Theme) -> Image.Image:
    """A scale bar of ``segments`` segments, black and white by segment, with its
    length in segments and centimetres. Shared: do not draw on it."""
    bar = segments * px_per_segment
    text = f"{segments} segment{'s' if segments != 1 else ''} = {segments * unit_cm:g} cm"
    label = text_sprite(text, theme.small_px, True, theme.ink, None, 0)
    w = int(math.ceil(max(bar, label.width))) + 16
    h = label.height + 26
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=(255, 255, 255, 235), outline=theme.gauge_edge + (255,))
    img.alpha_composite(label, (8, 5))
    x0, y0 = 8, label.height + 11
    for i in range(segments):
        a, b = x0 + i * px_per_segment, x0 + (i + 1) * px_per_segment
        d.rectangle((a, y0, b, y0 + 8), fill=(theme.ink if i % 2 == 0 else (255, 255, 255)) + (255,),
                    outline=theme.ink + (255,))
    return img


def scale_segments(px_per_segment: float) -> int:
    """The shortest of 1, 2, 5, 10 segments that makes a bar 80 px or longer."""
    for n in (1, 2, 5, 10):
        if n * px_per_segment >= 80:
            return n
    return 10


# -- the board ----------------------------------------------------------------------

class NautaBoard(OpenTableBoard):
    """The open table with the galleys of Nauta / Classis, measured in segments."""

    ruleset = "nauta"
    grid_inches = GRID_SEGMENTS  # the grid's square, in the table's unit (segments here)
    margin = 3.0  # segments kept around the ships in the automatic view
    # px per segment: a 1-segment Size 0 galley is then 64 px long, as large as a
    # phone screen needs; further in the table loses its context.
    max_scale = 64.0

    @staticmethod
    def unit_cm(view: View) -> float:
        board = view.get("board")
        return float(board.get("unit_cm", 2)) if isinstance(board, dict) else 2.0

    def piece_boxes(self, view: View, focus: tuple[str, ...]) -> list[Box]:
        boxes: list[Box] = [s.base().bounds for s in galleys_of(view) if s.on_table]
        for ship in galleys_of(view):
            if ship.id in focus and ship.afloat:
                # A focused ship's whole reach must be in view, not just its base.
                r = float(ship.data.get("max_speed", 0)) + ship.length
                boxes.append((ship.pose.x - r, ship.pose.y - r, ship.pose.x + r, ship.pose.y + r))
        if view.get("step") == "deploy":
            boxes += [tuple(map(float, z)) for z in (view.get("deploy_zones") or {}).values()]  # type: ignore[misc]
        return boxes

    # -- drawing --------------------------------------------------------------------

    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        theme = canvas.theme
        galleys = galleys_of(view)
        ships = [s for s in galleys if s.on_table]
        moving = to_move(view)
        ring_ids = {s.id for s in moving} | {s.id for s in ships if s.id in options.focus}
        if options.focus:
            marked = [s for s in ships if s.id in options.focus and s.afloat]
        else:
            # A side may have every ship free to move; seven fans would hide the sea,
            # so without a focus the reach is drawn only for a few.
            marked = moving if len(moving) <= OVERLAY_LIMIT else []
        if view.get("step") == "deploy":
            self._draw_deploy_zones(canvas, view)
        for ship in galleys:
            if ship.status in ("sunk", "wrecked"):
                self._draw_sunk(canvas, ship)
        if options.overlays and marked:
            self._draw_overlays(canvas, marked)
        for ship in ships:
            draw_trail(canvas, ship.data.get("trail") or [], mix(theme.side_colour(ship.side_index), (0, 0, 0), 0.2))
        for ship in ships:
            self._draw_galley(canvas, ship, ship.id in ring_ids)
        taken = Placement()
        if options.labels:
            self._draw_labels(canvas, view, ships, taken)
        self.draw_grid_labels(canvas, view)
        self._draw_scale(canvas, view, taken)

    def _draw_deploy_zones(self, canvas: MapCanvas, view: View) -> None:
        theme = canvas.theme
        idx = side_indices(view)
        for side, (x0, y0, x1, y1) in (view.get("deploy_zones") or {}).items():
            colour = theme.side_colour(idx.get(side, 0))
            pts = canvas.poly_px([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            canvas.translucent(pts, fill=colour + (40,))
            canvas.flush_overlay()
            dashed_line(canvas.draw, closed(pts), mix(colour, (0, 0, 0), 0.3), width=2, dash=9, gap=6)
            sprite = text_sprite(f"{side_label(side)} deploys here", theme.label_px, True,
                                 mix(colour, (0, 0, 0), 0.35), theme.halo, 3)
            cx, cy = canvas.px((x0 + x1) / 2, (y0 + y1) / 2)
            canvas.paste_centred(sprite, cx, cy)

    def _draw_sunk(self, canvas: MapCanvas, ship: Galley) -> None:
        """Where a ship went down or struck the coast: a faint dashed outline and a ×,
        no name (the header lists ships out of play)."""
        pts = canvas.poly_px(ship.base().exterior.coords)
        xs, ys = zip(*pts)
        if not canvas.visible((min(xs), min(ys), max(xs), max(ys))):
            return
        colour = canvas.theme.muted
        dashed_line(canvas.draw, pts, colour, width=2, dash=5, gap=4)
        cx, cy = canvas.px(ship.pose.x, ship.pose.y)
        r = max(min(ship.width * canvas.viewport.scale * 0.45, 10), 5)
        canvas.draw.line([(cx - r, cy - r), (cx + r, cy + r)], fill=colour, width=3)
        canvas.draw.line([(cx - r, cy + r), (cx + r, cy - r)], fill=colour, width=3)

    def _draw_overlays(self, canvas: MapCanvas, marked: list[Galley]) -> None:
        theme = canvas.theme
        reaches = [(s, reach_of(s)) for s in marked]
        zones = [(s, weapon_zone(s)) for s in marked]
        for ship, zone in zones:
            if zone is not None and zone[0] == "balistae" and isinstance(zone[1], Polygon):
                colour = theme.side_colour(ship.side_index)
                canvas.translucent(canvas.poly_px(zone[1].exterior.coords), fill=colour + (ARC_ALPHA,))
        for _ship, reach in reaches:
            if reach is not None and len(reach.fan) >= 3:
                canvas.translucent(canvas.poly_px(reach.fan), fill=theme.reach + (REACH_ALPHA,))
        canvas.flush_overlay()
        for ship, zone in zones:
            if zone is None or not isinstance(zone[1], Polygon):
                continue
            edge = mix(theme.side_colour(ship.side_index), (0, 0, 0), 0.35)
            pts = canvas.poly_px(zone[1].exterior.coords)
            if zone[0] == "balistae":
                canvas.draw.line(closed(pts), fill=edge, width=1)
            else:
                dashed_line(canvas.draw, closed(pts), edge, width=2, dash=6, gap=5)
        for ship, reach in reaches:
            if reach is not None:
                self._draw_reach_lines(canvas, ship, reach)

    def _draw_reach_lines(self, canvas: MapCanvas, ship: Galley, reach: Reach) -> None:
        theme = canvas.theme
        draw_ghost_bases(canvas, ship, reach.ghosts)
        for path in reach.paths:
            canvas.draw.line(canvas.poly_px(path), fill=theme.reach, width=2, joint="curve")
        # A tick across the course at every segment: the game is counted in whole
        # segments, so the map reads like the players' ruler.
        for x, y, heading in reach.ticks:
            h = math.radians(heading)
            cx, cy = canvas.px(x, y)
            ux, uy = math.cos(h), math.sin(h)  # across the course, on screen
            canvas.draw.line([(cx - ux * 5, cy - uy * 5), (cx + ux * 5, cy + uy * 5)], fill=theme.reach, width=2)

    def _draw_galley(self, canvas: MapCanvas, ship: Galley, ring: bool) -> None:
        theme = canvas.theme
        scale = canvas.viewport.scale
        look = look_of(ship, theme, ring)
        # The beak and the ring reach beyond the base.
        reach = math.hypot(ship.length / 2 + max(0.22 * ship.length, 7 / scale), ship.width / 2) + 9 / scale
        draw_marker(canvas, ship, reach, partial(paint_galley, look=look, theme=theme))

    def _draw_labels(self, canvas: MapCanvas, view: View, ships: list[Galley], taken: Placement) -> None:
        theme = canvas.theme
        boxes = {}
        for ship in ships:
            boxes[ship.id] = base_box(canvas, ship.base(), 4)
            taken.taken.append(boxes[ship.id])
        # Labelled in the view's order, whoever is to move: the side to move changes
        # with every move, and labels that swapped places each time would be hard to
        # follow from one message to the next (and would bloat replays).
        for ship in ships:
            place_label(canvas, taken, boxes[ship.id],
                        lambda ship=ship: label_sprite(ship.name, ship.side_index, chips_of(ship),
                                                       soldiers_of(ship.data), badges_of(view, ship.data), theme))

    def _draw_scale(self, canvas: MapCanvas, view: View, taken: Placement) -> None:
        """The scale bar, in whichever corner of the map hides least."""
        scale = canvas.viewport.scale
        sprite = scale_sprite(scale_segments(scale), round(scale, 3), self.unit_cm(view), canvas.theme)
        w, h = canvas.size
        sw, sh = sprite.size
        # Inside the grid labels (26 px at the sides, 22 px at top and bottom).
        left, top, right, bottom = 30.0, 26.0, w - 30.0, h - 26.0
        corners = [(left, bottom - sh, left + sw, bottom), (right - sw, bottom - sh, right, bottom),
                   (left, top, left + sw, top + sh), (right - sw, top, right, top + sh)]
        rect = taken.best(corners, (0.0, 0.0, float(w), float(h)))
        canvas.paste(sprite, rect[0], rect[1])

    # -- words ----------------------------------------------------------------------

    def status_line(self, view: View, lang: str = "en") -> str:
        """What is happening now: the step, and who is to act (in ``lang``)."""
        def t(code: str, **params: object) -> str:
            return TEXTS.text(code, lang, **params)

        turn, limit = view.get("turn"), view.get("turns_limit")
        turn_txt = t("nauta.map.turn-of", turn=turn, limit=limit) if limit else t("nauta.map.turn", turn=turn)
        step = str(view.get("step"))
        if step == "over":
            outcome = view.get("outcome") or {}
            winner = outcome.get("winner")
            result = (t("nauta.map.won", winner=side_label(winner)) if winner
                      else str(outcome.get("kind") or t("nauta.map.no-result")))
            reason = Text.model_validate(outcome["why"]).render(lang) if outcome.get("why") else outcome.get("reason")
            return t("nauta.map.over-why", result=result, reason=reason) if reason else t("nauta.map.over", result=result)
        if step == "deploy":
            queue = [str(s) for s in view.get("deploy_queue") or []]
            if (view.get("rules") or {}).get("deployment") == "screen" and queue:
                return t("nauta.map.deploy-screen", who=t("nauta.map.and").join(seat_name(view, s) for s in queue))
            if queue:
                return t("nauta.map.deploy-fleet", who=seat_name(view, queue[0]))
            return t("nauta.map.deploy-one", who=side_label(str(view.get('mover_side') or '')))
        if step == "initiative":
            return t("nauta.map.initiative", turn=turn_txt, side=side_label(str(view.get('initiative_side') or '')))
        if step == "move":
            moving = to_move(view)
            if not moving:
                return t("nauta.map.movement", turn=turn_txt)
            side = moving[0].side
            seats_of_side = [s for s in view.get("seats", []) if s.get("side") == side]
            who = side_label(side)
            if len(seats_of_side) > 1:
                who += f" ({seat_name(view, str(moving[0].data.get('player')))})"
            line = t("nauta.map.moving", turn=turn_txt, n=view.get('move_no'), who=who)
            if len(moving) <= 3:
                line += t("nauta.map.moving-ships", ships=", ".join(s.name for s in moving))
            else:
                line += t("nauta.map.moving-free", n=len(moving))
            return line
        return t("nauta.map.step", turn=turn_txt, step=TEXTS.word("nauta.map.step", step, lang))

    def out_of_play(self, view: View) -> list[Galley]:
        return [s for s in galleys_of(view) if not s.on_table and s.status != "undeployed"]

    def header(self, view: View, lang: str = "en") -> Header:
        title = str(view.get("title") or view.get("scenario") or "Nauta")
        unit = self.unit_cm(view)
        line2 = TEXTS.text("nauta.head.scale", lang, unit=f"{unit:g}", segments=f"{GRID_SEGMENTS:g}",
                           cm=f"{GRID_SEGMENTS * unit:g}")
        losses = view.get("losses") or {}
        if any(losses.values()):
            line2 += TEXTS.text("nauta.head.lost", lang,
                                losses=", ".join(f"{side_label(s)} {float(v):g}" for s, v in losses.items()))
        out = [f"{s.name} ({TEXTS.word('nauta.map.out', s.status, lang)})" for s in self.out_of_play(view)]
        if out:
            line2 += TEXTS.text("nauta.head.out", lang, ships=", ".join(out))
        return Header(title=title, lines=(self.status_line(view, lang), line2), wind_from=None)

    def legend(self, view: View, theme: Theme) -> Legend:
        sides = side_indices(view)
        counts = afloat_counts(galleys_of(view))
        # The weapons' zones are explained only where some ship carries them.
        weapons = tuple(sorted({w for s in galleys_of(view) if s.afloat for w in [weapon_of(s)] if w}))
        return Legend(key=("nauta", tuple((s, counts.get(s, 0)) for s in sides), weapons),
                      sections=((TEXTS.text("nauta.legend.sides", theme.lang),
                                 side_entries(sides, counts, theme, TEXTS.text("nauta.legend.afloat", theme.lang, n="{n}"))),)
                      + _static_legend(theme)
                      + _reach_legend(weapons, theme))

    def describe(self, view: View, lang: str = "en") -> str:
        return describe(self, view, lang)

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        from renderer.nauta_card import render_card
        return render_card(view, piece_id, theme)

    def signature(self, view: View) -> Hashable:
        ships = tuple(
            (s.id, s.status, round(s.pose.x, 3), round(s.pose.y, 3), round(s.pose.heading, 2), chips_of(s),
             soldiers_of(s.data), badges_of(view, s.data), len(s.data.get("trail") or ()))
            for s in galleys_of(view))
        return (view.get("turn"), view.get("step"), view.get("move_no"), view.get("mover_side"),
                tuple(s.id for s in to_move(view)), ships)


# -- alt text -----------------------------------------------------------------------

def _status_words(view: View, ship: Galley, names: dict[str, str], lang: str = "en") -> str:
    d = ship.data
    words = []
    speed = ship.speed_shown
    if speed is not None:
        words.append(TEXTS.text("nauta.map.speed", lang, n=speed) if speed >= 0 else speed_label(speed, lang))
        if ship.formation_shown:
            words.append(TEXTS.text("nauta.map.formation", lang, letter=ship.formation_shown))
    if int(d.get("damage", 0)):
        words.append(TEXTS.text("nauta.map.damaged", lang))
    if ship.max_cut:
        words.append(TEXTS.text("nauta.map.max-speed", lang, n=int(d.get('max_speed', 0))))
    if d.get("stopped"):
        words.append(TEXTS.text("nauta.map.stopped", lang))
    if d.get("engaged_with"):
        words.append(TEXTS.text("nauta.map.grappled-with", lang,
                                ships=", ".join(names.get(i, i) for i in d["engaged_with"])))
    if "holding" in badges_of(view, d):
        words.append(TEXTS.text("nauta.map.holding", lang))
    return (", " + ", ".join(words)) if words else ""


def ship_sentence(board: NautaBoard, view: View, ship: Galley, ships: list[Galley], moving: bool,
                  names: dict[str, str], lang: str = "en") -> str:
    h = round(ship.pose.heading) % 360
    roles = [side_label(ship.side)] + ([TEXTS.text("nauta.map.admiral", lang)] if ship.data.get("admiral") else []) + (
        [TEXTS.text("nauta.map.to-move", lang)] if moving else [])
    text = TEXTS.text("nauta.map.ship", lang, name=ship.name, roles=", ".join(roles),
                      square=board.square(view, ship.pose.x, ship.pose.y), heading=h, compass=compass(h),
                      status=_status_words(view, ship, names, lang))
    near = nearest_enemy(ship, ships)
    if near is not None:
        other, dist, b = near
        b = round(b) % 360  # 359.6° reads as 0°, not 360°
        text += TEXTS.text("nauta.map.nearest", lang, name=other.name, distance=f"{dist:.1f}", bearing=b,
                           compass=compass(b))
    return text + "."


def describe(board: NautaBoard, view: View, lang: str = "en") -> str:
    """Alt text: the step, the scale, one sentence per ship afloat (ships to move
    first) with grid square, heading, what is shown of her speed and state, and the
    nearest enemy's range (segments, centre to centre) and bearing; then prizes and
    burning hulks on the table, and ships out of play. At most LIMIT characters; in
    ``lang`` (the words are the ruleset's ``nauta.map.*`` texts)."""
    def t(code: str, **params: object) -> str:
        return TEXTS.text(code, lang, **params)

    galleys = galleys_of(view)
    names = {s.id: s.name for s in galleys}
    afloat = [s for s in galleys if s.afloat]
    head = board.status_line(view, lang).replace(" · ", ", ") + "."
    unit = board.unit_cm(view)
    head += t("nauta.map.grid", segments=f"{GRID_SEGMENTS:g}", cm=f"{GRID_SEGMENTS * unit:g}")
    moving_ids = {s.id for s in to_move(view)}
    ordered = sorted(afloat, key=lambda s: s.id not in moving_ids)
    sentences = [ship_sentence(board, view, s, afloat, s.id in moving_ids, names, lang) for s in ordered]
    hulks = []
    for s in galleys:
        if s.status == "captured":
            captor = names.get(str(s.data.get("captured_by")), t("nauta.map.the-enemy"))
            hulks.append(t("nauta.map.prize-at", name=s.name, square=board.square(view, s.pose.x, s.pose.y),
                           captor=captor))
        elif s.status == "burning":
            hulks.append(t("nauta.map.burning-at", name=s.name, square=board.square(view, s.pose.x, s.pose.y)))
    out = [f"{s.name} {TEXTS.word('nauta.map.out', s.status, lang)}" for s in board.out_of_play(view)]
    foot = t("nauta.map.on-table", hulks="; ".join(hulks)) if hulks else ""
    foot += t("nauta.map.out-of-play", ships=", ".join(out)) if out else ""
    if len(head) + len(foot) > LIMIT - 60:
        foot = t("nauta.map.counts", hulks=len(hulks), out=len(out))
    return fit(head, sentences, foot, lambda n: t("nauta.map.more", n=n))


# -- legend icons -------------------------------------------------------------------

def _mini_galley(look: GalleyLook, theme: Theme) -> IconPainter:
    return mini_marker(look, look.length, paint_galley, theme, margin=12, stretch=1.35, shift=4)


def _soldiers_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        paint_soldiers(draw, box[0], (box[1] + box[3] - BADGE) // 2, 3, 5, theme)
    return icon


def _sunk_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box[0] + 2, box[1] + 4, box[2] - 2, box[3] - 4
        dashed_line(draw, [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], theme.muted, width=2, dash=5, gap=3)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        draw.line([(cx - 5, cy - 5), (cx + 5, cy + 5)], fill=theme.muted, width=3)
        draw.line([(cx - 5, cy + 5), (cx + 5, cy - 5)], fill=theme.muted, width=3)
    return icon


def _reach_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        tint = mix(theme.sea, theme.reach, REACH_ALPHA / 255)
        x0, y0, x1, y1 = box
        ym = (y0 + y1) / 2
        draw.polygon([(x0, ym), (x1, y0), (x1, y1)], fill=tint)
        draw.line([(x0, ym), (x1, ym)], fill=theme.reach, width=2)
        for x in range(x0 + 8, x1 + 1, 8):
            draw.line([(x, ym - 4), (x, ym + 4)], fill=theme.reach, width=2)
    return icon


def _arc_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        colour = theme.side_colour(0)
        x0, y0, x1, y1 = box
        ym = (y0 + y1) / 2
        draw.pieslice((x0 - (x1 - x0), y0 - 8, x1, y1 + 8), -40, 40,
                      fill=mix(theme.legend_bg, colour, ARC_ALPHA / 255), outline=mix(colour, (0, 0, 0), 0.35))
        draw.ellipse((x0 - 2, ym - 2, x0 + 2, ym + 2), fill=theme.ink)
    return icon


def _crossbow_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        edge = mix(theme.side_colour(0), (0, 0, 0), 0.35)
        x0, y0, x1, y1 = box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1
        dashed_line(draw, [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], edge, width=2, dash=5, gap=4)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        draw.rectangle((cx - 7, cy - 3, cx + 7, cy + 3), fill=theme.side_colour(0), outline=theme.ink)
    return icon


@lru_cache(maxsize=8)
def _static_legend(theme: Theme) -> tuple[tuple[str, tuple[LegendEntry, ...]], ...]:
    colour = theme.side_colour(0)
    galleys = (
        LegendEntry(TEXTS.text("nauta.legend.prow", theme.lang), _mini_galley(GalleyLook(1.5, 0.75, colour), theme), 46),
        LegendEntry(TEXTS.text("nauta.legend.ring", theme.lang), _mini_galley(GalleyLook(1.5, 0.75, colour, ring=True), theme), 46),
        LegendEntry(TEXTS.text("nauta.legend.pale", theme.lang),
                    _mini_galley(GalleyLook(1.5, 0.75, mix(colour, (255, 255, 255), 0.55)), theme), 46),
        LegendEntry(TEXTS.text("nauta.legend.sunk", theme.lang), _sunk_icon(theme), 40),
        LegendEntry(TEXTS.text("nauta.legend.wake", theme.lang), trail_icon(mix(colour, (0, 0, 0), 0.2)), 34),
    )
    speed = chip_sprite("4 · A", "speed", theme)
    secret = chip_sprite("?", "secret", theme)
    cut = chip_sprite("max 3", "max", theme)
    fit = chip_sprite("corvus", "fit", theme)
    labels = (
        LegendEntry(TEXTS.text("nauta.legend.speed", theme.lang),
                    sprite_icon(speed), speed.width),
        LegendEntry(TEXTS.text("nauta.legend.secret", theme.lang), sprite_icon(secret), secret.width),
        LegendEntry(TEXTS.text("nauta.legend.cut", theme.lang), sprite_icon(cut), cut.width),
        LegendEntry(TEXTS.text("nauta.legend.soldiers", theme.lang), _soldiers_icon(theme), soldiers_width(5)),
        LegendEntry(TEXTS.text("nauta.legend.fittings", theme.lang), sprite_icon(fit), fit.width),
    )
    status = tuple(LegendEntry(TEXTS.text(f"nauta.badge.{kind}", theme.lang), sprite_icon(badge_sprite(kind, theme)), BADGE)
                   for kind, _text in BADGES)
    return ((TEXTS.text("nauta.legend.galleys", theme.lang), galleys), (TEXTS.text("nauta.legend.labels", theme.lang), labels),
            (TEXTS.text("nauta.legend.status", theme.lang), status))


@lru_cache(maxsize=16)
def _reach_legend(weapons: tuple[str, ...], theme: Theme) -> tuple[tuple[str, tuple[LegendEntry, ...]], ...]:
    reach = (LegendEntry(TEXTS.text("nauta.legend.reach", theme.lang),
                         _reach_icon(theme), 40),)
    if "balistae" in weapons:
        reach += (LegendEntry(TEXTS.text("nauta.legend.balistae", theme.lang, reach=f"{BALISTAE_REACH:g}"),
                              _arc_icon(theme), 34),)
    if "crossbows" in weapons:
        reach += (LegendEntry(TEXTS.text("nauta.legend.crossbows", theme.lang, reach=f"{CROSSBOW_REACH:g}"),
                              _crossbow_icon(theme), 34),)
    return ((TEXTS.text("nauta.legend.reach-title", theme.lang), reach),)
