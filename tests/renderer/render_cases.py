"""Views the renderer tests draw, and the tolerant image comparison.

The reference cases are stored as view JSON beside their reference images, so
that a change to the rules (which would change how a random game plays out)
does not move the references: only a change to the renderer does.
"""
from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from renderer import DEFAULT_THEME, Viewport, board_for
from renderer.frame import header_height
from renderer.nauta.samples import play as play_nauta
from renderer.cannoni.samples import fleet_action, play

REF_DIR = Path(__file__).parent / "reference"
MAP_CASES = ("squadron", "coast", "markers", "fleet", "harbour", "nauta")
CARD_CASE = "markers"
CARD_SHIP = "bellerophon"
# References are stored at half size: small files, and halving averages away
# most of what differs between FreeType builds' antialiasing.
REF_REDUCE = 2
TILE = 16  # px, at reference size (32 px of the full image)
# A tile's mean absolute difference (0-255 per channel) above this fails. Text
# antialiasing differences stay well under it; a ship moved by an inch, or drawn
# in another colour, changes its tiles by several times as much.
TILE_LIMIT = 12.0
MEAN_LIMIT = 1.5


def squadron_view() -> dict[str, Any]:
    """Squadron action, turn 3 or later, with ships to act (ranges and reach drawn)."""
    views, _ = play("squadron-action", seed=3, max_steps=80)
    for view in views:
        acting = [s for s in view["ships"] if s["active"] and not s["acted"]]
        if view["step"] == "action" and view["turn"] >= 3 and acting and any(s.get("trail") and len(s["trail"]) > 1 for s in view["ships"]):
            return view
    raise AssertionError("no suitable view")


def coast_view() -> dict[str, Any]:
    views, _ = play("brig-action", seed=1, max_steps=12)
    return views[10]


def markers_view() -> dict[str, Any]:
    """The squadron view with every status marker set on some ship."""
    view = copy.deepcopy(squadron_view())
    ships = {s["id"]: s for s in view["ships"]}
    b = ships["bellerophon"]
    b["struck"] = True
    b["hull"]["starboard"]["lost"] = 7
    b["crew"]["lost"] = 5
    b["masts"][2].update(lost=b["masts"][2]["boxes"], fell="port")
    b["loaded"] = {"starboard": "ball", "port": None}
    s = ships["surprise"]
    s.update(sinking=True, sinking_until=view["turn"] + 1, fire=True, sails="full")
    sp = ships["speedy"]
    sp.update(aground=True, anchor="bow", sails="furled")
    ships["redoutable"]["fouled_with"] = ["virginie"]
    ships["virginie"]["fouled_with"] = ["redoutable"]
    return view


def fleet_view() -> dict[str, Any]:
    """Twenty ships in the last phase of turn 1: all of them to act."""
    views, _ = play(fleet_action(), seed=3, max_steps=22)
    return views[21]


def harbour_view() -> dict[str, Any]:
    """The harbour raid with the fort's batteries to act (their sectors drawn), one of
    them burning and another holding red-hot shot; depth zones on the table."""
    views, _ = play("harbour-raid", seed=2, max_steps=40)
    view = copy.deepcopy(next(v for v in views if v["step"] == "action" and any(
        f["active"] and any(not b["acted"] for b in f["batteries"]) for f in v["forts"])))
    west, north, _east = view["forts"][0]["batteries"]
    west["fire"], west["points"]["lost"] = True, 3
    north["loaded"] = "heated"
    return view


def nauta_markers(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of a Nauta view in movement with every marker set on some galley: a
    prize and her captor, a burning hulk, a boarding, damage, a revealed speed in
    formation and one astern, stopped by a contact."""
    view = copy.deepcopy(view)
    afloat = [s for s in view["ships"] if s["status"] == "afloat"]
    first, second = view["sides"]
    ours = [s for s in afloat if s["side"] == first]
    theirs = [s for s in afloat if s["side"] == second]
    prize, hulk, boarder = theirs[0], theirs[1], theirs[2]
    captor, grappled, formation, astern = ours[0], ours[1], ours[2], ours[3]
    prize.update(status="captured", captured_by=captor["id"], remove_after=view["turn"] + 1)
    captor.update(hold_until=view["turn"] + 1)
    hulk.update(status="burning")
    boarder.update(engaged_with=[grappled["id"]], soldiers=boarder["soldiers_start"] - 1)
    grappled.update(engaged_with=[boarder["id"]], damage=1, max_speed=grappled["max_speed"] - 2)
    formation.update(written=3, formation="A", speed_hidden=False, revealed=True)
    astern.update(written=-2, formation=None, speed_hidden=False, revealed=True, stopped=True)
    return view


def nauta_view() -> dict[str, Any]:
    """Mylae in movement, turn 4 or later, with every Nauta marker set."""
    views, _ = play_nauta("mylae", seed=1)
    return nauta_markers(next(v for v in views if v["step"] == "move" and v["turn"] >= 4))


def build_case(name: str) -> dict[str, Any]:
    return {"squadron": squadron_view, "coast": coast_view, "markers": markers_view,
            "fleet": fleet_view, "harbour": harbour_view, "nauta": nauta_view}[name]()


def load_case(name: str) -> dict[str, Any]:
    return json.loads((REF_DIR / f"{name}.json").read_text(encoding="utf-8"))


def reference_image(name: str) -> Image.Image:
    return Image.open(REF_DIR / f"{name}.png").convert("RGB")


def shrink(img: Image.Image) -> Image.Image:
    return img.convert("RGB").reduce(REF_REDUCE)


def difference(img: Image.Image, ref: Image.Image) -> tuple[float, float]:
    """(mean, worst tile mean) absolute difference of ``img`` (full size) and a
    reference (stored size), per channel, 0-255."""
    small = shrink(img)
    if small.size != ref.size:
        return (255.0, 255.0)
    a = np.asarray(small, dtype=np.int16)
    b = np.asarray(ref, dtype=np.int16)
    diff = np.abs(a - b).mean(axis=2)
    h, w = diff.shape
    th, tw = math.ceil(h / TILE), math.ceil(w / TILE)
    padded = np.zeros((th * TILE, tw * TILE))
    padded[:h, :w] = diff
    tiles = padded.reshape(th, TILE, tw, TILE).mean(axis=(1, 3))
    return float(diff.mean()), float(tiles.max())


def matches(img: Image.Image, ref: Image.Image) -> bool:
    mean, worst = difference(img, ref)
    return mean <= MEAN_LIMIT and worst <= TILE_LIMIT


# -- helpers for sampling pixels -----------------------------------------------------

def hull_sample_point(ship: dict[str, Any]) -> tuple[float, float]:
    """A point on the keel line, in table inches, where the marker shows the bare
    hull: midway across the widest gap between masts (or a mast and an end)."""
    length = ship["log"]["base_length"]
    stops = sorted([-0.5, 0.5] + [m["offset"] for m in ship["masts"]])
    gaps = [(b - a, (a + b) / 2) for a, b in zip(stops, stops[1:])]
    # Avoid the ends' outline: prefer interior gaps, then take the widest.
    _, middle = max(gaps, key=lambda g: g[0] - (0.05 if abs(g[1]) > 0.35 else 0))
    h = math.radians(ship["heading"])
    along = middle * length
    return (ship["x"] + along * math.sin(h), ship["y"] + along * math.cos(h))


def to_image_px(viewport: Viewport, x: float, y: float, view: dict[str, Any] | None = None) -> tuple[int, int]:
    """Where a table point is on the image; below the header band of ``view``'s map when
    given (a long header wraps onto more rows), else below a band of the theme's height."""
    px, py = viewport.to_px(x, y)
    top = DEFAULT_THEME.header_height
    if view is not None:
        top = header_height(board_for(view).header(view, DEFAULT_THEME.lang), DEFAULT_THEME)
    return (int(round(px)), int(round(py)) + top)


def colour_near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a[:3], b[:3]))


def pick(views: list[dict[str, Any]], fraction: float) -> dict[str, Any]:
    """The view a given fraction of the way through a game (games' lengths vary
    as the rules evolve; tests must not depend on them)."""
    return views[int(round(fraction * (len(views) - 1)))]


def fighting(views: list[dict[str, Any]]) -> dict[str, Any]:
    """The latest view in which both sides still have ships afloat that have not
    struck, from turn 2 on if the game lasts that long."""
    def ok(view: dict[str, Any]) -> bool:
        sides = {s["side"] for s in view["ships"] if s["status"] == "afloat" and not s["struck"]}
        return len(sides) >= 2
    candidates = [v for v in views if ok(v)]
    later = [v for v in candidates if v["turn"] >= 2]
    return (later or candidates)[-1]
