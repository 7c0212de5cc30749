"""The hex and square board bases draw a framed sea of cells with the pieces placed by
coordinate and facing, legible on a phone (1000 px wide, read at 550)."""
from __future__ import annotations

import math

import pytest

from renderer import describe_image, plan_viewport, register_board, render_card, render_map
from renderer.board import board_for
from renderer.hexboard import HexBoard
from renderer.squareboard import SquareBoard
from renderer.theme import DEFAULT_THEME
from rules.core.tables import hexmap

THEME = DEFAULT_THEME


def hex_view() -> dict:
    return {
        "ruleset": "hex-sample", "board": {"kind": "hex"}, "title": "Hex sample", "turn": 2, "turns_limit": 9,
        "step": "movement", "sides": ["britain", "france"], "to_act": ["bell"],
        "ships": [
            {"id": "bell", "name": "Bellerophon", "side": "britain", "x": 0, "y": 0, "heading": 60},
            {"id": "vict", "name": "Victory", "side": "britain", "x": -1, "y": 2, "heading": 0},
            {"id": "redo", "name": "Redoutable", "side": "france", "x": 3, "y": -1, "heading": 240},
        ],
    }


def square_view() -> dict:
    return {
        "ruleset": "square-sample", "board": {"kind": "square", "cols": 10, "rows": 7}, "title": "Square sample",
        "turn": 1, "step": "move", "sides": ["pirates", "navy"],
        "ships": [
            {"id": "rev", "name": "Revenge", "side": "pirates", "x": 2, "y": 3, "heading": 90, "cells": 3},
            {"id": "sloop", "name": "Sloop", "side": "navy", "x": 7, "y": 5, "heading": 225, "cells": 2},
            {"id": "boat", "name": "Boat", "side": "navy", "x": 8, "y": 1, "heading": 0},
        ],
    }


@pytest.fixture(scope="module", autouse=True)
def boards():
    register_board("hex-sample", HexBoard)
    register_board("square-sample", SquareBoard)


def close(a, b, tol=40):
    return sum(abs(x - y) for x, y in zip(a, b)) <= tol


def marker_px(view, image, board, ship_id):
    """Where a piece's centre is on the image (the map sits under the header band)."""
    vp = plan_viewport(view)
    piece = next(p for p in board.pieces(view) if p.id == ship_id)
    px, py = vp.to_px(*board.shift(view, piece.pose.x, piece.pose.y))
    return int(px), int(py + THEME.header_height)


@pytest.mark.parametrize("make", [hex_view, square_view])
def test_pieces_are_drawn_in_their_sides_colours_where_their_cells_are(make):
    view = make()
    board = board_for(view)
    image = render_map(view)
    assert image.width == THEME.width and image.height > 0.7 * THEME.width
    for ship in view["ships"]:
        colour = THEME.side_colour(view["sides"].index(ship["side"]))
        x, y = marker_px(view, image, board, ship["id"])
        # The hull's middle, a little astern of the centre (the bow's mark is ahead).
        assert close(image.getpixel((x, y)), colour) or any(
            close(image.getpixel((x + dx, y + dy)), colour) for dx in (-3, 0, 3) for dy in (-3, 0, 3)), ship["id"]


def test_a_hex_piece_faces_the_side_it_names():
    view = hex_view()
    board = board_for(view)
    image = render_map(view)
    x, y = marker_px(view, image, board, "redo")  # facing 240: the bow points south-west
    scale = plan_viewport(view).scale
    ahead = (x - math.sin(math.radians(60)) * 0.72 * scale, y + math.cos(math.radians(60)) * 0.72 * scale)
    astern = (x + math.sin(math.radians(60)) * 0.72 * scale, y - math.cos(math.radians(60)) * 0.72 * scale)
    assert close(image.getpixel(tuple(map(int, ahead))), THEME.ink, 90)  # the bow's dark point
    assert not close(image.getpixel(tuple(map(int, astern))), THEME.ink, 90)


def test_the_hex_frame_follows_the_pieces():
    view = hex_view()
    x0, y0, x1, y1 = HexBoard().world(view)
    for ship in view["ships"]:
        cx, cy = hexmap.centre(hexmap.Hex(ship["x"], ship["y"]))
        assert x0 + 1.5 <= cx <= x1 - 1.5 and y0 + 1.7 <= cy <= y1 - 1.7
    far = hex_view()
    far["ships"][2].update(x=12, y=-6)
    assert HexBoard().world(far)[2] > x1  # sailed east: the map went with her


def test_a_square_ship_covers_her_squares_astern_of_the_bow():
    view = square_view()
    board = board_for(view)
    rev = next(p for p in board.pieces(view) if p.id == "rev")
    # Bow at C4 facing east, three squares: A4-C4, centre in B4.
    assert rev.cell == "C4" and (rev.pose.x, rev.pose.y) == (1.5, 3.5)
    assert 2.5 <= rev.length <= 3.0


@pytest.mark.parametrize("make", [hex_view, square_view])
def test_words_card_and_legibility(make):
    view = make()
    alt = describe_image(view)
    assert "Bellerophon (Britain) at 0,0, facing ENE." in alt if make is hex_view else \
        "Revenge (Pirates) at C4, facing E." in alt
    card = render_card(view, view["ships"][0]["id"])
    assert card.width >= 360
    image = render_map(view)
    small = image.resize((550, round(image.height * 550 / image.width)))
    # At 550 px the pieces still stand out from the sea: dark ink and side colours remain.
    colours = {small.getpixel((x, y)) for x in range(0, 550, 3) for y in range(0, small.height, 3)}
    assert any(close(c, THEME.side_colour(1), 30) for c in colours)
    with pytest.raises(KeyError):
        render_card(view, "nobody")
