"""Muovere: where a move order would leave her, drawn before it is sent
(rules/pirates/preview.py, ``Ruleset.preview``)."""
from __future__ import annotations

import itertools

import pytest

from rules.core.decisions import Order
from rules.core.dice import RecordDiverged
from rules.core.registry import get_ruleset
from rules.core.texts import Text
from rules.pirates import turns
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, new_state, put

RULES = get_ruleset("pirates")


def _acting(state, side="red"):
    state.step, state.order = "manoeuvre", [Slot(side=side, count=3)]
    return next(d for d in RULES.pending(state) if d.kind == "act")


def _preview(state, payload):
    decision = _acting(state)
    order = Order(decision=decision.id, player=decision.player, payload=payload)
    assert RULES.validate(state, order) == []
    return RULES.preview(state, order)


def _said(data, lang="en") -> str:
    return Text.model_validate(data["preview"]["said"]).render(lang)


def test_muovere_the_preview_ends_where_the_engine_sails_her():
    """Every legal move of the Red Heron and the sloop that rolls no die, from open water
    and from their berths at home: the preview's ship stands where the engine then puts
    her, facing the same way, docked or cast off as the engine leaves her, and the state
    the preview was drawn from is not changed."""
    compared, berths = 0, set()
    for ship_id, at_sea, turn1, go1, turn2, go2, dock in itertools.product(
            ("red-heron", "red-sloop-3"), (True, False), (-2, -1, 0, 1, 2), (0, 1, 2, 3), (0, 1), (0, 2),
            ("no", "yes")):
        state = new_state()
        ship = state.ship(ship_id)
        if at_sea:
            put(ship, 8, 4, 2)  # I5, open water east of Rock's north
        payload = {"action": "move", "ship": ship_id, "turn1": turn1, "go1": go1, "turn2": turn2, "go2": go2,
                   "dock": dock}
        decision = _acting(state)
        order = Order(decision=decision.id, player=decision.player, payload=payload)
        if RULES.validate(state, order):
            continue
        before = state.model_dump(mode="json")
        data = RULES.preview(state, order)
        assert state.model_dump(mode="json") == before
        try:
            turns.act(state, payload, dice())
        except RecordDiverged:
            continue  # a zone's die: the preview cannot know it
        drawn = next(s for s in data["ships"] if s["id"] == ship_id)
        assert data["preview"]["end"] == list(ship.cells()[0]) and data["preview"]["facing"] == ship.facing
        moved = next(s for s in RULES.view(state, None)["ships"] if s["id"] == ship_id)
        assert (drawn["x"], drawn["y"], drawn["heading"], drawn["docked"]) == \
            (moved["x"], moved["y"], moved["heading"], moved["docked"])
        compared += 1
        berths.add(moved["docked"])
    assert compared > 100 and None in berths and len(berths) > 1, (compared, berths)


def test_muovere_the_preview_says_where_and_what_stops_her():
    state = new_state()
    put(state.ship("red-heron"), 7, 2, 2)  # H3, heading east into the fog at K3
    data = _preview(state, {"action": "move", "ship": "red-heron", "go1": 3, "go2": 4})
    assert data["preview"]["stopped_by"] == "fog" and data["preview"]["end"] == [10, 2]
    assert _said(data) == "from H3 to K3, facing E, stopped by the fog"
    assert _said(data, "it") == "da H3 a K3, con la prua a E, fermata dalla nebbia"
    # A ship in her way is rammed: she stops before it, as the engine would.
    state = new_state()
    put(state.ship("red-heron"), 7, 2, 2)
    put(state.ship("gull"), 9, 2, 0)  # J3, across her path two squares on
    data = _preview(state, {"action": "move", "ship": "red-heron", "go1": 3})
    assert data["preview"]["stopped_by"] == "ram" and data["preview"]["rammed"] == "gull"
    assert _said(data).endswith(", ramming Grey Gull"), _said(data)


def test_muovere_a_zone_with_no_die_yet_is_said_to_be_unknown():
    """"Il dado lasciato sulla zona": before the first ship passes, nothing is rolled for
    the picture, which takes her through and says the die may stop her."""
    state = new_state()
    put(state.ship("red-heron"), 9, 5, 2)  # J6, the Sargasso Sea at M6-N6 ahead
    data = _preview(state, {"action": "move", "ship": "red-heron", "go1": 3})
    assert data["preview"]["unknown_die"] and "no die yet" in _said(data) and "non ha ancora" in _said(data, "it")
    assert all(z.get("die") is None for z in state.model_dump()["zones"])


@pytest.mark.parametrize("payload", [{"action": "fire", "ship": "red-heron"}, {"action": "reverse", "ship": "red-heron"}])
def test_muovere_only_a_move_has_a_preview(payload):
    state = new_state()
    put(state.ship("red-heron"), 8, 4, 2)
    assert _preview(state, payload) is None
