"""Words of a game's timing, in English and Italian: the deadline (per phase or per
turn), the grace period in which a last order may be taken back, and the confirmation
that says exactly whether and until when an order can be changed. Merged into
:data:`bot.i18n.CATALOGUE` like :mod:`bot.i18n.chat`.
"""
from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # -- the confirmation of an order ------------------------------------------------------------
    "confirm.recorded": ("Order recorded: {label}.", "Ordine registrato: {label}."),
    "confirm.changed": ("Order changed: {label}; it replaces the previous one.",
                        "Ordine modificato: {label}; sostituisce il precedente."),
    "confirm.until-resolved": (
        "You can change it until the phase resolves: at once when the last order comes in, or at the deadline "
        "({due}).",
        "Puoi cambiarlo finché la fase non si risolve: subito all'arrivo dell'ultimo ordine, o alla scadenza "
        "({due})."),
    "confirm.until-grace": (
        "You can change it until the phase resolves: {grace} after the last order comes in, or at the deadline "
        "({due}).",
        "Puoi cambiarlo finché la fase non si risolve: {grace} dopo l'arrivo dell'ultimo ordine, o alla "
        "scadenza ({due})."),
    "confirm.last-grace": (
        "Every order is in: the phase resolves {at}, and until then you can still change this order.",
        "Tutti gli ordini sono arrivati: la fase si risolve {at}, e fino ad allora puoi ancora cambiare questo "
        "ordine."),
    "confirm.last-now": (
        "Every order is in, so the phase resolves now: this order can no longer be changed.",
        "Tutti gli ordini sono arrivati, quindi la fase si risolve ora: questo ordine non si può più cambiare."),
    # -- the pacing, as the game's first line tells it --------------------------------------------
    "pacing.live-turn": ("Live play: {duration} per turn", "Partita dal vivo: {duration} per turno"),
    "pacing.campaign-turn": ("Campaign play: {duration} per turn, for all of its phases",
                             "Partita in campagna: {duration} per turno, per tutte le sue fasi"),
    "pacing.grace": ("a last order can be taken back for {grace}", "l'ultimo ordine si può ritirare per {grace}"),
    "pacing.no-grace": ("a phase resolves as its last order comes in",
                        "una fase si risolve all'arrivo del suo ultimo ordine"),
    "deadline.phase": ("a deadline for each phase", "una scadenza per ogni fase"),
    "deadline.turn": ("one deadline for each turn, for all of its phases",
                      "una scadenza per ogni turno, per tutte le sue fasi"),
    "notice.timing": ("{actor} changed this game's timing: {deadline}; {grace}.",
                      "{actor} ha cambiato i tempi di questa partita: {deadline}; {grace}."),
    "error.bad-grace": ("A grace period lasts between 0 s and {max}.",
                        "Un periodo di ripensamento dura tra 0 s e {max}."),
    "error.bad-deadline": ("There is no deadline called {deadline}. Known: {known}.",
                           "Non esiste una scadenza chiamata {deadline}. Disponibili: {known}."),
    # -- commands -------------------------------------------------------------------------------------
    "cmd.game.new.deadline": ("deadline", "scadenza"),
    "cmd.game.new.deadline.desc": ("A deadline for each phase, or one for each turn (default: per phase live, "
                                   "per turn in a campaign)",
                                   "Una scadenza per fase, o una per turno (predefinita: per fase dal vivo, per "
                                   "turno in campagna)"),
    "cmd.game.new.grace": ("grace", "ripensamento"),
    "cmd.game.new.grace.desc": ("How long the last order of a phase can be taken back, e.g. 10s, 0, 30m",
                                "Per quanto si può ritirare l'ultimo ordine di una fase, es. 10s, 0, 30m"),
    "cmd.host.timing": ("timing", "tempi"),
    "cmd.host.timing.desc": ("Change the game's deadline (per phase or per turn) and grace period",
                             "Cambia la scadenza della partita (per fase o per turno) e il ripensamento"),
    "cmd.host.timing.deadline": ("deadline", "scadenza"),
    "cmd.host.timing.deadline.desc": ("A deadline for each phase, or one for each turn",
                                      "Una scadenza per fase, o una per turno"),
    "cmd.host.timing.grace": ("grace", "ripensamento"),
    "cmd.host.timing.grace.desc": ("How long the last order of a phase can be taken back, e.g. 10s, 0, 30m",
                                   "Per quanto si può ritirare l'ultimo ordine di una fase, es. 10s, 0, 30m"),
    "choice.deadline.phase": ("each phase", "ogni fase"),
    "choice.deadline.turn": ("each turn", "ogni turno"),
}

TIMING: dict[str, dict[str, str]] = {code: {"en": en, "it": it} for code, (en, it) in _TEXTS.items()}

__all__ = ["TIMING"]
