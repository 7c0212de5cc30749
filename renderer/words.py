"""The words every map of ships shares, whatever the ruleset (English and Italian):
what a shot did, the wreck of a ship lost this turn, the inset's caption, the key's
own entries. A ruleset's board may say them otherwise through its hooks."""
from __future__ import annotations

from rules.core.texts import Catalogue

TEXTS = Catalogue("map")
TEXTS.add_pairs({
    "map.shot.miss": ("miss", "mancato"),
    "map.shot.hits": ("{n} dmg", "{n} danni"),
    "map.shot.hit": ("1 dmg", "1 danno"),
    "map.shot.critical": ("critical", "critico"),
    "map.shot.no-effect": ("no effect", "senza effetto"),
    "map.key": ("Key", "Legenda"),
    "map.key.shot": ("broadside: firer → target, result", "bordata: chi spara → bersaglio, esito"),
    "map.key.volley": ("volley: shooter → target, result", "tiro: chi tira → bersaglio, esito"),
    "map.key.new-damage": ("red: damage just taken", "rosso: danni appena subiti"),
    "map.key.wreck": ("wreck: lost this turn", "relitto: perduta in questo turno"),
    "map.key.inset": ("inset: the whole table, the box is this view",
                      "riquadro: tutto il tavolo, il rettangolo è questa vista"),
    "map.key.full": ("Full key of the map: /rules", "Legenda completa della mappa: /rules"),
})


def shot_words(hits: int, critical: bool, effect: bool, lang: str = "en") -> str:
    """A shot's result in a few words: a miss, n boxes of damage, a critical hit."""
    if not effect:
        return TEXTS.text("map.shot.no-effect", lang)
    if critical:
        return TEXTS.text("map.shot.critical", lang)
    if hits <= 0:
        return TEXTS.text("map.shot.miss", lang)
    if hits == 1:
        return TEXTS.text("map.shot.hit", lang)
    return TEXTS.text("map.shot.hits", lang, n=hits)
