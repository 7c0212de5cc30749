"""The Pirates map: the square grid with its islands (land and the lighter coast), the
special zones (fog, shoals, the Sargasso Sea, with the die left on them), hidden
treasure markers, and the ships by facing with their masts left. Drawn from the view
only: a treasure's value shows only where the view gives it."""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Hashable

from PIL import Image, ImageDraw

from renderer.alt_text import fit
from renderer.board import Header, Legend, LegendEntry, RenderOptions, View
from renderer.canvas import MapCanvas, Placement
from renderer.cells import CellPiece
from renderer.labels import label_bounds, label_candidates
from renderer.legend_entries import side_icon
from renderer.open_table.ships import label_sprite
from renderer.pirates.ship_labels import ShipNames, cell_box
from renderer.pirates.ship_labels import CROSSING as GOOD_ENOUGH  # no line over a ship, no name over one
from renderer.pirates.ship_labels import orders as ship_orders
from renderer.plain_card import plain_card
from renderer.squareboard import SquareBoard
from renderer.theme import SIDE_PALETTE, Theme, mix, text_sprite
from renderer.viewport import Viewport, plan
from rules.core.scenarios import scenario_title
from rules.core.tables import squares
from rules.core.texts import side_name, text
from rules.pirates.naming import piece_name

FOG = (196, 200, 206)
SHOALS = (176, 222, 214)
SARGASSO = (178, 196, 120)
COAST = (238, 226, 188)
LAND = (196, 168, 104)
ZONE_FILL = {"fog": FOG, "shoals": SHOALS, "sargasso": SARGASSO}
GOLD, GOLD_EDGE = (240, 196, 60), (120, 84, 10)
WRECK = (120, 120, 120)
FACING = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIAGONAL_WIDTH = 0.36  # of a square (0.45 along the grid)


def _t(code: str, lang: str, **params: Any) -> str:
    return text(f"pirates.{code}", lang, **params)


def _side(side: str, lang: str) -> str:
    """A fleet as players name it ("Red"), as the bot's own lines do."""
    return side_name("pirates", str(side), lang)


def _centre(cells: list[list[int]]) -> tuple[float, float]:
    return (sum(c[0] for c in cells) / len(cells) + 0.5, sum(c[1] for c in cells) / len(cells) + 0.5)


def _name(cell: list[int] | tuple[int, int]) -> str:
    from renderer.squareboard import square_name
    return square_name(squares.Square(int(cell[0]), int(cell[1])))


class PiratesBoard(SquareBoard):
    kind = "square"
    # Each fleet in the colour it is named after (renderer/side_colours.py), from the
    # colour-blind-safe palette the theme's seats use: the Red fleet vermillion, the Blue
    # blue, the Green bluish green, the Gold orange.
    side_colours = {"red": SIDE_PALETTE[1], "blue": SIDE_PALETTE[0], "green": SIDE_PALETTE[2],
                    "gold": SIDE_PALETTE[4]}

    # -- the sea, the islands, the zones ----------------------------------------------------
    def background(self, view: View, viewport: Viewport, theme: Theme) -> Image.Image:
        img = super().background(view, viewport, theme)
        draw = ImageDraw.Draw(img)

        def box(cell: list[int], inset: float = 0.0) -> tuple[float, float, float, float]:
            a = viewport.to_px(cell[0] + inset, cell[1] + 1 - inset)
            b = viewport.to_px(cell[0] + 1 - inset, cell[1] + inset)
            return (a[0], a[1], b[0], b[1])

        for zone in view.get("zones", []):
            fill = ZONE_FILL[zone["kind"]]
            for cell in zone["squares"]:
                draw.rectangle(box(cell), fill=fill, outline=mix(fill, theme.ink, 0.35), width=2)
                if zone["kind"] == "shoals":
                    x0, y0, x1, y1 = box(cell)
                    for fx, fy in ((0.3, 0.3), (0.7, 0.55), (0.35, 0.75)):
                        cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
                        draw.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=(90, 140, 130))
                elif zone["kind"] == "sargasso":
                    x0, y0, x1, y1 = box(cell)
                    for k in range(3):
                        y = y0 + (k + 1) * (y1 - y0) / 4
                        draw.arc((x0 + 6, y - 5, x1 - 6, y + 5), 200, 340, fill=(96, 120, 48), width=2)
        for island in view.get("islands", []):
            for cell in island["coast"]:
                draw.rectangle(box(cell), fill=COAST, outline=theme.grid)
            for cell in island["land"]:
                draw.rectangle(box(cell), fill=LAND)
            pts = [viewport.to_px(x, y) for x, y in island["outline"]]
            draw.polygon(pts, outline=theme.land_edge, width=3)
        return img

    def plan_viewport(self, view: View, previous: Viewport | None, focus: tuple[str, ...],
                      theme: Theme) -> Viewport:
        """The whole sea and the half square around it, where the column letters and row
        numbers stand: asked for as the interest, so that the scale the planner snaps to
        never leaves the letters under the header (a sea taller than the map's aspect,
        14 x 12, lost them at 1000 px)."""
        _x0, _y0, w, h = self._shifted(view)
        return plan((-0.5, -0.5, w + 0.5, h + 0.5), (w, h), self.map_size(view, theme), previous=previous,
                    max_scale=theme.zoom_cap(self.max_scale), border=0.5)

    def place(self, view: View, data: dict[str, Any]):
        """As the square base places her, a little shorter and narrower on a diagonal so
        that she reads as lying on her own squares: ships side by side on a diagonal are
        0.7 of a square apart, and would touch at the base's width."""
        pose, length, width, cell = super().place(view, data)
        if round(float(data.get("heading", 0)) / 45) % 2:
            length -= 0.25 * (int(data.get("cells", 1)) - 1) + 0.1
            width = DIAGONAL_WIDTH
        return pose, length, width, cell

    # -- what changes ------------------------------------------------------------------------
    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        self._draw_forts(canvas, view)
        self._draw_marines(canvas, view)
        self._draw_wrecks(canvas, view)
        self._draw_marks(canvas, view)
        super().draw(canvas, view, replace(options, labels=False))
        self._draw_masts(canvas, view)
        if options.labels:
            self._place_labels(canvas, view, options)

    def _place_labels(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        """The ships' names beside their bows, clear of every ship's squares
        (renderer/pirates/ship_labels.py), then the islands' names."""
        ringed = self.to_act(view) | set(options.focus)
        shown = {p.id: p for p in sorted((p for p in self.pieces(view) if p.afloat), key=lambda p: p.id not in ringed)}
        ships, frame = [(p, _cells(p.data)[0]) for p in shown.values()], self._sea_frame(canvas, view)
        best: tuple[ShipNames, Placement] | None = None
        for order in ship_orders(list(shown), {p.id: cell_box(canvas.viewport, bow) for p, bow in ships}):
            taken = Placement()
            names = ShipNames(canvas, taken, ships, frame)
            for sid in order:
                p = shown[sid]
                names.add(sid, partial(label_sprite, self.label_name(p, canvas.theme.lang), p.side_index, (),
                                       canvas.theme))
            if best is None or names.cost < best[0].cost:
                best = names, taken
            if names.cost < GOOD_ENOUGH:
                break
        if best is None:  # no ship afloat: the islands' names still
            self.place_map_labels(canvas, view, Placement())
            return
        best[0].paste()
        self.place_map_labels(canvas, view, best[1])

    def _draw_forts(self, canvas: MapCanvas, view: View) -> None:
        """A fort: its four squares walled in its side's colour, a flag on each flag square,
        its guns left in a disc."""
        theme = canvas.theme
        sides = {s: i for i, s in enumerate(view.get("sides", []))}
        draw = canvas.draw
        for fort in view.get("forts", []):
            colour = theme.side_colour(sides.get(fort["side"], 0))
            for cell in fort["squares"]:
                a, b = canvas.px(cell[0] + 0.08, cell[1] + 0.92), canvas.px(cell[0] + 0.92, cell[1] + 0.08)
                draw.rectangle((a[0], a[1], b[0], b[1]), fill=mix(colour, theme.halo, 0.55), outline=colour, width=4)
            for cell in fort["flags"]:
                x, y = canvas.px(cell[0] + 0.35, cell[1] + 0.2)
                top = canvas.px(cell[0] + 0.35, cell[1] + 0.85)[1]
                draw.line((x, y, x, top), fill=theme.ink, width=3)
                draw.polygon([(x, top), (x + canvas.viewport.scale * 0.4, top + canvas.viewport.scale * 0.15),
                              (x, top + canvas.viewport.scale * 0.3)], fill=colour, outline=theme.ink)
            cx, cy = canvas.px(*_centre(fort["squares"]))
            r = max(9.0, canvas.viewport.scale * 0.2)
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=theme.halo, outline=colour, width=3)
            sprite = text_sprite(f"{len(fort['guns'])}", theme.label_px, True, theme.ink, None, 0)
            canvas.paste_centred(sprite, cx, cy)

    def _draw_marines(self, canvas: MapCanvas, view: View) -> None:
        """Marines: a soldier's figure in the fleet's colour on their square (a head on
        a shield-shaped body), so that they read as people, not as a ship or a fort."""
        theme = canvas.theme
        sides = {s: i for i, s in enumerate(view.get("sides", []))}
        draw, unit = canvas.draw, canvas.viewport.scale
        for marine in view.get("marines", []):
            colour = theme.side_colour(sides.get(marine["side"], 0))
            cx, cy = canvas.px(marine["cell"][0] + 0.5, marine["cell"][1] + 0.5)
            w, h = unit * 0.28, unit * 0.3
            body = [(cx - w, cy - h * 0.2), (cx + w, cy - h * 0.2), (cx + w * 0.7, cy + h * 1.1),
                    (cx - w * 0.7, cy + h * 1.1)]
            draw.polygon(body, fill=colour, outline=theme.ink, width=3)
            r = unit * 0.15
            draw.ellipse((cx - r, cy - h * 0.2 - 2 * r, cx + r, cy - h * 0.2), fill=theme.halo, outline=theme.ink,
                         width=3)
            draw.line((cx + w * 0.9, cy - h * 1.2, cx + w * 0.9, cy + h * 0.6), fill=theme.ink, width=3)

    def _draw_wrecks(self, canvas: MapCanvas, view: View) -> None:
        """A derelict or a wreck: a crossed square on each of her squares, edged in her
        fleet's colour (a derelict still counts for her fleet, and may be towed home)."""
        draw = canvas.draw
        sides = {s: i for i, s in enumerate(view.get("sides", []))}
        for piece in self.pieces(view):
            if piece.afloat:
                continue
            edge = canvas.theme.side_colour(sides.get(piece.side, 0))
            for cell in _cells(piece.data):
                a, b = canvas.px(cell[0] + 0.15, cell[1] + 0.85), canvas.px(cell[0] + 0.85, cell[1] + 0.15)
                draw.rectangle((a[0], a[1], b[0], b[1]), fill=WRECK, outline=edge, width=4)
                draw.line((a[0], a[1], b[0], b[1]), fill=canvas.theme.halo, width=3)
                draw.line((a[0], b[1], b[0], a[1]), fill=canvas.theme.halo, width=3)

    def _draw_marks(self, canvas: MapCanvas, view: View) -> None:
        """A coin for the hidden treasure of each island and zone, with how many; the die
        left on a zone."""
        theme = canvas.theme
        for place in [*view.get("islands", []), *view.get("zones", [])]:
            cells = place.get("land") or place.get("coast") or place.get("squares")
            if not cells:
                continue
            cx, cy = canvas.px(*_centre(place.get("land") or place.get("squares") or cells))
            # face-down treasure only: what is banked face up is in the header
            hidden = [t for t in place.get("treasure", []) if t["value"] is None]
            if hidden:
                self._coin(canvas, cx, cy, str(len(hidden)))
            if place.get("die") is not None:
                sprite = text_sprite(f"d{place['die']}", theme.name_px, True,
                                     theme.ink, theme.halo, 3)
                canvas.paste_centred(sprite, cx, cy + canvas.viewport.scale * 0.45)

    def _coin(self, canvas: MapCanvas, cx: float, cy: float, label: str) -> None:
        r = max(11.0, canvas.viewport.scale * 0.28)
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_EDGE, width=3)
        sprite = text_sprite(label, canvas.theme.name_px, True, canvas.theme.ink, None, 0)
        canvas.paste_centred(sprite, cx, cy)

    def label_name(self, piece: CellPiece, lang: str) -> str:
        """A ship without a name of her own worded in the reader's language ("sloop rosso 3")."""
        return piece_name(piece.data, lang)

    def place_map_labels(self, canvas: MapCanvas, view: View, taken: Placement) -> None:
        """Each island's name, on the island if it fits clear of its treasure coin, else
        beside it, never over a ship, a ship's label, a coin or a die (where the sea has
        room: else where it hides least)."""
        theme = canvas.theme
        taken.taken.extend(self._mark_boxes(canvas, view))
        bounds = self._sea_frame(canvas, view)
        for island in view.get("islands", []):
            pts = [canvas.px(x, y) for x, y in island["outline"]]
            x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
            x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
            sprite = text_sprite(island["name"], theme.label_px, True, theme.land_ink, theme.halo, 3)
            w, h = sprite.size
            cx = (x0 + x1) / 2
            inside = [(cx - w / 2, y0 + 4, cx + w / 2, y0 + 4 + h), (cx - w / 2, y1 - 4 - h, cx + w / 2, y1 - 4)]
            # Beside it, no further: a name pushed far off would name the wrong island.
            near = [c for c, _ in label_candidates((x0, y0, x1, y1), w, h, rings=2)]
            candidates = [r for r in inside if w <= x1 - x0] + near
            rect = taken.best(candidates, bounds)
            taken.taken.append(rect)
            canvas.paste(sprite, rect[0], rect[1])

    @staticmethod
    def _sea_frame(canvas: MapCanvas, view: View) -> tuple[float, float, float, float]:
        """Inside the sea's frame: the column letters and row numbers stand just outside it."""
        board = view.get("board") or {}
        a, b = canvas.px(0, board.get("rows", 0)), canvas.px(board.get("cols", 0), 0)
        frame = (a[0] + 3, a[1] + 3, b[0] - 3, b[1] - 3)
        return frame if frame[2] > frame[0] and frame[3] > frame[1] else label_bounds(canvas)

    def _mark_boxes(self, canvas: MapCanvas, view: View) -> list[tuple[float, float, float, float]]:
        """Where the coins, dice and mast discs stand (drawn by _draw_marks, _draw_masts)."""
        out = []
        r = max(11.0, canvas.viewport.scale * 0.28)
        for place in [*view.get("islands", []), *view.get("zones", [])]:
            cells = place.get("land") or place.get("squares") or place.get("coast")
            if not cells:
                continue
            cx, cy = canvas.px(*_centre(cells))
            if any(t["value"] is None for t in place.get("treasure", [])):
                out.append((cx - r, cy - r, cx + r, cy + r))
            if place.get("die") is not None:
                dy = canvas.viewport.scale * 0.45
                out.append((cx - 20, cy + dy - 14, cx + 20, cy + dy + 14))
        for fort in view.get("forts", []):
            for cell in fort["squares"]:
                a, b = canvas.px(cell[0], cell[1] + 1), canvas.px(cell[0] + 1, cell[1])
                out.append((a[0], a[1], b[0], b[1]))
        return out

    def _draw_masts(self, canvas: MapCanvas, view: View) -> None:
        """The masts left, in a white disc on the bow square: a player's first question."""
        theme = canvas.theme
        for piece in self.pieces(view):
            if not piece.afloat:
                continue
            x, y = piece.data["x"] + 0.5, piece.data["y"] + 0.5
            cx, cy = canvas.px(x, y)
            r = max(9.0, canvas.viewport.scale * 0.2)
            canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.halo, outline=theme.ink, width=2)
            sprite = text_sprite(str(piece.data.get("masts_left", "")), theme.label_px, True, theme.ink, None, 0)
            canvas.paste_centred(sprite, cx, cy)
            hold = piece.data.get("hold") or []
            if hold:
                hx, hy = canvas.px(x + 0.32, y + 0.32)
                self._coin(canvas, hx, hy, str(len(hold)))

    # -- words -----------------------------------------------------------------------------
    def status_line(self, view: View, lang: str = "en") -> str:
        line = _t("head.turn", lang, turn=view.get("turn"), limit=view.get("turns_limit"))
        if view.get("over"):
            result = (_t("word.winner", lang, side=_side(view["winner"], lang)) if view.get("winner") else _t("word.draw", lang))
            return f"{line} · " + _t("head.over", lang, result=result)
        if view.get("step") == "fire":
            return f"{line} · " + _t("head.step-fire", lang)
        if view.get("step") == "extra":
            return f"{line} · " + _t("head.step-extra", lang)
        if view.get("acting"):
            return f"{line} · " + _t("head.step-manoeuvre", lang, side=_side(view["acting"], lang))
        return line

    def header(self, view: View, lang: str = "en") -> Header:
        banked = ", ".join(f"{_side(s, lang)} {v}" for s, v in (view.get("banked") or {}).items())
        title = scenario_title(view.get("title"), lang) or str(view.get("scenario") or "")
        return Header(title=title,
                      lines=(self.status_line(view, lang), _t("head.banked", lang, banked=banked)))

    def legend(self, view: View, theme: Theme) -> Legend:
        lang = theme.lang
        sides = list(view.get("sides", []))
        banked = view.get("banked") or {}
        fleets = tuple(LegendEntry(f"{_side(s, lang)} ({banked.get(s, 0)})", side_icon(i, theme)) for i, s in enumerate(sides))

        def square(fill, dots=None):
            def paint(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
                draw.rectangle(box, fill=fill, outline=theme.ink)
            return paint

        def coin(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
            draw.ellipse(box, fill=GOLD, outline=GOLD_EDGE, width=2)

        def disc(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
            draw.ellipse(box, fill=theme.halo, outline=theme.ink, width=2)

        marks = (LegendEntry(_t("legend.island", lang), square(LAND)),
                 LegendEntry(_t("legend.fog", lang), square(FOG)),
                 LegendEntry(_t("legend.shoals", lang), square(SHOALS)),
                 LegendEntry(_t("legend.sargasso", lang), square(SARGASSO)),
                 LegendEntry(_t("legend.treasure", lang), coin, icon_width=22),
                 LegendEntry(_t("legend.masts", lang), disc, icon_width=22))
        return Legend(key=("pirates", lang, tuple(sides), tuple(sorted(banked.items()))),
                      sections=((_t("legend.sides", lang), fleets), (_t("legend.map", lang), marks)))

    def sentence(self, view: View, piece: CellPiece, lang: str = "en") -> str:
        d = piece.data
        status = ""
        if d.get("status") in ("derelict", "wreck"):
            status = _t(f"status.{d['status']}", lang)
        elif d.get("fog"):
            status = _t("status.fog", lang)
        elif d.get("docked"):
            status = _t("status.docked", lang)
        return _t("alt.ship", lang, name=piece_name(d, lang), side=_side(piece.side, lang), square=piece.cell,
                  facing=_t(f"word.facing-{round(piece.pose.heading / 45) % 8}", lang),
                  masts=d.get("masts_left"), of=d.get("masts"), status=status)

    def describe(self, view: View, lang: str = "en") -> str:
        board = view.get("board") or {}
        head = _t("alt.intro", lang, cols=board.get("cols"), rows=board.get("rows"), turn=view.get("turn"))
        head += " " + self.status_line(view, lang).replace(" · ", ", ") + "."
        ringed = set(view.get("to_act") or ())
        ships = sorted(self.pieces(view), key=lambda p: p.id not in ringed)
        places = [_t("alt.island", lang, name=i["name"], kind=_t(f"kind.{i['kind']}", lang),
                     square=_name(i["coast"][0] if i["coast"] else i["land"][0]),
                     count=sum(t["value"] is None for t in i["treasure"]))
                  for i in view.get("islands", [])]
        places += [_t("alt.zone", lang, kind=_t(f"word.{z['kind']}", lang), square=_name(z["squares"][0]),
                      die=_t("alt.die", lang, die=z["die"]) if z.get("die") is not None else "")
                   for z in view.get("zones", []) if z["squares"]]
        places += [_t("alt.marine", lang, side=_side(m["side"], lang), square=_name(m["cell"]))
                   for m in view.get("marines", [])]
        return fit(head, [self.sentence(view, p, lang) for p in ships] + places, "")

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        lang = theme.lang
        fort = next((f for f in view.get("forts", []) if f["id"] == piece_id), None)
        if fort is not None:
            guns = ", ".join(f"{g['range']}{g['score']}" for g in fort["guns"]) or "-"
            hold = ", ".join(str(t["value"]) for t in fort["treasure"] if t["value"] is not None) or "-"
            return plain_card(f"{piece_name(fort, lang)} ({_side(fort['side'], lang)})", [
                _t("card.fort", lang, squares=" ".join(_name(c) for c in fort["squares"]),
                   flags=" ".join(_name(c) for c in fort["flags"])),
                _t("card.guns", lang, guns=guns), _t("card.hold", lang, hold=hold),
                _t("card.guests", lang, guests=", ".join(_side(g, lang) for g in fort.get("guests", []))
                   or _t("form.permit-none", lang))], theme)
        crews = {c["id"]: (c, piece_name(s, lang)) for s in view["ships"] for c in s["crew"]}
        crews.update({c["id"]: (c, i["name"]) for i in view.get("islands", []) for c in i.get("crew", [])})
        if piece_id in crews:
            crew, where = crews[piece_id]
            ability = _t(f"word.{crew['ability']}", lang) if crew.get("ability") else "-"
            return plain_card(crew["name"] or _t("card.face-down", lang), [
                _t("card.crew-of", lang, side=_side(crew["side"], lang), where=where), _t("card.ability", lang, ability=ability)],
                theme)
        known = [s["id"] for s in view["ships"]] + [f["id"] for f in view.get("forts", [])] + list(crews)
        if piece_id not in known:
            raise KeyError(f"no ship or fort {piece_id!r} in this view; there are: {', '.join(known)}")
        d = next(s for s in view["ships"] if s["id"] == piece_id)
        guns = ", ".join(f"{g['range']}{g['score']}" for g in d.get("guns", [])) or "-"
        crew = ", ".join(c["name"] or "?" for c in d.get("crew", [])) or "-"
        hold = ", ".join(str(t["value"]) if t["value"] is not None else "?" for t in d.get("hold", [])) or "-"
        status = _t(f"status.{d['status']}", lang) if d.get("status") in ("derelict", "wreck") else ""
        lines = [_t("card.where", lang, square=_name((d["x"], d["y"])),
                    facing=_t(f"word.facing-{round(d['heading'] / 45) % 8}", lang), status=status),
                 _t("card.masts", lang, left=d["masts_left"], of=d["masts"], speed=d["speed"], cargo=d["cargo"]),
                 _t("card.guns", lang, guns=guns), _t("card.crew", lang, crew=crew), _t("card.hold", lang, hold=hold)]
        return plain_card(f"{piece_name(d, lang)} ({_side(d['side'], lang)})", lines, theme)

    def signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("step"), view.get("acting"), view.get("over"),
                tuple((s["id"], s["x"], s["y"], s["heading"], s["status"], s["masts_left"], len(s["hold"]))
                      for s in view.get("ships", [])),
                tuple((z["id"], z.get("die"), len(z["treasure"])) for z in view.get("zones", [])),
                tuple((i["id"], len(i["treasure"])) for i in view.get("islands", [])),
                tuple((f["id"], len(f["guns"])) for f in view.get("forts", [])))


def _cells(data: dict[str, Any]) -> list[tuple[int, int]]:
    place = squares.ShipPlace(squares.Square(int(data["x"]), int(data["y"])), round(data["heading"] / 45) % 8,
                              int(data.get("cells", 1)))
    return [(s.col, s.row) for s in place.squares()]
