"""A third open-table board written against the skeleton alone (toy_longboats.py, under
a hundred lines) draws a whole map: markers with its own marks, rings, labels with
badges, reach, legend, alt text and card."""
from __future__ import annotations

import pytest

from renderer import describe_image, plan_viewport, register_board, render_card, render_map
from renderer.board import board_for
from renderer.theme import DEFAULT_THEME as THEME
from tests.renderer.toy_longboats import LongboatBoard


def view() -> dict:
    return {
        "ruleset": "longboats", "title": "Longboats", "turn": 1, "turns_limit": 6, "step": "row",
        "sides": ["danes", "saxons"], "to_act": ["orm"],
        "table": {"width": 36, "height": 24, "land": [{"name": "Holm", "points": [[28, 2], [34, 2], [34, 8]]}]},
        "ships": [
            {"id": "orm", "name": "Long Serpent", "side": "danes", "x": 10, "y": 12, "heading": 90,
             "length": 4, "width": 1, "oars": 3, "row": 6},
            {"id": "wave", "name": "Wave Rider", "side": "saxons", "x": 24, "y": 14, "heading": 270,
             "length": 3, "width": 1, "oars": 2, "aground": True},
        ],
    }


@pytest.fixture(autouse=True, scope="module")
def registered():
    register_board("longboats", LongboatBoard)


def at(v, image, ship, along, across):
    """The image pixel of a point in a ship's own frame (table units ahead, to starboard)."""
    board = board_for(v)
    s = next(p for p in board.ships_of(v) if p.id == ship)
    x, y = plan_viewport(v).to_px(*s.to_world(along, across))
    return image.getpixel((int(x), int(y) + THEME.header_height))


def near(a, b, tol=40):
    return sum(abs(p - q) for p, q in zip(a, b)) <= tol


def test_the_skeleton_draws_a_third_boards_pieces():
    v = view()
    image = render_map(v)
    assert image.width == THEME.width
    # Hull in the side's colour between the oars; oars out over the side; the ring round the boat to act.
    assert near(at(v, image, "orm", 0.47, 0.25), THEME.side_colour(0))
    assert near(at(v, image, "wave", 0.175 * 3, 0.9), THEME.ink, 90)  # an oar past the hull
    assert not near(at(v, image, "wave", 0.0, 0.9), THEME.ink, 90)  # between the benches: sea
    ring = 0.5 + 2.5 / plan_viewport(v).scale  # the yellow band within 4 px of the base (black beyond)
    assert near(at(v, image, "orm", -1.6, ring), THEME.highlight, 60)
    assert not near(at(v, image, "wave", -1.2, ring), THEME.highlight, 60)  # not to act: no ring
    # The reach: the row ahead ends in a dashed base 6 units on, with a tick per unit.
    assert near(at(v, image, "orm", 3.0, 0.0), THEME.reach, 60)


def test_the_skeleton_gives_words_legend_and_card():
    v = view()
    alt = describe_image(v)
    assert alt.startswith("Turn 1 of 6, row. Long Serpent (Danes) at B3, heading 90° E; nearest enemy Wave Rider")
    legend = board_for(v).legend(v, THEME)
    headings = [h for h, _entries in legend.sections]
    assert headings == ["Sides", "Boats", "Status"]
    assert render_card(v, "wave").width >= 360
    with pytest.raises(KeyError):
        render_card(v, "nobody")
    moved = view()
    moved["ships"][1]["x"] = 20
    board = board_for(v)
    assert board.signature(v) != board.signature(moved) and board.signature(v) == board.signature(view())
