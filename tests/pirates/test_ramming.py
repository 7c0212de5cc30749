"""Speronare: the die against the masts left, the rammer stuck, the forbidden approaches,
the free boarding, and the optional "both stuck" rule."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import steps, turns
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, event, kinds, new_state, put


def _rig(**options):
    state = new_state(**options)
    heron = put(state.ship("red-heron"), 7, 4, 2)  # cells H5, G5; facing east
    gull = put(state.ship("gull"), 9, 4, 0)  # J5, facing north: heron meets her side
    state.ship("calico-cat").docked = None
    state.order = [Slot(side="red", count=3), Slot(side="blue", count=3)]  # the turn goes on after her
    return state, heron, gull


def _move(state, ship, roller, **payload):
    turns.act(state, {"action": "move", "ship": ship.id, **payload}, roller)


def test_speronare_die_greater_than_masts_takes_a_mast():
    """"Lo speronante tira un dado, e se il risultato è maggiore degli alberi rimanenti alla
    nave speronata, questa perde un albero.\""""
    state, heron, gull = _rig()
    roller = dice(2, then=1)  # 2 > gull's one mast
    _move(state, heron, roller, go1=3, grapple="no")
    assert heron.cells()[0] == (8, 4)  # she stops against her target
    assert event(roller, "rammed") == {"ship": "red-heron", "target": "gull", "die": 2, "masts": 1, "hit": True}
    assert gull.masts_left == 0 and gull.status == "derelict"


def test_speronare_die_not_greater_takes_nothing():
    state, heron, gull = _rig()
    roller = dice(1, then=1)
    _move(state, heron, roller, go1=3, grapple="no")
    assert gull.masts_left == 1 and event(roller, "rammed")["hit"] is False


def test_speronare_rammer_stuck_until_the_other_moves():
    """"La nave speronante rimane incastrata. Una nave incastrata non può sparare alla nave
    speronata né muoversi. Si disincastra quando la nave avversaria è affondata o derelitta
    o si sposta.\""""
    state, heron, gull = _rig()
    gull.guns.append(gull.guns[0].model_copy())  # two masts: the ram leaves her afloat
    _move(state, heron, dice(1, then=1), go1=3, grapple="no")
    assert heron.stuck_to == "gull" and gull.stuck_to is None
    heron.acted = False  # the next turn
    decision = Decision(id="x", kind="act", player="p1")
    problems = steps.manoeuvre_check(state, decision, {"action": "move", "ship": heron.id, "go1": 1}, None)
    assert [p.code for p in problems] == ["pirates-cannot"]
    from rules.pirates import shooting
    assert "gull" not in shooting.reach(state, heron, heron.guns[0])
    _move(state, gull, dice(then=1), go1=2)
    assert heron.stuck_to is None


def test_speronare_forbidden_from_ahead_or_astern():
    """"Se durante il movimento una nave entra nel quadretto di un'altra nave non provenendo
    esattamente da poppa o da prua (movimenti vietati)\""""
    state, heron, gull = _rig()
    gull.facing = 2  # now lying along the heron's course: she would enter it from astern
    decision = Decision(id="x", kind="act", player="p1")
    problems = steps.manoeuvre_check(state, decision, {"action": "move", "ship": heron.id, "go1": 3}, None)
    assert [p.code for p in problems] == ["pirates-ship-in-way"]


def test_speronare_free_boarding():
    """"La nave speronante ha subito, se desidera, la possibilità di abbordare come azione
    gratuita.\""""
    state, heron, gull = _rig()
    roller = dice(1, 3, 2, then=1)  # the ram misses; boarding dice 3 (heron) and 2 (gull)
    _move(state, heron, roller, go1=3, grapple="yes")
    seen = kinds(roller)
    assert seen.index("rammed") < seen.index("free_boarding") < seen.index("boarded")
    assert event(roller, "boarded")["ship"] == "red-heron"


def test_speronare_both_stuck_optional_rule_and_release_after_3_turns():
    """"si può aggiungere la regola che è considerata incastrata anche la nave speronata [...]
    le navi si disincastrano automaticamente dopo 3 turni.\""""
    state, heron, gull = _rig(both_stuck=True)
    gull.guns.append(gull.guns[0].model_copy())
    _move(state, heron, dice(1, then=1), go1=3, grapple="no")
    assert heron.stuck_to == "gull" and gull.stuck_to == "red-heron"
    for turn in range(4):  # the ram's turn, then three whole turns
        assert heron.stuck_to == "gull" and gull.stuck_to == "red-heron"
        turns.end_turn(state, dice(then=turn))
    assert heron.stuck_to is None and gull.stuck_to is None
