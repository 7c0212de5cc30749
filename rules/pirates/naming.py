"""What players call the fleets and the ships without a name of their own, in both
languages: "the Red fleet" / "la flotta Rossa"; "red sloop 3" / "sloop rosso 3" (the
Italian colour agrees with the hull: "fregata rossa 3"); the forts, "stockade of West Key" /
"palizzata di West Key".

What the rules store keeps the English name (a ship's and a fort's ``name``, an old
event's ``names``); these functions word a ship or a fort from her id, hull, fleet and
kind instead, so a stored English name is only the last resort."""
from __future__ import annotations

from typing import Any

from rules.core.texts import Text, say, text
from rules.pirates.catalogue import FORTS, SHIPS
from rules.pirates.wording import TEXTS

# A fleet's id -> (English, Italian: the fleet, "la flotta", is feminine; masculine, feminine adjective).
NATIONS = {"red": ("Red", "Rossa", "rosso", "rossa"), "blue": ("Blue", "Blu", "blu", "blu"),
           "green": ("Green", "Verde", "verde", "verde"), "gold": ("Gold", "Oro", "oro", "oro")}
# Unnamed hulls: (English, Italian, the Italian noun's gender).
HULLS = {"sloop": ("sloop", "sloop", "m"), "brig": ("brig", "brigantino", "m"), "frigate": ("frigate", "fregata", "f")}

TEXTS.add_pairs({f"pirates.nation.{side}": (en, it) for side, (en, it, _, _) in NATIONS.items()})
TEXTS.add_pairs({f"pirates.hull.{key}": (en, it) for key, (en, it, _) in HULLS.items()})
TEXTS.add_pairs({
    f"pirates.unnamed.{key}.{side}": (f"{side_en.lower()} {en} {{n}}", f"{it} {m if g == 'm' else f} {{n}}")
    for key, (en, it, g) in HULLS.items() for side, (side_en, _, m, f) in NATIONS.items()})

# A fort is named for its kind and its island; the island's name is a proper name, the
# same in both languages.
FORT_KINDS = {"stockade": ("stockade", "palizzata"), "bastion": ("bastion", "bastione")}
TEXTS.add_pairs({f"pirates.fort-kind.{key}": words for key, words in FORT_KINDS.items()})
TEXTS.add_pairs({"pirates.fort-name": ("{kind} of {island}", "{kind} di {island}")})


def ship_name(ship_id: str, key: str | None, side: str | None, fallback: str, lang: str = "en") -> str:
    """A ship as players call her: her own name, or her fleet, hull and number in the
    reader's language ("sloop rosso 3"); ``fallback`` (the stored name) for anything else."""
    kind = SHIPS.get(key or "")
    if kind is None or kind.named:
        return kind.name if kind is not None else fallback
    number = ship_id.rsplit("-", 1)[-1]
    code = f"pirates.unnamed.{key}.{side}"
    if not number.isdigit() or code not in TEXTS:
        return fallback
    return text(code, lang, n=int(number))


def unnamed_key(ship_id: str) -> tuple[str, str] | None:
    """(side, hull) of an unnamed ship's id ("red-sloop-3"), None for any other id."""
    parts = ship_id.split("-")
    if len(parts) == 3 and parts[0] in NATIONS and parts[1] in HULLS and parts[2].isdigit():
        return parts[0], parts[1]
    return None


def name_in(ident: str, lang: str) -> str | None:
    """An unnamed ship's id worded in ``lang``; None when the id is not one."""
    found = unnamed_key(ident)
    if found is None:
        return None
    side, key = found
    return ship_name(ident, key, side, ident, lang)


def piece_name(ship: dict[str, Any], lang: str) -> str:
    """A ship or a fort of the view as the map and her card call her."""
    if "island" in ship:  # a fort
        fort = fort_words(ship.get("key"), str(ship["name"]))
        return fort.render(lang) if fort is not None else str(ship["name"])
    return ship_name(str(ship["id"]), ship.get("key"), ship.get("side"), str(ship.get("name", ship["id"])), lang)


def fort_words(key: str | None, stored: str) -> Text | None:
    """A fort as a text in each reader's language, from its kind and its stored English
    name ("stockade of West Key", which names the island); None for another name."""
    kind = FORTS.get(key or "")
    if kind is None or key not in FORT_KINDS or not stored.startswith(f"{kind.name} of "):
        return None
    return say("pirates.fort-name", kind=say(f"pirates.fort-kind.{key}"), island=stored[len(kind.name) + 4:])


def stored_fort_words(stored: str) -> Text | None:
    """A fort's stored English name (an event written before forts were worded) as a text."""
    return next((t for key in FORTS if (t := fort_words(key, stored)) is not None), None)


def ship_words(ship: Any) -> Text | str:
    """A ship, fort or landed marine of the state as a form, a problem or an event names
    her: a ship without a name of her own and a fort as catalogue texts, read in each
    reader's language; anything else by its name."""
    if getattr(ship, "cell", None) is not None:  # a landed marine
        return say("pirates.form.marine-name", side=nation(ship.side))
    if getattr(ship, "island", None) is not None:  # a fort
        return fort_words(ship.key, ship.name) or ship.name
    found = unnamed_key(str(getattr(ship, "id", "")))
    if found is None or getattr(ship, "key", None) != found[1]:
        return ship.name
    return say(f"pirates.unnamed.{found[1]}.{found[0]}", n=int(str(ship.id).rsplit("-", 1)[-1]))


def nation(side: str) -> Text | str:
    """A fleet as a form names it (Red / Rossa)."""
    return say(f"pirates.nation.{side}") if side in NATIONS else side


def stored_words(thing: Any) -> dict[str, Any] | str:
    """How an event's ``names`` keep a ship or a fort: a text's code and parameters when
    she is worded in each language, else her name."""
    words = ship_words(thing)
    return words.model_dump() if isinstance(words, Text) else words
