"""Every line a player reads about a Cannoni game, in English and Italian.

Events are stored as data; this catalogue turns each into one line. Problems with
orders are registered in the shared problem catalogue under codes of their own.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from rules.cannoni.battery_texts import BATTERY_TEMPLATES
from rules.core.events import Event
from rules.core.problems import register
from rules.core.tables.compass import compass

PROBLEMS = SimpleNamespace(
    CURVE_LONGER=register(
        "curve-longer-than-move",
        "The curve ({curve}\") cannot be longer than the whole move ({distance}\"): the rest of a turn is sailed straight.",
        "La curva ({curve}\") non può superare lo spostamento totale ({distance}\"): il resto dell'accostata è in linea retta."),
    CURVE_CAP=register(
        "curve-beyond-card",
        "Card {template} turns at most 90°, that is {cap}\" of curve.",
        "La carta {template} accosta al massimo di 90°, cioè {cap}\" di curva."),
    DELIBERATE_COLLISION=register(
        "deliberate-collision",
        "That move would run into {other}; ramming on purpose is not allowed. Sail a shorter or different course.",
        "Quella manovra porterebbe a contatto con {other}: non è consentito provocare volontariamente una collisione."),
    NOT_A_VALID_TARGET=register(
        "not-a-valid-target",
        "{target} is not a valid target for the {side} broadside ({why}). Valid: {legal}.",
        "{target} non è un bersaglio valido per la fiancata di {side} ({why}). Validi: {legal}."),
    NOT_LOADED=register(
        "side-not-loaded",
        "The {side} broadside is not loaded: load it first (one action).",
        "La fiancata di {side} non è carica: caricala prima (un'azione)."),
    AIM_OUT_OF_RANGE=register(
        "aim-out-of-range",
        "At {distance}\" you cannot aim at the {aim}: hull up to 13\", rigging beyond 4\". Possible: {legal}.",
        "A {distance}\" non si può tirare {aim}: scafo fino a 13\", velatura oltre 4\". Possibile: {legal}."),
    ALREADY_LOADED=register(
        "side-already-loaded",
        "The {side} broadside is already loaded: a load cannot be changed, only a ball topped up to a double shot.",
        "La fiancata di {side} è già carica: le munizioni non si cambiano, si può solo aggiungere la seconda palla."),
)


def _mods(data: dict[str, Any]) -> str:
    return ", ".join(f"{v:+d} {k}" for k, v in data.get("mods", []))


SIDE_IT = {"starboard": "dritta", "port": "babordo"}
AIM_IT = {"hull": "allo scafo", "rigging": "alla velatura"}
SAILS_IT = {"full": "vele spiegate", "battle": "vele da battaglia", "furled": "vele ammainate"}
MAST_IT = {"fore": "trinchetto", "main": "maestro", "mizzen": "mezzana"}


def _broadside(d: dict[str, Any], lang: str) -> str:
    result = {0: "no effect", 1: "1 hit", 2: "2 hits", 3: "3 hits — CRITICAL"}[d["hits"]]
    ammo = d.get("ammo", "ball")
    if lang == "it":
        result = {0: "nessun effetto", 1: "1 danno", 2: "2 danni", 3: "3 danni — TIRO CRITICO"}[d["hits"]]
        shot = f" {AMMO_IT[ammo]}" if ammo != "ball" else ""
        return (f"{d['name']} fa fuoco di {SIDE_IT[d['side']]}{shot} su {d['target_name']} {AIM_IT[d['aim']]} "
                f"a {d['distance']}\": {d['roll']} ({_mods(d)}) = {d['modified']} contro {d['target_roll']}: {result}.")
    shot = f" with {AMMO_EN[ammo]}" if ammo != "ball" else ""
    return (f"{d['name']} fires her {d['side']} broadside{shot} at {d['target_name']}'s {d['aim']} at "
            f"{d['distance']}\": {d['roll']} ({_mods(d)}) = {d['modified']} vs {d['target_roll']}: {result}.")


# -- optional rules ---------------------------------------------------------------------
AMMO_EN = {"ball": "ball", "chain": "chain shot", "double": "double shot", "grape": "grape shot"}
AMMO_IT = {"ball": "a palla", "chain": "a palle incatenate", "double": "a doppia palla", "grape": "a mitraglia"}
DISORDER_IT = {"grounding": "si è incagliata", "collision": "collisione", "critical hit": "colpo critico",
               "mast lost": "albero perduto", "prize crew": "equipaggio di preda"}
REPAIRS_LOST_IT = {"other action": "un'altra azione", "rigging damage": "danni all'alberatura",
                   "fired": "ha aperto il fuoco", "fired upon": "ha subito il fuoco nemico",
                   "grappled": "è stata grappinata", "grappled an enemy": "ha grappinato una nave nemica"}
CRITICAL_EN = {"magazine": "the magazine is hit and she blows up", "rudder": "her rudder is shot away",
               "captain": "her captain is killed", "none": "no critical damage"}
CRITICAL_IT = {"magazine": "colpita la Santa Barbara: la nave esplode", "rudder": "la nave perde il timone",
               "captain": "il capitano è ucciso", "none": "nessun danno critico"}


def _load_ammo(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        first = " (primo passo della doppia palla)" if d.get("first_of_double") else ""
        return f"{d['name']}: fiancata di {SIDE_IT[d['side']]} caricata {AMMO_IT[d['ammo']]}{first} (coperto)."
    first = " (the first step of a double shot)" if d.get("first_of_double") else ""
    return f"{d['name']}: {d['side']} broadside loaded with {AMMO_EN[d['ammo']]}{first} (face down)."


def _no_effect(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        return (f"{d['name']} fa fuoco di {SIDE_IT[d['side']]} {AMMO_IT[d['ammo']]} su {d['target_name']} "
                f"{AIM_IT[d['aim']]} a {d['distance']}\": a questa distanza non ha effetto.")
    return (f"{d['name']} fires her {d['side']} {AMMO_EN[d['ammo']]} at {d['target_name']}'s {d['aim']} at "
            f"{d['distance']}\": no effect at that range.")


def _critical_damage(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        return (f"{d['name']}: danno critico {d['roll']} + {d['sections']} sezioni = {d['total']}: "
                f"{CRITICAL_IT[d['result']]}.")
    return f"{d['name']}: critical damage {d['roll']} + {d['sections']} sections = {d['total']}: {CRITICAL_EN[d['result']]}."


def _disordered(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        return f"L'equipaggio di {d['name']} è disordinato ({DISORDER_IT.get(d['cause'], d['cause'])})."
    return f"{d['name']}'s crew is in disorder ({d['cause']})."


def _repair_work(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        lost = " (persa: in questo turno le riparazioni sono inefficaci)" if d.get("lost") else ""
        return f"{d['name']} ripara l'albero di {MAST_IT.get(d['mast'], d['mast'])}: {d['phases']} fasi su 5{lost}."
    lost = " (lost: repairs this turn do not count)" if d.get("lost") else ""
    return f"{d['name']} works on her {d['mast']} mast: {d['phases']} of 5 phases{lost}."


# Why a ship struck or a line broke: keys in the event, worded here. Events stored
# before these keys carry the English sentence itself, shown as it is.
STRUCK_WHY = {
    "dismasted and raked": {"en": "dismasted and raked by {by}", "it": "disalberata e presa d'infilata da {by}"},
    "gravely damaged and hit": {"en": "gravely damaged and hit by {by}",
                                "it": "gravemente danneggiata e colpita da {by}"},
    "captain's order": {"en": "by her captain's order", "it": "per ordine del suo capitano"},
}
FORMATION_WHY = {
    "out of line": {"en": "out of line at the start of the turn", "it": "fuori linea all'inizio del turno"},
    "commodore's order": {"en": "by the commodore's order", "it": "per ordine del commodoro"},
}


def _reason(table: dict[str, dict[str, str]], d: dict[str, Any], lang: str) -> str:
    worded = table.get(str(d.get("why")))
    if worded is None:
        return str(d.get("why"))
    return (worded.get(lang) or worded["en"]).format(by=d.get("by", "?"))


def _struck(d: dict[str, Any], lang: str) -> str:
    why = _reason(STRUCK_WHY, d, lang)
    if lang == "it":
        return f"{d['name']} ammaina la bandiera ({why})."
    return f"{d['name']} strikes her colours ({why})."


def _formation_broken(d: dict[str, Any], lang: str) -> str:
    why = _reason(FORMATION_WHY, d, lang)
    if lang == "it":
        return f"{d['name']} non è più in linea di fila ({why}): le sue navi agiscono da sole."
    return f"{d['name']} is no longer in line ahead ({why}): her ships act on their own."


def _repairs_lost(d: dict[str, Any], lang: str) -> str:
    if lang == "it":
        why = REPAIRS_LOST_IT.get(d["why"], d["why"])
        return f"{d['name']} perde {d['phases']} fase/i di riparazione ({why})."
    return f"{d['name']} loses {d['phases']} phase(s) of repair work ({d['why']})."


# A test's purpose and what stopped a move are stored in English (they are the keys).
PURPOSE_IT = {
    "avoid collision": "evitare la collisione",
    "avoid grounding": "evitare di incagliarsi",
    "stay on the table": "non uscire dal tavolo",
    "tack through the wind": "virata obbligata",
    "fight the fire": "spegnere l'incendio",
    "clear a fallen mast": "liberare la nave dall'albero abbattuto",
    "refloat": "disincagliare la nave",
    "clear fouled rigging": "liberare la velatura",
    "cut the anchor cable": "recidere il cavo dell'ancora",
    "come back onto the table": "rientrare sul tavolo",
    "grapple": "lanciare i grappini",
    "cut the grapples": "recidere i grappini",
}
STOPPED_BY_IT = {"the coast": "dalla costa", "the table edge": "dal bordo del tavolo", "the shallows": "dalle secche"}


def _test(d: dict[str, Any], lang: str) -> str:
    ok = ("passed" if d["passed"] else "failed") if lang != "it" else ("superato" if d["passed"] else "fallito")
    mods = f" [{_mods(d)}]" if d.get("mods") else ""
    if lang == "it":
        purpose = PURPOSE_IT.get(d["purpose"], d["purpose"])
        return f"{d['name']}: test di manovra ({purpose}) {d['roll']} + abilità {d['ability']}{mods} > 10? {ok}."
    return f"{d['name']}: manoeuvre test ({d['purpose']}) {d['roll']} + ability {d['ability']}{mods} > 10? {ok}."


def _move(d: dict[str, Any], lang: str) -> str:
    how = f" turning {d['curve']:g}\"" if d.get("curve") else ""
    stop = ""
    if d.get("head_to_wind"):
        stop = " and stops head to wind" if lang != "it" else " e si ferma con la prua al vento"
    if d.get("stopped_by"):
        stop = (f", stopped by {d['stopped_by']}" if lang != "it"
                else f", fermata {STOPPED_BY_IT.get(d['stopped_by'], 'da ' + str(d['stopped_by']))}")
    if lang == "it":
        how = f" accostando per {d['curve']:g}\"" if d.get("curve") else ""
        return f"{d['name']} muove di {d['distance']:g}\"{how}, prua a {compass(d['heading'])}{stop}."
    return f"{d['name']} sails {d['distance']:g}\"{how}, now heading {compass(d['heading'])}{stop}."


TEMPLATES: dict[str, dict[str, str | Callable[[dict[str, Any], str], str]]] = {
    "roll": {"en": "d{sides} for {reason}: {value}.", "it": "d{sides} per {reason}: {value}."},
    "game_start": {"en": "{title}: {ships} ships, {turns} turns, wind from {wind_name}.",
                   "it": "{title}: {ships} navi, {turns} turni, vento da {wind_name}."},
    "wind_choice": {"en": "The initial wind is chosen by {player}.", "it": "La direzione iniziale del vento la sceglie {player}."},
    "wind_set": {"en": "The wind blows from {wind_name}.", "it": "Il vento proviene da {wind_name}."},
    "wind_shift": {"en": "The wind shifts {points} point(s) {way}: now from {wind_name}.",
                   "it": "Il vento ruota di {points} quarta/e in senso {way_it}: ora da {wind_name}."},
    "wind_steady": {"en": "The wind holds from {wind_name}.", "it": "Il vento resta da {wind_name}."},
    "turn_start": {"en": "— Turn {turn} —", "it": "— Turno {turn} —"},
    "burning": {"en": "Fire aboard {name}: one box off the {side} hull and the {mast} mast.",
                "it": "Incendio a bordo di {name}: una casella dallo scafo di {side} e dall'albero {mast}."},
    "chits_placed": {"en": "Activation chits are placed face down.", "it": "I gettoni di attivazione sono posti coperti."},
    "chit_set": {"en": "{name}: chit {chit}{how}.", "it": "{name}: gettone {chit}{how}."},
    "default_order": {"en": "{player} sent no order for {what} in time: {default}.",
                      "it": "{player} non ha dato l'ordine per {what} in tempo: {default}."},
    "phase_start": {"en": "Phase {phase}: active {active}.", "it": "Fase {phase}: attive {active}."},
    "phase_empty": {"en": "Phase {phase}: no ship active.", "it": "Fase {phase}: nessuna nave attiva."},
    "activation": {"en": "{name} shows chit {chit}.", "it": "{name} scopre il gettone {chit}."},
    "move": {"en": _move, "it": _move},
    "tacked": {"en": "{name} tacks and now heads {heading_name}.", "it": "{name} vira e ora ha la prua a {heading_name}."},
    "sails": {"en": "{name} sets {sails} sail.", "it": "{name} imposta {sails_it}."},
    "load": {"en": "{name} loads her {side} broadside.", "it": "{name} carica la fiancata di {side_it}."},
    "no_action": {"en": "{name} takes no action.", "it": "{name} non esegue azioni."},
    "broadside": {"en": _broadside, "it": _broadside},
    "test": {"en": _test, "it": _test},
    "hull_damage": {"en": "{name} loses {boxes} hull box(es) on the {side} side ({remaining} left).",
                    "it": "{name} perde {boxes} casella/e di scafo sulla fiancata di {side_it} (ne restano {remaining})."},
    "rigging_damage": {"en": "{name}: the {mast} mast is hit ({remaining} left).",
                       "it": "{name}: colpito l'albero di {mast_it} (ne restano {remaining})."},
    "mast_down": {"en": "{name}'s {mast} mast goes by the board ({fell}).",
                  "it": "{name}: l'albero di {mast_it} cade ({fell_it})."},
    "dismasted": {"en": "{name} is dismasted.", "it": "{name} è disalberata."},
    "crew_loss": {"en": "{name} loses {boxes} crew box(es) ({remaining} left).",
                  "it": "{name} perde {boxes} casella/e di Effettivi (ne restano {remaining})."},
    "decimated": {"en": "{name}'s crew is decimated.", "it": "L'equipaggio di {name} è decimato."},
    "fire_breaks_out": {"en": "Fire breaks out aboard {name} ({cause}).", "it": "Si sviluppa un incendio a bordo di {name} ({cause})."},
    "sinking": {"en": "{name} is sinking: she goes down at the start of turn {removed_turn}.",
                "it": "{name} sta affondando: affonda all'inizio del turno {removed_turn}."},
    "sunk": {"en": "{name} sinks.", "it": "{name} affonda."},
    "collision": {"en": "{name} collides with {other_name}: their rigging is fouled.",
                  "it": "{name} entra in collisione con {other_name}: le navi sono impigliate."},
    "bear_off": {"en": "{name} bears off one inch from the coast.", "it": "{name} si allontana di un pollice dalla costa."},
    "aground": {"en": "{name} runs aground.", "it": "{name} si incaglia."},
    "left_table": {"en": "{name} leaves the table.", "it": "{name} esce dal tavolo di gioco."},
    "fire_out": {"en": "The fire aboard {name} is out.", "it": "L'incendio a bordo di {name} è domato."},
    "mast_cleared": {"en": "{name} cuts away the fallen {mast} mast.", "it": "{name} getta in mare l'albero di {mast_it} abbattuto."},
    "refloated": {"en": "{name} is afloat again.", "it": "{name} è disincagliata."},
    "refloat_blocked": {"en": "{name} cannot find open water to refloat into.",
                        "it": "{name} non trova acqua libera in cui disincagliarsi."},
    "unfouled": {"en": "{name} clears her rigging from {other_name}.",
                 "it": "{name} libera la velatura da quella di {other_name}."},
    "anchored": {"en": "{name} drops anchor from the {end}.", "it": "{name} getta l'ancora a {end_it}."},
    "weighing": {"en": "{name} weighs anchor (she cannot move this turn).",
                 "it": "{name} issa l'ancora (non può muovere in questo turno)."},
    "anchor_up": {"en": "{name}'s anchor is up.", "it": "{name} ha issato l'ancora."},
    "anchor_cut": {"en": "{name} cuts her anchor cable.", "it": "{name} recide il cavo dell'ancora."},
    "club_hauled": {"en": "{name} swings at anchor to {heading_name}.", "it": "{name} abbatte all'ancora verso {heading_name}."},
    "reentered": {"en": "{name} sails back onto the table.", "it": "{name} rientra sul tavolo di gioco."},
    "out_for_good": {"en": "{name} leaves the battle for good.", "it": "{name} lascia definitivamente la battaglia."},
    "drift": {"en": "{ships} drift {distance}\" downwind.", "it": "{ships} vanno alla deriva di {distance}\"."},
    "order_void": {"en": "{name}'s order lapses: {reason}", "it": "L'ordine di {name} decade: {reason}"},
    "grappled": {"en": "{name} throws her grapples aboard {target_name}.",
                 "it": "{name} lancia i grappini d'arrembaggio su {target_name}."},
    "grapples_cut": {"en": "{name} and {other_name} are cut loose.", "it": "{name} e {other_name} recidono i grappini."},
    "boards_in_turn": {"en": "{name} boards {target_name} in her turn.", "it": "{name} abborda a sua volta {target_name}."},
    "boarding_party": {"en": "{name} sends {sections} section(s) into the {role}'s boarding party.",
                       "it": "{name} forma una squadra di abbordaggio di {sections} sezione/i."},
    "melee": {"en": "Melee aboard {name}: {attackers} {a_roll}→{a_total} against {d_roll}→{d_total}: {winner} win.",
              "it": "Mischia su {name}: {attackers} {a_roll}→{a_total} contro {d_roll}→{d_total}: vincono {winner_it}."},
    "foothold": {"en": "The boarders are on {name}'s deck.", "it": "Gli arrembatori sono sul ponte di {name}."},
    "boarders_held_off": {"en": "{name}'s crew holds the boarders off the deck.",
                          "it": "L'equipaggio di {name} respinge gli arrembatori dalle murate."},
    "repulsed": {"en": "{name} throws the boarders back.", "it": "{name} respinge l'abbordaggio."},
    "captured": {"en": "{name} is taken by {captor_name}: {prize_crew} box(es) of prize crew guard {prisoners} prisoner box(es).",
                 "it": "{name} è catturata da {captor_name}: {prize_crew} casella/e di equipaggio di preda, {prisoners} di prigionieri."},
    "prisoners_rise": {"en": "The prisoners aboard {name} rise and retake her.",
                       "it": "I prigionieri a bordo di {name} si liberano e riprendono la nave."},
    "struck": {"en": _struck, "it": _struck},
    "prize_secured": {"en": "The prize {name} is safe behind the {side} lines.",
                      "it": "La preda {name} è al sicuro oltre le linee di {side}."},
    "last_to_place": {"en": "{player} placed the chits last ({times} time(s)): this turn they are drawn at random.",
                      "it": "{player} ha posto i gettoni per ultimo ({times} volta/e): in questo turno sono estratti a caso."},
    "repeat_offender": {"en": "{player} was last three times: for the rest of the game the chits are drawn.",
                        "it": "{player} è stato ultimo tre volte: per il resto della partita i gettoni sono estratti."},
    "formation_broken": {"en": _formation_broken, "it": _formation_broken},
    "load_ammo": {"en": _load_ammo, "it": _load_ammo},
    "broadside_no_effect": {"en": _no_effect, "it": _no_effect},
    "prisoners_loss": {"en": "{name}: the prisoners lose {boxes} box(es) ({remaining} left).",
                       "it": "{name}: i prigionieri perdono {boxes} casella/e (ne restano {remaining})."},
    "gravely_damaged": {"en": "{name} has lost her last hull box: gravely damaged, she can do nothing but keep afloat.",
                        "it": "{name} ha perso l'ultimo punto scafo: gravemente danneggiata, non può compiere azioni."},
    "critical_damage": {"en": _critical_damage, "it": _critical_damage},
    "exploded": {"en": "{name} blows up and is lost.", "it": "{name} esplode ed è rimossa dal gioco."},
    "disordered": {"en": _disordered, "it": _disordered},
    "rallied": {"en": "{name} rallies her crew.", "it": "{name} riordina l'equipaggio."},
    "repair_work": {"en": _repair_work, "it": _repair_work},
    "repairs_lost": {"en": _repairs_lost, "it": _repairs_lost},
    "repaired": {"en": "{name} recovers a rigging box on her {mast} mast ({remaining} left).",
                 "it": "{name} recupera una casella dell'albero di {mast_it} (ne restano {remaining})."},
    "phase_end": {"en": "End of phase {phase}.", "it": "Fine della fase {phase}."},
    "game_over": {"en": "Game over: {result}.", "it": "Partita finita: {result_it}."},
}

# Coastal batteries keep their lines beside their rules (rules/cannoni/battery_texts.py).
TEMPLATES.update(BATTERY_TEMPLATES)

_FELL_IT = {"starboard": "sulla fiancata di dritta", "port": "sulla fiancata di babordo", "sea": "in mare"}
_FELL_EN = {"starboard": "over the starboard side", "port": "over the port side", "sea": "into the sea"}


def describe(event: Event, lang: str = "en") -> str:
    entry = TEMPLATES.get(event.kind)
    if entry is None:
        return f"{event.kind}: {event.data}"
    template = entry.get(lang) or entry["en"]
    if callable(template):
        return template(event.data, lang)
    data = dict(event.data)
    data.setdefault("side_it", SIDE_IT.get(str(data.get("side")), data.get("side")))
    if lang == "it" and "side" in data:
        data["side"] = SIDE_IT.get(str(data["side"]), data["side"])
    data.setdefault("sails_it", SAILS_IT.get(str(data.get("sails")), data.get("sails")))
    data.setdefault("mast_it", MAST_IT.get(str(data.get("mast")), data.get("mast")))
    if "fell" in data:
        data["fell_it"] = _FELL_IT.get(data["fell"], data["fell"])
        data["fell"] = _FELL_EN.get(data["fell"], data["fell"])
    data.setdefault("winner_it", {"attackers": "gli attaccanti", "defenders": "i difensori",
                                   "none": "nessuno"}.get(str(data.get("winner")), data.get("winner")))
    data.setdefault("end_it", {"bow": "prua", "stern": "poppa"}.get(str(data.get("end")), data.get("end")))
    if "heading" in data:
        data["heading_name"] = compass(float(data["heading"]))
    try:
        return str(template).format(**data)
    except (KeyError, IndexError, ValueError):
        return f"{event.kind}: {event.data}"
