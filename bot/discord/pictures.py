"""Pictures for the chat, always drawn from a PUBLIC view (``view(state, None)``).

The renderer is CPU work: the game loop already runs a :func:`map_image_maker` provider in a worker
thread, and the commands use the ``*_async`` renderer calls so the bot's event loop
never waits on a drawing.
"""
from __future__ import annotations

from typing import Any, Callable

from renderer import api as renderer


def map_image(public_view: dict[str, Any]) -> tuple[bytes, str]:
    """A map after a phase, and its alt text (no memory of earlier frames)."""
    return renderer.render_map_bytes(public_view), renderer.describe_image(public_view)


def map_image_maker() -> Callable[[dict[str, Any]], tuple[bytes, str]]:
    """One game's image provider: it remembers the map's scale between phases, so the
    view zooms out only when the ships spread apart."""
    memory = renderer.ViewportMemory()

    def draw(public_view: dict[str, Any]) -> tuple[bytes, str]:
        return (renderer.render_map_bytes(public_view, previous_frame=memory),
                renderer.describe_image(public_view))
    return draw


async def map_png(public_view: dict[str, Any], focus: str | None = None) -> tuple[bytes, str]:
    png = await renderer.render_map_async(public_view, focus=focus)
    return png, renderer.describe_image(public_view)


async def card_png(public_view: dict[str, Any], ship_id: str) -> bytes:
    return await renderer.render_card_async(public_view, ship_id)


def ships(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The pieces of a view that have an id (ships, for every ruleset so far)."""
    found = view.get("ships")
    return [s for s in found if isinstance(s, dict) and "id" in s] if isinstance(found, list) else []


def ship_name(ship: dict[str, Any]) -> str:
    return str(ship.get("name") or ship["id"])
