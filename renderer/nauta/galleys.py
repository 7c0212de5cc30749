"""Nauta's galleys as the map shows them: a galley read from the view, her look and
marks (the ram's beak, the heavy prow), her status badges, the chips under her name
(speed, a cut maximum, fittings) and the soldiers' gauge, and who is to move.

The shared design (ring, hull, label tile, badge tiles) is renderer.open_table.ships.
A written speed is drawn only when the view shows it: the view hides it until the
ship moves, and the renderer never looks anywhere else.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.board import View
from renderer.labels import BADGE
from renderer.markers import LocalToPx, paint_hatching
from renderer.open_table.ships import Badge, BadgePart, LabelPart, Look, TableShip, badges_shown
from renderer.open_table.table import grid_square
from renderer.pieces import side_indices
from renderer.theme import Theme, mix, text_sprite, text_width
from rules.nauta.state import ON_TABLE
from rules.nauta.wording import TEXTS

GRID_SEGMENTS = 5.0  # 10 cm squares: a 90 x 60 cm table is 9 x 6 squares
OVERLAY_LIMIT = 4  # most ships whose reach is drawn at once
REACH_ALPHA = 60
ARC_ALPHA = 70
# Chips and the soldiers' gauge are as high as a status badge (BADGE).
SOLDIER_BOX = 10  # px, width of one soldiers' unit in the gauge (5.5 px at 550)
# Fittings as the label names them: short enough to sit under a name, plain enough
# to need no legend.
# -- the view's galleys -------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Galley(TableShip):
    """One ship of the view (her base is the view's ``length`` by ``width`` segments).
    Compared by identity."""

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

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


def unit_cm(view: View) -> float:
    """The table's unit (a segment) in centimetres, as the view's board says."""
    board = view.get("board")
    return float(board.get("unit_cm", 2)) if isinstance(board, dict) else 2.0


def square(view: View, x: float, y: float) -> str:
    """The grid square (of GRID_SEGMENTS) holding a point of the table."""
    t = view["table"]
    return grid_square(x, y, float(t["width"]), float(t["height"]), GRID_SEGMENTS)


# -- painting a galley --------------------------------------------------------------

@dataclass(frozen=True)
class GalleyLook(Look):
    burning: bool = False


def look_of(ship: Galley, theme: Theme, ring: bool) -> GalleyLook:
    fill = theme.side_colour(ship.side_index)
    if ship.status in ("captured", "burning"):
        fill = mix(fill, (255, 255, 255), 0.55)  # out of the fight, still an obstacle
    return GalleyLook(ship.length, ship.width, fill, ring=ring, burning=ship.status == "burning")


def paint_beak(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float,
               look: GalleyLook, theme: Theme) -> None:
    """The ram: a beak beyond the prow shows the heading at a glance, even on a
    base that is nearly square (Size 0-1: 15 x 20 mm)."""
    L, W = look.length, look.width
    px = 1.0 / px_per_unit  # one final pixel, in segments
    beak = max(0.22 * L, 7 * px)
    draw.polygon([at(L / 2, -0.22 * W), at(L / 2 + beak, 0), at(L / 2, 0.22 * W)], fill=theme.ink)


def paint_prow(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float,
               look: GalleyLook, theme: Theme) -> None:
    """On the hull, in ship-local segments: the heavy front edge, and the hatching of a
    burning hulk."""
    L, W = look.length, look.width
    # The front edge is the one that rams: drawn heavy, since which edges touch
    # decides between a lateral and a frontal ramming.
    draw.line([at(L / 2, -W / 2), at(L / 2, W / 2)], fill=theme.ink, width=max(int(round(3.5 * k)), 1))
    if look.burning:
        paint_hatching(draw, at, L, W, k, theme)


# -- label pieces: chips, badges, soldiers ------------------------------------------

# The admiral's crown and the prize flag in yellow; burning: the flame every board
# draws for fire.
BADGES: tuple[Badge, ...] = (
    Badge("admiral", "the admiral is aboard", "♛", highlight=True),
    Badge("damaged", "damaged: max speed −2, ramming −2; a second damage sinks", "✖"),
    Badge("damaged-now", "damaged this turn", "✖", alarm=True),
    Badge("stopped", "stopped by a contact this turn", "⊘"),
    Badge("grappled", "grappled, fighting aboard", "⚔"),
    Badge("holding", "holds her prize alongside this turn", "⚓"),
    Badge("prize", "a prize, taken by the enemy", "⚑", highlight=True),
    Badge("burning", "burning (counts as sunk)"),
)
BADGE_OF = {b.kind: b for b in BADGES}


def fresh_damage(view: View, data: dict[str, Any]) -> bool:
    """Damaged this turn (or, while the speeds of the next are written, in the turn
    just told)."""
    turn, when = view.get("turn"), data.get("damaged_turn")
    if turn is None or when is None:
        return False
    return int(when) == int(turn) or (view.get("step") == "speeds" and int(when) == int(turn) - 1)


def badges_of(view: View, data: dict[str, Any]) -> tuple[str, ...]:
    hold = data.get("hold_until")
    return badges_shown(BADGES, {
        "admiral": bool(data.get("admiral")),
        "damaged": int(data.get("damage", 0)) > 0 and not fresh_damage(view, data),
        "damaged-now": int(data.get("damage", 0)) > 0 and fresh_damage(view, data),
        "stopped": bool(data.get("stopped")),
        "grappled": bool(data.get("engaged_with")),
        "holding": hold is not None and int(hold) >= int(view.get("turn", 0)),
        "prize": data.get("status") == "captured",
        "burning": data.get("status") == "burning",
    })


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


def chips_of(ship: Galley, lang: str = "en") -> tuple[tuple[str, str], ...]:
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
        out.append((TEXTS.text("nauta.chip.max", lang, n=int(ship.data.get("max_speed", 0))), "max"))
    for key in ship.data.get("equipment", []):
        used = key == "pyrophoros" and ship.data.get("pyrophoros_used")
        out.append((TEXTS.word("nauta.fitting", key, lang), "used" if used else "fit"))
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


NAME_MAX_PX = 300  # a longer name is cut on the map (the card and alt text have it whole): 15 em of a name


@dataclass(frozen=True)
class Chip:
    """A chip as a part of a label's row."""

    text: str
    style: str

    def size(self, theme: Theme) -> tuple[int, int]:
        return chip_sprite(self.text, self.style, theme).size

    def paint(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, theme: Theme) -> None:
        img.alpha_composite(chip_sprite(self.text, self.style, theme), (x, y))


@dataclass(frozen=True)
class Soldiers:
    """The soldiers' gauge as a part of a label's row."""

    left: int
    start: int

    def size(self, theme: Theme) -> tuple[int, int]:
        return soldiers_width(self.start), BADGE

    def paint(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, theme: Theme) -> None:
        paint_soldiers(draw, x, y, self.left, self.start, theme)


def label_parts(view: View, ship: Galley, lang: str = "en") -> tuple[LabelPart, ...]:
    """The row under her name: chips, the soldiers' gauge, status badges."""
    parts: tuple[LabelPart, ...] = tuple(Chip(t, s) for t, s in chips_of(ship, lang))
    left, start = soldiers_of(ship.data)
    if start > 0:
        parts += (Soldiers(left, start),)
    return parts + tuple(BadgePart(BADGE_OF[b]) for b in badges_of(view, ship.data))
