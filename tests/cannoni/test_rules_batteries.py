"""Rulebook examples: *Batterie costiere* — the fire chapter's penalty and the optional
chapter (*Arroventare le palle*, *Caricare i pezzi*, *Far fuoco*, *Modificatori*,
*Riordinare l'equipaggio*, *Colpo critico*, *Batterie costiere incendiate*), with the
battery's place in the turn. Readings: docs/rules/cannoni-batteries-notes.md.

The usual table: the French "Fort" with one battery, "North battery" (n), its face 3"
long centred on (36, 10) on the fort's outer edge, guns pointing north, the emplacement
running 1.5" inland (to y = 8.5). Its card: 8 battery points, 4 gunners, Manovra 6,
and the fire row 0-2" +3, 2-4" +3, 4-6" +2, 6-8" +2, 8-10" +1, 10-13" +1, 13-16" 0,
16-20" 0, 20-24" -1, no further. HMS Indefatigable ("t", Britain, Fuoco row at 6-8"
+1) lies 8" north of the face at (36, 18), heading east: her starboard side faces the
fort. The scenario's penalty for firing at the fort is -2.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.cannoni import batteries, forts, sequence
from rules.cannoni.fire import fire_options
from rules.cannoni.forts import BatterySetup, FortSetup
from rules.cannoni.options import CannoniOptions
from rules.cannoni.setup import CannoniSetup, ShipSetup, initial_state
from rules.cannoni.state import LandArea, Table
from rules.cannoni.view import perturb_secrets, view
from rules.core.decisions import Order
from tests.cannoni.conftest import (RULES, SEATS, act, in_phase, of, offered, problems, resolve, roller, ship,
                                    spec)

ROW = [3, 3, 2, 2, 1, 1, 0, 0, -1, None, None]
NORTH = dict(id="n", name="North battery", guns=24, points=8, crew=4, manoeuvre=6, gunnery=1, fire=ROW,
             x=36.0, y=10.0, facing=0.0)
TARGET = ship("t", "hms_indefatigable", "britain", 36, 18, 90)
SHOOT = {"action": "fire", "target": "t", "aim": "hull"}
# Far out of every sector: France has a ship, so the game goes on to turn 2.
FAR_FRENCH = ship("v", "bayonnaise", "france", 10, 40, 90)


def fort(*cards: dict[str, Any], id: str = "fort", side: str = "france", penalty: int = -2) -> FortSetup:
    return FortSetup(id=id, name=id.title(), side=side, penalty=penalty,
                     batteries=[BatterySetup(**c) for c in (cards or (NORTH,))])


def table(*ships: dict[str, Any], forts_: list[FortSetup] | None = None, land=(), wind: int = 4,
          **options: Any):
    """A game at the start of turn 1, the initiative of the ships then the batteries as
    listed (the previous turn's order)."""
    setup = CannoniSetup(
        name="example", title="Rulebook example", wind=wind, sides=["britain", "france"],
        table=Table(width=72, height=48, land=[LandArea(points=list(p)) for p in land]),
        ships=[ShipSetup(**s) for s in (ships or (TARGET,))], forts=forts_ or [fort()])
    state = initial_state(setup, CannoniOptions(**options), SEATS)
    state.wind = wind
    state.initiative = [s.id for s in state.ships] + [b.id for b in forts.all_batteries(state)]
    return state


def battery_phase(state, phase: int = 3, chit: int = 3, chits: dict[str, int] | None = None, previous=None):
    """The fort's chit placed and ``phase`` entered (the ships' chits as given, 1 by default)."""
    state.forts[0].chit = chit
    return in_phase(state, phase, chits if chits is not None else {s.id: 1 for s in state.ships},
                    previous=previous)


def ship_phase(state, phase: int = 4):
    """Indefatigable active (activated in phase 5), the fort idle (chit 1)."""
    state.forts[0].chit = 1
    return in_phase(state, phase, {"t": 5})


def bat(state, bid: str = "n"):
    return forts.battery(state, bid)


def mods(event) -> dict[str, int]:
    return {("range" if k.startswith("range") else k): v for k, v in event["mods"]}


# --- Fuoco di batteria: *Batterie costiere* -------------------------------------------------------

def test_batterie_costiere_ship_fire_has_the_scenario_penalty():
    """"Una nave che tira contro una batteria costiera ha una penalità, indicata nello
    scenario, che dipende dalla struttura del forte" — range measured to the fort's outer
    edge (8": +1), first broadside +2, the fort's -2; 5 + 1 = 6 against 3: two hits on the
    battery points, marked at the end of the phase."""
    state = ship_phase(table())
    assert spec(state, "t").action("fire").param("target").values() == ["n"]
    assert spec(state, "t").action("fire").param("aim").values() == ["hull"]
    state, events = act(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"},
                        dice=[5, 3])
    [b] = of(events, "broadside_battery")
    assert mods(b) == {"range": 1, "first broadside": 2, "target a coastal battery": -2}
    assert b["distance"] == 8.0 and (b["modified"], b["hits"]) == (6, 2)
    assert bat(state).points.lost == 2 and of(events, "battery_damage")[0]["remaining"] == 6
    assert state.ship("t").loaded["starboard"] is None


def test_batterie_costiere_no_penalty_from_a_fort_without_one():
    state = ship_phase(table(forts_=[fort(penalty=0)]))
    _, events = act(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"}, dice=[5, 3])
    assert "target a coastal battery" not in mods(of(events, "broadside_battery")[0])


def test_batterie_costiere_battery_points_only_up_to_the_hull_range():
    """The battery points "hanno lo stesso uso dei punti scafo": no rigging to aim at, so
    nothing to hit beyond the hull's 13"."""
    state = ship_phase(table(ship("t", "hms_indefatigable", "britain", 36, 25, 90)))
    assert "fire" not in offered(state, "t")
    [bad] = problems(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"})
    assert bad.field in ("action", "side", "target")


def test_settore_di_tiro_the_nearest_battery_must_be_fired_at():
    """"È considerato valido il bersaglio all'interno del settore di fuoco più vicino": the
    battery (8" to its wall) stands between Indefatigable and a French corvette 14" off."""
    state = ship_phase(table(TARGET, ship("v", "bayonnaise", "france", 36, 4, 90)))
    assert spec(state, "t").action("fire").param("target").values() == ["n"]
    [bad] = problems(state, "t", {"action": "fire", "side": "starboard", "target": "v", "aim": "hull"})
    assert bad.field == "target"


def test_settore_di_tiro_a_friendly_battery_blocks_the_fire():
    """"Navi amiche o altri ostacoli all'interno del settore di fuoco ... impediscono il
    fuoco su bersagli posti a distanza maggiore": a British battery is in the way."""
    state = ship_phase(table(TARGET, ship("v", "bayonnaise", "france", 36, 4, 90),
                             forts_=[fort(side="britain")]))
    assert "fire" not in offered(state, "t")
    assert "friendly battery" in str(fire_options(state, state.ship("t"), "starboard").blocked)


def test_linee_di_costa_a_fort_stands_on_the_coast():
    """A fort's walls are coast: a ship that runs into them stops at contact and takes the
    grounding test ("applicare le regole base Linee di costa"); 4 + 8 - 2 = 10 fails."""
    state = table(ship("t", "hms_indefatigable", "britain", 36, 14, 180))
    state = ship_phase(state, phase=5)
    state, events = act(state, "t", {"action": "move", "distance": 3}, dice=[4])
    [test] = of(events, "test")
    assert test["purpose"] == "avoid grounding" and not test["passed"]
    assert state.ship("t").aground and of(events, "move")[0]["stopped_by"] == "the coast"


# --- La scheda della batteria ---------------------------------------------------------------------

def test_scheda_battery_points_not_split_and_fire_row_from_appendix_b():
    """"i punti batteria ... non sono divisi in fiancata di dritta e di babordo"; "le
    batterie costiere non hanno carronate": without a row of its own a battery reads
    Appendix B's guns row (24 guns: +1 +1 0 0 -1 -2 -2 -3 -3) plus its Fuoco (+1)."""
    card = dict(NORTH, fire=None)
    state = table(forts_=[fort(card)])
    b = bat(state)
    assert (b.points.boxes, b.crew.boxes) == (8, 4)
    assert b.fire_table == [2, 2, 1, 1, 0, -1, -1, -2, -2, None, None]
    assert forts.max_range(b.fire_table) == 24


def test_scheda_fort_of_one_to_three_batteries():
    """"Un forte ... è costituito da una o più batterie (fino ad un massimo di tre)." """
    with pytest.raises(ValueError):
        fort(*[dict(NORTH, id=f"b{i}") for i in range(4)])
    with pytest.raises(ValueError):
        FortSetup(id="f", name="F", side="france", penalty=-1, batteries=[])


# --- Gettoni di attivazione ----------------------------------------------------------------------

def chits_order(state, player, payload):
    d = next(d for d in RULES.pending(state) if d.player == player)
    return Order(decision=d.id, player=player, payload={"action": "chits", **payload})


def test_gettoni_one_chit_per_fort_from_its_own_set_one_to_three():
    """"Il giocatore ha una serie di Gettoni di attivazione apposta per le batterie che
    controlla, numerati da 1 a 3. Per ogni forte o fortificazione il giocatore ha una
    serie di Gettoni" — one chit for the fort (both its batteries), chosen in the same
    secret decision as the ships'."""
    state = table(TARGET, FAR_FRENCH,
                  forts_=[fort(NORTH, dict(NORTH, id="e", name="East battery", x=39.5))])
    state.step = "chits"
    french = next(d for d in RULES.pending(state) if d.player == "fran")
    assert french.secret
    params = {p.name: p.values() for p in RULES.spec(state, french).actions[0].params}
    assert params == {"v": [1, 2, 3, 4, 5], "fort": [1, 2, 3]}
    state, events = resolve(state, [chits_order(state, "brit", {"t": 5}), chits_order(state, "fran", {"v": 4, "fort": 2})])
    assert state.forts[0].chit == 2
    public = view(state, None)["forts"][0]
    assert public["chit"] is None and public["chit_hidden"]
    assert view(state, "fran")["forts"][0]["chit"] == 2
    [fort_chit] = [e for e in of(events, "chit_set") if e["ship"] == "fort"]
    assert fort_chit["chit"] == 2


def test_gettoni_a_fort_s_chits_are_not_reused_until_all_three_are_spent():
    """"I gettoni di attivazione non possono essere riutilizzati. Dopo averli usati tutti
    ... il giocatore avrà a disposizione, nuovamente, l'intera serie." """
    state = table()
    state.forts[0].chits_used = [3, 1]
    state.step = "chits"
    french = next(d for d in RULES.pending(state) if d.player == "fran")
    assert RULES.spec(state, french).actions[0].param("fort").values() == [2]
    state.forts[0].chit = 2
    batteries.end_turn(state)
    assert state.forts[0].chits_used == [] and state.forts[0].chit is None


def test_gettoni_the_fort_s_chit_is_hidden_until_called():
    """Hidden like a ship's chit: the public view (and the initiative it shows) does not
    change whatever the chit, until its phase is called."""
    state = battery_phase(table(), phase=4, chit=2, chits={"t": 5})
    public = view(state, None)
    assert public["forts"][0]["chit"] is None and "n" not in public["initiative"]
    assert view(perturb_secrets(state, random.Random(1)), None) == public
    state = battery_phase(table(), phase=2, chit=2, chits={"t": 5})
    assert view(state, None)["forts"][0]["chit"] == 2 and "n" in view(state, None)["initiative"]


def test_gettoni_a_destroyed_fort_needs_no_chit():
    state = table()
    bat(state).points.lost = 8
    state.step = "chits"
    assert [d.player for d in RULES.pending(state)] == ["brit"]


# --- Attivazione -----------------------------------------------------------------------------------

def test_attivazione_a_battery_is_active_from_its_fort_s_phase():
    """"Il giocatore che controlla una batteria costiera deve attivarla, nella fase di
    Attivazione, come farebbe per ogni altra nave": chit 2 — idle in phase 3, active in 2
    and 1; its decision is a battery's action."""
    state = battery_phase(table(), phase=3, chit=2, chits={"t": 5})
    assert all(d.subject != "n" for d in RULES.pending(state))
    state = battery_phase(table(), phase=2, chit=2, chits={"t": 1})
    [d] = RULES.pending(state)
    assert (d.subject, d.kind, d.player) == ("n", "battery_action", "fran")


def test_iniziativa_batteries_take_their_turn_among_the_ships():
    """"La nave che ha il punteggio di attivazione più alto ha l'Iniziativa ... Nel caso
    una o più navi abbiano lo stesso punteggio di attivazione l'iniziativa va alla nave,
    tra queste, che nella fase precedente aveva il punteggio più alto": Indefatigable, the
    battery and a French corvette all on 3, in last turn's order t, n, v — Britain acts
    first, then France's battery and corvette together (one player's run)."""
    state = table(TARGET, FAR_FRENCH)
    state = battery_phase(state, phase=2, chit=3, chits={"t": 3, "v": 3}, previous=["t", "n", "v"])
    assert state.initiative == ["t", "n", "v"]
    assert [d.subject for d in RULES.pending(state)] == ["t"]
    state, _ = act(state, "t", {"action": "pass"})
    assert [d.subject for d in RULES.pending(state)] == ["n", "v"]


# --- Azioni delle batterie -------------------------------------------------------------------------

def test_azioni_only_the_battery_list():
    """"la scelta è limitata alle seguenti: arroventare le palle; caricare i pezzi; fare
    fuoco; riordinare l'equipaggio (regola opzionale); spegnere un incendio." """
    state = battery_phase(table())
    assert offered(state, "n") == ["heat", "fire", "pass"]
    bat(state).loaded, bat(state).fire = None, True
    assert offered(state, "n") == ["load", "fight_fire", "pass"]


def test_azioni_a_battery_with_no_gunners_cannot_load_or_fire():
    """As a ship with her crew decimated: "non far fuoco, caricare i cannoni"."""
    state = battery_phase(table())
    bat(state).crew.lost = 4
    assert offered(state, "n") == ["pass"]


def test_azioni_a_destroyed_battery_does_nothing_and_is_no_target():
    """With no battery points left it is not activated and cannot be fired at; its walls
    still stand on the coast and hide what lies behind them."""
    state = table(TARGET, ship("v", "bayonnaise", "france", 36, 4, 90))
    bat(state).points.lost = 8
    state = battery_phase(state, phase=3, chit=3, chits={"t": 5})
    assert all(d.subject != "n" for d in RULES.pending(state))
    assert "fire" not in offered(state, "t")


# --- Far fuoco -------------------------------------------------------------------------------------

def test_far_fuoco_distance_from_the_outer_edge_of_the_fort():
    """"La distanza è misurata a partire dal margine esterno della fortificazione": 8" from
    the face (6-8": +2), not 8.75" from the middle of the emplacement (8-10": +1). With the
    first salvo's +2: 2 + 4 = 6 against 2 is three times: a critical hit."""
    state = battery_phase(table())
    state, events = act(state, "n", SHOOT, dice=[2, 2])
    [f] = of(events, "battery_fire")
    assert f["distance"] == 8.0 and mods(f) == {"range": 2, "first broadside": 2}
    assert (f["modified"], f["hits"], f["critical"]) == (6, 3, True)
    t = state.ship("t")
    # The side facing the battery takes two, the other one; one crew box; fire on a 2.
    assert (t.hull["starboard"].lost, t.hull["port"].lost, t.crew.lost) == (2, 1, 1)
    assert t.fire and bat(state).loaded is None


def test_far_fuoco_only_in_the_fixed_sector():
    """"un settore di tiro invariabile": a ship level with the wall, off its end, is not
    in the sector; one beyond the 45° ray is, at rigging range only (15.9")."""
    state = battery_phase(table(ship("t", "hms_indefatigable", "britain", 48, 10, 0)))
    assert "fire" not in offered(state, "n")
    state = battery_phase(table(ship("t", "hms_indefatigable", "britain", 48, 22, 0)))
    assert spec(state, "n").action("fire").param("aim").values() == ["rigging"]


def test_far_fuoco_sections_lost_and_the_first_salvo():
    """"Per ogni sezione completamente colpita ... -1" (on the battery points); the first
    salvo's +2 is lost to any damage, as a ship's first broadside."""
    state = battery_phase(table())
    bat(state).points.lost = 5  # one section of four gone, a second broken
    _, events = act(state, "n", SHOOT, dice=[1, 10])
    assert mods(of(events, "battery_fire")[0]) == {"range": 2, "battery sections lost": -1}


def test_far_fuoco_rake_as_for_ships():
    """"Come le regole base per le navi": a ship 5" off, end on, with the battery outside
    her broadside sectors, is raked (bow towards the fort: +3)."""
    state = battery_phase(table(ship("t", "hms_indefatigable", "britain", 36, 15.5, 180)))
    _, events = act(state, "n", SHOOT, dice=[1, 10])
    assert mods(of(events, "battery_fire")[0])["raking the bow"] == 3


def test_far_fuoco_a_battery_may_fire_at_another_fort():
    state = table(ship("t", "hms_indefatigable", "britain", 36, 22, 90),
                  forts_=[fort(), fort(dict(NORTH, id="s", name="South battery", x=36, y=16, facing=180),
                                   id="redoubt", side="britain", penalty=-3)])
    state = battery_phase(state)
    assert spec(state, "n").action("fire").param("target").values() == ["s"]
    _, events = act(state, "n", {"action": "fire", "target": "s", "aim": "hull"}, dice=[5, 3])
    f = of(events, "battery_fire")[0]
    assert f["distance"] == 6.0 and mods(f)["target in a fort"] == -3


# --- Arroventare le palle ------------------------------------------------------------------------

def test_arroventare_load_then_heat_then_fire():
    """"Arroventare le palle richiede una fase di azione. Il giocatore carica i pezzi
    normalmente. Nella fase di azione successiva dichiara di arroventare la palla ... Nella
    fase di azione successiva la batteria può far fuoco." """
    state = table(TARGET, FAR_FRENCH)
    bat(state).loaded = None
    state = battery_phase(state)
    assert "heat" not in offered(state, "n")
    state, _ = act(state, "n", {"action": "load"})
    assert state.phase == 2 and bat(state).loaded == "ball"
    state, events = act(state, "n", {"action": "heat"})
    assert bat(state).loaded == "heated" and of(events, "battery_heat")
    assert offered(state, "n") == ["fire", "pass"]
    state, events = act(state, "n", SHOOT, dice=[5, 10])
    assert of(events, "battery_fire")[0]["heated"] is True and bat(state).loaded is None


def test_arroventare_only_ships_are_valid_targets():
    """"Solo le navi sono un bersaglio valido per le palle arroventate": with red-hot shot
    the British redoubt, nearest in the sector, cannot be fired at (and still hides the
    ship behind it); with ball it can."""
    redoubt = fort(dict(NORTH, id="s", name="South battery", x=36, y=16, facing=180), id="redoubt",
                   side="britain", penalty=-3)
    state = battery_phase(table(ship("t", "hms_indefatigable", "britain", 36, 22, 90), forts_=[fort(), redoubt]))
    assert spec(state, "n").action("fire").param("target").values() == ["s"]
    bat(state).loaded = "heated"
    assert "fire" not in offered(state, "n")
    [bad] = problems(state, "n", {"action": "fire", "target": "s", "aim": "hull"})
    assert bad.field in ("action", "target")


def test_arroventare_an_unmodified_one_sets_the_battery_alight():
    """"se il punteggio non modificato ottenuto dal giocatore che controlla la batteria è 1
    ... si sviluppa un incendio sulla batteria" — and the shot goes on normally."""
    state = battery_phase(table())
    bat(state).loaded = "heated"
    state, events = act(state, "n", SHOOT, dice=[1, 10])
    assert bat(state).fire and of(events, "battery_on_fire")[0]["cause"] == "shot fired too soon"
    state = battery_phase(table())
    state, _ = act(state, "n", SHOOT, dice=[1, 10])  # ball: no such accident
    assert not bat(state).fire


@pytest.mark.parametrize("heated, target_roll, fire", [(True, 2, True), (True, 3, False), (False, 2, False)])
def test_arroventare_a_hit_may_set_the_ship_on_fire(heated, target_roll, fire):
    """"se il bersaglio è colpito c'è la probabilità che sulla nave si sviluppi un incendio
    come per il tiro critico": a hit short of critical burns on the target's 1 or 2 —
    with red-hot shot only."""
    state = battery_phase(table())
    b = bat(state)
    b.first_salvo_used, b.loaded = True, "heated" if heated else "ball"
    raw = 2 * target_roll - 2  # +2 range: exactly twice the target's roll, two hits
    state, events = act(state, "n", SHOOT, dice=[raw, target_roll])
    assert of(events, "battery_fire")[0]["hits"] == 2
    assert state.ship("t").fire is fire


@pytest.mark.parametrize("heated", [True, False])
def test_arroventare_a_critical_hit_sets_the_ship_on_fire(heated):
    """"se il bersaglio è colpito con un tiro critico sulla nave colpita si sviluppa un
    incendio automaticamente" — even on the target's 3, which alone would not."""
    state = battery_phase(table())
    b = bat(state)
    b.first_salvo_used, b.loaded = True, "heated" if heated else "ball"
    state, events = act(state, "n", SHOOT, dice=[7, 3])
    assert of(events, "battery_fire")[0]["critical"]
    assert state.ship("t").fire is heated


# --- Caricare i pezzi -------------------------------------------------------------------------------

def test_caricare_only_ball_even_with_the_optional_shot():
    """"Non si applicano alle batterie costiere le regole opzionale per il tiro (le
    batterie costiere tirano solo a palla, eventualmente arroventata)." """
    state = table(ammunition=True)
    bat(state).loaded = None
    state = battery_phase(state)
    assert spec(state, "n").action("load").params == []
    state, _ = act(state, "n", {"action": "load"})
    assert bat(state).loaded == "ball"


def test_caricare_a_ship_s_optional_shot_at_a_battery():
    """The ship's own optional shot still works on the fort: chain shot has no rigging to
    cut (no effect, the guns are emptied); double shot doubles the points lost."""
    state = ship_phase(table(ship("t", "hms_indefatigable", "britain", 36, 15, 90), ammunition=True))
    state.ship("t").loaded["starboard"] = "chain"
    state, events = act(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"})
    assert of(events, "broadside_no_effect") and state.ship("t").loaded["starboard"] is None
    state = ship_phase(table(ship("t", "hms_indefatigable", "britain", 36, 15, 90), ammunition=True))
    state.ship("t").loaded["starboard"] = "double"
    state, events = act(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"},
                        dice=[4, 4])  # 4 + 1 = 5 vs 4: one hit, doubled
    assert bat(state).points.lost == 2


# --- Modificatori e Riordinare l'equipaggio (regola opzionale) -----------------------------------

def test_modificatori_disordered_gunners_fire_at_minus_two():
    """"Le batterie costiere i cui artiglieri siano disordinati ... hanno una penalità di -2
    sul tiro di dado per il fuoco (regola opzionale)." """
    state = table(disorder=True)
    bat(state).disordered = True
    state = battery_phase(state)
    _, events = act(state, "n", SHOOT, dice=[5, 10])
    assert mods(of(events, "battery_fire")[0])["gunners disordered"] == -2


def test_riordinare_l_equipaggio_rallies_the_gunners():
    """"Come le regole base per le navi": one action, no test."""
    state = table(disorder=True)
    bat(state).disordered = True
    state = battery_phase(state)
    assert "rally" in offered(state, "n")
    state, events = act(state, "n", {"action": "rally"})
    assert not bat(state).disordered and of(events, "rallied")


# --- Colpo critico ---------------------------------------------------------------------------------

@pytest.mark.parametrize("disorder", [True, False])
def test_colpo_critico_three_points_a_gunner_disorder_and_fire(disorder):
    """"tre danni sono segnati sui punti batteria; un danno agli Effettivi; l'equipaggio è
    disordinato (regola opzionale). Inoltre si sviluppa un incendio se il giocatore che la
    controlla ha ottenuto un punteggio non superiore a 2" — 9 + 1 = 10 against 2."""
    state = ship_phase(table(disorder=disorder))
    state, events = act(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"},
                        dice=[9, 2])
    b = bat(state)
    assert of(events, "broadside_battery")[0]["critical"]
    assert (b.points.lost, b.crew.lost, b.fire, b.disordered) == (3, 1, True, disorder)


def test_colpo_critico_no_fire_on_a_three():
    state = ship_phase(table())
    state, _ = act(state, "t", {"action": "fire", "side": "starboard", "target": "n", "aim": "hull"}, dice=[10, 3])
    assert bat(state).points.lost == 3 and not bat(state).fire


# --- Batterie costiere incendiate ----------------------------------------------------------------

LINE = (dict(NORTH, id="a", name="Battery A", x=30.0), dict(NORTH, id="b", name="Battery B", x=33.5),
        dict(NORTH, id="c", name="Battery C", x=37.0))  # A-B and B-C 0.5" apart, A-C 4"


def burning_table(*cards):
    # A French ship too, or France would have lost by turn 2 with no ship able to fight.
    return table(TARGET, FAR_FRENCH, forts_=[fort(*cards)])


def preparation(state, dice):
    """Start turn 2: the wind's die, then step 6a."""
    state.turn = 2
    r, forced = roller(*dice)
    sequence.begin_turn(state, r)
    assert forced.remaining == 0
    return r.log.events


def test_batterie_costiere_incendiate_one_point_at_preparation():
    """"Una batteria incendiata subisce un danno nella fase di Preparazione di ogni turno
    fino a quando l'incendio non viene domato." """
    state = burning_table(NORTH)
    bat(state).fire = True
    events = preparation(state, [5])
    assert bat(state).points.lost == 1 and of(events, "battery_burning")
    assert state.step == "chits"


def test_batterie_costiere_incendiate_fire_spreads_to_a_random_adjacent_battery():
    """"Se la batteria è completamente distrutta ... l'incendio si propaga ad un'altra
    batteria adiacente dello stesso forte (se ci sono due o più batterie adiacenti ... la
    scelta è casuale)": B, between A and C, burns out; a d2 picks C."""
    state = burning_table(*LINE)
    b = bat(state, "b")
    b.fire, b.points.lost = True, 7
    events = preparation(state, [5, 2])
    assert b.destroyed and not b.fire
    assert [x.id for x in forts.all_batteries(state) if x.fire] == ["c"]
    assert of(events, "battery_fire_spreads")[0]["other"] == "c"


def test_batterie_costiere_incendiate_only_to_an_adjacent_battery():
    """A, at the end of the line, has only B beside it: no die is thrown."""
    state = burning_table(*LINE)
    a = bat(state, "a")
    a.fire, a.points.lost = True, 8
    preparation(state, [5])
    assert [x.id for x in forts.all_batteries(state) if x.fire] == ["b"]


def test_batterie_costiere_incendiate_spegnere_l_incendio():
    """"La procedura per domare un incendio è simile a quella già vista per le navi (test
    sull'equipaggio) con gli stessi modificatori": Manovra 6, gunners at half -1, +1 in a
    later turn; 4 + 6 - 1 = 9 fails, 5 + 6 - 1 + 1 = 11 puts it out."""
    state = table()
    b = bat(state)
    b.fire, b.crew.lost = True, 2
    state = battery_phase(state)
    state, events = act(state, "n", {"action": "fight_fire"}, dice=[4])
    [test] = of(events, "test")
    assert (test["ability"], test["passed"]) == (5, False) and bat(state).fire
    state.turn += 1
    state = battery_phase(state)
    state, events = act(state, "n", {"action": "fight_fire"}, dice=[5])
    assert of(events, "test")[0]["mods"] == [["crew at half or less", -1], ["later turn", 1]]
    assert not bat(state).fire and of(events, "battery_fire_out")


# --- The view -------------------------------------------------------------------------------------

def test_view_shows_each_battery_where_it_stands():
    public = view(table(), None)
    [b] = public["forts"][0]["batteries"]
    assert sorted(b["face"]) == [[34.5, 10.0], [37.5, 10.0]]
    xs = sorted({round(p[0], 6) for p in b["emplacement"]})
    ys = sorted({round(p[1], 6) for p in b["emplacement"]})
    assert (xs, ys) == ([34.5, 37.5], [8.5, 10.0])
    assert (b["reach"], b["points"]["boxes"], b["facing"]) == (24, 8, 0.0)
