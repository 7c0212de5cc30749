"""Signal Close Action's words, English and Italian: forms, problems, event lines, the
map's words."""
from __future__ import annotations

from rules.core.texts import Catalogue

TEXTS = Catalogue("sca")

DECISION = TEXTS.add("sca.decision", "Orders for {ship}, turn {turn}", "Ordini per {ship}, turno {turn}")
COURSE_HOLD = TEXTS.add("sca.course.hold", "{point} (hold course)", "{point} (mantieni la rotta)")
COURSE_TO = TEXTS.add("sca.course.to", "{point} ({kind} {n})", "{point} ({kind} di {n})")
P_FIRE = TEXTS.add("sca.p.fire", "fire", "fuoco")
P_AIM = TEXTS.add("sca.p.aim", "aim at", "mira a")
P_HALF = TEXTS.add("sca.p.half", "target half", "metà del settore")
P_WHEN = TEXTS.add("sca.p.when", "fire when", "quando tirare")
P_RELOAD = TEXTS.add("sca.p.reload", "reload", "ricaricare")
RELOAD_OR_FIRE = TEXTS.add(
    "sca-reload-or-fire", "{ship} cannot reload and fire in the same turn: choose one.",
    "{ship} non può ricaricare e far fuoco nello stesso turno: scegli una delle due.")
P_BOARD = TEXTS.add("sca.p.board", "boarding parties", "squadre d'abbordaggio")
P_FREE = TEXTS.add("sca.p.free", "free her", "liberare la nave")
P_SAIL = TEXTS.add("sca.p.sail", "sails", "vele")
P_COURSE = TEXTS.add("sca.p.course", "course", "rotta")
P_COURSE2 = TEXTS.add("sca.p.course2", "course, end of the second segment", "rotta, fine del secondo segmento")
SECOND_COURSE = TEXTS.add(
    "sca-second-course", "{ship} cannot come round from {course} to {course2} in the second segment: luff up to 2 "
    "points or bear away up to 3 from the first segment's course.",
    "{ship} non può passare da {course} a {course2} nel secondo segmento: dalla rotta del primo segmento può "
    "orzare fino a 2 quarte o poggiare fino a 3.")
SPREAD_TURN = TEXTS.add(
    "sca-spread-turn", "{ship} must spread a change of two points or more over both segments: change course at the "
    "end of each (for example bear away 2 points, then 1 more).",
    "{ship} deve distribuire su entrambi i segmenti un cambio di rotta di due o più quarte: accosta alla fine di "
    "ciascuno (ad esempio poggia di 2 quarte, poi di un'altra).")
FIRE_UNLOADED = TEXTS.add(
    "sca-fire-unloaded", "{ship} can fire a broadside that is not loaded only by reloading it in the first segment "
    "and firing it in the second.",
    "{ship} può far fuoco con un bordo scarico solo ricaricandolo nel primo segmento e sparando nel secondo.")
RELOAD_SAME_SEGMENT = TEXTS.add(
    "sca-reload-same-segment", "{ship} fires her {side} in the second segment and cannot reload it in the same "
    "segment: to reload it this turn, fire it in the first segment.",
    "{ship} spara la {side} nel secondo segmento e non può ricaricarla nello stesso segmento: per ricaricarla in "
    "questo turno deve far fuoco nel primo segmento.")
P_JURY = TEXTS.add("sca.p.jury", "clear the wreckage / jury-rig", "sgombrare i rottami / attrezzatura di fortuna")
P_RUN_OUT = TEXTS.add("sca.p.run-out", "run out the guns", "cannoni in batteria")
RUN_OUT_IDLE = TEXTS.add(
    "sca-run-out-idle", "{ship} can run out her guns only in a turn she neither fires nor reloads.",
    "{ship} può mettere i cannoni in batteria solo in un turno in cui non fa fuoco né ricarica.")
SCENARIO_DECISION = TEXTS.add("sca.decision.scenario", "{side}: fight this scenario?",
                              "{side}: combattere questo scenario?")
A_ACCEPT = TEXTS.add("sca.a.accept", "Accept the scenario", "Accetta lo scenario")
A_REFUSE = TEXTS.add("sca.a.refuse", "Refuse it ({left} refusals left; +1 to the enemy's morale)",
                     "Rifiutalo (restano {left} rifiuti; +1 al morale avversario)")
P_SIGNAL_COURSE = TEXTS.add("sca.p.signal-course", "signal: course", "segnale: rotta")
P_SIGNAL_SAIL = TEXTS.add("sca.p.signal-sail", "signal: sails", "segnale: vele")
A_SAIL = TEXTS.add("sca.a.sail", "Sail", "Naviga")
A_TACK = TEXTS.add("sca.a.tack", "Tack (two turns)", "Vira (due turni)")
A_TACK_ON = TEXTS.add("sca.a.tack-on", "Complete the tack", "Completa la virata")
A_FIRE = TEXTS.add("sca.a.fire", "Fire", "Fuoco")
A_LIGHT = TEXTS.add("sca.a.light", "Light the fireship", "Accendi il brulotto")
DEFAULT = TEXTS.add("sca.default", "hold course and sails, hold fire", "mantiene rotta e vele, non fa fuoco")
BOARD_ONE_SIDE = TEXTS.add(
    "sca-board-one-side", "{ship} is readying boarding parties: she may fire from one broadside only, not both.",
    "{ship} prepara le squadre d'abbordaggio: può far fuoco da un solo bordo, non da entrambi.")
BOARD_OR_FREE = TEXTS.add(
    "sca-board-or-free", "{ship} cannot both board and free herself: choose one.",
    "{ship} non può insieme abbordare e liberarsi: scegli una delle due.")

TEXTS.add_words("sca.turn", {"luff": ("luff", "orza"), "bear": ("bear away", "poggia")})
TEXTS.add_words("sca.fire", {"none": ("hold fire", "nessun fuoco"), "port": ("port broadside", "bordata di babordo"),
                             "starboard": ("starboard broadside", "bordata di dritta"),
                             "both": ("both broadsides", "entrambe le bordate")})
TEXTS.add_words("sca.aim", {"hull": ("hull", "scafo"), "rigging": ("rigging", "velatura")})
TEXTS.add_words("sca.half", {"nearest": ("the nearest target", "il bersaglio più vicino"),
                             "fore": ("forward of the mainmast", "a proravia dell'albero maestro"),
                             "aft": ("abaft the mainmast", "a poppavia dell'albero maestro")})
TEXTS.add_words("sca.when", {"after": ("after her run", "dopo il movimento"),
                             "before": ("before her run", "prima del movimento"),
                             "middle": ("halfway through her run", "a metà del movimento"),
                             "first": ("first segment", "primo segmento"),
                             "second": ("second segment", "secondo segmento")})
TEXTS.add_words("sca.deck", {"wind": ("wind's direction and strength", "direzione e forza del vento"),
                             "extinguish": ("putting out fires", "estinguere un incendio"),
                             "free": ("freeing the ship", "liberare la nave"),
                             "sail": ("making or shortening sail", "aumentare o diminuire la velatura"),
                             "move": ("movement and fire", "movimento e tiro"),
                             "board": ("boarding", "abbordaggio"),
                             "batteries": ("shore batteries fire", "tiro delle batterie costiere")})
TEXTS.add_words("sca.edge", {"left": ("left-hand", "alla sua sinistra"), "far": ("far", "di fronte"),
                             "right": ("right-hand", "alla sua destra"), "own": ("own", "dalla sua parte")})
TEXTS.add_words("sca.yesno", {"yes": ("yes", "sì"), "no": ("no", "no")})
TEXTS.add_words("sca.sailway", {"hold": ("hold", "invariate"), "up": ("make more sail", "aumenta la velatura"),
                                "down": ("shorten sail", "riduci la velatura")})
TEXTS.add_words("sca.signalsail", {"none": ("no", "no"), "up": ("make more sail", "aumentare la velatura"),
                                   "down": ("shorten sail", "ridurre la velatura")})
TEXTS.add_words("sca.testwhy", {"irons": ("taken aback", "controvento"), "tack": ("a failed tack", "virata fallita"),
                            "strong wind": ("full sail in a strong wind", "vele spiegate con vento forte"),
                            "collision": ("a collision", "collisione"),
                            "storm": ("more than easy sail in a storm", "più delle vele di manovra in tempesta")})
TEXTS.add_words("sca.side", {"port": ("port", "babordo"), "starboard": ("starboard", "dritta")})
TEXTS.add_words("sca.rng", {"short": ("short", "corta"), "medium": ("medium", "media"), "long": ("long", "lunga")})
TEXTS.add_words("sca.sail", {"full": ("full sail", "vele spiegate"), "easy": ("easy sail", "vele di manovra"),
                             "furled": ("furled (hove to)", "vele imbrogliate (alla deriva)"),
                             # optional rule 5's six settings (the names the document gives)
                             "storm": ("storm sail", "vele da tempesta"),
                             "topsails": ("topsails and jib", "gabbie e fiocco"),
                             "plain": ("all plain sail", "tutta la velatura ordinaria"),
                             "studding": ("studding sails", "coltellacci")})
TEXTS.add_words("sca.strength", {"light": ("light air", "aria leggera"), "breeze": ("breeze", "brezza"),
                                 "strong": ("strong wind", "vento forte"),
                                 "calm": ("calm", "bonaccia"), "storm": ("storm", "tempesta")})
TEXTS.add_words("sca.where", {"hull": ("hull", "scafo"), "rigging": ("rigging", "velatura")})
TEXTS.add_words("sca.outcome", {"repelled": ("the boarders are thrown back", "gli arrembatori sono respinti"),
                                "continues": ("the melee goes on", "la mischia continua"),
                                "captured": ("she is taken", "la nave è catturata")})
TEXTS.add_words("sca.well", {"fire": ("a fire breaks out", "si innesca un incendio"),
                             "double": ("double damage", "danni raddoppiati"),
                             "rudder": ("her rudder is damaged", "timone danneggiato"),
                             "magazine": ("into her magazine", "colpita la santabarbara")})
TEXTS.add_words("sca.rake", {"bow": ("raking her bow", "d'infilata di prua"),
                             "stern": ("raking her stern", "d'infilata di poppa")})
TEXTS.add_words("sca.cause", {"explosion": ("an explosion nearby", "un'esplosione vicina"),
                              "gun burst": ("a gun burst", "un cannone esploso"),
                              "well-laid": ("a well-laid shot", "un tiro decisivo"),
                              "spread": ("the hull fire spreads", "l'incendio dello scafo si propaga"),
                              "contact": ("a burning ship alongside", "una nave in fiamme a contatto"),
                              "fireship": ("a fireship", "un brulotto")})
TEXTS.add_words("sca.status", {"afloat": ("afloat", "a galla"), "struck": ("struck", "arresa"),
                               "captured": ("captured", "catturata"), "sunk": ("sinking", "semisommersa"),
                               "exploded": ("blown up", "esplosa"), "burnt": ("burnt out", "bruciata"),
                               "escaped": ("out of the battle", "fuori dalla battaglia")})
TEXTS.add_words("sca.sidename", {"british": ("Britain", "Gran Bretagna"), "french": ("France", "Francia"),
                                 "spanish": ("Spain", "Spagna"), "dutch": ("the Netherlands", "Paesi Bassi")})
TEXTS.add_words("sca.crew", {"elite": ("elite", "eccellente"), "good": ("good", "buono"),
                             "average": ("average", "medio"), "poor": ("poor", "scarso")})

# One line per event kind.
TEXTS.add_pairs({
    "sca.ev.turn_start": ("Turn {turn}: wind from the {wind}, {strength}.", "Turno {turn}: vento da {wind}, {strength}."),
    "sca.ev.part_start": ("Turn {turn}, {side} to act.", "Turno {turn}, tocca a {side}."),
    "sca.ev.part_end": ("{side}'s part of turn {turn} is over.", "La parte del turno {turn} di {side} è finita."),
    "sca.ev.signal": ("The flagship of {side} signals: {what}.", "L'ammiraglia di {side} segnala: {what}."),
    "sca.ev.signal_read": ("{ship} reads the signal (3d6 {roll}, {score}).", "{ship} riceve il segnale (3d6 {roll}, {score})."),
    "sca.ev.signal_missed": ("{ship} misses the signal (3d6 {roll}, {score}).",
                             "{ship} non riceve il segnale (3d6 {roll}, {score})."),
    "sca.bit.signal-course": ("steer {course}", "rotta {course}"),
    "sca.ev.rigging_test": ("{ship} tests her rigging ({why}; 3d6 {roll}, score {score}): {damage} damage.",
                            "{ship} esegue il test sulla velatura ({why}; 3d6 {roll}, punteggio {score}): {damage} punti di danno."),
    "sca.ev.reloaded_perfect": ("{ship} reloads her {side} broadside perfectly (Ability {score}): an initial "
                                "broadside again.",
                                "{ship} ricarica perfettamente la bordata di {side} (Abilità {score}): di nuovo una "
                                "bordata iniziale."),
    "sca.ev.guns_run_out": ("{ship} runs out her guns.", "{ship} mette i cannoni in batteria."),
    "sca.ev.collateral": ("Balls that missed strike {target}'s {where}: {collateral} damage; {through} through to "
                          "her far side.",
                          "Le palle che hanno mancato colpiscono {target} ({where}): {collateral} danni; {through} "
                          "passano al bordo opposto."),
    "sca.ev.reloaded": ("{ship} reloads her {side} broadside.", "{ship} ricarica la bordata di {side}."),
    "sca.ev.reload_failed": ("{ship} fails to reload her {side} broadside (Ability {score}).",
                             "{ship} non riesce a ricaricare la bordata di {side} (Abilità {score})."),
    "sca.ev.orders": ("{ship}'s orders: {what}.", "Ordini di {ship}: {what}."),
    "sca.ev.ability": ("{ship}: Ability {score} (3d6 {roll}, modifiers {mods}).",
                       "{ship}: Abilità {score} (3d6 {roll}, modificatori {mods})."),
    "sca.ev.extinguished": ("{ship} puts out her fires.", "{ship} spegne gli incendi."),
    "sca.ev.fire_burns": ("{ship} fails to put out her fire{loss}.", "{ship} non riesce a spegnere l'incendio{loss}."),
    "sca.ev.rigging_burns": ("The fire in {ship}'s rigging costs her a rigging DC.",
                             "L'incendio sulla velatura di {ship} le costa un RDC."),
    "sca.ev.fire": ("Fire in {ship}'s {where} ({cause}).", "Incendio sulla {where} di {ship} ({cause})."),
    "sca.ev.freed": ("{ship} frees herself (Ability {score}).", "{ship} si libera (Abilità {score})."),
    "sca.ev.not_freed": ("{ship} cannot free herself (Ability {score}, needs {grade}).",
                         "{ship} non riesce a liberarsi (Abilità {score}, serve {grade})."),
    "sca.ev.cards_start": ("Turn {turn}: every side's orders, then the cards.",
                           "Turno {turn}: gli ordini di tutti, poi le carte."),
    "sca.ev.cards_end": ("End of the cards of turn {turn}.", "Fine delle carte del turno {turn}."),
    "sca.ev.card": ("Card: {what}.", "Carta: {what}."),
    "sca.ev.rigging_overboard": ("{ship}'s rigging falls over her {side} side: she cannot manoeuvre, her speed "
                                 "counts {sail}.",
                                 "La velatura di {ship} cade sul bordo di {side}: non può manovrare, la velocità "
                                 "è quella di {sail}."),
    "sca.ev.rigging_overboard_any": ("{ship}'s rigging falls over the side (she lies along the wind: a die will "
                                     "say which): she cannot manoeuvre, her speed counts {sail}.",
                                     "La velatura di {ship} cade fuori bordo (è parallela al vento: un dado dirà "
                                     "su quale lato): non può manovrare, la velocità è quella di {sail}."),
    "sca.ev.wreckage_side": ("{ship}'s wreckage hangs over her {side} side.",
                             "I rottami di {ship} pendono sul bordo di {side}."),
    "sca.ev.wreck_sail_first": ("{ship} must first shorten sail to {sail} before cutting the wreckage away.",
                                "{ship} deve prima ridurre la velatura a {sail} per tagliare via i rottami."),
    "sca.ev.wreck_not_cut": ("{ship} fails to cut the wreckage away (Ability {score}).",
                             "{ship} non riesce a tagliare via i rottami (Abilità {score})."),
    "sca.ev.wreck_cutting": ("{ship} cuts away part of the wreckage (Ability {score}).",
                             "{ship} taglia via parte dei rottami (Abilità {score})."),
    "sca.ev.wreck_cut": ("{ship} cuts the wreckage away (Ability {score}).",
                         "{ship} taglia via i rottami (Abilità {score})."),
    "sca.ev.jury_blocked": ("{ship} cannot jury-rig: she was hit at short range.",
                            "{ship} non può eseguire riparazioni di fortuna: è stata colpita a corta gittata."),
    "sca.ev.jury_easy_only": ("{ship} has {n} RDCs jury-rigged: from now on she sails at most under easy sail.",
                              "{ship} ha {n} RDC ripristinati: d'ora in poi naviga al più con vele di manovra."),
    "sca.ev.jury_half_speed": ("{ship} has {n} RDCs jury-rigged: from now on she runs half her speed.",
                               "{ship} ha {n} RDC ripristinati: d'ora in poi muove alla metà della velocità."),
    "sca.ev.dismasted_adrift": ("{ship} has lost every rigging DC: she can neither move nor manoeuvre, adrift.",
                                "{ship} ha perso tutti gli RDC: non può più muovere né manovrare ed è alla "
                                "deriva."),
    "sca.ev.jury_failed": ("{ship} fails to jury-rig (Ability {score}).",
                           "{ship} fallisce la riparazione di fortuna (Abilità {score})."),
    "sca.ev.jury_rigged": ("{ship} jury-rigs a RDC (Ability {score}); {left} still to rig.",
                           "{ship} ripristina un RDC con una riparazione di fortuna (Abilità {score}); ne restano {left}."),
    "sca.ev.north_side": ("North is the table's {edge} side for the first player.",
                          "Il nord è il lato del tavolo {edge} per il primo giocatore."),
    "sca.ev.weather": ("The wind blows from the {wind}, {strength}.", "Il vento soffia da {wind}, {strength}."),
    "sca.ev.scenario_refused": ("{fleet} refuses the scenario ({n} of 3): the throws are made again.",
                                "{fleet} rifiuta lo scenario ({n} di 3): si ripetono i tiri."),
    "sca.ev.scenario_accepted": ("Both sides accept the scenario.", "Entrambe le parti accettano lo scenario."),
    "sca.ev.segment": ("Segment {n}.", "Segmento {n}."),
    "sca.ev.course2_void": ("{ship} cannot come round to {heading} from where she now heads.",
                            "{ship} non può più accostare per {heading} dalla rotta che ha ora."),
    "sca.ev.sail_set": ("{ship} sets {sail}.", "{ship} passa a {sail}."),
    "sca.ev.sail_failed": ("{ship} fails to {way} (Ability {score}).", "{ship} non riesce: {way} (Abilità {score})."),
    "sca.ev.course": ("{ship} comes round to {heading}.", "{ship} accosta per {heading}."),
    "sca.ev.course_failed": ("{ship} fails to change course (Ability {score}).",
                             "{ship} non riesce a cambiare rotta (Abilità {score})."),
    "sca.ev.critical_tack": ("Critical manoeuvre: {ship} falls off a point to {heading}.",
                             "Virata critica: {ship} poggia di una quarta per {heading}."),
    "sca.ev.tack_begun": ("{ship} luffs head to wind ({heading}): first turn of her tack.",
                          "{ship} orza fino a trovarsi controvento ({heading}): primo turno di virata."),
    "sca.ev.tack_done": ("{ship} completes her tack, now heading {heading}.",
                         "{ship} completa la virata, ora per {heading}."),
    "sca.ev.tack_failed": ("{ship} misses stays: back to {heading}, 10% of a rigging DC lost.",
                           "{ship} fallisce la virata: torna per {heading}, perde il 10% di un RDC."),
    "sca.ev.tack_not_begun": ("{ship} fails to come head to wind (Ability {score}) and sails on close-hauled, "
                              "heading {heading}.",
                              "{ship} non riesce a portarsi controvento (Abilità {score}) e prosegue di bolina per "
                              "{heading}."),
    "sca.ev.tack_aback": ("{ship} misses stays in the second turn of her tack (Ability {score}): her sails aback, "
                          "she falls back to {heading} and drifts; no tack next turn.",
                          "{ship} fallisce il secondo turno di virata (Abilità {score}): con le vele a collo torna "
                          "per {heading} e va alla deriva; niente virata nel prossimo turno."),
    "sca.ev.tack_headed": ("The wind heads {ship} in the second turn of her tack: her sails aback, she falls back "
                           "to {heading} and drifts; no tack next turn.",
                           "Il vento gira contro {ship} nel secondo turno di virata: con le vele a collo torna per "
                           "{heading} e va alla deriva; niente virata nel prossimo turno."),
    "sca.ev.not_loaded": ("{ship}'s {side} broadside is not loaded: it does not fire.",
                          "{ship}: la bordata di {side} non è carica e non fa fuoco."),
    "sca.ev.drifted": ("{ship}, her sails aback, drifts {mm} mm to the {heading}.",
                       "{ship}, con le vele a collo, deriva di {mm} mm verso {heading}."),
    "sca.ev.rudder_forced": ("{ship}'s damaged rudder makes her fall off to {heading}.",
                             "Il timone danneggiato costringe {ship} a poggiare per {heading}."),
    "sca.ev.irons": ("{ship} is taken aback and loses 10% of a rigging DC.",
                     "{ship} è controvento e perde il 10% di un RDC."),
    "sca.ev.fireship_lit": ("The fireship {ship} is ablaze.", "Il brulotto {ship} è in fiamme."),
    "sca.ev.fireship_failed": ("{ship} fails to light her fires.", "{ship} non riesce ad appiccare il fuoco."),
    "sca.ev.moved": ("{ship} sails {mm} mm on {heading}.", "{ship} percorre {mm} mm per {heading}."),
    "sca.ev.collision": ("{ship} runs into {other}: each loses {percent}% of a rigging DC.",
                         "{ship} entra in collisione con {other}: ognuna perde il {percent}% di un RDC."),
    "sca.ev.collision_tested": ("{ship} runs into {other}: both test their rigging.",
                                "{ship} entra in collisione con {other}: entrambe eseguono il test sulla velatura."),
    "sca.ev.aground_tested": ("{ship} runs aground and tests her rigging.",
                              "{ship} si incaglia ed esegue il test sulla velatura."),
    "sca.ev.collision_way": ("{ship} strikes {other} from direction {way}: {mm} mm pushed or dragged{tangle}.",
                             "{ship} urta {other} dalla direzione {way}: spinta o trascinata di {mm} mm{tangle}."),
    "sca.ev.shield_hit": ("{friend}, entangled with {target}, takes {share}/3 of {ship}'s broadside.",
                          "{friend}, impigliata con {target}, riceve {share}/3 della bordata di {ship}."),
    "sca.ev.entangled_sail": ("{ship}, entangled with {other}, sails {mm} mm on {heading} dragging her.",
                              "{ship}, impigliata con {other}, percorre {mm} mm per {heading} trascinandola."),
    "sca.bit.entangled": ("; the two are entangled", "; le due navi sono impigliate"),
    "sca.ev.entangled_drift": ("{ship}, entangled with {other}, swings to {heading} and both drift {mm} mm.",
                               "{ship}, impigliata con {other}, ruota per {heading} e le due vanno alla deriva "
                               "di {mm} mm."),
    "sca.ev.pair_drift": ("{ship} and {other}, entangled, drift {mm} mm before the wind.",
                          "{ship} e {other}, impigliate, vanno alla deriva di {mm} mm sottovento."),
    "sca.ev.entangled_blocked": ("{ship}, entangled with {other}, cannot swing to {heading}: {obstacle} is in the way.",
                                 "{ship}, impigliata con {other}, non può ruotare per {heading}: {obstacle} è "
                                 "d'intralcio."),
    "sca.ev.entangled_blocked_land": ("{ship}, entangled with {other}, cannot swing to {heading}: the coast is in "
                                      "the way.",
                                      "{ship}, impigliata con {other}, non può ruotare per {heading}: la costa è "
                                      "d'intralcio."),
    "sca.ev.carried_into": ("{ship}, carried on {mm} mm, strikes {other}: the movement stops there.",
                            "{ship}, portata avanti di {mm} mm, urta {other}: il movimento si interrompe lì."),
    "sca.ev.carried_alongside": ("{ship}, carried on {mm} mm, comes alongside {other}: the movement stops there "
                                 "and the two are entangled.",
                                 "{ship}, portata avanti di {mm} mm, si affianca a {other}: il movimento si "
                                 "interrompe lì e le due navi sono impigliate."),
    "sca.ev.carried_aground": ("{ship}, carried on {mm} mm, runs aground: the movement stops there.",
                               "{ship}, portata avanti di {mm} mm, si incaglia: il movimento si interrompe lì."),
    "sca.ev.boarding_contact": ("{ship} comes alongside {other} to board.",
                                "{ship} si affianca a {other} per abbordarla."),
    "sca.ev.aground": ("{ship} runs aground and loses {percent}% of a hull DC.",
                       "{ship} si incaglia e perde il {percent}% di un HDC."),
    "sca.ev.sea_shift": ("{ship} reaches the edge: the sea moves under the fleets.",
                         "{ship} raggiunge il bordo: il mare si sposta sotto le flotte."),
    "sca.ev.left_table": ("{ship} sails off the table and leaves the battle.",
                          "{ship} esce dal tavolo e lascia la battaglia."),
    "sca.ev.no_target": ("{ship} has no target off her {side} broadside.",
                         "{ship} non ha bersagli sul bordo di {side}."),
    "sca.ev.shot_miss": ("{ship} fires her {side} broadside at {target} at {rng} range and misses (Ability {score}).",
                         "{ship} tira con la bordata di {side} su {target} a gittata {rng} e manca (Abilità {score})."),
    "sca.ev.shot_hit": ("{ship} fires her {side} broadside into {target}'s {aim} at {rng} range{rake}{well}: {damage} damage.",
                        "{ship} tira con la bordata di {side} su {target} ({aim}) a gittata {rng}{rake}{well}: {damage} punti di danno."),
    "sca.ev.unlucky": ("Unlucky shot for {ship} (3d6 {total}): {what}.", "Tiro critico per {ship} (3d6 {total}): {what}."),
    "sca.ev.rudder": ("{ship}'s rudder is damaged.", "Il timone di {ship} è danneggiato."),
    "sca.ev.dc_lost": ("{ship} loses a {where} DC ({total} lost).", "{ship} perde un DC di {where} ({total} persi)."),
    "sca.ev.sinking": ("{ship} has lost all her hull DCs and is settling in the water.",
                       "{ship} ha perso tutti gli HDC ed è parzialmente sommersa."),
    "sca.ev.dismasted": ("{ship} is dismasted.", "{ship} è disalberata."),
    "sca.ev.exploded": ("{ship} blows up!", "{ship} esplode!"),
    "sca.ev.burnt": ("The fireship {ship} burns to the waterline.", "Il brulotto {ship} brucia fino alla linea di galleggiamento."),
    "sca.ev.boarders": ("{ship} readies her boarding parties.", "{ship} appronta le squadre d'abbordaggio."),
    "sca.ev.boarders_failed": ("{ship} fails to ready her boarders (Ability {score}).",
                               "{ship} non riesce ad approntare le squadre d'abbordaggio (Abilità {score})."),
    "sca.ev.melee": ("{ship} boards {target} (3d6 {roll}, score {score}): {outcome}.",
                     "{ship} abborda {target} (3d6 {roll}, punteggio {score}): {outcome}."),
    "sca.ev.captured": ("{ship} is taken by {side}.", "{ship} è catturata da {side}."),
    "sca.ev.morale": ("{ship} tests her morale (3d6 {roll}, score {score}){result}.",
                      "{ship} esegue il test del morale (3d6 {roll}, punteggio {score}){result}."),
    "sca.ev.wind": ("The wind is now from the {wind}, {strength}.", "Il vento ora viene da {wind}, {strength}."),
    "sca.ev.wind_roll": ("Wind check (3d6 {dice}): no change.", "Controllo del vento (3d6 {dice}): nessun cambiamento."),
    "sca.ev.game_over": ("The battle is over: {why}. Points: {scores}.", "La battaglia è finita: {why}. Punti: {scores}."),
    "sca.ev.roll": ("d{sides} for {reason}: {value}.", "d{sides} per {reason}: {value}."),
    "sca.bit.struck": (": she strikes her colours", ": ammaina la bandiera"),
    "sca.bit.holds": (": she fights on", ": continua a combattere"),
    "sca.bit.loss-dcs": (" and loses {n} DC", " e perde {n} DC"),
    "sca.bit.loss-pct": (" and loses {n}% of a DC", " e perde il {n}% di un DC"),
    "sca.bit.rake": (", {what}", ", {what}"),
    "sca.bit.well": (", well laid: {what}", ", tiro decisivo: {what}"),
    "sca.bit.burst": ("a gun bursts, {n} of a hull DC and a fire", "un cannone esplode, {n} di un HDC e un incendio"),
    "sca.bit.fire-only": ("a fire in the hull", "un incendio allo scafo"),
    "sca.bit.nothing": ("no harm done", "nessun danno apprezzabile"),
    "sca.bit.hold": ("hold course {course}", "mantiene la rotta {course}"),
    "sca.bit.steer": ("steer {course}", "rotta {course}"),
    "sca.bit.tack": ("tack", "virare"),
    "sca.bit.light": ("light the fireship", "accendere il brulotto"),
    "sca.bit.board": ("board", "abbordare"),
    "sca.bit.free": ("free herself", "liberarsi"),
    "sca.bit.spent": ("{what}, drawn again: no effect", "{what}, estratta di nuovo: nessun effetto"),
    "sca.bit.then": ("then {course}", "poi {course}"),
    "sca.bit.when": ("fire in the {segment}", "fuoco nel {segment}"),
    "sca.bit.aim": ("{fire} at the {aim}", "{fire} su {aim}"),
    "sca.why.sides": ("{side} has no ship left fighting", "{side} non ha più navi in grado di combattere"),
    "sca.why.broken": ("the fleet of {side} has lost heart", "la flotta di {side} ha avuto un cedimento del morale"),
    "sca.ev.fleet_morale_zero": ("The fleet morale of {side} is spent: every ship tests her morale.",
                                 "Il morale della flotta di {side} è a zero: ogni nave esegue il test del morale."),
    "sca.ev.fleet_broken": ("The fleet of {side} breaks and is beaten.", "La flotta di {side} cede ed è sconfitta."),
    "sca.why.turns": ("the last turn has been played", "è stato giocato l'ultimo turno"),
    "sca.outcome.win": ("{side} wins on points", "{side} vince ai punti"),
    "sca.outcome.morale": ("{side} wins: the enemy fleet broke", "{side} vince: la flotta nemica ha ceduto"),
    "sca.outcome.draw": ("a draw on points", "pareggio ai punti"),
    # The manifest's words.
    "sca.manifest.title": ("Signal Close Action — Fast Play (age of sail)", "Signal Close Action — Fast Play (vela)"),
    "sca.manifest.quickref": (
        "**Signal Close Action — Fast Play.** Each turn every player in turn writes secret orders for his ships "
        "(course: luff up to 2 points, bear away up to 3, or tack over two turns; sails; which broadside fires at "
        "hull or rigging; boarding; casting off from a contact). Then one 3d6 Ability throw, changed by crew and "
        "damage, is read on the Ability table for every order. Ranges: short 0-100 mm, medium -350, long -700. "
        "Damage is BF × 12/5/2 (×11/4/1 on rigging under easy sail). Ships that lose DCs test morale and may strike.",
        "**Signal Close Action — Fast Play.** Ogni turno ciascun giocatore a sua volta scrive ordini segreti per "
        "le proprie navi (rotta: orzare fino a 2 quarte, poggiare fino a 3, o virare in due turni; vele; quale "
        "bordata tira su scafo o velatura; abbordaggio; liberare la nave). Poi un tiro di 3d6 per l'Abilità, "
        "modificato da equipaggio e danni, si legge sulla tabella Abilità per ogni ordine. Gittate: corta "
        "0-100 mm, media -350, lunga -700. Danni: BF × 12/5/2 (×11/4/1 sulla velatura a vele di manovra). Le "
        "navi che perdono DC fanno il test del morale e possono arrendersi."),
    "sca.param.course": ("course", "rotta"),
    "sca.param.course.about": ("The point of the rose to steer for", "La quarta della rosa dei venti"),
    "sca.param.sail": ("sails", "vele"),
    "sca.param.sail.about": ("Make more sail or shorten it", "Aumentare o ridurre la velatura"),
    "sca.param.fire": ("fire", "fuoco"),
    "sca.param.fire.about": ("Which broadside fires", "Quale bordata fa fuoco"),
    "sca.param.aim": ("aim", "mira"),
    "sca.param.aim.about": ("Hull or rigging", "Scafo o velatura"),
    "sca.param.target_half": ("target-half", "metà-settore"),
    "sca.param.target_half.about": ("Which half of the sector to fire into (fore or aft)",
                                    "In quale metà del settore tirare (prua o poppa)"),
    "sca.param.fire_when": ("fire-when", "quando-tirare"),
    "sca.param.fire_when.about": ("Fire before, halfway through or after her run (two segments: first or second)",
                                  "Tirare prima, a metà o dopo il movimento (due segmenti: primo o secondo)"),
    "sca.param.jury": ("jury", "fortuna"),
    "sca.param.jury.about": ("Rigging over the side: cut it away, then jury-rig",
                             "Velatura fuori bordo: tagliarla via, poi riparazione di fortuna"),
    "sca.param.run_out": ("run-out", "in-batteria"),
    "sca.param.run_out.about": ("Run out the guns for an initial broadside",
                                "Cannoni in batteria per una bordata iniziale"),
    "sca.param.course2": ("course2", "rotta2"),
    "sca.param.course2.about": ("Two segments: the course at the end of the second (navigation: spread 2+ points "
                                "over both)",
                                "Due segmenti: rotta alla fine del secondo (navigazione: 2+ quarte su entrambi)"),
    "sca.param.boarders": ("boarders", "abbordaggio"),
    "sca.param.boarders.about": ("Ready the boarding parties", "Approntare le squadre d'abbordaggio"),
    "sca.param.cast_off": ("cast-off", "liberare"),
    "sca.param.cast_off.about": ("Try to break a contact", "Tentare di rompere un contatto"),
    "sca.captain.deckhand": ("a computer captain, deckhand level (steers for the nearest enemy and fires what bears)",
                             "un capitano automatico, livello mozzo (punta verso il nemico più vicino e tira con "
                             "ciò che può)"),
    "sca.captain.captain": ("a computer captain, captain level (brings a broadside to bear, keeps clear of enemy "
                            "broadsides and of collisions, boards when the melee favours her)",
                            "un capitano automatico, livello capitano (presenta la bordata, evita le bordate nemiche "
                            "e le collisioni, abborda quando la mischia la favorisce)"),
    # The ready-made scenarios' titles (a scenario's title is one of these codes).
    "sca.scenario.duel": ('Frigate duel', 'Duello tra fregate'),
    "sca.scenario.squadrons": ('The example squadrons', "Gli squadroni d'esempio"),
    "sca.scenario.fleet-action": ('Fleet action, ten of the line a side', 'Battaglia di flotta, dieci vascelli per parte'),
    "sca.scenario.brush": ('A brush between sloops', 'Scaramuccia tra corvette'),
    "sca.scenario.harbour": ('Cutting out at the anchorage', "Attacco all'ancoraggio"),
    # The map's words.
    "sca.map.turn": ("Turn {turn} of {turns} · {side} to act", "Turno {turn} di {turns} · tocca a {side}"),
    "sca.map.scenario": ("Before the battle · each side accepts or refuses the scenario",
                         "Prima della battaglia · ogni parte accetta o rifiuta lo scenario"),
    "sca.map.turn-cards": ("Turn {turn} of {turns} · every side orders, the cards decide",
                           "Turno {turn} di {turns} · tutti danno gli ordini, decidono le carte"),
    "sca.map.wreck": ("rigging over the side", "velatura fuori bordo"),
    "sca.map.over": ("Turn {turn} · the battle is over", "Turno {turn} · la battaglia è finita"),
    "sca.map.wind": ("Wind from the {wind}, {strength}", "Vento da {wind}, {strength}"),
    "sca.map.scale": (" · scale {scale}, measures in mm of that scale", " · scala {scale}, misure in mm di quella scala"),
    "sca.map.sides": ("Sides", "Schieramenti"),
    "sca.map.status": ("Status", "Stato"),
    "sca.map.fire": ("on fire", "in fiamme"),
    "sca.map.struck": ("struck", "arresa"),
    "sca.map.contact": ("in contact", "a contatto"),
    "sca.map.entangled": ("entangled, drifting together (a line joins each pair)",
                          "impigliate, alla deriva insieme (una linea unisce ogni coppia)"),
    "sca.map.alt-entangled": ("entangled with {names}", "impigliata con {names}"),
    "sca.map.tack": ("tacking", "in virata"),
    "sca.map.aback": ("sails aback, drifting", "vele a collo, alla deriva"),
    "sca.card.type": ("{type} ({rate} rate), {crew} crew, {side}", "{type} ({rate} classe), equipaggio {crew}, {side}"),
    "sca.card.sail": ("{sail}, heading {heading}", "{sail}, rotta {heading}"),
    "sca.card.dc": ("Hull DC {hull}/{hull_all}, rigging DC {rig}/{rig_all}, {dc} points each",
                    "HDC {hull}/{hull_all}, RDC {rig}/{rig_all}, {dc} punti ciascuno"),
    "sca.card.jury": ("{n} RDC jury-rigged: at most easy sail", "{n} RDC ripristinati: al più vele di manovra"),
    "sca.card.jury-half": ("{n} RDC jury-rigged: at most easy sail, half speed",
                           "{n} RDC ripristinati: al più vele di manovra, metà velocità"),
    "sca.card.adrift": ("dismasted: adrift, cannot manoeuvre", "disalberata: alla deriva, non può manovrare"),
    "sca.card.unloaded": ("not loaded: {sides} (fired, to be reloaded)",
                          "scarica: {sides} (ha sparato, da ricaricare)"),
    "sca.card.bf": ("BF {bf} (hull DC left: port {port}, starboard {starboard}); {status}",
                    "BF {bf} (HDC rimasti: babordo {port}, dritta {starboard}); {status}"),
    "sca.map.alt": ("Signal Close Action, turn {turn}; wind from the {wind}, {strength}.",
                    "Signal Close Action, turno {turn}; vento da {wind}, {strength}."),
    "sca.map.alt-ship": ("{name} ({side}) at {x} mm east, {y} mm north, heading {heading}, {status}",
                         "{name} ({side}) a {x} mm est, {y} mm nord, rotta {heading}, {status}"),
})

# Appendice 3 ("squadre"): the national squadron lists, checked by the fleets by points.
TEXTS.add_pairs({
    "sca.fleet.param.nation": ("nation (Appendice 3 squadron list)", "nazione (lista di squadra dell'Appendice 3)"),
    "sca.fleet.bad-nation": ("{ship} cannot sail for {value}: the nations are those of Appendice 3.",
                             "{ship} non può navigare per {value}: le nazioni sono quelle dell'Appendice 3."),
    "sca.fleet.one-nation": ("A squadron is of one nation: this one has {first} and {other}.",
                             "Una squadra è di una sola nazione: questa ha {first} e {other}."),
    "sca.fleet.over-list": ("The {nation} squadron list allows at most {most} {kind} here; this fleet has {n}.",
                            "La lista della squadra {nation} ammette qui al più {most} {kind}; questa flotta ne ha {n}."),
})
TEXTS.add_words("sca.fleet.nation", {
    "any": ("any (no squadron list)", "qualsiasi (nessuna lista di squadra)"),
    "denmark": ("Danish", "danese"), "france": ("French", "francese"), "britain": ("British", "britannica"),
    "netherlands": ("Dutch", "olandese"), "portugal": ("Portuguese", "portoghese"),
    "naples": ("Neapolitan", "napoletana"), "russia": ("Russian", "russa"), "spain": ("Spanish", "spagnola"),
    "sweden": ("Swedish", "svedese"), "united_states": ("United States", "statunitense"),
    "turkey": ("Turkish", "turca")})
TEXTS.add_words("sca.squadron.kind", {
    "1st": ("first rates", "navi di prima classe"), "2nd": ("second rates", "navi di seconda classe"),
    "3rd-L": ("large third rates (L: 74 large guns or more)", "navi di terza classe (L: 74 grandi o più)"),
    "3rd-S": ("middling third rates (S: 74 middling or less)", "navi di terza classe (S: 74 medie o meno)"),
    "4th": ("fourth rates of the line", "navi di linea di quarta classe"),
    "frigate-4th": ("fourth-rate frigates", "fregate di quarta classe"),
    "frigate-5th": ("fifth-rate frigates", "fregate di quinta classe"),
    "frigate-6th": ("sixth-rate frigates (20-28 guns)", "fregate di sesta classe (20-28 cannoni)"),
    "corvette": ("corvettes (12-18 guns)", "corvette (12-18 cannoni)"),
    "unrated": ("unrated craft", "imbarcazioni non classificate")})
TEXTS.add_pairs({
    "sca.scenario.camperdown": ("Camperdown, 1797: a British and a Dutch squadron by the lists of Appendice 3",
                                "Camperdown, 1797: una squadra britannica e una olandese secondo le liste dell'Appendice 3"),
})
