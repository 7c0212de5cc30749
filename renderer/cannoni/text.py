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
from renderer.cannoni.ships import Ship, badges_of, ships_of, to_act
from renderer.open_table.board import ShipsBoard
from renderer.pieces import side_label
from rules.cannoni.wording import TEXTS
from rules.core.tables.compass import compass

# A ship's state in words, in the order said: her badges on the map (a prize is
# said last, with her captor's side) and a dismasting, which has no badge. The words
# are the ruleset's texts (``cannoni.map.*``), in the reader's language.
STATUS_KEYS = ("struck", "sinking", "fire", "aground", "anchor", "fouled", "dismasted", "engaged")


def _status(data: dict, lang: str) -> str:
    shown = set(badges_of(data)) | ({"dismasted"} if data.get("dismasted") else set())
    words = [TEXTS.text(f"cannoni.map.status.{key}", lang) for key in STATUS_KEYS if key in shown]
    if "prize" in shown:
        words.append(TEXTS.text("cannoni.map.prize-of", lang, side=side_label(str(data["captured_by"]))))
    return (", " + ", ".join(words)) if words else ""


def ship_sentence(board: ShipsBoard, view: View, ship: Ship, ships: list[Ship], acting: bool,
                  lang: str = "en") -> str:
    h = ship.pose.heading
    text = TEXTS.text("cannoni.map.ship", lang, name=ship.name, side=side_label(ship.side),
                      acting=TEXTS.text("cannoni.map.to-act", lang) if acting else "",
                      square=board.square(view, ship.pose.x, ship.pose.y), heading=f"{h:.0f}", compass=compass(h),
                      status=_status(ship.data, lang))
    near = nearest_enemy(ship, ships)
    if near is not None:
        other, d, b = near
        text += TEXTS.text("cannoni.map.nearest", lang, name=other.name, distance=f"{d:.1f}", bearing=f"{b:.0f}",
                           compass=compass(b))
    return text + "."


def _result(view: View, lang: str) -> str:
    outcome = view.get("outcome") or {}
    winner = outcome.get("winner")
    kind = TEXTS.word("cannoni.kind", outcome.get("kind", "" if winner else "no"), lang)
    result = (TEXTS.text("cannoni.map.won", lang, kind=kind, winner=side_label(winner)).strip() if winner
              else TEXTS.text("cannoni.map.drawn", lang, kind=kind))
    return result[0].upper() + result[1:]


def describe(board: ShipsBoard, view: View, lang: str = "en") -> str:
    ships = ships_of(view)
    afloat = [s for s in ships if s.afloat]
    wind = float(view.get("wind", 0)) * 22.5
    step = view.get("step")
    turn, limit = view.get("turn"), view.get("turns_limit")
    if step == "action":
        head = TEXTS.text("cannoni.map.head-action", lang, turn=turn, limit=limit, phase=view.get("phase"))
    elif step == "over":
        head = TEXTS.text("cannoni.map.head-over", lang, result=_result(view, lang))
    else:
        head = TEXTS.text("cannoni.map.head-step", lang, turn=turn, limit=limit,
                          step=TEXTS.word("cannoni.map.step", step, lang))
    head += TEXTS.text("cannoni.map.wind", lang, compass=compass(wind))
    forts = cannoni_forts.describe(view, lambda x, y: board.square(view, x, y), side_label)
    if forts:
        head += " " + forts
    acting_ids = {s.id for s in to_act(view)}
    ordered = sorted(afloat, key=lambda s: s.id not in acting_ids)
    sentences = [ship_sentence(board, view, s, afloat, s.id in acting_ids, lang) for s in ordered]
    out = [f"{s.name} {TEXTS.word('cannoni.map.out', s.data.get('status'), lang)}" for s in ships if not s.afloat]
    foot = TEXTS.text("cannoni.map.out-of-play", lang, ships=", ".join(out)) if out else ""
    if len(head) + len(foot) > LIMIT - 40:
        foot = TEXTS.text("cannoni.map.out-count", lang, n=len(out))
    return fit(head, sentences, foot, lambda n: TEXTS.text("cannoni.map.more", lang, n=n))
