"""Regole opzionali — *Equipaggio disordinato* and *Riparazioni*: each rule on and off,
dice forced.

Fire examples use the table of test_rules_fire (Virginie "v" at (30, 20) heading
north, HMS Indefatigable "t" 6" to her east; wind from the east; +6 for Virginie);
movement examples reuse the collision and coast tables of test_rules_movement.
"""
from __future__ import annotations

import pytest

from rules.cannoni import damage
from rules.cannoni.capture import capture
from rules.cannoni.options import CannoniOptions
from rules.cannoni.seamanship import general_modifiers
from rules.cannoni.state import Grapple, RepairWork
from tests.cannoni.conftest import RULES, act, in_phase, make_state, of, offered, roller, ship, spec
from tests.cannoni.test_rules_movement import ahead, coast_state

FIRE = {"action": "fire", "side": "starboard", "target": "t", "aim": "hull"}


def table(tx=36.0, extra=(), **options):
    state = make_state(ship("v", "virginie", "france", 30, 20, 0), ship("t", "hms_indefatigable", "britain", tx, 20, 0),
                       *extra, wind=4)
    state.options = CannoniOptions(**options)
    return state


def switch(state, **options):
    state.options = CannoniOptions(**options)
    return state


# --- Equipaggio disordinato ------------------------------------------------------------------------

@pytest.mark.parametrize("on", [False, True])
def test_equipaggio_disordinato_collision_disorders_both_crews(on):
    """"Un equipaggio si disordina quando: la nave ... entra in collisione con un altro
    vascello"; *Collisioni*: "o i due equipaggi sono disordinati (regola opzionale)".
    Sophie fails her test (3 + 7 = 10) and runs into Bayonnaise."""
    state = switch(ahead(gap=0.5), disorder=on)
    state, events = act(state, "sophie", {"action": "move", "distance": 3}, dice=[3])
    assert state.ship("sophie").disordered is on and state.ship("bayo").disordered is on
    assert [d["cause"] for d in of(events, "disordered")] == (["collision", "collision"] if on else [])


@pytest.mark.parametrize("on", [False, True])
def test_equipaggio_disordinato_grounding(on):
    """"la nave si incaglia" — Sophie fails her test (4 + 6 = 10) and runs aground."""
    state = switch(coast_state(), disorder=on)
    state, events = act(state, "sophie", {"action": "move", "distance": 3}, dice=[4])
    assert state.ship("sophie").aground and state.ship("sophie").disordered is on


@pytest.mark.parametrize("on", [False, True])
def test_equipaggio_disordinato_critical_hit(on):
    """"subisce un colpo critico per il fuoco nemico" — marked with the damage at the end
    of the phase (9 + 6 = 15 against 3). A plain hit does not disorder."""
    state = in_phase(table(disorder=on), 4, {"v": 5, "t": 1})
    state, events = act(state, "v", FIRE, dice=[9, 3])
    assert state.ship("t").disordered is on
    state = in_phase(table(disorder=on), 4, {"v": 5, "t": 1})
    state, _ = act(state, "v", FIRE, dice=[4, 5])
    assert not state.ship("t").disordered


@pytest.mark.parametrize("on", [False, True])
def test_equipaggio_disordinato_mast_lost(on):
    """"perde un albero" — the main mast's last box (mast-fall die 5: into the sea)."""
    state = table(disorder=on)
    t = state.ship("t")
    t.masts[1].lost = 5
    r, _ = roller(5)
    damage.strike_rigging(state, r, t, ["main"], 1)
    assert t.masts[1].down and t.disordered is on


@pytest.mark.parametrize("on", [False, True])
def test_equipaggio_disordinato_prize_crew(on):
    """"È disordinato anche l'equipaggio trasferito su una nave catturata." """
    state = table(disorder=on)
    r, _ = roller()
    capture(state, r, state.ship("t"), state.ship("v"))
    assert state.ship("t").disordered is on and not state.ship("v").disordered


def test_equipaggio_disordinato_minus_two_on_manoeuvre_tests():
    """*Modificatori all'abilità di Manovra*: "Un equipaggio disordinato ha una penalità di
    -2 sul tiro di dado" — in every test (Appendice C, *Modificatori validi in generale*).
    Sophie's 7 becomes 5: 5 + 5 = 10 fails a collision test she would have passed."""
    state = ahead(gap=0.5)
    state.ship("sophie").disordered = True
    assert ("crew disordered", -2) in general_modifiers(state.ship("sophie"))
    state, events = act(state, "sophie", {"action": "move", "distance": 3}, dice=[5])
    [test] = of(events, "test")
    assert ["crew disordered", -2] in test["mods"] and test["passed"] is False


def test_equipaggio_disordinato_rallying_is_an_action():
    """"Riordinare l'equipaggio richiede una fase di azione. Il giocatore annuncia la sua
    intenzione ... e rimuove il pedina di disordine" — no test, no die."""
    state = in_phase(table(disorder=True), 4, {"v": 5, "t": 1})
    assert "rally" not in offered(state, "v")
    state.ship("v").disordered = True
    assert "rally" in offered(state, "v")
    state, events = act(state, "v", {"action": "rally"})
    assert not state.ship("v").disordered and of(events, "rallied")


# --- Riparazioni ---------------------------------------------------------------------------------------

def repair_table(**options):
    """Virginie with two boxes off her main mast; Indefatigable far off. Both have their
    sails furled, so that an activation owes no move."""
    state = table(tx=60, **options)
    v = state.ship("v")
    v.sails = state.ship("t").sails = "furled"
    v.masts[1].lost = 2
    return state


def test_riparazioni_off_no_repair_action():
    state = in_phase(repair_table(), 5, {"v": 5, "t": 1})
    assert "repair" not in offered(state, "v")


def test_riparazioni_five_consecutive_phases_give_back_a_box_next_turn():
    """"È possibile riparare una casella di danni su un albero non ancora abbattuto in
    cinque fasi di Azione consecutive ... Al raggiungimento della quinta fase di Azione la
    riparazione è completata e nella fase Riparazioni del turno successivo recupera una
    casella danneggiata da un albero a scelta." Virginie (chit 5) repairs in phases 5 to
    1; at step 2 of turn 2 the main mast has one box back (then the wind die: 5)."""
    state = in_phase(repair_table(repairs=True), 5, {"v": 5, "t": 1})
    assert spec(state, "v").action("repair").param("mast").values() == ["main"]
    for phase in (5, 4, 3, 2):
        state, events = act(state, "v", {"action": "repair", "mast": "main"})
    assert of(events, "repair_work")[-1]["phases"] == 4
    state, events = act(state, "v", {"action": "repair", "mast": "main"})
    assert state.ship("v").repair.complete and state.ship("v").masts[1].lost == 2
    state, events = act(state, "t", {"action": "pass"}, dice=[5])
    assert state.turn == 2 and state.ship("v").masts[1].lost == 1
    assert of(events, "repaired") == [{"ship": "v", "name": "Virginie", "mast": "main", "remaining": 5}]
    assert state.ship("v").repair is None


def test_riparazioni_another_action_breaks_the_run():
    """"cinque fasi di Azione consecutive": any other action before the fifth strikes
    out the notes."""
    state = in_phase(repair_table(repairs=True), 5, {"v": 5, "t": 1})
    state, _ = act(state, "v", {"action": "repair", "mast": "main"})
    state, _ = act(state, "v", {"action": "repair", "mast": "main"})
    state, events = act(state, "v", {"action": "sails", "to": "battle"})
    assert state.ship("v").repair is None
    assert of(events, "repairs_lost") == [{"ship": "v", "name": "Virginie", "why": "other action", "phases": 2}]


def test_riparazioni_the_run_spans_turns():
    """Consecutive among the ship's own action phases: three in one turn and two in the
    next complete the repair."""
    state = repair_table(repairs=True)
    state.turn = 2
    state.ship("v").repair = RepairWork(mast="main", turns=[1, 1, 1])
    state = in_phase(state, 2, {"v": 2, "t": 1})
    state, _ = act(state, "v", {"action": "repair", "mast": "main"})
    state, _ = act(state, "v", {"action": "repair", "mast": "main"})
    assert state.ship("v").repair.complete


def test_riparazioni_fired_upon_loses_the_phases_of_that_turn():
    """"Le fasi di Azione spese in riparazioni sono perdute (inefficaci) se, nel turno in
    cui avvengono (anche dopo aver speso la fase di Azione): la nave ... subisce il fuoco
    nemico" — two phases of turn 1 stand, the one of turn 2 is lost, and so is the one
    she spends after the broadside (Indefatigable misses: 1 + 1 = 2 against 9)."""
    state = repair_table(repairs=True)
    state.turn = 2
    state.ship("t").x = 36
    state.ship("v").repair = RepairWork(mast="main", turns=[1, 1])
    state = in_phase(state, 3, {"v": 3, "t": 3}, previous=["v", "t"])
    state, _ = act(state, "v", {"action": "repair", "mast": "main"})
    assert state.ship("v").repair.turns == [1, 1, 2]
    state, events = act(state, "t", {"action": "fire", "side": "port", "target": "v", "aim": "hull"}, dice=[1, 9])
    assert state.ship("v").repair.turns == [1, 1]
    assert of(events, "repairs_lost")[0]["why"] == "fired upon"
    state, events = act(state, "v", {"action": "repair", "mast": "main"})
    assert state.ship("v").repair.turns == [1, 1] and of(events, "repair_work")[0]["lost"] is True


def test_riparazioni_firing_loses_the_phases_of_that_turn():
    """"la nave apre il fuoco" — Virginie repaired in phase 3, then fires in phase 2."""
    state = repair_table(repairs=True)
    state.ship("t").x = 36
    state = in_phase(state, 4, {"v": 5, "t": 1})
    state, _ = act(state, "v", {"action": "repair", "mast": "main"})
    state, _ = act(state, "v", dict(FIRE), dice=[1, 10])
    # The broadside itself broke the run; had it not, the phase would be lost anyway.
    assert state.ship("v").repair is None and state.ship("v").repair_void_turn == 1


def test_riparazioni_grappling_loses_the_phases_of_that_turn():
    """"la nave viene grappinata ... o grappina una nave nemica" — Indefatigable throws
    her grapples (4 + 8 = 12 passes) on Virginie, who has a repair phase this turn."""
    state = repair_table(repairs=True)
    state.ship("t").x = 33
    state.turn = 2
    state.ship("v").repair = RepairWork(mast="main", turns=[1, 2])
    state = in_phase(state, 3, {"v": 1, "t": 3})
    state, events = act(state, "t", {"action": "grapple", "target": "v"}, dice=[4])
    assert state.grapples and state.ship("v").repair.turns == [1]
    assert of(events, "repairs_lost")[0]["why"] == "grappled"


def test_riparazioni_rigging_damage_strikes_out_the_notes():
    """"Eventuali danni subiti dall'alberatura della nave prima che la riparazione sia
    completata rendono inefficaci le riparazioni eseguite fino a quel punto" — but not a
    repair already complete."""
    state = repair_table(repairs=True)
    v = state.ship("v")
    v.repair = RepairWork(mast="main", turns=[1, 1, 1, 1])
    r, _ = roller()
    damage.strike_rigging(state, r, v, ["fore"], 1)
    assert v.repair is None and of(r.log.events, "repairs_lost")[0]["why"] == "rigging damage"
    v.repair = RepairWork(mast="main", turns=[1, 1, 1, 1, 1])
    damage.strike_rigging(state, r, v, ["fore"], 1)
    assert v.repair is not None


@pytest.mark.parametrize("condition", ["decimated", "fouled", "grappled", "undamaged", "mast down"])
def test_riparazioni_conditions(condition):
    """"Per effettuare le riparazioni è necessario che: l'equipaggio non sia decimato ...;
    la nave non deve essere impigliata"; "non deve essere impegnato ... in abbordaggi";
    the box mended is on "un albero non ancora abbattuto"."""
    state = repair_table(repairs=True)
    v = state.ship("v")
    if condition == "decimated":
        v.crew.lost = v.crew.boxes
    elif condition == "fouled":
        v.fouled_with = ["t"]
        state.ship("t").fouled_with = ["v"]
    elif condition == "grappled":
        state.grapples = [Grapple(attacker="t", defender="v", turn=1)]
    elif condition == "undamaged":
        v.masts[1].lost = 0
    else:
        v.masts[1].lost, v.masts[1].fell = v.masts[1].boxes, "sea"
    state = in_phase(state, 4, {"v": 5, "t": 1})
    assert "repair" not in offered(state, "v")
    assert RULES.pending(state)
