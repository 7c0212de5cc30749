"""Every text on a map reads at Discord's inline width (550 px) without opening the
image: each text's font size, as the image is shrunk to 550 px, is 8 px or more, and
a damage gauge's boxes 5 px or more.

Each ruleset's first scenario is drawn as it opens, and again with half its ships
lost and shots between the others (wrecks' names, shots' results), its focused ship's
ranges and reach drawn (ring numbers, card letters); every ``ImageDraw.text`` call is
recorded with its font, every cache of drawn sprites emptied first so that nothing
drawn for an earlier map escapes the count.
"""
from __future__ import annotations

import sys

import pytest
from PIL import ImageDraw

from renderer import api
from renderer.cannoni.ships import GAUGE_H
from renderer.nauta.galleys import SOLDIER_BOX
from renderer.theme import DEFAULT_THEME, MIN_TEXT_PX
from rules.core.registry import get_ruleset, ruleset_names
from tests.renderer.test_text_fits import first_view, half_lost

FIRST_SCENARIOS = [(name, next(iter(get_ruleset(name).scenarios()))) for name in ruleset_names()]
PHONE_PX = 550  # Discord's inline width
PHONE_MIN_PX = 8.0  # the smallest font size that reads there
PHONE_GAUGE_BOX = 5.0


def on_phone(px: float) -> float:
    return px * PHONE_PX / DEFAULT_THEME.width


def clear_sprite_caches() -> None:
    """Every cached drawing of the renderer (text sprites, badges, the wind rose, the
    key): drawn anew, their texts are seen."""
    for name, module in list(sys.modules.items()):
        if name == "renderer" or name.startswith("renderer."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", "").startswith("renderer"):
                    clear()


@pytest.fixture
def sizes(monkeypatch):
    """(text, font size) of every text drawn."""
    seen: list[tuple[str, float]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, content, *args, **kwargs):
        face = kwargs.get("font") if "font" in kwargs else (args[1] if len(args) > 1 else None)
        seen.append((content, float(getattr(face, "size", 0))))
        return original(self, xy, content, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    clear_sprite_caches()
    yield seen
    clear_sprite_caches()


@pytest.mark.parametrize("ruleset, scenario", FIRST_SCENARIOS)
@pytest.mark.parametrize("losses", [False, True], ids=["first-map", "half-lost"])
def test_every_text_of_a_map_is_8_px_or_more_at_550(sizes, ruleset, scenario, losses):
    view = first_view(ruleset, scenario)
    if losses:
        view = half_lost(view)
    afloat = [s["id"] for s in view.get("ships") or [] if s.get("status") in (None, "afloat")]
    image = api.render_map(view, focus=afloat[:1] or None)
    assert len(sizes) >= 10, "too few texts seen: a cache kept them"
    shrink = PHONE_PX / image.width
    small = [(text, round(size * shrink, 2)) for text, size in sizes if size * shrink < PHONE_MIN_PX]
    assert not small, f"at {PHONE_PX} px, below {PHONE_MIN_PX} px: {small[:8]}"


def test_the_theme_floor_reads_at_550():
    assert on_phone(MIN_TEXT_PX) >= PHONE_MIN_PX
    assert min(DEFAULT_THEME.text_sizes()) >= MIN_TEXT_PX


def test_damage_boxes_are_5_px_or_more_at_550():
    # A Cannoni gauge's boxes are GAUGE_H high; a galley's soldiers' boxes SOLDIER_BOX wide.
    assert on_phone(GAUGE_H) >= PHONE_GAUGE_BOX
    assert on_phone(SOLDIER_BOX) >= PHONE_GAUGE_BOX
