"""Every line a player reads about a Cannoni game: an event's values worded by code.

The words are in :mod:`rules.cannoni.wording` (``TEXTS``), in English and Italian.
Each event kind has the code ``cannoni.event.<kind>``; what is not a plain value of the
event (a side, a kind of shot, the part of a line that only some moves have) is itself
a code, picked here by value and worded in the same language. Nothing here knows a
language.

Events stored by older versions carry a few strings already worded (``way_it``,
``result``, ``result_it``, a ``reason`` of problems in English): :func:`describe`
reads them too (see ``_game_over``), so every stored game keeps its lines.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from rules.cannoni.wording import TEXTS
from rules.core.events import Event
from rules.core.problems import worded as problems_worded
from rules.core.scenarios import scenario_title
from rules.core.tables.compass import compass
from rules.core.texts import Speaker, Text, side_name, worded

PROBLEMS = SimpleNamespace(
    CURVE_LONGER="curve-longer-than-move",
    CURVE_CAP="curve-beyond-card",
    DELIBERATE_COLLISION="deliberate-collision",
    NOT_A_VALID_TARGET="not-a-valid-target",
    NOT_LOADED="side-not-loaded",
    AIM_OUT_OF_RANGE="aim-out-of-range",
    ALREADY_LOADED="side-already-loaded",
)

Words = Callable[[str, Any], str]


def _mods(data: dict[str, Any]) -> str:
    return ", ".join(f"{v:+d} {k}" for k, v in data.get("mods", []))


def _fire(d: dict[str, Any], w: Words) -> dict[str, Any]:
    return {"side": w("side", d.get("side")), "aim": w("aim", d.get("aim")), "mods": _mods(d),
            "result": w("hits", d.get("hits"))}


def _broadside(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {**_fire(d, w), "shot": w("shot", d.get("ammo", "ball"))}


def _load_ammo(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"side": w("side", d["side"]), "ammo": w("ammo", d["ammo"]),
            "first": w("first-of-double", bool(d.get("first_of_double")))}


def _no_effect(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"side": w("side", d["side"]), "ammo": w("ammo", d["ammo"]), "aim": w("aim", d["aim"])}


def _critical_damage(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"result": w("critical", d["result"])}


def _disordered(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"cause": w("disorder", d["cause"])}


def _repair_work(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"mast": w("mast", d["mast"]), "lost": w("repair-lost", bool(d.get("lost")))}


def _repairs_lost(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"why": w("repairs-lost-why", d["why"])}


def _reason(table: str, d: dict[str, Any], t: Callable[..., str]) -> str:
    """Why a ship struck or a line broke: a key in the event. Events stored before
    these keys carry the English sentence itself, shown as it is."""
    code = f"cannoni.{table}.{str(d.get('why')).replace(' ', '-')}"
    if code not in TEXTS:
        return str(d.get("why"))
    return t(code, by=d.get("by", "?"))


def _struck(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"why": _reason("struck", d, t)}


def _formation_broken(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"why": _reason("formation", d, t)}


def _test(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"ok": w("passed", bool(d["passed"])), "purpose": w("purpose", d["purpose"]),
            "mods": f" [{_mods(d)}]" if d.get("mods") else ""}


def _move(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    stop = ""
    if d.get("head_to_wind"):
        stop = t("cannoni.move.head-to-wind")
    if d.get("stopped_by"):
        by = d["stopped_by"]
        worded = w("stopped-by", by) if f"cannoni.stopped-by.{str(by).replace(' ', '-')}" in TEXTS else None
        stop = t("cannoni.move.stopped", by=worded if worded is not None else t("cannoni.stopped-by-other", value=by))
    return {"distance": f"{d['distance']:g}", "heading": compass(d["heading"]),
            "how": t("cannoni.move.curve", curve=f"{d['curve']:g}") if d.get("curve") else "", "stop": stop}


def _game_over(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    kind, winner = w("kind", d.get("kind")), d.get("winner")
    result = (t("cannoni.result.won", kind=kind, winner=_side(winner, t)) if winner
              else t("cannoni.result.drawn", kind=kind))
    if d.get("why"):
        why = Text.model_validate(d["why"])
        params = dict(why.params)
        if "side" in params:
            params["side"] = _side(params["side"], t)
        if "sides" in params:  # the beaten sides, joined
            params["sides"] = ", ".join(_side(s, t) for s in str(params["sides"]).split(", "))
        return {"result": t("cannoni.result.why", result=result, reason=t(why.code, **params))}
    # Stored before the outcome's reason had a code: the English line was kept whole.
    return {"result": t.english_or(d.get("result"), result)}  # type: ignore[attr-defined]


def _order_void(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    # Stored before problems were kept as codes: the English reason, as it was.
    return {"reason": problems_worded(d["problems"], t.lang) if "problems" in d else d["reason"]}  # type: ignore[attr-defined]


def _default_order(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    # Stored before these were codes: the English words, as they were.
    return {"what": worded(d["what"], t.lang), "default": worded(d["default"], t.lang)}  # type: ignore[attr-defined]


def _chit_set(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"how": w("chit-how", d["how"]) if d.get("how") else ""}


def _battery_fire(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    at = (t("cannoni.battery.at-battery", target_name=d["target_name"]) if d.get("at_battery")
          else t("cannoni.battery.at-ship", target_name=d["target_name"], aim=w("aim", d["aim"])))
    return {**_fire(d, w), "shot": w("battery-shot", bool(d.get("heated"))), "at": at}


def _broadside_battery(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return _fire(d, w)


def _battery_on_fire(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"cause": w("battery-cause", d["cause"])}


def _side(side: Any, t: Callable[..., str]) -> str:
    """A nation's side as players name it (``side`` elsewhere in Cannoni is a broadside)."""
    return side_name("cannoni", str(side), t.lang)  # type: ignore[attr-defined]


def _prize_secured(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    return {"side": _side(d["side"], t)}


def _plain(d: dict[str, Any], w: Words, t: Callable[..., str]) -> dict[str, Any]:
    """The values most lines show as words; any other value is shown as it is."""
    data: dict[str, Any] = {}
    for field, prefix in (("side", "side"), ("sails", "sails"), ("mast", "mast"), ("fell", "fell"),
                          ("winner", "winner"), ("end", "end"), ("role", "role"), ("way", "way")):
        if field in d:
            data[field] = w(prefix, d[field])
    if "heading" in d:
        data["heading_name"] = compass(float(d["heading"]))
    return data


PARTS: dict[str, Callable[[dict[str, Any], Words, Callable[..., str]], dict[str, Any]]] = {
    "move": _move, "broadside": _broadside, "test": _test, "struck": _struck,
    "formation_broken": _formation_broken, "load_ammo": _load_ammo, "broadside_no_effect": _no_effect,
    "critical_damage": _critical_damage, "disordered": _disordered, "repair_work": _repair_work,
    "repairs_lost": _repairs_lost, "battery_fire": _battery_fire, "broadside_battery": _broadside_battery,
    "battery_on_fire": _battery_on_fire, "game_over": _game_over, "order_void": _order_void,
    "default_order": _default_order, "prize_secured": _prize_secured, "chit_set": _chit_set,
}


class _Say(Speaker):
    """Cannoni's words in one language, for the builders above."""

    def __init__(self, lang: str) -> None:
        super().__init__(TEXTS, lang)

    def english_or(self, stored: Any, worded: str) -> str:
        # An old event's English line is its own text; other languages are worded anew.
        return str(stored) if self.lang == "en" and stored is not None else worded


def describe(event: Event, lang: str = "en") -> str:
    code = f"cannoni.event.{event.kind}"
    if code not in TEXTS:
        return f"{event.kind}: {event.data}"
    say = _Say(lang)
    data = dict(event.data)
    try:
        data.update(PARTS.get(event.kind, _plain)(event.data, say.word, say))
        if "title" in data:  # a scenario's title: a code, or the words an older version stored
            data["title"] = scenario_title(str(data["title"]), lang)
        if "player" in event.data:
            # A seat by its player's name (events written before the name was stored: the seat).
            data["player"] = event.data.get("player_name") or event.data["player"]
        return TEXTS.text(code, lang, **data)
    except (KeyError, IndexError, ValueError, TypeError):
        return f"{event.kind}: {event.data}"
