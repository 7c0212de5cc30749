"""Alt text, checked against the game state it was drawn from, and secrecy:
hidden activation chits never reach an image or its alt text."""
from __future__ import annotations

import copy
import re

import pytest

from renderer import ALT_TEXT_LIMIT, describe_image, render_map_bytes
from renderer.open_table import column_name, grid_square
from renderer.cannoni.samples import fleet_action, play
from rules.core.tables import open_table as g
from rules.core.registry import get_ruleset


def test_grid_names():
    assert [column_name(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]
    assert grid_square(0, 0, 72, 48) == "A1"
    assert grid_square(33.0, 40.0, 72, 48) == "F7"  # x 30-36 is F, y 36-42 is row 7
    assert grid_square(72, 48, 72, 48) == "L8"  # the far corner belongs to the last square
    assert grid_square(-1, 50, 72, 48) == "A8"


def test_alt_text_matches_the_state():
    ruleset = get_ruleset("cannoni")
    _, state = play("squadron-action", seed=3, max_steps=300,
                    stop=lambda s: s.step == "action" and s.turn >= 3)
    text = describe_image(ruleset.view(state, None))
    assert len(text) <= ALT_TEXT_LIMIT
    assert f"Turn {state.turn} of {state.turns_limit}" in text
    for ship in state.afloat():
        square = grid_square(ship.x, ship.y, state.table.width, state.table.height)
        sentence = re.search(re.escape(ship.name) + r" \([^)]*\) at ([A-Z]+\d+), heading (\d+)°[^;.]*"
                             r"(?:; nearest enemy (.+?) (\d+\.\d) in, bearing (\d+)°[^.]*)?\.", text)
        assert sentence, (ship.name, text)
        assert sentence.group(1) == square
        assert int(sentence.group(2)) == round(ship.heading) % 360
        enemies = [o for o in state.afloat() if o.side != ship.side]
        if not enemies:
            continue
        nearest = min(enemies, key=lambda o: g.distance((ship.x, ship.y), (o.x, o.y)))
        assert sentence.group(3) == nearest.name
        assert float(sentence.group(4)) == pytest.approx(
            g.distance((ship.x, ship.y), (nearest.x, nearest.y)), abs=0.051)
        assert int(sentence.group(5)) == round(g.bearing((ship.x, ship.y), (nearest.x, nearest.y))) % 360


def test_alt_text_names_all_twenty_ships_under_the_limit():
    views, _ = play(fleet_action(), seed=3, max_steps=22)
    view = views[-1]
    text = describe_image(view)
    assert len(text) <= ALT_TEXT_LIMIT
    # Every ship afloat is named with her side and square, never "And N more".
    assert "more." not in text, text
    for ship in view["ships"]:
        if ship["status"] == "afloat":
            assert re.search(re.escape(ship["name"]) + r" \([^)]+\) at [A-Z]+\d+", text), ship["name"]


def test_alt_text_names_ships_out_of_play(squadron_views):
    view = copy.deepcopy(squadron_views[len(squadron_views) // 2])
    view["ships"][0]["status"] = "sunk"
    text = describe_image(view)
    assert f"Out of play: {view['ships'][0]['name']} sunk" in text


def _hidden_chit_state():
    def has_hidden(state):
        return state.step == "action" and any(
            s.chit is not None and s.on_table and s.chit < (state.phase or 0) for s in state.ships)
    _, state = play("squadron-action", seed=3, max_steps=200, stop=has_hidden)
    assert has_hidden(state)
    return state


def test_hidden_chits_never_reach_image_or_alt_text():
    ruleset = get_ruleset("cannoni")
    state = _hidden_chit_state()
    public = ruleset.view(state, None)
    hidden = [s for s in public["ships"] if s["chit_hidden"]]
    assert hidden and all(s["chit"] is None for s in hidden)
    image = render_map_bytes(public)
    text = describe_image(public)
    assert "chit" not in text.lower()
    # The same table with other secret chits: nothing public changes, so nothing drawn may.
    other = state.model_copy(deep=True)
    for ship in other.ships:
        if ship.chit is not None and ship.chit < (other.phase or 0):
            ship.chit = 1 if ship.chit != 1 else 2
    assert render_map_bytes(ruleset.view(other, None)) == image
    assert describe_image(ruleset.view(other, None)) == text
    # A player's own view shows that player's chits; the map and text must not.
    for seat in state.seats:
        private = ruleset.view(state, seat.id)
        assert any(s["chit"] is not None and not s["active"] for s in private["ships"])
        assert render_map_bytes(private) == image
        assert describe_image(private) == text
