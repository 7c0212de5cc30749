"""Cannoni's ships as the map shows them: a ship read from the view, her look and
marks (bowsprit, sails, masts, loaded broadsides), her status badges and damage
gauge, and which ships are to act.

The shared design (ring, hull, label tile, badge tiles) is renderer.open_table.ships.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderer.board import View
import renderer.cannoni.forts as batteries
from renderer.markers import LocalToPx, local_rect, paint_hatching
from renderer.open_table.ships import Badge, BadgePart, Look, TableShip, badges_shown, label_sprite as tile_sprite
from renderer.pieces import side_indices
from renderer.theme import Theme, mix

GAUGE_H = 10


# -- the view's ships -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Ship(TableShip):
    """One ship of the view; her base's size is in her log-book."""

    @property
    def length(self) -> float:
        return float(self.data["log"]["base_length"])

    @property
    def width(self) -> float:
        return float(self.data["log"]["base_width"])


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
class ShipLook(Look):
    sails: str = "battle"
    loaded: tuple[str, ...] = ()
    masts: tuple[tuple[float, bool, str | None], ...] = ()  # (offset, standing, fell)
    sinking: bool = False


def look_of(ship: Ship, theme: Theme, ring: bool) -> ShipLook:
    d = ship.data
    fill = theme.side_colour(ship.side_index)
    if d.get("struck"):
        fill = mix(fill, (255, 255, 255), 0.55)  # colours struck: the ship no longer fights
    masts = tuple((float(m["offset"]), int(m["lost"]) < int(m["boxes"]), m.get("fell"))
                  for m in d.get("masts", []))
    loaded = tuple(s for s in ("starboard", "port") if (d.get("loaded") or {}).get(s) is not None)
    return ShipLook(ship.length, ship.width, fill, ring, str(d.get("sails", "battle")), loaded, masts,
                    sinking=bool(d.get("sinking")))


def paint_bowsprit(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_inch: float, k: float,
                   look: ShipLook, theme: Theme) -> None:
    """Bowsprit: heading at a glance, even when the base is nearly square."""
    L, inch = look.length, 1.0 / px_per_inch
    draw.line([at(L / 2, 0), at(L / 2 + max(0.28 * L, 6 * inch), 0)], fill=theme.ink,
              width=max(int(round(2.5 * k)), 1))


def paint_rig(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_inch: float, k: float,
              look: ShipLook, theme: Theme) -> None:
    """On the hull: the hatching of a ship sinking, loaded broadsides, masts and sails
    (ship-local inches; ``at``, ``px_per_inch`` and ``k`` as renderer.markers
    describes them)."""
    L, W = look.length, look.width
    inch = 1.0 / px_per_inch  # one final pixel, in inches
    rect = local_rect(at)
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

# The prize flag in yellow, so it is not taken for the struck (white) one; the fouling
# rings are a thin glyph and need a larger size to read.
BADGES: tuple[Badge, ...] = (
    Badge("fire", "on fire"),
    Badge("anchor", "at anchor", "⚓"),
    Badge("fouled", "fouled with another ship", "⚭", px=21, bold=True),
    Badge("aground", "aground", "▲"),
    Badge("struck", "struck her colours", "⚐"),
    Badge("sinking", "sinking", "↓"),
    Badge("engaged", "grappled or boarding", "⚔"),
    Badge("prize", "a prize, taken by the other side", "⚑", highlight=True),
)
BADGE_OF = {b.kind: b for b in BADGES}


def badges_of(data: dict[str, Any]) -> tuple[str, ...]:
    return badges_shown(BADGES, {
        "fire": bool(data.get("fire")),
        "anchor": data.get("anchor") is not None,
        "fouled": bool(data.get("fouled_with")),
        "aground": bool(data.get("aground")),
        "struck": bool(data.get("struck")),
        "sinking": bool(data.get("sinking")),
        "engaged": bool(data.get("engaged")),
        "prize": data.get("captured_by") is not None,
    })


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


def fresh_groups(data: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """Boxes struck when the last phase's damage was marked (the view's
    ``last_damage``), in the gauge's order; () when there are none."""
    last = data.get("last_damage") or {}
    if not last:
        return ()
    masts = sorted(data.get("masts", []), key=lambda m: -float(m["offset"]))
    return (tuple(int(last.get(f"hull.{s}", 0)) for s in ("starboard", "port") if s in data.get("hull", {})),
            tuple(int(last.get(f"mast.{m['name']}", 0)) for m in masts), (int(last.get("crew", 0)),))


GAUGE_W = {0: 20, 1: 12, 2: 22}  # px per gauge in the hull, mast and crew groups


def gauge_width(groups: tuple[tuple[tuple[int, int], ...], ...]) -> int:
    w = 4
    for gi, group in enumerate(groups):
        w += len(group) * GAUGE_W[gi] + (len(group) - 1) * 2 + (6 if gi < len(groups) - 1 else 0)
    return w + 4


def paint_gauge(draw: ImageDraw.ImageDraw, x: int, y: int,
                groups: tuple[tuple[tuple[int, int], ...], ...], theme: Theme,
                fresh: tuple[tuple[int, ...], ...] = ()) -> None:
    """Dark = boxes left, white = boxes struck, red = boxes just struck (``fresh``), on
    a white backing for the sea, edged in red when anything is new."""
    w = gauge_width(groups)
    new = any(n for group in fresh for n in group)
    draw.rounded_rectangle((x, y, x + w - 1, y + GAUGE_H + 5), radius=3, fill=(255, 255, 255),
                           outline=theme.fresh if new else theme.gauge_edge, width=2 if new else 1)
    cx = x + 4
    for gi, group in enumerate(groups):
        for gj, (left, printed) in enumerate(group):
            gw = GAUGE_W[gi]
            box = (cx, y + 3, cx + gw - 1, y + 2 + GAUGE_H)
            draw.rectangle(box, fill=theme.gauge_lost, outline=theme.gauge_edge)
            struck = fresh[gi][gj] if gi < len(fresh) and gj < len(fresh[gi]) else 0
            if printed > 0 and struck > 0:
                # The boxes just struck, right after those left.
                fw = int(round((gw - 2) * min(left + struck, printed) / printed))
                draw.rectangle((cx + 1, y + 4, cx + max(fw, 3), y + 1 + GAUGE_H), fill=theme.fresh)
            if printed > 0 and left > 0:
                fw = max(int(round((gw - 2) * left / printed)), 1)
                draw.rectangle((cx + 1, y + 4, cx + fw, y + 1 + GAUGE_H), fill=theme.gauge_full)
            cx += gw + 2
        cx += 4



@dataclass(frozen=True)
class Gauge:
    """The damage gauge as a part of a label's row."""

    groups: tuple[tuple[tuple[int, int], ...], ...]
    fresh: tuple[tuple[int, ...], ...] = ()

    def size(self, theme: Theme) -> tuple[int, int]:
        return gauge_width(self.groups), GAUGE_H + 6

    def paint(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, theme: Theme) -> None:
        paint_gauge(draw, x, y, self.groups, theme, self.fresh)


def label_sprite(name: str, side_index: int, groups: tuple[tuple[tuple[int, int], ...], ...],
                 badges: tuple[str, ...], theme: Theme, fresh: tuple[tuple[int, ...], ...] = ()) -> Image.Image:
    """Name (with the side's shape in the side's colour), damage gauge (with the boxes
    just struck in red) and status badges, as one transparent tile (ships' and
    batteries' alike). Shared: do not draw on it."""
    return tile_sprite(name, side_index, (Gauge(groups, fresh),) + tuple(BadgePart(BADGE_OF[b]) for b in badges),
                       theme)
