"""The Nauta / Classis board: image structure and colours at each galley's pixel, the
markers, alt text checked against the game state, written speeds kept secret,
the record card, replays, and the board lookup for a view whose "board" is a dict."""
from __future__ import annotations

import copy
import math
import io
import random
import re

import pytest
from PIL import Image
from shapely.geometry import Point

from renderer.frame import header_height
from renderer import (ALT_TEXT_LIMIT, DEFAULT_THEME, ViewportMemory, board_for, describe_image, render_card,
                      render_map, render_map_bytes, render_replay)
from renderer.board import board_kind
from renderer.cannoni.board import CannoniBoard
from renderer.nauta.board import (GRID_SEGMENTS, Galley, NautaBoard, badges_of, chips_of, galleys_of, reach_of,
                            to_move)
from renderer.nauta.samples import play
from renderer.open_table import grid_square
from renderer.theme import mix
from rules.core.tables.open_table import bearing, distance
from rules.core.registry import get_ruleset
from rules.nauta import geometry as g
from rules.nauta.options import NautaOptions
from tests.renderer.render_cases import colour_near, nauta_markers, to_image_px


@pytest.fixture(scope="module")
def mylae():
    return play("mylae", seed=1)


@pytest.fixture(scope="module")
def mylae_views(mylae):
    return mylae[0]


def _moving_view(views, turn=2):
    return next(v for v in views if v["step"] == "move" and v["turn"] >= turn and to_move(v))


def markers_view(views):
    """A view in movement with every Nauta marker set on some galley."""
    return nauta_markers(next(v for v in views if v["step"] == "move" and v["turn"] >= 4))


def _pixel(img, viewport, x, y, view=None):
    return img.getpixel(to_image_px(viewport, x, y, view))


# -- the board lookup -------------------------------------------------------------------

def test_board_for_reads_a_dict_board_kind(mylae_views):
    view = mylae_views[0]
    assert view["board"]["kind"] == "open"
    assert board_kind(view) == "open"
    assert isinstance(board_for(view), NautaBoard)
    assert board_kind({"board": "hex"}) == "hex" and board_kind({}) is None
    assert isinstance(board_for({"ruleset": "cannoni"}), CannoniBoard)


# -- the map ------------------------------------------------------------------------------

def test_map_structure_and_galleys_in_their_colours(mylae_views):
    view = _moving_view(mylae_views)
    img = render_map(view)
    vp = img.info["viewport"]
    board = NautaBoard()
    assert img.mode == "RGB" and img.width == DEFAULT_THEME.width
    assert (vp.width, vp.height) == board.map_size(view, DEFAULT_THEME)
    assert img.height > DEFAULT_THEME.header_height + vp.height  # the legend below
    sides = {s: i for i, s in enumerate(view["sides"])}
    moving = set(to_move(view))
    checked = 0
    for ship in view["ships"]:
        if ship["status"] != "afloat":
            continue
        colour = DEFAULT_THEME.side_colour(sides[ship["side"]])
        # The centre of the base and a point a quarter of the way aft on the keel.
        galley = Galley(ship, sides[ship["side"]])
        # The view frames the ships in action (the inset shows the rest of the table).
        assert vp.contains(galley.base().bounds) or ship["id"] not in moving, ship["name"]
        if not vp.contains(galley.base().bounds):
            continue
        for along in (0.0, -0.25 * ship["length"]):
            assert colour_near(_pixel(img, vp, *galley.to_world(along, 0.0)), colour, 16), (ship["name"], along)
        checked += 1
    assert checked >= len(moving) >= 1
    # The sea between the fleets, in a square's interior, is the sea's colour.
    sea = [(x + 2.5, y + 2.5) for x in range(0, 45, 5) for y in range(0, 30, 5)]
    bases = [Galley(s, 0).base() for s in view["ships"] if s["status"] == "afloat"]
    clear = [p for p in sea if all(b.distance(Point(p)) > 4 for b in bases) and p[0] > 5
             and vp.contains((p[0], p[1], p[0], p[1]))]
    assert any(colour_near(_pixel(img, vp, *p), DEFAULT_THEME.sea, 4) for p in clear)


def test_grid_is_in_segments(mylae_views):
    view = mylae_views[0]
    board = board_for(view)
    assert board.grid_inches == GRID_SEGMENTS == 5.0
    assert board.square(view, 22.5, 3) == "E1"  # 20-25 segments from the west, 0-5 from the south
    assert board.square(view, 44.9, 29.9) == "I6"  # a 45 x 30 table is 9 x 6 squares
    assert "1 segment = 2 cm" in board.header(view).lines[1]


def test_markers(mylae_views):
    view = markers_view(mylae_views)
    ships = {s.id: s for s in galleys_of(view)}
    by_status = {s.data["status"]: s for s in ships.values()}
    prize, hulk = by_status["captured"], by_status["burning"]
    assert "prize" in badges_of(view, prize.data) and chips_of(prize) == tuple(
        c for c in chips_of(prize) if c[1] in ("fit", "used"))  # no speed on a prize
    assert "burning" in badges_of(view, hulk.data)
    captor = ships[prize.data["captured_by"]]
    assert "holding" in badges_of(view, captor.data)
    grappled = [s for s in ships.values() if s.data["engaged_with"]]
    assert len(grappled) == 2 and all("grappled" in badges_of(view, s.data) for s in grappled)
    assert any("damaged" in badges_of(view, s.data) for s in grappled)
    assert any(("max " in text and style == "max") for s in grappled for text, style in chips_of(s))
    formation = next(s for s in ships.values() if s.data.get("formation") == "A")
    assert chips_of(formation)[0] == ("3 · A", "speed")
    astern = next(s for s in ships.values() if s.data.get("written") == -2)
    assert chips_of(astern)[0] == ("−2", "speed") and "stopped" in badges_of(view, astern.data)
    assert reach_of(astern) is None  # stopped by a contact: she goes nowhere
    admirals = [s for s in ships.values() if s.data["admiral"]]
    assert admirals and all("admiral" in badges_of(view, s.data) for s in admirals)

    img = render_map(view)
    vp = img.info["viewport"]
    pale = mix(DEFAULT_THEME.side_colour(view["sides"].index(prize.side)), (255, 255, 255), 0.55)
    assert colour_near(_pixel(img, vp, prize.pose.x, prize.pose.y), pale, 16)


def test_revealed_speed_reach_runs_the_speed(mylae_views):
    view = markers_view(mylae_views)
    ship = next(s for s in galleys_of(view) if s.data.get("formation") == "A")
    reach = reach_of(ship)
    assert reach is not None
    # Her revealed 3 segments, not her maximum: straight ahead the fan ends 3 segments on.
    ahead = g.run(ship.pose, 3)
    assert min(distance((ahead.x, ahead.y), p) for p in reach.fans[0]) < 1e-6
    assert max(distance((ship.pose.x, ship.pose.y), p) for p in reach.fans[0]) <= 3.0 + ship.length
    hidden = next(s for s in galleys_of(view) if s.speed_secret and s.afloat and not s.data["stopped"])
    top = g.run(hidden.pose, hidden.data["max_speed"])
    assert min(distance((top.x, top.y), p) for p in reach_of(hidden).fans[0]) < 1e-6  # secret: her maximum


def test_deployment_zones(mylae_views):
    views, _ = play("mylae", seed=1, options=NautaOptions(deployment="roll"), max_steps=1)
    view = views[-1]
    assert view["step"] == "deploy"
    img = render_map(view)
    vp = img.info["viewport"]
    sides = view["sides"]
    empty = next(side for side in sides
                 if not any(s["side"] == side and s["status"] == "afloat" for s in view["ships"]))
    x0, y0, x1, y1 = view["deploy_zones"][empty]
    tint = mix(DEFAULT_THEME.sea, DEFAULT_THEME.side_colour(sides.index(empty)), 40 / 255)
    assert colour_near(_pixel(img, vp, x0 + 2.5, y1 - 2.5), tint, 6)
    assert board_for(view).header(view).lines[0].startswith("Deployment")


def test_viewport_is_steady_through_a_game(mylae_views):
    memory = ViewportMemory()
    scales, sizes = [], set()
    for view in mylae_views[::10]:
        img = render_map(view, previous_frame=memory, legend=False)
        scales.append(img.info["viewport"].scale)
        # The map keeps its size; the header band above it grows a row when a long
        # line (the ships out of the battle) wraps rather than being cut off.
        sizes.add((img.width, img.height - header_height(board_for(view).header(view), DEFAULT_THEME)))
    assert len(sizes) == 1
    assert all(b <= a for a, b in zip(scales, scales[1:]))


# -- alt text ------------------------------------------------------------------------------

SENTENCE = (r" \(([^)]*)\) at ([A-Z]+\d+), heading (\d+)°([^;.]*)"
            r"(?:; nearest enemy (.+?) (\d+\.\d) seg, bearing (\d+)°[^.]*)?\.")


def test_alt_text_matches_the_state():
    ruleset = get_ruleset("nauta")
    _, state = play("greek-fire", seed=2, stop=lambda s: s.step == "move" and s.turn >= 2 and any(
        sh.revealed for sh in s.ships) and any(sh.written is not None and not sh.revealed for sh in s.ships))
    text = describe_image(ruleset.view(state, None))
    assert len(text) <= ALT_TEXT_LIMIT
    assert text.startswith(f"Turn {state.turn} of {state.turns_limit}, Movement")
    afloat = [s for s in state.ships if s.afloat]
    assert len(afloat) >= 4
    for ship in afloat:
        m = re.search(re.escape(ship.name) + SENTENCE, text)
        assert m, (ship.name, text)
        roles, square, heading, status = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        assert square == grid_square(ship.x, ship.y, state.table.width, state.table.height, 5.0)
        assert heading == round(ship.heading) % 360
        assert ("admiral" in roles) == ship.admiral
        if ship.written is not None and ship.revealed:
            assert (f"speed {ship.written}" if ship.written >= 0 else f"astern {-ship.written}") in status
        else:
            assert "speed" not in status.replace("max speed", "")
        enemies = [o for o in afloat if o.side != ship.side]
        if not enemies:
            continue
        nearest = min(enemies, key=lambda o: distance((ship.x, ship.y), (o.x, o.y)))
        assert m.group(5) == nearest.name
        assert float(m.group(6)) == pytest.approx(distance((ship.x, ship.y), (nearest.x, nearest.y)), abs=0.051)
        assert int(m.group(7)) == round(bearing((ship.x, ship.y), (nearest.x, nearest.y))) % 360


def test_alt_text_names_every_ship_under_the_limit(mylae_views):
    view = _moving_view(mylae_views)
    text = describe_image(view)
    assert len(text) <= ALT_TEXT_LIMIT
    # Every ship afloat is named with her side, never "And N more".
    assert "more." not in text, text
    named = sum(1 for s in view["ships"] if re.search(re.escape(s["name"]) + r" \(", text))
    assert named == sum(1 for s in view["ships"] if s["status"] == "afloat")
    # The ships asked to move come first.
    first = re.search(r"\. ([^.(]+) \(", text.split("(10 cm).", 1)[1])
    assert first and first.group(1).strip() in {s.name for s in to_move(view)}


def test_alt_text_names_prizes_hulks_and_losses(mylae_views):
    view = markers_view(mylae_views)
    view["ships"][-1]["status"] = "sunk"
    text = describe_image(view)
    assert "a prize of" in text and "burning" in text
    assert f"{view['ships'][-1]['name']} sunk" in text


# -- secrets ---------------------------------------------------------------------------

def _hidden_speed_state():
    def has_hidden(state):
        return state.step == "move" and any(s.written is not None and not s.revealed and s.afloat
                                            for s in state.ships) and any(s.revealed for s in state.ships)
    _, state = play("mylae", seed=1, stop=has_hidden)
    assert has_hidden(state)
    return state


def test_hidden_speeds_never_reach_image_alt_text_or_card():
    ruleset = get_ruleset("nauta")
    state = _hidden_speed_state()
    other = ruleset.perturb_secrets(state, random.Random(5))
    hidden = [s for s in state.ships if s.written is not None and not s.revealed]
    assert any(other.ship(s.id).written != s.written for s in hidden)  # the secrets differ
    a, b = ruleset.view(state, None), ruleset.view(other, None)
    assert render_map_bytes(a) == render_map_bytes(b)
    assert render_map(a, focus=hidden[0].id).tobytes() == render_map(b, focus=hidden[0].id).tobytes()
    assert describe_image(a) == describe_image(b)
    for ship in hidden:
        assert render_card(a, ship.id).tobytes() == render_card(b, ship.id).tobytes()
        assert chips_of(next(g for g in galleys_of(a) if g.id == ship.id))[0] == ("?", "secret")


def test_a_speed_marked_hidden_is_not_drawn_even_if_present(mylae_views):
    view = copy.deepcopy(_moving_view(mylae_views))
    # A ship to move: those come first in the alt text, so her sentence is there.
    data = next(s.data for s in to_move(view) if s.data["speed_hidden"])
    data["written"] = 4  # a view that carried the secret by mistake still does not show it
    ship = next(g for g in galleys_of(view) if g.id == data["id"])
    assert ship.speed_shown is None and chips_of(ship)[0] == ("?", "secret")
    sentence = re.search(re.escape(ship.name) + SENTENCE, describe_image(view))
    assert sentence and "speed" not in sentence.group(4).replace("max speed", "")


# -- card and replay -------------------------------------------------------------------

def test_card(mylae_views):
    view = markers_view(mylae_views)
    for ship in view["ships"][:3] + [s for s in view["ships"] if s["status"] != "afloat"]:
        card = render_card(view, ship["id"])
        assert card.mode == "RGB" and card.width == DEFAULT_THEME.width and 450 < card.height < 1600
        colour = DEFAULT_THEME.side_colour(view["sides"].index(ship["side"]))
        assert colour_near(card.getpixel((5, 40)), colour, 2)  # the side's colour bar
    with pytest.raises(KeyError):
        render_card(view, "no-such-ship")


def test_replay(mylae_views):
    gif = render_replay(mylae_views[:24])
    img = Image.open(io.BytesIO(gif))
    assert img.format == "GIF" and img.width == DEFAULT_THEME.width
    assert img.n_frames > 5


def test_a_galley_that_rowed_this_turn_leaves_a_wake(mylae_views):
    view = next(v for v in mylae_views if v["step"] == "move" and any(
        len(s.get("trail") or ()) >= 2 and s["status"] == "afloat"
        and math.dist(s["trail"][0], (s["x"], s["y"])) > 2 for s in v["ships"]))
    ship = next(s for s in view["ships"] if len(s.get("trail") or ()) >= 2 and s["status"] == "afloat"
                and math.dist(s["trail"][0], (s["x"], s["y"])) > 2)
    without = copy.deepcopy(view)
    for s in without["ships"]:
        s["trail"] = []
    memory = ViewportMemory()
    img = render_map(view, previous_frame=memory, legend=False)
    bare = render_map(without, previous_frame=memory, legend=False)
    vp = img.info["viewport"]
    x0, y0 = ship["trail"][0]
    # Where she started (her first dot), now behind her: drawn only with the wake.
    assert _pixel(img, vp, x0, y0, view) != _pixel(bare, vp, x0, y0, view)
