"""2.1 Il vento, 3.2 Movimento, 1.2 the Endless Plan: what a course costs and where it may go."""
from __future__ import annotations

import pytest

from rules.core.tables.hexmap import Hex, centre, frame
from rules.hoo import sequence
from rules.hoo.actions import sail as sail_on_the_table
from rules.hoo.movement import IllegalCourse, courses, sail
from rules.hoo.wind import CLOSE, HEAD, REACH, RUN, point_of_sail, turn_cost
from tests.hoo.helpers import roller, ship, table

WIND = 0  # from the north: facing 3 runs, 2 and 4 reach, 1 and 5 are close-hauled, 0 head to wind


def test_points_of_sail_by_hex_side():
    assert [point_of_sail(f, WIND) for f in range(6)] == [HEAD, CLOSE, REACH, RUN, REACH, CLOSE]


@pytest.mark.parametrize("facing,steps,cost", [(3, 1, 1), (3, -1, 1)])
def test_cost_diagram_running(facing, steps, cost):
    """"Costo della virata dalla situazione di vento in poppa": running, either turn only
    brings the wind on the quarter; the example "entrando nell'esagono posto davanti alla
    nave due volte e virando nell'ultimo esagono" spends a speed of 3 on two hexes and one turn."""
    assert turn_cost(facing, steps, WIND) == cost
    assert sail(Hex(0, 0), 3, "FFR", WIND, 3).cost == 3


@pytest.mark.parametrize("facing,steps,cost", [(2, 1, 1), (2, -1, 2), (4, -1, 1), (4, 1, 2)])
def test_cost_diagram_reaching(facing, steps, cost):
    """"Costo della virata dalla situazione di vento al traverso": bearing away 1 PM;
    "Virare controvento (avvicinandosi al lato di esagono dal quale spira) costa 1PM in più"."""
    assert turn_cost(facing, steps, WIND) == cost


@pytest.mark.parametrize("facing,steps,cost", [(1, 1, 1), (1, -1, 2), (5, -1, 1), (5, 1, 2)])
def test_cost_diagram_close_hauled(facing, steps, cost):
    """"Costo della virata dalla situazione di vento di bolina": bearing away 1, into the wind 2."""
    assert turn_cost(facing, steps, WIND) == cost


@pytest.mark.parametrize("steps", [1, -1])
def test_cost_diagram_head_to_wind(steps):
    """"Costo della virata dalla situazione di vento di prua": falling off either way, 1 PM."""
    assert turn_cost(0, steps, WIND) == 1


def test_a_ship_of_one_pm_cannot_claw_up_to_windward():
    """"navi che possiedono solo 1PM non possono più "risalire" il vento"."""
    with pytest.raises(IllegalCourse):
        sail(Hex(0, 0), 2, "L", WIND, 1)  # reaching to close-hauled costs 2
    assert "R" in courses(Hex(0, 0), 2, WIND, 1)  # bearing away costs 1


def test_turning_head_to_wind_stops_her_and_she_lies_still_next_turn():
    """"Se la virata porta la prua ... verso il lato ... dal quale proviene il vento, essa cessa
    immediatamente il proprio movimento e nel corso del turno successivo potrà soltanto restare
    immobile nell'esagono"."""
    found = courses(Hex(0, 0), 1, WIND, 4)
    assert found["L"].in_irons and found["L"].cost == 2
    with pytest.raises(IllegalCourse):
        sail(Hex(0, 0), 1, "LF", WIND, 4)
    s = ship("hms", q=0, r=0, facing=1, speed=4)
    state = table(s, ship("foe", "b", q=9, r=0), wind=WIND, step="move")
    sail_on_the_table(state, s, "L", roller())
    assert s.irons_turn == state.turn + 1
    state.turn += 1
    assert not sequence.needs_move_order(state, s)


def test_one_turn_a_hex_and_frigates_two_the_same_way():
    """"le navi non possono ruotare di più di un lato per ogni esagono in cui entrano od iniziano
    il turno fatta eccezione per le fregate che possono effettuare sino a due virare per esagono
    ma sempre nella stessa direzione"."""
    with pytest.raises(IllegalCourse):
        sail(Hex(0, 0), 3, "RR", WIND, 4)
    assert sail(Hex(0, 0), 3, "RR", WIND, 4, frigate=True).facing == 5
    with pytest.raises(IllegalCourse):
        sail(Hex(0, 0), 3, "RL", WIND, 4, frigate=True)
    assert sail(Hex(0, 0), 3, "RFR", WIND, 4).cost == 4


def test_every_pm_must_be_spent():
    """"Durante il suo movimento, ogni nave deve spendere tutti i PM di cui dispone"."""
    found = courses(Hex(0, 0), 3, WIND, 2)
    assert all(s.cost == 2 for s in found.values())
    assert "F" not in found and "FF" in found


def test_no_ship_enters_a_hex_that_holds_one():
    """2.0: "al massimo una per esagono"; hemmed in, she spends what she can."""
    blocked = {Hex(0, -1)}
    found = courses(Hex(0, 0), 3, WIND, 1, occupied=blocked.__contains__)
    assert "F" not in found and set(found) == {"L", "R"}


def test_helmsman_dead_no_turn():
    """3.4.4 Equipaggio: "il timoniere è morto ed il turno successivo la nave non potrà eseguire virate"."""
    assert set(courses(Hex(0, 0), 3, WIND, 2, can_turn=False)) == {"FF"}


def test_dismasted_ship_turns_into_the_wind_then_drifts_astern():
    """2.1.1: "devono virare di un lato di esagono risalendo il vento. Una volta messa la prua al
    vento, procederanno di un esagono a turno ... nell'esagono immediatamente dietro la loro poppa"."""
    s = ship("hulk", q=0, r=0, facing=2)
    s.lost["sails"] = 10
    state = table(s, ship("foe", "b", q=9, r=0), wind=WIND, step="move")
    r = roller()
    sequence._move_alone(state, s, r)
    assert s.facing == 1
    sequence._move_alone(state, s, r)
    assert s.facing == 0
    sequence._move_alone(state, s, r)
    assert (s.q, s.r, s.facing) == (0, -1, 0)
    running = ship("runner", q=5, r=5, facing=3)  # dead before the wind: she turns to starboard (docs/rules/hoo.md)
    running.lost["sails"] = 10
    state.ships.append(running)
    sequence._move_alone(state, running, r)
    assert running.facing == 4


def test_the_endless_plan_has_no_edge_and_the_frame_follows_the_ships():
    """1.2: "Se ... una nave raggiunge il bordo della mappa, togliete gli esagoni a lei più
    lontani ed aggiungeteli davanti ed intorno ad essa così che il suo movimento possa continuare"."""
    at, facing = Hex(0, 0), 0
    for _ in range(20):
        done = sail(at, facing, "FFFF", 3, 4)  # wind from the south: running north
        at = done.at
    assert at == Hex(0, 80)
    pictured = frame([Hex(0, 0), at], margin=2)
    for h in (Hex(0, 0), at):
        x, y = centre(h)
        assert pictured.x0 < x < pictured.x1 and pictured.y0 < y < pictured.y1
