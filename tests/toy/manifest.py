"""The toy race's manifest: registered by the tests with ``rules.core.registry.register``."""
from rules.core.manifest import Manifest, OrderParam, Text

MANIFEST = Manifest(
    name="toy", title=Text(en="Toy race", it="Corsa giocattolo"), board="squares",
    ruleset="tests.toy.rules:ToyRace", board_factory="tests.toy.board:ToyBoard", scenarios="tests.toy",
    params=(OrderParam(name="speed", kind="choice", label=Text(en="speed", it="velocità"),
                       description=Text(en="How fast your counter runs this turn (1-3)",
                                        it="Quanto corre la tua pedina in questo turno (1-3)")),),
    quickref=Text(en="**Toy race.** Pick a speed 1-3 each turn (3 costs stamina); a die may trip or push you. "
                     "First past the finish line wins.",
                  it="**Corsa giocattolo.** Scegli una velocità da 1 a 3 ogni turno (3 costa fiato); un dado può "
                     "farti inciampare o spingerti. Vince chi passa per primo il traguardo."),
)
