"""Maps made for a phone: drawn 1000 px wide and read at Discord's inline width of 550 px.

At 550 px every ship's label must lie inside the image and overlap no other label,
no ship and no name of a depth zone or of land; a shot is a line from the firer to
the target with its result; damage just taken is red; a ship lost this turn leaves a
wreck with her name. Everything is drawn from the public view."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np
import pytest
from PIL import Image
from shapely.geometry import Polygon, box

import renderer.open_table.board as skeleton
from renderer import ViewportMemory, board_for, render_map
from renderer.cannoni.samples import play
from renderer.frame import header_height
from renderer.theme import DEFAULT_THEME
from rules.core.registry import get_ruleset
from tests.ai.common import play as ai_play

PHONE = 550


@dataclass
class Drawn:
    """The labels placed on one map (px of the map area), and whose they are."""

    labels: list[tuple[str, tuple[float, float, float, float]]] = field(default_factory=list)


@pytest.fixture
def drawn(monkeypatch):
    record = Drawn()
    original = skeleton.place_label

    def place(canvas, taken, anchor, make, **kw):
        rect = original(canvas, taken, anchor, make, **kw)
        if rect is not None:
            func = getattr(make, "func", None)
            kind = getattr(func, "__name__", "other")
            ship = make.args[1].id if kind == "ship_label" else None
            record.labels.append((ship or kind, rect))
        return rect

    monkeypatch.setattr(skeleton, "place_label", place)
    return record


def captains_game(name: str, seed: int) -> list[dict]:
    """The public views of a game between two computer captains, who close and fight
    (random play seldom does): the crowded maps a label must survive."""
    played = ai_play(name, ["captain", "captain"], seed, keep_states=10_000)
    rules = get_ruleset("cannoni")
    return [rules.view(s, None) for s in played.states] + [rules.view(played.final_state, None)]


def games():
    for name, seed in (("squadron-action", 1), ("frigate-duel", 3)):
        yield name, captains_game(name, seed)


def phone_checks(view, img, labels):
    """Every label at 550 px: inside the image, clear of the other labels, of every
    ship's base and of the zones' names."""
    vp = img.info["viewport"]
    board = board_for(view)
    top = header_height(board.header(view, DEFAULT_THEME.lang), DEFAULT_THEME)
    f = PHONE / img.width
    small = img.resize((PHONE, round(img.height * f)), Image.LANCZOS)
    map_area = box(0, top * f, PHONE, (top + vp.height) * f)

    def phone_box(r):
        return box(r[0] * f, (r[1] + top) * f, r[2] * f, (r[3] + top) * f)

    ships = []
    for s in board.ships_of(view):
        if board.on_table(s):
            pts = [vp.to_px(x, y) for x, y in s.base().exterior.coords]
            ships.append((s.id, Polygon([(x * f, (y + top) * f) for x, y in pts])))
    zones = [phone_box(r) for r in board.zone_label_rects(view, vp, DEFAULT_THEME)]
    placed = [(who, phone_box(r)) for who, r in labels]
    ship_labels = [(who, b) for who, b in placed if who in {sid for sid, _ in ships}]
    assert ship_labels, "no ship's label was drawn"
    for who, b in ship_labels:
        assert b.bounds[0] >= 0 and b.bounds[2] <= small.width and b.bounds[3] <= small.height, who
        assert map_area.contains(b), (who, b.bounds)
        for other, ob in placed:
            if ob is not b:
                assert b.intersection(ob).area < 1e-6, (who, other)
        for sid, hull in ships:
            assert b.intersection(hull).area < 1e-6, (who, "over the ship", sid)
        for z in zones:
            assert b.intersection(z).area < 1e-6, (who, "over a zone's name")
    return len(ship_labels)


def test_labels_at_550_px_in_the_squadron_action_and_the_frigate_duel(drawn):
    checked = 0
    for name, views in games():
        memory = ViewportMemory()
        # As the bot draws them: one memory through the game; a map every few views.
        for i, view in enumerate(views):
            if i % 3:
                continue
            drawn.labels.clear()
            img = render_map(view, previous_frame=memory)
            checked += phone_checks(view, img, drawn.labels)
    assert checked >= 100


def test_a_crowded_harbour_keeps_its_labels_clear(drawn):
    """The harbour raid's batteries, coast and shallows: Chevrette's label once sat on
    the name of the inner harbour."""
    views = captains_game("harbour-raid", 1)
    memory = ViewportMemory()
    for view in views[:40]:
        drawn.labels.clear()
        img = render_map(view, previous_frame=memory)
        phone_checks(view, img, drawn.labels)


# -- what just happened -------------------------------------------------------------


def duel_view():
    views, _ = play("frigate-duel", seed=4)
    view = copy.deepcopy(next(v for v in views if v["step"] == "action" and v["turn"] >= 2))
    a, b = view["ships"][:2]
    a.update(x=30.0, y=20.0, heading=0.0, trail=[])
    b.update(x=40.0, y=20.0, heading=0.0, trail=[])
    view["shots"] = []
    for s in view["ships"]:
        s["last_damage"] = {}
    return view


def pixel_between(img, view, t: float):
    """The colour ``t`` of the way from the first ship to the second."""
    vp = img.info["viewport"]
    top = header_height(board_for(view).header(view, DEFAULT_THEME.lang), DEFAULT_THEME)
    a, b = view["ships"][:2]
    px, py = vp.to_px(a["x"] + (b["x"] - a["x"]) * t, a["y"] + (b["y"] - a["y"]) * t)
    return img.getpixel((int(round(px)), int(round(py)) + top))


def red_pixels(img) -> int:
    """Pixels of the colour of what just happened."""
    diff = np.abs(np.asarray(img, dtype=np.int16) - np.array(DEFAULT_THEME.fresh, dtype=np.int16))
    return int((diff.max(axis=2) <= 12).sum())


def colour_near(c, want, tol=40):
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(c, want))


def test_a_broadside_is_a_line_from_the_firer_to_the_target_with_its_result():
    view = duel_view()
    a, b = view["ships"][:2]
    plain = render_map(view)
    view["shots"] = [{"firer": a["id"], "target": b["id"], "hits": 2, "critical": False, "effect": True}]
    hit = render_map(view)
    assert colour_near(pixel_between(hit, view, 0.35), DEFAULT_THEME.fresh)
    assert not colour_near(pixel_between(plain, view, 0.35), DEFAULT_THEME.fresh)
    labels = [e.label for _, entries in board_for(view).legend(view, DEFAULT_THEME).sections for e in entries]
    assert any(label.startswith("broadside") for label in labels)
    # Its result is written on the map: the map with "2 dmg" differs from one with "miss".
    view["shots"][0]["hits"] = 0
    miss = render_map(view)
    assert not colour_near(pixel_between(miss, view, 0.35), DEFAULT_THEME.fresh)
    assert miss.tobytes() != hit.tobytes() != plain.tobytes()


def test_new_damage_is_red_in_the_gauge():
    view = duel_view()
    before = render_map(view)
    target = view["ships"][1]
    target["last_damage"] = {"hull.port": 2}
    after = render_map(view)
    assert red_pixels(after) > red_pixels(before) + 10
    labels = [e.label for _, entries in board_for(view).legend(view, DEFAULT_THEME).sections for e in entries]
    assert any("damage just taken" in label for label in labels)


def test_a_ship_lost_this_turn_leaves_a_named_wreck(drawn):
    view = duel_view()
    lost = view["ships"][1]
    lost.update(status="sunk", lost_turn=view["turn"])
    render_map(view)
    assert "wreck_label" in [who for who, _ in drawn.labels]
    drawn.labels.clear()
    lost["lost_turn"] = view["turn"] - 1  # an older wreck: gone from the map
    render_map(view)
    assert "wreck_label" not in [who for who, _ in drawn.labels]
    # ... unless the next turn is only opening (the chits are being placed): the map
    # posted for the turn just ended is drawn there.
    view["step"] = "chits"
    render_map(view)
    assert "wreck_label" in [who for who, _ in drawn.labels]


@pytest.mark.parametrize("scenario, seed", [("mylae", 1), ("artemisium", 2)])
def test_galley_labels_at_550_px(drawn, scenario, seed):
    """The galleys crowd most when they ram and board: every label still keeps clear."""
    played = ai_play(scenario, ["captain", "captain"], seed, ruleset="nauta", keep_states=10_000)
    rules = get_ruleset("nauta")
    views = [rules.view(s, None) for s in played.states] + [rules.view(played.final_state, None)]
    memory = ViewportMemory()
    checked = 0
    for i, view in enumerate(views):
        if i % 3:
            continue
        drawn.labels.clear()
        img = render_map(view, previous_frame=memory)
        checked += phone_checks(view, img, drawn.labels)
    assert checked >= 50
