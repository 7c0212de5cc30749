"""Hearts of Oak (advanced rules) as the bot, the renderer and the AI registry know it."""
from rules.core.manifest import Manifest, OrderParam, Text

MANIFEST = Manifest(
    name="hoo",
    title=Text(en="Hearts of Oak — Napoleonic ships on hexes", it="Hearts of Oak — navi napoleoniche su esagoni"),
    board="hex",
    ruleset="rules.hoo.ruleset:HooRuleset",
    board_factory="renderer.hoo.board:HooBoard",
    scenarios="rules.hoo",
    duel_scenario="castiglione",
    params=(
        OrderParam(name="course", label=Text(en="course", it="rotta"),
                   description=Text(en="F a hex ahead, L/R a side to port/starboard",
                                    it="F un esagono avanti, L/R un lato a sinistra/dritta")),
        OrderParam(name="pm", label=Text(en="pm", it="pm"),
                   description=Text(en="Speed marker in PM", it="Indicatore di velocità in PM")),
        OrderParam(name="target", label=Text(en="target", it="bersaglio"),
                   description=Text(en="The enemy ship", it="La nave nemica")),
        OrderParam(name="aim", label=Text(en="aim", it="mira"),
                   description=Text(en="Aimed fire: sails, guns, hull or crew",
                                    it="Tiro mirato: vele, cannoni, scafo o equipaggio")),
        OrderParam(name="side", label=Text(en="side", it="lato"),
                   description=Text(en="Hex side the wind blows from (0 north)",
                                    it="Lato di esagono da cui spira il vento (0 nord)")),
        OrderParam(name="way", label=Text(en="way", it="verso"),
                   description=Text(en="Shift the wind one side", it="Sposta il vento di un lato")),
        OrderParam(name="port", label=Text(en="port", it="sinistra"),
                   description=Text(en="Double fire: the port target", it="Doppio fuoco: bersaglio a sinistra")),
        OrderParam(name="starboard", label=Text(en="starboard", it="dritta"),
                   description=Text(en="Double fire: the starboard target", it="Doppio fuoco: bersaglio a dritta")),
        OrderParam(name="port_dice", kind="number", label=Text(en="port_dice", it="dadi_sinistra"),
                   description=Text(en="Double fire: dice to port", it="Doppio fuoco: dadi a sinistra")),
        OrderParam(name="how", label=Text(en="how", it="come"),
                   description=Text(en="Capture or sink a struck ship", it="Cattura o affonda una nave arresa")),
    ),
    quickref=Text(
        en="**Hearts of Oak.** Each turn set a hidden speed marker (+1, -1 or -2 PM), roll initiative, then each "
           "ship in turn moves (1 PM a hex or a side turned, +1 turning towards the wind, every PM spent), fires "
           "a broadside (card's D6 less one a hex beyond the first; a 6 or a pair of 5s hits; raking through the "
           "stern doubles the dice) or boards an enemy alongside. Sink, take or put to flight the enemy.",
        it="**Hearts of Oak.** Ogni turno poni un indicatore di velocità coperto (+1, -1 o -2 PM), tira "
           "l'iniziativa, poi ogni nave a turno muove (1 PM a esagono o a lato virato, +1 virando verso il vento, "
           "spendendo tutti i PM), fa fuoco di fiancata (D6 della scheda meno uno a esagono oltre il primo; un 6 "
           "o due 5 colpiscono; l'infilata di poppa raddoppia i dadi) o va all'arrembaggio di un nemico "
           "adiacente. Affonda, cattura o metti in fuga il nemico."),
    captains={"deckhand": "rules.ai.hoo.captains:Deckhand", "captain": "rules.ai.hoo.captains:Captain"},
    captain_descriptions={
        "deckhand": Text(en="a computer captain, deckhand level (steers for the nearest enemy, fires at whatever "
                            "it can)",
                         it="un capitano automatico, livello mozzo (punta sul nemico più vicino, spara a ciò che "
                            "può)"),
        "captain": Text(en="a computer captain, captain level (weighs every course by the broadsides it gives and "
                           "takes, rakes where it can, boards a weaker crew)",
                        it="un capitano automatico, livello capitano (pesa ogni rotta per le bordate che dà e "
                           "subisce, prende d'infilata dove può, abborda un equipaggio più debole)"),
    },
)
