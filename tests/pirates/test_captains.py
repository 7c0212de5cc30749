"""The Pirates computer captains: legal orders from their seat's view, and better than
random play."""
from __future__ import annotations

import random

from rules.ai import get_captain
from rules.ai.driver import checker
from rules.core.registry import get_ruleset
from rules.pirates import steps
from tests.ai.common import play
from tests.pirates.helpers import new_state, put


def test_a_captain_aims_a_ship_that_may_fire_a_broadside():
    """The fire form of a broadside ship has a yes/no ``salvo`` besides the guns: the
    captain aims the guns and leaves it (it once took "no" for a target)."""
    rules = get_ruleset("pirates")
    state = new_state()
    tide = state.ship("iron-abbot").model_copy(update={"id": "black-tide", "key": "black-tide",
                                                        "keywords": ["broadside"], "armour": 0})
    state.ships.append(tide)
    put(tide, 6, 3, 0)
    put(state.ship("red-heron"), 8, 2, 0)
    tide.firing, state.step = True, "fire"
    (decision,) = [d for d in steps.fire_pending(state) if d.subject == "black-tide"]
    spec = rules.spec(state, decision)
    assert spec.action("fire").param("salvo") is not None
    for level in ("deckhand", "captain"):
        payload = get_captain(level).choose(rules, rules.view(state, decision.player), decision, spec,
                                            random.Random(1), check=checker(rules, state, decision))
        assert payload["gun1"] == "red-heron" and "salvo" not in payload


def test_the_captain_beats_random_play():
    played = play("skirmish", ["captain", "random"], 0, ruleset="pirates")
    assert played.winner_level() == "captain"
    assert played.outcome.scores["red"] > 30  # treasure brought home, not only ships kept
