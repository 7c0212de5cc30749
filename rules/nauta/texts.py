"""Every line a player reads about a Nauta / Classis game: an event's values worded
by code, and the problems an order can have.

The words are in :mod:`rules.nauta.wording` (``TEXTS``), in English and Italian. Each
event kind has the code ``nauta.event.<kind>``; the parts of a line that depend on a
value are codes too, picked here. Nothing here knows a language. Events stored by
older versions carry ``result`` and ``result_it`` on ``game_over``: see ``_game_over``.
"""
from __future__ import annotations

from typing import Any, Callable

from rules.core.decisions import Problem
from rules.core.events import Event
from rules.core.problems import problem
from rules.core.scenarios import scenario_title
from rules.core.texts import Speaker, Text, side_name, worded
from rules.nauta.speeds import speed_text
from rules.nauta.wording import PROBLEM_CODES, TEXTS

PROBLEMS: dict[str, str] = dict(PROBLEM_CODES)


def coded(key: str, field: str | None = None, **params: Any) -> Problem:
    return problem(PROBLEMS[key], field=field, **params)


def dash_text(classis: bool) -> Text | str:
    """A dash in Nauta, the diekplous in Classis (the same word in every language)."""
    return "diekplous" if classis else Text(code="nauta.dash")


def dash_word(classis: bool, lang: str = "en") -> str:
    return worded(dash_text(classis), lang)


class _Say(Speaker):
    """Nauta's words in one language, for the builders below."""

    def __init__(self, lang: str) -> None:
        super().__init__(TEXTS, lang)

    def mods(self, mods: list) -> str:
        return ", ".join(f"{v:+d} {k}" for k, v in mods) if mods else self("nauta.no-modifier")


Parts = Callable[[dict[str, Any], _Say], dict[str, Any]]


def _side(side: Any, say: _Say) -> str:
    return side_name("nauta", str(side), say.lang)


def _named(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    """People and sides as players name them: a seat by its player's name (events
    written before the name was stored show the seat), a fleet by its side's name."""
    data: dict[str, Any] = {}
    if "player" in d:
        data["player"] = d.get("player_name") or d["player"]
    for field in ("side", "winner"):
        if isinstance(d.get(field), str):
            data[field] = _side(d[field], say)
    return data


def _roll_off(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"totals": ", ".join(f"{_side(k, say)} {v}" for k, v in d["totals"].items())}


def _speeds(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    if "ships" not in d:
        return {}  # stored before: the line was kept whole, in English
    return {"text": ", ".join(f"{name} {worded(speed_text(v), say.lang)}" + (f" ({f})" if f else "")
                              for name, v, f in d["ships"])}


def _default_order(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    # Stored before these were codes: the English words, as they were.
    return {"what": worded(d["what"], say.lang), "default": worded(d["default"], say.lang), **_plain(d, say)}


def _dash(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"word": dash_word(bool(d.get("classis")), say.lang), "extra": say.word("dash-extra", bool(d.get("extra")))}


def _move(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"way": say.word("astern", bool(d.get("astern"))), "distance": f"{d['distance']:g}",
            "heading": f"{d['heading']:g}"}


def _ram(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"kind": say.word("ram-kind", d["kind"]), "who": say.word("friendly", bool(d.get("friendly")))}


def _rolled(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"mods": say.mods(d["mods"])}


def _ram_effect(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    adj = say("nauta.ram-effect.friendly", value=d["value"]) if d.get("friendly") else ""
    return {"adj": adj, "result": say.word("ram-result", d["result"])}


def _shot(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"weapon": say.word("weapon", d["weapon"]), "distance": f"{d['distance']:g}",
            "rolls": ", ".join(str(r) for r in d["rolls"])}


def _no_target(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    return {"weapon": say.word("no-target-weapon", d["weapon"])}


def _boarding(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    if d.get("mutual"):
        return {}
    return {"mods": say.mods(d["mods"]), "ok": say.word("succeeds", bool(d["success"]))}


def _plain(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in ("fate", "cause"):
        if field in d:
            data[field] = say.word(field, d[field])
    return data


def _game_over(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    result = say("nauta.result.won", winner=_side(d["winner"], say)) if d.get("winner") else say("nauta.result.tie")
    if d.get("why"):
        why = Text.model_validate(d["why"])
        params = {**why.params, **({"side": _side(why.params["side"], say)} if "side" in why.params else {})}
        return {"result": say("nauta.result.why", result=result, reason=say(why.code, **params))}
    # Stored before the outcome's reason had a code: the English line was kept whole.
    stored = d.get("result") if say.lang == "en" else None
    return {"result": stored if stored is not None else result}


def _game_start(d: dict[str, Any], say: _Say) -> dict[str, Any]:
    # The edition by its book's title (Nauta, Classis), not its stored key.
    return {"edition": str(d.get("edition", "")).title()}


PARTS: dict[str, Parts] = {
    "game_start": _game_start,
    "roll_off": _roll_off, "dash": _dash, "move": _move, "ram": _ram, "ram_roll": _rolled,
    "assault_roll": _rolled, "ram_effect": _ram_effect, "shot": _shot, "no_target": _no_target,
    "boarding": _boarding, "game_over": _game_over, "speeds": _speeds, "default_order": _default_order,
}


def _code(event: Event) -> str:
    """Two kinds have a second line: a boarding both ships try, an escape that fails."""
    if event.kind == "boarding" and event.data.get("mutual"):
        return "nauta.event.boarding-mutual"
    if event.kind == "admiral_escape" and not event.data.get("success"):
        return "nauta.event.admiral_escape-failed"
    return f"nauta.event.{event.kind}"


def describe(event: Event, lang: str = "en") -> str:
    code = _code(event)
    if code not in TEXTS:
        return f"{event.kind}: {event.data}"
    say = _Say(lang)
    data = dict(event.data)
    try:
        data.update(_named(event.data, say))
        data.update(PARTS.get(event.kind, _plain)(event.data, say))
        if "title" in data:  # a scenario's title: a code, or the words an older version stored
            data["title"] = scenario_title(str(data["title"]), lang)
        return TEXTS.text(code, lang, **data)
    except (KeyError, IndexError, ValueError, TypeError):
        return f"{event.kind}: {event.data}"
