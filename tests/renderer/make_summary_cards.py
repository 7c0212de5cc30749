"""Draw the summary cards of docs/renderer.md (not a test).

    .venv/bin/python tests/renderer/make_summary_cards.py

Writes ``docs/images/summary-<name>.png`` and ``summary-<name>-550.png`` (downscaled to
Discord's inline width of 550 px) for the recorded squadron action and for the fleet
action (20 ships) played at random, in English, and the Italian card of the recorded
boarding action.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from renderer.summary import render_summary  # noqa: E402
from tests.renderer.test_summary_card import PHONE, _played, _recorded  # noqa: E402


def main() -> None:
    out = ROOT / "docs" / "images"
    cards = [("squadron-action", _recorded("cannoni-squadron-action"), "en"),
             ("fleet-action", _played("cannoni", "fleet-action", seed=4), "en"),
             ("boarding-it", _recorded("cannoni-boarding-capture"), "it")]
    for name, summary, lang in cards:
        img = render_summary(summary, lang=lang)
        img.save(out / f"summary-{name}.png", optimize=True)
        small = img.resize((PHONE, round(img.height * PHONE / img.width)), Image.LANCZOS)
        small.save(out / f"summary-{name}-550.png", optimize=True)
        print(out / f"summary-{name}.png", img.size)


if __name__ == "__main__":
    main()
