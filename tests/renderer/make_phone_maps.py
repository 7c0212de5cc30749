"""Draw the phone pictures of docs/renderer.md (not a test).

    .venv/bin/python tests/renderer/make_phone_maps.py PREFIX [SCENARIO=VIEW ...]

Plays the frigate duel and the squadron action between two computer captains
(seeded), draws one mid-game map of each as the bot does (one ViewportMemory through
the game), and writes ``docs/images/PREFIX-<scenario>.png`` (full size) and
``PREFIX-<scenario>-550.png`` (downscaled to Discord's inline width of 550 px). The
map is the first just after a broadside struck home at close quarters; ``SCENARIO=VIEW``
draws the view of that number instead (to draw the same view with an older renderer,
whose views had no shots).
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


def struck_home(views: list[dict], turn: int, reach: float, shots: int) -> int:
    """The first view from ``turn`` on, in the action step, showing ``shots`` broadsides
    or more (one of them a hit) with enemies within ``reach`` inches of each other."""
    for i, v in enumerate(views):
        afloat = [s for s in v["ships"] if s["status"] == "afloat"]
        close = any(math.hypot(a["x"] - b["x"], a["y"] - b["y"]) < reach
                    for a in afloat for b in afloat if a["side"] != b["side"])
        fired = v.get("shots") or []
        hit = len(fired) >= shots and any(s.get("hits") for s in fired)
        if v.get("step") == "action" and (v.get("turn") or 0) >= turn and close and hit:
            return i
    raise SystemExit("no such view: pass SCENARIO=VIEW")


PICTURES = {"frigate-duel": (3, 1, 12.0, 1), "squadron-action": (1, 3, 24.0, 3)}


def phone(img: Image.Image) -> Image.Image:
    return img.resize((PHONE_PX, round(img.height * PHONE_PX / img.width)), Image.LANCZOS)


def main(prefix: str, chosen: dict[str, int]) -> None:
    out = ROOT / "docs" / "images"
    for scenario, (seed, turn, reach, shots) in PICTURES.items():
        views = captain_views(scenario, seed)
        at = chosen[scenario] if scenario in chosen else struck_home(views, turn, reach, shots)
        memory = ViewportMemory()
        for v in views[:at]:
            render_map(v, previous_frame=memory, legend=False)
        img = render_map(views[at], previous_frame=memory)
        img.save(out / f"{prefix}-{scenario}.png", optimize=True)
        phone(img).save(out / f"{prefix}-{scenario}-550.png", optimize=True)
        print(scenario, "view", at, "of", len(views), img.size)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after",
         {k: int(v) for k, v in (a.split("=", 1) for a in sys.argv[2:])})
