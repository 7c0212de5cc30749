"""Words of the newcomer's path and of a game's end, in English and Italian: ``/duel``
and its invitation, and the last post of a game. Merged into :data:`bot.i18n.CATALOGUE` like :mod:`bot.i18n.chat`.
"""
from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # -- /duel -------------------------------------------------------------------------------
    "cmd.duel": ("duel", "duello"),
    "cmd.duel.desc": ("A ready game in one command: against a friend or the computer",
                      "Una partita pronta con un solo comando: contro un amico o il computer"),
    "cmd.duel.friend": ("friend", "amico"),
    "cmd.duel.friend.desc": ("Invite a member to a duel; it starts when they accept",
                             "Invita un membro a un duello; inizia quando accetta"),
    "cmd.duel.friend.member": ("member", "membro"),
    "cmd.duel.friend.member.desc": ("Who you challenge", "Chi sfidi"),
    "cmd.duel.friend.ruleset": ("ruleset", "regolamento"),
    "cmd.duel.friend.ruleset.desc": ("Which game (default: the first; its duel scenario)",
                                     "Quale gioco (predefinito: il primo; il suo scenario da duello)"),
    "cmd.duel.friend.scenario": ("scenario", "scenario"),
    "cmd.duel.friend.scenario.desc": ("The battle (default: the ruleset's duel)",
                                      "La battaglia (predefinita: il duello del regolamento)"),
    "cmd.duel.computer": ("computer", "computer"),
    "cmd.duel.computer.desc": ("A duel against a computer captain; it starts at once",
                               "Un duello contro un capitano del computer; inizia subito"),
    "cmd.duel.computer.level": ("level", "livello"),
    "cmd.duel.computer.level.desc": ("How well the computer plays (default: its best)",
                                     "Quanto bene gioca il computer (predefinito: il migliore)"),
    "cmd.duel.computer.ruleset": ("ruleset", "regolamento"),
    "cmd.duel.computer.ruleset.desc": ("Which game (default: the first; its duel scenario)",
                                       "Quale gioco (predefinito: il primo; il suo scenario da duello)"),
    "cmd.duel.computer.scenario": ("scenario", "scenario"),
    "cmd.duel.computer.scenario.desc": ("The battle (default: the ruleset's duel)",
                                        "La battaglia (predefinita: il duello del regolamento)"),
    "form.duel-accept": ("Accept", "Accetta"),
    "form.duel-decline": ("Decline", "Rifiuta"),
    "notice.duel-invite": (
        "{friend}, {host} challenges you to a duel: **{title}** ({ruleset}). Accept or decline below; "
        "the invitation expires {due}.",
        "{friend}, {host} ti sfida a duello: **{title}** ({ruleset}). Accetta o rifiuta qui sotto; "
        "l'invito scade {due}."),
    "notice.duel-declined": ("{user} declines the duel; the game is closed.",
                             "{user} rifiuta il duello; la partita è chiusa."),
    "notice.duel-expired": ("The duel invitation from {host} has expired; the game is closed.",
                            "L'invito a duello di {host} è scaduto; la partita è chiusa."),
    "reply.duel-invited": ("Invitation sent to {friend} in {thread}. The game starts when they accept.",
                           "Invito inviato a {friend} in {thread}. La partita inizia quando accetta."),
    "reply.duel-started": ("Your duel against the computer ({level}) has begun in {thread}; your orders come "
                           "by direct message (or ⟦/menus⟧ there).",
                           "Il tuo duello contro il computer ({level}) è iniziato in {thread}; i tuoi ordini "
                           "arrivano per messaggio diretto (o con ⟦/menus⟧ lì)."),
    "reply.duel-accepted": ("You accepted: the game starts. Your orders come by direct message (or ⟦/menus⟧ here).",
                            "Hai accettato: la partita inizia. I tuoi ordini arrivano per messaggio diretto "
                            "(o con ⟦/menus⟧ qui)."),
    "reply.duel-declined": ("The invitation is declined and the game closed.",
                            "L'invito è rifiutato e la partita chiusa."),
    "reply.duel-self": ("You cannot challenge yourself: name a friend, or play ⟦/duel computer⟧.",
                        "Non puoi sfidare te stesso: indica un amico, o gioca ⟦/duel computer⟧."),
    "reply.duel-bot": ("Bots do not play duels: name a member, or play ⟦/duel computer⟧.",
                       "I bot non giocano a duello: indica un membro, o gioca ⟦/duel computer⟧."),
    "error.not-invited": ("This invitation is for {user}; only they can answer it.",
                          "Questo invito è per {user}; solo lui o lei può rispondere."),
    "error.duel-own-invite": ("This is your own invitation: your friend accepts it.",
                              "È il tuo invito: lo accetta il tuo amico."),
    "error.duel-answered": ("This invitation has already been answered.",
                            "A questo invito è già stata data una risposta."),
    "error.duel-expired": ("This invitation has expired; ask for a new ⟦/duel friend⟧.",
                           "Questo invito è scaduto; chiedi un nuovo ⟦/duel friend⟧."),
    "error.duel-two-sides": ("{scenario} is not a battle of two sides; a duel needs two. Try ⟦/game new⟧.",
                             "{scenario} non è una battaglia fra due schieramenti; un duello ne vuole due. "
                             "Prova ⟦/game new⟧."),
    # -- the end of a game -------------------------------------------------------------------------
    "notice.final-result": ("**The game is over: {result}.**", "**La partita è finita: {result}.**"),
    "notice.final-winner": ("{side} wins", "vince {side}"),
    "notice.final-draw": ("no winner", "nessun vincitore"),
    "notice.final-side": ("{side}: {score}lost {lost}.", "{side}: {score}perse {lost}."),
    "notice.final-score": ("{points} points; ", "{points} punti; "),
    "notice.final-none": ("nothing", "nulla"),
    "notice.final-replay": ("The whole game in {frames} frames is attached. The host can export the record with "
                            "⟦/host export⟧.",
                            "In allegato l'intera partita in {frames} fotogrammi. Chi l'ha creata può esportarne "
                            "la registrazione con ⟦/host export⟧."),
    "notice.final-replay-alt": ("Replay of {title}: the whole game in {frames} frames, from the first map to the "
                                "last.",
                                "Replay di {title}: l'intera partita in {frames} fotogrammi, dalla prima mappa "
                                "all'ultima."),
}

NEWCOMER: dict[str, dict[str, str]] = {code: {"en": en, "it": it} for code, (en, it) in _TEXTS.items()}

__all__ = ["NEWCOMER"]
