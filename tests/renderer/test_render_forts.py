"""Forts, coastal batteries and depth zones on the map: drawn where the view puts them,
in their side's colour, with their state; sectors for batteries to act; legend,
header, alt text and replay signature."""
from __future__ import annotations

import copy
from typing import Any

import pytest
from shapely.geometry import Polygon

from renderer import DEFAULT_THEME, board_for, describe_image, render_map
from renderer.cannoni.board import run_to_act
from renderer.cannoni.samples import play
from renderer.theme import SIDE_PALETTE, mix
from tests.renderer.render_cases import colour_near, to_image_px


@pytest.fixture(scope="module")
def raid_views() -> list[dict[str, Any]]:
    return play("harbour-raid", seed=2, max_steps=40)[0]


def batteries_to_act(view):
    return [b for f in view["forts"] if f["active"] for b in f["batteries"] if not b["acted"] and not b["destroyed"]]


@pytest.fixture(scope="module")
def battery_turn(raid_views) -> dict[str, Any]:
    return next(v for v in raid_views if v["step"] == "action" and batteries_to_act(v))


def inside(battery: dict[str, Any]) -> tuple[float, float]:
    """Halfway from the emplacement's middle to the middle of its inland side: clear of
    the wall, the gun bar and a destroyed battery's cross."""
    poly = Polygon(battery["emplacement"])
    c = poly.centroid
    (ax, ay), (bx, by) = battery["face"]
    fx, fy = (ax + bx) / 2, (ay + by) / 2
    return (c.x + (c.x - fx) * 0.5, c.y + (c.y - fy) * 0.5)


def test_batteries_drawn_where_they_stand_in_their_side_s_colour(raid_views):
    view = raid_views[0]
    img = render_map(view)
    vp = img.info["viewport"]
    colour = SIDE_PALETTE[view["sides"].index("france")]
    for b in view["forts"][0]["batteries"]:
        assert colour_near(img.getpixel(to_image_px(vp, *inside(b))), colour), b["name"]


def test_a_destroyed_battery_is_paler(raid_views):
    view = copy.deepcopy(raid_views[0])
    b = view["forts"][0]["batteries"][1]
    b["points"]["lost"], b["destroyed"] = b["points"]["boxes"], True
    img = render_map(view)
    pale = mix(SIDE_PALETTE[view["sides"].index("france")], (255, 255, 255), 0.6)
    assert colour_near(img.getpixel(to_image_px(img.info["viewport"], *inside(b))), pale)


def test_depth_zones_are_tinted_by_depth(raid_views):
    view = raid_views[0]
    img = render_map(view)
    px = to_image_px(img.info["viewport"], 63.5, 19.5)  # the inner harbour, depth 2
    assert colour_near(img.getpixel(px), DEFAULT_THEME.depth_fill[1])
    plain = copy.deepcopy(view)
    plain["table"]["depth"] = []
    img = render_map(plain)
    assert colour_near(img.getpixel(to_image_px(img.info["viewport"], 63.5, 19.5)), DEFAULT_THEME.sea)


def test_batteries_to_act_get_their_sector_and_the_ring(battery_turn):
    assert any(not hasattr(p, "pose") for p in run_to_act(battery_turn))
    with_overlays = render_map(battery_turn)
    without = render_map(battery_turn, overlays=False)
    assert with_overlays.tobytes() != without.tobytes()
    acting = [b["name"] for b in batteries_to_act(battery_turn)]
    assert any(name in board_for(battery_turn).header(battery_turn).lines[0] for name in acting)


def test_focus_on_a_battery(raid_views):
    view = raid_views[0]
    bid = view["forts"][0]["batteries"][0]["id"]
    assert render_map(view, focus=bid).tobytes() != render_map(view).tobytes()


def test_legend_has_forts_and_depth_only_when_the_game_has_them(raid_views):
    view = raid_views[0]
    board = board_for(view)
    names = [name for name, _ in board.legend(view, DEFAULT_THEME).sections]
    assert "Forts" in names and "Depth" in names
    bare = copy.deepcopy(view)
    bare["forts"], bare["table"]["depth"] = [], []
    names = [name for name, _ in board.legend(bare, DEFAULT_THEME).sections]
    assert "Forts" not in names and "Depth" not in names


def test_alt_text_tells_the_forts(raid_views):
    view = copy.deepcopy(raid_views[0])
    view["forts"][0]["batteries"][0]["fire"] = True
    text = describe_image(view)
    assert "Fort du Gouin (France)" in text and "West battery" in text and "on fire" in text
    assert len(text) <= 1000


def test_signature_sees_battery_damage(raid_views):
    view = raid_views[0]
    board = board_for(view)
    hit = copy.deepcopy(view)
    hit["forts"][0]["batteries"][0]["points"]["lost"] += 1
    assert board.signature(hit) != board.signature(view)
