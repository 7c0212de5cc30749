"""Regenerate the renderer's reference cases and images.

    .venv/bin/python tests/renderer/make_reference.py          # images only, from the stored views
    .venv/bin/python tests/renderer/make_reference.py --views  # also replay the games for new views

Run it after a deliberate change to how maps or cards look, look at every
image in tests/renderer/reference/, and commit them with the change.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.renderer.render_cases import CARD_CASE, CARD_SHIP, MAP_CASES, REF_DIR, build_case, load_case, shrink  # noqa: E402

from renderer import render_card, render_map  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", action="store_true", help="play the games again for new views")
    args = parser.parse_args()
    REF_DIR.mkdir(parents=True, exist_ok=True)
    for name in MAP_CASES:
        path = REF_DIR / f"{name}.json"
        if args.views or not path.exists():
            view = build_case(name)
            path.write_text(json.dumps(view, indent=0, sort_keys=True, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        view = load_case(name)
        shrink(render_map(view)).save(REF_DIR / f"{name}.png", optimize=True)
        print("wrote", REF_DIR / f"{name}.png")
    card = shrink(render_card(load_case(CARD_CASE), CARD_SHIP))
    card.save(REF_DIR / "card.png", optimize=True)
    print("wrote", REF_DIR / "card.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
