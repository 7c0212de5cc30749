"""The map: size, fonts, ships where they are in their sides' colours, markers,
overlays for the ships about to act, and the frame's contents."""
from __future__ import annotations

import asyncio
import copy
import io
import math
from pathlib import Path

import pytest
from tests.renderer.render_cases import colour_near, fighting, hull_sample_point, pick, to_image_px
from PIL import Image

import renderer
from renderer import (DEFAULT_THEME, Board, ViewportMemory, board_for, render_map, render_map_async,
                      render_map_bytes)
from renderer.cannoni.board import next_to_act, to_act
from renderer.theme import MIN_TEXT_PX, SIDE_PALETTE, font


def afloat(view):
    return [s for s in view["ships"] if s["status"] == "afloat"]


def action_view(views, min_turn=2):
    for view in views:
        if view["step"] == "action" and view["turn"] >= min_turn and to_act_ids(view):
            return view
    raise AssertionError("no action view")


def to_act_ids(view):
    return [s.id for s in to_act(view)]


def test_size_and_mode(squadron_views):
    img = render_map(pick(squadron_views, 0.3))
    assert img.mode == "RGB"
    assert img.width == DEFAULT_THEME.width == 1000
    # header + map + legend fits a phone scroll
    assert 0.7 * img.width <= img.height <= 1.1 * img.width


def test_png_bytes_decode(squadron_views):
    data = render_map_bytes(pick(squadron_views, 0.3))
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.size[0] == DEFAULT_THEME.width


def test_ships_drawn_at_their_position_in_their_sides_colour(squadron_views):
    view = fighting(squadron_views)
    img = render_map(view)
    vp = img.info["viewport"]
    colours = {}
    for ship in afloat(view):
        px = to_image_px(vp, *hull_sample_point(ship))
        colour = img.getpixel(px)
        index = view["sides"].index(ship["side"])
        expected = SIDE_PALETTE[index]
        if ship["struck"]:
            continue
        assert colour_near(colour, expected), (ship["name"], px, colour, expected)
        colours.setdefault(ship["side"], set()).add(colour)
    assert len(colours) == 2
    a, b = (next(iter(c)) for c in colours.values())
    assert not colour_near(a, b, 60), "the two sides must look different"


def test_moving_a_ship_moves_its_marker(squadron_views):
    view = copy.deepcopy(fighting(squadron_views))
    ship = next(s for s in afloat(view) if not s["struck"])
    memory = ViewportMemory()
    before = render_map(view, previous_frame=memory)
    old_px = to_image_px(memory.viewport, *hull_sample_point(ship))
    ship["x"] += 3.0
    ship["trail"] = []
    after = render_map(view, previous_frame=memory)
    new_px = to_image_px(memory.viewport, *hull_sample_point(ship))
    colour = SIDE_PALETTE[view["sides"].index(ship["side"])]
    assert colour_near(after.getpixel(new_px), colour)
    assert not colour_near(after.getpixel(old_px), colour, 30)
    assert colour_near(before.getpixel(old_px), colour)


def test_side_colours_are_stable_when_a_side_loses_ships(squadron_views):
    view = copy.deepcopy(fighting(squadron_views))
    second = view["sides"][1]
    for ship in view["ships"]:
        if ship["side"] == view["sides"][0]:
            ship["status"] = "sunk"
    img = render_map(view)
    ship = next(s for s in view["ships"] if s["side"] == second and not s["struck"])
    at = to_image_px(img.info["viewport"], *hull_sample_point(ship), view=view)
    assert colour_near(img.getpixel(at), SIDE_PALETTE[1])


def test_struck_ship_is_paler(squadron_views):
    view = copy.deepcopy(fighting(squadron_views))
    ship = next(s for s in afloat(view) if not s["struck"])
    ship["struck"] = True
    img = render_map(view)
    colour = img.getpixel(to_image_px(img.info["viewport"], *hull_sample_point(ship)))
    base = SIDE_PALETTE[view["sides"].index(ship["side"])]
    assert not colour_near(colour, base) and sum(colour) > sum(base)


def test_ranges_drawn_only_for_the_ship_whose_turn_it_is(squadron_views):
    view = action_view(squadron_views)
    nxt = next_to_act(view)[0]
    img = render_map(view)
    vp = img.info["viewport"]
    theme = DEFAULT_THEME
    ship = next(s for s in view["ships"] if s["id"] == nxt.id)
    side = "starboard" if ship["loaded"]["starboard"] else "port"
    sign = 1 if side == "starboard" else -1
    # 3" abeam, inside the 4" ring: tinted with the side's colour.
    h = math.radians(ship["heading"])
    x = ship["x"] + sign * 3.0 * math.cos(h)
    y = ship["y"] - sign * 3.0 * math.sin(h)
    others = [s for s in afloat(view) if s["id"] != ship["id"]]
    if any(abs(s["x"] - x) < 3 and abs(s["y"] - y) < 3 for s in others):
        pytest.skip("another ship sits in the sample spot")
    colour = img.getpixel(to_image_px(vp, x, y))
    assert colour != theme.sea and not colour_near(colour, theme.sea, 8)


def test_focus_draws_the_focused_ship_overlays(squadron_views):
    view = fighting(squadron_views)
    quiet = render_map(view, focus=[], overlays=False)
    ship = next(s for s in afloat(view) if s["loaded"]["starboard"] or s["loaded"]["port"])
    focused = render_map(view, focus=ship["id"])
    assert quiet.tobytes() != focused.tobytes()


def test_every_step_renders(squadron_views):
    steps = {}
    for view in squadron_views:
        steps.setdefault(view["step"], view)
    assert {"chits", "action"} <= set(steps)
    for view in steps.values():
        img = render_map(view)
        assert img.width == DEFAULT_THEME.width


def test_game_over_and_out_of_play_are_told(squadron_game):
    views, state = squadron_game
    last = views[-1]
    img = render_map(last)
    assert img.width == DEFAULT_THEME.width
    header = board_for(last).header(last)
    if last["step"] == "over":
        assert header.lines[0].startswith("Game over")
    for ship in last["ships"]:
        if ship["status"] != "afloat":
            assert ship["name"] in header.lines[1]


def test_every_marker_renders_and_changes_the_image(squadron_views):
    view = action_view(squadron_views)
    first = render_map(view)
    base, vp = first.tobytes(), first.info["viewport"]
    # A ship the view frames (the others are dots in the inset).
    ship_id = next(s["id"] for s in afloat(view) if vp.contains((s["x"] - 3, s["y"] - 3, s["x"] + 3, s["y"] + 3)))
    for key, value in (("fire", True), ("anchor", "bow"), ("fouled_with", ["x"]), ("aground", True),
                       ("struck", True), ("sinking", True), ("sails", "full"), ("sails", "furled"),
                       ("loaded", {"starboard": None, "port": None})):
        v = copy.deepcopy(view)
        ship = next(s for s in v["ships"] if s["id"] == ship_id)
        if ship.get(key) == value:
            continue
        ship[key] = value
        assert render_map(v).tobytes() != base, key


def test_damage_changes_the_gauge(squadron_views):
    view = copy.deepcopy(pick(squadron_views, 0.2))
    before = render_map(view).tobytes()
    view["ships"][0]["crew"]["lost"] = view["ships"][0]["crew"]["boxes"] // 2
    assert render_map(view).tobytes() != before


def test_text_sizes_and_bundled_font():
    assert min(DEFAULT_THEME.text_sizes()) >= MIN_TEXT_PX == 15
    with pytest.raises(ValueError):
        font(14)
    path = Path(font(15).path)
    assert path.parent == Path(renderer.__file__).parent / "fonts"
    assert (path.parent / "LICENSE").read_text().count("Bitstream") >= 3


def test_board_registry_and_protocol(squadron_views):
    board = board_for(squadron_views[0])
    assert isinstance(board, Board) and board.kind == "open_table"
    with pytest.raises(KeyError):
        board_for({"ruleset": "no-such-game"})


def test_state_objects_are_refused(squadron_game):
    _, state = squadron_game
    with pytest.raises(TypeError):
        render_map(state)


def test_twenty_ships(fleet_views):
    view = max(fleet_views, key=lambda v: len(to_act(v)))
    assert len(afloat(view)) == 20 and len(to_act(view)) >= 10
    img = render_map(view)
    vp = img.info["viewport"]
    for ship in afloat(view):
        colour = img.getpixel(to_image_px(vp, *hull_sample_point(ship)))
        side_colour = SIDE_PALETTE[view["sides"].index(ship["side"])]
        if ship["struck"]:
            assert not colour_near(colour, side_colour) and sum(colour) > sum(side_colour), ship["name"]
        else:
            assert colour_near(colour, side_colour), ship["name"]
    # Twenty sets of ranges would hide the sea: only the next few ships get them.
    assert 1 <= len(next_to_act(view)) <= 4


async def test_async_render_matches_sync_and_runs_concurrently(squadron_views):
    views = [pick(squadron_views, f) for f in (0.1, 0.4, 0.7, 1.0)]
    results = await asyncio.gather(*(render_map_async(v) for v in views))
    for view, data in zip(views, results):
        assert data == render_map_bytes(view)



def test_a_new_board_kind_can_be_registered_beside_the_open_table(squadron_views):
    """A second drawing style for the same ruleset, chosen by the view's "board"."""
    from renderer.board import _BOARDS, _INSTANCES, register_board
    from renderer.cannoni.board import CannoniBoard

    class Plain(CannoniBoard):
        kind = "plain_test"

    register_board("cannoni", Plain, board="plain_test")
    try:
        view = dict(squadron_views[0], board="plain_test")
        assert board_for(view).kind == "plain_test"
        assert board_for(squadron_views[0]).kind == "open_table"
        assert render_map(view).width == DEFAULT_THEME.width
    finally:
        _BOARDS.pop(("cannoni", "plain_test"), None)
        _INSTANCES.pop(("cannoni", "plain_test"), None)
