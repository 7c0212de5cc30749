"""The words of a Pirates game, in English and Italian, by code: problems, event lines,
form labels and the map's words."""
from __future__ import annotations

from rules.core.texts import Catalogue

TEXTS = Catalogue("pirates")

PROBLEMS = {
    "pirates-off-board": ("{ship} would leave the sea at {square}.", "{ship} uscirebbe dal mare in {square}."),
    "pirates-on-land": ("{ship} cannot sail over the island at {square}.",
                        "{ship} non può passare sopra l'isola in {square}."),
    "pirates-ship-in-way": ("{ship} cannot pass over {other} at {square} (a ship is rammed only from the side, "
                            "never while turning).",
                            "{ship} non può passare sopra {other} in {square} (si sperona solo di fianco, mai "
                            "ruotando)."),
    "pirates-untouchable": ("{other} cannot be rammed: she is in the fog or docked at her home island.",
                            "{other} non può essere speronata: è nella nebbia o attraccata alla sua isola base."),
    "pirates-stuck": ("{ship} is stuck to {other} and cannot move.",
                      "{ship} è incastrata con {other} e non può muovere."),
    "pirates-no-dock": ("{ship} would end on no coast where she may dock (a wild island or her home island).",
                        "{ship} non finirebbe su una costa dove attraccare (isola selvaggia o la sua isola base)."),
    "pirates-not-yours": ("{object} is not one of your objects that may still act this turn. Yours: {legal}.",
                          "{object} non è un tuo oggetto che può ancora agire in questo turno. I tuoi: {legal}."),
    "pirates-cannot": ("{ship} cannot {action} now: {why}", "{ship} non può {action} ora: {why}"),
    "pirates-no-embark": ("Crew {crew} cannot go to {to} now: a crew moves once a turn, to the island her ship "
                          "is docked at, from it to a ship docked there, or to a ship of hers alongside, where "
                          "there is room.",
                          "L'equipaggio {crew} non può andare a {to} ora: un equipaggio si sposta una volta per "
                          "turno, sull'isola dove la nave è attraccata, da lì a una nave attraccata, o su una nave "
                          "contigua della sua flotta, dove c'è posto."),
    "pirates-not-schooner": ("Only a schooner turns on her stern: {ship} is not one.",
                             "Solo una goletta ruota sulla poppa: {ship} non lo è."),
    "pirates-broadside": ("A broadside aims every gun of {ship} at one target within S: {legal}.",
                          "Una bordata punta tutti i cannoni di {ship} su un solo bersaglio entro S: {legal}."),
    "pirates-no-tow": ("{ship} cannot tow {towed}: only a derelict she touches, not in tow already.",
                       "{ship} non può trainare {towed}: solo una nave derelitta che tocca, non già trainata."),
    "pirates-no-target": ("Gun {gun} of {ship} cannot reach {target}. In reach: {legal}.",
                          "Il cannone {gun} di {ship} non raggiunge {target}. A tiro: {legal}."),
}
TEXTS.add_pairs(PROBLEMS)

# Why a ship cannot take an action (parameter "why" of pirates-cannot).
WHY = {
    "why.derelict": ("she has no masts.", "non ha alberi."),
    "why.not-derelict": ("only a derelict ship may try to scuttle.", "solo una nave derelitta può tentare "
                         "l'affondamento."),
    "why.not-home": ("she must be docked at her home island.", "deve essere attraccata alla sua isola base."),
    "why.whole": ("she has all her masts.", "ha tutti i suoi alberi."),
    "why.nothing-to-explore": ("no island or derelict ship to explore from where she lies.",
                               "nessuna isola o nave derelitta da esplorare da dove si trova."),
    "why.not-stuck": ("only a ship stuck with another may board it.", "solo una nave incastrata con un'altra può "
                      "abbordarla."),
    "why.fog": ("she is in the fog.", "è nella nebbia."),
    "why.becalmed": ("she is becalmed in the Sargasso Sea.", "è bloccata nel mar dei Sargassi."),
    "why.wreck": ("she is a wreck.", "è un relitto."),
    "why.no-fort": ("she must be docked alone (with her own fleet) at a wild island with no fort, carrying "
                    "treasure worth the fort.", "deve essere attraccata, sola con la sua flotta, a un'isola "
                    "selvaggia senza forte, con un carico di tesori che valga il forte."),
    "why.fort": ("a fort can only hold and shoot.", "un forte può solo restare e sparare."),
    "why.no-build": ("she must be docked at her home island, with coins there enough for it, and a named ship "
                     "or crew must be out of play and never destroyed.",
                     "deve essere attraccata alla sua isola base, con monete sufficienti, e una nave o un "
                     "equipaggio con nome non deve essere in gioco né già distrutto."),
}
TEXTS.add_pairs({f"pirates.{k}": v for k, v in WHY.items()})

FORM = {
    "form.act": ("Manoeuvre for {side}, turn {turn}", "Manovra per {side}, turno {turn}"),
    "form.fire": ("Guns of {ship}, turn {turn}", "Cannoni di {ship}, turno {turn}"),
    "form.move": ("Move", "Muovere"),
    "form.reverse": ("Reverse bow and stern", "Invertire prua e poppa"),
    "form.hold": ("Hold (and shoot after the manoeuvres, if she can)", "Restare (e sparare dopo le manovre, se può)"),
    "form.repair": ("Repair a mast", "Riparare un albero"),
    "form.explore": ("Explore", "Esplorare"),
    "form.board": ("Board", "Abbordare"),
    "form.scuttle": ("Try to scuttle (5 or 6)", "Tentare l'affondamento (5 o 6)"),
    "form.ship": ("ship", "nave"),
    "form.fort": ("Build a fort", "Costruire un forte"),
    "form.build": ("Build a ship or crew with the coins at home", "Costruire una nave o un equipaggio con le "
                   "monete dell'isola base"),
    "form.item": ("what to build", "cosa costruire"),
    "form.item-choice": ("{name} ({points} points)", "{name} ({points} punti)"),
    "form.embark": ("Embark or land a crew (free)", "Imbarcare o sbarcare un equipaggio (gratis)"),
    "form.crew": ("crew", "equipaggio"),
    "form.crew-choice": ("{crew} on {place}", "{crew} su {place}"),
    "form.to": ("to", "verso"),
    "form.fort-kind": ("fort", "forte"),
    "fort.stockade": ("stockade (5 coins, 2 guns)", "palizzata (5 monete, 2 cannoni)"),
    "fort.bastion": ("bastion (9 coins, 3 guns)", "bastione (9 monete, 3 cannoni)"),
    "form.turn": ("turn before segment {k}", "rotazione prima del segmento {k}"),
    "form.go": ("squares of segment {k} ({seg})", "quadretti del segmento {k} ({seg})"),
    "form.dock": ("dock where she stops", "attraccare dove si ferma"),
    "form.tow": ("tow (she sails at most S)", "traino (muove al massimo S)"),
    "form.pivot": ("schooner: turn on her stern at the end", "goletta: rotazione sulla poppa alla fine"),
    "form.broadside": ("broadside: every gun at gun 1's target, one die", "bordata: tutti i cannoni sul bersaglio "
                       "del cannone 1, un solo dado"),
    "form.no-tow": ("no tow / cast off", "nessun traino / staccare"),
    "form.board-after-ram": ("board after ramming", "abbordare dopo lo speronamento"),
    "form.gun": ("gun {k} ({range}, beats {score})", "cannone {k} ({range}, supera {score})"),
    "form.yes": ("yes", "sì"),
    "form.no": ("no", "no"),
    "form.none": ("no target", "nessun bersaglio"),
    "form.turn-0": ("straight on", "dritto"),
    "form.turn-1": ("45° to starboard", "45° a dritta"),
    "form.turn-2": ("90° to starboard", "90° a dritta"),
    "form.turn--1": ("45° to port", "45° a sinistra"),
    "form.turn--2": ("90° to port", "90° a sinistra"),
    "form.default-hold": ("{ship} holds and shoots", "{ship} resta e spara"),
    "form.default-fire": ("each gun at the nearest ship in reach", "ogni cannone alla nave più vicina a tiro"),
    "form.ship-choice": ("{ship} ({square})", "{ship} ({square})"),
}
TEXTS.add_pairs({f"pirates.{k}": v for k, v in FORM.items()})

EVENTS = {
    "turn": ("— Turn {turn} —", "— Turno {turn} —"),
    "order": ("Order of manoeuvre (lowest initiative first): {slots}.",
              "Ordine di manovra (iniziativa più bassa per prima): {slots}."),
    "manoeuvre": ("{ship}: {action}.", "{ship}: {action}."),
    "moved": ("{ship} sails from {start} to {end}, facing {facing}{stopped}.",
              "{ship} naviga da {start} a {end}, con la prua a {facing}{stopped}."),
    "docked": ("{ship} docks at {island}.", "{ship} attracca a {island}."),
    "reversed": ("{ship} swings bow for stern, now facing {facing}.",
                 "{ship} inverte prua e poppa, ora con la prua a {facing}."),
    "zone_die": ("{ship} is the first over the {kind}: the die left there shows {die}.",
                 "{ship} è la prima a passare su {kind}: il dado lasciato lì mostra {die}."),
    "shoals": ("{ship} scrapes the shoals: dice {dice}, {lost} mast(s) lost.",
               "{ship} striscia sui bassi fondali: dadi {dice}, {lost} alberi persi."),
    "sargasso": ("{ship} is caught in the Sargasso Sea (die {die}): {owed} move(s) of 0 squares owed.",
                 "{ship} è presa nel mar dei Sargassi (dado {die}): deve {owed} movimenti da 0 quadretti."),
    "becalmed": ("{ship} struggles in the weed: {owed} more to go.", "{ship} lotta tra le alghe: ne mancano {owed}."),
    "left_fog": ("{ship} comes out of the fog (die {die}) at {at}.", "{ship} esce dalla nebbia (dado {die}) in {at}."),
    "fogbound": ("{ship} finds no way out of the fog (die {die}).",
                 "{ship} non trova uscita dalla nebbia (dado {die})."),
    "rammed": ("{ship} rams {target}: die {die} against {masts} mast(s), {result}.",
               "{ship} sperona {target}: dado {die} contro {masts} alberi, {result}."),
    "unstuck": ("{ship} is free of {other}.", "{ship} si disincastra da {other}."),
    "free_boarding": ("{ship} boards at once after the ram.", "{ship} abborda subito dopo lo speronamento."),
    "boarded": ("{ship} boards {target}: {a} against {b}; {result}.",
                "{ship} abborda {target}: {a} contro {b}; {result}."),
    "treasure_stolen": ("{ship} steals a treasure from {target}.", "{ship} ruba un tesoro a {target}."),
    "crew_killed": ("{ship} kills the {crew} of {target}.", "{ship} uccide {crew} di {target}."),
    "doctor_saved": ("The blow falls on a doctor aboard {ship}: she is spared, now face up.",
                     "Il colpo cade su un dottore a bordo di {ship}: si salva, ora a faccia scoperta."),
    "treasure_destroyed": ("{ship} throws a treasure of {target} overboard.",
                           "{ship} getta in mare un tesoro di {target}."),
    "mast_lost": ("{ship} loses a mast and its {gun} gun: {left} left.",
                  "{ship} perde un albero e il suo cannone {gun}: ne restano {left}."),
    "derelict": ("{ship} has no mast left: she is derelict.", "{ship} non ha più alberi: è derelitta."),
    "wrecked": ("{ship} breaks up on the shoals: a wreck for the rest of the game.",
                "{ship} si sfascia sui bassi fondali: un relitto per il resto del gioco."),
    "sunk": ("{ship} sinks{by}.", "{ship} affonda{by}."),
    "crew_lost": ("A crew goes down with {ship}.", "Un equipaggio affonda con {ship}."),
    "treasure_drifts": ("Her poorest treasure drifts to {holder}.", "Il suo tesoro di minor valore passa a {holder}."),
    "treasure_lost": ("A treasure of {ship} goes to the bottom.", "Un tesoro di {ship} finisce sul fondo."),
    "explored": ("{ship} explores {where}: {count} treasure(s) there.",
                 "{ship} esplora {where}: {count} tesori."),
    "treasure_seen": ("{ship} looks at the treasure of {where}: {values}.",
                      "{ship} guarda i tesori di {where}: {values}."),
    "treasure_loaded": ("{ship} takes {count} treasure(s) aboard.", "{ship} imbarca {count} tesori."),
    "zone_treasure": ("{ship} searches the {zone}: die {die}, needs {need}: {result}.",
                      "{ship} cerca in {zone}: dado {die}, serve {need}: {result}."),
    "banked": ("{ship} unloads treasure worth {total} at {island}.",
               "{ship} sbarca tesori per {total} a {island}."),
    "repaired": ("{ship} repairs a mast: {left} now.", "{ship} ripara un albero: ora {left}."),
    "scuttle": ("{ship} tries to scuttle herself: die {die}, {result}.",
                "{ship} tenta l'affondamento: dado {die}, {result}."),
    "crew_used": ("A {crew} of {ship} shows her face ({ability}).",
                  "Un {crew} di {ship} si rivela ({ability})."),
    "crew_moved": ("A crew moves from {start} to {end}.", "Un equipaggio passa da {start} a {end}."),
    "fire_phase": ("Every ship that held fires at once.", "Tutte le navi rimaste sparano insieme."),
    "shot": ("{ship}, gun {gun} at {target}: die {die}{bonus} against {score}, {result}.",
             "{ship}, cannone {gun} su {target}: dado {die}{bonus} contro {score}, {result}."),
    "turn_end": ("End of turn {turn}.", "Fine del turno {turn}."),
    "treasure_safe": ("Every treasure left is safe ashore: the game ends in {turns} turns.",
                      "Tutti i tesori rimasti sono al sicuro: la partita finisce fra {turns} turni."),
    "game_over": ("Game over ({why}). Scores: {scores}. {result}", "Partita finita ({why}). Punteggi: {scores}. {result}"),
    "default": ("{side} let the deadline pass: the first object holds.",
                "{side} ha lasciato scadere il tempo: il primo oggetto resta."),
    "roll": ("d{sides} for {reason}: {value}.", "d{sides} per {reason}: {value}."),
    "built": ("{ship} has a {what} built at home, paid with {paid}.",
              "{ship} fa costruire {what} all'isola base, pagando {paid}."),
    "armour_lost": ("A plate of {ship} takes the hit: {left} left.", "Una corazza di {ship} prende il colpo: "
                    "ne restano {left}."),
    "broadside": ("{ship} fires a broadside at {target}: die {die} against {score}, {result}.",
                  "{ship} spara una bordata su {target}: dado {die} contro {score}, {result}."),
    "towing": ("{ship} takes {towed} in tow.", "{ship} prende a rimorchio {towed}."),
    "cast_off": ("{ship} casts off {towed}.", "{ship} stacca {towed}."),
    "captured": ("{ship} brings {towed} home: she now belongs to {side}.",
                 "{ship} porta {towed} all'isola base: ora appartiene a {side}."),
    "fort_built": ("{ship} builds a {kind} on {island}: treasure worth {value} inside.",
                   "{ship} costruisce un forte, {kind}, su {island}: dentro tesori per {value}."),
    "fort_hit": ("{fort} is hit: {left} gun(s) left.", "Colpo a segno su {fort}: restano {left} cannoni."),
    "fort_destroyed": ("{fort} falls; its treasure lies on {island} again.",
                       "Cade {fort}; i suoi tesori tornano su {island}."),
}
TEXTS.add_pairs({f"pirates.event.{k}": v for k, v in EVENTS.items()})

WORDS = {
    "hit": ("a hit", "colpito"), "miss": ("a miss", "mancato"),
    "broadside-hits": ("{hits} hits", "{hits} colpi a segno"),
    "mast": ("a mast falls", "cade un albero"), "no-mast": ("no harm", "nessun danno"),
    "tie": ("a tie, nothing happens", "pareggio, non succede nulla"), "wins": ("{ship} wins", "vince {ship}"),
    "found": ("found", "trovato"), "not-found": ("not found", "non trovato"),
    "sinks": ("she sinks", "affonda"), "floats": ("she stays afloat", "resta a galla"),
    "winner": ("{side} wins.", "Vince {side}."), "draw": ("A draw.", "Pareggio."),
    "by": (" (by {side})", " (per mano di {side})"), "bonus": (" +1", " +1"),
    "stop-fog": (" and stops in the fog", " e si ferma nella nebbia"),
    "stop-ram": (" and stops against her target", " e si ferma contro il bersaglio"),
    "stop-sargasso": (" and stops in the Sargasso Sea", " e si ferma nel mar dei Sargassi"),
    "stop-wreck": (" and is wrecked", " e fa naufragio"),
    "why-treasure": ("every treasure safe for three turns", "tutti i tesori al sicuro da tre turni"),
    "why-turns": ("the last turn is played", "giocato l'ultimo turno"),
    "why-no-fleet": ("fewer than two fleets can act", "meno di due flotte possono agire"),
    "fog": ("fog", "nebbia"), "shoals": ("shoals", "bassi fondali"), "sargasso": ("Sargasso Sea", "mar dei Sargassi"),
    "action-move": ("moves", "muove"), "action-reverse": ("reverses", "inverte"),
    "action-fire": ("holds to shoot", "resta per sparare"), "action-repair": ("repairs", "ripara"),
    "action-explore": ("explores", "esplora"), "action-board": ("boards", "abborda"),
    "action-scuttle": ("tries to scuttle", "tenta l'affondamento"),
    "action-fort": ("builds a fort", "costruisce un forte"),
    "action-build": ("has something built", "fa costruire"),
    "stockade": ("stockade", "palizzata"), "bastion": ("bastion", "bastione"),
    "facing-0": ("N", "N"), "facing-1": ("NE", "NE"), "facing-2": ("E", "E"), "facing-3": ("SE", "SE"),
    "facing-4": ("S", "S"), "facing-5": ("SW", "SO"), "facing-6": ("W", "O"), "facing-7": ("NW", "NO"),
    "crew": ("crew", "equipaggio"), "helmsman": ("helmsman", "timoniere"), "gunner": ("gunner", "cannoniere"),
    "bosun": ("bosun", "nostromo"), "doctor": ("doctor", "dottore"), "deckhand": ("deckhand", "mozzo"),
    "hidden": ("?", "?"), "nothing": ("nothing", "niente"),
}
TEXTS.add_pairs({f"pirates.word.{k}": v for k, v in WORDS.items()})

MAP = {
    "head.turn": ("Turn {turn} of {limit}", "Turno {turn} di {limit}"),
    "head.step-manoeuvre": ("{side} manoeuvres", "manovra {side}"),
    "head.step-fire": ("all ships fire", "tutte le navi sparano"),
    "head.over": ("Game over: {result}", "Partita finita: {result}"),
    "head.banked": ("Ashore: {banked}", "A terra: {banked}"),
    "legend.sides": ("Fleets (banked treasure)", "Flotte (tesori a terra)"),
    "legend.map": ("Map", "Mappa"),
    "legend.island": ("island (coast: lighter)", "isola (costa: più chiara)"),
    "legend.fog": ("fog", "nebbia"),
    "legend.shoals": ("shoals (die left there)", "bassi fondali (dado lasciato)"),
    "legend.sargasso": ("Sargasso Sea (die left there)", "mar dei Sargassi (dado lasciato)"),
    "legend.treasure": ("hidden treasure (count)", "tesori coperti (numero)"),
    "legend.masts": ("number on a ship: masts left; on a fort: guns left", "numero sulla nave: alberi "
                     "rimasti; sul forte: cannoni rimasti"),
    "alt.intro": ("Pirates map, {cols} by {rows} squares, turn {turn}.",
                  "Mappa dei pirati, {cols} per {rows} quadretti, turno {turn}."),
    "alt.island": ("{name} ({kind}) around {square}, {count} hidden treasure(s).",
                   "{name} ({kind}) intorno a {square}, {count} tesori coperti."),
    "alt.zone": ("{kind} around {square}{die}.", "{kind} intorno a {square}{die}."),
    "alt.die": (", die {die}", ", dado {die}"),
    "alt.ship": ("{name} ({side}) at {square} facing {facing}, {masts} of {of} masts{status}.",
                 "{name} ({side}) in {square} con la prua a {facing}, {masts} alberi su {of}{status}."),
    "kind.home": ("home island", "isola base"), "kind.wild": ("wild island", "isola selvaggia"),
    "status.derelict": (", derelict", ", derelitta"), "status.wreck": (", a wreck", ", relitto"),
    "status.fog": (", in the fog", ", nella nebbia"), "status.docked": (", docked", ", attraccata"),
    "status.afloat": ("", ""),
    "card.masts": ("Masts {left} of {of}; speed {speed}; cargo {cargo}", "Alberi {left} di {of}; velocità {speed}; "
                   "carico {cargo}"),
    "card.guns": ("Guns: {guns}", "Cannoni: {guns}"),
    "card.crew": ("Crew: {crew}", "Equipaggio: {crew}"),
    "card.hold": ("Hold: {hold}", "Stiva: {hold}"),
    "card.face-down": ("A crew, face down", "Un equipaggio, a faccia coperta"),
    "card.crew-of": ("Crew of {side}, on {where}", "Equipaggio di {side}, su {where}"),
    "card.ability": ("Ability: {ability}", "Abilità: {ability}"),
    "card.fort": ("Squares {squares}; flags {flags}", "Quadretti {squares}; bandiere {flags}"),
    "card.where": ("At {square}, facing {facing}{status}", "In {square}, prua a {facing}{status}"),
}
TEXTS.add_pairs({f"pirates.{k}": v for k, v in MAP.items()})

TEXTS.add_pairs({
    "pirates.outcome.win": ("{side} wins with {score} points.", "Vince {side} con {score} punti."),
    "pirates.outcome.draw": ("A draw: the richest fleets are level.", "Pareggio: le flotte più ricche sono pari."),
})

# Scenario titles (rules/pirates/scenarios/*.json), a code each: pirates.scenario.<name>.
TEXTS.add_pairs({
    "pirates.scenario.skirmish": ("Skirmish at the Twin Keys", "Scaramuccia alle Chiavi Gemelle"),
    "pirates.scenario.three-crowns": ("Three Crowns: a three-fleet skirmish",
                                      "Tre Corone: una scaramuccia a tre flotte"),
    "pirates.scenario.four-winds": ("Four Winds: every corner a harbour", "Quattro Venti: un porto in ogni angolo"),
    "pirates.scenario.gallows-fort": ("Gallows Fort: Red's stockade, Blue's Gull alongside",
                                      "Forte della Forca: la palizzata della Rossa, la Gull della Blu all'ormeggio"),
})

# The manifest's words (rules/pirates/manifest.py): the title, the order parameters as a
# command line offers them, the quick reference and what each computer captain does.
MANIFEST_WORDS = {
    "manifest.title": ("Pirates — islands, treasure and forts on a square grid",
                       "Pirati — isole, tesori e forti su griglia quadrettata"),
    "manifest.quickref": (
        "**Pirates.** Each turn players roll for initiative; the lowest acts first, one object at a time "
        "(more at a time with more objects). A ship moves (segments S 3 / L 4 squares, a 45° or 90° turn about "
        "the bow before each), reverses, explores, boards, repairs at home, or holds to shoot: every shot "
        "comes at once after the manoeuvres (die above the gun's number; +1 if she has not moved). Fog stops "
        "ships, shoals and the Sargasso Sea roll their die once. Bring treasure home: the richest fleet wins.",
        "**Pirati.** Ogni turno si tira l'iniziativa; chi ha la più bassa agisce per primo, un oggetto alla "
        "volta (di più se ha più oggetti). Una nave muove (segmenti S 3 / L 4 quadretti, con rotazione di 45° o "
        "90° sulla prua prima di ciascuno), inverte, esplora, abborda, ripara all'isola base, o resta per "
        "sparare: tutti gli spari avvengono insieme dopo le manovre (dado maggiore del numero del cannone; +1 "
        "se non ha mosso). La nebbia ferma le navi, bassi fondali e Sargassi tirano il dado una volta. Porta a "
        "casa i tesori: vince la flotta più ricca."),
    "param.ship": ("ship", "nave"),
    "param.ship.about": ("Which of your ships acts", "Quale delle tue navi agisce"),
    "param.pivot": ("pivot", "perno"),
    "param.pivot.about": ("A schooner's turn on her stern at the end (0, ±1, ±2)",
                          "Rotazione di una goletta sulla poppa alla fine (0, ±1, ±2)"),
    "param.salvo": ("salvo", "bordata"),
    "param.salvo.about": ("Every gun at gun 1's target, one die",
                          "Tutti i cannoni sul bersaglio del cannone 1, un solo dado"),
    "param.tow": ("tow", "traino"),
    "param.tow.about": ("A derelict to take in tow, or no", "Una nave derelitta da trainare, o no"),
    "param.dock": ("dock", "attracca"),
    "param.dock.about": ("Dock on the coast where she stops", "Attraccare sulla costa dove si ferma"),
    "param.grapple": ("grapple", "arrembaggio"),
    "param.grapple.about": ("Board after ramming (free)", "Abbordare dopo lo speronamento (gratis)"),
    "param.fort": ("fort", "forte"),
    "param.fort.about": ("Which fort to build, or which of yours another fleet may use",
                         "Quale forte costruire, o quale dei tuoi un'altra flotta può usare"),
    "param.construct": ("construct", "costruisci"),
    "param.construct.about": ("Which ship or crew to build", "Quale nave o equipaggio costruire"),
    "param.crew": ("crew", "equipaggio"),
    "param.crew.about": ("Which crew embarks or lands", "Quale equipaggio si imbarca o sbarca"),
    "param.to": ("to", "verso"),
    "param.to.about": ("Where the crew goes", "Dove va l'equipaggio"),
    "captain.deckhand": ("a computer captain, deckhand level (sails for the nearest treasure, shoots what is "
                         "in reach)",
                         "un capitano automatico, livello mozzo (va verso il tesoro più vicino, spara a ciò che "
                         "è a tiro)"),
    "captain.captain": ("a computer captain, captain level (explores, brings treasure home, keeps loaded ships "
                        "out of reach, hunts laden enemies)",
                        "un capitano automatico, livello capitano (esplora, porta a casa i tesori, tiene le navi "
                        "cariche lontano dal tiro, caccia le navi nemiche cariche)"),
}
for _k in (1, 2, 3):
    MANIFEST_WORDS[f"param.turn{_k}"] = (f"turn{_k}", f"rotazione{_k}")
    MANIFEST_WORDS[f"param.turn{_k}.about"] = (f"Turn before segment {_k} (0, ±1 = 45°, ±2 = 90°; + to starboard)",
                                              f"Rotazione prima del segmento {_k} (0, ±1 = 45°, ±2 = 90°; + a dritta)")
    MANIFEST_WORDS[f"param.go{_k}"] = (f"go{_k}", f"avanza{_k}")
    MANIFEST_WORDS[f"param.go{_k}.about"] = (f"Squares of segment {_k} (S: up to 3, L: up to 4)",
                                            f"Quadretti del segmento {_k} (S: fino a 3, L: fino a 4)")
    MANIFEST_WORDS[f"param.turn{_k}.preview"] = (f"Turn before segment {_k}", f"Rotazione prima del segmento {_k}")
    MANIFEST_WORDS[f"param.go{_k}.preview"] = (f"Squares of segment {_k}", f"Quadretti del segmento {_k}")
MANIFEST_WORDS["param.pivot.preview"] = ("Turn on her stern at the end", "Rotazione sulla poppa alla fine")
for _k in (1, 2, 3, 4, 5):
    MANIFEST_WORDS[f"param.gun{_k}"] = (f"gun{_k}", f"cannone{_k}")
    MANIFEST_WORDS[f"param.gun{_k}.about"] = (f"Target of gun {_k}", f"Bersaglio del cannone {_k}")
TEXTS.add_pairs({f"pirates.{k}": v for k, v in MANIFEST_WORDS.items()})

# Extra manoeuvres (rules/pirates/extra.py): the declaration, its form and its events.
TEXTS.add_pairs({
    "pirates-no-extra": ("{ship} has no extra manoeuvre to declare now: only a ship with a double manoeuvre, "
                         "with her first manoeuvre of the turn, and one of move, reverse, repair, explore, board "
                         "or fire.",
                         "{ship} non ha una manovra in più da dichiarare ora: solo una nave con doppia manovra, "
                         "con la sua prima manovra del turno, e una tra muovere, invertire, riparare, esplorare, "
                         "abbordare o sparare."),
    "pirates-extra-fire-after": ("An extra shot of {ship} comes after the damage (double_when=after); other extra "
                                 "manoeuvres come before the shots or after the damage.",
                                 "Uno sparo in più di {ship} avviene dopo i danni (double_when=after); le altre "
                                 "manovre in più prima degli spari o dopo i danni."),
    "pirates-extra-declared": ("{ship} declared {action} as her extra manoeuvre: play it, or skip it.",
                               "{ship} ha dichiarato {action} come manovra in più: giocala o rinuncia."),
})
EXTRA_FORM = {
    "form.extra": ("extra manoeuvre (a double manoeuvre, declared now)",
                   "manovra in più (doppia manovra, da dichiarare ora)"),
    "form.extra-when": ("when the extra manoeuvre comes", "quando avviene la manovra in più"),
    "form.extra-before": ("before the shots", "prima degli spari"),
    "form.extra-after": ("after the damage", "dopo i danni"),
    "form.extra-none": ("none", "nessuna"),
    "form.extra-move": ("move", "muovere"),
    "form.extra-reverse": ("reverse bow and stern", "invertire prua e poppa"),
    "form.extra-repair": ("repair a mast", "riparare un albero"),
    "form.extra-explore": ("explore", "esplorare"),
    "form.extra-board": ("board", "abbordare"),
    "form.extra-fire": ("fire", "sparare"),
    "form.extra-skip": ("Forgo the extra manoeuvre", "Rinunciare alla manovra in più"),
    "form.extra-act": ("Extra manoeuvre of {ship} ({action}), turn {turn}",
                       "Manovra in più di {ship} ({action}), turno {turn}"),
}
TEXTS.add_pairs({f"pirates.{k}": v for k, v in EXTRA_FORM.items()})
TEXTS.add_pairs({
    "pirates.event.extra_declared": ("{ship} declares an extra manoeuvre: {action}, {when}.",
                                     "{ship} dichiara una manovra in più: {action}, {when}."),
    "pirates.event.extra_lapsed": ("The extra manoeuvre of {ship} ({action}) can no longer be played.",
                                   "La manovra in più di {ship} ({action}) non può più essere svolta."),
    "pirates.event.extra_skipped": ("{ship} forgoes her extra manoeuvre ({action}).",
                                    "{ship} rinuncia alla manovra in più ({action})."),
    "pirates.word.extra-label": (" (extra)", " (in più)"),
    "pirates.param.double": ("double", "doppia"),
    "pirates.param.double.about": ("A double ship's extra manoeuvre, declared with her first (or none)",
                                  "Manovra in più di una nave con doppia manovra, dichiarata con la prima"),
    "pirates.param.double_when": ("double_when", "doppia_quando"),
    "pirates.param.double_when.about": ("When the extra comes: before (the shots) or after (the damage)",
                                       "Quando: before (prima degli spari) o after (dopo i danni)"),
    "pirates.head.step-extra": ("extra manoeuvres", "manovre in più"),
})

# Keywords (rules/pirates/keywords.py): fear, galley, junk, limit, ransom.
TEXTS.add_pairs({
    "pirates.event.fear": ("{ship} strikes fear into {target}: die {die}, {effect}.",
                           "{ship} incute paura a {target}: dado {die}, {effect}."),
    "pirates.event.galley_free": ("{ship} rams {target}, but a galley is never held fast: neither is stuck.",
                                  "{ship} sperona {target}, ma una galea non resta mai incastrata: nessuna delle "
                                  "due è incastrata."),
    "pirates.event.ransomed": ("{crew} is landed on {island} and ransomed: a treasure of {value} there.",
                               "{crew} viene sbarcata su {island} e riscattata: un tesoro da {value} lì."),
    "pirates.event.ransom_paid": ("{crew} is lost: {side} gains a treasure of {value} at {island}.",
                                  "{crew} è perduta: {side} guadagna un tesoro da {value} su {island}."),
    "pirates.word.fear-shaken": ("her and her crew's abilities are lost this turn",
                                 "lei e il suo equipaggio perdono le abilità per questo turno"),
    "pirates.word.fear-slowed": ("her next manoeuvre other than shooting is at S",
                                 "la sua prossima manovra non di sparare è a S"),
    "pirates.word.fear-none": ("no effect", "nessun effetto"),
    "pirates.word.ransom": ("ransom", "riscatto"),
    "pirates.word.keyword-fear": ("fear", "paura"), "pirates.word.keyword-galley": ("galley", "galea"),
    "pirates.word.keyword-junk": ("junk", "giunca"), "pirates.word.keyword-limit": ("limit", "limite"),
    "pirates.word.keyword-double": ("double manoeuvre", "doppia manovra"),
})
TEXTS.add_pairs({
    "pirates.scenario.corsair-straits": ("Corsair Straits: doubles, dread and galleys",
                                         "Stretto dei Corsari: doppie manovre, paura e galee"),
})

# Moving treasure by hand (rules/pirates/cargo.py).
TEXTS.add_pairs({
    "pirates-no-cargo": ("Treasure {treasure} cannot go to {to} now: a treasure moves once a turn, ashore where "
                         "its ship is docked, to a ship of yours alongside with room, or aboard a ship of yours "
                         "docked at your home island or at an explored island.",
                         "Il tesoro {treasure} non può andare a {to} ora: un tesoro si sposta una volta per turno, "
                         "a terra dove la nave è attraccata, su una tua nave contigua con posto, o a bordo di una "
                         "tua nave attraccata alla tua isola base o a un'isola esplorata."),
    "pirates.form.cargo": ("Move a treasure by hand (free)", "Spostare un tesoro (gratis)"),
    "pirates.form.treasure": ("treasure", "tesoro"),
    "pirates.form.treasure-choice": ("treasure of {value} on {place}", "tesoro da {value} su {place}"),
    "pirates.event.treasure_moved": ("A treasure goes from {start} to {end}.", "Un tesoro passa da {start} a {end}."),
    "pirates.param.treasure": ("treasure", "tesoro"),
    "pirates.param.treasure.about": ("Which treasure to move by hand", "Quale tesoro spostare a mano"),
})

# The ghost ship (a crew's ability, rules/pirates/keywords.py).
TEXTS.add_pairs({
    "pirates-no-ghost": ("{ship} cannot sail as a ghost: she needs a ghost crew aboard able to act, and a ghost "
                         "ship does not dock.",
                         "{ship} non può navigare come nave fantasma: serve un equipaggio fantasma a bordo in "
                         "grado di agire, e una nave fantasma non attracca."),
    "pirates-ghost-end": ("{ship} sails through anything as a ghost, but cannot end her move on land or a ship "
                          "({square}).",
                          "{ship} come nave fantasma attraversa tutto, ma non può finire il movimento su terra o "
                          "su una nave ({square})."),
    "pirates.form.ghost": ("ghost ship: sail through islands, ships and zones", "nave fantasma: attraversare isole, "
                           "navi e zone"),
    "pirates.param.ghost": ("ghost", "fantasma"),
    "pirates.param.ghost.about": ("Sail as a ghost ship (a ghost crew aboard): yes or no",
                                  "Navigare come nave fantasma (equipaggio fantasma a bordo): sì o no"),
    "pirates.word.ghost": ("ghost", "fantasma"),
})

# The firepot specialist (rules/pirates/firepot.py).
TEXTS.add_pairs({
    "pirates-firepot": ("The firepot of {ship} needs a firepot specialist aboard and a working gun aimed at a "
                        "target one square away in its arc: {legal}.",
                        "Il firepot di {ship} richiede uno specialista a bordo e un cannone funzionante puntato "
                        "su un bersaglio a un quadretto nel suo arco: {legal}."),
    "pirates.form.firepot": ("firepot: one gun at 1 square sets a mast on fire",
                             "firepot: un cannone a 1 quadretto incendia un albero"),
    "pirates.form.firepot-gun": ("gun {k}", "cannone {k}"),
    "pirates.event.fire_set": ("A mast of {ship} catches fire: {burning} burning.",
                               "Un albero di {ship} prende fuoco: {burning} in fiamme."),
    "pirates.event.fire_burns": ("Fire aboard {ship} (die {die}): {burning} mast(s) burning.",
                                 "Fuoco a bordo di {ship} (dado {die}): {burning} alberi in fiamme."),
    "pirates.event.fire_out": ("The fires aboard {ship} are out.", "Gli incendi a bordo di {ship} sono spenti."),
    "pirates.param.firepot": ("firepot", "firepot"),
    "pirates.param.firepot.about": ("A firepot specialist's gun (gun1...) at 1 square, or no",
                                    "Il cannone dello specialista firepot (gun1...) a 1 quadretto, o no"),
    "pirates.word.firepot": ("firepot specialist", "specialista firepot"),
})

# A campaign's rosters (rules/pirates/campaign.py).
TEXTS.add_pairs({
    "pirates.campaign.chest": ("Treasure banked in the campaign: {treasure}",
                               "Tesoro messo al sicuro nella campagna: {treasure}"),
    "pirates.campaign.ship": ("**{name}** ({kind}): masts {masts}; crews {crews}",
                              "**{name}** ({kind}): alberi {masts}; equipaggi {crews}"),
    "pirates.campaign.ship-unfit": ("**{name}** ({kind}): masts {masts}; crews {crews} — in port, not fit to sail",
                                    "**{name}** ({kind}): alberi {masts}; equipaggi {crews} — in porto, non può "
                                    "salpare"),
    "pirates.campaign.no-crew": ("none", "nessuno"),
    "pirates.campaign.list": ("{first}, {next}", "{first}, {next}"),
    "pirates.campaign.prize": ("{ship} (a prize taken from the {side} fleet)",
                               "{ship} (preda tolta alla flotta {side})"),
})

# Marines (rules/pirates/marines.py): their form, problems, events and map words.
TEXTS.add_pairs({
    "pirates.form.march": ("Marines: move anywhere on their island", "Marine: spostarsi ovunque sull'isola"),
    "pirates.form.spot": ("Square of the island", "Quadretto dell'isola"),
    "pirates.form.marine-name": ("{side} marines", "marine {side}"),
    "pirates.why.marine": ("marines only move on their island or hold to shoot.",
                           "i marine possono solo spostarsi sull'isola o restare per sparare."),
    "pirates.why.not-marine": ("only marines landed on an island move on it.",
                               "solo i marine sbarcati su un'isola vi si spostano."),
    "pirates.param.spot": ("spot", "punto"),
    "pirates.param.spot.about": ("The island square your marines go to", "Il quadretto dell'isola dove vanno i "
                                 "tuoi marine"),
    "pirates.event.marine_landed": ("Marines land on {island} at {at}.", "I marine sbarcano su {island} in {at}."),
    "pirates.event.marine_moved": ("Marines move from {start} to {end}.", "I marine si spostano da {start} a {end}."),
    "pirates.event.marine_hit": ("Marines are hit ({hits} this turn).", "I marine sono colpiti ({hits} in questo "
                                 "turno)."),
    "pirates.event.marine_lost": ("Marines fall: two hits in one turn.", "I marine cadono: due colpi nello stesso "
                                  "turno."),
    "pirates.word.action-march": ("moves on the island", "si sposta sull'isola"),
    "pirates.word.marines": ("marines", "marine"),
    "pirates.fleet.ability.marine": ("landed on a wild island with no fort, moves on it or shoots an S gun of 2",
                                     "sbarcati su un'isola selvaggia senza forte, vi si spostano o sparano con un "
                                     "cannone S di 2"),
    "pirates.alt.marine": ("{side} marines at {square}.", "Marine {side} in {square}."),
})
TEXTS.add_pairs({"pirates-no-spot": ("{crew} cannot go to {spot}: marines move to a free square of their own "
                                     "island.", "{crew} non possono andare in {spot}: i marine vanno su un "
                                     "quadretto libero della loro isola.")})

# Other fleets' use of a fort, "con il permesso del proprietario" (rules/pirates/permits.py).
TEXTS.add_pairs({
    "pirates.form.permit": ("Let another fleet use a fort, or withdraw it (free)",
                            "Concedere a un'altra flotta l'uso di un forte, o revocarlo (gratis)"),
    "pirates.form.permit-fort": ("Fort", "Forte"),
    "pirates.form.permit-fort-choice": ("{fort} (used by: {guests})", "{fort} (in uso a: {guests})"),
    "pirates.form.permit-guest": ("Fleet", "Flotta"),
    "pirates.form.permit-allow": ("yes: grant the use; no: withdraw it", "sì: concedere l'uso; no: revocarlo"),
    "pirates.form.permit-none": ("no other fleet", "nessun'altra flotta"),
    "pirates.form.permit-list": ("{first}, {next}", "{first}, {next}"),
    "pirates.param.guest": ("guest", "ospite"),
    "pirates.param.guest.about": ("The fleet you let use your fort, or no longer",
                                  "La flotta a cui concedi (o revochi) l'uso del tuo forte"),
    "pirates.param.allow": ("allow", "concedi"),
    "pirates.param.allow.about": ("yes grants the use of your fort, no withdraws it",
                                  "sì concede l'uso del tuo forte, no lo revoca"),
    "pirates-no-permit": ("The use of {fort} cannot change for {fleet}: {why}",
                          "L'uso di {fort} non può cambiare per {fleet}: {why}"),
    "pirates.why.permit-not-yours": ("only a fort's owner grants or withdraws its use.",
                                     "solo il proprietario di un forte ne concede o revoca l'uso."),
    "pirates.why.permit-no-fleet": ("name another fleet of this game.", "indica un'altra flotta di questa partita."),
    "pirates.why.permit-once": ("a fleet's permission for a fort changes once a turn.",
                                "il permesso di una flotta per un forte cambia una volta per turno."),
    "pirates.why.permit-already": ("that fleet may use it already.", "quella flotta può già usarlo."),
    "pirates.why.permit-not-granted": ("that fleet has no permission to withdraw.",
                                       "quella flotta non ha un permesso da revocare."),
    "pirates.event.fort_granted": ("{side} lets the {guest} fleet use {fort}: its ships docked there may load and "
                                   "unload treasure from it.",
                                   "{side} concede alla flotta {guest} l'uso del suo forte ({fort}): le sue navi attraccate lì "
                                   "possono imbarcare e sbarcare tesori dal forte."),
    "pirates.event.fort_withdrawn": ("{side} withdraws the {guest} fleet's use of {fort}.",
                                     "{side} revoca alla flotta {guest} l'uso del suo forte ({fort})."),
    "pirates.card.guests": ("Used with leave by: {guests}", "In uso con permesso a: {guests}"),
    "pirates.word.action-permit": ("grants or withdraws a fort's use", "concede o revoca l'uso di un forte"),
})
