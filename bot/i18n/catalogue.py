"""Every line the service and the game loop say to people, in English and Italian.

Keyed by code. ``error.*`` are refusals (sent privately, by the adapter's one error
handler); ``problem.*`` are problems with an order the engine cannot know about;
``notice.*`` go to the game's public thread; ``private.*`` and ``confirm.*`` go
to one player only. Mentions (``<@id>``) and times (``<t:unix:R>``) arrive already
formatted in the parameters.
"""
from __future__ import annotations

CATALOGUE: dict[str, dict[str, str]] = {
    # -- refusals ----------------------------------------------------------------------
    "error.no-game": {
        "en": "There is no game in this channel. Start one with /game new.",
        "it": "In questo canale non c'è nessuna partita. Creane una con /game new.",
    },
    "error.unknown-game": {
        "en": "Game {game} does not exist.",
        "it": "La partita {game} non esiste.",
    },
    "error.unknown-ruleset": {
        "en": "There is no ruleset called {ruleset}. Known: {known}.",
        "it": "Non esiste un regolamento chiamato {ruleset}. Disponibili: {known}.",
    },
    "error.unknown-scenario": {
        "en": "There is no scenario called {scenario}. Known: {known}.",
        "it": "Non esiste uno scenario chiamato {scenario}. Disponibili: {known}.",
    },
    "error.bad-options": {
        "en": "Those game options are not valid: {reason}",
        "it": "Quelle opzioni di gioco non sono valide: {reason}",
    },
    "error.bad-pacing": {
        "en": "A {style} phase must last between {min} and {max}.",
        "it": "Una fase {style} deve durare tra {min} e {max}.",
    },
    "error.bad-language": {
        "en": "The game can be played in: {known}.",
        "it": "La partita si può giocare in: {known}.",
    },
    "error.not-lobby": {
        "en": "The game has already started: that can only be done in the lobby.",
        "it": "La partita è già iniziata: si può fare solo nella fase di preparazione.",
    },
    "error.game-not-started": {
        "en": "The game has not started yet.",
        "it": "La partita non è ancora iniziata.",
    },
    "error.game-paused": {
        "en": "The game is paused; the host can resume it.",
        "it": "La partita è in pausa; chi l'ha creata può riprenderla.",
    },
    "error.game-not-paused": {
        "en": "The game is not paused.",
        "it": "La partita non è in pausa.",
    },
    "error.game-over": {
        "en": "The game is over.",
        "it": "La partita è finita.",
    },
    "error.unknown-side": {
        "en": "There is no side called {side}. Sides: {sides}.",
        "it": "Non esiste uno schieramento chiamato {side}. Schieramenti: {sides}.",
    },
    "error.already-seated": {
        "en": "You already have a seat in this game.",
        "it": "Hai già un posto in questa partita.",
    },
    "error.user-seated": {
        "en": "{user} already has a seat in this game.",
        "it": "{user} ha già un posto in questa partita.",
    },
    "error.not-seated": {
        "en": "You have no seat in this game. Join it with /game join.",
        "it": "Non hai un posto in questa partita. Unisciti con /game join.",
    },
    "error.not-host": {
        "en": "Only the host of the game or a server manager can do that.",
        "it": "Solo chi ha creato la partita o un gestore del server può farlo.",
    },
    "error.side-empty": {
        "en": "Nobody plays {side} yet: every side needs at least one seat.",
        "it": "Nessuno gioca per {side}: ogni schieramento deve avere almeno un posto.",
    },
    "error.start-failed": {
        "en": "The game could not start: {reason}",
        "it": "Non è stato possibile iniziare la partita: {reason}",
    },
    "error.picks-unsupported": {
        "en": "In this game ships are assigned by side; there is nothing to pick.",
        "it": "In questa partita le navi sono assegnate per schieramento; non c'è nulla da scegliere.",
    },
    "error.unknown-ship": {
        "en": "There is no ship {ship} in this game. Ships of your side: {legal}.",
        "it": "In questa partita non c'è la nave {ship}. Navi del tuo schieramento: {legal}.",
    },
    "error.ship-wrong-side": {
        "en": "{ship} sails for {side}, not for your side.",
        "it": "{ship} combatte per {side}, non per il tuo schieramento.",
    },
    "error.ship-taken": {
        "en": "{ship} has already been picked by another player.",
        "it": "{ship} è già stata scelta da un altro giocatore.",
    },
    "error.not-your-pick": {
        "en": "You have not picked {ship}.",
        "it": "Non hai scelto {ship}.",
    },
    "error.over-budget": {
        "en": "{ship} costs {points} points; you have {left} of {budget} left.",
        "it": "{ship} costa {points} punti; te ne restano {left} su {budget}.",
    },
    "error.unknown-seat": {
        "en": "There is no seat {seat}. Seats: {legal}.",
        "it": "Non esiste il posto {seat}. Posti: {legal}.",
    },
    "error.unknown-ai": {
        "en": "There is no computer player called {level}. Available: {legal}.",
        "it": "Non esiste un giocatore automatico chiamato {level}. Disponibili: {legal}.",
    },
    "error.nothing-to-undo": {
        "en": "No phase has been resolved yet: there is nothing to undo.",
        "it": "Nessuna fase è ancora stata risolta: non c'è nulla da annullare.",
    },
    "error.no-deadline": {
        "en": "No deadline is running right now.",
        "it": "In questo momento non c'è nessuna scadenza in corso.",
    },
    "error.bad-extension": {
        "en": "A deadline can be extended by {min} to {max}.",
        "it": "Una scadenza si può prorogare da {min} a {max}.",
    },
    "error.export-running": {
        "en": "The record holds every secret of the game (chits, hidden orders): it can be exported once "
              "the game is over.",
        "it": "La registrazione contiene tutti i segreti della partita (gettoni, ordini nascosti): si può "
              "esportare a partita finita.",
    },
    "error.phase-moved-on": {
        "en": "That phase has just been resolved. Look at what is pending now with /pending.",
        "it": "Quella fase è appena stata risolta. Guarda cosa è in attesa ora con /pending.",
    },
    # -- problems with an order the engine does not see ----------------------------------------
    "problem.deadline-passed": {
        "en": "The deadline of this phase has passed: the published default applies.",
        "it": "La scadenza di questa fase è passata: si applica l'ordine predefinito.",
    },
    "problem.engine-error": {
        "en": "The rules could not check this order, so it was not recorded. Try a different order or tell the host.",
        "it": "Il regolamento non è riuscito a verificare questo ordine, che quindi non è stato registrato. "
              "Prova un ordine diverso o avvisa chi ha creato la partita.",
    },
    # -- answers to one player ---------------------------------------------------------------
    "confirm.accepted": {
        "en": "Order recorded: {label}. You can change it until the deadline ({due}).",
        "it": "Ordine registrato: {label}. Puoi cambiarlo fino alla scadenza ({due}).",
    },
    "confirm.replaced": {
        "en": "Order changed: {label}. The new order replaces the previous one.",
        "it": "Ordine modificato: {label}. Il nuovo ordine sostituisce il precedente.",
    },
    "confirm.duplicate": {
        "en": "That order had already been recorded; nothing changed.",
        "it": "Quell'ordine era già stato registrato; non è cambiato nulla.",
    },
    "confirm.rejected": {
        "en": "Order not recorded:",
        "it": "Ordine non registrato:",
    },
    "private.prompt-header": {
        "en": "{title}: your orders are due {due}.",
        "it": "{title}: i tuoi ordini scadono {due}.",
    },
    "private.prompt-decision": {
        "en": "• {label}. Without an order: {default}.",
        "it": "• {label}. Senza ordine: {default}.",
    },
    "private.prompt-how": {
        "en": "Give your orders with /order in the game's thread; only you see the replies.",
        "it": "Dai i tuoi ordini con /order nel thread della partita; le risposte le vedi solo tu.",
    },
    "private.default-unknown": {
        "en": "the rules decide",
        "it": "decide il regolamento",
    },
    "private.events": {
        "en": "{title}, only for you:",
        "it": "{title}, solo per te:",
    },
    # -- public notices ----------------------------------------------------------------------
    "notice.created": {
        "en": "{host} opens a game of {ruleset}: {title}. {pacing}. Join a side with /game join.",
        "it": "{host} apre una partita di {ruleset}: {title}. {pacing}. Scegli uno schieramento con /game join.",
    },
    "notice.joined": {
        "en": "{user} joins {side} ({seat}).",
        "it": "{user} si unisce a {side} ({seat}).",
    },
    "notice.ai-joined": {
        "en": "{name} takes a seat for {side}: {label}.",
        "it": "{name} prende posto per {side}: {label}.",
    },
    "notice.left-lobby": {
        "en": "{user} leaves the game.",
        "it": "{user} lascia la partita.",
    },
    "notice.left-running": {
        "en": "{user} leaves the game; seat {seat} is vacant and takes the default orders until the host "
              "hands it to someone.",
        "it": "{user} lascia la partita; il posto {seat} resta libero e riceve gli ordini predefiniti finché "
              "chi ha creato la partita non lo assegna.",
    },
    "notice.picked": {
        "en": "{user} will command {ship}.",
        "it": "{user} comanderà {ship}.",
    },
    "notice.started": {
        "en": "The game begins: {title}. Seats: {seats}.",
        "it": "La partita comincia: {title}. Posti: {seats}.",
    },
    "notice.waiting": {
        "en": "Waiting for {who}: orders due {due}.",
        "it": "In attesa di {who}: ordini entro {due}.",
    },
    "notice.reminder-half": {
        "en": "Half time: {who}, your orders are due {due}.",
        "it": "Metà tempo: {who}, i vostri ordini scadono {due}.",
    },
    "notice.reminder-last": {
        "en": "Last call: {who}, your orders are due {due}; then the default orders apply.",
        "it": "Ultima chiamata: {who}, i vostri ordini scadono {due}; poi si applicano gli ordini predefiniti.",
    },
    "notice.dm-failed": {
        "en": "{user}, I could not send you a direct message (are direct messages from server members "
              "closed?). Use /chits and /order here: the replies are visible only to you.",
        "it": "{user}, non riesco a mandarti un messaggio diretto (hai chiuso i messaggi diretti dai membri "
              "del server?). Usa /chits e /order qui: le risposte le vedi solo tu.",
    },
    "notice.flagged": {
        "en": "{seat} has missed two turns in a row. {host}, you can hand the seat to another player or to "
              "a computer player.",
        "it": "{seat} ha saltato due turni di fila. {host}, puoi assegnare il posto a un altro giocatore o a "
              "un giocatore automatico.",
    },
    "notice.paused": {
        "en": "{actor} pauses the game. The clock of the phase stops.",
        "it": "{actor} mette in pausa la partita. Il tempo della fase si ferma.",
    },
    "notice.resumed": {
        "en": "{actor} resumes the game. Orders due {due}.",
        "it": "{actor} riprende la partita. Ordini entro {due}.",
    },
    "notice.resumed-plain": {
        "en": "{actor} resumes the game.",
        "it": "{actor} riprende la partita.",
    },
    "notice.extended": {
        "en": "{actor} extends the deadline: orders now due {due}.",
        "it": "{actor} proroga la scadenza: ordini ora entro {due}.",
    },
    "notice.replaced": {
        "en": "{actor} hands seat {seat} ({side}) to {user}.",
        "it": "{actor} assegna il posto {seat} ({side}) a {user}.",
    },
    "notice.ai-took-seat": {
        "en": "{actor} hands seat {seat} ({side}) to a computer player: {label}.",
        "it": "{actor} assegna il posto {seat} ({side}) a un giocatore automatico: {label}.",
    },
    "notice.undone": {
        "en": "{actor} undoes the last resolution (step {step}). The phase is open again: give your orders anew.",
        "it": "{actor} annulla l'ultima risoluzione (passo {step}). La fase è di nuovo aperta: date di nuovo "
              "i vostri ordini.",
    },
    "notice.ended": {
        "en": "{actor} ends the game.",
        "it": "{actor} chiude la partita.",
    },
    "notice.over": {
        "en": "The game is over. The host can export the record with /host export.",
        "it": "La partita è finita. Chi l'ha creata può esportarne la registrazione con /host export.",
    },
    "notice.engine-error": {
        "en": "The rules could not resolve this phase, so the game is paused. {host}, the error is in the "
              "bot's log; resume the game once it is fixed.",
        "it": "Il regolamento non è riuscito a risolvere questa fase, quindi la partita è in pausa. {host}, "
              "l'errore è nel registro del bot; riprendi la partita quando è stato corretto.",
    },
    # -- words used inside other lines ---------------------------------------------------------
    "word.live": {"en": "live play", "it": "partita dal vivo"},
    "word.campaign": {"en": "campaign play", "it": "partita in campagna"},
    "pacing.live": {
        "en": "Live play: {duration} per phase",
        "it": "Partita dal vivo: {duration} per fase",
    },
    "pacing.campaign": {
        "en": "Campaign play: {duration} per decision",
        "it": "Partita in campagna: {duration} per decisione",
    },
    "duration.seconds": {"en": "{n} s", "it": "{n} s"},
    "duration.minutes": {"en": "{n} min", "it": "{n} min"},
    "duration.hours": {"en": "{n} h", "it": "{n} h"},
    "duration.days": {"en": "{n} days", "it": "{n} giorni"},
    "seat.vacant": {"en": "vacant seat {seat}", "it": "posto libero {seat}"},
    "ai.random": {
        "en": "random legal play (not an AI captain: it picks any legal order)",
        "it": "gioco casuale lecito (non è un capitano automatico: sceglie un ordine lecito a caso)",
    },
    "ai.deckhand": {
        "en": "a computer captain, deckhand level (fires when it can, sails at the nearest enemy)",
        "it": "un capitano automatico, livello mozzo (spara quando può, punta sul nemico più vicino)",
    },
    "ai.captain": {
        "en": "a computer captain, captain level (plans its moves, rakes, husbands its chits)",
        "it": "un capitano automatico, livello capitano (pianifica le manovre, prende d'infilata, dosa i gettoni)",
    },
    # A level described in a ruleset's own terms: "ai.<level>.<ruleset>" (the plain
    # code is the Cannoni captain's).
    "ai.deckhand.nauta": {
        "en": "a computer captain, deckhand level (rows at the nearest enemy, rams and boards when the odds favour it)",
        "it": "un capitano automatico, livello mozzo (voga verso il nemico più vicino, sperona e abborda "
              "quando i dadi lo favoriscono)",
    },
    "ai.captain.nauta": {
        "en": "a computer captain, captain level (picks its speeds, rams where the dice favour it, boards when "
              "stronger, keeps its flagship clear of enemy prows, keeps formation on the approach)",
        "it": "un capitano automatico, livello capitano (sceglie le velocità, sperona dove i dadi lo favoriscono, "
              "abborda quando è più forte, tiene l'ammiraglia lontana dai rostri nemici, mantiene la formazione "
              "nell'avvicinamento)",
    },
}
