"""Draw the phone pictures of docs/renderer.md (not a test).

    .venv/bin/python tests/renderer/make_phone_maps.py PREFIX

Plays the frigate duel and the squadron action between two computer captains
(seeded), draws one mid-game map of each as the bot does (one ViewportMemory through
the game), and writes ``docs/images/PREFIX-<scenario>.png`` (full size) and
``PREFIX-<scenario>-550.png`` (downscaled to Discord's inline width of 550 px).
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from renderer import ViewportMemory, render_map  # noqa: E402
from rules.core.registry import get_ruleset  # noqa: E402
from tests.ai.common import play  # noqa: E402

PHONE_PX = 550


def captain_views(scenario: str, seed: int) -> list[dict]:
    """The public view before every resolution of a captain-against-captain game."""
    played = play(scenario, ["captain", "captain"], seed, keep_states=10_000)
    rules = get_ruleset("cannoni")
    return [rules.view(s, None) for s in played.states] + [rules.view(played.final_state, None)]


def close_quarters(views: list[dict]) -> int:
    """The first view in the action step with the two frigates within 12 inches."""
    for i, v in enumerate(views):
        a, b = v["ships"][:2]
        if v.get("step") == "action" and math.hypot(a["x"] - b["x"], a["y"] - b["y"]) < 12:
            return i
    return len(views) - 1


def turn_six(views: list[dict]) -> int:
    """The first view of turn 6 in the action step."""
    return next(i for i, v in enumerate(views) if v.get("turn") == 6 and v.get("step") == "action")


PICTURES = {"frigate-duel": (3, close_quarters), "squadron-action": (1, turn_six)}


def phone(img: Image.Image) -> Image.Image:
    return img.resize((PHONE_PX, round(img.height * PHONE_PX / img.width)), Image.LANCZOS)


def main(prefix: str) -> None:
    out = ROOT / "docs" / "images"
    for scenario, (seed, pick) in PICTURES.items():
        views = captain_views(scenario, seed)
        at = pick(views)
        memory = ViewportMemory()
        for v in views[:at]:
            render_map(v, previous_frame=memory, legend=False)
        img = render_map(views[at], previous_frame=memory)
        img.save(out / f"{prefix}-{scenario}.png", optimize=True)
        phone(img).save(out / f"{prefix}-{scenario}-550.png", optimize=True)
        print(scenario, "view", at, "of", len(views), img.size)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after")
