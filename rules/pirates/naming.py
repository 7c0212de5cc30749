"""What players call the fleets and the ships without a name of their own, in both
languages: "the Red fleet" / "la flotta Rossa"; "red sloop 3" / "sloop rosso 3" (the
Italian colour agrees with the hull: "fregata rossa 3")."""
from __future__ import annotations

from typing import Any

from rules.core.texts import Text, say, text
from rules.pirates.catalogue import SHIPS
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
    """A ship of the view as the map and her card call her."""
    return ship_name(str(ship["id"]), ship.get("key"), ship.get("side"), str(ship.get("name", ship["id"])), lang)


def ship_words(ship: Any) -> Text | str:
    """A ship (or fort) of the state as a form names her: a ship without a name of her own
    as a catalogue text, read in each reader's language; anything else by its name."""
    if getattr(ship, "cell", None) is not None:  # a landed marine
        return say("pirates.form.marine-name", side=nation(ship.side))
    found = unnamed_key(str(getattr(ship, "id", "")))
    if found is None or getattr(ship, "key", None) != found[1]:
        return ship.name
    return say(f"pirates.unnamed.{found[1]}.{found[0]}", n=int(str(ship.id).rsplit("-", 1)[-1]))


def nation(side: str) -> Text | str:
    """A fleet as a form names it (Red / Rossa)."""
    return say(f"pirates.nation.{side}") if side in NATIONS else side
