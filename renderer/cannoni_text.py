"""Alt text for a Cannoni map: who is where, heading, and the nearest enemy.

Discord's alt text holds 1024 characters; the text stays within LIMIT and, when
there are more ships than fit, ends with "and N more". Ships about to act come
first, since they are what a player needs to know now. It is built from the
public view only, and never mentions activation chits.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from renderer import cannoni_forts
from renderer.board import View
from renderer.cannoni import OUT_WORDS, STEP_WORDS, Ship, ships_of, side_label, to_act
from rules.cannoni import geometry as g
from rules.cannoni.texts import compass

if TYPE_CHECKING:
    from renderer.cannoni import CannoniBoard

LIMIT = 1000


def nearest_enemy(ship: Ship, ships: list[Ship]) -> tuple[Ship, float, float] | None:
    """The closest enemy afloat, its distance mainmast to mainmast (as the rules
    measure fire) in inches and its compass bearing."""
    best: tuple[Ship, float, float] | None = None
    here = (ship.pose.x, ship.pose.y)
    for other in ships:
        if other.side == ship.side or not other.afloat:
            continue
        there = (other.pose.x, other.pose.y)
        d = g.distance(here, there)
        if best is None or d < best[1]:
            best = (other, d, g.bearing(here, there))
    return best


def _status(data: dict) -> str:
    words = []
    if data.get("struck"):
        words.append("struck")
    if data.get("sinking"):
        words.append("sinking")
    if data.get("fire"):
        words.append("on fire")
    if data.get("aground"):
        words.append("aground")
    if data.get("anchor") is not None:
        words.append("at anchor")
    if data.get("fouled_with"):
        words.append("fouled")
    if data.get("dismasted"):
        words.append("dismasted")
    if data.get("engaged"):
        words.append("grappled")
    if data.get("captured_by") is not None:
        words.append(f"a prize of {side_label(str(data['captured_by']))}")
    return (", " + ", ".join(words)) if words else ""


def ship_sentence(board: "CannoniBoard", view: View, ship: Ship, ships: list[Ship], acting: bool) -> str:
    h = ship.pose.heading
    text = (f"{ship.name} ({side_label(ship.side)}{', to act' if acting else ''}) at "
            f"{board.square(view, ship.pose.x, ship.pose.y)}, heading {h:.0f}° {compass(h)}"
            f"{_status(ship.data)}")
    near = nearest_enemy(ship, ships)
    if near is not None:
        other, d, b = near
        text += f"; nearest enemy {other.name} {d:.1f} in, bearing {b:.0f}° {compass(b)}"
    return text + "."


def describe(board: "CannoniBoard", view: View) -> str:
    ships = ships_of(view)
    afloat = [s for s in ships if s.afloat]
    wind = float(view.get("wind", 0)) * 22.5
    step = view.get("step")
    if step == "action":
        head = f"Turn {view.get('turn')} of {view.get('turns_limit')}, phase {view.get('phase')}."
    elif step == "over":
        head = "Game over. " + board.header(view).lines[0].removeprefix("Game over: ") + "."
    else:
        head = f"Turn {view.get('turn')} of {view.get('turns_limit')}: {STEP_WORDS.get(str(step), str(step))}."
    head += f" Wind from {compass(wind)}."
    forts = cannoni_forts.describe(view, lambda x, y: board.square(view, x, y), side_label)
    if forts:
        head += " " + forts
    acting_ids = {s.id for s in to_act(view)}
    ordered = sorted(afloat, key=lambda s: s.id not in acting_ids)
    sentences = [ship_sentence(board, view, s, afloat, s.id in acting_ids) for s in ordered]
    out = [f"{s.name} {OUT_WORDS.get(str(s.data.get('status')), s.data.get('status'))}"
           for s in ships if not s.afloat]
    foot = (" Out of play: " + ", ".join(out) + ".") if out else ""
    if len(head) + len(foot) > LIMIT - 40:
        foot = f" {len(out)} ships out of play."
    kept: list[str] = []
    for i, sentence in enumerate(sentences):
        left = len(sentences) - i - 1
        tail = f" And {left} more." if left else ""
        candidate = " ".join([head] + kept + [sentence]) + tail + foot
        if len(candidate) > LIMIT:
            break
        kept.append(sentence)
    more = len(sentences) - len(kept)
    text = " ".join([head] + kept) + (f" And {more} more." if more else "") + foot
    return text[:LIMIT]
