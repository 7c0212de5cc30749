"""Playing whole games between AI captains, for the AI tests."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from bot.service.ai import RandomLegalPlay
from bot.service.phase import AI_TRIES
from rules.ai import ai_orders, decision_rng, get_captain
from rules.ai.driver import checker
from rules.core import game
from rules.core.decisions import Order
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Outcome, Seat

MAX_STEPS = 3000
# The level a host may hand a seat to that is no AI: random legal play, as the bot
# plays it (a few random answers from the form, then the published default).
RANDOM = "random"


def random_orders(rules, state, seats: set[str], seed: int) -> list[Order]:
    """Orders of the random seats, drawn as the bot's random player draws them; a
    decision with no accepted draw gets no order, and the engine plays its default
    (as the bot does when the seat's time runs out)."""
    policy = RandomLegalPlay()
    out = []
    for decision in rules.pending(state):
        if decision.player not in seats:
            continue
        view, spec = rules.view(state, decision.player), rules.spec(state, decision)
        check, rng = checker(rules, state, decision), decision_rng(seed, decision)
        for _ in range(AI_TRIES):
            drawn = policy.choose(rules, view, decision, spec, rng, check)
            if drawn is not None and not check(drawn):
                out.append(Order(decision=decision.id, player=decision.player, payload=drawn))
                break
    return out


@dataclass
class Played:
    outcome: Outcome | None
    steps: int
    decisions: int
    seconds_deciding: float
    seats: dict[str, str]  # seat -> level
    sides: dict[str, str]  # side -> level
    final_state: object = None
    states: list = field(default_factory=list)

    @property
    def per_decision_ms(self) -> float:
        return 1000 * self.seconds_deciding / max(self.decisions, 1)

    def winner_level(self) -> str | None:
        if self.outcome is None or self.outcome.winner is None:
            return None
        return self.sides.get(self.outcome.winner)


def play(scenario: str, levels: list[str], seed: int, order_mode: str = "sequential", ruleset: str = "cannoni",
         keep_states: int = 0, turns: int | None = None, options: dict | None = None) -> Played:
    """A game with one AI seat per side (``levels[i]`` plays side i; "random" is the
    bot's random legal play). Every AI order is validated by the engine (game.resolve
    raises on an illegal one)."""
    rules = get_ruleset(ruleset)
    setup = rules.scenarios()[scenario]
    if turns is not None:
        setup = setup.model_copy(update={"turns": turns})
    chosen = dict(options or {})
    if "order_mode" in rules.options_model.model_fields:
        chosen["order_mode"] = order_mode
    options = rules.options_model.model_validate(chosen)
    seats = [Seat(id=f"p{i + 1}", side=side, name=f"AI {i + 1}", ai=levels[i % len(levels)])
             for i, side in enumerate(setup.sides)]
    captains = {s.id: get_captain(s.ai) for s in seats if s.ai != RANDOM}
    randoms = {s.id for s in seats if s.ai == RANDOM}
    dice = SeededDice(seed)
    state, _ = game.start(rules, setup, options, seats, dice)
    decisions, spent, steps, kept = 0, 0.0, 0, []
    while rules.outcome(state) is None and steps < MAX_STEPS:
        pending = rules.pending(state)
        assert pending, "a game that is not over must wait for someone"
        t0 = time.perf_counter()
        orders = ai_orders(rules, state, captains, seed=seed)
        spent += time.perf_counter() - t0
        decisions += len(orders)
        assert len(orders) == sum(1 for d in pending if d.player in captains), "every AI decision gets an order"
        for order in orders:
            assert rules.validate(state, order) == [], (order, rules.validate(state, order))
        orders += random_orders(rules, state, randoms, seed)
        if len(kept) < keep_states:
            kept.append(state)
        state, _ = game.resolve(rules, state, orders, dice)
        steps += 1
    return Played(outcome=rules.outcome(state), steps=steps, decisions=decisions, seconds_deciding=spent,
                  seats={s.id: s.ai for s in seats}, sides={s.side: s.ai for s in seats}, final_state=state,
                  states=kept)


def in_pending_order(rules, state, by_seat: dict[str, list[Order]]) -> list[Order]:
    """Every seat's orders as one list, in the order of the pending decisions: what
    ``ai_orders`` with all those seats' captains returns, since each seat's decisions are
    taken only from its own (each has its own random draw and its own ships' plans). The
    secrecy tests decide each seat alone already, and resolve with these same orders."""
    by_decision = {o.decision: o for orders in by_seat.values() for o in orders}
    return [by_decision[d.id] for d in rules.pending(state) if d.id in by_decision]
