"""Tolerant comparison with the reference images in tests/renderer/reference/.

The stored views are drawn again and compared tile by tile (mean absolute
difference): font antialiasing may differ between machines, a moved ship or a
wrong colour may not. Regenerate with tests/renderer/make_reference.py after a
deliberate change of look.
"""
from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from PIL import ImageFilter
from tests.renderer.render_cases import (CARD_CASE, CARD_SHIP, MAP_CASES, difference, load_case, matches,
                          reference_image)

from renderer import DEFAULT_THEME, render_card, render_map


@pytest.fixture(scope="module")
def squadron_case():
    return load_case("squadron")


@pytest.mark.parametrize("name", MAP_CASES)
def test_map_matches_reference(name):
    img = render_map(load_case(name))
    assert matches(img, reference_image(name)), difference(img, reference_image(name))


def test_card_matches_reference():
    img = render_card(load_case(CARD_CASE), CARD_SHIP)
    assert matches(img, reference_image("card")), difference(img, reference_image("card"))


def test_antialiasing_noise_is_tolerated(squadron_case):
    # A slight blur changes every text edge, as another FreeType build would.
    img = render_map(squadron_case).filter(ImageFilter.GaussianBlur(0.6))
    assert matches(img, reference_image("squadron")), difference(img, reference_image("squadron"))


def test_a_moved_ship_is_caught(squadron_case):
    view = copy.deepcopy(squadron_case)
    ship = next(s for s in view["ships"] if s["status"] == "afloat" and not s["active"])
    ship["x"] += 1.0
    ship["trail"] = []
    img = render_map(view)
    assert not matches(img, reference_image("squadron")), difference(img, reference_image("squadron"))


def test_a_wrong_colour_is_caught(squadron_case):
    palette = DEFAULT_THEME.side_palette
    swapped = replace(DEFAULT_THEME, side_palette=(palette[1], palette[0]) + palette[2:])
    img = render_map(squadron_case, theme=swapped)
    assert not matches(img, reference_image("squadron")), difference(img, reference_image("squadron"))
