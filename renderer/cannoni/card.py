"""A ship's log-book card (*libro di bordo*): what is printed on it, and what has
been struck off, drawn from the public view, in the theme's language (the words are
Cannoni's catalogue's ``cannoni.card.*``).

Boxes come in sections of four, as on the printed card. The rules strike the
incomplete section first and then whole sections, so struck boxes are crossed
from the right-hand end of each row, where the incomplete section sits.
"""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.cannoni.ships import Ship
from renderer.pieces import find_ship, side_label
from renderer.open_table.table import grid_square
from renderer.theme import RGB, Theme, ellipsize, font, mix, text_width
from rules.cannoni.fire import HULL_RANGE, RIGGING_MIN_RANGE
from rules.cannoni.logbook import RANGE_BANDS
from rules.cannoni.state import SECTION
from rules.cannoni.wording import TEXTS
from rules.core.tables.compass import compass
from rules.core.texts import Speaker

BOX = 26
BOX_GAP = 4
SECTION_GAP = 14
PAD = 28
POINTS = ("close_hauled", "beam_reach", "broad_reach", "running")
FLAGS = ("fire", "aground", "struck", "sinking", "dismasted")


def _boxes_row(draw: ImageDraw.ImageDraw, x: int, y: int, boxes: int, lost: int, theme: Theme) -> int:
    """Draw a row of boxes; return its right edge."""
    crossed_from = boxes - lost
    for i in range(boxes):
        bx = x + i * (BOX + BOX_GAP) + (i // SECTION) * (SECTION_GAP - BOX_GAP)
        draw.rectangle((bx, y, bx + BOX, y + BOX), fill=(255, 255, 255), outline=theme.ink, width=2)
        if i >= crossed_from:
            draw.line([(bx + 4, y + 4), (bx + BOX - 4, y + BOX - 4)], fill=theme.ink, width=3)
            draw.line([(bx + 4, y + BOX - 4), (bx + BOX - 4, y + 4)], fill=theme.ink, width=3)
    last = boxes - 1
    return x + last * (BOX + BOX_GAP) + (last // SECTION) * (SECTION_GAP - BOX_GAP) + BOX if boxes else x


def _wrap(draw: ImageDraw.ImageDraw, y: int, bits: list[str], sep: str, size: int, fill: RGB, width: int,
          leading: int) -> int:
    """Write ``bits`` joined by ``sep`` across a card ``width`` px wide, breaking lines
    between bits, ``leading`` px between lines; return the y below the last line."""
    line = ""
    for bit in bits:
        candidate = f"{line}{sep}{bit}" if line else bit
        if text_width(candidate, size) > width - 2 * PAD:
            draw.text((PAD, y), line, font=font(size), fill=fill)
            y += size + leading
            candidate = bit
        line = candidate
    draw.text((PAD, y), line, font=font(size), fill=fill)
    return y + size + leading


def _table(draw: ImageDraw.ImageDraw, x: int, y: int, rows: list[list[str]], widths: list[int],
           theme: Theme, highlight: set[tuple[int, int]] = frozenset(), shade: set[int] = frozenset(),
           row_h: int = 30) -> int:
    """A simple grid table; row 0 is the heading. Returns the bottom edge."""
    for r, row in enumerate(rows):
        cx = x
        for c, cell in enumerate(row):
            w = widths[c]
            fill: RGB = (255, 255, 255)
            if r == 0:
                fill = mix(theme.legend_bg, theme.ink, 0.08)
            elif c in shade:
                fill = mix((255, 255, 255), theme.sea, 0.8)
            if (r, c) in highlight:
                fill = theme.highlight
            draw.rectangle((cx, y, cx + w, y + row_h), fill=fill, outline=theme.gauge_edge)
            f = font(theme.label_px, r == 0 or c == 0)
            tw = f.getlength(cell)
            draw.text((cx + (w - tw) / 2 if c else cx + 8, y + (row_h - theme.label_px) / 2 - 1), cell,
                      font=f, fill=theme.ink)
            cx += w
        y += row_h
    return y


def render_card(view: dict[str, Any], ship_id: str, theme: Theme) -> Image.Image:
    ship = find_ship(view, ship_id, Ship)
    d = ship.data
    log = d["log"]
    say = Speaker(TEXTS, theme.lang)
    width = theme.width
    img = Image.new("RGB", (width, 1800), theme.legend_bg)
    draw = ImageDraw.Draw(img)
    colour = theme.side_colour(ship.side_index)

    # Heading band in the side's colour, with the side's shape: the same cues as the map.
    draw.rectangle((0, 0, width, 92), fill=theme.header_bg)
    draw.rectangle((0, 0, 14, 92), fill=colour)
    shape = theme.side_shape(ship.side_index)
    draw.text((PAD + 6, 12), shape, font=font(theme.title_px + 4, True), fill=colour)
    draw.text((PAD + 6 + text_width(shape + " ", theme.title_px + 4, True), 12), ship.name,
              font=font(theme.title_px + 4, True), fill=theme.header_ink)
    guns = say("cannoni.card.guns", n=log["guns"])
    if log.get("carronades"):
        guns += say("cannoni.card.carronades", n=log["carronades"])
    decks = say("cannoni.card.decks" if log["decks"] != 1 else "cannoni.card.deck", n=log["decks"])
    kind = say.word("card.type", log["type"]) if log.get("type") else say("cannoni.card.ship")
    sub = say("cannoni.card.sub", type=kind, side=side_label(ship.side), cls=log["ship_class"], guns=guns,
              decks=decks, men=log["crew_men"])
    draw.text((PAD + 6, 56), ellipsize(sub, theme.status_px, width - 2 * PAD), font=font(theme.status_px),
              fill=theme.header_muted)
    y = _wrap(draw, 110, _status(view, d, say), " · ", theme.status_px, theme.ink, width, 8) + 10

    # Skills.
    skills = [("manoeuvre", str(log["manoeuvre"])), ("combat", str(log["combat"])),
              ("gunnery", f"{log['gunnery']:+d}"), ("turning", f"{log['turning']}{log.get('turning_number') or ''}"),
              ("draught", str(log["draught"])), ("value", str(log["value"])),
              ("base", say("cannoni.card.base-size", length=f"{log['base_length']:.2f}",
                           width=f"{log['base_width']:.2f}"))]
    x = PAD
    for code, value in skills:
        label = say(f"cannoni.card.{code}")
        w = max(text_width(label, theme.small_px), text_width(value, theme.title_px, True)) + 24
        draw.rounded_rectangle((x, y, x + w, y + 62), radius=6, fill=(255, 255, 255), outline=theme.gauge_edge)
        draw.text((x + 12, y + 6), label, font=font(theme.small_px), fill=theme.muted)
        draw.text((x + 12, y + 26), value, font=font(theme.title_px, True), fill=theme.ink)
        x += w + 10
    y += 80

    y = _damage(draw, y, d, theme, say)
    y = _speeds(draw, y, d, log, theme, say)
    y = _fire(draw, y, log, width, theme, say)

    notes = str(log.get("notes") or "")
    if notes:
        y = _wrap(draw, y, notes.split(), " ", theme.small_px, theme.muted, width, 6)
    return img.crop((0, 0, width, y + PAD))


def _status(view: dict[str, Any], d: dict[str, Any], say: Speaker) -> list[str]:
    """Where she is and what she is doing now."""
    tw, th = float(view["table"]["width"]), float(view["table"]["height"])
    bits = []
    if d.get("status", "afloat") == "afloat":
        h = float(d["heading"])
        bits.append(say("cannoni.card.at", square=grid_square(float(d["x"]), float(d["y"]), tw, th),
                        heading=f"{h:.0f}", compass=compass(h)))
    else:
        bits.append(say.word("card.status", d.get("status")))
    bits.append(say.word("card.sails", d.get("sails")))
    if d.get("point_of_sail"):
        bits.append(say.word("card.point", d["point_of_sail"]))
    speed = d.get("speed")
    bits.append(say("cannoni.card.moves", max=f"{speed['max']:g}", min=f"{speed['min']:g}") if speed
                else say("cannoni.card.cannot-move"))
    loaded = d.get("loaded") or {}
    sides = [say.word("side", s) for s in ("starboard", "port") if loaded.get(s)]
    bits.append(say("cannoni.card.loaded", sides=", ".join(sides) or say("cannoni.card.none")))
    bits += [say.word("card.flag", key) for key in FLAGS if d.get(key)]
    if d.get("engaged"):
        bits.append(say.word("card.flag", "engaged"))
    if d.get("captured_by") is not None:
        bits.append(say("cannoni.map.prize-of", side=side_label(str(d["captured_by"]))))
    if d.get("anchor"):
        bits.append(say("cannoni.card.anchored", end=say.word("end", d["anchor"])))
    if d.get("fouled_with"):
        names = {s["id"]: s["name"] for s in view.get("ships", [])}
        bits.append(say("cannoni.card.fouled", ships=", ".join(names.get(i, i) for i in d["fouled_with"])))
    return bits


def _damage(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], theme: Theme, say: Speaker) -> int:
    """The boxes by section, struck ones crossed."""
    draw.text((PAD, y), say("cannoni.card.damage"), font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 12
    rows: list[tuple[str, dict[str, Any]]] = []
    for side in ("starboard", "port"):
        if side in d.get("hull", {}):
            rows.append((say("cannoni.card.hull", side=say.word("side", side)), d["hull"][side]))
    for mast in d.get("masts", []):
        fell = ""
        if mast.get("fell") in ("starboard", "port"):
            fell = say("cannoni.card.fallen", side=say.word("side", mast["fell"]))
        name = str(mast["name"])
        if f"cannoni.card.mast-name.{name}" in TEXTS:
            name = say.word("card.mast-name", name)
        else:  # a mast the catalogue has no word for: its name as stored
            name = name.capitalize()
        rows.append((say("cannoni.card.mast", name=name, fell=fell), mast))
    rows.append((say("cannoni.card.crew"), d.get("crew", {"boxes": 0, "lost": 0})))
    label_w = max(text_width(r[0], theme.label_px, True) for r in rows) + 24
    for label, track in rows:
        draw.text((PAD, y + 4), label, font=font(theme.label_px, True), fill=theme.ink)
        right = _boxes_row(draw, PAD + label_w, y, int(track["boxes"]), int(track["lost"]), theme)
        left = int(track["boxes"]) - int(track["lost"])
        draw.text((right + 14, y + 4), say("cannoni.card.left", left=left, boxes=track["boxes"]),
                  font=font(theme.label_px), fill=theme.muted)
        y += BOX + 12
    return y + 12


def _speeds(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], log: dict[str, Any], theme: Theme,
            say: Speaker) -> int:
    """The speed table: the row for the present point of sail and the column for the
    present sails are marked, so the card answers "how far can I go?" at a glance."""
    draw.text((PAD, y), say("cannoni.card.speed"), font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 10
    speeds = log["speeds"]
    srows = [[say("cannoni.card.point-of-sail"), say("cannoni.card.full-sail"), say("cannoni.card.battle-sail")]]
    for p in POINTS:
        row = speeds[p]
        srows.append([say.word("card.point", p), f"{row['full']['max']:g}–{row['full']['min']:g}",
                      f"{row['battle']['max']:g}–{row['battle']['min']:g}"])
    hl: set[tuple[int, int]] = set()
    if d.get("point_of_sail") in POINTS and d.get("sails") in ("full", "battle"):
        hl.add((POINTS.index(d["point_of_sail"]) + 1, 1 if d["sails"] == "full" else 2))
    bottom = _table(draw, PAD, y, srows, [220, 150, 150], theme, hl)
    draw.text((PAD + 540, y + 8), say("cannoni.card.drift-full", n=f"{speeds['drift_full']:g}"),
              font=font(theme.label_px), fill=theme.ink)
    draw.text((PAD + 540, y + 30), say("cannoni.card.drift-battle", n=f"{speeds['drift_battle']:g}"),
              font=font(theme.label_px), fill=theme.ink)
    return bottom + 22


def _fire(draw: ImageDraw.ImageDraw, y: int, log: dict[str, Any], width: int, theme: Theme, say: Speaker) -> int:
    """The fire table: hull shots reach 13", rigging shots start beyond 4"."""
    draw.text((PAD, y), say("cannoni.card.fire"), font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 10
    heads = [say("cannoni.card.range")]
    lo = 0.0
    for hi in RANGE_BANDS:
        heads.append(f"{lo:g}–{hi:g}")
        lo = hi
    values = [say("cannoni.card.modifier")] + [("—" if v is None else (f"{v:+d}" if v else "0")) for v in log["fire"]]
    aims = [say("cannoni.card.aim")]
    lo = 0.0
    for hi in RANGE_BANDS:
        hull = lo < HULL_RANGE
        rig = hi > RIGGING_MIN_RANGE
        aims.append(say("cannoni.card.aim-both") if hull and rig
                    else say("cannoni.card.aim-hull") if hull else say("cannoni.card.aim-rigging"))
        lo = hi
    col_w = (width - 2 * PAD - 120) // len(RANGE_BANDS)
    bottom = _table(draw, PAD, y, [heads, values, aims], [120] + [col_w] * len(RANGE_BANDS), theme,
                    shade={i + 1 for i, hi in enumerate(RANGE_BANDS) if hi <= HULL_RANGE})
    y = bottom + 8
    draw.text((PAD, y), say("cannoni.card.aim-key", hull=f"{HULL_RANGE:g}", rigging=f"{RIGGING_MIN_RANGE:g}"),
              font=font(theme.small_px), fill=theme.muted)
    return y + theme.small_px + 18
