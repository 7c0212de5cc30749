"""Regole opzionali — *cattura e affondamento*, *Regole opzionali per il tiro* (the
four shots), *Danno critico*: each rule on and off, dice forced.

The table of test_rules_fire: wind from the east; Virginie ("v", France, 5th class)
at (30, 20) heading north, her starboard broadside looking east; HMS Indefatigable
("t", Britain, 5th class: 10 hull boxes a side as 4+4+2, three masts of 6, 8 crew)
6" to the east, also heading north, her port side to Virginie. At 6" Virginie has
+4 for the range and +2 for her first broadside: +6 in all.
"""
from __future__ import annotations

import random

import pytest

from rules.cannoni import actions, gunnery, victory
from rules.cannoni.options import CannoniOptions
from rules.cannoni.seamanship import general_modifiers
from rules.cannoni.view import perturb_secrets, view
from tests.cannoni.conftest import RULES, act, in_phase, make_state, of, offered, problems, ship, spec

FIRE = {"action": "fire", "side": "starboard", "target": "t", "aim": "hull"}


def table(tx=36.0, ty=20.0, th=0.0, extra=(), **options):
    state = make_state(ship("v", "virginie", "france", 30, 20, 0), ship("t", "hms_indefatigable", "britain", tx, ty, th),
                       *extra, wind=4)
    state.options = CannoniOptions(**options)
    return state


def ready(state, chits=None, phase=4):
    """Virginie active and free to act (activated in phase 5); Indefatigable not active,
    so the phase ends with Virginie's action and its damage is marked."""
    return in_phase(state, phase, chits or {"v": 5, "t": 1})


def shoot(state, dice, **payload):
    state, events = act(state, "v", dict(FIRE, **payload), dice=dice)
    return state, events


def hull_lost(s):
    return s.hull["port"].lost, s.hull["starboard"].lost


# --- Regole opzionali per la cattura e l'affondamento -------------------------------------------

def test_cattura_e_affondamento_off_the_last_hull_box_sinks_her():
    """Base rules, *Nave affondata*: "una nave affonda quando perde il suo ultimo punto
    scafo" — the sinking die is thrown (4: removed at the start of turn 4)."""
    state = table()
    t = state.ship("t")
    t.hull["port"].lost, t.hull["starboard"].lost = 10, 9
    state, events = shoot(ready(state), [1, 7, 4])  # 1 + 6 = 7 against 7: one hit
    assert state.ship("t").sinking_until == 4 and not state.ship("t").gravely_damaged
    assert of(events, "sinking") and not of(events, "gravely_damaged")


def test_cattura_e_affondamento_on_the_last_hull_box_leaves_her_gravely_damaged():
    """"Una nave che perde tutti i propri punti scafo è gravemente danneggiata, sul punto
    di affondare." The rule replaces *Nave affondata*: no sinking die, she stays afloat."""
    state = table(optional_capture=True)
    t = state.ship("t")
    t.hull["port"].lost, t.hull["starboard"].lost = 10, 9
    state, events = shoot(ready(state), [1, 7])
    t = state.ship("t")
    assert t.gravely_damaged and not t.sinking and t.on_table
    assert of(events, "gravely_damaged") == [{"ship": "t", "name": "HMS Indefatigable"}]
    assert not t.can_fight and t.unmanoeuvrable


def test_cattura_e_affondamento_a_gravely_damaged_ship_takes_no_action():
    """"La nave non può manovrare né compiere qualsiasi altra azione perché tutti gli
    sforzi dell'equipaggio sono rivolti ad evitare che il vascello vada a fondo." Her
    phase passes without a decision."""
    state = table(optional_capture=True)
    state.ship("t").gravely_damaged = True
    assert [s.action for s in actions.action_specs(state, state.ship("t"))] == ["pass"]
    state = in_phase(state, 4, {"v": 1, "t": 5})
    # Phases 4 to 2 went by on their own; in phase 1 only Virginie is asked.
    assert state.phase == 1 and [d.subject for d in RULES.pending(state)] == ["v"]


@pytest.mark.parametrize("consort, x, may_fire", [
    ("uss_constitution", 40, False),  # 5th class, 4" from her: nearer than Virginie
    ("uss_constitution", 44, True),   # 8" from her: Virginie is nearer
    ("hms_surprise", 40, True),       # 6th class: a smaller ship does not protect her
])
def test_cattura_e_affondamento_honour_forbids_fire_unless_able_to_take_her(consort, x, may_fire):
    """"Non è consentito (non è onorevole) aprire il fuoco su una nave in queste
    condizioni a meno di non essere in grado di catturarla. La nave può essere costretta
    alla resa da una nave avversaria che riesce a portarsi più vicina di ogni altra nave
    amica di classe uguale o superiore" — a consort of Indefatigable's lies east of her."""
    state = table(optional_capture=True, extra=[ship("c", consort, "britain", x, 20, 0)])
    state.ship("t").gravely_damaged = True
    state = ready(state)
    assert ("fire" in offered(state, "v")) is may_fire
    if not may_fire:
        # She still blocks the fire at anything behind her.
        opts = gunnery.valid_targets(state, state.ship("v"), "starboard")
        assert opts.targets == [] and "gravely damaged" in str(opts.blocked)


def test_cattura_e_affondamento_a_broadside_that_hits_makes_her_strike_hull_damage_to_the_crew():
    """"sparare una bordata che colpisca la nave danneggiata (se l'avversario tira allo
    scafo i danni sono attribuiti agli Effettivi). In questo caso l'equipaggio si arrende
    ammainando la bandiera." — two hits (4 + 6 = 10 against 5): two crew boxes."""
    state = table(optional_capture=True)
    t = state.ship("t")
    t.hull["port"].lost, t.hull["starboard"].lost = 10, 10
    t.gravely_damaged = True
    state, events = shoot(ready(state), [4, 5])
    t = state.ship("t")
    assert t.struck and of(events, "struck")
    assert t.crew.lost == 2 and hull_lost(t) == (10, 10)


def test_cattura_e_affondamento_a_miss_does_not_make_her_strike():
    state = table(optional_capture=True)
    state.ship("t").gravely_damaged = True
    state, events = shoot(ready(state), [1, 8])  # 7 against 8
    assert not state.ship("t").struck and not of(events, "struck")


# --- Regole opzionali per il tiro -------------------------------------------------------------------

def empty_starboard(**options):
    state = table(**options)
    state.ship("v").loaded["starboard"] = None
    return ready(state)


def test_munizioni_off_only_ball():
    """Base rules: "Nelle regola base i cannoni sparano solo a palla" — no choice of shot."""
    state = empty_starboard()
    assert [p.name for p in spec(state, "v").action("load").params] == ["side"]
    state, _ = act(state, "v", {"action": "load", "side": "starboard"})
    assert state.ship("v").loaded["starboard"] == "ball"


def test_munizioni_on_four_shots_and_the_load_is_hidden():
    """"si possono caricare i cannoni con quattro diversi tipi di munizioni: a palla, a
    palla incatenata, a doppia palla, a mitraglia ... Il pedina con le munizioni caricate
    è posto ... capovolto in modo da rivelare il tipo di munizioni solo quando si fa
    fuoco." Only Virginie's player learns the shot; the public sees "loaded"."""
    state = empty_starboard(ammunition=True)
    assert spec(state, "v").action("load").param("ammo").values() == ["ball", "chain", "double", "grape"]
    state, events = act(state, "v", {"action": "load", "side": "starboard", "ammo": "chain"})
    assert state.ship("v").loaded["starboard"] == "chain"
    [private] = [e for e in events if e.kind == "load_ammo"]
    assert private.to == ["fran"] and private.data["ammo"] == "chain"
    assert [e.to for e in events if e.kind == "load"] == [None]
    public = next(s for s in view(state, None)["ships"] if s["id"] == "v")
    own = next(s for s in view(state, "fran")["ships"] if s["id"] == "v")
    assert public["loaded"] == {"starboard": "loaded", "port": "loaded"}
    assert own["loaded"] == {"starboard": "chain", "port": "ball"}
    other = perturb_secrets(state, random.Random(1))
    assert other.ship("v").loaded["starboard"] != "chain" and other.ship("v").loaded["port"] != "ball"
    assert view(other, None) == view(state, None)


def test_munizioni_a_load_cannot_be_changed():
    """"Non è possibile cambiare le munizioni una volta caricate. L'unico modo per
    scaricare i cannoni è far fuoco." — a side loaded with ball takes only the second
    ball of a double shot; one loaded with chain cannot be loaded at all."""
    state = table(ammunition=True)
    state.ship("v").loaded["port"] = "chain"
    state = ready(state)
    load = spec(state, "v").action("load")
    assert load.param("side").values() == ["starboard"] and load.param("ammo").values() == ["double"]
    state = table(ammunition=True)
    state.ship("v").loaded["starboard"] = None
    state = ready(state)
    assert spec(state, "v").action("load").param("side").values() == ["starboard", "port"]
    [bad] = problems(state, "v", {"action": "load", "side": "port", "ammo": "grape"})
    assert bad.code == "side-already-loaded"
    assert problems(state, "v", {"action": "load", "side": "port", "ammo": "double"}) == []


def test_munizioni_palla_incatenata_rigging_only_six_to_ten_inches_damage_doubled():
    """"Le palle incatenate hanno effetto solo sulla velatura ad una distanza compresa tra
    sei e dieci pollici. I danni alla velatura sono raddoppiati." At 8" (+3, +2 first
    broadside) 1 + 5 = 6 against 6: one hit, two boxes off the nearest mast (the main,
    abeam)."""
    state = table(tx=38, ammunition=True)
    state.ship("v").loaded["starboard"] = "chain"
    state, events = shoot(ready(state), [1, 6], aim="rigging")
    [b] = of(events, "broadside")
    assert (b["ammo"], b["hits"]) == ("chain", 1)
    t = state.ship("t")
    assert {m.name: m.lost for m in t.masts} == {"fore": 0, "main": 2, "mizzen": 0}


@pytest.mark.parametrize("tx, aim", [(35, "rigging"), (38, "hull"), (40.5, "rigging")])
def test_munizioni_palla_incatenata_no_effect_elsewhere_but_the_guns_are_emptied(tx, aim):
    """Out of its reach a load "non ha effetto": the broadside is fired (the only way to
    empty the guns) with no roll and no damage."""
    state = table(tx=tx, ammunition=True)
    state.ship("v").loaded["starboard"] = "chain"
    state, events = shoot(ready(state), [], aim=aim)
    assert not of(events, "broadside")
    [wasted] = of(events, "broadside_no_effect")
    assert wasted["ammo"] == "chain"
    assert state.ship("v").loaded["starboard"] is None
    t = state.ship("t")
    assert hull_lost(t) == (0, 0) and sum(m.lost for m in t.masts) == 0


def test_munizioni_doppia_palla_two_actions_and_ball_after_the_first():
    """"Per caricare i cannoni doppia palla sono necessarie due fasi di azione, nella prima
    un pedina Cannoni caricati a palla è posto capovolto ... nella seconda è sostituito dal
    pedina Cannoni caricati a doppia palla. In ogni caso è possibile far fuoco dopo aver
    caricato i cannoni a palla." """
    state = empty_starboard(ammunition=True)
    state, events = act(state, "v", {"action": "load", "side": "starboard", "ammo": "double"})
    assert state.ship("v").loaded["starboard"] == "ball"
    assert of(events, "load_ammo")[0]["first_of_double"] is True
    assert "fire" in offered(state, "v")  # may fire it as ball now
    state, _ = act(state, "v", {"action": "load", "side": "starboard", "ammo": "double"})
    assert state.ship("v").loaded["starboard"] == "double"
    # Double shot is complete: only the port side (ball) may still take a second ball.
    assert spec(state, "v").action("load").param("side").values() == ["port"]


def test_munizioni_doppia_palla_hull_and_crew_damage_doubled():
    """"La doppia palla ha effetto solo sullo scafo ad una distanza massima di sei
    pollici. I danni sullo scafo e quelli, eventuali, sugli Effettivi sono raddoppiati."
    One hit (1 + 6 = 7 against 7): two boxes; a critical (3 + 6 = 9 against 3): four on
    the side hit, two opposite, two crew."""
    state = table(ammunition=True)
    state.ship("v").loaded["starboard"] = "double"
    state, _ = shoot(ready(state), [1, 7])
    assert hull_lost(state.ship("t")) == (2, 0)
    state = table(ammunition=True)
    state.ship("v").loaded["starboard"] = "double"
    state, _ = shoot(ready(state), [3, 3])
    t = state.ship("t")
    assert hull_lost(t) == (4, 2) and t.crew.lost == 2


def test_munizioni_doppia_palla_not_beyond_six_inches_nor_at_the_rigging():
    state = table(tx=36.5, ammunition=True)
    state.ship("v").loaded["starboard"] = "double"
    state, events = shoot(ready(state), [])
    assert of(events, "broadside_no_effect")


def test_munizioni_mitraglia_crew_only_within_six_inches():
    """"La mitraglia ha effetto solo sugli Effettivi ad una distanza massima di sei
    pollici. I danni sono calcolati normalmente e segnati sugli Effettivi." Two hits
    (4 + 6 = 10 against 5): two crew boxes, no hull box."""
    state = table(ammunition=True)
    state.ship("v").loaded["starboard"] = "grape"
    state, _ = shoot(ready(state), [4, 5])
    t = state.ship("t")
    assert t.crew.lost == 2 and hull_lost(t) == (0, 0)


def test_munizioni_mitraglia_critical_hit_all_on_the_crew():
    """A critical hit with grape: the three hits and the critical hit's own crew loss,
    four crew boxes."""
    state = table(ammunition=True)
    state.ship("v").loaded["starboard"] = "grape"
    state, _ = shoot(ready(state), [3, 3])
    t = state.ship("t")
    assert t.crew.lost == 4 and hull_lost(t) == (0, 0)


# --- Danno critico ------------------------------------------------------------------------------------

def test_danno_critico_off_no_roll():
    state, events = shoot(ready(table()), [9, 3])
    assert of(events, "broadside")[0]["critical"] and not of(events, "critical_damage")


@pytest.mark.parametrize("port_lost, d10, result", [
    (10, 1, "magazine"),  # port side gone: 1 + 0 sections
    (10, 2, "rudder"),
    (0, 1, "captain"),    # 2 sections left after the critical's two boxes: 1 + 2 = 3
    (0, 2, "none"),
    (10, 4, "none"),
])
def test_danno_critico_d10_plus_sections_left_on_the_side_hit(port_lost, d10, result):
    """"tira 1d10, se il punteggio modificato è: 1 ... Santa Barbara, la nave esplode ed è
    rimossa dal gioco; 2 la nave perde il timone ...; 3 il capitano è ucciso ... Il numero
    di sezioni non ancora eliminate del bordo colpito è sommato al tiro di dado." The
    critical hit (9 + 6 = 15 against 3) is marked first: 2 boxes on the port side, 1 on
    the starboard side."""
    state = table(critical_damage=True)
    state.ship("t").hull["port"].lost = port_lost
    state, events = shoot(ready(state), [9, 3, d10])
    [crit] = of(events, "critical_damage")
    assert crit["result"] == result and crit["total"] == d10 + crit["sections"]
    t = state.ship("t")
    assert (t.status == "sunk") is (result == "magazine")
    assert t.rudder_lost is (result == "rudder")
    assert t.captain_killed is (result == "captain")
    if result == "magazine":
        assert of(events, "exploded")
        assert victory.fleet_scores(state)["france"] == t.log.value  # counts as sunk


@pytest.mark.parametrize("d10, result", [(1, "none"), (2, "none"), (3, "captain")])
def test_danno_critico_rigging_shot_no_magazine_nor_rudder(d10, result):
    """"(se il tiro del nemico che ha provocato il danno critico era diretto alla velatura
    questo risultato non si applica)" — for 1 and 2; the captain may still fall. The
    port side is gone, so nothing is added."""
    state = table(critical_damage=True)
    state.ship("t").hull["port"].lost = 10
    state, events = shoot(ready(state), [9, 3, d10], aim="rigging")
    assert of(events, "critical_damage")[0]["result"] == result
    t = state.ship("t")
    assert t.status == "afloat" and not t.rudder_lost
    assert t.captain_killed is (result == "captain")


def test_danno_critico_rudder_and_captain_for_the_rest_of_the_game():
    """"una nave senza timone non può manovrare per tutto il resto della partita"; "il
    valore di Manovra dell'equipaggio è penalizzato di -2 per tutto il resto del gioco"."""
    state = table(critical_damage=True)
    t = state.ship("t")
    t.rudder_lost, t.captain_killed = True, True
    assert ("captain killed", -2) in general_modifiers(t)
    state = in_phase(state, 5, {"v": 1, "t": 5})
    assert not {"move", "turn"} & set(offered(state, "t"))


def test_munizioni_ball_when_no_shot_is_named():
    """An order that names no shot loads ball, the base rules' shot; on a side already
    loaded with ball that would change nothing and is refused."""
    state = empty_starboard(ammunition=True)
    assert problems(state, "v", {"action": "load", "side": "port"})[0].code == "side-already-loaded"
    state, _ = act(state, "v", {"action": "load", "side": "starboard"})
    assert state.ship("v").loaded["starboard"] == "ball"
