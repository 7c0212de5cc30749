"""Every event reads as a line in English and Italian; every problem code is
catalogued in both languages."""
from __future__ import annotations

import random

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.nauta.options import OPTIONAL_RULES
from rules.nauta.texts import PROBLEMS
from rules.nauta.wording import TEXTS

RULESET = get_ruleset("nauta")


def events_of_play(scenario: str, seed: int, **options):
    setup = RULESET.scenarios()[scenario]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(setup.sides)]
    dice, rng = SeededDice(seed), random.Random(seed)
    state, start = game.start(RULESET, setup, RULESET.options_model(**options), seats, dice)
    events = list(start.events)
    while RULESET.outcome(state) is None:
        orders = [o for d in RULESET.pending(state) if (o := random_order(RULESET, state, d, rng)) is not None]
        state, step = game.resolve(RULESET, state, orders, dice)
        events += step.events
    return events


def test_every_event_has_a_line_in_both_languages():
    events = []
    for scenario in sorted(RULESET.scenarios()):
        for seed in (1, 2):
            events += events_of_play(scenario, seed, deployment="alternate", **{k: True for k in OPTIONAL_RULES})
    kinds = {e.kind for e in events}
    missing = {k for k in kinds if f"nauta.event.{k}" not in TEXTS}
    assert not missing, missing
    for event in events:
        for lang in ("en", "it"):
            line = RULESET.describe(event, lang)
            assert not line.startswith(f"{event.kind}:"), (lang, event)


def test_every_problem_is_catalogued_in_both_languages():
    catalogue = TEXTS.entries()
    for code in PROBLEMS.values():
        assert set(catalogue[code]) == {"en", "it"} and catalogue[code]["en"] != catalogue[code]["it"]
