"""The Discord adapter's words, in English and Italian: slash commands (names,
descriptions, options, choices), private replies, order menus and direct messages.

Merged into :data:`bot.i18n.CATALOGUE` (one catalogue, one lookup). Codes:

* ``cmd.<command path>`` is a command's or option's name and ``….desc`` its description
  (Discord shows both in the player's own Discord language; the English name is the
  one the code uses). Names: lowercase, no spaces, at most 32 characters; descriptions
  at most 100.
* ``choice.*`` are the names of fixed option choices.
* ``reply.*`` answer one person privately; ``form.*`` are order menus; ``dm.*`` are
  direct messages; ``help.*`` and ``quickref.generic`` are the /help and /rules texts.

A ruleset's own words — its title, its quick reference for /rules, the names and
descriptions of its order options — are in its manifest (``rules/<ruleset>/manifest.py``).
"""
from __future__ import annotations

_COMMANDS: dict[str, tuple[str, str]] = {
    # -- /game ---------------------------------------------------------------------------
    "cmd.game": ("game", "partita"),
    "cmd.game.desc": ("Start, join and set up a game in this channel",
                      "Crea, unisciti e prepara una partita in questo canale"),
    "cmd.game.new": ("new", "nuova"),
    "cmd.game.new.desc": ("Open a new game, with its own thread", "Apri una nuova partita, con il suo thread"),
    "cmd.game.new.ruleset": ("ruleset", "regolamento"),
    "cmd.game.new.ruleset.desc": ("Which game to play", "Quale gioco giocare"),
    "cmd.game.new.scenario": ("scenario", "scenario"),
    "cmd.game.new.scenario.desc": ("The scenario (ships, table, wind)", "Lo scenario (navi, tavolo, vento)"),
    "cmd.game.new.rules": ("rules", "opzioni"),
    "cmd.game.new.rules.desc": ("Optional rules, separated by spaces (autocomplete offers the ruleset's)",
                                "Regole opzionali, separate da spazi (il completamento propone quelle del gioco)"),
    "cmd.game.new.pacing": ("pacing", "ritmo"),
    "cmd.game.new.pacing.desc": ("Live (minutes per phase) or campaign (a decision a day)",
                                 "Dal vivo (minuti per fase) o campagna (una decisione al giorno)"),
    "cmd.game.new.phase": ("phase", "durata"),
    "cmd.game.new.phase.desc": ("Time per phase, e.g. 3m, 90s, 12h, 1d", "Tempo per fase, es. 3m, 90s, 12h, 1d"),
    "cmd.game.new.posting": ("posting", "pubblicazione"),
    "cmd.game.new.posting.desc": ("How the thread tells the game (default: each phase live, when orders are due in a campaign)",
                                  "Come il thread racconta la partita (di norma: ogni fase dal vivo, agli ordini in campagna)"),
    "cmd.game.new.language": ("language", "lingua"),
    "cmd.game.new.language.desc": ("Language of the game's thread (default: the server's)",
                                   "Lingua del thread della partita (predefinita: quella del server)"),
    "cmd.game.join": ("join", "unisciti"),
    "cmd.game.join.desc": ("Take a seat on a side", "Prendi posto in uno schieramento"),
    "cmd.game.join.side": ("side", "schieramento"),
    "cmd.game.join.side.desc": ("The side you will play", "Lo schieramento che giocherai"),
    "cmd.game.leave": ("leave", "lascia"),
    "cmd.game.leave.desc": ("Give up your seat", "Lascia il tuo posto"),
    "cmd.game.pick": ("pick", "scegli"),
    "cmd.game.pick.desc": ("Choose a ship of your side to command",
                           "Scegli una nave del tuo schieramento da comandare"),
    "cmd.game.pick.ship": ("ship", "nave"),
    "cmd.game.pick.ship.desc": ("The ship", "La nave"),
    "cmd.game.unpick": ("unpick", "rinuncia"),
    "cmd.game.unpick.desc": ("Give back a ship you picked", "Restituisci una nave che avevi scelto"),
    "cmd.game.unpick.ship": ("ship", "nave"),
    "cmd.game.unpick.ship.desc": ("The ship", "La nave"),
    "cmd.game.start": ("start", "inizia"),
    "cmd.game.start.desc": ("Start the game (host)", "Fai iniziare la partita (chi l'ha creata)"),
    "cmd.game.list": ("list", "elenco"),
    "cmd.game.list.desc": ("Unfinished games in this server", "Partite non finite in questo server"),
    "cmd.game.dms": ("dms", "messaggi"),
    "cmd.game.dms.desc": ("Check that my direct messages reach you",
                          "Controlla che i miei messaggi diretti ti arrivino"),
    # -- playing -------------------------------------------------------------------------
    "cmd.menus": ("menus", "menu"),
    "cmd.menus.desc": ("Your order menus for every decision waiting for you, visible only to you",
                       "I menu degli ordini per ogni decisione che ti aspetta, visibili solo a te"),
    "cmd.order": ("order", "ordine"),
    "cmd.order.desc": ("Give an order; the options suggest only legal values",
                       "Dai un ordine; le opzioni suggeriscono solo valori leciti"),
    "cmd.order.decision": ("decision", "decisione"),
    "cmd.order.decision.desc": ("Which of your decisions (usually a ship)",
                                "Quale delle tue decisioni (di solito una nave)"),
    "cmd.order.action": ("action", "azione"),
    "cmd.order.action.desc": ("What to do", "Cosa fare"),
    "cmd.order.values": ("values", "valori"),
    "cmd.order.values.desc": ("The action's values, e.g. name=value (suggested one at a time); none: the menus",
                              "I valori dell'azione, es. nome=valore (suggeriti uno alla volta); nessuno: i menu"),
    "cmd.pending": ("pending", "attesa"),
    "cmd.pending.desc": ("What is asked of you, and until when", "Cosa ti viene chiesto, e fino a quando"),
    "cmd.preview": ("preview", "anteprima"),
    "cmd.preview.desc": ("Privately: where a move would take your ship (nothing is sent)",
                         "In privato: dove porterebbe la tua nave una manovra (non viene inviata)"),
    "cmd.preview.decision": ("decision", "decisione"),
    "cmd.preview.decision.desc": ("Which of your decisions", "Quale delle tue decisioni"),
    "cmd.preview.action": ("action", "azione"),
    "cmd.preview.action.desc": ("The move to try", "La manovra da provare"),
    "cmd.preview.values": ("values", "valori"),
    "cmd.preview.values.desc": ("The move's values, as in /order (suggested one at a time)",
                                "I valori della manovra, come in /order (suggeriti uno alla volta)"),
    "cmd.preview.ship": ("ship", "nave"),
    "cmd.preview.ship.desc": ("Your ship", "La tua nave"),
    "cmd.map": ("map", "mappa"),
    "cmd.map.desc": ("The map as it stands, privately", "La mappa com'è ora, in privato"),
    "cmd.map.ship": ("ship", "nave"),
    "cmd.map.ship.desc": ("A ship to centre on", "Una nave su cui centrare"),
    "cmd.card": ("card", "scheda"),
    "cmd.card.desc": ("A ship's log-book card", "La scheda (giornale di bordo) di una nave"),
    "cmd.card.ship": ("ship", "nave"),
    "cmd.card.ship.desc": ("The ship", "La nave"),
    "cmd.log": ("log", "diario"),
    "cmd.log.desc": ("What has happened so far", "Cosa è successo finora"),
    "cmd.log.last": ("last", "ultime"),
    "cmd.log.last.desc": ("Only the last lines", "Solo le ultime righe"),
    "cmd.replay": ("replay", "replay"),
    "cmd.replay.desc": ("The game so far as an animated map, privately",
                        "La partita finora come mappa animata, in privato"),
    "cmd.rules": ("rules", "regole"),
    "cmd.rules.desc": ("A short quick reference", "Un breve promemoria delle regole"),
    "cmd.help": ("help", "aiuto"),
    "cmd.help.desc": ("The bot's commands", "I comandi del bot"),
    # -- /host ---------------------------------------------------------------------------
    "cmd.host": ("host", "arbitro"),
    "cmd.host.desc": ("Host tools (the game's host or Manage Server)",
                      "Strumenti di chi conduce (chi ha creato la partita o Gestire il server)"),
    "cmd.host.pause": ("pause", "pausa"),
    "cmd.host.pause.desc": ("Pause the game and its clock", "Metti in pausa la partita e il suo tempo"),
    "cmd.host.resume": ("resume", "riprendi"),
    "cmd.host.resume.desc": ("Resume a paused game", "Riprendi una partita in pausa"),
    "cmd.host.extend": ("extend", "proroga"),
    "cmd.host.extend.desc": ("Give the current phase more time", "Dai più tempo alla fase in corso"),
    "cmd.host.extend.minutes": ("minutes", "minuti"),
    "cmd.host.extend.minutes.desc": ("Minutes to add", "Minuti da aggiungere"),
    "cmd.host.replace": ("replace", "sostituisci"),
    "cmd.host.replace.desc": ("Hand a seat to another member", "Assegna un posto a un altro membro"),
    "cmd.host.replace.seat": ("seat", "posto"),
    "cmd.host.replace.seat.desc": ("The seat", "Il posto"),
    "cmd.host.replace.user": ("user", "giocatore"),
    "cmd.host.replace.user.desc": ("The member who takes it", "Il membro che lo prende"),
    "cmd.host.replace.confirm": ("confirm", "conferma"),
    "cmd.host.replace.confirm.desc": ("True to take the seat from a player who is still playing",
                                      "True per togliere il posto a chi sta ancora giocando"),
    "cmd.host.ai": ("ai", "automatico"),
    "cmd.host.ai.desc": ("Hand a seat to a computer player", "Assegna un posto a un giocatore automatico"),
    "cmd.host.ai.seat": ("seat", "posto"),
    "cmd.host.ai.confirm": ("confirm", "conferma"),
    "cmd.host.ai.confirm.desc": ("True to take the seat from a player who is still playing",
                                 "True per togliere il posto a chi sta ancora giocando"),
    "cmd.host.ai.seat.desc": ("The seat", "Il posto"),
    "cmd.host.ai.level": ("level", "livello"),
    "cmd.host.ai.level.desc": ("Which computer player", "Quale giocatore automatico"),
    "cmd.host.add-ai": ("add-ai", "aggiungi-automatico"),
    "cmd.host.add-ai.desc": ("In the lobby: add a computer player to a side",
                             "Prima dell'inizio: aggiungi un giocatore automatico a uno schieramento"),
    "cmd.host.add-ai.side": ("side", "schieramento"),
    "cmd.host.add-ai.side.desc": ("The side", "Lo schieramento"),
    "cmd.host.add-ai.level": ("level", "livello"),
    "cmd.host.add-ai.level.desc": ("Which computer player", "Quale giocatore automatico"),
    "cmd.host.posting": ("posting", "pubblicazione"),
    "cmd.host.posting.desc": ("Change how the thread is told the game", "Cambia come il thread racconta la partita"),
    "cmd.host.posting.posting": ("posting", "pubblicazione"),
    "cmd.host.posting.posting.desc": ("Every phase, every turn, or when someone must act",
                                      "Ogni fase, ogni turno, o quando qualcuno deve agire"),
    "cmd.host.undo": ("undo", "annulla"),
    "cmd.host.undo.desc": ("Undo the last resolution (same dice)", "Annulla l'ultima risoluzione (stessi dadi)"),
    "cmd.host.end": ("end", "chiudi"),
    "cmd.host.end.desc": ("End the game now", "Chiudi subito la partita"),
    "cmd.host.export": ("export", "esporta"),
    "cmd.host.export.desc": ("The game's record as a file (once it is over)",
                             "La registrazione della partita come file (a partita finita)"),
    # -- fixed choices -------------------------------------------------------------------
    "choice.pacing.live": ("live", "dal vivo"),
    "choice.pacing.campaign": ("campaign", "campagna"),
    "choice.posting.phase": ("every phase with action", "ogni fase con azioni"),
    "choice.posting.turn": ("once a turn, animated", "una volta per turno, animata"),
    "choice.posting.act": ("when someone must act", "quando qualcuno deve agire"),
    "choice.language.en": ("English", "inglese"),
    "choice.language.it": ("Italian", "italiano"),
}

_TEXTS: dict[str, tuple[str, str]] = {
    # -- replies -----------------------------------------------------------------------------
    "reply.error-unexpected": (
        "Sorry, something went wrong on my side. It has been logged; please try again in a moment.",
        "Scusa, qualcosa è andato storto da parte mia. L'errore è stato registrato; riprova tra poco."),
    "reply.guild-only": (
        "Use this command in a server channel or in a game's thread.",
        "Usa questo comando in un canale del server o nel thread di una partita."),
    "reply.created": (
        "Game #{game} is open in {thread}. Players join there with ⟦/game join⟧.",
        "La partita #{game} è aperta in {thread}. Ci si unisce lì con ⟦/game join⟧."),
    "reply.created-here": (
        "Game #{game} is open in this channel (I could not open a thread for it). Players join with ⟦/game join⟧.",
        "La partita #{game} è aperta in questo canale (non sono riuscito ad aprirle un thread). Ci si unisce "
        "con ⟦/game join⟧."),
    "reply.bad-duration": (
        "I cannot read {value} as a time: write it like 90s, 5m, 12h or 2d.",
        "Non riesco a leggere {value} come durata: scrivila come 90s, 5m, 12h o 2d."),
    "reply.joined": ("You sail for {side}.", "Combatti per {side}."),
    "reply.dm-ok": (
        "I sent you a direct message: your order menus will arrive there.",
        "Ti ho mandato un messaggio diretto: i tuoi menu degli ordini arriveranno lì."),
    "reply.dm-closed": (
        "I could not send you a direct message, so your order menus cannot reach you privately. Open this server's "
        "menu → Privacy Settings → allow Direct Messages, then run ⟦/game dms⟧. Until then use ⟦/menus⟧ in the "
        "game's thread: only you will see it.",
        "Non riesco a mandarti un messaggio diretto, quindi i menu degli ordini non possono arrivarti in privato. "
        "Apri il menu di questo server → Impostazioni privacy → consenti i Messaggi diretti, poi usa ⟦/game dms⟧. "
        "Nel frattempo usa ⟦/menus⟧ nel thread della partita: lo vedrai solo tu."),
    "reply.dms-ok": (
        "Direct messages work: your next order menus will come there.",
        "I messaggi diretti funzionano: i prossimi menu degli ordini arriveranno lì."),
    "reply.left": ("You have left the game.", "Hai lasciato la partita."),
    "reply.picked": ("You will command {ship}.", "Comanderai {ship}."),
    "reply.unpicked": ("{ship} is free again.", "{ship} è di nuovo libera."),
    "reply.started": ("The game has begun; orders are asked for in the thread.",
                      "La partita è cominciata; gli ordini vengono chiesti nel thread."),
    "reply.list-header": ("Unfinished games in this server:", "Partite non finite in questo server:"),
    "reply.list-line": ("• #{game} {title} ({ruleset}) — {status}, {seats} in {place}",
                        "• #{game} {title} ({ruleset}) — {status}, {seats} in {place}"),
    "reply.list-empty": ("No unfinished games in this server. Start one with ⟦/game new⟧.",
                         "Nessuna partita in corso in questo server. Creane una con ⟦/game new⟧."),
    "reply.seats": ("{n} seats", "{n} posti"),
    "reply.list-page": ("Page {page} of {pages}.", "Pagina {page} di {pages}."),
    "reply.stale-component": (
        "That button or menu is not one I can use (it may be from an older version of me, or not mine). "
        "Nothing was changed. ⟦/pending⟧, ⟦/menus⟧ and ⟦/game list⟧ give fresh ones.",
        "Quel pulsante o menu non è uno che posso usare (forse è di una mia versione precedente, o non è mio). "
        "Non è cambiato nulla. ⟦/pending⟧, ⟦/menus⟧ e ⟦/game list⟧ ne danno di nuovi."),
    "reply.replay": ("The game so far, {frames} maps. Only you see this.",
                     "La partita finora, {frames} mappe. La vedi solo tu."),
    "status.lobby": ("gathering players", "in preparazione"),
    "status.running": ("in play", "in corso"),
    "status.paused": ("paused", "in pausa"),
    "status.over": ("over", "finita"),
    "reply.nothing-pending": ("Nothing is asked of you right now.", "In questo momento non ti viene chiesto nulla."),
    "reply.pending-header": ("Your decisions (due {due}):", "Le tue decisioni (entro {due}):"),
    "reply.pending-header-plain": ("Your decisions:", "Le tue decisioni:"),
    "reply.pending-given": ("• {label} — your order: {order}", "• {label} — il tuo ordine: {order}"),
    "reply.pending-open": ("• {label} — no order yet (without one: {default})",
                           "• {label} — nessun ordine (senza: {default})"),
    "reply.pending-how": ("Give them with ⟦/order⟧, or with the menus of ⟦/menus⟧.",
                          "Dalli con ⟦/order⟧, o con i menu di ⟦/menus⟧."),
    "reply.which-decision": (
        "You have several decisions open: choose one in the decision option. Open: {choices}.",
        "Hai più decisioni aperte: scegline una nell'opzione decisione. Aperte: {choices}."),
    "reply.unknown-decision": (
        "{decision} is not one of your open decisions. Open: {choices}.",
        "{decision} non è una delle tue decisioni aperte. Aperte: {choices}."),
    "reply.no-ship": ("There is no ship {ship} on this map. Ships: {known}.",
                      "Su questa mappa non c'è la nave {ship}. Navi: {known}."),
    "reply.preview": (
        "{ship} on the map as it stands: her reach and firing arcs are drawn. Only you see this.",
        "{ship} sulla mappa com'è ora: sono disegnati la sua portata e i settori di tiro. Lo vedi solo tu."),
    # {said}: what the ruleset says the move would do, in its own words (its preview's "said").
    "reply.preview-move": (
        "{ship} after that move: {said}. Nothing was sent; give it with ⟦/order⟧. Only you see this.",
        "{ship} dopo quella manovra: {said}. Non è stato inviato nulla; dallo con ⟦/order⟧. Lo vedi solo tu."),
    "reply.preview-moved": (
        "{ship} after that move. Nothing was sent; give it with ⟦/order⟧. Only you see this.",
        "{ship} dopo quella manovra. Non è stato inviato nulla; dallo con ⟦/order⟧. Lo vedi solo tu."),
    "reply.unknown-value-name": (
        "No value is called {name} here. This order's values: {known}.",
        "Nessun valore si chiama {name} qui. I valori di questo ordine: {known}."),
    "reply.value-without-name": (
        "Which value is {value}? Name it as name=value, or choose the action first. Values: {known}.",
        "Quale valore è {value}? Indicalo come nome=valore, o scegli prima l'azione. Valori: {known}."),
    "reply.too-many-values": (
        "{value} is one value too many: this action takes {known}.",
        "{value} è un valore di troppo: questa azione prende {known}."),
    "reply.map": ("The map as it stands. Only you see this.", "La mappa com'è ora. La vedi solo tu."),
    "reply.map-key": ("The full key of the map: what every mark on it means.",
                      "La legenda completa della mappa: che cosa significa ogni segno."),
    "reply.no-picture": ("I could not draw that; the error has been logged.",
                         "Non sono riuscito a disegnarlo; l'errore è stato registrato."),
    "reply.log-empty": ("Nothing has happened yet.", "Non è ancora successo nulla."),
    "reply.done": ("Done; the thread has been told.", "Fatto; il thread è stato avvisato."),
    "reply.extended": ("Done: orders are now due {due}.", "Fatto: ora gli ordini scadono {due}."),
    "reply.undone": ("Step {step} undone; the phase is open again.",
                     "Passo {step} annullato; la fase è di nuovo aperta."),
    "reply.export": (
        "The record of game #{game}. Replay it with: broadside replay {file}",
        "La registrazione della partita #{game}. Per rivederla: broadside replay {file}"),
    "reply.too-big": ("That file is larger than Discord accepts ({size} MB).",
                      "Quel file è più grande di quanto Discord accetti ({size} MB)."),
    # -- order menus ---------------------------------------------------------------------------
    "form.default": ("Without an order: {default}.", "Senza ordine: {default}."),
    "form.chosen": ("Chosen: {summary}", "Scelto: {summary}"),
    "form.nothing-chosen": ("Nothing chosen yet.", "Ancora nessuna scelta."),
    "form.page": ("Page {page} of {pages}.", "Pagina {page} di {pages}."),
    "form.window-before": ("◂ Show {first} … {last}", "◂ Mostra {first} … {last}"),
    "form.window-after": ("Show {first} … {last} ▸", "Mostra {first} … {last} ▸"),
    "form.window-help": ("More values in this menu; chooses nothing", "Altri valori in questo menu; non sceglie nulla"),
    "form.more": ("{param}: the menu lists {shown} of {total} legal values; ⟦/order⟧ takes any of them.",
                  "{param}: il menu elenca {shown} dei {total} valori leciti; ⟦/order⟧ li accetta tutti."),
    "form.no-menu": ("{param}: give it with ⟦/order⟧ values:{key}=…", "{param}: indicalo con ⟦/order⟧ valori:{key}=…"),
    "form.action": ("Action", "Azione"),
    "form.confirm": ("Confirm", "Conferma"),
    "form.previous": ("Previous", "Indietro"),
    "form.next": ("Next", "Avanti"),
    "form.choose-action": ("Choose an action first.", "Scegli prima un'azione."),
    "form.closed": (
        "This decision is no longer open (the phase has moved on). ⟦/pending⟧ shows what is asked of you now.",
        "Questa decisione non è più aperta (la fase è andata avanti). ⟦/pending⟧ mostra cosa ti viene chiesto ora."),
    # -- direct messages -------------------------------------------------------------------------
    "dm.welcome": (
        "You joined {title} (game #{game}) for {side}. Your order menus will come to this chat; "
        "nobody else sees them.",
        "Ti sei unito a {title} (partita #{game}) per {side}. I tuoi menu degli ordini arriveranno "
        "in questa chat; nessun altro li vede."),
    "dm.forms": ("Choose in the menus below and press Confirm; you can change an order until the phase resolves.",
                 "Scegli nei menu qui sotto e premi Conferma; puoi cambiare un ordine finché la fase non si risolve."),
    # -- /help and /rules ------------------------------------------------------------------------
    "help.text": (
        "**Broadside** — naval wargames by chat.\n"
        "**Quick start:** ⟦/duel computer⟧ (a battle against the computer, at once) · ⟦/duel friend⟧ (invite a member)\n"
        "**Lobby:** ⟦/game new⟧ · ⟦/game join⟧ · ⟦/game pick⟧ · ⟦/game unpick⟧ · ⟦/game leave⟧ · ⟦/game start⟧ · "
        "⟦/game list⟧ · ⟦/game dms⟧\n"
        "**Playing:** ⟦/menus⟧ (your order menus) · ⟦/order⟧ (alone: the menus; or values as name=value, "
        "completed with legal values only) · "
        "⟦/pending⟧ · ⟦/preview⟧ · ⟦/map⟧ · ⟦/card⟧ · ⟦/log⟧ · ⟦/replay⟧ · ⟦/rules⟧\n"
        "**Host** (the game's host, or anyone with Manage Server): ⟦/host pause⟧ · resume · extend · timing · posting · "
        "replace · ai · add-ai · undo · end · export\n"
        "Your order menus come by direct message; every answer to your commands is visible only "
        "to you. Deadlines show in your own time zone.",
        "**Broadside** — giochi di guerra navale in chat.\n"
        "**Per iniziare:** ⟦/duel computer⟧ (una battaglia contro il computer, subito) · ⟦/duel friend⟧ (invita un "
        "membro)\n"
        "**Preparazione:** ⟦/game new⟧ · ⟦/game join⟧ · ⟦/game pick⟧ · ⟦/game unpick⟧ · ⟦/game leave⟧ · ⟦/game start⟧ · "
        "⟦/game list⟧ · ⟦/game dms⟧\n"
        "**In gioco:** ⟦/menus⟧ (i menu degli ordini) · ⟦/order⟧ (da solo: i menu; oppure i valori come "
        "nome=valore, completati solo con valori leciti) · ⟦/pending⟧ · ⟦/preview⟧ · ⟦/map⟧ · ⟦/card⟧ · ⟦/log⟧ · "
        "⟦/replay⟧ · ⟦/rules⟧\n"
        "**Conduzione** (chi ha creato la partita, o chi può Gestire il server): ⟦/host pause⟧ · resume · "
        "extend · timing · posting · replace · ai · add-ai · undo · end · export\n"
        "I menu degli ordini arrivano per messaggio diretto; ogni risposta ai tuoi comandi la vedi "
        "solo tu. Le scadenze sono mostrate nel tuo fuso orario."),
    "quickref.generic": (
        "**{title}** — how a game runs here\n"
        "The bot asks each player for their decisions, phase by phase, by direct message (or ⟦/menus⟧). "
        "Give them with the menus or ⟦/order⟧, whose autocomplete offers only legal values; you can change an "
        "order until the phase resolves. When every order is in, or the deadline passes (the default shown in your "
        "orders applies), the phase is resolved and the thread gets the story and the map.",
        "**{title}** — come si gioca qui\n"
        "Il bot chiede a ogni giocatore le sue decisioni, fase per fase, per messaggio diretto (o ⟦/menus⟧). "
        "Dalle con i menu o con ⟦/order⟧, il cui completamento propone solo valori leciti; puoi cambiare un "
        "ordine finché la fase non si risolve. Quando tutti gli ordini sono arrivati, o alla scadenza (vale l'ordine "
        "predefinito indicato nei tuoi ordini), la fase si risolve e il thread riceve il resoconto e la mappa."),
}

CHAT: dict[str, dict[str, str]] = {code: {"en": en, "it": it} for code, (en, it) in {**_COMMANDS, **_TEXTS}.items()}

__all__ = ["CHAT"]
