"""Rulebook examples: marking the damage — *Procedure per il fuoco* (sections),
*Tiro critico*, *Danni alle fiancate*, *Danni alla velatura* (the nearest mast, the
mast-fall table, the mast over the side), *Nave affondata*, *Equipaggio decimato*.

The table as in test_rules_fire: wind from the east; Virginie ("v", France) at
(30, 20) heading north; HMS Indefatigable ("t", Britain, three masts of 6 boxes,
10 hull boxes a side, 8 crew) 6" to the east, heading north, her port side to
Virginie. At 6" Virginie has +4 (range) and +2 (first broadside).
"""
from __future__ import annotations

import pytest
from tests.cannoni.conftest import act, in_phase, make_state, of, offered, roller, ship

from rules.cannoni import damage
from rules.cannoni.sailing import speed_range

FIRE = {"action": "fire", "side": "starboard", "target": "t", "aim": "hull"}


def table(target="hms_indefatigable", tx=36.0, ty=20.0, th=0.0, fx=30.0, fy=20.0, extra=(), **kw):
    kw.setdefault("wind", 4)
    return make_state(ship("v", "virginie", "france", fx, fy, 0), ship("t", target, "britain", tx, ty, th),
                      *extra, **kw)


def shoot(state, dice, chits=None, **payload):
    """Virginie fires in phase 4 (Indefatigable not active): the phase ends with her
    action, so the damage is already marked when this returns."""
    state = in_phase(state, 4, chits or {"v": 5, "t": 1})
    state, events = act(state, "v", dict(FIRE, **payload), dice=dice)
    [b] = of(events, "broadside")
    return state, b, events


def masts(s):
    return {m.name: m.lost for m in s.masts}


# --- Danni alle fiancate ------------------------------------------------------------------------------

def test_danni_alle_fiancate_hits_go_to_the_side_facing_the_firer():
    """"i danni sono attribuiti alla fiancata colpita (se il tiratore ha scelto come
    bersaglio lo scafo)" — Indefatigable east of Virginie takes them on her port side,
    Santa Sabina west of her on her starboard side. 4 + 6 = 10 against 5: two hits."""
    state, b, _ = shoot(table(), [4, 5])
    t = state.ship("t")
    assert b["hits"] == 2
    assert (t.hull["port"].lost, t.hull["starboard"].lost) == (2, 0)
    west = ship("u", "santa_sabina", "britain", 24, 20, 0)
    state, b, _ = shoot(table(tx=40, extra=[west]), [4, 5], side="port", target="u")
    u = state.ship("u")
    assert (u.hull["port"].lost, u.hull["starboard"].lost) == (0, 2)


def test_danni_alle_fiancate_incomplete_section_struck_first():
    """"Si devono usare tutte le caselle di una sezione prima di passare alla successiva e
    si inizia ad eliminare le caselle dalla sezione incompleta, se presente." Virginie's
    10 boxes a side are 4+4+2: two hits wipe out the short section, and her next
    broadside from that side has -1 for a section lost."""
    state = make_state(ship("i", "hms_indefatigable", "britain", 30, 20, 0),
                       ship("v", "virginie", "france", 36, 20, 0), wind=4)
    state = in_phase(state, 4, {"i": 5, "v": 5}, previous=["i", "v"])
    state, events = act(state, "i", {"action": "fire", "side": "starboard", "target": "v", "aim": "hull"},
                        dice=[8, 5])  # 8 + 1 + 2 = 11: two hits
    state, _ = act(state, "v", {"action": "pass"})
    v = state.ship("v")
    assert v.hull["port"].lost == 2
    assert v.hull["port"].sections_lost == 1
    state, _ = act(state, "i", {"action": "pass"})
    state, events = act(state, "v", {"action": "fire", "side": "port", "target": "i", "aim": "hull"},
                        dice=[1, 10])
    [b] = of(events, "broadside")
    assert ["sections lost on this side", -1] in b["mods"]


def test_danni_alle_fiancate_destroyed_side_overflows_to_the_opposite_side():
    """"Se una fiancata è completamente distrutta (tutte le caselle segnate) si prosegue
    segnando i danni sulla fiancata opposta e, da questo momento in poi, i danni di quella
    fiancata sono la somma dei danni subiti su entrambe." """
    state = table()
    state.ship("t").hull["port"].lost = 9
    state, b, _ = shoot(state, [4, 5])  # two hits on the port side, which has one box
    t = state.ship("t")
    assert (t.hull["port"].lost, t.hull["starboard"].lost) == (10, 1)
    r, _ = roller()
    damage.strike_hull(state, r, t, "port", 1)  # a later hit on the gone side
    assert (t.hull["port"].lost, t.hull["starboard"].lost) == (10, 2)


# --- Nave affondata -------------------------------------------------------------------------------------

@pytest.mark.parametrize("d10, removed", [(1, 5), (2, 5), (3, 6), (10, 13)])
def test_nave_affondata_last_hull_box_sinks_in_d10_turns(d10, removed):
    """"Nel regolamento base una nave affonda quando perde il suo ultimo punto scafo ...
    Il naufragio non è immediato, tirare 1d10, il punteggio ottenuto è il numero dei turni
    che la nave impiega ad affondare contati a partire dall'attuale. Raggiunto l'ultimo
    turno la nave viene tolta dal gioco." Hit in turn 4: the current turn is the first.
    "La nave che sta affondando non può manovrare né compiere alcuna azione." """
    state = table(turn=4)
    t = state.ship("t")
    t.hull["port"].lost, t.hull["starboard"].lost = 10, 9
    state, b, events = shoot(state, [1, 7, d10])  # 7 vs 7: one hit, the last box
    t = state.ship("t")
    assert t.hull_remaining == 0
    assert [(e["turns"], e["removed_turn"]) for e in of(events, "sinking")] == [(d10, removed)]
    assert t.sinking_until == removed and t.sinking and not t.can_fight
    assert speed_range(state, t) is None


def test_nave_affondata_sinking_ship_is_no_target_and_blocks_fire():
    """A ship going down is out of the fight: Virginie cannot fire at her, nor past her."""
    far = ship("u", "santa_sabina", "britain", 40, 20, 0)
    state = table(extra=[far])
    state.ship("t").sinking_until = 6
    state = in_phase(state, 4, {"v": 5})
    assert "fire" not in offered(state, "v")


# --- Danni alla velatura -----------------------------------------------------------------------------

@pytest.mark.parametrize("fy, hit", [(20, "main"), (24, "fore"), (16, "mizzen")])
def test_danni_alla_velatura_nearest_mast_from_the_firers_mainmast(fy, hit):
    """"I danni alla velatura sono attribuiti all'albero più vicino non ancora distrutto (la
    distanza è misurata sempre dall'albero maestro della nave che ha fatto fuoco)" —
    Virginie abeam, off the bow, off the quarter of Indefatigable."""
    state, b, _ = shoot(table(fy=fy), [5, 7], aim="rigging")  # 10 or 11 against 7: one hit
    assert b["hits"] == 1
    assert masts(state.ship("t")) == {"fore": 0, "main": 0, "mizzen": 0, hit: 1}


def test_danni_alla_velatura_nearest_mast_down_next_one_takes_the_hit():
    """"all'albero più vicino non ancora distrutto": the fore mast is gone, so a hit from
    ahead goes to the main."""
    state = table(fy=24)
    state.ship("t").masts[0].lost, state.ship("t").masts[0].fell = 6, "sea"
    state, b, _ = shoot(state, [5, 7], aim="rigging")
    assert masts(state.ship("t")) == {"fore": 6, "main": 1, "mizzen": 0}


@pytest.mark.parametrize("d10, fell, unmanoeuvrable", [
    (1, "starboard", True), (3, "starboard", True),
    (4, "sea", False), (7, "sea", False),
    (8, "port", True), (10, "port", True),
])
def test_danni_alla_velatura_mast_fall_table(d10, fell, unmanoeuvrable):
    """"Quando viene cancellata l'ultima casella di un albero ... il giocatore tira 1d10:
    1-3 ... sulla fiancata di dritta; 4-7 ... direttamente in mare; 8-10 ... sulla
    fiancata di babordo. Nel caso in cui l'albero non cada in mare la nave non può
    manovrare fino a quando l'albero non viene rimosso." """
    state = table(wind=0, th=90)
    t = state.ship("t")
    t.masts[1].lost = 5
    r, dice = roller(d10)
    damage.strike_rigging(state, r, t, ["main"], 1)
    assert dice.remaining == 0
    assert t.masts[1].down and t.masts[1].fell == fell
    assert t.unmanoeuvrable is unmanoeuvrable
    speeds = speed_range(state, t)  # beam reach, VB 3-2: halved with one mast down
    assert (speeds is None) if unmanoeuvrable else (speeds.model_dump() == {"max": 1.5, "min": 1})


@pytest.mark.parametrize("side, raw, fire", [("starboard", 5, True), ("starboard", 1, True),
                                             ("starboard", 6, False), ("port", 1, False)])
def test_danni_alla_velatura_firing_over_a_fallen_mast_sets_fire(side, raw, fire):
    """"Se la nave apre il fuoco con il bordo ostruito dall'albero si sviluppa un incendio
    se il giocatore che controlla la nave ottiene un punteggio (non modificato) compreso
    tra 1 e 5 al tiro di dado." Virginie's fore mast lies over her starboard side."""
    west = ship("u", "santa_sabina", "britain", 24, 20, 0)
    state = table(extra=[west])
    state.ship("v").masts[0].lost, state.ship("v").masts[0].fell = 6, "starboard"
    target = "t" if side == "starboard" else "u"
    state, b, events = shoot(state, [raw, 10], side=side, target=target)
    assert state.ship("v").fire is fire
    assert bool(of(events, "fire_breaks_out")) is fire


# --- Tiro critico ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, target_roll, fire", [(1, 1, True), (1, 2, True), (3, 3, False)])
def test_tiro_critico_scafo_two_on_side_hit_one_opposite_one_crew(raw, target_roll, fire):
    """"se il bersaglio era lo scafo due danni sono segnati sulla fiancata che ha ricevuto
    i colpi ed uno sulla fiancata opposta; una perdita è attribuita anche agli Effettivi
    ... Inoltre sulla nave si sviluppa un incendio se il punteggio (non modificato)
    ottenuto al tiro di dado del giocatore che controlla la nave colpita è 1 o 2." """
    state, b, _ = shoot(table(), [raw, target_roll])
    assert b["critical"] is True
    t = state.ship("t")
    assert (t.hull["port"].lost, t.hull["starboard"].lost, t.crew.lost) == (2, 1, 1)
    assert t.fire is fire


def test_tiro_critico_velatura_two_on_nearest_one_on_the_next():
    """"se il bersaglio era la velatura due danni sono segnati sull'albero più vicino ed
    uno su quello successivo" — from ahead: fore 2, main 1 (and one crew)."""
    state, b, _ = shoot(table(fy=24), [9, 3], aim="rigging")  # 9 + 3 + 2 = 14 >= 9
    t = state.ship("t")
    assert b["critical"] is True
    assert masts(t) == {"fore": 2, "main": 1, "mizzen": 0}
    assert t.crew.lost == 1


def test_tiro_critico_velatura_nearest_mast_already_down():
    """With the fore mast gone, the nearest standing mast is the main and "quello
    successivo" the mizzen: main 2, mizzen 1 (not all three on the main)."""
    state = table(fy=24)
    state.ship("t").masts[0].lost, state.ship("t").masts[0].fell = 6, "sea"
    state, b, _ = shoot(state, [9, 3], aim="rigging")
    assert masts(state.ship("t")) == {"fore": 6, "main": 2, "mizzen": 1}


def test_tiro_critico_velatura_single_mast_takes_all_three():
    """"... ed uno su quello successivo (se presente, altrimenti tutti sullo stesso
    albero)" — the cutter Entreprenante has one mast of 8 boxes."""
    state, b, _ = shoot(table(target="hms_entreprenante"), [9, 3], aim="rigging")
    t = state.ship("t")
    assert b["critical"] is True
    assert masts(t) == {"main": 3}


# --- Equipaggio decimato ----------------------------------------------------------------------------------

def test_equipaggio_decimato_can_manoeuvre_but_not_fire_nor_load():
    """"Una nave che ha perduto tutti i suoi Effettivi può solo manovrare ma non far
    fuoco, caricare i cannoni o lanciare i grappini di abbordaggio." """
    state = table()
    v = state.ship("v")
    v.crew.lost = v.crew.boxes
    v.loaded["port"] = None
    state = in_phase(state, 4, {"v": 5})
    acts = set(offered(state, "v"))
    assert {"move", "turn"} <= acts
    assert not {"fire", "load"} & acts


def test_equipaggio_decimato_last_crew_box_by_a_critical_hit():
    """"Una nave che perde tutte le sue caselle Effettivi si dice che ha l'equipaggio
    decimato." """
    state = table()
    state.ship("t").crew.lost = state.ship("t").crew.boxes - 1
    state, b, events = shoot(state, [9, 3])
    assert state.ship("t").decimated
    assert of(events, "decimated") == [{"ship": "t", "name": "HMS Indefatigable"}]


@pytest.mark.parametrize("raw, prisoners_lost", [(6, 1), (5, 0)])
def test_tiro_critico_prisoners_lose_a_box_on_an_unmodified_roll_above_five(raw, prisoners_lost):
    """"una perdita è attribuita anche agli Effettivi (se il punteggio non modificato
    ottenuto dal giocatore che controlla la nave che fa fuoco è superiore a 5 anche
    eventuali prigionieri subiscono una perdita: segnate una casella anche per i
    prigionieri)." Indefatigable carries four boxes of prisoners; 6 + 6 = 12 and
    5 + 6 = 11 are both critical against 3, but only the 6 is above five."""
    from rules.cannoni.state import PrizeMemo, Track
    state = table()
    t = state.ship("t")
    t.prisoners = Track(boxes=4)
    t.captured_by, t.original = "britain", PrizeMemo(log=t.log, side="france", player="fran")
    state, b, events = shoot(state, [raw, 3])
    assert b["critical"] is True
    t = state.ship("t")
    assert t.prisoners.lost == prisoners_lost and t.crew.lost == 1
    assert len(of(events, "prisoners_loss")) == prisoners_lost


def test_tiro_critico_no_prisoners_no_loss():
    state, b, events = shoot(table(), [6, 3])
    assert b["critical"] is True and not of(events, "prisoners_loss")
    assert state.ship("t").prisoners is None
