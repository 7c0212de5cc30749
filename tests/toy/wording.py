"""The toy race's words, in English and Italian, by code: its manifest, its forms, its
problem and its event lines (one catalogue, as every ruleset has)."""
from __future__ import annotations

from rules.core.texts import Catalogue

TEXTS = Catalogue("toy")
NO_STAMINA = TEXTS.add("toy-no-stamina", "{counter} has no stamina left for speed 3.",
                        "{counter} non ha più fiato per la velocità 3.")
TEXTS.add_pairs({
    "toy.manifest.title": ("Toy race", "Corsa giocattolo"),
    "toy.param.speed": ("speed", "velocità"),
    "toy.param.speed.about": ("How fast your counter runs this turn (1-3)",
                              "Quanto corre la tua pedina in questo turno (1-3)"),
    "toy.quickref": ("**Toy race.** Pick a speed 1-3 each turn (3 costs stamina); a die may trip or push you. "
                     "First past the finish line wins.",
                     "**Corsa giocattolo.** Scegli una velocità da 1 a 3 ogni turno (3 costa fiato); un dado può "
                     "farti inciampare o spingerti. Vince chi passa per primo il traguardo."),
    "toy.scenario.dash": ("A dash down two lanes", "Uno scatto su due corsie"),
    "toy.scenario.long-lane": ("The long lane", "La corsia lunga"),
    "toy.form.speed-of": ("Speed of {counter} for turn {turn}", "Velocità di {counter} per il turno {turn}"),
    "toy.form.run": ("Run", "Corri"),
    "toy.form.speed": ("Speed", "Velocità"),
    "toy.form.speed-1": ("speed 1", "velocità 1"),
    "toy.event.roll": ("d{sides} for {reason}: {value}.", "d{sides} per {reason}: {value}."),
    "toy.event.ran": ("{counter}: speed {speed}, die {die}{luck}, runs {moved} to column {col}.",
                      "{counter}: velocità {speed}, dado {die}{luck}, avanza di {moved} fino alla colonna {col}."),
    "toy.event.won": ("Finish: {winner} wins.", "Arrivo: vince {winner}."),
    "toy.event.draw": ("Finish: a draw.", "Arrivo: pareggio."),
})
# What a die of 1 or 6 did, after the die in a "ran" line.
TEXTS.add_words("toy.luck", {1: (" (stumbles)", " (inciampa)"), 6: (" (tailwind)", " (vento in poppa)")})
