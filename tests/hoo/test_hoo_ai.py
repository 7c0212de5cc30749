"""The Hearts of Oak captains: whole games against random play, from the seat's view only."""
from __future__ import annotations

import random

import pytest

from rules.ai import get_captain
from rules.core.decisions import Order
from rules.hoo.actions import sail
from rules.hoo.targets import fire_options
from tests.ai.common import play
from tests.hoo.helpers import RULES, roller, ship, table


@pytest.mark.parametrize("scenario,seed", [("castiglione", 0), ("squadrons", 1), ("fleet-action", 2)])
def test_the_captain_beats_random_play(scenario, seed):
    played = play(scenario, ["captain", "random"] if seed % 2 == 0 else ["random", "captain"], seed, ruleset="hoo")
    assert played.winner_level() == "captain"


def test_the_captain_closes_and_brings_a_broadside_to_bear():
    me = ship("hms", "a", q=0, r=0, facing=0, speed=3)
    foe = ship("foe", "b", q=5, r=-1, facing=3)
    state = table(me, foe, wind=3, step="move")
    decision = RULES.pending(state)[0]
    captain = get_captain("captain")
    spec = RULES.spec(state, decision)
    payload = captain.choose(RULES, RULES.view(state, "pa"), decision, spec, random.Random(1),
                             check=lambda p: RULES.validate(state, Order(decision=decision.id, player="pa", payload=p)))
    assert payload["action"] == "sail"
    sail(state, state.ship("hms"), payload["course"], roller())
    assert "foe" in fire_options(state, state.ship("hms")).targets
