"""Rulebook examples: *Manovre e virate* — *Velatura*, *Andature*, *Velocità di
spostamento*, *Accostare*, *Virata obbligatoria*, *Modificare la velatura*, *Linee
di costa*, *Collisioni*, *Uscire dal tavolo di gioco* — and *Caricare*.

Wind 0 blows from the north unless said otherwise; a ship heading 90 (east) has it
on the beam.
"""
from __future__ import annotations

import math

import pytest
from tests.cannoni.conftest import (
    act, in_phase, make_state, of, offered, problems, roller, ship, spec,
)

from rules.cannoni import damage, movement
from rules.core.tables import open_table as g
from rules.cannoni.fire import base
from rules.cannoni.sailing import ship_point_of_sail, speed_range

LEN65 = 65 / 25.4  # base length of 4th-8th class ships, inches ("40x65mm")
WID = 40 / 25.4


def alone(catalogue: str = "virginie", heading: float = 90, wind: int = 0, x: float = 30, y: float = 20,
          sails: str = "battle", **kw):
    """One ship (id "s", France) and a distant enemy (id "far")."""
    return make_state(ship("s", catalogue, "france", x, y, heading, sails=sails),
                      ship("far", "hms_sophie", "britain", 5, 44, 90), wind=wind, **kw)


def distance_param(state, ship_id="s", action="move"):
    p = spec(state, ship_id).action(action).param("distance")
    return (p.min, p.max)


# --- Andature ---------------------------------------------------------------------------------

@pytest.mark.parametrize("heading, point", [
    (0, "in_irons"), (30, "in_irons"), (44, "in_irons"), (330, "in_irons"),
    (45, "close_hauled"), (315, "close_hauled"), (60, "close_hauled"),
    (90, "beam_reach"), (270, "beam_reach"), (100, "beam_reach"),
    (135, "broad_reach"), (225, "broad_reach"),
    (170, "running"), (180, "running"), (190, "running"),
])
def test_andature_point_of_sail_from_the_wind(heading, point):
    """"L'andatura della nave dipende dalla direzione della nave relativamente a quella del
    vento. Sono possibili cinque situazioni: controvento, bolina, traverso, lasco e poppa."
    (Sectors: in irons within 4 points of the wind, close-hauled to 6, beam to 10, broad
    to 14, running beyond.)"""
    state = alone(heading=heading, sails="full")
    assert ship_point_of_sail(state, state.ship("s")) == point


@pytest.mark.parametrize("heading, sails, point", [
    (45, "full", "close_hauled"),     # in irons / close-hauled: the ship can sail
    (67.5, "full", "beam_reach"),     # close-hauled 3-2 / beam 4-2
    (112.5, "full", "broad_reach"),   # beam 4-2 / broad 5-3
    (157.5, "full", "broad_reach"),   # broad 5-3 / running 4-2
    (292.5, "full", "beam_reach"),    # the same boundary on the other tack
])
def test_andature_in_caso_di_dubbio_la_piu_favorevole(heading, sails, point):
    """"In caso di dubbio si considera sempre l'andatura più favorevole." — on a boundary
    the point of sail with the higher top speed (Virginie's log-book)."""
    state = alone(heading=heading, sails=sails)
    assert ship_point_of_sail(state, state.ship("s")) == point


def test_andature_speed_from_the_point_of_sail_at_the_start_of_the_move():
    """"Si considera sempre l'andatura della nave all'inizio dello spostamento." — a turn
    from a beam reach (VB 3-2) towards a broad reach (VB 5-2) still has 3" at most."""
    state = in_phase(alone(heading=90), 5, {"s": 5})
    assert distance_param(state, action="turn") == (2, 3)
    bad = problems(state, "s", {"action": "turn", "template": "B", "direction": "starboard",
                                "curve": 2, "distance": 4})
    assert [p.code for p in bad] == ["out-of-range"]


# --- Velocità di spostamento --------------------------------------------------------------------

@pytest.mark.parametrize("heading, sails, speeds", [
    (90, "battle", (2, 3)), (90, "full", (2, 4)),
    (135, "battle", (2, 5)), (135, "full", (3, 5)),
    (60, "battle", (1, 3)), (180, "full", (2, 4)),
])
def test_velocita_di_spostamento_min_max_from_the_log_book(heading, sails, speeds):
    """"In una azione il giocatore può muovere la propria nave di una distanza che non può
    essere inferiore al minimo consentito né superiore al massimo." (Virginie: bolina
    3-2/3-1, traverso 4-2/3-2, lasco 5-3/5-2, poppa 4-2/3-1.)"""
    state = in_phase(alone(heading=heading, sails=sails), 5, {"s": 5})
    assert distance_param(state) == speeds
    lo, hi = speeds
    assert [p.code for p in problems(state, "s", {"action": "move", "distance": hi + 0.5})] == ["out-of-range"]
    assert [p.code for p in problems(state, "s", {"action": "move", "distance": lo - 0.5})] == ["out-of-range"]
    assert problems(state, "s", {"action": "move", "distance": hi}) == []


def test_velocita_di_spostamento_one_mast_down_halves_the_speeds():
    """"Se la nave ha un albero abbattuto le velocità di spostamento sono dimezzate."
    (Virginie, beam reach, VB 3-2 -> 1.5-1.)"""
    state = alone(heading=90)
    state.ship("s").masts[0].lost = 6
    state.ship("s").masts[0].fell = "sea"
    state = in_phase(state, 5, {"s": 5})
    assert distance_param(state) == (1, 1.5)


def test_velocita_di_spostamento_two_masts_down_minimum_only():
    """"Se la nave ha due alberi abbattuti la nave può muovere usando solo le velocità di
    spostamento minime" (Virginie, broad reach, VB 5-2 -> 2)."""
    state = alone(heading=135)
    for m in state.ship("s").masts[:2]:
        m.lost, m.fell = 6, "sea"
    state = in_phase(state, 5, {"s": 5})
    assert distance_param(state) == (2, 2)


def test_velocita_di_spostamento_two_masts_down_zero_minimum_cannot_move():
    """"(una velocità minima pari a zero, in questa situazione, indica che la nave non può
    muovere per nulla, e quindi è alla deriva)" — HMS Victory close-hauled with battle
    sails is 1-0: with two masts gone she cannot move, and owes no move."""
    state = make_state(ship("v", "hms_victory", "britain", 30, 20, 45),
                       ship("far", "virginie", "france", 5, 44, 90))
    for m in state.ship("v").masts[:2]:
        m.lost, m.fell = 8, "sea"
    assert speed_range(state, state.ship("v")) is None
    state = in_phase(state, 5, {"v": 5})
    assert "move" not in offered(state, "v") and "pass" in offered(state, "v")
    # One mast standing is not "dismasted": a broad reach (VB 3-2) still gives 2.
    state.ship("v").heading = 135
    assert speed_range(state, state.ship("v")).model_dump() == {"max": 2, "min": 2}


# --- Modificare la velatura -------------------------------------------------------------------

def test_modificare_la_velatura_no_full_sails_with_a_mast_down():
    """"Navi che hanno perso un albero non possono utilizzare la velatura a vele spiegate
    (VS)." — not offered, and a ship under VS when a mast falls shortens sail."""
    state = alone(heading=90, sails="full")
    r, _ = roller(5)  # the mast falls into the sea
    damage.strike_rigging(state, r, state.ship("s"), ["fore"], 6)
    assert state.ship("s").sails == "battle"
    state = in_phase(state, 4, {"s": 5})
    assert spec(state, "s").action("sails").param("to").values() == ["furled"]


def test_modificare_la_velatura_takes_an_action():
    """"Modificare la velatura della nave richiede una fase di azione." """
    state = in_phase(alone(heading=90), 4, {"s": 5})
    assert spec(state, "s").action("sails").param("to").values() == ["full", "furled"]
    state, events = act(state, "s", {"action": "sails", "to": "full"})
    assert state.ship("s").sails == "full"
    assert (state.ship("s").x, state.ship("s").y) == (30, 20)


# --- Manovrare --------------------------------------------------------------------------------

def test_manovrare_straight_move_keeps_the_heading():
    """"Una manovra è uno spostamento rettilineo della nave, senza cambiare la direzione." """
    state = in_phase(alone(heading=90), 5, {"s": 5})
    state, events = act(state, "s", {"action": "move", "distance": 2.5})
    s = state.ship("s")
    assert (s.x, s.y, s.heading) == (32.5, 20, 90)


# --- Accostare --------------------------------------------------------------------------------

def test_accostare_own_letter_and_later_ones_only():
    """"La nave può seguire la traiettoria indicata dalla propria lettera ed anche tutte
    le traiettorie indicate da lettere successive." Virginie turns on B: B, C, D."""
    state = in_phase(alone(heading=90), 5, {"s": 5})
    assert spec(state, "s").action("turn").param("template").values() == ["B", "C", "D"]
    bad = problems(state, "s", {"action": "turn", "template": "A", "direction": "port",
                                "curve": 1, "distance": 2})
    assert [(p.code, p.field) for p in bad] == [("bad-choice", "template")]


def test_accostare_a_card_turns_the_bow_at_most_90_degrees():
    """"È consentito accostare modificando la direzione della nave fino al massimo
    consentito dalla corrispondente carta accostare." — card A, 3" of curve: a quarter
    turn; 3.5" is refused."""
    state = in_phase(alone("hms_sophie", heading=135, sails="full"), 5, {"s": 5})  # broad: 6-3
    bad = problems(state, "s", {"action": "turn", "template": "A", "direction": "starboard",
                                "curve": 3.5, "distance": 4})
    assert [p.field for p in bad] == ["curve"]
    state, _ = act(state, "s", {"action": "turn", "template": "A", "direction": "starboard",
                                "curve": 3, "distance": 3})
    assert state.ship("s").heading == pytest.approx(225, abs=1e-6)


def test_accostare_curve_not_longer_than_the_move():
    """"Il movimento residuo deve essere percorso in linea retta. Nessun'altra
    combinazione di movimento rettilineo e curvilineo è legale." """
    state = in_phase(alone(heading=90), 5, {"s": 5})
    bad = problems(state, "s", {"action": "turn", "template": "B", "direction": "port",
                                "curve": 2.5, "distance": 2})
    assert [p.code for p in bad] == ["curve-longer-than-move"]


def test_accostare_residual_move_is_straight_along_the_new_heading():
    """The curve first, then "il movimento residuo ... in linea retta": a 1" curve with
    3" in all ends where a 1" turn followed by a 2" straight move ends (Virginie,
    close-hauled, VB 3-1, card B: 22.5° to starboard)."""
    one = in_phase(alone(heading=60), 5, {"s": 5})
    one, _ = act(one, "s", {"action": "turn", "template": "B", "direction": "starboard",
                            "curve": 1, "distance": 3})
    two = in_phase(alone(heading=60), 5, {"s": 5})
    two, _ = act(two, "s", {"action": "turn", "template": "B", "direction": "starboard",
                            "curve": 1, "distance": 1})
    two, _ = act(two, "s", {"action": "move", "distance": 2})
    a, b = one.ship("s"), two.ship("s")
    assert a.heading == pytest.approx(82.5, abs=1e-6)
    assert (a.x, a.y, a.heading) == pytest.approx((b.x, b.y, b.heading), abs=1e-5)
    assert a.straight_this_turn == pytest.approx(2, abs=1e-6)


def test_accostare_the_bow_follows_the_card():
    """The rulebook's example: "sposta la nave in modo che il lato anteriore della basetta
    coincida con il tratto corrispondente" — card C turns 15° an inch, so after 3" to
    port (45°) the bow stands on a circle of radius 180/(15π) tangent to the old course."""
    state = in_phase(make_state(ship("s", "redoutable", "france", 30, 20, 90, sails="full"),
                                ship("far", "hms_sophie", "britain", 5, 44, 90), wind=8), 5, {"s": 5})
    state, _ = act(state, "s", {"action": "turn", "template": "C", "direction": "port",
                                "curve": 3, "distance": 3})
    s = state.ship("s")
    half = (75 / 25.4) / 2
    radius = 180 / (15 * math.pi)
    # Bow started at (30 + half, 20) heading east; the circle's centre lies to port (north).
    bow = (s.x + half * math.sin(math.radians(s.heading)), s.y + half * math.cos(math.radians(s.heading)))
    expected = (30 + half + radius * math.sin(math.radians(45)), 20 + radius - radius * math.cos(math.radians(45)))
    assert s.heading == pytest.approx(45, abs=1e-6)
    assert bow == pytest.approx(expected, abs=1e-5)


def test_accostare_later_card_has_its_own_90_degree_limit():
    """A ship of letter A "può seguire tutte le traiettorie (oltre alla A anche la B, la
    C e la D)": on card D, 5" of curve is 56.25°, within that card's limit."""
    state = in_phase(alone("hms_sophie", heading=135, sails="full"), 5, {"s": 5})  # broad: 6-3
    assert problems(state, "s", {"action": "turn", "template": "D", "direction": "starboard",
                                 "curve": 5, "distance": 5}) == []


def test_accostare_stops_exactly_head_to_wind():
    """"Una nave può accostare in modo da trovarsi esattamente con il vento contro ... ma
    non oltre. Quando la nave si trova esattamente controvento deve interrompere il
    movimento, qualunque sia l'entità dello spostamento." Sophie close-hauled at 45°,
    card A to port: 1.5" of curve brings her head to wind; the other 1.5" are lost."""
    state = in_phase(alone("hms_sophie", heading=45), 5, {"s": 5})
    state, events = act(state, "s", {"action": "turn", "template": "A", "direction": "port",
                                     "curve": 2, "distance": 3})
    s = state.ship("s")
    assert s.heading == pytest.approx(0, abs=1e-6)
    [move] = of(events, "move")
    assert (move["distance"], move["curve"], move["head_to_wind"]) == (1.5, 1.5, True)
    assert ship_point_of_sail(state, s) == "in_irons"
    assert speed_range(state, s) is None
    assert "tack" not in offered(state, "s")  # the forced tack waits for the next turn
    assert not {"move", "turn"} & set(offered(state, "s"))


def test_andature_no_straight_run_in_irons_after_a_turn():
    """"Non è possibile in nessuna situazione muoversi controvento, se una nave si trova
    con la prua al vento deve immediatamente terminare il movimento." A turn ending in
    the in-irons sector (30° off the wind) ends with its curve."""
    state = in_phase(alone("hms_sophie", heading=60), 5, {"s": 5})  # close-hauled VB 3-2
    state, events = act(state, "s", {"action": "turn", "template": "A", "direction": "port",
                                     "curve": 1, "distance": 3})
    [move] = of(events, "move")
    assert (move["distance"], move["curve"]) == (1, 1)
    assert state.ship("s").heading == pytest.approx(30, abs=1e-6)
    # Ending exactly on the close-hauled boundary (45°) the ship sails on.
    state = in_phase(alone("hms_sophie", heading=60), 5, {"s": 5})
    state, events = act(state, "s", {"action": "turn", "template": "A", "direction": "port",
                                     "curve": 0.5, "distance": 3})
    [move] = of(events, "move")
    assert (move["distance"], move["curve"]) == (3, 0.5)


# --- Virata obbligatoria --------------------------------------------------------------------------

@pytest.mark.parametrize("direction, heading", [("starboard", 45), ("port", 315)])
def test_virata_obbligatoria_passed_pivots_exactly_close_hauled(direction, heading):
    """"Una nave con andatura controvento che supera il test di Manovra effettua ...
    Virata obbligatoria che consiste nel ruotare la nave, facendo perno sul punto in cui
    cade l'albero maestro di un numero di quarte esattamente necessario per portare la
    nave in andatura di bolina. La direzione in cui virare è decisa dal giocatore."
    Sophie (Manovra 7) throws 4: 11 > 10."""
    state = in_phase(alone("hms_sophie", heading=0), 5, {"s": 5})
    state, events = act(state, "s", {"action": "tack", "direction": direction}, dice=[4])
    s = state.ship("s")
    assert (s.x, s.y) == (30, 20)
    assert s.heading == pytest.approx(heading, abs=1e-6)
    assert ship_point_of_sail(state, s) == "close_hauled"
    assert of(events, "test")[0]["passed"] is True


def test_virata_obbligatoria_failed_stays_in_irons():
    """A failed test (3 + 7 = 10, not more than ten) leaves the ship head to wind."""
    state = in_phase(alone("hms_sophie", heading=10), 5, {"s": 5})
    state, events = act(state, "s", {"action": "tack", "direction": "starboard"}, dice=[3])
    assert state.ship("s").heading == 10
    assert of(events, "test")[0]["passed"] is False
    assert "tack" in offered(state, "s")


def test_virata_obbligatoria_is_not_a_move():
    """"La virata obbligatoria non è considerata un movimento!" — a ship that tacked has
    not moved this phase (no moving-target penalty against her)."""
    state = make_state(ship("s", "hms_sophie", "britain", 30, 20, 0),
                       ship("t", "bayonnaise", "france", 40, 30, 0))
    state = in_phase(state, 4, {"s": 5, "t": 5})
    state, _ = act(state, "s", {"action": "tack", "direction": "starboard"}, dice=[9])
    assert state.phase == 4  # "t" still to act
    assert state.ship("s").moved_this_phase is False


def test_virata_obbligatoria_not_in_the_turn_the_ship_came_head_to_wind():
    """"se una nave si trova con la prua al vento deve immediatamente terminare il
    movimento. Nel successivo turno dovrà effettuare un test sull'equipaggio per riuscire
    a virare" — head to wind in phase 5, no tack in phase 4 of the same turn."""
    state = in_phase(alone("hms_sophie", heading=45), 5, {"s": 5})
    state, _ = act(state, "s", {"action": "turn", "template": "A", "direction": "port",
                                "curve": 2, "distance": 3})
    assert state.phase == 4 and state.turn == 1
    assert "tack" not in offered(state, "s")


# --- Caricare ----------------------------------------------------------------------------------

def test_caricare_one_side_per_action():
    """"In una fase è possibile ricaricare i pezzi di un bordo ... È possibile caricare
    solo un bordo per ogni fase di Azione." """
    state = make_state(ship("s", "virginie", "france", 30, 20, 90, loaded=[]),
                       ship("far", "hms_sophie", "britain", 5, 44, 90))
    state = in_phase(state, 4, {"s": 5})
    assert spec(state, "s").action("load").param("side").values() == ["starboard", "port"]
    state, _ = act(state, "s", {"action": "load", "side": "port"})
    assert state.ship("s").loaded == {"starboard": None, "port": "ball"}
    assert spec(state, "s").action("load").param("side").values() == ["starboard"]


def test_caricare_ships_start_loaded():
    """"Si suppone che le navi inizino il gioco con i cannoni caricati a meno che non sia
    indicato diversamente dallo scenario." """
    state = alone()
    assert state.ship("s").loaded == {"starboard": "ball", "port": "ball"}
    state = in_phase(state, 4, {"s": 5})
    assert "load" not in offered(state, "s")


# --- Collisioni ----------------------------------------------------------------------------------

def ahead(gap: float, y_offset: float = 0.5, chit: int = 5, phase: int = 5):
    """Sophie at (10, 10) heading east (beam reach, VB 3-1); Bayonnaise across her bow,
    heading north, ``gap`` inches clear of it and a little to port."""
    x = 10 + LEN65 / 2 + gap + WID / 2
    state = make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                       ship("bayo", "bayonnaise", "france", x, 10 + y_offset, 0))
    return in_phase(state, phase, {"sophie": chit, "bayo": 1})


def test_collisioni_deliberate_collision_refused():
    """"Non è consentito, in nessun caso, manovrare in modo da provocare, volontariamente,
    una collisione." — Sophie could stop short (1" would do), so 3" is refused."""
    state = ahead(gap=2)
    bad = problems(state, "sophie", {"action": "move", "distance": 3})
    assert [p.code for p in bad] == ["deliberate-collision"]
    assert "Bayonnaise" in bad[0].message
    assert problems(state, "sophie", {"action": "move", "distance": 1.5}) == []


def test_collisioni_ship_free_to_stay_may_not_move_into_contact():
    """A ship not obliged to move can always keep clear by not moving: any move into
    contact is deliberate, even when every move would touch."""
    state = ahead(gap=0.5, phase=4)
    assert state.ship("sophie").must_move is False
    bad = problems(state, "sophie", {"action": "move", "distance": 1})
    assert [p.code for p in bad] == ["deliberate-collision"]


def test_collisioni_unavoidable_contact_passed_test_stops_at_contact():
    """Obliged to move with no way clear (every move at 1" touches): the move is allowed.
    "se superato il movimento è arrestato a contatto" — Sophie (Manovra 7) throws 4."""
    state = ahead(gap=0.5)
    assert problems(state, "sophie", {"action": "move", "distance": 3}) == []
    state, events = act(state, "sophie", {"action": "move", "distance": 3}, dice=[4])
    s, b = state.ship("sophie"), state.ship("bayo")
    assert s.x == pytest.approx(10.5, abs=1e-5)
    assert base(s).distance(base(b)) <= 1e-5
    assert of(events, "test")[0]["purpose"] == "avoid collision"
    assert (s.fouled_with, b.fouled_with) == ([], [])
    assert s.hull_remaining == 8 and b.hull_remaining == 16


def test_collisioni_failed_test_one_hull_box_each_nearest_side_and_fouled():
    """"se fallito ... un danno alle fiancate di entrambe le navi segnati sulle fiancate
    più vicine ... le due navi sono impigliate." Bayonnaise lies off Sophie's port bow and
    Sophie off Bayonnaise's port side; 3 + 7 = 10 fails."""
    state = ahead(gap=0.5)
    state, events = act(state, "sophie", {"action": "move", "distance": 3}, dice=[3])
    s, b = state.ship("sophie"), state.ship("bayo")
    assert of(events, "collision") == [{"ship": "sophie", "name": "HMS Sophie", "other": "bayo",
                                        "other_name": "Bayonnaise"}]
    assert (s.hull["starboard"].lost, s.hull["port"].lost) == (0, 1)
    assert (b.hull["starboard"].lost, b.hull["port"].lost) == (0, 1)
    assert (s.fouled_with, b.fouled_with) == (["bayo"], ["sophie"])
    assert s.unmanoeuvrable and b.unmanoeuvrable
    assert speed_range(state, s) is None


def test_collisioni_minus_one_per_whole_inch_straight_this_turn():
    """"Nel test per evitare una collisione il tiro di dado è modificato di -1 per ogni
    pollice (non frazioni) percorso in linea retta dalla nave nello stesso turno." 2"
    earlier this turn and 1.6" now: 3.6" -> -3, so Sophie's 7 becomes 4 and 6 fails."""
    state = ahead(gap=1.6)
    s = state.ship("sophie")
    s.straight_this_turn = 2.0
    r, _ = roller(6)
    movement.execute(state, r, s, movement.plan(state, s, None, None, 0, 3))
    [test] = of(r.log.events, "test")
    assert test["mods"] == [["inches moved straight this turn", -3]]
    assert (test["ability"], test["passed"]) == (4, False)
    assert s.straight_this_turn == pytest.approx(3.6, abs=1e-5)
    r, _ = roller(7)
    state = ahead(gap=1.6)
    s = state.ship("sophie")
    s.straight_this_turn = 2.0
    movement.execute(state, r, s, movement.plan(state, s, None, None, 0, 3))
    assert of(r.log.events, "test")[0]["passed"] is True


def test_collisioni_contact_on_a_curve_is_exact_too():
    """Stopped "a contatto" in the middle of a turn: the bases touch, neither apart nor
    overlapping (Sophie on card A to starboard, Bayonnaise on her course)."""
    state = make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 0),
                       ship("bayo", "bayonnaise", "france", 12.6, 12.4, 90))
    s = state.ship("sophie")
    r, _ = roller(4)  # 4 + 7: passed, stopped at contact
    movement.execute(state, r, s, movement.plan(state, s, "A", "starboard", 3, 3))
    [move] = of(r.log.events, "move")
    assert 0 < move["distance"] < 3 and move["stopped_by"] == "Bayonnaise"
    gap = base(s).distance(base(state.ship("bayo")))
    overlap = base(s).intersection(base(state.ship("bayo"))).area
    assert gap <= 1e-5 and overlap <= 1e-5
    assert 0 < s.heading < 90


# --- Linee di costa ---------------------------------------------------------------------------------

COAST = [[(13, 5), (20, 5), (20, 15), (13, 15)]]  # a headland 1.72" off Sophie's bow


def coast_state():
    state = make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                       ship("bayo", "bayonnaise", "france", 40, 40, 0), land=COAST)
    return in_phase(state, 5, {"sophie": 5, "bayo": 1})


def test_linee_di_costa_passed_test_moves_back_one_inch():
    """"se il test viene superato la nave è spostata indietro, nella direzione dello
    spostamento, di un pollice ed il movimento termina" — contact after 1.72" (-1 for the
    whole inch run straight): 5 + 6 = 11 passes."""
    state, events = act(coast_state(), "sophie", {"action": "move", "distance": 3}, dice=[5])
    s = state.ship("sophie")
    [test] = of(events, "test")
    assert test["purpose"] == "avoid grounding"
    assert test["mods"] == [["inches moved straight this turn", -1]]
    assert test["ability"] == 6 and test["passed"] is True
    bow = s.x + LEN65 / 2
    assert bow == pytest.approx(12, abs=1e-5)  # one inch short of the coast at x = 13
    assert not s.aground


def test_linee_di_costa_failed_test_aground_in_contact():
    """"se il test non viene superato la nave è lasciata a contatto con la costa e risulta
    incagliata." "Una nave incagliata non può manovrare" — 4 + 6 = 10 fails."""
    state, events = act(coast_state(), "sophie", {"action": "move", "distance": 3}, dice=[4])
    s = state.ship("sophie")
    assert s.aground
    assert s.x + LEN65 / 2 == pytest.approx(13, abs=1e-5)
    assert speed_range(state, s) is None
    assert "move" not in offered(state, "sophie")


# --- Uscire dal tavolo di gioco -----------------------------------------------------------------------

def edge_state(x=68, y=10, heading=90):
    state = make_state(ship("sophie", "hms_sophie", "britain", x, y, heading),
                       ship("bayo", "bayonnaise", "france", 30, 25, 0))
    return in_phase(state, 5, {"sophie": 5, "bayo": 1})


def test_uscire_dal_tavolo_passed_test_stops_one_inch_from_the_edge():
    """"se riuscito il movimento è arrestato ad un pollice dal bordo del tavolo" —
    no straight-line penalty in this test: 4 + 7 = 11."""
    state, events = act(edge_state(), "sophie", {"action": "move", "distance": 3}, dice=[4])
    s = state.ship("sophie")
    [test] = of(events, "test")
    assert (test["purpose"], test["mods"], test["passed"]) == ("stay on the table", [], True)
    assert s.status == "afloat"
    assert s.x + LEN65 / 2 == pytest.approx(71, abs=1e-5)


def test_uscire_dal_tavolo_one_inch_is_measured_from_the_edge_on_a_slant():
    """Sailing at 60° towards the north edge, the ship stops with her base one inch from
    the edge (not one inch back along her course)."""
    state, _ = act(edge_state(x=40, y=45.2, heading=60), "sophie", {"action": "move", "distance": 3},
                   dice=[4])
    assert g.base_distance_to_edge(base(state.ship("sophie")), 72, 48) == pytest.approx(1, abs=1e-5)


def test_uscire_dal_tavolo_failed_test_ship_removed():
    """"se fallito la nave prosegue il suo movimento ed è considerata fuori dal tavolo di
    gioco e rimossa" — 3 + 7 = 10."""
    state, events = act(edge_state(), "sophie", {"action": "move", "distance": 3}, dice=[3])
    assert state.ship("sophie").status == "off_table"
    assert of(events, "left_table") == [{"ship": "sophie", "name": "HMS Sophie"}]
    assert "sophie" not in [s.id for s in state.afloat()]
