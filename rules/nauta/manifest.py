"""Nauta / Classis as the bot, the renderer and the AI registry know it."""
from rules.core.manifest import Manifest, OrderParam, Text

MANIFEST = Manifest(
    name="nauta",
    title=Text(en="Nauta / Classis — ancient and medieval galleys",
               it="Nauta / Classis — galee antiche e medievali"),
    board="open_table",
    ruleset="rules.nauta.ruleset:NautaRuleset",
    board_factory="renderer.nauta.board:NautaBoard",
    scenarios="rules.nauta",
    duel_scenario="greek-fire",
    params=(
        OrderParam(name="unit", label=Text(en="unit", it="unità"),
                   description=Text(en="Ship or formation", it="Nave o formazione")),
        OrderParam(name="turn", kind="number", unit="degree", label=Text(en="turn", it="rotazione"),
                   description=Text(en="Degrees to wheel", it="Gradi di rotazione")),
        OrderParam(name="dash", label=Text(en="dash", it="scatto"),
                   description=Text(en="Extra speed", it="Velocità extra")),
        OrderParam(name="shoot", label=Text(en="shoot", it="tiro"),
                   description=Text(en="When to shoot", it="Quando tirare")),
        OrderParam(name="ship", label=Text(en="ship", it="nave"),
                   description=Text(en="Which ship", it="Quale nave")),
    ),
    captains={"deckhand": "rules.ai.nauta.captains:Deckhand", "captain": "rules.ai.nauta.captains:Captain"},
    captain_descriptions={
        "deckhand": Text(en="a computer captain, deckhand level (rows at the nearest enemy, rams and boards when "
                            "the odds favour it)",
                         it="un capitano automatico, livello mozzo (voga verso il nemico più vicino, sperona e "
                            "abborda quando i dadi lo favoriscono)"),
        "captain": Text(en="a computer captain, captain level (picks its speeds, rams where the dice favour it, "
                           "boards when stronger, keeps its flagship clear of enemy prows, keeps formation on the "
                           "approach)",
                        it="un capitano automatico, livello capitano (sceglie le velocità, sperona dove i dadi lo "
                           "favoriscono, abborda quando è più forte, tiene l'ammiraglia lontana dai rostri nemici, "
                           "mantiene la formazione nell'avvicinamento)"),
    },
)
