"""The lines players read about coastal batteries, in English and Italian.

Kept beside the battery rules and merged into :data:`rules.cannoni.texts.TEMPLATES`,
which imports this module; so this one imports nothing from it.
"""
from __future__ import annotations

from typing import Any, Callable

_SIDE_IT = {"starboard": "dritta", "port": "babordo"}
_AIM_EN = {"hull": "hull", "rigging": "rigging"}
_AIM_IT = {"hull": "allo scafo", "rigging": "alla velatura"}
_CAUSE_IT = {"critical hit": "colpo critico", "shot fired too soon": "pezzi partiti troppo presto",
             "heated shot": "palle arroventate"}
_RESULT_EN = {0: "no effect", 1: "1 hit", 2: "2 hits", 3: "3 hits — CRITICAL"}
_RESULT_IT = {0: "nessun effetto", 1: "1 danno", 2: "2 danni", 3: "3 danni — TIRO CRITICO"}


def _mods(data: dict[str, Any]) -> str:
    return ", ".join(f"{v:+d} {k}" for k, v in data.get("mods", []))


def _battery_fire(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        shot = " con palle arroventate" if d.get("heated") else ""
        at = f"su {d['target_name']}" if d.get("at_battery") else f"su {d['target_name']} {_AIM_IT[d['aim']]}"
        return (f"{d['name']} fa fuoco{shot} {at} a {d['distance']}\": "
                f"{d['roll']} ({_mods(d)}) = {d['modified']} contro {d['target_roll']}: {_RESULT_IT[d['hits']]}.")
    shot = " red-hot shot" if d.get("heated") else ""
    at = d["target_name"] if d.get("at_battery") else f"{d['target_name']}'s {_AIM_EN[d['aim']]}"
    return (f"{d['name']} fires{shot} at {at} at {d['distance']}\": "
            f"{d['roll']} ({_mods(d)}) = {d['modified']} vs {d['target_roll']}: {_RESULT_EN[d['hits']]}.")


def _broadside_battery(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        return (f"{d['name']} fa fuoco di {_SIDE_IT[d['side']]} su {d['target_name']} a "
                f"{d['distance']}\": {d['roll']} ({_mods(d)}) = {d['modified']} contro {d['target_roll']}: "
                f"{_RESULT_IT[d['hits']]}.")
    return (f"{d['name']} fires her {d['side']} broadside at {d['target_name']} at "
            f"{d['distance']}\": {d['roll']} ({_mods(d)}) = {d['modified']} vs {d['target_roll']}: "
            f"{_RESULT_EN[d['hits']]}.")


def _on_fire(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        return f"Si sviluppa un incendio nella batteria {d['name']} ({_CAUSE_IT.get(d['cause'], d['cause'])})."
    return f"Fire breaks out in {d['name']} ({d['cause']})."


BATTERY_TEMPLATES: dict[str, dict[str, str | Callable[[dict[str, Any], str], str]]] = {
    "battery_fire": {"en": _battery_fire, "it": _battery_fire},
    "broadside_battery": {"en": _broadside_battery, "it": _broadside_battery},
    "battery_load": {"en": "{name} loads its guns.", "it": "{name} carica i pezzi."},
    "battery_heat": {"en": "{name} heats its shot red-hot: it may fire it at a ship from its next action.",
                     "it": "{name} arroventa le palle: potrà tirarle su una nave dalla prossima azione."},
    "battery_damage": {"en": "{name} loses {boxes} battery point(s) ({remaining} left).",
                       "it": "{name} perde {boxes} punto/i batteria (ne restano {remaining})."},
    "battery_burning": {"en": "The fire in {name} costs it a battery point ({remaining} left).",
                        "it": "L'incendio nella batteria {name} costa un punto batteria (ne restano {remaining})."},
    "battery_destroyed": {"en": "{name} is destroyed.", "it": "La batteria {name} è distrutta."},
    "battery_on_fire": {"en": _on_fire, "it": _on_fire},
    "battery_fire_out": {"en": "The fire in {name} is out.", "it": "L'incendio nella batteria {name} è domato."},
    "battery_fire_spreads": {"en": "The fire spreads from {name} to {other_name}.",
                             "it": "L'incendio si propaga dalla batteria {name} alla batteria {other_name}."},
    "battery_fire_dies": {"en": "The fire in the ruins of {name} burns out: no battery beside it catches.",
                          "it": "L'incendio tra le rovine della batteria {name} si spegne: nessuna batteria adiacente "
                                "prende fuoco."},
}
