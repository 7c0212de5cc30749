"""Signal Close Action's map: an open table in millimetres, ships on their bases by
rate with three masts, the sail set shown by the masts' yards, badges for fire, a
struck or captured ship, a tack, a contact, ships entangled (optional rule 7) and sails aback (taken aback,
or a failed tack drifting: optional rule 5); the wind in the header's rose; a ship's
firing sectors to long range when she is to act."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from PIL import Image, ImageDraw

from renderer.board import Header, View
from renderer.canvas import MapCanvas
from renderer.markers import LocalToPx, local_rect
from renderer.open_table.board import Sections, ShipsBoard
from renderer.open_table.ships import (Badge, BadgePart, LabelPart, Look, TableShip, badge_entries, badges_shown)
from renderer.plain_card import plain_card
from renderer.alt_text import fit
from renderer.theme import Theme
from rules.core.tables.sectors import sector_polygon
from rules.core.texts import known, text

BADGES = (Badge("fire", "on fire"), Badge("struck", "struck", "⚑"), Badge("captured", "captured", "P"),
          Badge("tack", "tacking", "↻"), Badge("contact", "in contact", "×"), Badge("wreck", "rigging over the side", "W"),
          Badge("entangled", "entangled", "∞"), Badge("aback", "sails aback", "⇊"))
BADGE_OF = {b.kind: b for b in BADGES}
BADGE_WORD = {"fire": "sca.map.fire", "struck": "sca.map.struck", "captured": "sca.status.captured",
              "tack": "sca.map.tack", "contact": "sca.map.contact", "wreck": "sca.map.wreck",
              "entangled": "sca.map.entangled", "aback": "sca.map.aback"}
LONG = 700.0


@dataclass(frozen=True, eq=False)
class ScaShip(TableShip):
    @property
    def masts(self) -> int:
        return 0 if self.data.get("fixed") else min(3, max(1, int(self.data.get("rigging", 6) + 1) // 2))

    @property
    def afloat(self) -> bool:
        return self.data.get("state", "afloat") in ("afloat", "struck", "captured")


@dataclass(frozen=True)
class ScaLook(Look):
    masts: int = 3
    sail: str = "easy"


def paint_bowsprit(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: ScaLook,
                   theme: Theme) -> None:
    if look.masts == 0:
        return
    L = look.length
    draw.line([at(L / 2, 0), at(L / 2 + max(0.18 * L, 6 / px_per_unit), 0)], fill=theme.ink,
              width=max(int(round(2 * k)), 1))


def paint_masts(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: ScaLook,
                theme: Theme) -> None:
    """A yard across each mast, as wide as the sail she has set (none when furled)."""
    L, W = look.length, look.width
    offsets = {3: (-0.3, 0.0, 0.3), 2: (-0.2, 0.2), 1: (0.0,)}.get(look.masts, ())
    # optional rule 5's six settings widen the yards step by step
    spread = {"full": 0.95, "easy": 0.6, "furled": 0.0, "storm": 0.35, "topsails": 0.45, "plain": 0.85,
              "studding": 1.05}.get(look.sail, 0.6)
    rect = local_rect(at)
    for o in offsets:
        a = o * L
        if spread:
            draw.line([at(a, -W / 2 * spread), at(a, W / 2 * spread)], fill=(250, 250, 245),
                      width=max(int(round(3 * k)), 1))
        r = 0.035 * L
        draw.polygon(rect(a - r, a + r, -r, r), fill=theme.ink)


LASHING = (150, 95, 40)  # a rope's brown: the line between two entangled ships


def lashings(view: View) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each entangled pair once, as the two centres."""
    ships = {s["id"]: s for s in view.get("ships", [])}
    seen: set[frozenset[str]] = set()
    out = []
    for s in ships.values():
        for o in s.get("entangled") or ():
            pair = frozenset((s["id"], o))
            if o in ships and pair not in seen:
                seen.add(pair)
                out.append(((s["x"], s["y"]), (ships[o]["x"], ships[o]["y"])))
    return out


def rigging_limits(ship: dict[str, Any], lang: str) -> list[str]:
    """Optional rule 9 vii on the ship card: what her jury-rigged RDCs allow, or that she is adrift."""
    if ship.get("adrift"):
        return [text("sca.card.adrift", lang)]
    n = int(ship.get("jury_rigged") or 0)
    if n >= 5:
        return [text("sca.card.jury-half", lang, n=n)]
    return [text("sca.card.jury", lang, n=n)] if n >= 3 else []


def unloaded(ship: dict[str, Any], lang: str) -> list[str]:
    """Optional rule 6 on the ship card: the broadsides she fired and has not reloaded (with two segments
    her form offers every side to fire and to reload, so the card is where she reads which are empty)."""
    empty = sorted(ship.get("unloaded") or ())
    if not empty:
        return []
    sides = text("sca.fire.both", lang) if len(empty) == 2 else text(f"sca.fire.{empty[0]}", lang)
    return [text("sca.card.unloaded", lang, sides=sides)]


def tangled_with(ship: dict[str, Any], names: dict[str, str], lang: str) -> str:
    others = [names.get(i, i) for i in ship.get("entangled") or ()]
    return ", " + text("sca.map.alt-entangled", lang, names=", ".join(others)) if others else ""


def side_name(side: str, lang: str) -> str:
    code = f"sca.sidename.{side}"
    return text(code, lang) if known(code) else side


class ScaBoard(ShipsBoard):
    ruleset = "sca"
    ship_class = ScaShip
    grid_inches = 150.0  # millimetres here: a square of the grid is 150 mm
    margin = 160.0
    max_scale = 2.2  # px per millimetre
    bow = staticmethod(paint_bowsprit)
    deck = staticmethod(paint_masts)

    def lang(self, theme: Theme) -> str:
        return getattr(theme, "lang", "en")

    # The house rules' 1/3000 scale: the view measures in its millimetres (``mm_factor`` 2.5
    # of the rulebook's in one), so the grid, the margin and the zoom follow and the picture
    # stays the one of the same sea.
    def at_scale(self, view: View) -> "ScaBoard":
        f = float(view.get("mm_factor") or 1.0)
        if f == 1.0:
            return self
        board = copy.copy(self)
        board.grid_inches, board.margin, board.max_scale = self.grid_inches / f, self.margin / f, self.max_scale * f
        return board

    def plan_viewport(self, view: View, *args: Any, **kw: Any) -> Any:
        return super(ScaBoard, self.at_scale(view)).plan_viewport(view, *args, **kw)

    def background(self, view: View, *args: Any, **kw: Any) -> Any:
        return super(ScaBoard, self.at_scale(view)).background(view, *args, **kw)

    def square(self, view: View, x: float, y: float) -> str:
        return super(ScaBoard, self.at_scale(view)).square(view, x, y)

    def draw_grid_labels(self, canvas: MapCanvas, view: View) -> None:
        super(ScaBoard, self.at_scale(view)).draw_grid_labels(canvas, view)

    def ring_ids(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> set[str]:
        return {str(i) for i in view.get("to_act") or ()} | set(focus)

    def marked(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> list[Any]:
        return [s for s in shown if s.id in focus]

    def look_of(self, ship: ScaShip, theme: Theme, ring: bool) -> ScaLook:
        from renderer.open_table.ships import side_fill
        pale = ship.data.get("state") in ("struck", "captured")
        return ScaLook(ship.length, ship.width, side_fill(ship.side_index, theme, pale), ring, ship.masts,
                       str(ship.data.get("canvas", ship.data.get("sail", "easy"))))

    def marker_reach(self, ship: ScaShip, scale: float) -> float:
        return ship.length * 0.75 + 10 / scale

    def draw_ranges(self, canvas: MapCanvas, view: View, marked: Sequence[Any], focus: tuple[str, ...]) -> None:
        for ship in marked:
            for side in ("port", "starboard"):
                poly = sector_polygon(ship.pose, ship.length, ship.width, side,
                                      LONG / float(view.get("mm_factor") or 1.0))
                canvas.translucent(canvas.poly_px(list(poly.exterior.coords)),
                                   fill=canvas.theme.reach + (40,))

    def label_parts(self, view: View, ship: ScaShip, theme: Theme) -> tuple[LabelPart, ...]:
        state = ship.data.get("state")
        flags = {"fire": bool(ship.data.get("fires")) or bool(ship.data.get("fireship_lit")),
                 "struck": state == "struck", "captured": state == "captured", "tack": bool(ship.data.get("tack")),
                 "contact": bool(ship.data.get("contacts")) and not ship.data.get("entangled"),
                 "wreck": bool(ship.data.get("wreck")), "entangled": bool(ship.data.get("entangled")),
                 "aback": bool(ship.data.get("aback"))}
        return tuple(BadgePart(BADGE_OF[k]) for k in badges_shown(BADGES, flags))

    def legend_sections(self, view: View, ships: Sequence[Any], theme: Theme) -> tuple[tuple[Hashable, ...], Sections]:
        lang = self.lang(theme)
        return (lang,), ((text("sca.map.status", lang), badge_entries(BADGES, theme,
                                                                       lambda b: text(BADGE_WORD[b.kind], lang))),)

    def sides_words(self, theme: Theme) -> tuple[str, str]:
        return text("sca.map.sides", self.lang(theme)), "{n}"

    # -- words ----------------------------------------------------------------------

    def status_line(self, view: View, lang: str = "en") -> str:
        if view.get("over"):
            return text("sca.map.over", lang, turn=view.get("turn"))
        if view.get("step") == "scenario":
            return text("sca.map.scenario", lang)
        if view.get("cards"):
            return text("sca.map.turn-cards", lang, turn=view.get("turn"), turns=view.get("turns_limit"))
        return text("sca.map.turn", lang, turn=view.get("turn"), turns=view.get("turns_limit"),
                    side=side_name(str(view.get("acting")), lang))

    def wind_line(self, view: View, lang: str) -> str:
        line = text("sca.map.wind", lang, wind=view.get("wind_point"),
                    strength=text(f"sca.strength.{view.get('strength')}", lang))
        if view.get("scale") == "1/3000":
            line += text("sca.map.scale", lang, scale=view["scale"])
        return line

    def header(self, view: View, lang: str = "en") -> Header:
        title = str(view.get("title") or "")
        title = text(title, lang) if known(title) else title  # a scenario's title is a code of the catalogue
        return Header(title=title or "Signal Close Action",
                      lines=(self.status_line(view, lang), self.wind_line(view, lang)),
                      wind_from=float(view.get("wind", 0.0)))

    def describe(self, view: View, lang: str = "en") -> str:
        head = text("sca.map.alt", lang, turn=view.get("turn"), wind=view.get("wind_point"),
                    strength=text(f"sca.strength.{view.get('strength')}", lang))
        names = {s["id"]: s["name"] for s in view.get("ships", [])}
        sentences = [text("sca.map.alt-ship", lang, name=s["name"], side=side_name(s["side"], lang), x=round(s["x"]),
                          y=round(s["y"]), heading=s["point"], status=text(f"sca.status.{s['state']}", lang))
                     + tangled_with(s, names, lang) + "." for s in view.get("ships", [])]
        return fit(head, sentences, "")

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        s = next((x for x in view.get("ships", []) if x["id"] == piece_id), None)
        if s is None:
            raise KeyError(f"no ship {piece_id!r} in this view")
        lang = self.lang(theme)
        lines = [text(code, lang, **params) for code, params in (
            ("sca.card.type", {"type": s["type"], "rate": s["rate"], "crew": text(f"sca.crew.{s['crew']}", lang),
                               "side": side_name(s["side"], lang)}),
            ("sca.card.sail", {"sail": text(f"sca.sail.{s.get('canvas', s['sail'])}", lang), "heading": s["point"]}),
            ("sca.card.dc", {"hull": s["hull"] - s["hull_lost"], "hull_all": s["hull"],
                             "rig": s["rigging"] - s["rigging_lost"], "rig_all": s["rigging"], "dc": s["dc"]}),
            ("sca.card.bf", {"bf": s["bf"], "port": s["hull_sides"]["port"], "starboard": s["hull_sides"]["starboard"],
                             "status": text(f"sca.status.{s['state']}", lang)}))]
        return plain_card(s["name"], lines + unloaded(s, lang) + rigging_limits(s, lang), theme)

    def draw_over(self, canvas: MapCanvas, view: View, taken: Any) -> None:
        """Optional rule 7: a line lashing the centres of every two ships entangled together, over
        the ships, so that in a chain of collisions a player sees who is fouled with whom."""
        super().draw_over(canvas, view, taken)
        r = 3
        for a, b in lashings(view):
            pa, pb = canvas.px(*a), canvas.px(*b)
            canvas.draw.line([pa, pb], fill=LASHING, width=3)
            for x, y in (pa, pb):
                canvas.draw.ellipse([x - r, y - r, x + r, y + r], fill=LASHING, outline=canvas.theme.ink)

    def view_signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("step"), view.get("acting"), view.get("wind"), view.get("strength"))

    def ship_signature(self, view: View, ship: Any) -> Hashable:
        d = ship.data
        return (super().ship_signature(view, ship), d.get("state"), d.get("canvas", d.get("sail")), d.get("fires"), d.get("tack"),
                d.get("hull_lost"), d.get("rigging_lost"), tuple(d.get("contacts") or ()), d.get("wreck"),
                tuple(d.get("entangled") or ()), d.get("aback"))
