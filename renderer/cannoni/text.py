"""Alt text for a Cannoni map: who is where, heading, and the nearest enemy.

The text stays within renderer.alt_text.LIMIT characters and, when there are more
ships than fit, ends with "And N more". Ships about to act come first, since they
are what a player needs to know now. It is built from the public view only, and
never mentions activation chits.
"""
from __future__ import annotations

import renderer.cannoni.forts as cannoni_forts
from renderer.alt_text import LIMIT, fit, nearest_enemy
from renderer.board import View
from renderer.cannoni.ships import OUT_WORDS, STEP_WORDS, Ship, badges_of, ships_of, to_act
from renderer.open_table.board import ShipsBoard
from renderer.pieces import side_label
from rules.core.tables.compass import compass

# A ship's state in words, in the order said: her badges on the map (a prize is
# said last, with her captor's side) and a dismasting, which has no badge.
STATUS_WORDS = (("struck", "struck"), ("sinking", "sinking"), ("fire", "on fire"), ("aground", "aground"),
                ("anchor", "at anchor"), ("fouled", "fouled"), ("dismasted", "dismasted"), ("engaged", "grappled"))


def _status(data: dict) -> str:
    shown = set(badges_of(data)) | ({"dismasted"} if data.get("dismasted") else set())
    words = [word for key, word in STATUS_WORDS if key in shown]
    if "prize" in shown:
        words.append(f"a prize of {side_label(str(data['captured_by']))}")
    return (", " + ", ".join(words)) if words else ""


def ship_sentence(board: ShipsBoard, view: View, ship: Ship, ships: list[Ship], acting: bool) -> str:
    h = ship.pose.heading
    text = (f"{ship.name} ({side_label(ship.side)}{', to act' if acting else ''}) at "
            f"{board.square(view, ship.pose.x, ship.pose.y)}, heading {h:.0f}° {compass(h)}"
            f"{_status(ship.data)}")
    near = nearest_enemy(ship, ships)
    if near is not None:
        other, d, b = near
        text += f"; nearest enemy {other.name} {d:.1f} in, bearing {b:.0f}° {compass(b)}"
    return text + "."


def describe(board: ShipsBoard, view: View) -> str:
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
    return fit(head, sentences, foot)
