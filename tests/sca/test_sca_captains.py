"""The Signal Close Action captains play from their seat's view, every order legal, and
the captain beats random play more often than not (bench/bench_ai.py measures it)."""
from __future__ import annotations

from tests.ai.common import play


def test_the_captain_beats_random_play_more_often_than_not():
    results = []
    for seed in range(8):
        scenario = ["duel", "squadrons"][(seed // 2) % 2]
        levels = ["captain", "random"] if seed % 2 == 0 else ["random", "captain"]
        results.append(play(scenario, levels, seed, ruleset="sca").winner_level())
    assert results.count("captain") >= 6, results


def test_both_levels_play_every_scenario_to_the_end_with_legal_orders():
    for scenario in ("fleet-action", "harbour", "brush"):
        played = play(scenario, ["captain", "deckhand"], 1, ruleset="sca")
        assert played.outcome is not None and played.decisions > 0


def test_the_captains_play_with_signals_and_every_switch():
    options = {"signals": True, "fleet_morale": True, "wind_rolls": True, "rigging_tests": True, "reloading": True}
    played = play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options=options)
    assert played.outcome is not None
