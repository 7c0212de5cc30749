"""The house rules' 1/3000 scale (the switch ``scale_3000``): every measure divided by 2.5."""
from __future__ import annotations

import random

import pytest

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from tests.conformance.test_rulesets import random_order, seats_for

MEASURES = ("mm", "dx", "dy")


def played(seed: int, scale_3000: bool, turns: int = 40):
    """A seeded game with random legal orders: every step's events and the view after it."""
    ruleset = get_ruleset("sca")
    setup = ruleset.scenarios()["squadrons"]
    options = ruleset.options_model.model_validate({"scale_3000": scale_3000, "collisions": True})
    seats = seats_for(ruleset, setup)
    dice, rng = SeededDice(seed), random.Random(seed)
    state, _ = game.start(ruleset, setup, options, seats, dice)
    steps = []
    for _ in range(turns):
        if ruleset.outcome(state) is not None:
            break
        orders = [random_order(ruleset, state, d, rng, prefer=("fire", "load", "turn", "move"))
                  for d in ruleset.pending(state)]
        state, step = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        steps.append(([(e.kind, dict(e.data)) for e in step.events], ruleset.view(state, None)))
    return steps


@pytest.mark.parametrize("seed", [3, 11])
def test_scala_1_3000_the_same_game_in_measures_divided_by_2_5(seed):
    """House rules, "Scala 1/3000": "Le regole rimangono inalterate, quindi nel seguito sono riportate
    solo le misure (basi, gittate, movimento, ...) per questa scala"; "La velocità di movimento è di 72mm
    con vele spiegate e di 36mm con vele di manovra" (180 and 90 divided by 2.5). The same dice give
    the same events; every distance the log tells and every measure of the view is the 1/1200 game's
    divided by 2.5."""
    big, small = played(seed, False), played(seed, True)
    assert len(big) == len(small) and len(big) > 5
    told = 0
    for (events_b, view_b), (events_s, view_s) in zip(big, small):
        assert [k for k, _ in events_b] == [k for k, _ in events_s]
        for (_, pb), (_, ps) in zip(events_b, events_s):
            assert {k: v for k, v in pb.items() if k not in MEASURES} == \
                {k: v for k, v in ps.items() if k not in MEASURES}
            for k in MEASURES:
                if k in pb:
                    told += 1
                    assert ps[k] == pytest.approx(pb[k] / 2.5, abs=0.25)
        assert view_s["table"]["width"] == view_b["table"]["width"] / 2.5 and view_s["scale"] == "1/3000"
        for sb, ss in zip(view_b["ships"], view_s["ships"]):
            for k in ("x", "y", "length", "width", "speed"):
                assert ss[k] == pytest.approx(sb[k] / 2.5, abs=0.001), k
    assert told > 10  # the log told distances


def test_scala_1_3000_the_map_shows_it():
    from renderer.sca.board import ScaBoard
    view = played(3, True, turns=1)[0][1]
    assert ScaBoard().wind_line(view, "en").endswith("scale 1/3000, measures in mm of that scale")
    assert "scala 1/3000" in ScaBoard().wind_line(view, "it")
    assert ScaBoard().at_scale(view).grid_inches == 60.0


def test_scala_1_3000_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played_ = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"scale_3000": True})
    assert played_.outcome is not None and played_.decisions > 0
