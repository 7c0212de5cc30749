"""``ShipsBoard``: the skeleton of a board of ships on an open table.

It owns the drawing order and everything done alike on every such map; a ruleset's
board subclasses it and fills the hooks with what its ships show:

=====================  ============================================================
hook                   what the board says
=====================  ============================================================
``ship_class``         its ``TableShip`` (how the view's ship dict is read)
``on_table(ship)``     whether she is drawn (default: afloat)
``ring_ids``           the pieces with the yellow ring (to act, focused)
``marked``             the ships whose ranges and reach are drawn
``look_of``, ``bow``,  her look, and what the painter draws beyond the base and on
``deck``               the hull (``renderer.open_table.ships.paint_ship``)
``marker_reach``       how far her marker reaches from her centre
``reach_of``           her ``Reach`` this move, or None
``label_parts``        the row under her name (gauges, chips, ``BadgePart``s)
``draw_under``         what lies under every ship (deployment zones, wrecks)
``draw_ranges``,       firing sectors under the reach / their edges over it
``draw_range_edges``
``draw_fixtures``      pieces that are not ships, drawn before them (forts)
``extra_labels``       their labels, placed with the ships'
``draw_over``          what goes over the grid labels (a scale bar)
``legend_sections``    the legend after the sides, and what its cache key adds
``view_signature``,    what changes the map (``signature``)
``ship_signature``
=====================  ============================================================

and ``header``, ``describe`` and ``card``, which every ``renderer.board.Board`` has: the
skeleton's are plain (title and turn; a sentence per ship with her square, heading and
nearest enemy; a card of the same facts), for a board to start from.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Hashable, Iterable, Sequence

from PIL import Image, ImageDraw
from shapely.geometry import Polygon

from renderer.alt_text import fit, nearest_enemy
from renderer.board import Header, Legend, LegendEntry, RenderOptions, View
from renderer.canvas import MapCanvas, Placement
from renderer.labels import LabelBatch, base_box, paste_labels, place_label
from renderer.open_table.action import (Shot, draw_shot, draw_wreck, framed, fresh_icon, lost_this_turn, shot_anchor,
                                        shot_icon, shot_ids, shot_tag, shots_of, within, wreck_icon, wreck_label)
from renderer.open_table.inset import draw_inset, inset_icon, place_inset
from renderer.legend_entries import afloat_counts, mini_marker, side_entries
from renderer.markers import TRAIL_DOT_PX, LocalToPx, draw_marker, draw_trail
from renderer.open_table.ships import (LabelPart, Look, Reach, ReachStyle, TableShip, draw_reach_lines, label_sprite,
                                       paint_ship, shade_fans)
from renderer.open_table.table import OpenTableBoard
from renderer.pieces import side_indices, side_label
from renderer.plain_card import plain_card
from renderer.theme import Theme, mix
from renderer.viewport import Box, union
from renderer.words import TEXTS
from rules.core.scenarios import scenario_title
from rules.core.tables.compass import compass

Sections = tuple[tuple[str, tuple[LegendEntry, ...]], ...]
# (piece id, its base, the label's maker) for a piece that is not a ship.
Labelled = tuple[str, Polygon, Callable[[], Image.Image]]


def no_marks(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: Any,
             theme: Theme) -> None:
    """A painter hook that paints nothing."""


class ShipsBoard(OpenTableBoard):
    """An open table with ships: a ruleset's board fills the hooks (module docstring)."""

    ruleset = ""
    ship_class: type[TableShip] = TableShip
    reach_style = ReachStyle(alpha=70)
    label_pad = 3.0  # px kept round a base when placing labels
    label_acting_first = True  # label the pieces to act first, so theirs get the best places
    name_max_px: int | None = None  # cut longer names on the map
    side_words = "{n}"  # the sides' legend entries: what is said of the n ships afloat
    # Legend miniatures: margin px, stretch for what reaches past the base, shift px left.
    mini = (10.0, 1.3, 3.0)

    # -- the pieces -------------------------------------------------------------------

    def ships_of(self, view: View) -> list[Any]:
        idx = side_indices(view)
        return [self.ship_class(s, idx[str(s["side"])]) for s in view.get("ships", [])]

    def on_table(self, ship: Any) -> bool:
        return bool(ship.afloat)

    def ring_ids(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> set[str]:
        return {s.id for s in shown if s.id in focus}

    def marked(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> list[Any]:
        return [s for s in shown if s.id in focus]

    # Ships this near (table units) to the ships in action are framed with them.
    near_action = 13.0
    wreck_statuses: tuple[str, ...] = ("sunk", "wrecked")
    draws_shots = True  # a ruleset whose view has no shots leaves them out of its full key
    shot_key = "map.key.shot"  # the key's words for a shot (a broadside)
    keys_new_damage = True  # the key's red gauge; a board that marks new damage otherwise says so

    def in_action(self, view: View, shown: Sequence[Any], focus: tuple[str, ...]) -> set[str]:
        """The ships the automatic view frames: the focused ones, else the ones to act,
        that fired or were fired at, or that moved this phase."""
        if focus:
            return set(focus)
        moved = {s.id for s in shown if len(s.data.get("trail") or ()) > 1}
        return self.ring_ids(view, shown, ()) | shot_ids(view) | moved

    def framed(self, view: View, focus: tuple[str, ...], everyone: bool = False) -> list[Any]:
        """The ships in action and those near them (all the ships when none acts, or
        ``everyone``)."""
        shown = [s for s in self.ships_of(view) if self.on_table(s)]
        return shown if everyone else framed(shown, self.in_action(view, shown, focus), self.near_action)

    def piece_boxes(self, view: View, focus: tuple[str, ...], everyone: bool = False) -> list[Box]:
        boxes = [s.base().bounds for s in self.framed(view, focus, everyone)]
        wrecks = self.wrecks(view, self.ships_of(view))
        box = union(boxes)
        # A wreck of this turn near the fight is part of it.
        return boxes + [w.base().bounds for w in wrecks
                        if box is None or within(box, w.base().bounds, self.near_action)]

    # -- a ship's marker ----------------------------------------------------------------

    def look_of(self, ship: Any, theme: Theme, ring: bool) -> Look:
        return Look(ship.length, ship.width, theme.side_colour(ship.side_index), ring)

    bow = staticmethod(no_marks)
    deck = staticmethod(no_marks)

    def paint(self, draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: Any,
              theme: Theme) -> None:
        paint_ship(draw, at, px_per_unit, k, look, theme, self.bow, self.deck)

    def marker_reach(self, ship: Any, scale: float) -> float:
        """Table units from her centre that her marker (ring, bow) may cover."""
        return max(ship.length, ship.width) + 9 / scale

    def mini_ship(self, look: Any, theme: Theme) -> Any:
        """A ship's marker in miniature, for the legend."""
        margin, stretch, shift = self.mini
        return mini_marker(look, look.length, self.paint, theme, margin=margin, stretch=stretch, shift=shift)

    def reach_of(self, view: View, ship: Any) -> Reach | None:
        return None

    def label_parts(self, view: View, ship: Any, theme: Theme) -> tuple[LabelPart, ...]:
        return ()

    # -- drawing ------------------------------------------------------------------------

    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        ships = self.ships_of(view)
        shown = [s for s in ships if self.on_table(s)]
        ring_ids = self.ring_ids(view, shown, options.focus)
        wrecks = self.wrecks(view, ships)
        self.draw_under(canvas, view, ships)
        for wreck in wrecks:
            draw_wreck(canvas, wreck)
        reach_boxes: list[tuple[float, float, float, float]] = []
        if options.overlays:
            reach_boxes = self.draw_overlays(canvas, view, self.marked(view, shown, options.focus), options.focus)
        self.draw_fixtures(canvas, view, ring_ids)
        for ship in shown:
            draw_trail(canvas, ship.data.get("trail") or [],
                       mix(canvas.theme.side_colour(ship.side_index), (0, 0, 0), 0.2))
        shots = self.shots(view, ships)
        for shot in shots:
            draw_shot(canvas, shot, *self.shot_gaps(canvas, shot))
        for ship in shown:
            self.draw_ship(canvas, ship, ship.id in ring_ids)
        taken = Placement()
        self.take_obstacles(canvas, view, shown, ring_ids, taken)
        w, h, land = self.table(view)
        # A replay's frames (no legend) keep one steady view of every ship: no inset.
        inset = place_inset(canvas, w, h, taken, avoid=reach_boxes) if options.legend else None
        if options.labels:
            batch: LabelBatch = []
            self.draw_labels(canvas, view, shown, ring_ids, taken, batch)
            for wreck in wrecks:
                place_label(canvas, taken, base_box(canvas, wreck.base(), self.label_pad),
                            partial(wreck_label, wreck.name, canvas.theme), batch=batch)
            for shot in shots:
                place_label(canvas, taken, shot_anchor(canvas, shot, self.shot_gaps(canvas, shot)[1]),
                            partial(shot_tag, shot, canvas.theme), batch=batch)
            paste_labels(canvas, batch)
        self.draw_grid_labels(canvas, view)
        if inset is not None:
            dots = [(s.pose.x, s.pose.y, canvas.theme.side_colour(s.side_index)) for s in shown]
            draw_inset(canvas, inset, w, h, land, self.depth_zones(view), dots)
        self.draw_over(canvas, view, taken)

    # -- what just happened -------------------------------------------------------------

    def piece_point(self, view: View, piece_id: str) -> tuple[tuple[float, float], int] | None:
        """Where a piece that is not a ship stands (a fort's battery), and its side's
        place in the palette, for the shots it fires or takes."""
        return None

    def shots(self, view: View, ships: Sequence[Any]) -> list[Shot]:
        where = {s.id: ((s.pose.x, s.pose.y), s.side_index) for s in ships
                 if s.data.get("x") is not None and s.data.get("y") is not None}
        for shot in view.get("shots") or []:
            for pid in (str(shot["firer"]), str(shot["target"])):
                if pid not in where:
                    point = self.piece_point(view, pid)
                    if point is not None:
                        where[pid] = point
        return shots_of(view, where)

    def shot_gaps(self, canvas: MapCanvas, shot: Shot) -> tuple[float, float]:
        """How far short of the firer's and the target's centres a shot's line stops (px)."""
        return 10.0, 14.0

    def obstacle_box(self, canvas: MapCanvas, ship: Any, ring: bool) -> tuple[float, float, float, float]:
        """What a ship's marker covers on the map (px): her base, her bow's mark beyond
        it and the ring, and ``label_pad`` round them."""
        scale = canvas.viewport.scale
        bow = self.bow_length(ship, scale)
        front = ship.to_world(ship.length / 2 + bow, 0.0)
        xs, ys = zip(*(canvas.poly_px(ship.base().exterior.coords) + [canvas.px(*front)]))
        pad = self.label_pad + (7 if ring else 0)
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)

    def bow_length(self, ship: Any, scale: float) -> float:
        """How far (table units) her bow's mark reaches beyond the base."""
        return 0.0

    def take_obstacles(self, canvas: MapCanvas, view: View, shown: Sequence[Any], ring_ids: set[str],
                       taken: Placement) -> None:
        """What labels must not hide: every ship's marker, where her trail starts (the
        dot that says where she came from), the small texts of the overlays (ring numbers,
        card letters) and the names of depth zones and land."""
        taken.taken.extend(self.obstacle_box(canvas, s, s.id in ring_ids) for s in shown)
        for s in shown:
            trail = s.data.get("trail") or ()
            if len(trail) > 1:
                x, y = canvas.px(*trail[0])
                taken.taken.append((x - TRAIL_DOT_PX, y - TRAIL_DOT_PX, x + TRAIL_DOT_PX, y + TRAIL_DOT_PX))
        taken.taken.extend(self.zone_label_rects(view, canvas.viewport, canvas.theme))
        taken.taken.extend(canvas.notes)

    def draw_under(self, canvas: MapCanvas, view: View, ships: Sequence[Any]) -> None:
        pass

    def draw_overlays(self, canvas: MapCanvas, view: View, marked: Sequence[Any],
                      focus: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
        """Ranges, then the reach's shaded fans blended together, then the lines;
        returns where the reaches lie (px), which the inset keeps clear of."""
        reaches = [(s, self.reach_of(view, s)) for s in marked]
        self.draw_ranges(canvas, view, marked, focus)
        for _ship, reach in reaches:
            if reach is not None:
                shade_fans(canvas, reach, self.reach_style)
        canvas.flush_overlay()
        self.draw_range_edges(canvas, view, marked)
        boxes = []
        for ship, reach in reaches:
            if reach is not None:
                draw_reach_lines(canvas, ship, reach, self.reach_style)
                points = [p for fan in reach.fans for p in fan] + [p for _l, path in reach.paths for p in path]
                if points:
                    xs, ys = zip(*canvas.poly_px(points))
                    boxes.append((min(xs), min(ys), max(xs), max(ys)))
        return boxes

    def draw_ranges(self, canvas: MapCanvas, view: View, marked: Sequence[Any], focus: tuple[str, ...]) -> None:
        pass

    def draw_range_edges(self, canvas: MapCanvas, view: View, marked: Sequence[Any]) -> None:
        pass

    def draw_fixtures(self, canvas: MapCanvas, view: View, ring_ids: set[str]) -> None:
        pass

    def draw_ship(self, canvas: MapCanvas, ship: Any, ring: bool) -> None:
        look = self.look_of(ship, canvas.theme, ring)
        draw_marker(canvas, ship, self.marker_reach(ship, canvas.viewport.scale),
                    partial(self.paint, look=look, theme=canvas.theme))

    def ship_label(self, view: View, ship: Any, theme: Theme) -> Image.Image:
        return label_sprite(ship.name, ship.side_index, self.label_parts(view, ship, theme), theme, self.name_max_px)

    def extra_labels(self, view: View, theme: Theme) -> list[Labelled]:
        return []

    def draw_labels(self, canvas: MapCanvas, view: View, shown: Sequence[Any], ring_ids: set[str],
                    taken: Placement, batch: LabelBatch | None = None) -> None:
        """Every ship's and fixture's label, beside it where nothing is hidden (the
        ships' markers are taken already, see :meth:`take_obstacles`); noted in
        ``batch`` when one is given, drawn at once otherwise."""
        theme = canvas.theme
        items: list[Labelled] = [(s.id, s.base(), partial(self.ship_label, view, s, theme)) for s in shown]
        extra = self.extra_labels(view, theme)
        boxes = {s.id: self.obstacle_box(canvas, s, s.id in ring_ids) for s in shown}
        for pid, base, _make in extra:
            boxes[pid] = base_box(canvas, base, self.label_pad)
            taken.taken.append(boxes[pid])
        items += extra
        if self.label_acting_first:
            items = sorted(items, key=lambda item: item[0] not in ring_ids)
        for pid, _base, make in items:
            place_label(canvas, taken, boxes[pid], make, batch=batch)

    def draw_over(self, canvas: MapCanvas, view: View, taken: Placement) -> None:
        pass

    # -- words: plain defaults -----------------------------------------------------------

    def status_line(self, view: View, lang: str = "en") -> str:
        turn, limit = view.get("turn"), view.get("turns_limit")
        line = f"Turn {turn} of {limit}" if limit else f"Turn {turn}"
        return f"{line} · {view.get('step')}" if view.get("step") else line

    def header(self, view: View, lang: str = "en") -> Header:
        return Header(title=scenario_title(view.get("title"), lang) or str(view.get("scenario") or self.ruleset),
                      lines=(self.status_line(view, lang),))

    def where(self, view: View, ship: Any) -> str:
        h = round(ship.pose.heading) % 360
        return f"at {self.square(view, ship.pose.x, ship.pose.y)}, heading {h}° {compass(h)}"

    def describe(self, view: View, lang: str = "en") -> str:
        afloat = [s for s in self.ships_of(view) if s.afloat]
        sentences = []
        for ship in afloat:
            text = f"{ship.name} ({side_label(ship.side)}) {self.where(view, ship)}"
            near = nearest_enemy(ship, afloat)
            if near is not None:
                other, dist, b = near
                b = round(b) % 360
                text += f"; nearest enemy {other.name} {dist:.1f}, bearing {b}° {compass(b)}"
            sentences.append(text + ".")
        return fit(self.status_line(view, lang).replace(" · ", ", ") + ".", sentences, "")

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        ship = next((s for s in self.ships_of(view) if s.id == piece_id), None)
        if ship is None:
            raise KeyError(f"no ship {piece_id!r} in this view")
        return plain_card(ship.name, [side_label(ship.side), self.where(view, ship)], theme)

    # -- legend and signature -----------------------------------------------------------

    def legend(self, view: View, theme: Theme, full: bool = False) -> Legend:
        """The key under the map: the sides, then only what this map shows (``full``:
        everything a map of this ruleset may show, for /rules)."""
        ships = self.ships_of(view)
        sides = side_indices(view)
        counts = afloat_counts(ships)
        key, sections = (self.full_legend_sections(view, ships, theme) if full
                         else self.legend_sections(view, ships, theme))
        title, words = self.sides_words(theme)
        happened = self.action_entries(view, ships, theme, full)
        sections += ((TEXTS.text("map.key", theme.lang), happened),) if happened else ()
        return Legend(key=(self.ruleset, full, tuple((s, counts.get(s, 0)) for s in sides),
                           tuple(e.label for e in happened)) + key,
                      sections=((title, side_entries(sides, counts, theme, words)),) + sections)

    def action_entries(self, view: View, ships: Sequence[Any], theme: Theme, full: bool) -> tuple[LegendEntry, ...]:
        """The key's entries for what just happened, when the map shows it."""
        entries: tuple[LegendEntry, ...] = ()
        if self.draws_shots and (full or view.get("shots")):
            entries += (LegendEntry(TEXTS.text(self.shot_key, theme.lang), shot_icon(theme), 40),)
        if self.keys_new_damage and (full or self.new_damage(view, ships)):
            entries += (LegendEntry(TEXTS.text("map.key.new-damage", theme.lang), fresh_icon(theme), 36),)
        if full or self.wrecks(view, ships):
            entries += (LegendEntry(TEXTS.text("map.key.wreck", theme.lang), wreck_icon(theme), 40),)
        if full:
            entries += (LegendEntry(TEXTS.text("map.key.inset", theme.lang), inset_icon(theme), 40),)
        return entries

    # The step that opens a turn, before anything moves: the map posted for the turn
    # just ended is drawn there, so its wrecks still show (a board names its own).
    opening_step: str | None = None

    def wrecks(self, view: View, ships: Sequence[Any]) -> list[Any]:
        """The ships lost this turn (and, while the next turn opens, in the turn before)."""
        turn = view.get("turn")
        if turn is None:
            return []
        turns = {int(turn)} | ({int(turn) - 1} if view.get("step") == self.opening_step else set())
        return lost_this_turn(view, ships, self.wreck_statuses, turns)

    def new_damage(self, view: View, ships: Sequence[Any]) -> bool:
        """Whether some ship shows damage just taken (a board that highlights it says)."""
        return False

    def sides_words(self, theme: Theme) -> tuple[str, str]:
        """The sides' section title and what its entries say of the n ships afloat, in
        ``theme.lang`` (a ruleset with a catalogue says them in its own words)."""
        return "Sides", self.side_words

    def legend_sections(self, view: View, ships: Sequence[Any], theme: Theme) -> tuple[tuple[Hashable, ...], Sections]:
        """The legend's sections after the sides, and what they depend on (cache key):
        what this map shows."""
        return (), ()

    def full_legend_sections(self, view: View, ships: Sequence[Any],
                             theme: Theme) -> tuple[tuple[Hashable, ...], Sections]:
        """Every section a map of this ruleset may show (the full key, for /rules)."""
        return self.legend_sections(view, ships, theme)

    def signature(self, view: View) -> Hashable:
        return (self.view_signature(view), tuple(self.ship_signature(view, s) for s in self.ships_of(view)))

    def view_signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("step"))

    def ship_signature(self, view: View, ship: Any) -> Hashable:
        return (ship.id, ship.status, round(ship.pose.x, 3), round(ship.pose.y, 3), round(ship.pose.heading, 2),
                len(ship.data.get("trail") or ()))


def ships_in(ships: Iterable[Any], ids: Iterable[str]) -> list[Any]:
    """The ships whose ids are in ``ids``, in the order of ``ships``."""
    wanted = set(ids)
    return [s for s in ships if s.id in wanted]
