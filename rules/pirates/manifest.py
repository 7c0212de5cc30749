"""Pirates (house rules on a square grid) as the bot, the renderer and the AI registry know it."""
from rules.core.manifest import Manifest, OrderParam, Text

MANIFEST = Manifest(
    name="pirates",
    title=Text(en="Pirates — islands, treasure and forts on a square grid",
               it="Pirati — isole, tesori e forti su griglia quadrettata"),
    board="squares",
    ruleset="rules.pirates.ruleset:PiratesRuleset",
    board_factory="renderer.pirates.board:PiratesBoard",
    scenarios="rules.pirates",
    duel_scenario="skirmish",
    params=(
        OrderParam(name="ship", label=Text(en="ship", it="nave"),
                   description=Text(en="Which of your ships acts", it="Quale delle tue navi agisce")),
        *(OrderParam(name=f"turn{k}", label=Text(en=f"turn{k}", it=f"rotazione{k}"),
                     description=Text(en=f"Turn before segment {k} (0, ±1 = 45°, ±2 = 90°; + to starboard)",
                                      it=f"Rotazione prima del segmento {k} (0, ±1 = 45°, ±2 = 90°; + a dritta)"))
          for k in (1, 2, 3)),
        *(OrderParam(name=f"go{k}", kind="number", label=Text(en=f"go{k}", it=f"avanza{k}"),
                     description=Text(en=f"Squares of segment {k} (S: up to 3, L: up to 4)",
                                      it=f"Quadretti del segmento {k} (S: fino a 3, L: fino a 4)"))
          for k in (1, 2, 3)),
        OrderParam(name="pivot", label=Text(en="pivot", it="perno"),
                   description=Text(en="A schooner's turn on her stern at the end (0, ±1, ±2)",
                                    it="Rotazione di una goletta sulla poppa alla fine (0, ±1, ±2)")),
        OrderParam(name="salvo", label=Text(en="salvo", it="bordata"),
                   description=Text(en="Every gun at gun 1's target, one die", it="Tutti i cannoni sul bersaglio "
                                    "del cannone 1, un solo dado")),
        OrderParam(name="tow", label=Text(en="tow", it="traino"),
                   description=Text(en="A derelict to take in tow, or no", it="Una nave derelitta da trainare, o no")),
        OrderParam(name="dock", label=Text(en="dock", it="attracca"),
                   description=Text(en="Dock on the coast where she stops", it="Attraccare sulla costa dove si ferma")),
        OrderParam(name="board", label=Text(en="board", it="abborda"),
                   description=Text(en="Board after ramming (free)", it="Abbordare dopo lo speronamento (gratis)")),
        OrderParam(name="fort", label=Text(en="fort", it="forte"),
                   description=Text(en="Which fort to build", it="Quale forte costruire")),
        OrderParam(name="construct", label=Text(en="construct", it="costruisci"),
                   description=Text(en="Which ship or crew to build", it="Quale nave o equipaggio costruire")),
        OrderParam(name="crew", label=Text(en="crew", it="equipaggio"),
                   description=Text(en="Which crew embarks or lands", it="Quale equipaggio si imbarca o sbarca")),
        OrderParam(name="to", label=Text(en="to", it="verso"),
                   description=Text(en="Where the crew goes", it="Dove va l'equipaggio")),
        *(OrderParam(name=f"gun{k}", label=Text(en=f"gun{k}", it=f"cannone{k}"),
                     description=Text(en=f"Target of gun {k}", it=f"Bersaglio del cannone {k}"))
          for k in (1, 2, 3, 4, 5)),
    ),
    quickref=Text(
        en="**Pirates.** Each turn players roll for initiative; the lowest acts first, one object at a time "
           "(more at a time with more objects). A ship moves (segments S 3 / L 4 squares, a 45° or 90° turn about "
           "the bow before each), reverses, explores, boards, repairs at home, or holds to shoot: every shot "
           "comes at once after the manoeuvres (die above the gun's number; +1 if she has not moved). Fog stops "
           "ships, shoals and the Sargasso Sea roll their die once. Bring treasure home: the richest fleet wins.",
        it="**Pirati.** Ogni turno si tira l'iniziativa; chi ha la più bassa agisce per primo, un oggetto alla "
           "volta (di più se ha più oggetti). Una nave muove (segmenti S 3 / L 4 quadretti, con rotazione di 45° o "
           "90° sulla prua prima di ciascuno), inverte, esplora, abborda, ripara all'isola base, o resta per "
           "sparare: tutti gli spari avvengono insieme dopo le manovre (dado maggiore del numero del cannone; +1 "
           "se non ha mosso). La nebbia ferma le navi, bassi fondali e Sargassi tirano il dado una volta. Porta a "
           "casa i tesori: vince la flotta più ricca."),
    captains={"deckhand": "rules.ai.pirates.captains:Deckhand", "captain": "rules.ai.pirates.captains:Captain"},
    captain_descriptions={
        "deckhand": Text(en="a computer captain, deckhand level (sails for the nearest treasure, shoots what is "
                            "in reach)",
                         it="un capitano automatico, livello mozzo (va verso il tesoro più vicino, spara a ciò "
                            "che è a tiro)"),
        "captain": Text(en="a computer captain, captain level (explores, brings treasure home, keeps loaded ships "
                           "out of reach, hunts laden enemies)",
                        it="un capitano automatico, livello capitano (esplora, porta a casa i tesori, tiene le "
                           "navi cariche lontano dal tiro, caccia le navi nemiche cariche)"),
    },
)
