"""A galley's record card, drawn from the public view: what the ship table prints for
her class, what she carries, what she has suffered, and what the view shows of her
doings this turn.

The written speed appears only when the view shows it (after she moves, or a
ramming compares it); until then the card says it is secret, as the map does.
"""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.nauta.galleys import FITTING_WORDS, Galley, badges_of, square, unit_cm
from renderer.pieces import find_ship, side_label
from renderer.theme import RGB, Theme, ellipsize, font, mix, text_width
from rules.core.tables.compass import compass
from rules.nauta.equipment import fitting
from rules.nauta.ships import max_pivot, pivot_cost, ship_class
from rules.nauta.shooting import BALISTAE_REACH, CROSSBOW_REACH
from rules.nauta.speeds import ASTERN_MAX, speed_label
from rules.nauta.texts import dash_word

BOX = 26
BOX_GAP = 6
PAD = 28
STATUS_WORDS = {"afloat": "afloat", "captured": "a prize", "burning": "burning", "sunk": "sunk",
                "wrecked": "wrecked on the coast", "left": "left the table", "taken": "taken as a prize",
                "undeployed": "not yet placed"}
# What each fitting does, in a line (docs/rules/nauta.md has the rules in full).
FITTING_EFFECTS = {
    "fast": "maximum speed +1",
    "towers": "archers: +1 in the first assault of each turn; maximum speed −1",
    "cataphract": "protection: −1 to the enemy in the first assault of each turn",
    "prow": "+1 when her prow rams",
    "corvus": "+1 to grapple when boarding",
    "balistae": f"shoot {BALISTAE_REACH:g} segments within 45° of the bow; 5–6: the target's maximum −1, no more dashes",
    "harpax": "+1 to grapple in a frontal contact",
    "pyrophoros": "once a game, at an enemy she rammed and still touches: 5–6 sets it alight",
}


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


def _doing(view: dict[str, Any], ship: Galley) -> list[str]:
    """Where she is and what the view shows of her turn."""
    d = ship.data
    names = {s["id"]: s["name"] for s in view.get("ships", [])}
    bits = []
    if ship.on_table:
        h = round(ship.pose.heading) % 360
        bits.append(f"at {square(view, ship.pose.x, ship.pose.y)}, heading {h}° {compass(h)}")
    bits.append(STATUS_WORDS.get(ship.status, ship.status))
    shown = ship.speed_shown
    if shown is not None:
        bits.append("speed this turn " + (str(shown) if shown >= 0 else speed_label(shown)))
        if ship.formation_shown:
            bits.append(f"in formation {ship.formation_shown}")
    elif ship.speed_secret:
        bits.append("speed this turn written, secret until she moves")
    elif ship.afloat:
        bits.append("no speed written this turn")
    bits.append("last turn's speed " + speed_label(int(d.get("last_speed", 0))))
    if d.get("moved"):
        bits.append("has moved")
    if d.get("stopped"):
        bits.append("stopped by a contact")
    if d.get("engaged_with"):
        bits.append("grappled with " + ", ".join(names.get(i, i) for i in d["engaged_with"]))
    if d.get("touching"):
        bits.append("touching " + ", ".join(names.get(i, i) for i in d["touching"]))
    if d.get("rams"):
        bits.append("rammed " + ", ".join(names.get(i, i) for i in d["rams"]) + " this turn")
    if ship.status == "captured" and d.get("captured_by"):
        bits.append(f"taken by {names.get(d['captured_by'], d['captured_by'])}, removed at the end of "
                    f"turn {d.get('remove_after')}")
    if "holding" in badges_of(view, d):
        bits.append(f"holds her prize alongside until the end of turn {d.get('hold_until')}")
    if d.get("admiral"):
        bits.append("the admiral is aboard")
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
    sub = (f"{cls.name} · Size {d['size']} · {side_label(ship.side)}"
           + (f" ({nation})" if nation else "") + f" · {crew} crew · {float(d.get('value', 0)):g} points")
    draw.text((PAD + 6, 56), ellipsize(sub, theme.status_px, inner), font=font(theme.status_px),
              fill=theme.header_muted)
    y = 110

    y = _wrap(draw, PAD, y, _doing(view, ship), theme.status_px, inner, theme.ink) + 10

    # The ship table's row for her class, and what she has now.
    size = int(d["size"])
    x = PAD
    x = _skill(draw, x, y, "Size", str(size), theme)
    x = _skill(draw, x, y, "Max speed now", f"{int(d.get('max_speed', 0))} of {cls.max_speed}", theme)
    if rules.get("acceleration_limits"):
        x = _skill(draw, x, y, "Accel. / decel.", f"+{d['accel']} / −{d['decel']}", theme)
    x = _skill(draw, x, y, "Widest wheel", f"{max_pivot(size)}°", theme)
    x = _skill(draw, x, y, "Soldiers" if not d.get("medieval") else "Crossbowmen",
               f"{d['soldiers']} of {d['soldiers_start']}", theme)
    length, beam = float(d["length"]), float(d["width"])
    unit = unit_cm(view)
    _skill(draw, x, y, "Base (segments)", f"{beam:g} × {length:g}", theme)
    y += 80
    draw.text((PAD, y), f"The base is {beam * unit * 10:g} × {length * unit * 10:g} mm; 1 segment = {unit:g} cm.",
              font=font(theme.small_px), fill=theme.muted)
    y += theme.small_px + 18

    # Boxes: what she has suffered, crossed out.
    draw.text((PAD, y), "Record (crossed boxes are spent or struck)", font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 12
    word = dash_word(classis)
    rows = [
        (("Crossbowmen" if d.get("medieval") else "Soldiers") + " (units)", int(d.get("soldiers_start", 0)),
         int(d.get("soldiers_start", 0)) - int(d.get("soldiers", 0)),
         f"{d.get('soldiers', 0)} aboard" + (f", {d['extra']} extra bought" if d.get("extra") else "")),
        ("Damage", 2, min(int(d.get("damage", 0)), 2), "each: max speed −2 and ramming −2; the second sinks her"),
        (f"{word.capitalize()}es" if word == "dash" else word.capitalize(), 2 if d.get("admiral") else 1,
         int(d.get("dashes", 0)), f"+2 segments, then max speed −1 for good"
         + ("; the admiral's ship has a second (+1)" if d.get("admiral") else "")
         + ("; rowers disordered by balistae: none left" if d.get("no_dash") else "")),
    ]
    label_w = max(text_width(r[0], theme.label_px, True) for r in rows) + 24
    for label, boxes, struck, note in rows:
        draw.text((PAD, y + 4), label, font=font(theme.label_px, True), fill=theme.ink)
        right = _boxes(draw, PAD + label_w, y, boxes, struck, theme) if boxes else PAD + label_w
        draw.text((right + 14, y + 4), ellipsize(note, theme.label_px, width - PAD - right - 14),
                  font=font(theme.label_px), fill=theme.muted)
        y += BOX + 12
    y += 10

    # Maximum speed, term by term: the sum the rules make (rules.nauta.speeds.max_speed).
    draw.text((PAD, y), "Maximum speed (segments)", font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 10
    terms = [("ship table", f"{int(d.get('base_max', cls.max_speed))}")]
    for key in d.get("equipment", []):
        change = fitting(key).speed
        if change:
            terms.append((FITTING_WORDS.get(key, key), f"{change:+d}"))
    for label, count, each in (("damage", int(d.get("damage", 0)), 2), (word, int(d.get("dashes", 0)), 1),
                               ("balistae hits", int(d.get("speed_lost", 0)), 1)):
        if count:
            terms.append((f"{label} × {count}", f"−{count * each}"))
    terms.append(("now", str(int(d.get("max_speed", 0)))))
    x = PAD
    for i, (label, value) in enumerate(terms):
        last = i == len(terms) - 1
        w = max(text_width(label, theme.small_px), text_width(value, theme.status_px, True)) + 24
        fill: RGB = theme.highlight if last else (255, 255, 255)
        draw.rounded_rectangle((x, y, x + w, y + 52), radius=6, fill=fill, outline=theme.gauge_edge)
        draw.text((x + 12, y + 5), label, font=font(theme.small_px), fill=theme.muted if not last else theme.ink)
        draw.text((x + 12, y + 24), value, font=font(theme.status_px, True), fill=theme.ink)
        x += w + 10
    y += 66

    # Moving, as the rules count it.
    cap = max_pivot(size)
    move_bits = [
        f"wheel about the rear corner before the run: up to 45° costs {pivot_cost(45)} segment"
        + (f", up to {cap}° costs {pivot_cost(cap)}" if cap > 45 else f" (Size {size}: 45° at most)"),
        f"astern up to {ASTERN_MAX} segments, only from zero speed",
        f"{word}: +2 segments, no wheel, once a game",
    ]
    if rules.get("acceleration_limits"):
        move_bits.append(f"each turn's speed within +{d['accel']} / −{d['decel']} of the last")
    draw.text((PAD, y), "Moving", font=font(theme.status_px, True), fill=theme.ink)
    y += theme.status_px + 10
    y = _wrap(draw, PAD, y, move_bits, theme.label_px, inner, theme.ink, sep="; ") + 10

    # Fittings, and the medieval crossbows, with what each does.
    gear = [(FITTING_WORDS.get(k, k), FITTING_EFFECTS.get(k, ""), k == "pyrophoros" and d.get("pyrophoros_used"))
            for k in d.get("equipment", [])]
    if d.get("medieval") and int(d.get("soldiers_start", 0)):
        gear.append(("crossbows", f"before or after her move, {CROSSBOW_REACH:g} segments all round: "
                                  "a die per unit, each 6 kills an enemy unit", False))
    if gear:
        draw.text((PAD, y), "Fittings", font=font(theme.status_px, True), fill=theme.ink)
        y += theme.status_px + 10
        for name, effect, used in gear:
            draw.text((PAD, y), name, font=font(theme.label_px, True), fill=theme.ink)
            nx = PAD + text_width(name, theme.label_px, True) + 14
            text = effect + (" — used" if used else "")
            draw.text((nx, y), ellipsize(text, theme.label_px, width - PAD - nx), font=font(theme.label_px),
                      fill=mix(theme.ink, theme.muted, 0.6 if used else 0.0))
            y += theme.label_px + 12
    return img.crop((0, 0, width, y + PAD))
