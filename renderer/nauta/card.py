"""A galley's record card, drawn from the public view: what the ship table prints for
her class, what she carries, what she has suffered, and what the view shows of her
doings this turn.

The written speed appears only when the view shows it (after she moves, or a
ramming compares it); until then the card says it is secret, as the map does. The
words are in the theme's language (Nauta's catalogue's ``nauta.card.*``).
"""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.nauta.galleys import Galley, badges_of, square, unit_cm
from renderer.pieces import find_ship, side_label
from renderer.theme import RGB, Theme, ellipsize, font, mix, text_width
from rules.core.tables.compass import compass
from rules.core.texts import Speaker
from rules.nauta.equipment import fitting
from rules.nauta.ships import max_pivot, pivot_cost, ship_class
from rules.nauta.shooting import BALISTAE_REACH, CROSSBOW_REACH
from rules.nauta.speeds import ASTERN_MAX, speed_label
from rules.nauta.texts import dash_word
from rules.nauta.wording import TEXTS

BOX = 26
BOX_GAP = 6
PAD = 28
def _wrap(draw: ImageDraw.ImageDraw, x: int, y: int, bits: list[str], size: int, max_px: int,
          fill: RGB, sep: str = " · ") -> int:
    """Write ``bits`` joined by ``sep``, breaking lines between bits; return the next y."""
    line = ""
    for bit in bits:
        candidate = f"{line}{sep}{bit}" if line else bit
        if line and text_width(candidate, size) > max_px:
            draw.text((x, y), line, font=font(size), fill=fill)
            y += size + 8
            candidate = bit
        line = candidate
    if line:
        draw.text((x, y), line, font=font(size), fill=fill)
        y += size + 8
    return y


def _boxes(draw: ImageDraw.ImageDraw, x: int, y: int, boxes: int, struck: int, theme: Theme) -> int:
    """A row of boxes, the last ``struck`` crossed out; returns its right edge."""
    for i in range(boxes):
        bx = x + i * (BOX + BOX_GAP)
        draw.rectangle((bx, y, bx + BOX, y + BOX), fill=(255, 255, 255), outline=theme.ink, width=2)
        if i >= boxes - struck:
            draw.line([(bx + 4, y + 4), (bx + BOX - 4, y + BOX - 4)], fill=theme.ink, width=3)
            draw.line([(bx + 4, y + BOX - 4), (bx + BOX - 4, y + 4)], fill=theme.ink, width=3)
    return x + boxes * (BOX + BOX_GAP) - BOX_GAP if boxes else x


def _nation(view: dict[str, Any], side: str) -> tuple[str, str]:
    for fleet in view.get("fleets", []):
        if fleet.get("side") == side:
            return (str(fleet.get("nation", "")).replace("_", " ").title(), str(fleet.get("crew", "average")))
    return ("", "average")


def _doing(view: dict[str, Any], ship: Galley, say: Speaker) -> list[str]:
    """Where she is and what the view shows of her turn."""
    d = ship.data
    names = {s["id"]: s["name"] for s in view.get("ships", [])}

    def listed(key: str) -> str:
        return ", ".join(names.get(i, i) for i in d[key])

    bits = []
    if ship.on_table:
        h = round(ship.pose.heading) % 360
        bits.append(say("nauta.card.at", square=square(view, ship.pose.x, ship.pose.y), heading=h, compass=compass(h)))
    bits.append(say.word("card.status", ship.status))
    shown = ship.speed_shown
    if shown is not None:
        bits.append(say("nauta.card.speed-now", speed=str(shown) if shown >= 0 else speed_label(shown, say.lang)))
        if ship.formation_shown:
            bits.append(say("nauta.card.in-formation", letter=ship.formation_shown))
    elif ship.speed_secret:
        bits.append(say("nauta.card.speed-secret"))
    elif ship.afloat:
        bits.append(say("nauta.card.no-speed"))
    bits.append(say("nauta.card.last-speed", speed=speed_label(int(d.get("last_speed", 0)), say.lang)))
    if d.get("moved"):
        bits.append(say("nauta.card.moved"))
    if d.get("stopped"):
        bits.append(say("nauta.card.stopped"))
    if d.get("engaged_with"):
        bits.append(say("nauta.card.grappled", ships=listed("engaged_with")))
    if d.get("touching"):
        bits.append(say("nauta.card.touching", ships=listed("touching")))
    if d.get("rams"):
        bits.append(say("nauta.card.rammed", ships=listed("rams")))
    if ship.status == "captured" and d.get("captured_by"):
        bits.append(say("nauta.card.taken-by", ship=names.get(d["captured_by"], d["captured_by"]),
                        turn=d.get("remove_after")))
    if "holding" in badges_of(view, d):
        bits.append(say("nauta.card.holding", turn=d.get("hold_until")))
    if d.get("admiral"):
        bits.append(say("nauta.card.admiral"))
    return bits


def _skill(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, value: str, theme: Theme) -> int:
    w = max(text_width(label, theme.small_px), text_width(value, theme.title_px, True)) + 24
    draw.rounded_rectangle((x, y, x + w, y + 62), radius=6, fill=(255, 255, 255), outline=theme.gauge_edge)
    draw.text((x + 12, y + 6), label, font=font(theme.small_px), fill=theme.muted)
    draw.text((x + 12, y + 26), value, font=font(theme.title_px, True), fill=theme.ink)
    return x + w + 10


def render_card(view: dict[str, Any], ship_id: str, theme: Theme) -> Image.Image:
    ship = find_ship(view, ship_id, Galley)
    d = ship.data
    rules = view.get("rules") or {}
    classis = rules.get("edition") == "classis"
    say = Speaker(TEXTS, theme.lang)
    width = theme.width
    img = Image.new("RGB", (width, 1600), theme.legend_bg)
    draw = ImageDraw.Draw(img)
    colour = theme.side_colour(ship.side_index)
    inner = width - 2 * PAD

    # Heading band in the side's colour, with the side's shape: the same cues as the map.
    draw.rectangle((0, 0, width, 92), fill=theme.header_bg)
    draw.rectangle((0, 0, 14, 92), fill=colour)
    shape = theme.side_shape(ship.side_index)
    big = theme.title_px + 4
    draw.text((PAD + 6, 12), shape, font=font(big, True), fill=colour)
    draw.text((PAD + 6 + text_width(shape + " ", big, True), 12),
              ellipsize(ship.name, big, inner - 60, True), font=font(big, True), fill=theme.header_ink)
    nation, crew = _nation(view, ship.side)
    cls = ship_class(str(d["type"]))
    sub = say("nauta.card.sub", cls=say.word("class", cls.key), size=d["size"], side=side_label(ship.side),
              nation=f" ({nation})" if nation else "", crew=say.word("card.crew", crew),
              points=f"{float(d.get('value', 0)):g}")
    draw.text((PAD + 6, 56), ellipsize(sub, theme.status_px, inner), font=font(theme.status_px),
              fill=theme.header_muted)
    y = _wrap(draw, PAD, 110, _doing(view, ship, say), theme.status_px, inner, theme.ink) + 10
    y = _table_row(draw, y, d, rules, cls.max_speed, unit_cm(view), theme, say)
    y = _record(draw, y, d, classis, width, theme, say)
    y = _max_speed(draw, y, d, classis, cls.max_speed, theme, say)
    y = _moving(draw, y, d, rules, classis, inner, theme, say)
    y = _fittings(draw, y, d, width, theme, say)
    return img.crop((0, 0, width, y + PAD))


def _table_row(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], rules: dict[str, Any], table_max: int,
               unit: float, theme: Theme, say: Speaker) -> int:
    """The ship table's row for her class, and what she has now."""
    size = int(d["size"])
    x = PAD
    x = _skill(draw, x, y, say("nauta.card.size"), str(size), theme)
    x = _skill(draw, x, y, say("nauta.card.max-speed-now"),
               say("nauta.card.of", n=int(d.get("max_speed", 0)), of=table_max), theme)
    if rules.get("acceleration_limits"):
        x = _skill(draw, x, y, say("nauta.card.accel"), f"+{d['accel']} / −{d['decel']}", theme)
    x = _skill(draw, x, y, say("nauta.card.widest-wheel"), f"{max_pivot(size)}°", theme)
    x = _skill(draw, x, y, say("nauta.card.crossbowmen" if d.get("medieval") else "nauta.card.soldiers"),
               say("nauta.card.of", n=d["soldiers"], of=d["soldiers_start"]), theme)
    length, beam = float(d["length"]), float(d["width"])
    _skill(draw, x, y, say("nauta.card.base"), f"{beam:g} × {length:g}", theme)
    y += 80
    draw.text((PAD, y), say("nauta.card.base-mm", beam=f"{beam * unit * 10:g}", length=f"{length * unit * 10:g}",
                            unit=f"{unit:g}"), font=font(theme.small_px), fill=theme.muted)
    return y + theme.small_px + 18


def _record(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], classis: bool, width: int, theme: Theme,
            say: Speaker) -> int:
    """Boxes: what she has suffered, crossed out."""
    draw.text((PAD, y), say("nauta.card.record"), font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 12
    who = say("nauta.card.crossbowmen" if d.get("medieval") else "nauta.card.soldiers")
    aboard = say("nauta.card.aboard", n=d.get("soldiers", 0))
    if d.get("extra"):
        aboard += say("nauta.card.extra", n=d["extra"])
    dash_note = say("nauta.card.dash-note")
    if d.get("admiral"):
        dash_note += say("nauta.card.dash-admiral")
    if d.get("no_dash"):
        dash_note += say("nauta.card.dash-rowers")
    rows = [
        (say("nauta.card.units", who=who), int(d.get("soldiers_start", 0)),
         int(d.get("soldiers_start", 0)) - int(d.get("soldiers", 0)), aboard),
        (say("nauta.card.damage"), 2, min(int(d.get("damage", 0)), 2), say("nauta.card.damage-note")),
        # Classis calls the dash diekplous, the same word in every language.
        (dash_word(classis).capitalize() if classis else say("nauta.card.dashes"), 2 if d.get("admiral") else 1,
         int(d.get("dashes", 0)), dash_note),
    ]
    label_w = max(text_width(r[0], theme.label_px, True) for r in rows) + 24
    for label, boxes, struck, note in rows:
        draw.text((PAD, y + 4), label, font=font(theme.label_px, True), fill=theme.ink)
        right = _boxes(draw, PAD + label_w, y, boxes, struck, theme) if boxes else PAD + label_w
        draw.text((right + 14, y + 4), ellipsize(note, theme.label_px, width - PAD - right - 14),
                  font=font(theme.label_px), fill=theme.muted)
        y += BOX + 12
    return y + 10


def _max_speed(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], classis: bool, table_max: int, theme: Theme,
               say: Speaker) -> int:
    """Maximum speed, term by term: the sum the rules make (rules.nauta.speeds.max_speed)."""
    draw.text((PAD, y), say("nauta.card.max-speed"), font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 10
    terms = [(say("nauta.card.ship-table"), f"{int(d.get('base_max', table_max))}")]
    for key in d.get("equipment", []):
        change = fitting(key).speed
        if change:
            terms.append((say.word("fitting", key), f"{change:+d}"))
    for label, count, each in ((say("nauta.card.term-damage"), int(d.get("damage", 0)), 2),
                               (dash_word(classis, say.lang), int(d.get("dashes", 0)), 1),
                               (say("nauta.card.term-balistae"), int(d.get("speed_lost", 0)), 1)):
        if count:
            terms.append((say("nauta.card.times", what=label, n=count), f"−{count * each}"))
    terms.append((say("nauta.card.now"), str(int(d.get("max_speed", 0)))))
    x = PAD
    for i, (label, value) in enumerate(terms):
        last = i == len(terms) - 1
        w = max(text_width(label, theme.small_px), text_width(value, theme.status_px, True)) + 24
        fill: RGB = theme.highlight if last else (255, 255, 255)
        draw.rounded_rectangle((x, y, x + w, y + 52), radius=6, fill=fill, outline=theme.gauge_edge)
        draw.text((x + 12, y + 5), label, font=font(theme.small_px), fill=theme.muted if not last else theme.ink)
        draw.text((x + 12, y + 24), value, font=font(theme.status_px, True), fill=theme.ink)
        x += w + 10
    return y + 66


def _moving(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], rules: dict[str, Any], classis: bool, inner: int,
            theme: Theme, say: Speaker) -> int:
    """Moving, as the rules count it."""
    size = int(d["size"])
    cap = max_pivot(size)
    more = (say("nauta.card.wheel-more", cap=cap, cost=pivot_cost(cap)) if cap > 45
            else say("nauta.card.wheel-only", size=size))
    move_bits = [
        say("nauta.card.wheel", cost=pivot_cost(45), more=more),
        say("nauta.card.astern", n=ASTERN_MAX),
        say("nauta.card.dash-move", dash=dash_word(classis, say.lang)),
    ]
    if rules.get("acceleration_limits"):
        move_bits.append(say("nauta.card.accel-limit", accel=d["accel"], decel=d["decel"]))
    draw.text((PAD, y), say("nauta.card.moving"), font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 10
    return _wrap(draw, PAD, y, move_bits, theme.label_px, inner, theme.ink, sep="; ") + 10


def _effect(key: str, say: Speaker) -> str:
    if key == "balistae":
        return say("nauta.card.effect-balistae", reach=f"{BALISTAE_REACH:g}")
    return say.word("card.effect", key) if f"nauta.card.effect.{key}" in TEXTS else ""


def _fittings(draw: ImageDraw.ImageDraw, y: int, d: dict[str, Any], width: int, theme: Theme, say: Speaker) -> int:
    """Fittings, and the medieval crossbows, with what each does."""
    gear = [(say.word("fitting", k), _effect(k, say), k == "pyrophoros" and d.get("pyrophoros_used"))
            for k in d.get("equipment", [])]
    if d.get("medieval") and int(d.get("soldiers_start", 0)):
        gear.append((say("nauta.card.crossbows"), say("nauta.card.crossbows-effect", reach=f"{CROSSBOW_REACH:g}"),
                     False))
    if gear:
        draw.text((PAD, y), say("nauta.card.fittings"), font=font(theme.status_px, True), fill=theme.ink)
        y += theme.status_px + 10
        for name, effect, used in gear:
            draw.text((PAD, y), name, font=font(theme.label_px, True), fill=theme.ink)
            nx = PAD + text_width(name, theme.label_px, True) + 14
            text = effect + (say("nauta.card.used") if used else "")
            draw.text((nx, y), ellipsize(text, theme.label_px, width - PAD - nx), font=font(theme.label_px),
                      fill=mix(theme.ink, theme.muted, 0.6 if used else 0.0))
            y += theme.label_px + 12
    return y
