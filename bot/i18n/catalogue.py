"""Every line the service and the game loop say to people, in English and Italian.

Keyed by code. ``error.*`` are refusals (sent privately, by the adapter's one error
handler); ``problem.*`` are problems with an order the engine cannot know about;
``notice.*`` go to the game's public thread; ``private.*`` and ``confirm.*`` go
to one player only. Mentions and deadlines arrive as tokens in the parameters
(``i18n.mention``, ``i18n.timestamp``), and a command is named by its token in the text
(``⟦/game join⟧``): each transport renders them (:mod:`bot.markup`).
"""
from __future__ import annotations

CATALOGUE: dict[str, dict[str, str]] = {
    # -- refusals ----------------------------------------------------------------------
    "error.no-game": {
        "en": "There is no game in this channel. Start one with ⟦/game new⟧.",
        "it": "In questo canale non c'è nessuna partita. Creane una con ⟦/game new⟧.",
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
    "error.replace-present": {
        "en": "The seat for {seat} is held by {user}, who is playing. Handing it to {new} takes it from them and "
              "discards the orders the seat has given for this phase. If that is what you mean, run "
              "⟦/host replace⟧ again with confirm: True. (A vacant seat, a computer's, or a player's who missed "
              "two turns in a row is handed over without asking.)",
        "it": "Il posto per {seat} è di {user}, che sta giocando. Assegnarlo a {new} glielo toglie e scarta gli "
              "ordini già dati per questa fase da quel posto. Se è ciò che vuoi, usa di nuovo ⟦/host replace⟧ "
              "con confirm: True. (Un posto vacante, di un giocatore automatico, o di chi ha saltato due turni "
              "di fila si assegna senza conferma.)",
    },
    "error.hand-present-to-ai": {
        "en": "The seat for {seat} is held by {user}, who is playing. Handing it to the computer takes it from them and "
              "discards the orders the seat has given for this phase. If that is what you mean, run ⟦/host ai⟧ "
              "again with confirm: True. (A vacant seat, or a player's who missed two turns in a row, is handed "
              "over without asking.)",
        "it": "Il posto per {seat} è di {user}, che sta giocando. Assegnarlo al computer glielo toglie e scarta gli "
              "ordini già dati per questa fase da quel posto. Se è ciò che vuoi, usa di nuovo ⟦/host ai⟧ con "
              "confirm: True. (Un posto vacante, o di chi ha saltato due turni di fila, si assegna senza "
              "conferma.)",
    },
    "error.side-full": {
        "en": "{side} has no ship left to command: its {n} seats are taken.",
        "it": "{side} non ha più navi da comandare: i suoi {n} posti sono occupati.",
    },
    "error.thread-has-game": {
        "en": "This thread already plays game #{game}, which is not over. Start a new game from a channel "
              "(⟦/game new⟧ there opens its own thread).",
        "it": "In questo thread si gioca già la partita #{game}, che non è finita. Crea la nuova partita da un "
              "canale (⟦/game new⟧ lì apre un thread apposta).",
    },
    "error.too-many-lobbies": {
        "en": "You already have {limit} games waiting for players in this server. Start one of them, or end "
              "it with ⟦/host end⟧ in its thread, before opening another.",
        "it": "Hai già {limit} partite in attesa di giocatori in questo server. Falle iniziare, o chiudile con "
              "⟦/host end⟧ nel loro thread, prima di aprirne un'altra.",
    },
    "error.too-many-games": {
        "en": "This server already has {limit} unfinished games, as many as it may. Finish or end one "
              "(⟦/host end⟧) before opening another.",
        "it": "Questo server ha già {limit} partite non finite, il massimo consentito. Finiscine o chiudine una "
              "(⟦/host end⟧) prima di aprirne un'altra.",
    },
    "error.not-seated": {
        "en": "You have no seat in this game. Join it with ⟦/game join⟧.",
        "it": "Non hai un posto in questa partita. Unisciti con ⟦/game join⟧.",
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
        "en": "The record holds every secret of the game (hidden orders and values): it can be exported once "
              "the game is over.",
        "it": "La registrazione contiene tutti i segreti della partita (ordini e valori nascosti): si può "
              "esportare a partita finita.",
    },
    "error.phase-moved-on": {
        "en": "That phase has just been resolved. Look at what is pending now with ⟦/pending⟧.",
        "it": "Quella fase è appena stata risolta. Guarda cosa è in attesa ora con ⟦/pending⟧.",
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
        "en": "Give your orders with ⟦/order⟧ in the game's thread; only you see the replies.",
        "it": "Dai i tuoi ordini con ⟦/order⟧ nel thread della partita; le risposte le vedi solo tu.",
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
        "en": "{host} opens a game of {ruleset}: {title}. {pacing}. Join a side with ⟦/game join⟧.",
        "it": "{host} apre una partita di {ruleset}: {title}. {pacing}. Scegli uno schieramento con ⟦/game join⟧.",
    },
    "notice.joined": {
        "en": "{user} joins {side}.",
        "it": "{user} si unisce a {side}.",
    },
    "notice.ai-joined": {
        "en": "A computer player takes a seat for {side}: {label}.",
        "it": "Un giocatore automatico prende posto per {side}: {label}.",
    },
    "notice.left-lobby": {
        "en": "{user} leaves the game.",
        "it": "{user} lascia la partita.",
    },
    "notice.left-running": {
        "en": "{user} leaves the game; their seat for {side} is vacant and takes the default orders until the host "
              "hands it to someone.",
        "it": "{user} lascia la partita; il suo posto per {side} resta libero e riceve gli ordini predefiniti finché "
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
              "closed?). Use ⟦/menus⟧ and ⟦/order⟧ here: the replies are visible only to you.",
        "it": "{user}, non riesco a mandarti un messaggio diretto (hai chiuso i messaggi diretti dai membri "
              "del server?). Usa ⟦/menus⟧ e ⟦/order⟧ qui: le risposte le vedi solo tu.",
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
        "en": "{actor} hands {seat} to {user}.",
        "it": "{actor} assegna {seat} a {user}.",
    },
    "notice.ai-took-seat": {
        "en": "{actor} hands {seat} to a computer player: {label}.",
        "it": "{actor} assegna {seat} a un giocatore automatico: {label}.",
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
    "post.revealed": {
        "en": "{side}: {items}.",
        "it": "{side}: {items}.",
    },
    "post.turn-frame": {
        "en": "Turn {turn}",
        "it": "Turno {turn}",
    },
    "post.animated-alt": {
        "en": "The table through the turn, one picture for each phase with action ({frames}). At the end: {alt}",
        "it": "Il tavolo nel corso del turno, un'immagine per ogni fase con azioni ({frames}). Alla fine: {alt}",
    },
    "notice.posting": {
        "en": "{actor} changed how this game is posted: {posting}.",
        "it": "{actor} ha cambiato come viene pubblicata questa partita: {posting}.",
    },
    "posting.phase": {
        "en": "a post for each phase in which something happens",
        "it": "un messaggio per ogni fase in cui succede qualcosa",
    },
    "posting.turn": {
        "en": "one post a turn, with an animated map of the turn",
        "it": "un messaggio per turno, con la mappa animata del turno",
    },
    "posting.act": {
        "en": "a post whenever someone must give orders",
        "it": "un messaggio ogni volta che qualcuno deve dare ordini",
    },
    "error.bad-posting": {
        "en": "There is no posting called {posting}. Known: {known}.",
        "it": "Non esiste una pubblicazione chiamata {posting}. Disponibili: {known}.",
    },
    "notice.over": {
        "en": "The game is over. The host can export the record with ⟦/host export⟧.",
        "it": "La partita è finita. Chi l'ha creata può esportarne la registrazione con ⟦/host export⟧.",
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
    "seat.vacant": {"en": "a vacant seat of {side}", "it": "un posto libero di {side}"},
    "seat.named": {"en": "{who} ({side})", "it": "{who} ({side})"},
    "seat.of": {"en": "the seat of {who} ({side})", "it": "il posto di {who} ({side})"},
    "ai.seat-name": {"en": "Computer", "it": "Computer"},
    "ai.random": {
        "en": "random legal play (not an AI captain: it picks any legal order)",
        "it": "gioco casuale lecito (non è un capitano automatico: sceglie un ordine lecito a caso)",
    },
    "ai.deckhand": {
        "en": "a computer captain, deckhand level (simple, sound play)",
        "it": "un capitano automatico, livello mozzo (gioco semplice e sensato)",
    },
    "ai.captain": {
        "en": "a computer captain, captain level (plans ahead)",
        "it": "un capitano automatico, livello capitano (pianifica in anticipo)",
    },
    # -- faults: Discord refuses for good, or the database cannot be written -------------------
    "error.storage-unavailable": {
        "en": "Sorry: I cannot save anything at the moment (my storage is full or read-only), so your order "
              "was not recorded. The host has been told. Please send it again once this is fixed.",
        "it": "Scusa: al momento non riesco a salvare nulla (il mio archivio è pieno o in sola lettura), quindi "
              "il tuo ordine non è stato registrato. Chi ospita la partita è stato avvisato. Rimandalo quando "
              "il problema sarà risolto.",
    },
    "notice.delivery-gone": {
        "en": "Game #{game} ({title}) is paused: its thread was deleted, so I cannot post the game there. "
              "{host}, run ⟦/host resume⟧ in this channel and the game goes on here; nothing was lost.",
        "it": "La partita #{game} ({title}) è in pausa: la sua discussione è stata eliminata e non posso più "
              "scriverci. {host}, usa ⟦/host resume⟧ in questo canale e la partita continua qui; non si è perso "
              "nulla.",
    },
    "notice.delivery-forbidden": {
        "en": "Game #{game} ({title}) is paused: I can no longer post in {place} (I lack access or the Send "
              "Messages permission there). {host}, give me View Channel, Send Messages and Send Messages in "
              "Threads there, then run ⟦/host resume⟧.",
        "it": "La partita #{game} ({title}) è in pausa: non posso più scrivere in {place} (mi manca l'accesso "
              "o il permesso Invia messaggi). {host}, dammi Visualizza canale, Invia messaggi e Invia messaggi "
              "nei thread, poi usa ⟦/host resume⟧.",
    },
    "private.delivery-gone": {
        "en": "Your game #{game} ({title}) is paused: its thread was deleted. Run ⟦/host resume⟧ in {channel} "
              "and the game goes on in that channel. Nothing was lost: what was not posted yet will be posted "
              "once.",
        "it": "La tua partita #{game} ({title}) è in pausa: la sua discussione è stata eliminata. Usa "
              "⟦/host resume⟧ in {channel} e la partita continua in quel canale. Non si è perso nulla: quel che non è "
              "ancora stato pubblicato lo sarà, una volta sola.",
    },
    "private.delivery-forbidden": {
        "en": "Your game #{game} ({title}) is paused: I cannot post in {place} ({reason}). Give me View "
              "Channel, Send Messages and Send Messages in Threads there, then run ⟦/host resume⟧ in the game's "
              "thread. Nothing was lost: what was not posted yet will be posted once.",
        "it": "La tua partita #{game} ({title}) è in pausa: non posso scrivere in {place} ({reason}). Dammi "
              "Visualizza canale, Invia messaggi e Invia messaggi nei thread, poi usa ⟦/host resume⟧ nella "
              "discussione della partita. Non si è perso nulla: quel che non è ancora stato pubblicato lo sarà, "
              "una volta sola.",
    },
    "private.delivery-channel-gone": {
        "en": "Your game #{game} ({title}) is paused: its channel {place} was deleted, so the game has nowhere "
              "to go on. Its record is kept in the bot's database.",
        "it": "La tua partita #{game} ({title}) è in pausa: il suo canale {place} è stato eliminato, quindi la "
              "partita non ha più dove continuare. La sua registrazione resta nell'archivio del bot.",
    },
    "private.storage-unavailable": {
        "en": "Game #{game} ({title}): I cannot write my database ({reason}). Orders are refused and no "
              "phase can be resolved until that is fixed (free disk space, or make the database file "
              "writable); the game goes on by itself once it is, and players may send their orders again.",
        "it": "Partita #{game} ({title}): non riesco a scrivere nel mio archivio ({reason}). Gli ordini sono "
              "rifiutati e nessuna fase può essere risolta finché il problema non è risolto (liberare spazio "
              "su disco, o rendere scrivibile il file dell'archivio); poi la partita riprende da sola e i "
              "giocatori possono rimandare gli ordini.",
    },
}
