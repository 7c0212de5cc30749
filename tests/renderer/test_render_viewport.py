"""The automatic view: frames the ships in action, keeps its scale through a game,
zooms out when they spread apart and back in only when they have drawn well together,
and pans only when it must."""
from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from renderer import Viewport, ViewportMemory, board_for, plan_viewport, render_map
from renderer.cannoni.samples import play
from renderer.viewport import ZOOM_STEP, plan, previous_viewport

SIZE = (1280, 853)
WORLD = (72.0, 48.0)


def ship_boxes_inside(view, vp: Viewport) -> bool:
    for s in view["ships"]:
        if s["status"] == "afloat" and not vp.contains((s["x"] - 2, s["y"] - 2, s["x"] + 2, s["y"] + 2)):
            return False
    return True


def in_action_inside(view, vp: Viewport) -> bool:
    board = board_for(view)
    return all(vp.contains(s.base().bounds) for s in board.framed(view, ()))


def test_the_ships_in_action_stay_in_view_and_the_scale_is_steady(squadron_views):
    memory = ViewportMemory()
    scales, changes, last = [], 0, None
    for view in squadron_views:
        vp = plan_viewport(view, previous_frame=memory)
        memory.remember(vp)
        scales.append(vp.scale)
        assert in_action_inside(view, vp)
        changes += vp != last
        last = vp
    # Steady: the viewport changes on a small minority of frames, and it zooms in only
    # by two steps of the ladder or more (never back and forth by one).
    assert changes <= max(3, len(squadron_views) // 5)
    for a, b in zip(scales, scales[1:]):
        assert b <= a or b >= a / ZOOM_STEP ** 2 - 1e-6


def test_the_frigate_duel_zooms_to_the_fight():
    """Two frigates 12 inches apart are framed, not the whole table: the view is half
    the table's width or less, at nearly twice the scale or more."""
    views, _ = play("frigate-duel", seed=1)
    view = copy.deepcopy(views[0])
    a, b = view["ships"][:2]
    a.update(x=30.0, y=20.0, trail=[])
    b.update(x=42.0, y=24.0, trail=[])
    wide = plan_viewport(views[0])
    close = plan_viewport(view, previous_frame=wide)
    assert close.scale >= 1.9 * wide.scale
    assert close.width / close.scale <= WORLD[0] / 2
    assert in_action_inside(view, close)


def test_close_ships_zoom_in_and_spreading_zooms_out(squadron_views):
    view = copy.deepcopy(squadron_views[0])
    ships = [s for s in view["ships"]]
    for i, s in enumerate(ships):  # a tight group around the middle of the table
        s.update(x=30.0 + (i % 3) * 4, y=20.0 + (i // 3) * 5, trail=[])
    close = plan_viewport(view)
    whole_table = min(SIZE[0] / (WORLD[0] + 2), SIZE[1] / (WORLD[1] + 2))
    assert close.scale > whole_table * 1.2
    ships[0].update(x=3.0, y=3.0)
    ships[-1].update(x=69.0, y=45.0)
    wide = plan_viewport(view, previous_frame=close)
    assert wide.scale < close.scale and ship_boxes_inside(view, wide)
    # A little closer together: the scale holds (no flicker).
    ships[0].update(x=8.0, y=6.0)
    ships[-1].update(x=64.0, y=42.0)
    assert plan_viewport(view, previous_frame=wide).scale == wide.scale
    # Back together: the view zooms in on them again.
    for i, s in enumerate(ships):
        s.update(x=30.0 + (i % 3) * 4, y=20.0 + (i // 3) * 5)
    again = plan_viewport(view, previous_frame=wide)
    assert again.scale >= wide.scale / ZOOM_STEP ** 2 and ship_boxes_inside(view, again)


def test_memory_round_trip_and_image_info(squadron_views):
    memory = ViewportMemory()
    img = render_map(squadron_views[0], previous_frame=memory)
    assert img.info["viewport"] == memory.viewport
    stored = ViewportMemory.from_dict(memory.to_dict())
    assert stored.viewport == memory.viewport
    assert previous_viewport(memory.to_dict()) == memory.viewport
    assert previous_viewport(memory.viewport.to_dict()) == memory.viewport


def test_viewport_of_another_table_is_ignored():
    other = Viewport(x0=0, y1=10, scale=99.0, width=1280, height=853, world=(20.0, 10.0))
    vp = plan((10, 10, 20, 20), WORLD, SIZE, previous=other)
    assert vp.scale != 99.0 and vp.world == WORLD


@settings(max_examples=150, deadline=None)
@given(x=st.floats(0, 70), y=st.floats(0, 46), w=st.floats(0.5, 72), h=st.floats(0.5, 48),
       dx=st.floats(-20, 20), dy=st.floats(-20, 20))
def test_plan_holds_the_interest_box(x, y, w, h, dx, dy):
    box = (x, y, min(x + w, 72.0), min(y + h, 48.0))
    first = plan(box, WORLD, SIZE)
    assert first.contains(box)
    moved = (max(box[0] + dx, 0.0), max(box[1] + dy, 0.0), min(box[2] + dx, 72.0), min(box[3] + dy, 48.0))
    if moved[2] <= moved[0] or moved[3] <= moved[1]:
        return
    second = plan(moved, WORLD, SIZE, previous=first)
    assert second.contains(moved)
    assert second.scale <= first.scale
    if first.contains(moved):
        assert second == first
