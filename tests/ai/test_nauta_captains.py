"""The galley captains of Nauta / Classis: they row, ram and board, stay on the table,
beat random play, and decide from their seat's view only."""
from __future__ import annotations

import random

import pytest

from rules.ai import ai_orders, get_captain
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from tests.ai.common import in_pending_order, play

RULES = get_ruleset("nauta")
GONE = ("left", "wrecked")  # off the table, on the coast: lost by the ship's own move


def every_state(scenario: str, levels: list[str], seed: int, turns: int):
    played = play(scenario, levels, seed, ruleset="nauta", turns=turns, keep_states=10_000)
    return played, played.states + [played.final_state]


@pytest.mark.parametrize("scenario,seed", [("mylae", 1), ("artemisium", 2)])
def test_captains_row_ram_and_keep_their_flagships_on_the_table(scenario, seed):
    """The README's battle between two captains, four turns: every galley writes a
    speed above zero and changes place, the fleets meet (rammings, boardings), and
    no ship leaves the table or runs aground."""
    played, states = every_state(scenario, ["captain", "captain"], seed, turns=4)
    first = states[0]
    rowed = {s.id for st in states for s in st.ships if s.written is not None and s.written > 0}
    assert rowed == {s.id for s in first.ships}, "a galley never wrote a speed above zero"
    start = {s.id: (s.x, s.y) for s in first.ships}
    still = [s.id for s in played.final_state.ships if s.on_table and (s.x, s.y) == start[s.id]]
    assert not still, f"never moved: {still}"
    final = played.final_state
    assert not [s.id for s in final.ships if s.status in GONE], "a ship sailed off the table or aground"
    fought = [s.id for s in final.ships if s.damage or s.lost or s.soldiers < s.soldiers_start]
    assert fought, "four turns and nobody rammed or boarded"


def test_captain_beats_random_play():
    """Six seeded games against the bot's random player (each scenario, each side):
    the captain wins at least five and never loses a ship to the edge or the coast.
    The twenty-game figures are in docs/ai.md (bench/bench_ai.py)."""
    wins = 0
    for seed, scenario in enumerate(["mylae", "mylae", "artemisium", "artemisium", "greek-fire", "greek-fire"]):
        levels = ["captain", "random"] if seed % 2 == 0 else ["random", "captain"]
        played = play(scenario, levels, seed, ruleset="nauta")
        wins += played.winner_level() == "captain"
        ours = {side for side, level in played.sides.items() if level == "captain"}
        gone = [s.id for s in played.final_state.ships if s.side in ours and s.status in GONE]
        assert not gone, (scenario, seed, gone)
    assert wins >= 5, wins


def test_the_galley_levels_are_the_nauta_captains():
    from rules.ai.nauta.captains import Captain, Deckhand
    from rules.ai.registry import captain_for
    for level, cls in (("captain", Captain), ("deckhand", Deckhand)):
        assert isinstance(captain_for("nauta", level), cls)
        assert not isinstance(captain_for("cannoni", level), cls)


def perturbed_for(state, seat: str, rng: random.Random):
    """The state with every speed hidden from ``seat`` changed (its own put back)."""
    copy = RULES.perturb_secrets(state, rng)
    for original, changed in zip(state.ships, copy.ships):
        if original.player == seat:
            changed.written, changed.formation = original.written, original.formation
    return copy


@pytest.mark.parametrize("scenario,levels,seed", [("mylae", ("captain", "deckhand"), 4),
                                                  ("artemisium", ("deckhand", "captain"), 5)])
def test_orders_do_not_depend_on_the_enemy_hidden_speeds(scenario, levels, seed):
    setup = RULES.scenarios()[scenario].model_copy(update={"turns": 4})
    seats = [Seat(id=f"p{i + 1}", side=side, ai=levels[i]) for i, side in enumerate(setup.sides)]
    captains = {s.id: get_captain(s.ai) for s in seats}
    dice = SeededDice(seed)
    state, _ = game.start(RULES, setup, RULES.options_model(), seats, dice)
    rng = random.Random(7)
    compared = changed = 0
    while RULES.outcome(state) is None:
        ordered = {}
        for seat in {d.player for d in RULES.pending(state)}:
            mine = {seat: captains[seat]}
            copy = perturbed_for(state, seat, rng)
            changed += any(a.written != b.written for a, b in zip(state.ships, copy.ships) if a.player != seat)
            real = ai_orders(RULES, state, mine, seed=3)
            other = ai_orders(RULES, copy, mine, seed=3)
            assert [o.model_dump() for o in real] == [o.model_dump() for o in other], seat
            compared += len(real)
            ordered[seat] = real
        state, _ = game.resolve(RULES, state, in_pending_order(RULES, state, ordered), dice)
    assert compared > 20
    assert changed > 0, "no hidden speed was ever changed: the test proves nothing"


def test_the_captain_keeps_its_line_in_formation_on_the_approach():
    """Off Artemisium the Athenian line starts a segment and three quarters apart, far
    out of the enemy's reach: the captain writes it as one formation (and the rules
    accept it); the deckhand writes every galley alone."""
    setup = RULES.scenarios()["artemisium"]
    seats = [Seat(id="p1", side="athens", ai="captain"), Seat(id="p2", side="persia", ai="deckhand")]
    state, _ = game.start(RULES, setup, RULES.options_model(), seats, SeededDice(1))
    orders = {o.player: o for o in ai_orders(RULES, state, {s.id: get_captain(s.ai) for s in seats}, seed=1)}
    athens, persia = orders["p1"].payload, orders["p2"].payload
    line = [ship for ship, value in athens.items() if value == "A"]
    assert len(line) >= 3 and athens.get("formation_A", 0) > 0, athens
    assert RULES.validate(state, orders["p1"]) == []
    assert all(isinstance(v, int) and v > 0 for k, v in persia.items() if k != "action"), persia
