"""The crowded harbour of an 80-point game on the map (renderer/pirates/ship_labels.py):
fourteen ships docked at two home coasts, many side by side on a diagonal. Every ship's
name reads: no name over another, none over a mast disc, none over the column letters
or row numbers, no leader line drawn across a name, and a name pushed off its bow is
tied to it by a line from that bow."""
from __future__ import annotations

import pytest
from PIL import ImageDraw

import renderer.cells
import renderer.pirates.board
from renderer.api import render_map
from renderer.canvas import MapCanvas
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.fleets import Battle
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.pirates.fleets import FLEETS

RED = ["black-tide", "iron-abbot", "red-heron", "sea-wasp", "sloop", "sloop", "brig"]
BLUE = ["sovereign", "salt-widow", "dread-lantern", "twin-serpent", "long-oar", "jade-drum", "calico-cat"]


def harbour_view() -> dict:
    """The start of an 80-point game: every ship docked at her home island."""
    def buy(side, keys, crews=()):
        return [FLEETS.price(side, k, {}) for k in keys] + [FLEETS.price(side, c, {"aboard": n}) for c, n in crews]

    fleets = {"red": buy("red", RED, [("gunner", "1"), ("bosun", "2")]), "blue": buy("blue", BLUE)}
    setup = FLEETS.setup(fleets, Battle(budget=80.0))
    rules = get_ruleset("pirates")
    seats = [Seat(id=f"p{i + 1}", side=s) for i, s in enumerate(rules.sides(setup))]
    state, _ = game.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    return rules.view(state, None)


@pytest.fixture
def drawn(monkeypatch):
    """The ships' names as pasted (name -> px rect) and the leader lines drawn."""
    sprites, names, lines = {}, {}, []
    original = renderer.cells.label_sprite

    def sprite(name, *args, **kwargs):
        made = original(name, *args, **kwargs)
        sprites[id(made)] = name
        return made

    for module in (renderer.cells, renderer.pirates.board):
        monkeypatch.setattr(module, "label_sprite", sprite, raising=False)
    paste = MapCanvas.paste

    def pasted(self, img, x, y):
        if id(img) in sprites:
            names[sprites[id(img)]] = (x, y, x + img.width, y + img.height)
        return paste(self, img, x, y)

    monkeypatch.setattr(MapCanvas, "paste", pasted)
    line = ImageDraw.ImageDraw.line

    def drawn_line(self, xy, fill=None, width=0, joint=None):
        if width == 2 and len(xy) == 2:  # a leader line's dark core
            lines.append((tuple(xy[0]), tuple(xy[1])))
        return line(self, xy, fill, width, joint)

    monkeypatch.setattr(ImageDraw.ImageDraw, "line", drawn_line)
    return names, lines


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_crowded_harbour_names_every_ship_legibly(drawn, lang):
    names, lines = drawn
    view = harbour_view()
    assert len(view["ships"]) == 14
    image = render_map(view, lang=lang, legend=False)
    assert len(names) == 14, sorted(names)
    rects = list(names.values())
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not _overlap(a, b), (a, b)
    # inside the sea's frame: the column letters and row numbers stand just outside it
    left = min(r[0] for r in rects)
    bottom = max(r[3] for r in rects)
    board = renderer.pirates.board.PiratesBoard()
    from renderer.side_colours import view_theme
    from renderer.theme import DEFAULT_THEME

    theme = view_theme(DEFAULT_THEME, board, view)
    vp = board.plan_viewport(view, None, (), theme)
    (x0, y0), (x1, y1) = vp.to_px(0, view["board"]["rows"]), vp.to_px(view["board"]["cols"], 0)
    assert left >= x0 and bottom <= y1 and max(r[2] for r in rects) <= x1 and min(r[1] for r in rects) >= y0
    # no mast disc (on the bow square's middle) under a name
    for ship in view["ships"]:
        cx, cy = vp.to_px(ship["x"] + 0.5, ship["y"] + 0.5)
        assert not any(r[0] < cx < r[2] and r[1] < cy < r[3] for r in rects), ship["id"]
    # no leader line across a name: a line ends at its own name's edge
    for start, end in lines:
        for k in range(1, 20):
            x = start[0] + (end[0] - start[0]) * k / 20
            y = start[1] + (end[1] - start[1]) * k / 20
            inside = [r for r in rects if r[0] + 2 < x < r[2] - 2 and r[1] + 2 < y < r[3] - 2]
            assert not inside, (start, end, inside)
    assert image.width == DEFAULT_THEME.width


def test_ships_side_by_side_on_a_diagonal_are_drawn_apart():
    """Diagonal hulls are narrower: 0.7 of a square apart, two neighbours' bases with
    the ring of a ship about to act (7 px beyond her base, renderer.markers.paint_ring)
    do not touch."""
    from renderer.side_colours import view_theme
    from renderer.theme import DEFAULT_THEME

    view = harbour_view()
    board = renderer.pirates.board.PiratesBoard()
    scale = board.plan_viewport(view, None, (), view_theme(DEFAULT_THEME, board, view)).scale
    diagonal = [p for p in board.pieces(view) if round(p.pose.heading / 45) % 2]
    assert len(diagonal) >= 4
    ring = 7 / scale  # squares
    for i, a in enumerate(diagonal):
        for b in diagonal[i + 1:]:
            assert a.base().buffer(ring).intersection(b.base().buffer(ring)).area == 0, (a.id, b.id)
