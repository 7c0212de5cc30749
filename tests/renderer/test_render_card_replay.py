"""Log-book cards and animated replays produce valid images."""
from __future__ import annotations

import copy
import io

import pytest
from PIL import Image, ImageChops

from renderer import DEFAULT_THEME, render_card, render_card_bytes, render_replay, render_replay_async
from renderer.replay import distinct_frames


def test_card_is_a_valid_image_and_shows_damage(squadron_views):
    view = copy.deepcopy(squadron_views[len(squadron_views) // 2])
    ship = view["ships"][0]
    img = render_card(view, ship["id"])
    assert img.mode == "RGB" and img.width == DEFAULT_THEME.width and 600 <= img.height <= 1600
    ship["hull"]["port"]["lost"] = min(ship["hull"]["port"]["lost"] + 3, ship["hull"]["port"]["boxes"])
    assert render_card(view, ship["id"]).tobytes() != img.tobytes()
    data = render_card_bytes(view, ship["id"])
    assert Image.open(io.BytesIO(data)).format == "PNG"


def test_card_of_unknown_ship(squadron_views):
    with pytest.raises(KeyError):
        render_card(squadron_views[0], "no-such-ship")


def test_replay_is_an_animated_gif(squadron_views):
    frames = squadron_views[:12]
    data = render_replay(frames, frame_ms=300)
    img = Image.open(io.BytesIO(data))
    assert img.format == "GIF" and img.width == DEFAULT_THEME.width
    assert 1 < img.n_frames <= len(distinct_frames(frames))
    assert img.info.get("loop") == 0
    assert len(data) < 2_000_000  # a dozen frames: well under Discord's upload limit
    img.seek(img.n_frames - 1)
    assert img.getbbox() is not None


def test_replay_skips_frames_that_look_the_same(squadron_views):
    frames = [squadron_views[0], squadron_views[0], squadron_views[1]]
    assert len(distinct_frames(frames)) == 2


async def test_replay_async(squadron_views):
    data = await render_replay_async(squadron_views[:3])
    assert Image.open(io.BytesIO(data)).format == "GIF"


def test_empty_replay_is_refused():
    with pytest.raises(ValueError):
        render_replay([])


def test_captions_sit_under_the_map_and_leave_its_title_readable(squadron_views):
    """A captioned frame keeps the map's header (title, turn, wind rose) as drawn: the
    caption and the frame's place in the loop go on a band of their own below it."""
    frames = squadron_views[:2]
    plain = Image.open(io.BytesIO(render_replay(frames, captions=None)))
    captioned = Image.open(io.BytesIO(render_replay(frames, captions=["Turn 1", "Turn 2"])))
    assert captioned.n_frames == 2
    assert captioned.height > plain.height
    header = (0, 0, captioned.width, 60)
    for i in range(2):
        plain.seek(min(i, plain.n_frames - 1))
        captioned.seek(i)
        top_plain = plain.convert("RGB").crop(header)
        top_captioned = captioned.convert("RGB").crop(header)
        # one palette per GIF: compare closely, not byte for byte
        difference = ImageChops.difference(top_plain, top_captioned).convert("L")
        differing = sum(difference.point(lambda v: 255 if v > 40 else 0).histogram()[255:])
        assert differing < 0.01 * captioned.width * 60
        band = captioned.convert("RGB").crop((0, plain.height, captioned.width, captioned.height))
        assert band.getextrema()[0][1] > 150  # white words on the dark band
