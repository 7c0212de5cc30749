"""A plain record card: a piece's name, then lines of facts, for boards that have no
card of their own yet (the cell boards, a new open-table board)."""
from __future__ import annotations

from typing import Sequence

from PIL import Image

from renderer.theme import Theme, text_sprite


def plain_card(title: str, lines: Sequence[str], theme: Theme) -> Image.Image:
    sprites = [text_sprite(title, theme.title_px, True, theme.ink, None, 0)]
    sprites += [text_sprite(line, theme.status_px, False, theme.ink, None, 0) for line in lines]
    width = max(max(s.width for s in sprites) + 32, 360)
    img = Image.new("RGB", (width, sum(s.height + 8 for s in sprites) + 24), theme.legend_bg)
    y = 12
    for s in sprites:
        img.paste(s, (16, y), s)
        y += s.height + 8
    return img
