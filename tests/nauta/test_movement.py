"""§8-10 and §6: written speeds, initiative, wheeling and moving, moving astern,
contacts, leaving the area, coasts, formations and the dash (diekplous).

Fleets "a" (seat pa) and "b" (seat pb); a far-away enemy keeps the movement phase
open where a test looks at a ship after her move.
"""
from __future__ import annotations

import math

import pytest

from rules.core.tables.open_table import Pose
from rules.nauta import geometry as g
from rules.nauta.speeds import legal_speeds, max_speed
from tests.nauta.helpers import (
    A, B, RULES, codes, decision, make_state, move, moving, of, order, resolve, ship,
)

FAR = ship("far", "triremis", "b", 28, 28, 180)


def displaced(state, before, ship_id):
    s = state.ship(ship_id)
    return math.hypot(s.x - before[0], s.y - before[1])


# --- §9 wheeling: the Classis examples ------------------------------------------------------

@pytest.mark.parametrize("edition", ["nauta", "classis"])
def test_rotazione_classe_2_velocita_4_ruota_45_e_muove_3(edition):
    """"Una nave di Classe 2 con velocità 4 ruota fino a 45°, dopodiché muove in linea
    retta di 3 segmenti." (Classis §9; Nauta: "A 45° maximum wheel subtracts 1 segment")"""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 0), FAR, options={"edition": edition}), {"t": 4})
    t = state.ship("t")
    pivoted = g.pivot(Pose(t.x, t.y, t.heading), t.length, t.width, 45)
    state, events = move(state, "t", turn=45)
    assert of(events, "pivot")[0]["cost"] == 1
    assert of(events, "move")[0]["distance"] == 3
    assert displaced(state, (pivoted.x, pivoted.y), "t") == pytest.approx(3)
    assert state.ship("t").heading == pytest.approx(45)


def test_rotazione_classe_0_velocita_5_ruota_90_muove_3_o_45_muove_4():
    """"Una nave di Classe 0 con velocità 5 ruota di 90°, dopodiché muove in linea retta di
    3 segmenti. Se avesse ruotato solo fino a 45°, il suo movimento in linea retta sarebbe
    stato di 4 segmenti.\""""
    for turn, run in ((90, 3), (45, 4), (-90, 3), (60, 3)):
        state = moving(make_state(ship("m", "moneris", "a", 15, 15, 0), FAR), {"m": 5})
        state, events = move(state, "m", turn=turn)
        assert of(events, "move")[0]["distance"] == run
        assert state.ship("m").heading == pytest.approx(turn % 360)


def test_rotazione_classe_3_velocita_1_ruota_45_non_muove_oltre():
    """"Una nave di Classe 3 con velocità 1 ruota fino a 45°, dopodiché non può compiere
    altri movimenti.\""""
    state = moving(make_state(ship("q", "quadriremis", "a", 10, 10, 0), FAR), {"q": 1})
    state, events = move(state, "q", turn=-30)
    assert of(events, "move")[0]["distance"] == 0
    assert state.ship("q").heading == pytest.approx(330)


def test_movement_wheel_limit_by_size():
    """"Size 0 and Size 1 ships can wheel a maximum of 90°, other ships a maximum of 45°.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 0), ship("b1", "biremis", "a", 20, 10, 0), FAR),
                   {"t": 5, "b1": 5})
    assert codes(state, {"action": "move", "unit": "t", "turn": 50}) == ["nauta-turn-too-wide"]
    assert codes(state, {"action": "move", "unit": "t", "turn": -45}) == []
    assert codes(state, {"action": "move", "unit": "b1", "turn": 90}) == []
    assert codes(state, {"action": "move", "unit": "b1", "turn": 95}) == ["out-of-range"]


def test_movement_wheel_cost_cannot_exceed_speed():
    """A wheel over 45° costs two segments: a ship written at 1 cannot pay it."""
    state = moving(make_state(ship("b1", "biremis", "a", 10, 10, 0), FAR), {"b1": 1})
    assert codes(state, {"action": "move", "unit": "b1", "turn": 90}) == ["nauta-turn-costs-too-much"]


def test_movement_wheel_is_about_the_rear_corner():
    """"To measure the wheel angle, put the ruler near the rear corner of the base": a
    wheel to starboard keeps the starboard rear corner in place."""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 0), FAR), {"t": 1})
    t = state.ship("t")
    corner = g.rear_corner(Pose(t.x, t.y, t.heading), t.length, t.width, starboard=True)
    state, _ = move(state, "t", turn=30)
    t = state.ship("t")
    assert g.rear_corner(Pose(t.x, t.y, t.heading), t.length, t.width, starboard=True) == pytest.approx(corner)


def test_movement_pivot_into_a_ship_is_refused():
    """A wheel may not swing the base through another ship."""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 0), ship("n", "triremis", "a", 11.2, 11, 0), FAR),
                   {"t": 3})
    assert codes(state, {"action": "move", "unit": "t", "turn": 45}) == ["nauta-pivot-blocked"]
    assert codes(state, {"action": "move", "unit": "t", "turn": -45}) == []


# --- §9 the whole written distance, zero speed, astern --------------------------------------

def test_movement_straight_line_for_all_the_distance():
    """"The remaining movement must be done in a straight line, for all the distance
    written at the beginning of the turn.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 90), FAR), {"t": 5})
    state, events = move(state, "t")
    assert state.ship("t").x == pytest.approx(15)
    assert state.ship("t").y == pytest.approx(10)


def test_movement_zero_speed_can_neither_wheel_nor_move():
    """"A ship with zero speed can't pivot nor move.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 90), FAR), {"t": 0})
    assert codes(state, {"action": "move", "unit": "t", "turn": 10}) == ["nauta-turn-not-moving"]
    state, events = move(state, "t")
    assert of(events, "holds") and (state.ship("t").x, state.ship("t").y) == (10, 10)


def test_movement_backwards_up_to_two_only_from_zero_speed():
    """"Instead of moving ahead, a ship with zero speed can move backwards, with a maximum
    speed of 2 segments ... Only a ship with zero speed can begin a backwards movement."
    (Classis: "né passare direttamente da un movimento in avanti a uno all'indietro")"""
    state = make_state(ship("t", "triremis", "a", 10, 10, 90), FAR)
    t = state.ship("t")
    assert legal_speeds(state, t) == [-2, -1, 0, 1, 2, 3, 4, 5]
    t.last_speed = 3
    assert legal_speeds(state, t) == [0, 1, 2, 3, 4, 5]
    t.last_speed = -1
    assert min(legal_speeds(state, t)) == -2


def test_movement_backwards_and_no_wheel_astern():
    """"It is not possible to pivot and move backwards in the same turn.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 90), FAR), {"t": -2})
    assert codes(state, {"action": "move", "unit": "t", "turn": 10}) == ["nauta-turn-not-moving"]
    state, events = move(state, "t")
    assert state.ship("t").x == pytest.approx(8) and state.ship("t").heading == 90
    assert of(events, "move")[0]["astern"] is True


# --- §8 speeds: written secretly, acceleration and deceleration -----------------------------

def test_game_sequence_speeds_written_secretly():
    """"Write down the speed of each ship (or formation of ships)": one secret decision
    per player; the public view hides the speeds until the ship moves."""
    state = make_state(ship("t", "triremis", "a", 10, 10, 0), ship("u", "triremis", "a", 14, 10, 0), FAR)
    pending = RULES.pending(state)
    assert [(d.kind, d.player, d.secret) for d in pending] == [("speeds", A, True), ("speeds", B, True)]
    orders = [order(state, {"action": "speeds", "t": 3, "u": 2}, A), order(state, {"action": "speeds", "far": 1}, B)]
    state, events = resolve(state, orders, dice=[6, 2])  # initiative: a 6, b 2
    public = {s["id"]: s for s in RULES.view(state, None)["ships"]}
    assert public["t"]["written"] is None and public["t"]["speed_hidden"]
    assert {s["id"]: s["written"] for s in RULES.view(state, A)["ships"]}["t"] == 3
    assert all(e.to == [A] for e in events if e.kind == "speeds" and "Trireme" in str(e.data))
    state, _ = resolve(state, [order(state, {"action": "first"})])
    state, _ = move(state, "t")
    assert {s["id"]: s["written"] for s in RULES.view(state, None)["ships"]}["t"] == 3


def test_game_sequence_classis_acceleration_deceleration():
    """"Scrivere la velocità di ogni nave, tenendo conto dell'accelerazione e della
    decelerazione massime concesse in ogni turno." Triremis: 2 / 3 max (Classis §2, §8a)."""
    state = make_state(ship("t", "triremis", "a", 10, 10, 0), FAR, options={"edition": "classis"})
    t = state.ship("t")
    assert legal_speeds(state, t) == [-2, -1, 0, 1, 2]  # from zero: up to +2
    t.last_speed = 4
    assert legal_speeds(state, t) == [1, 2, 3, 4, 5]  # down by 3 at most
    q = make_state(ship("q", "quinqueremis", "a", 10, 10, 0), FAR, options={"edition": "classis"}).ship("q")
    q.last_speed = 0
    assert legal_speeds(make_state(ship("q", "quinqueremis", "a", 10, 10, 0), FAR,
                                   options={"edition": "classis"}), q) == [-1, 0, 1]


def test_game_sequence_nauta_speeds_free_unless_option():
    """The English sequence only says "Write down the speed of each ship": no limit from
    turn to turn, unless ``acceleration_limits`` is switched on."""
    state = make_state(ship("t", "triremis", "a", 10, 10, 0), FAR)
    assert legal_speeds(state, state.ship("t")) == [-2, -1, 0, 1, 2, 3, 4, 5]
    state = make_state(ship("t", "triremis", "a", 10, 10, 0), FAR, options={"acceleration_limits": True})
    assert legal_speeds(state, state.ship("t")) == [-2, -1, 0, 1, 2]
    state = make_state(ship("t", "triremis", "a", 10, 10, 0), FAR,
                       options={"edition": "classis", "acceleration_limits": False})
    assert legal_speeds(state, state.ship("t")) == [-2, -1, 0, 1, 2, 3, 4, 5]


def test_game_sequence_missed_speeds_keep_the_last():
    """The published default of a missed deadline: each ship keeps her last speed."""
    state = make_state(ship("t", "triremis", "a", 10, 10, 0, speed=3), FAR)
    spec = RULES.spec(state, decision(state, A))
    assert spec.default == {"action": "speeds", "t": 3}
    state, events = resolve(state, [order(state, {"action": "speeds", "far": 0}, B)], dice=[4, 1])
    assert state.ship("t").written == 3
    assert of(events, "default_order")[0]["player"] == A


# --- §9 initiative and alternate movement ---------------------------------------------------

def test_initiative_higher_roll_chooses_crews_modify():
    """"Roll for initiative: higher roll wins and may take the first or the second move."
    §3: Skilled +1, Green -1 to the initiative roll; ties are rolled again."""
    state = make_state(ship("t", "triremis", "a", 10, 10, 0), FAR, crews=("green", "skilled"))
    orders = [order(state, {"action": "speeds", "t": 1}, A), order(state, {"action": "speeds", "far": 1}, B)]
    # a: 4-1 = 3, b: 2+1 = 3 (tie, again); a: 6-1 = 5, b: 3+1 = 4: a wins.
    state, events = resolve(state, orders, dice=[4, 2, 6, 3])
    assert of(events, "initiative") == [{"side": "a"}]
    assert [d.kind for d in RULES.pending(state)] == ["initiative"]
    state, _ = resolve(state, [order(state, {"action": "second"})])
    assert decision(state).player == B


def test_initiative_players_move_alternately():
    """"Players move their ships alternatively, one ship or formation of ships a time";
    when one has no ship left to move, the other moves the rest."""
    state = moving(make_state(ship("a1", "triremis", "a", 5, 5, 0), ship("a2", "triremis", "a", 9, 5, 0),
                              ship("a3", "triremis", "a", 13, 5, 0), ship("b1", "triremis", "b", 5, 25, 180)),
                   {}, first="a")
    seen = []
    for unit in ("a1", "b1", "a2", "a3"):
        seen.append(decision(state).player)
        state, _ = move(state, unit)
    assert seen == [A, B, A, A]


# --- contacts, the edge, the coast ---------------------------------------------------------

def test_movement_contact_ends_movement_both_zero_speed():
    """"All movements end when in contact with another ship: in this case, both ships turn
    immediately to zero speed." A friendly contact is rolled as a ramming (-1 effect)."""
    state = moving(make_state(ship("t", "triremis", "a", 10, 5, 0), ship("u", "triremis", "a", 10, 8, 90), FAR),
                   {"t": 5, "u": 3})
    state, events = move(state, "t", dice=[3, 1, 1])  # t's prow on u's side: 3+2+1 = 6 beats 1+2 = 3
    t, u = state.ship("t"), state.ship("u")
    assert t.stopped and u.stopped
    assert t.y + t.length / 2 == pytest.approx(8 - u.width / 2, abs=1e-5)
    assert of(events, "ram")[0]["friendly"] is True
    assert of(events, "ram_effect")[0]["value"] == 0  # 1 - 1 for friends: damaged
    assert u.damage == 1


def test_movement_ships_in_contact_may_move_away():
    """"In the following turn, one or both ships can move away from the other in contact,
    but only if they are not engaged in fighting aboard.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 5, 0), ship("u", "triremis", "b", 10, 6.25, 0), FAR),
                   {"t": -2, "u": 0})
    state.contacts = []
    from tests.nauta.helpers import touch
    touch(state, "t", "u", rammer="t")
    state, events = move(state, "t")
    assert state.ship("t").y == pytest.approx(3)
    assert state.contacts == []
    assert not of(events, "ram")


def test_movement_exiting_the_area_eliminates():
    """"If a ship exits the playing area, it is eliminated from the game.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 27.5, 0), FAR), {"t": 5})
    state, events = move(state, "t")
    assert state.ship("t").status == "left"
    assert of(events, "left_area")


def test_coastlines_and_islands_contact_eliminates():
    """§6: "If a ship contacts a coastline or an island, it is automatically eliminated.\""""
    state = moving(make_state(ship("t", "triremis", "a", 10, 5, 0), FAR,
                              land=[[(8, 9), (12, 9), (12, 12), (8, 12)]]), {"t": 5})
    state, events = move(state, "t")
    assert state.ship("t").status == "wrecked"
    assert state.ship("t").y + state.ship("t").length / 2 == pytest.approx(9, abs=1e-5)


# --- formations ---------------------------------------------------------------------------

def test_movement_formation_moves_as_one_at_the_same_speed():
    """"To be considered in formation, ships must maintain at least one segment of distance
    from each other, and move by the same speed.\""""
    line = [ship("a1", "triremis", "a", 10, 5, 0), ship("a2", "triremis", "a", 12, 5, 0),
            ship("a3", "triremis", "a", 14, 5, 0), FAR]
    state = make_state(*line)
    good = {"action": "speeds", "a1": "A", "a2": "A", "a3": 2, "formation_A": 3}
    assert codes(state, good, A) == []
    assert codes(state, {"action": "speeds", "a1": "A", "a2": 3, "a3": 2}, A) == ["nauta-formation-alone"]
    assert codes(state, {"action": "speeds", "a1": "A", "a2": "A", "a3": 2}, A) == ["nauta-formation-no-speed"]
    state, _ = resolve(state, [order(state, good, A), order(state, {"action": "speeds", "far": 0}, B)], dice=[5, 1])
    state, _ = resolve(state, [order(state, {"action": "first"})])
    spec = RULES.spec(state, decision(state))
    assert "formation:A" in spec.action("move").param("unit").values()
    state, events = move(state, "formation:A", turn=20)
    assert [s.y > 5 for s in (state.ship("a1"), state.ship("a2"))] == [True, True]
    assert state.ship("a1").heading == state.ship("a2").heading == pytest.approx(20)
    assert state.ship("a3").y == 5 and not state.ship("a3").moved


def test_movement_formation_spacing():
    """Ships closer than one segment cannot be in formation; nor (Broadside's reading)
    ships farther than ``formation_max_gap`` from every other member."""
    state = make_state(ship("a1", "triremis", "a", 10, 5, 0), ship("a2", "triremis", "a", 11.5, 5, 0),
                       ship("a3", "triremis", "a", 20, 5, 0), FAR)
    payload = {"action": "speeds", "a1": "A", "a2": "A", "a3": 1, "formation_A": 2}
    assert codes(state, payload, A) == ["nauta-formation-too-close"]
    payload = {"action": "speeds", "a1": "A", "a3": "A", "a2": 1, "formation_A": 2}
    assert codes(state, payload, A) == ["nauta-formation-too-far"]
    state.rules.formation_max_gap = 0
    assert codes(state, payload, A) == []


def test_movement_formation_broken_by_a_contact():
    """A formation moves "by the same speed": once one of its ships has been stopped by a
    contact (zero speed), the others are no longer in formation and move one by one."""
    state = moving(make_state(ship("a1", "triremis", "a", 10, 5, 0), ship("a2", "triremis", "a", 12, 5, 0),
                              ship("b1", "triremis", "b", 10, 9, 180), FAR),
                   {"a1": 3, "a2": 3, "b1": 4}, first="b", formations={"a1": "A", "a2": "A"})
    state, _ = move(state, "b1", dice=[1, 1, 2])  # frontal: b1 1+2+1 beats a1 1+2, effect 2: damaged
    assert state.ship("a1").stopped and state.ship("a1").damage == 1
    units = RULES.spec(state, decision(state)).action("move").param("unit").values()
    assert units == ["a1", "a2"]


def test_dash_not_for_a_formation():
    """"Before moving a single ship (not a formation), the player can declare a Dash.\""""
    state = moving(make_state(ship("a1", "biremis", "a", 10, 5, 0), ship("a2", "triremis", "a", 12, 5, 0), FAR),
                   {"a1": 3, "a2": 3}, formations={"a1": "A", "a2": "A"})
    assert codes(state, {"action": "move", "unit": "formation:A", "dash": "dash"}) == ["nauta-dash-formation"]
    assert codes(state, {"action": "move", "unit": "formation:A", "turn": 60}) == ["nauta-turn-too-wide"]


# --- §10 the dash / diekplous ---------------------------------------------------------------

def test_dash_adds_two_segments_once_and_costs_a_segment_of_maximum_speed():
    """"A Dash adds 2 segments to the distance already written for that turn, even if
    this causes it to exceed the maximum speed ... Each ship can perform only one Dash
    during the game. After having performed a Dash, the ship subtracts 1 segment from
    its maximum speed for the rest of the game.\""""
    state = moving(make_state(ship("t", "triremis", "a", 5, 5, 90), FAR), {"t": 5})
    state, events = move(state, "t", dash="dash")
    assert state.ship("t").x == pytest.approx(12)  # 5 + 2, beyond the maximum of 5
    assert max_speed(state.ship("t")) == 4
    state = moving(state, {"t": 3}, first="a")
    state.ship("t").moved = False
    assert codes(state, {"action": "move", "unit": "t", "dash": "dash"}) == ["nauta-dash-used"]


def test_dash_no_wheel_before_and_not_when_damaged():
    """"It is not possible to pivot before performing a Dash ... A ship with hull damage
    can't perform a Dash.\""""
    state = moving(make_state(ship("t", "triremis", "a", 5, 5, 90), FAR), {"t": 3})
    assert codes(state, {"action": "move", "unit": "t", "turn": 10, "dash": "dash"}) == ["nauta-dash-after-turn"]
    state.ship("t").damage = 1
    assert codes(state, {"action": "move", "unit": "t", "dash": "dash"}) == ["nauta-dash-damaged"]


def test_dash_classis_calls_it_diekplous():
    """Classis §10: "Diekplous" — the same effort of the rowers under its Greek name."""
    state = moving(make_state(ship("t", "triremis", "a", 5, 5, 90), FAR, options={"edition": "classis"}), {"t": 3})
    assert RULES.spec(state, decision(state)).action("move").param("dash").label_in("en") == "diekplous"
    problems = RULES.validate(state, order(state, {"action": "move", "unit": "t", "turn": 5, "dash": "dash"}))
    assert "diekplous" in problems[0].message
    state, events = move(state, "t", dash="dash")
    assert "diekplous" in RULES.describe(next(e for e in events if e.kind == "dash"), "en")


def test_admirals_extra_dash_adds_one_segment():
    """§16: "a ship with an Admiral can perform one extra Dash after the first; but adding
    only 1 segment the movement distance, and subtracting another 1 segment to the
    maximum speed.\""""
    state = moving(make_state(ship("t", "triremis", "a", 5, 5, 90), ship("u", "triremis", "a", 5, 15, 90), FAR,
                              admirals=("t", None)), {"t": 3, "u": 3})
    t = state.ship("t")
    assert codes(state, {"action": "move", "unit": "t", "dash": "extra"}) == ["nauta-dash-extra"]
    state.ship("u").dashes = 1
    assert codes(state, {"action": "move", "unit": "u", "dash": "extra"}) == ["nauta-dash-extra"]
    t.dashes = 1
    state, _ = move(state, "t", dash="extra")
    assert state.ship("t").x == pytest.approx(9) and max_speed(state.ship("t")) == 3


def test_a_galleys_wake_runs_from_where_she_started_through_her_wheel_to_where_she_stops():
    """Not a rule: what the map draws. The public view carries each ship's path this turn."""
    state = moving(make_state(ship("t", "triremis", "a", 10, 10, 0), FAR), {"t": 4})
    start = (state.ship("t").x, state.ship("t").y)
    state, events = move(state, "t", turn=45)
    t = state.ship("t")
    assert t.trail[0] == pytest.approx(start)
    assert t.trail[-1] == pytest.approx((t.x, t.y))
    assert len(t.trail) == 3  # start, after the wheel, after the run
    from rules.nauta.view import view
    assert view(state, None)["ships"][0]["trail"] == [list(p) for p in t.trail]


def test_move_default_names_only_what_the_form_offers():
    """A fleet with no balistae nor crossbows is offered no ``shoot``: the default a
    missed deadline takes (and a form-filler starts from) must not give one either."""
    state = moving(make_state(ship("a1", "triremis", "a", 10, 5, 0), FAR), {"a1": 2})
    spec = RULES.spec(state, decision(state, A))
    offered = {p.name for p in spec.action("move").params}
    assert "shoot" not in offered
    assert set(spec.default) - {"action"} <= offered
    assert codes(state, spec.default, A) == []
