"""The toy race as a ruleset: what the conformance suite checks of every ruleset, and
the few rules it has."""
from __future__ import annotations

import pytest
from pydantic import BaseModel

from rules.core import game, registry
from rules.core.copying import clone_model
from rules.core.decisions import Order
from rules.core.dice import ForcedDice
from rules.core.record import replay
from rules.core.ruleset import Seat
from rules.core.tables.squares import Square
from tests.conformance.test_manifests import (test_the_manifest_names_its_ruleset_board_and_captains as
                                              check_manifest_code,
                                              test_the_manifest_words_fit_discord_in_both_languages as
                                              check_manifest_words)
from tests.conformance.test_rulesets import play

SEATS = [Seat(id="p1", side="hare", name="Anne"), Seat(id="p2", side="tortoise", name="Bob")]


def test_the_toy_is_known_by_its_manifest_alone():
    assert "toy" in registry.ruleset_names()
    assert registry.manifest("toy").scenario_names() == ["dash", "long-lane"]
    check_manifest_code("toy")
    check_manifest_words("toy")


@pytest.mark.parametrize("scenario", ["dash", "long-lane"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_conformance_playthrough_passes(scenario, seed):
    """tests/conformance's own random playthrough and checks (JSON round trip, secrets,
    private events, both languages), and its record replays to the same end."""
    ruleset, state, record = play("toy", scenario, seed)
    assert ruleset.outcome(state) is not None
    result, _ = replay(record)
    assert result.final_state == state.model_dump(mode="json") and result.outcome == ruleset.outcome(state)


def start(finish_dice=()):
    ruleset = registry.get_ruleset("toy")
    setup = ruleset.scenarios()["dash"]
    state, _ = game.start(ruleset, setup, ruleset.options_model(), SEATS, ForcedDice(list(finish_dice)))
    return ruleset, state


def speeds(state, hare: int, tortoise: int) -> list[Order]:
    return [Order(decision=f"t{state.turn}.p1", player="p1", payload={"action": "run", "speed": hare}),
            Order(decision=f"t{state.turn}.p2", player="p2", payload={"action": "run", "speed": tortoise})]


def test_a_die_trips_or_pushes_and_the_first_past_the_line_wins():
    ruleset, state = start()
    decisions = ruleset.pending(state)
    assert [d.secret for d in decisions] == [True, True], "the speeds are secret orders"
    state, step = game.resolve(ruleset, state, speeds(state, 3, 2), ForcedDice([1, 6]))
    assert [(c.col, c.stamina) for c in state.counters] == [(2, 1), (3, 2)]
    assert [e.kind for e in step.events] == ["roll", "ran", "roll", "ran"]
    assert ruleset.describe(step.events[1]) == "Hare: speed 3, die 1 (stumbles), runs 2 to column 2."
    assert ruleset.describe(step.events[3], "it") == ("Tortoise: velocità 2, dado 6 (vento in poppa), "
                                                     "avanza di 3 fino alla colonna 3.")
    state, _ = game.resolve(ruleset, state, speeds(state, 3, 2), ForcedDice([4, 4]))
    state, step = game.resolve(ruleset, state, speeds(state, 2, 2), ForcedDice([4, 4]))
    assert [c.col for c in state.counters] == [7, 7]
    assert ruleset.outcome(state).kind == "draw" and ruleset.pending(state) == []
    assert ruleset.describe(step.events[-1]) == "Finish: a draw."


def test_speed_3_needs_stamina_and_a_missing_order_runs_at_1():
    ruleset, state = start()
    for _ in range(2):
        state, _ = game.resolve(ruleset, state, speeds(state, 3, 1)[:1], ForcedDice([3, 3]))
    assert [(c.col, c.stamina) for c in state.counters] == [(6, 0), (2, 2)]
    (problem,) = ruleset.validate(state, speeds(state, 3, 1)[0])
    assert problem.code == "toy-no-stamina" and problem.message == "Hare has no stamina left for speed 3."
    assert ruleset.validate(state, speeds(state, 2, 1)[0]) == []
    state, step = game.resolve(ruleset, state, speeds(state, 2, 1), ForcedDice([3, 6]))
    assert [c.col for c in state.counters] == [8, 4]
    assert ruleset.outcome(state).winner == "hare" and ruleset.describe(step.events[-1]) == "Finish: hare wins."


class _Holder(BaseModel):
    at: Square


def test_a_state_may_hold_a_square_of_the_grid():
    held = _Holder(at=Square(2, 1))
    assert clone_model(held) == held
