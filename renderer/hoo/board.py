"""Hearts of Oak's hex map: the Endless Plan framed around the ships, each ship on her
hex with her bow to the side she faces, her name and speed (a "?" while her marker is
hidden), the firing arcs of the ship to act, struck ships under a white flag, and the
wind on the header's rose. Drawn from the public view only."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from PIL import Image, ImageDraw

from renderer.alt_text import fit
from renderer.board import Header, Legend, LegendEntry, RenderOptions, View
from renderer.canvas import MapCanvas, Placement
from renderer.cells import CellPiece
from renderer.hexboard import HexBoard, hex_name
from renderer.labels import base_box, place_label
from renderer.legend_entries import side_icon
from renderer.open_table.ships import label_sprite
from renderer.pieces import side_indices
from renderer.plain_card import plain_card
from renderer.theme import Theme, text_sprite
from rules.core.tables import hexmap
from rules.core.texts import known, side_name, text
from rules.hoo.texts import hex_side

# Arcs in a crimson tint: no side's colour (blue, orange) and no shoal's (tan, brown) is
# near it, so on a phone an arc is not read as a sandbar or the coast.
ARC_FILL = (200, 40, 120, 60)
ARC_EDGE = (160, 20, 90, 220)
ARC_ICON = (218, 187, 212)  # the fill as it looks over the sea
STRUCK = (250, 250, 250)
SHOAL_FILL = {"sand": (236, 214, 160), "reef": (150, 120, 100), "land": (196, 184, 140)}
SHOAL_EDGE = {"sand": (190, 160, 90), "reef": (90, 60, 50), "land": (120, 100, 60)}


@dataclass(frozen=True)
class WordPart:
    """A few words under a ship's name (her speed)."""

    words: str

    def size(self, theme: Theme) -> tuple[int, int]:
        sprite = text_sprite(self.words, theme.label_px, True, theme.ink, None, 0)
        return sprite.width, sprite.height

    def paint(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, theme: Theme) -> None:
        sprite = text_sprite(self.words, theme.label_px, True, theme.ink, None, 0)
        img.alpha_composite(sprite, (x, y))


class HooPiece(CellPiece):
    @property
    def afloat(self) -> bool:  # struck ships stay on the map (3.6.1)
        return self.data.get("status", "afloat") in ("afloat", "struck") or bool(self.data.get("wreck"))


def _title(view: View, lang: str) -> str:
    """The scenario's title: a code of the catalogue is worded in ``lang``, words stay as
    they are."""
    title = str(view.get("title") or "")
    if title and known(title):
        return text(title, lang)
    return title or str(view.get("scenario") or "Hearts of Oak")


def _speed_words(data: dict[str, Any], number: int | None = None, lang: str = "en") -> str:
    if data.get("status") == "struck":
        return "⚐"
    speed = "?" if data.get("marker_hidden") else str(data.get("speed", 0))
    words = f"{speed} PM · {data.get('guns', 0)}D6"
    return words if number is None else f"{text('hoo.map.number', lang, n=number)} · {words}"


def _numbers(view: View) -> dict[str, int]:
    """Each ship's number in her side's order of play, where her side numbers its ships
    (3.1.1: a fleet of more than four ships a game; the initiative pairs them by number)."""
    return {ship_id: n for ids in (view.get("numbers") or {}).values() for n, ship_id in enumerate(ids, 1)}


def clip(points: list[tuple[float, float]], box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """A convex polygon cut to a rectangle (Sutherland-Hodgman): an arc's hex on the
    frame's edge is drawn up to the edge, not over the margin."""
    edges = ((0, box[0], 1), (0, box[2], -1), (1, box[1], 1), (1, box[3], -1))
    for axis, limit, keep in edges:
        out: list[tuple[float, float]] = []
        for i, p in enumerate(points):
            q = points[i - 1]
            p_in, q_in = (p[axis] - limit) * keep >= 0, (q[axis] - limit) * keep >= 0
            if p_in != q_in:
                t = (limit - q[axis]) / (p[axis] - q[axis])
                out.append((q[0] + t * (p[0] - q[0]), q[1] + t * (p[1] - q[1])))
            if p_in:
                out.append(p)
        points = out
        if not points:
            break
    return points


class HooBoard(HexBoard):
    max_scale = 90.0

    def pieces(self, view: View) -> list[CellPiece]:
        return [HooPiece(p.data, p.side_index, p.pose, p.length, p.width, p.cell) for p in super().pieces(view)]

    def _shifted_piece(self, view: View, p: CellPiece) -> CellPiece:
        moved = super()._shifted_piece(view, p)
        return HooPiece(moved.data, moved.side_index, moved.pose, moved.length, moved.width, moved.cell)

    def background(self, view: View, viewport, theme: Theme) -> Image.Image:
        img = super().background(view, viewport, theme)
        draw = ImageDraw.Draw(img)
        x0, y0, x1, y1 = self.world(view)
        for shoal in view.get("shoals") or ():
            h = hexmap.Hex(int(shoal["q"]), int(shoal["r"]))
            cx, cy = hexmap.centre(h)
            if not (x0 < cx < x1 and y0 < cy < y1):
                continue
            pts = [viewport.to_px(x - x0, y - y0) for x, y in hexmap.corners(h)]
            draw.polygon(pts, fill=SHOAL_FILL[shoal["kind"]], outline=SHOAL_EDGE[shoal["kind"]], width=3)
            if shoal["kind"] == "reef":  # rocks: a few dark dots, readable without colour
                px, py = viewport.to_px(cx - x0, cy - y0)
                r = max(2, viewport.scale * 0.08)
                for dx, dy in ((-0.3, 0.15), (0.25, 0.25), (0.0, -0.25), (0.35, -0.15)):
                    qx, qy = px + dx * viewport.scale, py + dy * viewport.scale
                    draw.ellipse((qx - r, qy - r, qx + r, qy + r), fill=SHOAL_EDGE["reef"])
        return img

    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        if options.overlays:
            self._draw_arcs(canvas, view)
        labels = options.labels
        super().draw(canvas, view, RenderOptions(options.focus, options.overlays, options.legend, labels=False))
        shown = [self._shifted_piece(view, p) for p in self.pieces(view)]
        for p in shown:
            if p.data.get("status") == "struck":
                cx, cy = canvas.px(p.pose.x, p.pose.y)
                r = max(6, canvas.viewport.scale * 0.18)
                canvas.draw.rectangle((cx - r, cy - r, cx + r, cy + r * 0.6), fill=STRUCK, outline=canvas.theme.ink,
                                      width=2)
        if labels:
            ringed = self.to_act(view) | set(options.focus)
            taken = Placement()
            boxes = {p.id: base_box(canvas, p.base(), 4) for p in shown}
            taken.taken.extend(boxes.values())
            numbers = _numbers(view)
            for p in sorted(shown, key=lambda p: p.id not in ringed):
                words = _speed_words(p.data, numbers.get(p.id), canvas.theme.lang)
                sprite = label_sprite(p.name, p.side_index, (WordPart(words),), canvas.theme)
                place_label(canvas, taken, boxes[p.id], lambda sprite=sprite: sprite, rivals=list(boxes.values()),
                            hull=p.base())

    def _draw_arcs(self, canvas: MapCanvas, view: View) -> None:
        acting = set(self.to_act(view))
        x0, y0, x1, y1 = self.world(view)
        (ax, ay), (bx, by) = canvas.px(0, 0), canvas.px(x1 - x0, y1 - y0)
        frame = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        for data in view.get("ships", []):
            if data["id"] not in acting or data.get("guns", 0) <= 0 or data.get("grappled"):
                continue
            origin = hexmap.Hex(int(data["x"]), int(data["y"]))
            for sides in (hexmap.PORT, hexmap.STARBOARD):
                for h in hexmap.arc_hexes(origin, int(data["facing"]), sides, int(data["guns"])):
                    cx, cy = hexmap.centre(h)
                    if not (x0 < cx < x1 and y0 < cy < y1):
                        continue  # the frame is the map: nothing is drawn beyond it
                    pts = clip([canvas.px(x - x0, y - y0) for x, y in hexmap.corners(h)], frame)
                    canvas.translucent(pts, fill=ARC_FILL, outline=ARC_EDGE, width=2)
        canvas.flush_overlay()

    # -- words -----------------------------------------------------------------------------

    def status_line(self, view: View, lang: str = "en") -> str:
        line = text("hoo.map.turn", lang, turn=view.get("turn"), limit=view.get("turns_limit"))
        step = view.get("step")
        acting = [s["name"] for s in view.get("ships", []) if s["id"] in set(view.get("to_act") or ())]
        if view.get("over"):
            return text("hoo.map.over", lang)
        if step == "place":
            return f"{line} · {text('hoo.map.place', lang)}"
        if step in ("wind", "shift"):
            return f"{line} · {text('hoo.map.setup', lang)}"
        if step == "speeds":
            return f"{line} · {text('hoo.map.speeds', lang)}"
        if acting:
            return f"{line} · {text('hoo.map.to-act', lang, ship=acting[0])}"
        return line

    def header(self, view: View, lang: str = "en") -> Header:
        wind = text("hoo.map.wind", lang, wind=hex_side(int(view.get("wind", 0)), lang))
        return Header(title=_title(view, lang),
                      lines=(f"{self.status_line(view, lang)} · {wind}",), wind_from=float(view.get("wind_from", 0)))

    def legend(self, view: View, theme: Theme) -> Legend:
        lang = theme.lang
        sides = side_indices(view)
        counts: dict[str, int] = {}
        for s in view.get("ships", []):
            if s.get("status") == "afloat":
                counts[s["side"]] = counts.get(s["side"], 0) + 1

        def arc_icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
            draw.rectangle(box, fill=ARC_ICON, outline=ARC_EDGE[:3], width=2)

        def hidden_icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
            sprite = text_sprite("?", theme.legend_px, True, theme.ink, None, 0)
            img.paste(sprite, (box[0] + 4, box[1]), sprite)

        def shoal_icon(kind: str):
            def paint(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
                draw.rectangle(box, fill=SHOAL_FILL[kind], outline=SHOAL_EDGE[kind], width=2)
            return paint

        marks = (LegendEntry(text("hoo.map.arc", lang), arc_icon, 22),
                 LegendEntry(text("hoo.map.hidden", lang), hidden_icon, 22))
        kinds = sorted({s["kind"] for s in view.get("shoals") or ()})
        marks += tuple(LegendEntry(text(f"hoo.map.shoal.{k}", lang), shoal_icon(k), 22) for k in kinds)
        return Legend(key=("hoo", lang, tuple(kinds), tuple((s, counts.get(s, 0)) for s in sides)),
                      sections=((text("hoo.map.sides", lang), tuple(
                          LegendEntry(f"{side_name('hoo', side, lang)} ({counts.get(side, 0)})", side_icon(i, theme), 46)
                          for side, i in sides.items())),
                                (text("hoo.map.marks", lang), marks)))

    def ship_sentence(self, data: dict[str, Any], lang: str, number: int | None = None) -> str:
        state = "" if number is None else text("hoo.map.state.number", lang, n=number)
        for flag, key in (("struck", data.get("status") == "struck"), ("grappled", bool(data.get("grappled"))),
                          ("dismasted", bool(data.get("dismasted"))), ("aground", bool(data.get("aground"))),
                          ("prize", bool(data.get("prize"))),
                          ("wreck", bool(data.get("wreck")))):
            if key:
                state += text(f"hoo.map.state.{flag}", lang)
        speed = "?" if data.get("marker_hidden") else data.get("speed")
        return text("hoo.map.ship", lang, name=data["name"], side=side_name("hoo", str(data["side"]), lang),
                    hex=hex_name(hexmap.Hex(int(data["x"]), int(data["y"]))),
                    facing=hex_side(int(data.get("facing", 0)), lang), speed=speed, guns=data.get("guns"),
                    hull=data.get("hull"), crew=data.get("crew"), state=state)

    def describe(self, view: View, lang: str = "en") -> str:
        head = text("hoo.map.alt", lang, status=self.status_line(view, lang).replace(" · ", ", "),
                    wind=hex_side(int(view.get("wind", 0)), lang))
        acting = set(view.get("to_act") or ())
        ships = sorted((s for s in view.get("ships", []) if s.get("x") is not None),
                       key=lambda s: s["id"] not in acting)
        numbers = _numbers(view)
        return fit(head + self._arcs_sentence(view, lang),
                   [self.ship_sentence(s, lang, numbers.get(s.get("id"))) for s in ships], "")

    @staticmethod
    def _arcs_sentence(view: View, lang: str) -> str:
        """Who lies in the arcs the map tints (the fire step's targets), for a reader who
        cannot see the tint."""
        names = {s["id"]: s["name"] for s in view.get("ships", [])}
        targets = [f"{names.get(t, t)} ({text('hoo.broadside.' + side, lang)})"
                   for side in ("port", "starboard") for t in (view.get("targets") or {}).get(side, [])]
        acting = [names[i] for i in view.get("to_act") or () if i in names]
        if not targets or not acting:
            return ""
        return " " + text("hoo.map.alt-arcs", lang, ship=acting[0], targets=", ".join(targets))

    def card_words(self, view: View, piece_id: str, lang: str = "en") -> tuple[str, list[str]]:
        """The ship card as the rulebook prints it: her title, then a row a track, each
        box its value or X once crossed out, the hull's yellow boxes as ▣ (3.6)."""
        data = next((s for s in view.get("ships", []) if s["id"] == piece_id), None)
        if data is None:
            raise KeyError(f"no ship {piece_id!r}; ships: {', '.join(s['id'] for s in view.get('ships', []))}")
        lost = data.get("lost", {})
        rows = []
        for area in ("sails", "guns", "crew"):
            track = data["tracks"][area]
            boxes = " ".join("X" if i < lost.get(area, 0) else str(v) for i, v in enumerate(track))
            rows.append(f"{text('hoo.card.row.' + area, lang)}: {boxes}")
        hull = " ".join("X" if i < lost.get("hull", 0) else ("□" if i < data["hull_boxes"] - data["yellow"] else "▣")
                        for i in range(data["hull_boxes"]))
        rows.insert(2, f"{text('hoo.card.row.hull', lang)}: {hull}")
        title = text("hoo.card.title", lang, name=data["name"], cls=data["class"], points=data["points"])
        return title, [self.ship_sentence(data, lang), *rows, text("hoo.card.key", lang)]

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        title, lines = self.card_words(view, piece_id, theme.lang)
        return plain_card(title, lines, theme)

    def signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("step"), view.get("wind"), tuple(view.get("to_act") or ()),
                tuple((s["id"], s.get("status"), s["x"], s["y"], s.get("facing"), s.get("speed"),
                       s.get("marker_hidden"), tuple(sorted(s.get("lost", {}).items()))) for s in view.get("ships", [])))
