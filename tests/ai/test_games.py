"""Whole games between AI captains: every order legal, every game finished.

Each game runs through tests/ai/common.play, which validates every order the AIs give
against the engine before resolving it (and game.resolve would refuse an illegal one).
"""
from __future__ import annotations

import pytest

from rules.core.registry import get_ruleset
from tests.ai.common import play

SCENARIOS = sorted(get_ruleset("cannoni").scenarios())
SMALL = [s for s in SCENARIOS if s != "fleet-action"]


@pytest.mark.parametrize("order_mode", ["sequential", "simultaneous"])
@pytest.mark.parametrize("scenario", SMALL)
@pytest.mark.parametrize("levels,seed", [(["captain", "deckhand"], 11), (["deckhand", "captain"], 12)])
def test_small_scenarios_finish_with_legal_orders(scenario, order_mode, levels, seed):
    played = play(scenario, levels, seed, order_mode=order_mode)
    assert played.outcome is not None, f"{scenario} did not finish in {played.steps} steps"


@pytest.mark.parametrize("order_mode", ["sequential", "simultaneous"])
def test_fleet_action_finishes_with_legal_orders(order_mode):
    """Twenty ships: the crowded case (runs of a seat's ships, moves blocked by friends)."""
    played = play("fleet-action", ["captain", "deckhand"], 21, order_mode=order_mode)
    assert played.outcome is not None
    # A loose guard against a slowdown (the measured mean is a few ms; see docs/ai.md).
    assert played.per_decision_ms < 60


# Every optional rule on: squadrons in line, coastal batteries' own decisions, hidden
# ammunition, grave damage, critical damage, disorder, repairs, depth, chit pressure.
ALL_OPTIONS = {name: True for name, f in get_ruleset("cannoni").options_model.model_fields.items()
               if f.annotation is bool}


@pytest.mark.parametrize("scenario,order_mode", [(s, "sequential" if i % 2 else "simultaneous")
                                                 for i, s in enumerate(SCENARIOS)])
def test_every_optional_rule_on_still_legal(scenario, order_mode):
    played = play(scenario, ["deckhand", "captain"], 8, order_mode=order_mode, options=ALL_OPTIONS)
    assert played.outcome is not None


def test_the_same_captains_play_the_same_game_again():
    """Pure and seeded: the same seed gives the same game, order for order."""
    a = play("squadron-action", ["captain", "deckhand"], 5, turns=4)
    b = play("squadron-action", ["captain", "deckhand"], 5, turns=4)
    assert a.final_state.model_dump() == b.final_state.model_dump()


@pytest.mark.parametrize("levels", [["form-filler", "captain"], ["deckhand", "form-filler"]])
def test_the_form_filler_plays_cannoni_legally_too(levels):
    played = play("frigate-duel", levels, 3)
    assert played.outcome is not None


def test_captain_beats_deckhand_in_frigate_duels():
    """Forty seeded duels, the captain taking each side in turn (the two frigates are
    not equal: Virginie outguns Indefatigable). Over 200 duels the captain won about
    46%, lost about 18%; the rest were doubtful results (docs/ai.md). Asserted: it wins
    more often than it loses, which these seeds hold by a wide margin."""
    wins = losses = draws = 0
    for seed in range(40):
        levels = ["captain", "deckhand"] if seed % 2 == 0 else ["deckhand", "captain"]
        winner = play("frigate-duel", levels, seed).winner_level()
        if winner == "captain":
            wins += 1
        elif winner == "deckhand":
            losses += 1
        else:
            draws += 1
    assert wins > losses, (wins, draws, losses)
