"""Event lines: each event's values worded through the catalogue (rules.pirates.wording),
in the reader's language."""
from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.core.texts import Speaker, side_name, worded
from rules.pirates.catalogue import CREWS, SHIPS
from rules.pirates.movement import square_name
from rules.pirates.naming import name_in, stored_fort_words
from rules.pirates.wording import TEXTS


def name_of(ident: Any, names: dict[str, Any] | None = None, lang: str = "en") -> str:
    """A readable name for an id: a ship without a name of her own in the reader's words
    ("sloop rosso 3"), the name the event gives it (islands, forts, ships; a fort or a
    ship kept as a text is worded in ``lang``, and so is a fort an older event names in
    English), a named ship's own name, else the id's words."""
    ident = str(ident)
    unnamed = name_in(ident, lang)
    if unnamed is not None:
        return unnamed
    if names and ident in names:
        stored = names[ident]
        if isinstance(stored, dict):
            return str(worded(stored, lang))
        fort = stored_fort_words(str(stored)) if ident.startswith("fort-") else None
        return fort.render(lang) if fort is not None else str(stored)
    if ident in SHIPS:
        return SHIPS[ident].name
    return ident.replace("-", " ")


def _sq(value: Any) -> str:
    return square_name((int(value[0]), int(value[1]))) if isinstance(value, (list, tuple)) else str(value)


def describe(event: Event, lang: str = "en") -> str:
    say = Speaker(TEXTS, lang)
    d: dict[str, Any] = dict(event.data)
    names = d.pop("names", None) or {}

    def word(key: str, **params: Any) -> str:
        return say(f"pirates.word.{key}", **params)

    def side(value: Any) -> str:
        return side_name("pirates", str(value), lang)

    if d.get("side") is not None:  # a side's id ("red") as players name it ("Red")
        d["side"] = side(d["side"])
    for key in ("ship", "target", "other", "where", "island", "holder", "zone", "fort", "towed"):
        if key in d and d[key] is not None:
            d[key] = name_of(d[key], names, lang)
    k = event.kind
    if k == "order":
        d["slots"] = ", ".join(f"{side(s)} {n}" for s, n in d.get("slots", []))
    elif k == "manoeuvre":
        d["action"] = word(f"action-{d['action']}") + (word("extra-label") if d.get("extra") else "")
    elif k in ("extra_declared", "extra_lapsed", "extra_skipped"):
        d["action"] = say(f"pirates.form.extra-{d.get('action')}")
        d["when"] = say(f"pirates.form.extra-{d.get('when', 'before')}")
    elif k in ("moved", "reversed", "left_fog"):
        d["facing"] = word(f"facing-{d.get('facing', 0)}")
        d["start"], d["end"] = _sq(d.get("start")), _sq(d.get("end"))
        d["at"] = _sq(d.get("at"))
        d["stopped"] = word(f"stop-{d['stopped']}") if d.get("stopped") else ""
    elif k == "zone_die":
        d["kind"] = word(d["kind"])
    elif k == "rammed":
        d["result"] = word("mast" if d.get("hit") else "no-mast")
    elif k == "boarded":
        d["a"], d["b"] = d["totals"]
        d["result"] = word("wins", ship=name_of(d["winner"], names, lang)) if d.get("winner") else word("tie")
    elif k == "crew_killed" or k == "crew_used":
        ability = CREWS[d["key"]].ability if d.get("key") in CREWS else None
        d["crew"] = CREWS[d["key"]].name if d.get("key") in CREWS else word("crew")
        d["ability"] = word(ability) if ability else ""
    elif k == "fear":
        d["effect"] = word(f"fear-{d.get('effect', 'none')}")
    elif k in ("ransomed", "ransom_paid"):
        d["crew"] = CREWS[d["key"]].name if d.get("key") in CREWS else word("crew")
    elif k == "sunk":
        d["by"] = word("by", side=side(d["by"])) if d.get("by") else ""
    elif k == "treasure_seen":
        d["values"] = ", ".join(str(v) for v in d.get("values", [])) or word("nothing")
    elif k == "zone_treasure":
        d["result"] = word("found" if d.get("found") else "not-found")
    elif k == "banked":
        d["total"] = sum(d.get("values", []))
    elif k == "scuttle":
        d["result"] = word("sinks" if d.get("sunk") else "floats")
    elif k == "broadside":
        d["target"] = name_of(event.data.get("target"), names, lang)
        d["result"] = word("broadside-hits", hits=d.get("hits", 0)) if d.get("hits") else word("miss")
    elif k == "shot":
        d["target"] = name_of(event.data.get("target"), names, lang)
        d["bonus"] = word("bonus") if d.get("bonus") else ""
        d["result"] = word("hit" if d.get("hit") else "miss")
    elif k == "built":
        key = d.get("key")
        d["what"] = (SHIPS.get(key) or CREWS.get(key)).name if (key in SHIPS or key in CREWS) else str(key)
        d["paid"] = " + ".join(str(v) for v in d.get("paid", [])) or "0"
    elif k in ("crew_moved", "treasure_moved"):
        d["start"], d["end"] = name_of(d.get("start"), names, lang), name_of(d.get("end"), names, lang)
    elif k in ("marine_landed", "marine_moved"):
        d["at"], d["start"], d["end"] = _sq(d.get("at")), _sq(d.get("start")), _sq(d.get("end"))
    elif k == "fort_built":
        d["kind"] = word(str(d.get("key")))
    elif k in ("fort_granted", "fort_withdrawn"):
        d["guest"] = side(d.get("guest"))
    elif k == "game_over":
        d["why"] = word(f"why-{d['why']}")
        d["scores"] = ", ".join(f"{side(s)} {v}" for s, v in d.get("scores", {}).items())
        d["result"] = word("winner", side=side(d["winner"])) if d.get("winner") else word("draw")
    code = f"pirates.event.{k}"
    if code not in TEXTS:
        return k
    return say(code, **d)
