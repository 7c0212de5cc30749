"""Cannoni in batteria! as the bot, the renderer and the AI registry know it."""
from rules.core.manifest import Manifest, OrderParam, Text


def _param(name: str, label: tuple[str, str], description: tuple[str, str], *, option: str = "",
           kind: str = "choice", unit: str | None = None, preview: tuple[str, str] | None = None) -> OrderParam:
    return OrderParam(name=name, option=option, kind=kind, unit=unit, label=Text(en=label[0], it=label[1]),
                      description=Text(en=description[0], it=description[1]),
                      preview=Text(en=preview[0], it=preview[1]) if preview else None)


MANIFEST = Manifest(
    name="cannoni",
    title=Text(en="Cannoni in batteria!", it="Cannoni in batteria!"),
    board="open_table",
    ruleset="rules.cannoni.ruleset:CannoniRuleset",
    board_factory="renderer.cannoni.board:CannoniBoard",
    scenarios="rules.cannoni",
    duel_scenario="frigate-duel",
    previews=True,
    params=(
        _param("distance", ("distance", "distanza"), ("Distance in inches", "Distanza in pollici"),
               kind="number", unit="inch", preview=("Inches to sail", "Pollici da percorrere")),
        _param("template", ("card", "carta"), ("Turning card", "Carta di virata"), option="card",
               preview=("Turning card", "Carta accostare")),
        _param("curve", ("curve", "curva"), ("Inches along the curve", "Pollici lungo la curva"),
               kind="number", unit="inch", preview=("Inches along the curve", "Pollici lungo la curva")),
        _param("direction", ("direction", "direzione"),
               ("Port or starboard, or the wind's direction", "Babordo o tribordo, o la direzione del vento"),
               preview=("Turn to port or starboard", "Accostare a babordo o a dritta")),
        _param("side", ("side", "lato"), ("Which side of the ship", "Quale lato della nave")),
        _param("target", ("target", "bersaglio"), ("The target", "Il bersaglio")),
        _param("aim", ("aim", "mira"), ("Aim at hull or rigging", "Mira allo scafo o all'alberatura")),
        _param("to", ("sails", "vele"), ("Sails to set", "Vele da spiegare"), option="sails"),
        _param("mast", ("mast", "albero"), ("Which mast", "Quale albero")),
        _param("end", ("end", "estremità"), ("Bow or stern", "Prua o poppa")),
        _param("points", ("points", "punti"), ("How many points of the compass", "Quante quarte della rosa")),
        _param("other", ("other", "altra"), ("The other ship", "L'altra nave")),
        _param("from_ship", ("from_ship", "da_nave"),
               ("The ship to cut loose from or let go of", "La nave da cui liberarsi o da lasciare")),
        _param("order", ("order", "sequenza"),
               ("Which ship of the line acts first", "Quale nave della linea agisce per prima")),
    ),
    quickref=Text(
        en="**Cannoni in batteria!** — quick reference\n"
        "**Turn:** the wind may shift; then each player places one activation chit (1–5) per ship, face down "
        "and in secret (DM or /chits). A ship's five chits are each used once before the set comes back.\n"
        "**Phases 5 → 1:** a ship is active from the phase of her chit down to phase 1, so a high chit means "
        "more actions and a chit shows when its phase is called. Active ships act in initiative order.\n"
        "**Actions (one per phase):** sail straight (half-inch steps, within the speed of her point of sail), "
        "turn along a card (A–D) then run straight, change sails, fire a broadside at a target in her arc, "
        "grapple and board, anchor, emergency work. When activated, her first action must be a move.\n"
        "**Wind:** never sail into the wind's eye; a ship in irons tacks with a manoeuvre test.\n"
        "**Damage** is marked at the end of the phase; a missed deadline takes the default shown in your "
        "orders.",
        it="**Cannoni in batteria!** — promemoria\n"
        "**Turno:** il vento può cambiare; poi ogni giocatore mette un gettone di attivazione (1–5) per nave, "
        "coperto e in segreto (messaggio diretto o /chits). I cinque gettoni di una nave si usano una volta "
        "ciascuno prima di tornare disponibili.\n"
        "**Fasi da 5 a 1:** una nave è attiva dalla fase del suo gettone fino alla fase 1: un gettone alto dà "
        "più azioni, e il gettone si scopre quando viene chiamata la sua fase. Le navi attive agiscono in "
        "ordine di iniziativa.\n"
        "**Azioni (una per fase):** navigare dritto (a mezzi pollici, entro la velocità dell'andatura), "
        "accostare con una carta (A–D) e poi proseguire dritto, cambiare le vele, sparare una bordata a un "
        "bersaglio nel settore, agganciare e abbordare, ancorarsi, manovre d'emergenza. Appena attivata, la "
        "prima azione deve essere un movimento.\n"
        "**Vento:** non si naviga mai controvento; una nave con la prua al vento vira con un test di manovra.\n"
        "**Danni** segnati a fine fase; a scadenza mancata vale l'ordine predefinito indicato nei tuoi ordini."),
    captains={"deckhand": "rules.ai.cannoni.captains:Deckhand", "captain": "rules.ai.cannoni.captains:Captain"},
    captain_descriptions={
        "deckhand": Text(en="a computer captain, deckhand level (fires when it can, sails at the nearest enemy)",
                         it="un capitano automatico, livello mozzo (spara quando può, punta sul nemico più vicino)"),
        "captain": Text(en="a computer captain, captain level (plans its moves, rakes, husbands its chits)",
                        it="un capitano automatico, livello capitano (pianifica le manovre, prende d'infilata, "
                           "dosa i gettoni)"),
    },
)
