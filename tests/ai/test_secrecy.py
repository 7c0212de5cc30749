"""An AI decides from what its seat may see, and from nothing else.

For states met in AI games, every pending decision of a seat is decided twice: on
the real state, and on a copy whose hidden values (the chits of the other seats not
yet shown) were changed by ``ruleset.perturb_secrets``. The seat's own chits are put
back, since it sees them. The orders must be identical, payload for payload.
"""
from __future__ import annotations

import random

import pytest

from rules.ai import ai_orders, get_captain
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from tests.ai.common import in_pending_order

RULES = get_ruleset("cannoni")


def perturbed_for(state, seat: str, rng: random.Random):
    """The state with every secret hidden from ``seat`` changed."""
    copy = RULES.perturb_secrets(state, rng)
    for original, changed in zip(state.ships, copy.ships):
        if original.player == seat:
            changed.chit = original.chit
    return copy


def hidden_changed(state, copy, seat: str) -> bool:
    return any(a.chit != b.chit for a, b in zip(state.ships, copy.ships) if a.player != seat)


# Two levels play their chits differently, so that chits are often still hidden
# while the other side's ships act. Each game below meets such states (the test
# checks it did).
@pytest.mark.parametrize("scenario,order_mode,turns,levels,seed", [
    ("squadron-action", "sequential", 5, ("captain", "deckhand"), 31),
    ("squadron-action", "simultaneous", 5, ("deckhand", "captain"), 31),
    ("frigate-duel", "sequential", 8, ("deckhand", "captain"), 31),
    ("frigate-duel", "simultaneous", 8, ("captain", "deckhand"), 32),
    ("fleet-action", "simultaneous", 2, ("captain", "deckhand"), 31),
    ("harbour-raid", "sequential", 6, ("deckhand", "captain"), 31),
])
def test_orders_do_not_depend_on_the_enemy_hidden_chits(scenario, order_mode, turns, levels, seed):
    setup = RULES.scenarios()[scenario].model_copy(update={"turns": turns})
    seats = [Seat(id=f"p{i + 1}", side=side, ai=levels[i]) for i, side in enumerate(setup.sides)]
    captains = {s.id: get_captain(s.ai) for s in seats}
    dice = SeededDice(seed)
    state, _ = game.start(RULES, setup, RULES.options_model(order_mode=order_mode), seats, dice)
    rng = random.Random(7)
    compared = changed = 0
    while RULES.outcome(state) is None:
        ordered = {}
        for seat in {d.player for d in RULES.pending(state)}:
            mine = {seat: captains[seat]}
            copy = perturbed_for(state, seat, rng)
            changed += hidden_changed(state, copy, seat)
            real = ai_orders(RULES, state, mine, seed=3)
            other = ai_orders(RULES, copy, mine, seed=3)
            assert [o.model_dump() for o in real] == [o.model_dump() for o in other], seat
            compared += len(real)
            ordered[seat] = real
        state, _ = game.resolve(RULES, state, in_pending_order(RULES, state, ordered), dice)
    assert compared > 20
    assert changed > 0, "the perturbation never touched a hidden chit: the test proves nothing"


@pytest.mark.parametrize("level", ["captain", "deckhand"])
def test_every_hidden_chit_gives_the_same_orders(level):
    """A ship about to act in phase 3 with two enemies whose chits (1 or 2) are still
    face down, and a third whose chit is shown: every combination of the hidden ones
    gives the same orders."""
    from tests.cannoni.conftest import in_phase, make_state, ship

    def table(chits: dict[str, int]):
        state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 90),
                           ship("redo", "redoutable", "france", 40, 26, 270),
                           ship("virg", "virginie", "france", 38, 12, 300),
                           ship("bayo", "bayonnaise", "france", 50, 20, 250), wind=0)
        return in_phase(state, 3, {"bell": 4, "bayo": 3, **chits})

    captain = get_captain(level)
    seen = set()
    for redo in (1, 2):
        for virg in (1, 2):
            state = table({"redo": redo, "virg": virg})
            decision = next(d for d in RULES.pending(state) if d.subject == "bell")
            seen.add(repr(ai_orders(RULES, state, {decision.player: captain}, seed=9)[0].payload))
    assert len(seen) == 1, seen


def test_a_captain_is_given_the_view_not_the_state():
    """The interface itself: a captain's inputs are the view, the decision and its form."""
    import inspect

    from rules.ai.base import AICaptain

    params = list(inspect.signature(AICaptain.choose).parameters)
    assert params[:6] == ["self", "ruleset", "view", "decision", "spec", "rng"]
    assert "state" not in params
