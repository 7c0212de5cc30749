"""Words of fewer taps, in English and Italian: standing orders (``/standing``), the one
form for every ship of a phase (``/orders``), "same as last turn", and what a player is
told when a standing order did not fit. Merged into :data:`bot.i18n.CATALOGUE` like
:mod:`bot.i18n.chat`. The rules' own words for the orders come from each ruleset.
"""
from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # -- commands --------------------------------------------------------------------------------
    "cmd.standing": ("standing", "permanenti"),
    "cmd.standing.desc": ("Standing orders for your ships, applied whenever you give none",
                          "Ordini permanenti per le tue navi, applicati quando non ne dai"),
    "cmd.standing.when": ("when", "quando"),
    "cmd.standing.when.desc": ("Every phase (default), each phase left this turn, or one of them",
                               "Ogni fase (predefinito), ogni fase rimasta del turno, o una di esse"),
    "cmd.orders": ("orders", "ordini"),
    "cmd.orders.desc": ("One form for all your ships of this phase", "Un solo modulo per tutte le tue navi di questa fase"),
    "help.taps": ("**Fewer taps:** ⟦/standing⟧ (standing orders for your ships, used whenever you give none; "
                  "or for one phase still to come) · ⟦/orders⟧ (one form for all your ships of the phase)",
                  "**Meno tocchi:** ⟦/standing⟧ (ordini permanenti per le tue navi, usati quando non ne dai; o per "
                  "una fase ancora da giocare) · ⟦/orders⟧ (un solo modulo per tutte le tue navi della fase)"),
    # -- refusals ----------------------------------------------------------------------------------
    "error.standing-not-yours": ("That is not one of your ships. You can give standing orders to: {ships}.",
                                 "Quella non è una delle tue navi. Puoi dare ordini permanenti a: {ships}."),
    "error.standing-unknown": ("There is no standing order “{order}” for that ship. Possible: {legal}.",
                               "Non esiste l'ordine permanente «{order}» per quella nave. Possibili: {legal}."),
    "error.standing-moment-passed": ("That phase of the turn has passed, or the ship will not act in it: choose "
                                     "another with ⟦/standing⟧.",
                                     "Quella fase del turno è passata, o la nave non vi agirà: scegline un'altra "
                                     "con ⟦/standing⟧."),
    "error.standing-none": ("That ship has no standing order to cancel.",
                            "Quella nave non ha un ordine permanente da annullare."),
    # -- the service's words -----------------------------------------------------------------------
    "standing.given": ("Standing order recorded: {ship} — {order}, {when}. It applies whenever you give her no "
                       "order; change or cancel it with ⟦/standing⟧.",
                       "Ordine permanente registrato: {ship} — {order}, {when}. Si applica ogni volta che non le "
                       "dai un ordine; cambialo o annullalo con ⟦/standing⟧."),
    "standing.cancelled": ("Standing order of {ship} cancelled: she waits for your orders again.",
                           "Ordine permanente di {ship} annullato: la nave attende di nuovo i tuoi ordini."),
    "standing.every-phase": ("every phase until you cancel it", "ogni fase finché non lo annulli"),
    "standing.rest-of-turn": ("each phase still to come this turn, one menu each",
                              "ogni fase ancora da giocare in questo turno, un menu ciascuna"),
    "standing.nothing-to-do": ("there was nothing it could do", "non c'era nulla che potesse fare"),
    "standing.unfit": ("Your standing order “{order}” for {ship} did not fit {decision}: {why}. She took the "
                       "default instead: {default}.",
                       "Il tuo ordine permanente «{order}» per {ship} non era adatto a {decision}: {why}. La nave "
                       "ha eseguito invece l'ordine predefinito: {default}."),
    "standing.will-do": ("standing order “{order}”: {does}", "ordine permanente «{order}»: {does}"),
    "standing.wont-fit": ("standing order “{order}” does not fit now ({why}): the default applies: {default}",
                          "l'ordine permanente «{order}» ora non è adatto ({why}): vale il predefinito: {default}"),
    "private.prompt-standing": ("To be asked less often, give your ships standing orders with ⟦/standing⟧ (or "
                                "order them all in one form with ⟦/orders⟧).",
                                "Per essere interpellato meno spesso, dai alle tue navi ordini permanenti con "
                                "⟦/standing⟧ (o ordina a tutte insieme in un solo modulo con ⟦/orders⟧)."),
    # -- /standing's form --------------------------------------------------------------------------
    "standing.header": ("**Standing orders — {when}.** Choose one for each ship: it is stored as you choose, "
                        "and applies whenever you give her no order.",
                        "**Ordini permanenti — {when}.** Scegline uno per ogni nave: è registrato appena lo "
                        "scegli, e vale ogni volta che non le dai un ordine."),
    "standing.none-option": ("No standing order", "Nessun ordine permanente"),
    "standing.nothing": ("None of your ships can take standing orders now.",
                         "Nessuna delle tue navi può ricevere ordini permanenti ora."),
    "standing.ship": ("{ship}: {order}", "{ship}: {order}"),
    "standing.no-order": ("no standing order", "nessun ordine permanente"),
    # -- /pending ----------------------------------------------------------------------------------
    "reply.pending-standing": ("• {label} — {standing}", "• {label} — {standing}"),
    "reply.pending-standing-list": ("Your standing orders: {orders}. Change or cancel them with ⟦/standing⟧.",
                                    "I tuoi ordini permanenti: {orders}. Cambiali o annullali con ⟦/standing⟧."),
    # -- the forms ---------------------------------------------------------------------------------
    "form.standing": ("Without an order from you: {standing}.", "Senza un tuo ordine: {standing}."),
    "form.repeat": ("Same as last turn", "Come il turno scorso"),
    "form.repeat-gone": ("Last turn's order cannot be given again now.",
                         "L'ordine del turno scorso ora non si può ripetere."),
    "fleet.header": ("**Every ship of yours in this phase.** One menu per ship: each lists whole orders the rules "
                     "take now. Choose and press Confirm; a ship left unchosen keeps her order, standing order or "
                     "default.",
                     "**Tutte le tue navi in questa fase.** Un menu per nave: ognuno elenca ordini completi che le "
                     "regole accettano ora. Scegli e premi Conferma; una nave senza scelta mantiene il suo ordine, "
                     "l'ordine permanente o il predefinito."),
    "form.given": ("your order: {order}", "il tuo ordine: {order}"),
    "fleet.none-chosen": ("Choose an order for at least one ship first.",
                          "Prima scegli un ordine per almeno una nave."),
    "fleet.nothing": ("Nothing in this phase needs an order from you.",
                      "In questa fase nulla richiede un tuo ordine."),
    "dm.fleet": ("Or order every ship at once in the form below.",
                 "Oppure dai gli ordini a tutte le navi insieme nel modulo qui sotto."),
}

TAPS: dict[str, dict[str, str]] = {code: {"en": en, "it": it} for code, (en, it) in _TEXTS.items()}

__all__ = ["TAPS"]
