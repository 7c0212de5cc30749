"""Signal Close Action — Fast Play as the bot, the renderer and the AI registry know it."""
from rules.core.manifest import Manifest, OrderParam, Text

MANIFEST = Manifest(
    name="sca",
    title=Text(en="Signal Close Action — Fast Play (age of sail)", it="Signal Close Action — Fast Play (vela)"),
    board="open_table",
    ruleset="rules.sca.ruleset:ScaRuleset",
    board_factory="renderer.sca.board:ScaBoard",
    scenarios="rules.sca",
    duel_scenario="duel",
    params=(
        OrderParam(name="course", label=Text(en="course", it="rotta"),
                   description=Text(en="The point of the rose to steer for", it="La quarta della rosa dei venti")),
        OrderParam(name="sail", label=Text(en="sails", it="vele"),
                   description=Text(en="Make more sail or shorten it", it="Aumentare o ridurre la velatura")),
        OrderParam(name="fire", label=Text(en="fire", it="fuoco"),
                   description=Text(en="Which broadside fires", it="Quale bordata fa fuoco")),
        OrderParam(name="aim", label=Text(en="aim", it="mira"),
                   description=Text(en="Hull or rigging", it="Scafo o velatura")),
        OrderParam(name="target_half", label=Text(en="target-half", it="metà-settore"),
                   description=Text(en="Which half of the sector to fire into (fore or aft)",
                                    it="In quale metà del settore tirare (prua o poppa)")),
        OrderParam(name="fire_when", label=Text(en="fire-when", it="quando-tirare"),
                   description=Text(en="Fire before or after her run", it="Tirare prima o dopo il movimento")),
        OrderParam(name="board", label=Text(en="board", it="abbordaggio"),
                   description=Text(en="Ready the boarding parties", it="Approntare le squadre d'abbordaggio")),
        OrderParam(name="cast_off", label=Text(en="cast-off", it="liberare"),
                   description=Text(en="Try to break a contact", it="Tentare di rompere un contatto")),
    ),
    quickref=Text(
        en="**Signal Close Action — Fast Play.** Each turn every player in turn writes secret orders for his ships "
           "(course: luff up to 2 points, bear away up to 3, or tack over two turns; sails; which broadside fires at "
           "hull or rigging; boarding; freeing a ship). Then one 3d6 Ability throw, changed by crew and damage, is "
           "read on the Ability table for every order. Ranges: short 0-100 mm, medium -350, long -700. Damage is BF "
           "× 12/5/2 (×11/4/1 on rigging under easy sail). Ships that lose DCs test morale and may strike.",
        it="**Signal Close Action — Fast Play.** Ogni turno ciascun giocatore a sua volta scrive ordini segreti per "
           "le proprie navi (rotta: orzare fino a 2 quarte, poggiare fino a 3, o virare in due turni; vele; quale "
           "bordata tira su scafo o velatura; abbordaggio; liberare la nave). Poi un tiro di 3d6 per l'Abilità, "
           "modificato da equipaggio e danni, si legge sulla tabella Abilità per ogni ordine. Gittate: corta "
           "0-100 mm, media -350, lunga -700. Danni: BF × 12/5/2 (×11/4/1 sulla velatura a vele di manovra). Le "
           "navi che perdono DC fanno il test del morale e possono arrendersi."),
    captains={"deckhand": "rules.ai.sca.captains:Deckhand", "captain": "rules.ai.sca.captains:Captain"},
    captain_descriptions={
        "deckhand": Text(en="a computer captain, deckhand level (steers for the nearest enemy and fires what bears)",
                         it="un capitano automatico, livello mozzo (punta verso il nemico più vicino e tira con "
                            "ciò che può)"),
        "captain": Text(en="a computer captain, captain level (keeps the wind, turns to bring a broadside to bear, "
                           "fires at the hull, boards a weaker ship alongside)",
                        it="un capitano automatico, livello capitano (tiene il vento, accosta per presentare la "
                           "bordata, tira allo scafo, abborda una nave più debole a contatto)"),
    },
)
