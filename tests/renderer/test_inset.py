"""The inset (renderer/open_table/inset.py): a map framed on part of the table carries
the whole table in small, in a corner, with a dot for every ship and a box where the
view lies; a map that shows (nearly) the whole table has none, nor has a replay frame."""
from __future__ import annotations

from renderer import render_map
from renderer.cannoni.samples import play
from renderer.open_table import board as open_board
from renderer.open_table.inset import INSET_MAX, shows_all


def _drawn(monkeypatch):
    calls = []
    real = open_board.draw_inset

    def spy(canvas, rect, width, height, land, depths, dots):
        calls.append((canvas.viewport, rect, list(dots), canvas.size))
        real(canvas, rect, width, height, land, depths, dots)
    monkeypatch.setattr(open_board, "draw_inset", spy)
    return calls


def test_a_framed_map_has_the_inset_in_a_corner_with_every_ship(monkeypatch):
    views, _ = play("frigate-duel", seed=3, max_steps=6)
    calls = _drawn(monkeypatch)
    img = render_map(views[-1])
    assert len(calls) == 1, "the frigate duel is framed on the two frigates: one inset"
    viewport, (x0, y0, x1, y1), dots, (w, h) = calls[0]
    assert not shows_all(viewport, *viewport.world), "the view shows part of the table"
    assert x1 - x0 <= INSET_MAX[0] + 1 and y1 - y0 <= INSET_MAX[1] + 1
    assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h
    assert min(x0, w - x1) < 40 and min(y0, h - y1) < 140, "in a corner of the map"
    assert len(dots) == sum(s["status"] == "afloat" for s in views[-1]["ships"])
    # It is drawn: the same map without it differs just there.
    monkeypatch.setattr(open_board, "draw_inset", lambda *a, **k: None)
    bare = render_map(views[-1])
    box = (int(x0), int(y0), int(x1), int(y1))
    assert img.crop(box).tobytes() != bare.crop(box).tobytes()


def test_a_replay_frame_has_no_inset(monkeypatch):
    views, _ = play("frigate-duel", seed=3, max_steps=6)
    calls = _drawn(monkeypatch)
    render_map(views[-1], legend=False)
    assert calls == []
