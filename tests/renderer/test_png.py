"""Our PNG writer (renderer/png.py): any decoder must read back exactly the pixels drawn."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from renderer import png
from renderer.api import render_map


def _decoded(data: bytes) -> Image.Image:
    Image.open(io.BytesIO(data)).verify()  # chunk CRCs and structure
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (64, 65), (333, 17)])
def test_every_pixel_comes_back(size):
    rng = random.Random(size[0] * 1000 + size[1])
    img = Image.frombytes("RGB", size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * 3)))
    back = _decoded(png.encode(img))
    assert back.mode == "RGB" and back.size == size
    assert back.tobytes() == img.tobytes()


def test_a_map_comes_back_exactly_and_no_bigger_than_pillows(squadron_views):
    img = render_map(squadron_views[-1])
    ours = png.encode(img)
    assert _decoded(ours).tobytes() == img.tobytes()
    pillows = io.BytesIO()
    img.save(pillows, "PNG", compress_level=1)
    assert len(ours) <= 1.15 * len(pillows.getvalue())


def test_other_modes_go_to_pillow():
    img = Image.new("RGBA", (5, 4), (10, 20, 30, 40))
    back = _decoded(png.encode(img))
    assert back.mode == "RGBA" and back.tobytes() == img.tobytes()
