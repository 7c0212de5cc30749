"""Optional rule 6: the second artillery table, the initial broadside, reloading with it."""
from __future__ import annotations

import pytest

from rules.sca.artillery import TABLE, factors
from tests.conformance.test_rulesets import play
from tests.sca.helpers import event, kinds, order, part, ship, start

E = 4
# "Hull 1 1 1 1 2 1 3 1 4 1 5 1 1 7 1 1 8 1 1 10 2 2": extreme (T C), long normal and initial (T C),
# medium normal and initial (T C), close normal and initial (T C O), musket normal and initial (T C O).
HULL_ROW = [1, 1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 1, 7, 1, 1, 8, 1, 1, 10, 2, 2]


def test_regola_opzionale_6_seconda_tabella_the_hull_row_as_printed():
    """"si può conservare la regola che prevede tre sole gittate per il tiro: corta, media e lunga (si
    eliminano le due gittate estreme)": the printed hull row without its extreme and musket cells."""
    long_n, long_i, med_n, med_i = [tuple(HULL_ROW[i:i + 2]) + (0,) for i in (2, 4, 6, 8)]
    close_n, close_i = tuple(HULL_ROW[10:13]), tuple(HULL_ROW[13:16])
    assert TABLE["hull"] == {"long": {"normal": long_n, "initial": long_i},
                             "medium": {"normal": med_n, "initial": med_i},
                             "short": {"normal": close_n, "initial": close_i}}


@pytest.mark.parametrize("rng,sail,initial,want", [
    ("long", "easy", False, (1, 1, 0)), ("medium", "easy", True, (4, 1, 0)), ("short", "easy", True, (8, 1, 0)),
    ("short", "furled", False, (6, 1, 0)), ("medium", "full", False, (4, 1, 0)), ("short", "full", True, (9, 1, 0)),
])
def test_regola_opzionale_6_seconda_tabella_the_rigging_rows(rng, sail, initial, want):
    """"Easy Sail or less" and "All Plain Sail or more": a furled ship is under less than easy sail;
    at close range the rigging has no third factor ("riportato solo per lo scafo")."""
    assert factors(rng, "rigging", sail, initial) == want


def test_regola_opzionale_6_danni_sull_obiettivo_e_collaterali():
    """"il primo è utilizzato per calcolare i danni procurati all'obiettivo — Target, T — ... il secondo per
    i danni provocati dalle palle che hanno mancato l'obiettivo principale — Collateral, C — ma hanno
    comunque colpito la nave (velatura o scafo, quello che non era obiettivo del tiro)"; at close range
    "il terzo moltiplicatore ... indica i danni provocati al bordo opposto a quello colpito".

    A 36-gun frigate fires her port broadside, Ability 12 (a hit): at medium range on the hull, T 3 and
    C 1; at close range, T 5, C 1 and 1 through to the far side."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"),
                           ship("t", "french", 1000, 1200, E, sail="furled"), wind=0, artillery=True)
    bf = state.ship("a").bf
    after, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 4])
    assert event(step, "shot_hit").data["damage"] == 3 * bf and event(step, "shot_hit").data["rng"] == "medium"
    assert (event(step, "collateral").data["collateral"], event(step, "collateral").data["through"]) == (bf, 0)
    t = after.ship("t")
    assert t.hull_points["starboard"] + t.hull_lost["starboard"] * t.dc == 3 * bf
    assert t.rigging_points + t.rigging_lost * t.dc == bf
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"),
                           ship("t", "french", 1000, 1080, E, sail="furled"), wind=0, artillery=True)
    after, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 4])
    assert event(step, "shot_hit").data["damage"] == 5 * bf and event(step, "shot_hit").data["rng"] == "short"
    assert event(step, "collateral").data["through"] == bf
    t = after.ship("t")
    assert t.hull_points["port"] + t.hull_lost["port"] * t.dc == bf


def test_regola_opzionale_6_bordata_iniziale():
    """"Per poter utilizzare il vantaggio iniziale la nave: deve avere i cannoni in batteria, l'ordine
    cannoni in batteria può essere impartito in ogni turno in cui l'equipaggio non ha fatto fuoco né ha
    avuto l'ordine di ricaricare; non deve ancora aver fatto fuoco con quel bordo della nave, si ha di
    nuovo la possibilità di una bordata iniziale anche successivamente se si ottiene un punteggio di
    Abilità sufficiente nel ricaricare i cannoni" ("16-18: perfetto, equivalente alla bordata iniziale")."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"),
                           ship("t", "french", 1000, 1200, E, sail="furled"), wind=0, artillery=True)
    bf = state.ship("a").bf
    (problem,) = ruleset.validate(state, order(state, "a", fire="port", run_out="yes"))
    assert problem.code == "sca-run-out-idle"
    state, step = part(ruleset, state, [order(state, "a", run_out="yes")], [4, 4, 4])
    assert "guns_run_out" in kinds(step) and state.ship("a").run_out
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 4])
    assert event(step, "shot_hit").data["damage"] == 4 * bf and event(step, "collateral").data["initial"]
    assert state.ship("a").fresh == ["starboard"] and state.ship("a").unloaded == ["port"]
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    # A perfect reload: 6+6+6, less 1 hove to (furled), Ability 17.
    state, step = part(ruleset, state, [order(state, "a", reload="port")], [6, 6, 6])
    assert "reloaded_perfect" in kinds(step) and state.ship("a").fresh == ["port", "starboard"]
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 4])
    assert event(step, "shot_hit").data["damage"] == 4 * bf


def test_regola_opzionale_6_a_whole_game_plays():
    ruleset, state, record = play("sca", "squadrons", 2, options={"artillery": True})
    assert ruleset.outcome(state) is not None


def test_regola_opzionale_6_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"artillery": True})
    assert played.outcome is not None and played.decisions > 0
