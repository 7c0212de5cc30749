"""Every line a player reads about a Nauta / Classis game, in English and Italian:
the problems an order can have (registered in the shared catalogue) and one line per
event. Events hold data only; the words are made here.
"""
from __future__ import annotations

from typing import Any, Callable

from rules.core.events import Event
from rules.core.problems import problem, register
from rules.core.decisions import Problem

PROBLEMS: dict[str, str] = {
    "formation-alone": register(
        "nauta-formation-alone",
        "Formation {formation} has only one ship: a formation needs two or more.",
        "La formazione {formation} ha una sola nave: ne servono almeno due."),
    "formation-no-speed": register(
        "nauta-formation-no-speed",
        "Formation {formation} needs its speed (formation_{formation}).",
        "La formazione {formation} richiede la sua velocità (formation_{formation})."),
    "formation-speed": register(
        "nauta-formation-speed",
        "{ship} cannot write {speed} in formation {formation}. Its legal speeds: {legal}.",
        "{ship} non può scrivere {speed} nella formazione {formation}. Velocità lecite: {legal}."),
    "too-close": register(
        "nauta-formation-too-close",
        "Formation {formation}: its ships must keep at least one segment from each other.",
        "Formazione {formation}: le navi devono restare ad almeno un segmento una dall'altra."),
    "too-far": register(
        "nauta-formation-too-far",
        "Formation {formation}: each ship must be within {gap} segments of another of the formation.",
        "Formazione {formation}: ogni nave deve essere entro {gap} segmenti da un'altra della formazione."),
    "turn-not-moving": register(
        "nauta-turn-not-moving",
        "Only a ship moving ahead can wheel; this one's speed is {speed}.",
        "Solo una nave che avanza può ruotare; questa ha velocità {speed}."),
    "turn-too-wide": register(
        "nauta-turn-too-wide",
        "This ship can wheel at most {max}° (Size 0-1: 90°, others 45°).",
        "Questa nave può ruotare al massimo di {max}° (Classe 0-1: 90°, le altre 45°)."),
    "turn-costs-too-much": register(
        "nauta-turn-costs-too-much",
        "Wheeling that far costs {cost} segment(s), more than the speed of {speed}.",
        "Una rotazione così ampia costa {cost} segmenti, più della velocità di {speed}."),
    "pivot-blocked": register(
        "nauta-pivot-blocked",
        "The wheel would swing into {other}. Choose a smaller angle or the other side.",
        "La rotazione porterebbe a urtare {other}. Scegli un angolo minore o l'altro lato."),
    "dash-formation": register(
        "nauta-dash-formation",
        "Only a single ship can {dash}, not a formation.",
        "Solo una nave singola può effettuare il {dash}, non una formazione."),
    "dash-after-turn": register(
        "nauta-dash-after-turn",
        "It is not possible to wheel before a {dash}.",
        "Non è possibile ruotare prima di un {dash}."),
    "dash-not-moving": register(
        "nauta-dash-not-moving",
        "A {dash} adds to a speed ahead: this ship is not moving ahead.",
        "Il {dash} si aggiunge a una velocità in avanti: questa nave non avanza."),
    "dash-damaged": register(
        "nauta-dash-damaged",
        "A damaged ship cannot {dash}.",
        "Una nave danneggiata non può effettuare il {dash}."),
    "dash-rowers-hit": register(
        "nauta-dash-rowers-hit",
        "Balistae have disordered the rowers: no more {dash} for this ship.",
        "Le balistae hanno scompaginato i rematori: niente più {dash} per questa nave."),
    "dash-used": register(
        "nauta-dash-used",
        "This ship has had its one {dash}; only an admiral's ship has an extra one.",
        "Questa nave ha già effettuato il suo {dash}; solo l'ammiraglia ne ha uno in più."),
    "dash-extra": register(
        "nauta-dash-extra",
        "The extra {dash} is for a ship with the admiral aboard, after her first.",
        "Il {dash} supplementare spetta alla nave con l'ammiraglio a bordo, dopo il primo."),
    "no-weapon": register(
        "nauta-no-weapon",
        "None of these ships can shoot (balistae or crossbowmen).",
        "Nessuna di queste navi può tirare (balistae o balestrieri)."),
    "deploy-outside-zone": register(
        "nauta-deploy-outside-zone",
        "{ship} must lie wholly inside its deployment zone.",
        "{ship} deve trovarsi interamente nella propria zona di schieramento."),
    "deploy-on-land": register(
        "nauta-deploy-on-land",
        "{ship} cannot be placed touching the coast.",
        "{ship} non può essere schierata a contatto con la costa."),
    "deploy-touching": register(
        "nauta-deploy-touching",
        "{ship} would touch {other}: leave water between them.",
        "{ship} toccherebbe {other}: lascia spazio tra le due navi."),
}


def coded(key: str, field: str | None = None, **params: Any) -> Problem:
    return problem(PROBLEMS[key], field=field, **params)


def dash_word(classis: bool, lang: str = "en") -> str:
    if classis:
        return "diekplous"
    return "dash" if lang == "en" else "scatto"


def _mods(mods: list) -> str:
    return ", ".join(f"{v:+d} {k}" for k, v in mods) if mods else "no modifier"


def _ram(d: dict[str, Any], lang: str) -> str:
    kind = d["kind"]
    if lang == "it":
        how = "frontalmente" if kind == "frontal" else "lateralmente"
        who = " (navi amiche)" if d.get("friendly") else ""
        return f"{d['name']} (velocità {d['speed']}) sperona {how} {d['target_name']} (velocità {d['target_speed']}){who}."
    who = " (friendly ships)" if d.get("friendly") else ""
    return (f"{d['name']} (speed {d['speed']}) rams {d['target_name']} (speed {d['target_speed']}), "
            f"{kind}{who}.")


RESULT_IT = {"none": "nessun effetto", "damaged": "danneggiata", "sunk": "affondata"}


def _effect(d: dict[str, Any], lang: str) -> str:
    adj = f" ({d['value']} after -1 for friends)" if d.get("friendly") else ""
    if lang == "it":
        adj = f" ({d['value']} con -1 tra navi amiche)" if d.get("friendly") else ""
        return f"Effetto dello speronamento di {d['name']} su {d['target_name']}: {d['roll']}{adj} — {RESULT_IT[d['result']]}."
    return f"{d['name']}'s ramming effect on {d['target_name']}: {d['roll']}{adj} — {d['result']}."


def _roll_line(d: dict[str, Any], lang: str, what_en: str, what_it: str) -> str:
    if lang == "it":
        return f"{d['name']}, {what_it}: {d['roll']} ({_mods(d['mods'])}) = {d['total']}."
    return f"{d['name']}, {what_en}: {d['roll']} ({_mods(d['mods'])}) = {d['total']}."


def _boarding(d: dict[str, Any], lang: str) -> str:
    if d.get("mutual"):
        return (f"{d['name']} and {d['target_name']} both board: they are grappled." if lang == "en"
                else f"{d['name']} e {d['target_name']} si abbordano a vicenda: sono agganciate.")
    ok = ("succeeds" if d["success"] else "fails") if lang == "en" else ("riesce" if d["success"] else "fallisce")
    if lang == "it":
        return f"{d['name']} tenta l'abbordaggio di {d['target_name']}: {d['roll']} ({_mods(d['mods'])}) = {d['total']}: {ok}."
    return f"{d['name']} tries to board {d['target_name']}: {d['roll']} ({_mods(d['mods'])}) = {d['total']}: {ok}."


def _move(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        way = "all'indietro " if d.get("astern") else ""
        return f"{d['name']} muove {way}di {d['distance']:g} segmenti, prua a {d['heading']:g}°."
    way = "astern " if d.get("astern") else ""
    return f"{d['name']} moves {way}{d['distance']:g} segments, heading {d['heading']:g}°."


def _dash(d: dict[str, Any], lang: str) -> str:
    word = dash_word(bool(d.get("classis")), lang)
    if lang == "it":
        extra = " supplementare dell'ammiraglio" if d.get("extra") else ""
        return f"{d['name']} effettua il {word}{extra}: +{d['bonus']} segmenti (velocità massima -1 per il resto della partita)."
    extra = " (the admiral's extra one)" if d.get("extra") else ""
    return f"{d['name']} makes a {word}{extra}: +{d['bonus']} segments (maximum speed -1 for the rest of the game)."


def _shot(d: dict[str, Any], lang: str) -> str:
    rolls = ", ".join(str(r) for r in d["rolls"])
    if lang == "it":
        weapon = "le balistae" if d["weapon"] == "balistae" else "i balestrieri"
        return f"{d['name']} tira con {weapon} su {d['target_name']} a {d['distance']:g} segmenti: {rolls} — colpi a segno {d['hits']}."
    return f"{d['name']} shoots her {d['weapon']} at {d['target_name']} at {d['distance']:g} segments: {rolls} — {d['hits']} hit(s)."


def _speeds(d: dict[str, Any], lang: str) -> str:
    return ("Speeds written: " if lang == "en" else "Velocità scritte: ") + d["text"]


def _roll_off(d: dict[str, Any], lang: str) -> str:
    totals = ", ".join(f"{k} {v}" for k, v in d["totals"].items())
    return (f"Roll for {d['reason']}: {totals}." if lang == "en" else f"Tiro per {d['reason']}: {totals}.")


def _escape(d: dict[str, Any], lang: str) -> str:
    if d["success"]:
        return (f"The {d['side']} admiral escapes ({d['roll']}) to {d['name']}." if lang == "en"
                else f"L'ammiraglio ({d['side']}) si salva ({d['roll']}) su {d['name']}.")
    return (f"The {d['side']} admiral fails to escape ({d['roll']})." if lang == "en"
            else f"L'ammiraglio ({d['side']}) non riesce a fuggire ({d['roll']}).")


FATE_IT = {"killed": "ucciso", "captured": "catturato"}
CAUSE_IT = {"ramming": "speronamento", "damaged twice": "danneggiata due volte", "dragged down": "trascinata a fondo"}

TEMPLATES: dict[str, dict[str, str | Callable[[dict[str, Any], str], str]]] = {
    "roll": {"en": "d{sides} for {reason}: {value}.", "it": "d{sides} per {reason}: {value}."},
    "game_start": {"en": "{title} ({edition}): {ships} ships, {turns} turns.",
                   "it": "{title} ({edition}): {ships} navi, {turns} turni."},
    "equipment_unused": {"en": "{name}: {equipment} left ashore (the optional rule is off).",
                         "it": "{name}: {equipment} non usato (la regola opzionale è disattivata)."},
    "deployed": {"en": "{name} is placed at ({x:g}, {y:g}), heading {heading:g}°.",
                 "it": "{name} è schierata in ({x:g}, {y:g}), prua a {heading:g}°."},
    "roll_off": {"en": _roll_off, "it": _roll_off},
    "turn_start": {"en": "— Turn {turn} —", "it": "— Turno {turn} —"},
    "speeds_written": {"en": "{player} has written the speeds.", "it": "{player} ha scritto le velocità."},
    "speeds": {"en": _speeds, "it": _speeds},
    "default_order": {"en": "{player} sent no order for {what} in time: {default}.",
                      "it": "{player} non ha dato l'ordine per {what} in tempo: {default_it}."},
    "initiative": {"en": "{side} wins the initiative.", "it": "{side} vince l'iniziativa."},
    "initiative_choice": {"en": "{side} moves first.", "it": "{side} muove per prima."},
    "speed_revealed": {"en": "{name} shows her speed: {speed}.", "it": "{name} rivela la velocità: {speed}."},
    "formation_moves": {"en": "In formation: {names}.", "it": "In formazione: {names}."},
    "holds": {"en": "{name} does not move.", "it": "{name} non muove."},
    "dash": {"en": _dash, "it": _dash},
    "pivot": {"en": "{name} wheels {angle:+d}° (-{cost} segment(s)).",
              "it": "{name} ruota di {angle:+d}° (-{cost} segmenti)."},
    "move": {"en": _move, "it": _move},
    "contact": {"en": "{name} comes into contact with {other_name}.",
                "it": "{name} entra in contatto con {other_name}."},
    "ram": {"en": _ram, "it": _ram},
    "ram_roll": {"en": lambda d, lang: _roll_line(d, lang, "ramming roll", "tiro di speronamento"),
                 "it": lambda d, lang: _roll_line(d, lang, "ramming roll", "tiro di speronamento")},
    "ram_glances": {"en": "{name}'s ramming fails: she suffers nothing.",
                    "it": "Lo speronamento di {name} fallisce, senza danni per lei."},
    "ram_effect": {"en": _effect, "it": _effect},
    "damaged": {"en": "{name} is damaged ({times}).", "it": "{name} è danneggiata ({times})."},
    "sunk": {"en": "{name} sinks ({cause}).", "it": "{name} affonda ({cause_it})."},
    "wrecked": {"en": "{name} strikes the coast and is lost.", "it": "{name} urta la costa ed è perduta."},
    "left_area": {"en": "{name} leaves the area and is out of the battle.",
                  "it": "{name} esce dall'area di gioco ed è eliminata."},
    "burning": {"en": "{name} is on fire: she counts as sunk.", "it": "{name} è in fiamme: conta come affondata."},
    "no_target": {"en": "{name} has no target for her {weapon}.", "it": "{name} non ha bersagli per le sue armi."},
    "shot": {"en": _shot, "it": _shot},
    "rowers_hit": {"en": "{name}'s rowers are thrown into disorder: maximum speed -1, no more dashes.",
                   "it": "I rematori di {name} sono scompaginati: velocità massima -1, niente più scatti."},
    "fire_attempt": {"en": "{name} tries to set {target_name} on fire: {roll}.",
                     "it": "{name} tenta di incendiare {target_name}: {roll}."},
    "boarding": {"en": _boarding, "it": _boarding},
    "assault_roll": {"en": lambda d, lang: _roll_line(d, lang, f"assault {d['assault']}", f"assalto {d['assault']}"),
                     "it": lambda d, lang: _roll_line(d, lang, f"assault {d['assault']}", f"assalto {d['assault']}")},
    "soldiers_lost": {"en": "{name} loses {lost} unit(s) of soldiers ({left} left).",
                      "it": "{name} perde {lost} unità di soldati (ne restano {left})."},
    "surrender_test": {"en": "{name} tests for surrender: {total} ({roll}).",
                       "it": "{name} tira per la resa: {total} ({roll})."},
    "surrenders": {"en": "{name} surrenders.", "it": "{name} si arrende."},
    "captured": {"en": "{name} is captured by {captor_name}.", "it": "{name} è catturata da {captor_name}."},
    "admiral_lost": {"en": "The admiral aboard {name} is {fate}.", "it": "L'ammiraglio a bordo di {name} è {fate_it}."},
    "admiral_escape": {"en": _escape, "it": _escape},
    "prize_removed": {"en": "The prize {name} is taken away.", "it": "La nave catturata {name} viene rimossa."},
    "turn_end": {"en": "End of turn {turn}.", "it": "Fine del turno {turn}."},
    "game_over": {"en": "Game over: {result}.", "it": "Partita finita: {result_it}."},
}


def describe(event: Event, lang: str = "en") -> str:
    entry = TEMPLATES.get(event.kind)
    if entry is None:
        return f"{event.kind}: {event.data}"
    template = entry.get(lang) or entry["en"]
    data = dict(event.data)
    try:
        if callable(template):
            return template(data, lang)
        data.setdefault("fate_it", FATE_IT.get(str(data.get("fate")), data.get("fate")))
        data.setdefault("cause_it", CAUSE_IT.get(str(data.get("cause")), data.get("cause")))
        data.setdefault("default_it", data.get("default"))
        data.setdefault("result_it", data.get("result"))
        return str(template).format(**data)
    except (KeyError, IndexError, ValueError, TypeError):
        return f"{event.kind}: {event.data}"
