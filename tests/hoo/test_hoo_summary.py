"""The summary card of a Hearts of Oak game reads the decisive moments from the public
views: first blood from the step's broadsides (``shots``), a ship sunk or a prize taken
away by how she left, though the map no longer draws her (``gone``)."""
from __future__ import annotations

from rules.core import game as engine
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.core.summary import summarise
from rules.hoo.state import Shot
from rules.hoo.actions import fire
from tests.hoo.helpers import roller


def _states():
    rules = get_ruleset("hoo")
    setup = rules.scenarios()["squadrons"]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(setup.sides)]
    start, _ = engine.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    castiglione, corona, bellona, amphion = (s.id for s in start.ships)
    fired = start.model_copy(deep=True)
    fired.turn = 2
    fired.shots = [Shot(firer=bellona, target=castiglione, hits=0), Shot(firer=castiglione, target=bellona, hits=2)]
    sunk = fired.model_copy(deep=True, update={"shots": []})
    sunk.turn = 4
    sunk.ship(corona).status = "sunk"
    struck = sunk.model_copy(deep=True)
    struck.turn = 6
    struck.ship(amphion).status = "struck"
    taken = struck.model_copy(deep=True)  # 3.6.1: Italy's boarders take her; she sails for Italy
    taken.ship(amphion).status, taken.ship(amphion).taken_from, taken.ship(amphion).side = "afloat", "britain", "italy"
    away = taken.model_copy(deep=True)
    away.turn = 7
    away.ship(amphion).status = "captured"  # out of reach of British guns: taken away
    return rules, [start, fired, sunk, struck, taken, away]


def test_the_summary_of_a_hoo_game_has_first_blood_a_sinking_and_a_prize():
    rules, states = _states()
    summary = summarise(rules, states)
    assert [(m.turn, m.kind, m.name) for m in summary.moments] == [
        (1, "first_blood", "Bellona"), (2, "sunk", "Corona"), (4, "struck", "Amphion"), (6, "taken", "Amphion")]
    blood = summary.moments[0]
    assert (blood.by, blood.by_side, blood.hits) == ("Castiglione", "italy", 2)
    view = rules.view(states[-1], None)
    assert {g["name"]: g["captured_by"] for g in view["gone"]} == {"Corona": None, "Amphion": "italy"}


def test_a_broadside_fired_is_in_the_view_until_the_next_step():
    rules, states = _states()
    state = states[0].model_copy(deep=True)
    a, b = state.ships[0], state.ships[2]
    fire(state, a, b, 6, roller(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), broadside="port")
    assert [(s["firer"], s["target"]) for s in rules.view(state, None)["shots"]] == [(a.id, b.id)]
