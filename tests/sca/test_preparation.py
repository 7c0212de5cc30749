"""Optional rule 2 i and iii: the north side of the table, and refusing the scenario."""
from __future__ import annotations

import pytest

from renderer.sca.board import ScaBoard
from rules.core import game, registry
from rules.core.decisions import Order
from rules.core.dice import ForcedDice, Roller
from rules.core.events import EventLog
from rules.sca.fight import morale_tests
from rules.sca.morale import morale_score
from rules.sca.preparation import morale_bonus, north_edge
from rules.sca.state import ScaOptions, ScaSetup
from rules.core.record import replay
from tests.conformance.test_rulesets import play
from tests.sca.helpers import SEATS, ship

N, W = 0, 12


def begin(dice: list[int], **options):
    ruleset = registry.get_ruleset("sca")
    setup = ScaSetup(name="test", sides=["british", "french"], turns=15, table={"width": 3000, "height": 2000},
                     ships=[ship("a", "british", 1000, 1000, 4), ship("t", "french", 2000, 1000, 12)])
    forced = ForcedDice(dice)
    state, step = game.start(ruleset, setup, ScaOptions(wind_rolls=True, **options), SEATS, forced)
    assert forced.remaining == 0
    return ruleset, state, step


@pytest.mark.parametrize("totals,edge", [((10, 11), "left"), ((4, 9, 12, 17), "far"), ((5, 8, 13, 16), "right"),
                                         ((3, 6, 7, 14, 15, 18), "own")])
def test_regola_opzionale_2_lato_nord(totals, edge):
    """"10,11: il nord è il lato del tavolo alla sinistra del giocatore che ha tirato i dadi, 4,9,12,17:
    il nord è sul lato del tavolo opposto al giocatore che ha tirato i dadi, 5,8,13,16: il nord è alla
    sua destra, 3,6,7,14,15,18: il nord è sul lato del tavolo in cui si trova il giocatore"."""
    assert all(north_edge(t) == edge for t in totals)


def test_regola_opzionale_2_the_thrown_wind_on_a_table_whose_north_is_on_the_left():
    """North thrown on the first player's left (10: the map's west edge), then the wind "viene da nord"
    (10): on the map, which keeps north up, it blows from the west; light air (10); no potential change
    (12)."""
    ruleset, state, step = begin([4, 3, 3, 4, 3, 3, 3, 3, 4, 4, 4, 4], north_side=True)
    assert (state.wind, state.strength) == (W, "light")
    assert next(e for e in step.events if e.kind == "north_side").data["edge"] == "left"
    assert ruleset.describe(next(e for e in step.events if e.kind == "north_side"), "it") == (
        "Il nord è il lato del tavolo alla sua sinistra per il primo giocatore.")


def answer(state, side: str, action: str) -> Order:
    seat = next(s for s in state.seats if s.side == side)
    return Order(decision=f"s{state.refusal_round}.{side}", player=seat.id, payload={"action": action})


def test_regola_opzionale_2_rifiutare_lo_scenario():
    """"ognuno dei due giocatori può decidere che lo scenario che si va delineando è troppo sfavorevole e
    rinunciare. La procedura viene, quindi, ripetuta dall'inizio. L'avversario del giocatore che ha
    rifiutato lo scenario ha diritto ad un bonus di +1 su ogni test del morale ... fino al momento in cui
    una nave, di qualunque parte, si arrende. Ciascun giocatore può rifiutare lo scenario per un massimo
    di tre volte ... Se entrambi i giocatori rifiutano i bonus sono azzerati."

    The wind thrown from the north (10), a breeze (12): Britain refuses; the wind is thrown again, from
    the south (3) in a strong wind (3); France gains +1 on its morale tests."""
    ruleset, state, step = begin([4, 3, 3, 4, 4, 4, 4, 4, 4], refuse_scenario=True)
    assert state.step == "scenario" and (state.wind, state.strength) == (N, "breeze")
    assert "turn_start" not in [e.kind for e in step.events]
    assert ScaBoard().status_line(ruleset.view(state, None), "it") == (
        "Prima della battaglia · ogni parte accetta o rifiuta lo scenario")
    assert [(d.subject, d.kind) for d in ruleset.pending(state)] == [("british", "scenario"), ("french", "scenario")]
    state, step = game.resolve(ruleset, state, [answer(state, "british", "refuse"), answer(state, "french", "accept")],
                               ForcedDice([1, 1, 1, 1, 1, 1, 4, 4, 4]))
    assert state.refusals == {"british": 1} and (state.wind, state.strength) == (8, "strong")
    assert state.ship("a").heading == 4 and state.step == "scenario"
    assert (morale_bonus(state, "french"), morale_bonus(state, "british")) == (1, 0)
    state, step = game.resolve(ruleset, state, [answer(state, "british", "accept"), answer(state, "french", "accept")],
                               ForcedDice([]))
    assert state.step == "orders" and "turn_start" in [e.kind for e in step.events]
    # The bonus in a morale test, until a ship strikes.
    t = state.ship("t")
    t.morale_due = True
    roller = Roller(ForcedDice([1, 1, 1]), EventLog())
    morale_tests(state, roller)
    (test,) = [e for e in roller.log.events if e.kind == "morale"]
    assert test.data["score"] == morale_score(3, t.model_copy(update={"morale_tests": 0})) + 1
    if test.data["struck"]:
        assert morale_bonus(state, "french") == 0


def test_regola_opzionale_2_three_refusals_at_most_and_both_refusing_cancels():
    ruleset, state, _ = begin([4, 3, 3, 4, 4, 4, 4, 4, 4], refuse_scenario=True)
    for _ in range(3):
        state, _ = game.resolve(ruleset, state, [answer(state, "british", "refuse"), answer(state, "french", "accept")],
                                ForcedDice([4, 4, 4] * 3))
    spec = ruleset.spec(state, ruleset.pending(state)[0])
    assert [a.action for a in spec.actions] == ["accept"] and morale_bonus(state, "french") == 3
    state, _ = game.resolve(ruleset, state, [answer(state, "british", "accept"), answer(state, "french", "refuse")],
                            ForcedDice([4, 4, 4] * 3))
    assert (morale_bonus(state, "french"), morale_bonus(state, "british")) == (0, 0)


def test_regola_opzionale_2_a_whole_game_plays():
    ruleset, state, record = play("sca", "squadrons", 4, options={"wind_rolls": True, "north_side": True,
                                                                  "refuse_scenario": True})
    assert ruleset.outcome(state) is not None
    # Seed 6 of the duel refuses three times before the battle (checked views, replay included).
    ruleset, state, record = play("sca", "duel", 6, options={"wind_rolls": True, "north_side": True,
                                                             "refuse_scenario": True})
    assert ruleset.outcome(state) is not None and state.refusals == {"british": 1, "french": 2}
    assert replay(record)[0].final_state == state.model_dump(mode="json")


def test_regola_opzionale_2_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca",
                           options={"wind_rolls": True, "north_side": True, "refuse_scenario": True})
    assert played.outcome is not None and played.decisions > 0
