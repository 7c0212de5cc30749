"""The words of a game's summary card and its alt text (English and Italian), whatever
the ruleset: the result's kind is the ruleset's own (``<ruleset>.kind.<kind>``)."""
from __future__ import annotations

from rules.core.texts import Catalogue

TEXTS = Catalogue("summary")
TEXTS.add_pairs({
    "summary.heading": ("Battle summary", "Resoconto della battaglia"),
    "summary.turns": ("{n} turns played", "{n} turni giocati"),
    "summary.winner": ("{side} wins", "Vince {side}"),
    "summary.draw": ("No winner", "Nessun vincitore"),
    "summary.unfinished": ("The game stopped before the end", "La partita si è fermata prima della fine"),
    "summary.score": ("{points} points", "{points} punti"),
    "summary.lost": ("Lost: {ships}", "Perse: {ships}"),
    "summary.lost-none": ("Lost: none", "Perse: nessuna"),
    "summary.none": ("no ship lost", "nessuna nave persa"),
    "summary.lost-count": ("{n} ship(s) lost", "{n} nave/i perse"),
    "summary.more": ("and {n} more", "e altre {n}"),
    "summary.moments": ("Decisive moments", "Momenti decisivi"),
    "summary.no-moments": ("No ship was hit or lost.", "Nessuna nave colpita o perduta."),
    "summary.turn": ("Turn {turn}", "Turno {turn}"),
    "summary.turn-unknown": ("Turn ?", "Turno ?"),
    "summary.first-blood": ("First blood: {by} hits {name}", "Primo sangue: {by} colpisce {name}"),
    "summary.first-blood-critical": ("First blood: {by} hits {name}, a critical hit",
                                     "Primo sangue: {by} colpisce {name}, colpo critico"),
    "summary.alt": ("Summary card of {title}. {result}. {sides} {moments}",
                    "Resoconto di {title}. {result}. {sides} {moments}"),
    "summary.alt-side": ("{side}{score}: {lost}.", "{side}{score}: {lost}."),
    "summary.alt-moments": ("Decisive moments. {items}.", "Momenti decisivi. {items}."),
    "summary.alt-moment": ("Turn {turn}: {what}", "Turno {turn}: {what}"),
    "summary.alt-fate": ("{fate}: {ships}", "{fate}: {ships}"),
})
TEXTS.add_words("summary.fate", {
    "struck": ("{name} strikes her colours", "{name} ammaina la bandiera"),
    "sunk": ("{name} sinks", "{name} affonda"),
    "sinking": ("{name} is sinking", "{name} sta affondando"),
    "taken": ("{name} is taken", "{name} è catturata"),
    "wrecked": ("{name} is wrecked", "{name} fa naufragio"),
    "burning": ("{name} burns", "{name} brucia"),
    "left": ("{name} leaves the table", "{name} lascia il tavolo"),
    "out": ("{name} is out of the fight", "{name} è fuori combattimento"),
})

# The same fates as a heading for the ships it befell ("struck: Fox, Hare"), for the alt text.
TEXTS.add_words("summary.fate-label", {
    "struck": ("struck", "resa"),
    "sunk": ("sunk", "affondamento"),
    "sinking": ("sinking", "in affondamento"),
    "taken": ("taken", "cattura"),
    "wrecked": ("wrecked", "naufragio"),
    "burning": ("burning", "in fiamme"),
    "left": ("left the table", "uscita dal tavolo"),
    "out": ("out of the fight", "fuori combattimento"),
})


def fate_label(fate: str, lang: str = "en") -> str:
    code = f"summary.fate-label.{fate}"
    return TEXTS.text(code if code in TEXTS else "summary.fate-label.out", lang)


def fate_words(fate: str, name: str, lang: str = "en") -> str:
    """What befell a ship, in a short sentence; a fate with no words of its own is
    said as out of the fight."""
    code = f"summary.fate.{fate}"
    return TEXTS.text(code if code in TEXTS else "summary.fate.out", lang, name=name)
