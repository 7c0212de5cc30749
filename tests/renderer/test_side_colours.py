"""A board may draw its sides in the colours they are named after (renderer/side_colours.py):
Pirates' Red fleet red on the map, its legend and the summary card; every other
ruleset keeps the theme's colours by seat."""
from __future__ import annotations

import numpy as np

from renderer.api import render_map
from renderer.board import board_for
from renderer.side_colours import ruleset_theme, view_theme
from renderer.summary import render_summary
from renderer.theme import DEFAULT_THEME, SIDE_PALETTE
from rules.core.dice import SeededDice
from rules.core import game
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.core.summary import GameSummary, SideSummary

VERMILLION, BLUE = SIDE_PALETTE[1], SIDE_PALETTE[0]


def _view(ruleset: str, scenario: str) -> dict:
    rules = get_ruleset(ruleset)
    setup = rules.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=side) for i, side in enumerate(rules.sides(setup))]
    state, _ = game.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    return rules.view(state, None)


def _near(img, colour, box) -> int:
    crop = np.asarray(img.crop(box).convert("RGB"), dtype=int)
    return int((np.abs(crop - np.array(colour)).sum(axis=2) < 12).sum())


def test_other_rulesets_keep_the_seat_colours():
    view = _view("cannoni", "frigate-duel")
    assert view_theme(DEFAULT_THEME, board_for(view), view) is DEFAULT_THEME
    assert ruleset_theme(DEFAULT_THEME, "cannoni", ["britain", "france"]) is DEFAULT_THEME


def test_the_red_fleet_is_drawn_red_and_the_blue_fleet_blue():
    """Skirmish: Red's home in the south-west corner, Blue's in the north-east."""
    img = render_map(_view("pirates", "skirmish"), legend=False)
    w, h = img.size
    south_west = (0, int(h * 0.6), int(w * 0.45), h)
    north_east = (int(w * 0.55), 100, w, int(h * 0.45))
    assert _near(img, VERMILLION, south_west) > 300 and _near(img, BLUE, south_west) < 30
    assert _near(img, BLUE, north_east) > 300 and _near(img, VERMILLION, north_east) < 30


def test_the_legend_and_the_summary_card_say_the_same_colours():
    view = _view("pirates", "three-crowns")
    theme = view_theme(DEFAULT_THEME, board_for(view), view)
    assert [theme.side_colour(i) for i in range(3)] == [VERMILLION, BLUE, SIDE_PALETTE[2]]
    card = ruleset_theme(DEFAULT_THEME, "pirates", ["blue", "red"])
    assert [card.side_colour(0), card.side_colour(1)] == [BLUE, VERMILLION]
    summary = GameSummary(ruleset="pirates", title="pirates.scenario.skirmish", turns=3,
                          sides=[SideSummary(side="red", score=4), SideSummary(side="green", score=2)])
    img = render_summary(summary)  # the seats' colours would be blue and green
    assert _near(img, VERMILLION, (0, 0, img.width, img.height)) > 20
    assert _near(img, BLUE, (0, 0, img.width, img.height)) == 0
