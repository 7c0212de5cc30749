"""Animated replays: a game's public views, one GIF frame each.

GIF rather than APNG because Discord animates GIFs everywhere, phones included.
Frames that would look the same (a step in which only hidden things changed)
are dropped; every frame shares one palette, taken from the first, middle and
last frames, so colours do not flicker, and Pillow stores each frame as its
difference from the one before, which keeps the file small.
"""
from __future__ import annotations

import io
from typing import Sequence

from PIL import Image, ImageDraw

from renderer.board import RenderOptions, View, board_for
from renderer.frame import render_frame
from renderer.theme import DEFAULT_THEME, Theme, font
from renderer.viewport import Viewport

FRAME_MS = 700
LAST_FRAME_MS = 3000
MAX_FRAMES = 300


def distinct_frames(frames: Sequence[View]) -> list[View]:
    """The views that change the picture, in order (the last one always kept)."""
    if not frames:
        return []
    board = board_for(frames[0])
    kept: list[View] = []
    last = None
    for view in frames:
        sig = board.signature(view)
        if sig != last:
            kept.append(view)
            last = sig
    return kept


def _thin(views: list[View], limit: int) -> list[View]:
    if len(views) <= limit:
        return views
    step = (len(views) - 1) / (limit - 1)
    return [views[round(i * step)] for i in range(limit)]


def replay_viewports(views: list[View], theme: Theme) -> list[Viewport]:
    """One steady viewport per frame: the scale is the smallest any frame needs, so
    it never changes within the replay; the window pans only if it must."""
    board = board_for(views[0])
    # A board whose automatic view zooms in on the fight has a steady one for replays.
    planner = getattr(board, "plan_steady_viewport", board.plan_viewport)
    vp: Viewport | None = None
    for view in views:
        vp = planner(view, vp, (), theme)
    out = []
    for view in reversed(views):
        vp = planner(view, vp, (), theme)
        out.append(vp)
    return out[::-1]


def render_replay(frames: Sequence[View], *, frame_ms: int = FRAME_MS, last_frame_ms: int = LAST_FRAME_MS,
                  max_frames: int = MAX_FRAMES, theme: Theme = DEFAULT_THEME,
                  captions: Sequence[str] | None = None) -> bytes:
    """A looping GIF of the views (public views, oldest first).

    ``captions``: one per view (e.g. its turn), written on a band under its frame with the
    frame's place in the loop ("2/5"), so it never covers the map's own title. The views are then taken as chosen (one per phase with action): none is
    dropped as looking like the one before, and a long list is still thinned."""
    if captions is not None:
        if len(captions) != len(frames):
            raise ValueError("one caption per frame")
        picked = list(zip(frames, captions))
        picked = _thin(picked, max_frames)  # type: ignore[arg-type]
        views, labels = [v for v, _ in picked], [c for _, c in picked]
    else:
        views, labels = _thin(distinct_frames(frames), max_frames), []
    if not views:
        raise ValueError("a replay needs at least one view")
    board = board_for(views[0])
    options = RenderOptions(overlays=False, legend=False)
    images = [render_frame(board, v, vp, options, theme) for v, vp in zip(views, replay_viewports(views, theme))]
    if labels:
        images = [_captioned(im, label, i + 1, len(images)) for i, (im, label) in enumerate(zip(images, labels))]
    # Frames can differ in height only if the table changed size: pad to the largest.
    height = max(im.height for im in images)
    images = [im if im.height == height else _pad(im, height, theme) for im in images]
    sample = [images[0], images[len(images) // 2], images[-1]]
    strip = Image.new("RGB", (images[0].width, height * len(sample)))
    for i, im in enumerate(sample):
        strip.paste(im, (0, i * height))
    palette = strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    frames_p = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    durations = [frame_ms] * (len(frames_p) - 1) + [last_frame_ms]
    buf = io.BytesIO()
    frames_p[0].save(buf, "GIF", save_all=True, append_images=frames_p[1:], duration=durations,
                     loop=0, disposal=1, optimize=False)
    return buf.getvalue()


def _captioned(img: Image.Image, text: str, index: int, count: int) -> Image.Image:
    """The frame over a dark band that holds its caption on the left and its place in the
    loop on the right, large enough to read on a phone. A band of its own, because the top
    of the frame is the map's header (title, turn, wind rose) and must stay readable."""
    size = max(18, img.width // 40)
    face = font(size, bold=True)
    pad = size // 3
    band = size + 2 * pad
    out = Image.new("RGB", (img.width, img.height + band), (20, 24, 30))
    out.paste(img, (0, 0))
    draw = ImageDraw.Draw(out)
    left, top, _, _ = face.getbbox(text)
    draw.text((pad - left, img.height + pad - top), text, font=face, fill=(255, 255, 255))
    place = f"{index}/{count}"
    p_left, p_top, p_right, _ = face.getbbox(place)
    draw.text((img.width - pad - p_right, img.height + pad - p_top), place, font=face, fill=(200, 206, 214))
    return out


def _pad(img: Image.Image, height: int, theme: Theme) -> Image.Image:
    out = Image.new("RGB", (img.width, height), theme.legend_bg)
    out.paste(img, (0, 0))
    return out
