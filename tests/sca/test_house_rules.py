"""House rules of the Lu(ri)doteca club, each a switch of ScaOptions."""
from __future__ import annotations

import math

from rules.sca import fleet_morale
from rules.sca import wind as W
from tests.sca.helpers import event, kinds, order, part, ship, start
from tests.conformance.test_rulesets import play

E, N, S = (W.POINTS.index(p) for p in ("E", "N", "S"))


def test_morale_della_flotta_at_the_start():
    """"è calcolato all'inizio della partita sommando il punteggio di ciascuna nave e il morale di tutti
    gli equipaggi e successivamente dividendo il totale ottenuto per due (arrotondare per eccesso)".\""""
    _, state = start(ship("a", "british", 500, 500, E, type="74C", crew="good"),
                     ship("b", "british", 500, 700, E),
                     ship("t", "french", 2500, 1500, E), fleet_morale=True)
    # 74C good: 8 points, DC 130 -> 13; 36-40 average: 4 points, DC 80 -> 8.
    assert state.fleet_morale == {"british": math.ceil((8 + 13 + 4 + 8) / 2), "french": math.ceil((4 + 8) / 2)}


def test_morale_della_flotta_falls_with_tests_and_losses_and_breaks_at_zero():
    """"una nave della flotta è costretta al test del morale, il morale della flotta è diminuito di 1";
    "si arrende o è catturata ... si sottrae il punteggio della nave"; at zero "tutte le navi della flotta
    devono immediatamente eseguire un test del morale ... se anche una sola si arrende allora l'intera
    flotta ha un cedimento del morale"; "la flotta che ha un cedimento del morale per prima è considerata
    sconfitta".\""""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"),
                           ship("t", "french", 1000, 1200, N), ship("u", "french", 2500, 300, E, sail="furled"),
                           wind=S, fleet_morale=True)
    state.fleet_morale["french"] = 1
    state.ship("t").rigging_lost = 2
    # A stern rake: a HDC lost; Tonnerre holds her morale (3d6 18: 8 + 2 - 2 RDC - 1 hit - 2 HDC - 4 rake = 1),
    # but the test takes the French fleet to zero: every ship tests, and Tonnerre (3d6 3: 8 - 2 - 2 - 1 - 2 - 1
    # earlier test = 0) strikes, so the fleet breaks. Ubu (3d6 18) holds.
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5, 6, 6, 6, 1, 1, 1, 6, 6, 6])
    assert [e.data["struck"] for e in step.events if e.kind == "morale"] == [False, True, False]
    assert "fleet_morale_zero" in kinds(step) and state.ship("t").status == "struck"
    assert state.broken == "french" and state.step == "over" and state.winner == "british"
    assert ruleset.outcome(state).kind == "fleet-morale"
    assert ruleset.describe(step.events[-1]).endswith("Britain wins: the enemy fleet broke.")


def test_fleet_morale_plays_whole_games():
    for seed in (1, 2):
        ruleset, state, _ = play("sca", "squadrons", seed, options={"fleet_morale": True})
        assert ruleset.outcome(state) is not None and set(state.fleet_morale) == {"british", "french"}


def test_fleet_morale_rewards_a_prize():
    """"una nave nemica è catturata, affondata o esplode, si aggiunge al morale della flotta metà del
    punteggio della nave arrotondato per eccesso".\""""
    ruleset, state = start(ship("a", "british", 500, 500, E, crew="good"), ship("t", "french", 600, 500, S),
                           ship("u", "french", 2500, 1500, E), fleet_morale=True)
    before = dict(state.fleet_morale)
    state, step = part(ruleset, state, [order(state, "a", boarders="yes")], [4, 4, 4, 6, 6, 6])
    assert event(step, "melee").data["outcome"] == "captured"
    assert state.fleet_morale == {"british": before["british"] + 2, "french": before["french"] - 4}
    assert fleet_morale.points(state.ship("t")) == 4
