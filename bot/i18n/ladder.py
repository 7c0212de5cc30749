"""Words of what finished games come to: ``/ladder``, ``/stats``, ``/history`` and the
ladder's line in a game's last post, in English and Italian. Merged into
:data:`bot.i18n.CATALOGUE` like :mod:`bot.i18n.chat`.
"""
from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # -- the commands ------------------------------------------------------------------------
    "cmd.ladder": ("ladder", "classifica"),
    "cmd.ladder.desc": ("This server's ladder: its captains by rating, for one game",
                        "La classifica del server: i capitani per punteggio, per un gioco"),
    "cmd.ladder.ruleset": ("ruleset", "regolamento"),
    "cmd.ladder.ruleset.desc": ("Which game (default: the one most played here)",
                                "Quale gioco (predefinito: il più giocato qui)"),
    "cmd.stats": ("stats", "statistiche"),
    "cmd.stats.desc": ("A captain's finished games on this server: results, ships, ratings",
                       "Le partite finite di un capitano su questo server: risultati, navi, punteggi"),
    "cmd.stats.member": ("member", "membro"),
    "cmd.stats.member.desc": ("Whose statistics (default: yours)", "Di chi (predefinito: tue)"),
    "cmd.stats.ruleset": ("ruleset", "regolamento"),
    "cmd.stats.ruleset.desc": ("Only the games of this game (default: all)",
                               "Solo le partite di questo gioco (predefinito: tutte)"),
    "cmd.history": ("history", "storico"),
    "cmd.history.desc": ("This server's last finished games, with links to their threads",
                         "Le ultime partite finite del server, con i link ai loro thread"),
    # -- /ladder -------------------------------------------------------------------------------
    "ladder.none": ("No rated game has finished on this server yet. A game is rated when the rules decide it "
                    "between members only, on two sides or more: not against the computer, not ended by its host.",
                    "Nessuna partita valida per la classifica è ancora finita su questo server. Conta una partita "
                    "decisa dalle regole tra soli membri, su almeno due schieramenti: non contro il computer, "
                    "non chiusa dall'host."),
    "ladder.header": ("**Ladder — {ruleset}** · {players} captains",
                      "**Classifica — {ruleset}** · {players} capitani"),
    "ladder.explain": ("The rating is the figure a captain is surely above: everyone starts at 0, and it rises "
                       "with wins and as more games make it surer.",
                       "Il punteggio è la cifra sopra la quale un capitano sta di sicuro: tutti partono da 0, e "
                       "sale con le vittorie e man mano che più partite lo rendono sicuro."),
    "ladder.line": ("**{rank}.** {who} — **{rating}** · {games} games: {wins} won, {losses} lost, {draws} drawn",
                    "**{rank}.** {who} — **{rating}** · {games} partite: {wins} vinte, {losses} perse, "
                    "{draws} pari"),
    "ladder.moved": ("Ladder: {moves}.", "Classifica: {moves}."),
    "ladder.move": ("{who} {before} → {after}", "{who} {before} → {after}"),
    "ladder.unrated": ("This game does not count for the ladder ({why}).",
                       "Questa partita non conta per la classifica ({why})."),
    "ladder.why-computer": ("a computer captain played", "ha giocato un capitano del computer"),
    "ladder.why-sides": ("members on one side only", "membri su un solo schieramento"),
    # -- /stats --------------------------------------------------------------------------------
    "stats.none": ("{who} has not finished a game on this server yet.",
                   "{who} non ha ancora finito una partita su questo server."),
    "stats.header": ("**{who}** — {games} finished games: {won} won, {lost} lost, {drawn} drawn, "
                     "{abandoned} abandoned; {rated} for the ladder",
                     "**{who}** — {games} partite finite: {won} vinte, {lost} perse, {drawn} pari, "
                     "{abandoned} abbandonate; {rated} per la classifica"),
    "stats.games-by-ruleset": ("Games: {items}", "Partite: {items}"),
    "stats.wins": ("Wins by kind: {items}", "Vittorie per tipo: {items}"),
    "stats.ships": ("Enemy ships sunk or taken by their side: {taken}; ships of their side lost: {lost}",
                    "Navi nemiche affondate o prese dal loro schieramento: {taken}; navi del loro schieramento "
                    "perse: {lost}"),
    "stats.favourite": ("Favourite ship: {ship} ({games} games)", "Nave preferita: {ship} ({games} partite)"),
    "stats.turns": ("Average game: {turns} turns", "Partita media: {turns} turni"),
    "stats.rating": ("{ruleset} rating: **{rating}** ({games} rated games)",
                     "Punteggio {ruleset}: **{rating}** ({games} partite in classifica)"),
    "stats.item": ("{what} {n}", "{what} {n}"),
    # -- /history ------------------------------------------------------------------------------
    "history.none": ("No game has finished on this server yet.", "Nessuna partita è ancora finita su questo server."),
    "history.header": ("**Last finished games** · {total}", "**Ultime partite finite** · {total}"),
    "history.line": ("{when} · **{title}** ({ruleset}, {turns}) — {result} · {players} · {place}",
                     "{when} · **{title}** ({ruleset}, {turns}) — {result} · {players} · {place}"),
    "history.turns": ("{n} turns", "{n} turni"),
    "history.won": ("{side} won ({kind})", "ha vinto {side} ({kind})"),
    "history.draw": ("no winner ({kind})", "nessun vincitore ({kind})"),
    "history.abandoned": ("ended by its host", "chiusa dall'host"),
    "history.unrated": ("unrated", "fuori classifica"),
    "history.computer": ("computer", "computer"),
    # -- the report page (broadside campaign-report) -------------------------------------------
    "report.unfinished": ("The record stops before the end of the game.",
                          "La registrazione si ferma prima della fine della partita."),
    "report.turns": ("{n} turns", "{n} turni"),
    "report.side": ("Side", "Schieramento"),
    "report.score": ("Score", "Punti"),
    "report.losses": ("Ships lost", "Navi perse"),
    "report.final-map": ("The table at the end.", "Il tavolo alla fine."),
    "report.replay": ("The whole game, {frames} frames.", "L'intera partita, {frames} fotogrammi."),
    "report.replay-alt": ("The whole game as an animation of {frames} frames.",
                          "L'intera partita animata in {frames} fotogrammi."),
    "report.log": ("What happened ({lines} lines)", "Cosa è successo ({lines} righe)"),
    "report.standings": ("Standings", "Classifica"),
}

LADDER: dict[str, dict[str, str]] = {code: {"en": en, "it": it} for code, (en, it) in _TEXTS.items()}

__all__ = ["LADDER"]
