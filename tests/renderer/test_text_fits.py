"""No header or label is cut off: every scenario's first map (and the same map with half
its ships out of play, which lengthens the header and leaves wrecks, and shots fired
between the others) is drawn, every text the renderer
draws is measured against the image it is drawn on, and every label the placement
puts on the map lies inside the bounds it was given."""
from __future__ import annotations

import copy

import pytest
from PIL import ImageDraw

from renderer import api, theme as theme_module
from renderer.board import Header
from renderer.canvas import Placement
from renderer.frame import header_height, header_rows, header_text_right
from renderer.theme import DEFAULT_THEME, text_width
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset, ruleset_names
from rules.core.ruleset import Seat

SCENARIOS = [(name, scenario) for name in ruleset_names() for scenario in get_ruleset(name).scenarios()]


def first_view(ruleset: str, scenario: str) -> dict:
    rules = get_ruleset(ruleset)
    setup = rules.scenarios()[scenario]
    seats = [Seat(id=f"p{i}", side=side, name=side) for i, side in enumerate(rules.sides(setup))]
    _, result = game.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    return rules.view(rules.load_state(result.state), None)


def half_lost(view: dict) -> dict:
    """Every other ship sunk this turn (the header lists them all, the map names their
    wrecks), and each one left fires at an enemy (the map writes the results)."""
    view = copy.deepcopy(view)
    for ship in view["ships"][::2]:
        ship["status"] = "sunk"
        ship["lost_turn"] = view.get("turn")
    left = view["ships"][1::2]
    view["shots"] = [{"firer": a["id"], "target": b["id"], "hits": n % 4, "critical": n % 4 == 3}
                     for n, (a, b) in enumerate((a, b) for a in left for b in view["ships"] if a["side"] != b["side"])]
    return view


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn (its box and the image it was drawn on) and every label placed."""
    texts: list[tuple[str, tuple[int, int, int, int], tuple[int, int]]] = []
    labels: list[tuple[tuple[float, ...], tuple[float, ...]]] = []
    original_text, original_best = ImageDraw.ImageDraw.text, Placement.best

    def text(self, xy, content, *args, **kwargs):
        box = self.textbbox(xy, content, font=kwargs.get("font"), stroke_width=kwargs.get("stroke_width", 0))
        texts.append((content, box, self.im.size))
        return original_text(self, xy, content, *args, **kwargs)

    def best(self, candidates, bounds):
        rect = original_best(self, candidates, bounds)
        labels.append((rect, bounds))
        return rect

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(Placement, "best", best)
    theme_module.text_sprite.cache_clear()  # drawn anew, so that every sprite is measured
    yield texts, labels
    theme_module.text_sprite.cache_clear()


@pytest.mark.parametrize("ruleset, scenario", SCENARIOS)
@pytest.mark.parametrize("losses", [False, True], ids=["first-map", "half-lost"])
def test_every_text_of_the_first_map_fits(drawn, ruleset, scenario, losses):
    texts, labels = drawn
    view = first_view(ruleset, scenario)
    if losses:
        view = half_lost(view)
    image = api.render_map(view)
    assert texts and labels
    for content, (x0, y0, x1, y1), (width, height) in texts:
        assert "…" not in content, f"cut off: {content!r}"
        assert 0 <= x0 and 0 <= y0 and x1 <= width and y1 <= height, f"{content!r} at {(x0, y0, x1, y1)} " \
                                                                     f"outside {width}x{height}"
    for (x0, y0, x1, y1), (bx0, by0, bx1, by1) in labels:
        assert bx0 <= x0 and by0 <= y0 and x1 <= bx1 and y1 <= by1, "a label outside the map"
    # The header is all there: every line of it, row by row, in the band above the map.
    header = api.board_for(view).header(view)
    rows = header_rows(header, DEFAULT_THEME)
    def bare(text: str) -> str:  # a row break at " · " drops the dot
        return text.replace(" ", "").replace("·", "")
    assert bare("".join(r[0] for r in rows)) == bare(header.title + "".join(header.lines))
    assert image.height >= header_height(header, DEFAULT_THEME)


def test_a_long_header_line_wraps_instead_of_being_cut():
    out = ", ".join(f"Galley number {i} (left the table)" for i in range(12))
    header = Header(title="Mylae, 260 BC: the corvus against Carthage",
                    lines=("Turn 3 of 12", f"1 segment · out: {out}"), wind_from=90.0)
    rows = header_rows(header, DEFAULT_THEME)
    right = header_text_right(header, DEFAULT_THEME) - 16
    assert len(rows) > 3 and all(text_width(t, size, bold) <= right for t, size, bold, _ in rows)
    assert header_height(header, DEFAULT_THEME) > DEFAULT_THEME.header_height


def test_a_label_places_overlap_is_the_area_it_shares_with_what_is_taken():
    """The shared area with every taken rectangle, touching edges and corners counting
    nothing: the figure labels are placed by (the quick skip of rectangles lying clear
    must not change it)."""
    import random

    rng = random.Random(7)

    def rect():
        x, y = rng.choice([rng.uniform(0, 100), float(rng.randrange(0, 100, 10))]), float(rng.randrange(0, 100, 10))
        return (x, y, x + rng.choice([10.0, rng.uniform(1, 30)]), y + rng.choice([10.0, rng.uniform(1, 30)]))

    for _ in range(300):
        taken = [rect() for _ in range(rng.randrange(0, 12))]
        probe = rect()
        expected = 0.0
        for a0, b0, a1, b1 in taken:
            w = min(probe[2], a1) - max(probe[0], a0)
            h = min(probe[3], b1) - max(probe[1], b0)
            expected += w * h if w > 0 and h > 0 else 0.0
        assert Placement(list(taken)).overlap(probe) == expected
    assert Placement([(0, 0, 10, 10)]).overlap((10, 0, 20, 10)) == 0.0  # edges touching
    assert Placement([(0, 0, 10, 10), (5, 5, 15, 15)]).overlap((5, 5, 10, 10)) == 50.0
