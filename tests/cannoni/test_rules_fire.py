"""Rulebook examples: *Fuoco di batteria* — *Fare fuoco*, *Settore di tiro*, *Procedure
per il fuoco*, *Modificatori al tiro del dado*, *Fuoco su un bersaglio in movimento*,
*Infilata*, *Nave disalberata*, *Prima bordata* — and the simultaneous phase.

The usual table, wind from the east: Virginie ("v", France, 5th class, Fuoco +2) at (30, 20) heading north,
so her starboard broadside looks east; HMS Indefatigable ("t", Britain, 5th class) 6"
to the east, also heading north, her port side towards Virginie. Virginie's log-book
fire row: 0-2" +5, 2-4" +4, 4-6" +4, 6-8" +3, 8-10" +3, 10-13" +2, 13-16" +2,
16-20" +1, 20-24" 0, 24-28" 0, 28-32" -1 (40 long guns, 4 carronades, Fuoco +2).
"""
from __future__ import annotations

import pytest
from tests.cannoni.conftest import act, in_phase, make_state, of, offered, problems, ship, spec

FIRE = {"action": "fire", "side": "starboard", "target": "t", "aim": "hull"}


def table(target="hms_indefatigable", tx=36.0, ty=20.0, th=0.0, firer="virginie", fx=30.0, fy=20.0,
          fh=0.0, extra=(), **kw):
    kw.setdefault("wind", 4)  # from the east: ships heading north are on a beam reach
    return make_state(ship("v", firer, "france", fx, fy, fh), ship("t", target, "britain", tx, ty, th),
                      *extra, **kw)


def ready(state, chits=None, phase=4, previous=None):
    """Virginie active and free to fire (activated in phase 5, now phase 4)."""
    return in_phase(state, phase, chits or {"v": 5, "t": 1}, previous=previous)


def shoot(state, dice, **payload):
    p = dict(FIRE, **payload)
    state, events = act(state, "v", p, dice=dice)
    [b] = of(events, "broadside")
    return state, b, events


def mods(b) -> dict[str, int]:
    """The broadside's modifiers, the range one under the key "range"."""
    return {("range" if k.startswith("range") else k): v for k, v in b["mods"]}


# --- Fare fuoco / Caricare ------------------------------------------------------------------------

def test_fare_fuoco_only_with_loaded_guns_and_firing_empties_them():
    """"Prima di fare fuoco i pezzi devono essere caricati." """
    state = table()
    state.ship("v").loaded["starboard"] = None
    state = ready(state)
    assert "fire" not in offered(state, "v")
    state = table()
    state = ready(state)
    assert spec(state, "v").action("fire").param("side").values() == ["starboard"]
    state, b, _ = shoot(state, [1, 10])
    assert state.ship("v").loaded == {"starboard": None, "port": "ball"}
    bad = problems(state, "v", FIRE)
    assert bad and bad[0].field in ("action", "side")


# --- Settore di tiro ------------------------------------------------------------------------------

def test_settore_di_tiro_target_partly_inside_is_valid():
    """"Un bersaglio è considerato valido se si trova all'interno del settore di fuoco
    anche parzialmente." — only a corner of Indefatigable's base lies inside the fan off
    Virginie's starboard bow; moved 2" further north it is outside."""
    state = ready(table(tx=34, ty=26))
    assert spec(state, "v").action("fire").param("target").values() == ["t"]
    state = ready(table(tx=34, ty=28))
    assert "fire" not in offered(state, "v")


def test_settore_di_tiro_only_the_nearest_ship_may_be_fired_at():
    """"È considerato valido il bersaglio all'interno del settore di fuoco più vicino, la
    distanza è misurata tra i due alberi maestri" (the example: A must fire at B, the
    nearer)."""
    state = ready(table(tx=39, ty=20, extra=[ship("b", "hms_surprise", "britain", 35, 21, 0)]))
    assert spec(state, "v").action("fire").param("target").values() == ["b"]
    [bad] = problems(state, "v", FIRE)
    assert bad.field == "target"


def test_settore_di_tiro_equal_distance_the_player_chooses():
    """"se due o più bersagli si trovano alla stessa distanza il giocatore che controlla la
    nave può scegliere quale bersaglio colpire." """
    state = ready(table(tx=36, ty=24, th=0, extra=[ship("b", "hms_surprise", "britain", 36, 16, 0)]))
    assert sorted(spec(state, "v").action("fire").param("target").values()) == ["b", "t"]
    assert problems(state, "v", FIRE) == []
    assert problems(state, "v", dict(FIRE, target="b")) == []


def test_settore_di_tiro_friendly_ship_blocks_fire_beyond_it():
    """"Navi amiche o altri ostacoli all'interno del settore di fuoco, anche parzialmente,
    impediscono il fuoco su bersagli posti a distanza maggiore." """
    state = ready(table(tx=40, extra=[ship("f", "bayonnaise", "france", 35, 21, 0)]))
    assert "fire" not in offered(state, "v")
    [bad] = problems(state, "v", FIRE)
    assert bad.code in ("not-a-valid-target", "unknown-action")


def test_settore_di_tiro_land_blocks_fire_beyond_it():
    """"... o altri ostacoli": an islet between Virginie and her target."""
    islet = [[(32.5, 19), (33.5, 19), (33.5, 21), (32.5, 21)]]
    state = ready(table(land=islet))
    assert "fire" not in offered(state, "v")
    state = ready(table())
    assert "fire" in offered(state, "v")


def test_settore_di_tiro_out_of_range_beyond_the_fire_table():
    """Beyond the last distance the log-book's fire row gives, the guns cannot reach:
    Indefatigable's row stops at 20-24"."""
    state = make_state(ship("v", "hms_indefatigable", "britain", 30, 20, 0),
                       ship("t", "virginie", "france", 55, 20, 0))
    state = ready(state)
    assert "fire" not in offered(state, "v")
    state = make_state(ship("v", "hms_indefatigable", "britain", 30, 20, 0),
                       ship("t", "virginie", "france", 54, 20, 0))
    state = ready(state)
    assert spec(state, "v").action("fire").param("aim").values() == ["rigging"]


# --- Procedure per il fuoco -----------------------------------------------------------------------

@pytest.mark.parametrize("d, aims", [
    (4, ["hull"]), (4.5, ["hull", "rigging"]), (13, ["hull", "rigging"]), (13.5, ["rigging"]),
])
def test_procedure_hull_up_to_13_inches_rigging_beyond_4(d, aims):
    """"decide se tirare sullo scafo (se la distanza è fino a tredici pollici) o sulla
    velatura (se la distanza è superiore ai quattro pollici)" """
    state = ready(table(tx=30 + d))
    assert spec(state, "v").action("fire").param("aim").values() == aims
    other = "rigging" if aims == ["hull"] else "hull"
    if len(aims) == 1:
        [bad] = problems(state, "v", dict(FIRE, aim=other))
        assert bad.field == "aim"


@pytest.mark.parametrize("raw, target_roll, modified, hits", [
    (1, 8, 7, 0),    # inferiore al punteggio del bersaglio: nullo
    (1, 7, 7, 1),    # uguale: un danno
    (2, 5, 8, 1),    # superiore ma non il doppio
    (4, 5, 10, 2),   # il doppio: due danni
    (8, 5, 14, 2),   # più del doppio, meno del triplo
    (3, 3, 9, 3),    # il triplo: tiro critico
    (10, 1, 16, 3),
])
def test_procedure_opposed_roll_no_hit_one_two_three(raw, target_roll, modified, hits):
    """"Il giocatore che controlla la nave bersaglio tira anch'esso 1d10. Se il punteggio
    modificato ottenuto dal giocatore che fa fuoco: è inferiore ... il tiro è nullo; è
    uguale o superiore ... ma non è il doppio ... un danno; è il doppio o più ... ma non il
    triplo ... due danni; è il triplo o più ... tre danni: questo è un tiro critico."
    Modifiers here: +4 range, +2 first broadside."""
    state, b, events = shoot(ready(table()), [raw, target_roll])
    assert (b["roll"], b["target_roll"], b["modified"], b["hits"]) == (raw, target_roll, modified, hits)
    assert b["critical"] is (hits == 3)
    t = state.ship("t")
    lost = t.hull["starboard"].lost + t.hull["port"].lost
    assert lost == hits


# --- Modificatori al tiro del dado ----------------------------------------------------------------

@pytest.mark.parametrize("d, mod", [
    (2, 5), (2.5, 4), (4, 4), (6, 4), (6.5, 3), (10, 3), (13, 2), (16, 2), (20, 1), (24, 0), (32, -1),
])
def test_modificatori_distance_and_gunnery_from_the_log_book(d, mod):
    """"Il bonus o la penalità dovuta alla distanza modificano il tiro di dado per il
    fuoco." — the log-book's fire row, which already holds the gunners' skill
    ("L'abilità degli artiglieri, nel libro di bordo, è compresa nei modificatori dovuti
    alla distanza")."""
    aim = "hull" if d <= 13 else "rigging"
    state, b, _ = shoot(ready(table(tx=30 + d)), [1, 10], aim=aim)
    assert b["distance"] == d
    assert mods(b)["range"] == mod


@pytest.mark.parametrize("lost, sections_mod, first", [
    (1, None, None),   # the short section (2 boxes) is hit, not yet gone; side damaged
    (2, -1, None),     # the short section is gone
    (5, -1, None),
    (6, -2, None),
])
def test_modificatori_minus_one_per_section_lost_on_the_firing_side(lost, sections_mod, first):
    """"Per ogni sezione completamente colpita del bordo che fa fuoco (ogni sezione ha
    quattro caselle) si ha una penalità di -1" — Virginie's 10 boxes a side are 4+4+2,
    and the short section is struck first."""
    state = table()
    state.ship("v").hull["starboard"].lost = lost
    state, b, _ = shoot(ready(state), [1, 10])
    m = mods(b)
    assert m.get("sections lost on this side") == sections_mod
    assert m.get("first broadside") == first


def test_modificatori_sections_lost_on_the_other_side_do_not_count():
    """Only "il bordo che fa fuoco": port damage leaves the starboard guns whole."""
    state = table()
    state.ship("v").hull["port"].lost = 6
    state, b, _ = shoot(ready(state), [1, 10])
    assert mods(b) == {"range": 4, "first broadside": 2}


@pytest.mark.parametrize("target, mod", [
    ("hms_sophie", ("target of a lower class", 1)),
    ("hms_victory", ("target of a higher class", -1)),
    ("santa_sabina", None),
])
def test_modificatori_class_difference(target, mod):
    """"+1 se la nave bersaglio è di classe inferiore rispetto alla classe della nave che
    fa fuoco; -1 se la nave bersaglio è di classe superiore" (Virginie is 5th class;
    Sophie 8th, Victory 1st, Santa Sabina 5th)."""
    state, b, _ = shoot(ready(table(target=target)), [1, 10])
    expected = {"range": 4, "first broadside": 2}
    if mod:
        expected[mod[0]] = mod[1]
    assert mods(b) == expected


@pytest.mark.parametrize("sails, down, expected", [
    ("full", 0, {"target under full sail": 2}),
    ("furled", 0, {"target with sails furled": -1}),
    ("battle", 1, {"masts down on the target": -1}),
    ("battle", 2, {"masts down on the target": -2}),
    ("furled", 1, {"target with sails furled": -1}),  # the mast penalty does not apply
])
def test_modificatori_rigging_shots_sails_and_masts_down(sails, down, expected):
    """"Se l'obiettivo è la velatura si ha un modificatore al tiro di dado di: +2 se la
    nave bersaglio è a Vele Spiegate (VS); -1 se la nave bersaglio ha le vele ammainate;
    -1 per ogni albero abbattuto sulla nave bersaglio (non si applica se la nave ha le
    vele ammainate)." """
    state = table()
    t = state.ship("t")
    t.sails = sails
    for m in t.masts[len(t.masts) - down:]:
        m.lost, m.fell = m.boxes, "sea"
    state, b, _ = shoot(ready(state), [1, 10], aim="rigging")
    assert mods(b) == {"range": 4, "first broadside": 2, **expected}


def test_modificatori_sails_and_masts_do_not_count_on_hull_shots():
    """The sails modifiers are for "se l'obiettivo è la velatura" only."""
    state = table()
    state.ship("t").sails = "full"
    state.ship("t").masts[0].lost, state.ship("t").masts[0].fell = 6, "sea"
    state, b, _ = shoot(ready(state), [1, 10], aim="hull")
    assert mods(b) == {"range": 4, "first broadside": 2}


def test_fuoco_su_un_bersaglio_in_movimento():
    """"Se il bersaglio si è mosso nella stessa fase di Azione si ha una penalità di -1."
    Indefatigable (first in initiative) sails 2" north, then Virginie fires: 6.3", +3."""
    state = ready(table(), chits={"v": 5, "t": 5}, previous=["t", "v"])
    state, _ = act(state, "t", {"action": "move", "distance": 2})
    assert state.phase == 4
    state, b, _ = shoot(state, [1, 10])
    assert mods(b) == {"range": 3, "target moved this phase": -1, "first broadside": 2}


def test_fuoco_su_un_bersaglio_mosso_in_una_fase_precedente():
    """A move in an earlier phase is not "nella stessa fase": no penalty."""
    state = ready(table(), chits={"v": 5, "t": 5}, previous=["t", "v"])
    state, _ = act(state, "t", {"action": "move", "distance": 2})
    state, _ = act(state, "v", {"action": "pass"})
    assert state.phase == 3
    state, _ = act(state, "t", {"action": "pass"})
    state, b, _ = shoot(state, [1, 10])
    assert "target moved this phase" not in mods(b)


# --- Infilata ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("heading, end, bonus", [(270, "raking the bow", 3), (90, "raking the stern", 4)])
def test_infilata_bow_plus_3_stern_plus_4(heading, end, bonus):
    """"Si ha fuoco di infilata quando la nave bersaglio è a sei pollici o meno e
    completamente all'interno del settore di fuoco mentre la nave che tira è fuori dal
    settore di fuoco della nave bersaglio ... +3 ... sulla prua ... +4 ... sulla poppa."
    Indefatigable 6" away, end-on: bow towards Virginie (heading west) or stern."""
    state, b, _ = shoot(ready(table(th=heading)), [1, 10])
    assert mods(b) == {"range": 4, end: bonus, "first broadside": 2}


def test_infilata_not_beyond_six_inches():
    """"a sei pollici o meno": at 6.5" end-on there is no rake."""
    state, b, _ = shoot(ready(table(tx=36.5, th=90)), [1, 10])
    assert mods(b) == {"range": 3, "first broadside": 2}


def test_infilata_not_from_inside_the_targets_sector():
    """"mentre la nave che tira è fuori dal settore di fuoco della nave bersaglio":
    broadside to broadside there is no rake."""
    state, b, _ = shoot(ready(table(th=0)), [1, 10])
    assert "raking the bow" not in mods(b) and "raking the stern" not in mods(b)


def test_infilata_not_if_the_target_is_only_partly_in_the_sector():
    """"completamente all'interno del settore di fuoco": Indefatigable, heading north-east
    with her stern towards Virginie, off Virginie's starboard bow. At (33, 22.5) a corner
    of her base is outside the fan: no rake; an inch further east she is wholly inside:
    a stern rake. Virginie is outside Indefatigable's sectors both times."""
    state, b, _ = shoot(ready(table(tx=33, ty=22.5, th=45)), [1, 10])
    assert mods(b) == {"range": 4, "first broadside": 2}
    state, b, _ = shoot(ready(table(tx=34, ty=22.5, th=45)), [1, 10])
    assert mods(b) == {"range": 4, "raking the stern": 4, "first broadside": 2}


# --- Nave disalberata / Prima bordata -----------------------------------------------------------

def test_nave_disalberata_fires_at_minus_one():
    """"Una nave disalberata (che ha perduto tutti i propri alberi) tira con una penalità
    di -1." """
    state = table()
    for m in state.ship("v").masts:
        m.lost, m.fell = m.boxes, "sea"
    state, b, _ = shoot(ready(state), [1, 10])
    assert mods(b) == {"range": 4, "firing ship dismasted": -1, "first broadside": 2}


def test_prima_bordata_once_per_side():
    """"La prima salva della partita, per ogni bordo, ha un bonus di +2 ... in modo da non
    utilizzare più di una volta il vantaggio della prima bordata." Starboard fires with
    +2, reloads, fires again without; port's first broadside still has it."""
    west = ship("u", "santa_sabina", "britain", 24, 20, 0)
    state = ready(table(tx=36, extra=[west]))
    state, b, _ = shoot(state, [1, 10])
    assert mods(b)["first broadside"] == 2
    state, _ = act(state, "v", {"action": "load", "side": "starboard"})
    state, b, _ = shoot(state, [1, 10])
    assert "first broadside" not in mods(b)
    state, b, _ = shoot(state, [1, 10], side="port", target="u")
    assert mods(b)["first broadside"] == 2
    assert sorted(state.ship("v").first_broadside_used) == ["port", "starboard"]


def test_prima_bordata_not_if_the_side_is_already_damaged():
    """"Il bonus per la prima bordata non si applica al bordo se questo è già stato
    danneggiato." """
    state = table()
    state.ship("v").hull["starboard"].lost = 1
    state, b, _ = shoot(ready(state), [1, 10])
    assert mods(b) == {"range": 4}


# --- I dadi ------------------------------------------------------------------------------------------

def test_i_dadi_modified_roll_never_below_one():
    """"I modificatori al tiro di dado non possono in nessun caso far sì che il punteggio
    modificato sia inferiore ad uno" — Santa Sabina at 30" (-4), at a 1st rate (-1),
    whose sails are furled (-1): a 1 is still 1, and a 1 equals the target's 1: a hit."""
    state = make_state(ship("v", "santa_sabina", "france", 10, 20, 0),
                       ship("t", "hms_victory", "britain", 40, 20, 0))
    state.ship("v").hull["starboard"].lost = 1  # no first-broadside bonus
    state.ship("t").sails = "furled"
    state, b, _ = shoot(ready(state), [1, 1], aim="rigging")
    assert mods(b) == {"range": -4, "target of a higher class": -1, "target with sails furled": -1}
    assert (b["modified"], b["hits"]) == (1, 1)


# --- Azione: simultaneous effects ---------------------------------------------------------------

def test_azione_damage_marked_at_the_end_of_the_phase_hit_ship_still_fires():
    """"Le azioni delle navi attive in una fase di Azione sono considerate contemporanee:
    le conseguenze ed i risultati delle azioni si intendono applicati alle navi coinvolte
    alla fine della fase." Virginie's critical hit on Indefatigable's port side is marked
    only when the phase ends: Indefatigable replies with her port guns whole (first
    broadside +2, no section lost)."""
    state = ready(table(), chits={"v": 5, "t": 5}, previous=["v", "t"])
    state, b, _ = shoot(state, [9, 3])
    assert b["hits"] == 3
    t = state.ship("t")
    assert (t.hull["port"].lost, t.hull["starboard"].lost, t.crew.lost) == (0, 0, 0)
    assert len(state.pending_damage) == 3
    state, events = act(state, "t", {"action": "fire", "side": "port", "target": "v", "aim": "hull"},
                        dice=[5, 5])
    [reply] = of(events, "broadside")
    assert mods(reply) == {"range": 1, "first broadside": 2}
    assert (reply["modified"], reply["hits"]) == (8, 1)
    t, v = state.ship("t"), state.ship("v")
    assert (t.hull["port"].lost, t.hull["starboard"].lost, t.crew.lost) == (2, 1, 1)
    assert (v.hull["starboard"].lost, v.hull["port"].lost) == (1, 0)
    assert state.pending_damage == [] and state.phase == 3
