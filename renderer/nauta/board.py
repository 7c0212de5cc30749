"""Nauta / Classis on the open table: reach and weapons, the scale, header, legend and
alt text, on the open table's skeleton (renderer.open_table.board.ShipsBoard), drawn
from the public view only; the galleys are renderer.nauta.galleys.

The table is measured in segments of 2 cm (the view's ``board`` says so), and the
grid laid over it for chat ("make for F4") has squares of GRID segments. The motion
of a base comes from the ruleset's own geometry (rules.nauta.geometry,
rules.nauta.ships) so that what the map shows is what the rules compute; the view
says what each ship may shoot with.
"""
from __future__ import annotations

import math
from functools import lru_cache, partial
from typing import Hashable, Sequence

from PIL import Image, ImageDraw
from shapely.geometry import Polygon

from renderer.alt_text import LIMIT, fit, nearest_enemy
from renderer.board import Header, View
from renderer.canvas import MapCanvas, Placement, closed, dashed_line
from renderer.labels import BADGE
from renderer.legend_entries import LegendEntry, sprite_icon, trail_icon
from renderer.nauta.card import render_card
from renderer.nauta.galleys import (BADGES, fresh_damage, GRID_SEGMENTS, Galley, GalleyLook, badges_of,
                                    chip_sprite, galleys_of, label_parts, look_of, paint_beak, paint_prow,
                                    NAME_MAX_PX, chips_of, paint_soldiers, seat_name, soldiers_of, soldiers_width, to_move, unit_cm)
from renderer.open_table.action import draw_wreck
from renderer.open_table.board import Sections, ShipsBoard
from renderer.open_table.ships import LabelPart, Reach, ReachStyle, badge_entries, fan_icon
from renderer.pieces import side_indices, side_label
from renderer.theme import Theme, mix, text_sprite
from renderer.viewport import Box
from rules.core.scenarios import scenario_title
from rules.core.tables.compass import compass
from rules.core.texts import Text
from rules.nauta import geometry as g
from rules.nauta.orders import TURN_STEP
from rules.nauta.ships import max_pivot, pivot_cost
from rules.nauta.shooting import BALISTAE_REACH, CROSSBOW_REACH
from rules.nauta.speeds import speed_label
from rules.nauta.wording import TEXTS

OVERLAY_LIMIT = 4  # most ships whose reach is drawn at once
REACH_ALPHA = 60
ARC_ALPHA = 70


# -- reach and weapons --------------------------------------------------------------

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
        return Reach((((pose.x, pose.y),),), ((None, ((pose.x, pose.y), (end.x, end.y))),), (end,), ticks=ticks)
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
            paths.append((None, tuple(arc + [(end.x, end.y)])))
            for n in range(1, top - cost + 1):
                p = g.run(turned, n)
                ticks.append((p.x, p.y, p.heading))
            if angle in (-cap, 0, cap):
                ghosts.append(end)
    return Reach((tuple(fan),), tuple(paths), tuple(ghosts), ticks=tuple(ticks))


def weapon_zone(ship: Galley) -> tuple[str, Polygon] | None:
    """The balistae's arc ahead of the bow, or the crossbows' reach all round."""
    kind = ship.data.get("weapon")
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

class NautaBoard(ShipsBoard):
    """The open table with the galleys of Nauta / Classis, measured in segments."""

    ruleset = "nauta"
    ship_class = Galley
    grid_inches = GRID_SEGMENTS  # the grid's square, in the table's unit (segments here)
    margin = 3.0  # segments kept around the ships in the automatic view
    # px per segment: a 1-segment Size 0 galley is then 64 px long, as large as a
    # phone screen needs; further in the table loses its context.
    max_scale = 64.0
    reach_style = ReachStyle(alpha=REACH_ALPHA, path_width=2, path_joint="curve")
    label_pad = 4.0
    # Labelled in the view's order, whoever is to move: the side to move changes
    # with every move, and labels that swapped places each time would be hard to
    # follow from one message to the next (and would bloat replays).
    label_acting_first = False
    name_max_px = NAME_MAX_PX
    side_words = "{n} afloat"
    mini = (12.0, 1.35, 4.0)
    bow = staticmethod(paint_beak)
    deck = staticmethod(paint_prow)

    unit_cm = staticmethod(unit_cm)
    # New damage is the red badge of the status section.
    keys_new_damage = False
    shot_key = "map.key.volley"  # balistae and crossbows
    opening_step = "speeds"  # the speeds are written before anything moves

    def piece_boxes(self, view: View, focus: tuple[str, ...], everyone: bool = False) -> list[Box]:
        boxes: list[Box] = super().piece_boxes(view, focus, everyone or view.get("step") == "deploy")
        for ship in galleys_of(view):
            if ship.id in focus and ship.afloat:
                # A focused ship's whole reach must be in view, not just its base.
                r = float(ship.data.get("max_speed", 0)) + ship.length
                boxes.append((ship.pose.x - r, ship.pose.y - r, ship.pose.x + r, ship.pose.y + r))
        if view.get("step") == "deploy":
            boxes += [tuple(map(float, z)) for z in (view.get("deploy_zones") or {}).values()]  # type: ignore[misc]
        return boxes

    # -- hooks of the skeleton ----------------------------------------------------------

    def on_table(self, ship: Galley) -> bool:
        return ship.on_table

    def ring_ids(self, view: View, shown: Sequence[Galley], focus: tuple[str, ...]) -> set[str]:
        return {s.id for s in to_move(view)} | {s.id for s in shown if s.id in focus}

    def marked(self, view: View, shown: Sequence[Galley], focus: tuple[str, ...]) -> list[Galley]:
        if focus:
            return [s for s in shown if s.id in focus and s.afloat]
        # A side may have every ship free to move; seven fans would hide the sea,
        # so without a focus the reach is drawn only for a few.
        moving = to_move(view)
        return moving if len(moving) <= OVERLAY_LIMIT else []

    def look_of(self, ship: Galley, theme: Theme, ring: bool) -> GalleyLook:
        return look_of(ship, theme, ring)

    def bow_length(self, ship: Galley, scale: float) -> float:
        return max(0.22 * ship.length, 7 / scale)  # the beak (paint_beak)

    def new_damage(self, view: View, ships: Sequence[Galley]) -> bool:
        return any(s.afloat and fresh_damage(view, s.data) for s in ships)

    def marker_reach(self, ship: Galley, scale: float) -> float:
        # The beak and the ring reach beyond the base.
        return math.hypot(ship.length / 2 + max(0.22 * ship.length, 7 / scale), ship.width / 2) + 9 / scale

    def reach_of(self, view: View, ship: Galley) -> Reach | None:
        return reach_of(ship)

    def label_parts(self, view: View, ship: Galley, theme: Theme) -> tuple[LabelPart, ...]:
        return label_parts(view, ship, theme.lang)

    def draw_under(self, canvas: MapCanvas, view: View, ships: Sequence[Galley]) -> None:
        if view.get("step") == "deploy":
            self._draw_deploy_zones(canvas, view)
        # Older wrecks, without a name; the skeleton marks this turn's with theirs.
        recent = set(map(id, self.wrecks(view, ships)))
        for ship in ships:
            if ship.status in self.wreck_statuses and id(ship) not in recent:
                draw_wreck(canvas, ship)

    def draw_ranges(self, canvas: MapCanvas, view: View, marked: Sequence[Galley], focus: tuple[str, ...]) -> None:
        # The balistae's arcs are shaded with the reach, in one blend.
        for ship in marked:
            zone = weapon_zone(ship)
            if zone is not None and zone[0] == "balistae" and isinstance(zone[1], Polygon):
                colour = canvas.theme.side_colour(ship.side_index)
                canvas.translucent(canvas.poly_px(zone[1].exterior.coords), fill=colour + (ARC_ALPHA,))

    def draw_range_edges(self, canvas: MapCanvas, view: View, marked: Sequence[Galley]) -> None:
        theme = canvas.theme
        for ship in marked:
            zone = weapon_zone(ship)
            if zone is None or not isinstance(zone[1], Polygon):
                continue
            edge = mix(theme.side_colour(ship.side_index), (0, 0, 0), 0.35)
            pts = canvas.poly_px(zone[1].exterior.coords)
            if zone[0] == "balistae":
                canvas.draw.line(closed(pts), fill=edge, width=1)
            else:
                dashed_line(canvas.draw, closed(pts), edge, width=2, dash=6, gap=5)

    def draw_over(self, canvas: MapCanvas, view: View, taken: Placement) -> None:
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
        title = scenario_title(view.get("title"), lang) or str(view.get("scenario") or "Nauta")
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

    def full_legend_sections(self, view: View, ships: Sequence, theme: Theme) -> tuple[tuple[Hashable, ...], Sections]:
        return self.legend_sections(view, ships, theme, full=True)

    def legend_sections(self, view: View, ships: Sequence[Galley], theme: Theme, full: bool = False) -> tuple[tuple[Hashable, ...], Sections]:
        # The weapons' zones are explained only where some ship carries them.
        weapons = tuple(sorted({w for s in ships if s.afloat for w in [s.data.get("weapon")] if w}))
        shown = None if full else self.shown_kinds(view, ships)
        sections = tuple((title, tuple(e for kind, e in entries if shown is None or kind in shown))
                         for title, entries in _static_legend(self, theme))
        reach = _reach_legend(weapons, theme) if full or "reach" in (shown or ()) else ()
        return (weapons, shown), tuple(sec for sec in sections if sec[1]) + reach

    def shown_kinds(self, view: View, ships: Sequence[Galley]) -> frozenset[str]:
        """What of the key this map shows: the marks, chips and badges drawn."""
        on = [s for s in ships if s.on_table]
        kinds = {"prow"} if on else set()
        if to_move(view):
            kinds.add("ring")
        if any(not s.afloat for s in on):
            kinds.add("pale")
        recent = set(map(id, self.wrecks(view, ships)))
        if any(s.status in self.wreck_statuses and id(s) not in recent for s in ships):
            kinds.add("sunk")
        if any(len(s.data.get("trail") or ()) > 1 for s in on):
            kinds.add("wake")
        kinds.update(f"chip.{'fit' if style == 'used' else style}" for s in on for _t, style in chips_of(s))
        if any(soldiers_of(s.data)[1] for s in on):
            kinds.add("soldiers")
        kinds.update(f"badge.{b}" for s in on for b in badges_of(view, s.data))
        if self.marked(view, on, ()):
            kinds.add("reach")
        return frozenset(kinds)

    def sides_words(self, theme: Theme) -> tuple[str, str]:
        return (TEXTS.text("nauta.legend.sides", theme.lang),
                TEXTS.text("nauta.legend.afloat", theme.lang, n="{n}"))

    def describe(self, view: View, lang: str = "en") -> str:
        return describe(self, view, lang)

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        return render_card(view, piece_id, theme)

    def view_signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("step"), view.get("move_no"), view.get("mover_side"),
                tuple(s.id for s in to_move(view)), tuple(tuple(sorted(s.items())) for s in view.get("shots") or []))

    def ship_signature(self, view: View, ship: Galley) -> Hashable:
        return (ship.id, ship.status, round(ship.pose.x, 3), round(ship.pose.y, 3), round(ship.pose.heading, 2),
                chips_of(ship), soldiers_of(ship.data), badges_of(view, ship.data), len(ship.data.get("trail") or ()),
                ship.data.get("lost_turn"))


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


def _reach_lines(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], ym: float, theme: Theme) -> None:
    draw.line([(box[0], ym), (box[2], ym)], fill=theme.reach, width=2)
    for x in range(box[0] + 8, box[2] + 1, 8):
        draw.line([(x, ym - 4), (x, ym + 4)], fill=theme.reach, width=2)


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
def _static_legend(board: NautaBoard, theme: Theme) -> tuple[tuple[str, tuple[tuple[str, LegendEntry], ...]], ...]:
    """Every entry a Nauta map may need, each with the kind of mark it explains (see
    :meth:`NautaBoard.shown_kinds`)."""
    colour = theme.side_colour(0)

    def t(code: str) -> str:
        return TEXTS.text(code, theme.lang)

    galleys = (
        ("prow", LegendEntry(t("nauta.legend.prow"), board.mini_ship(GalleyLook(1.5, 0.75, colour), theme), 46)),
        ("ring", LegendEntry(t("nauta.legend.ring"), board.mini_ship(GalleyLook(1.5, 0.75, colour, True), theme), 46)),
        ("pale", LegendEntry(t("nauta.legend.pale"),
                             board.mini_ship(GalleyLook(1.5, 0.75, mix(colour, (255, 255, 255), 0.55)), theme), 46)),
        ("sunk", LegendEntry(t("nauta.legend.sunk"), _sunk_icon(theme), 40)),
        ("wake", LegendEntry(t("nauta.legend.wake"), trail_icon(mix(colour, (0, 0, 0), 0.2)), 34)),
    )
    speed = chip_sprite("4 · A", "speed", theme)
    secret = chip_sprite("?", "secret", theme)
    cut = chip_sprite(TEXTS.text("nauta.chip.max", theme.lang, n=3), "max", theme)
    fit = chip_sprite(TEXTS.word("nauta.fitting", "corvus", theme.lang), "fit", theme)
    labels = (
        ("chip.speed", LegendEntry(t("nauta.legend.speed"), sprite_icon(speed), speed.width)),
        ("chip.secret", LegendEntry(t("nauta.legend.secret"), sprite_icon(secret), secret.width)),
        ("chip.max", LegendEntry(t("nauta.legend.cut"), sprite_icon(cut), cut.width)),
        ("soldiers", LegendEntry(t("nauta.legend.soldiers"), _soldiers_icon(theme), soldiers_width(5))),
        ("chip.fit", LegendEntry(t("nauta.legend.fittings"), sprite_icon(fit), fit.width)),
    )
    badges = badge_entries(BADGES, theme, lambda b: t(f"nauta.badge.{b.kind}"))
    status = tuple((f"badge.{b.kind}", e) for b, e in zip(BADGES, badges))
    return ((t("nauta.legend.galleys"), galleys), (t("nauta.legend.labels"), labels),
            (t("nauta.legend.status"), status))


@lru_cache(maxsize=16)
def _reach_legend(weapons: tuple[str, ...], theme: Theme) -> tuple[tuple[str, tuple[LegendEntry, ...]], ...]:
    reach = (LegendEntry(TEXTS.text("nauta.legend.reach", theme.lang),
                         fan_icon(theme, REACH_ALPHA, partial(_reach_lines, theme=theme)), 40),)
    if "balistae" in weapons:
        reach += (LegendEntry(TEXTS.text("nauta.legend.balistae", theme.lang, reach=f"{BALISTAE_REACH:g}"),
                              _arc_icon(theme), 34),)
    if "crossbows" in weapons:
        reach += (LegendEntry(TEXTS.text("nauta.legend.crossbows", theme.lang, reach=f"{CROSSBOW_REACH:g}"), _crossbow_icon(theme), 34),)
    return ((TEXTS.text("nauta.legend.reach-title", theme.lang), reach),)
