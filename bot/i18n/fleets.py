"""Words of fleets by points and custom scenarios: the builder form, its refusals, the
commands' options, in English and Italian. Merged into :data:`bot.i18n.CATALOGUE` like
:mod:`bot.i18n.ladder`.
"""
from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # -- refusals ---------------------------------------------------------------------------
    "error.fleet-unsupported": ("{ruleset} does not sell ships by points: play one of its scenarios.",
                                "{ruleset} non vende navi a punti: gioca uno dei suoi scenari."),
    "error.fleet-not-points": ("This game's ships are set by its scenario: there is no fleet to buy.",
                               "Le navi di questa partita sono quelle del suo scenario: non c'è una flotta da comprare."),
    "error.fleet-no-seat": ("Take a seat first (⟦/game join⟧): you buy ships for your own side.",
                            "Prima prendi posto (⟦/game join⟧): compri navi per il tuo schieramento."),
    "error.fleet-not-your-side": ("You buy ships for your own side only; {side}'s fleet is bought by its players "
                                  "or by the host.",
                                  "Compri navi solo per il tuo schieramento; la flotta di {side} la comprano i suoi "
                                  "giocatori o l'organizzatore."),
    "error.fleet-unknown-ship": ("{ship} is not for sale to this side. On sale: {legal}.",
                                 "{ship} non è in vendita per questo schieramento. In vendita: {legal}."),
    "error.fleet-over-budget": ("{ship} costs {points} points; {side} has {left} of its {budget} left. Nothing "
                                "was bought.",
                                "{ship} costa {points} punti; a {side} ne restano {left} su {budget}. Non è stato "
                                "comprato nulla."),
    "error.fleet-full": ("{side} has {most} ships, the most a side may have. Nothing was bought.",
                         "{side} ha già {most} navi, il massimo per uno schieramento. Non è stato comprato nulla."),
    "error.fleet-rules": ("The rules do not allow it: {why} Nothing was bought.",
                          "Le regole non lo consentono: {why} Non è stato comprato nulla."),
    "error.fleet-not-yours": ("Ship {n} is not one of {side}'s ships.", "La nave {n} non è di {side}."),
    "error.fleet-empty": ("{side} has bought no ship yet: each side needs at least one to start.",
                          "{side} non ha ancora comprato navi: ogni schieramento ne deve avere almeno una."),
    "error.fleet-bad-budget": ("The budget must be more than 0 and at most {most} points.",
                               "Il budget deve essere più di 0 e al massimo {most} punti."),
    "error.fleet-bad-pattern": ("There is no set-up {pattern}. Choose: {known}.",
                                "Non esiste lo schieramento {pattern}. Scegli: {known}."),
    "error.fleet-bad-wind": ("The wind is a point of the compass, 0 (from the north) to 15.",
                             "Il vento è un punto della rosa, da 0 (da nord) a 15."),
    "error.fleet-bad-table": ("A table side must be between {low} and {high} {unit}.",
                              "Un lato del tavolo deve essere tra {low} e {high} {unit}."),
    "error.scenario-bad-name": ("A scenario's name is 1 to 40 letters, digits, - or _.",
                                "Il nome di uno scenario ha da 1 a 40 lettere, cifre, - o _."),
    "error.scenario-unknown": ("This server has no scenario {name}. Saved: {known}.",
                               "Questo server non ha lo scenario {name}. Salvati: {known}."),
    # -- notices ----------------------------------------------------------------------------
    "notice.fleet-bought": ("{side} bought {ship} ({points} points; {left} left).",
                            "{side} ha comprato {ship} ({points} punti; ne restano {left})."),
    # -- the builder form --------------------------------------------------------------------
    "fleet.head": ("**Fleet of {side}**: {spent} of {budget} points spent, **{left} left**; {n} of at most {most} "
                   "ships.",
                   "**Flotta di {side}**: spesi {spent} punti su {budget}, **ne restano {left}**; {n} navi su un "
                   "massimo di {most}."),
    "fleet.none": ("No ship bought yet.", "Nessuna nave comprata."),
    "fleet.ship": ("{n}. {name}: {points} points", "{n}. {name}: {points} punti"),
    "fleet.choose": ("Choose a ship to buy", "Scegli una nave da comprare"),
    "fleet.choose-param": ("Choose {what}", "Scegli {what}"),
    "fleet.price": ("{ship}: {points} points.", "{ship}: {points} punti."),
    "fleet.price-pending": ("{ship}: choose every value to see her price.",
                            "{ship}: scegli tutti i valori per vederne il prezzo."),
    "fleet.buy": ("Buy", "Compra"),
    "fleet.sell": ("Sell a ship", "Vendi una nave"),
    "fleet.bought": ("Bought {ship} for {points} points.", "Comprata {ship} per {points} punti."),
    "fleet.sold": ("Sold ship {n}.", "Venduta la nave {n}."),
    "fleet.more": ("(more designs: page {page} of {pages})", "(altri modelli: pagina {page} di {pages})"),
    "fleet.page": ("Page {page}", "Pagina {page}"),
    "fleet.points-option": ("{points} points", "{points} punti"),
    "fleet.price-varies": ("price by choices", "prezzo secondo le scelte"),
    "scenario.saved": ("Saved the scenario {name} for this server: {ships} ships, set-up {pattern}.",
                       "Scenario {name} salvato per questo server: {ships} navi, schieramento {pattern}."),
    "scenario.list": ("Scenarios saved on this server: {names}.", "Scenari salvati su questo server: {names}."),
    "scenario.none": ("No scenario saved on this server yet.", "Nessuno scenario salvato su questo server."),
    "scenario.export": ("The scenario {name} as JSON.", "Lo scenario {name} in JSON."),
}

FLEETS: dict[str, dict[str, str]] = {code: {"en": en, "it": it} for code, (en, it) in _TEXTS.items()}
