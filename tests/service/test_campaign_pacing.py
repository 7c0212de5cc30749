"""A campaign that moves: with one deadline a turn, twelve turns take about twelve days,
whether everyone answers within a day of each turn or one player never answers at all.

Driven through the service and its loops with a hand-wound clock: the players answer
each phase a few hours after it opens, never later than a day after their turn began.
"""
from __future__ import annotations

import random

import pytest

from bot.service import Pacing

HOUR = 3600.0
DAY = 86400.0


async def _turn(table, game_id: int) -> int:
    return int((await table.service.public_view(game_id))["turn"])


async def _owes(table, game_id: int, user_id: int) -> bool:
    if (await table.service.game(game_id)).status != "running":
        return False
    return any(p.submitted is None for p in await table.service.my_pending(game_id, user_id))


async def _campaign(table, ruleset: str, scenario: str, deadline: str | None = None):
    svc = table.service
    svc.campaign_grace_seconds = 600  # the settings' default: a misclick may be taken back for 10 min
    game = await svc.create_game(1, 10, table.HOST, ruleset, scenario, thread_id=11,
                                 pacing=Pacing(style="campaign", deadline=deadline))
    sides = await svc.sides(game.id)
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.join(game.id, table.BOB, sides[1], "Bob")
    await svc.start(game.id, table.HOST)
    await table.settle()
    return await svc.game(game.id)


async def _play(table, game_id: int, players: tuple[int, ...], rng: random.Random, most_days: float) -> dict:
    """Each player in ``players`` answers every phase 1-3 hours after it opens, and no
    later than 23 hours after the turn began; the others never answer. Returns what the
    clock and the game showed."""
    started = table.clock.now()
    turn_began: dict[int, float] = {}
    while (await table.service.game(game_id)).status != "over":
        assert table.clock.now() - started < most_days * DAY, "the campaign is too slow"
        turn = await _turn(table, game_id)
        turn_began.setdefault(turn, table.clock.now())
        owing = [u for u in players if await _owes(table, game_id, u)]
        if not owing:
            await table.advance(HOUR / 4)  # nobody here owes anything: the grace or the deadline runs
            continue
        answer_at = min(table.clock.now() + rng.uniform(1, 3) * HOUR, turn_began[turn] + 23 * HOUR)
        await table.advance(max(0.0, answer_at - table.clock.now()))
        if await _turn(table, game_id) != turn:
            continue  # the turn's deadline overtook the answer
        for user in owing:
            if await _owes(table, game_id, user):
                await table.order_for(game_id, user)
        await table.settle()
    return {"days": (table.clock.now() - started) / DAY, "turns": len(turn_began)}


@pytest.mark.parametrize("ruleset,scenario", [("cannoni", "frigate-duel"), ("nauta", "mylae")])
async def test_twelve_turns_answered_within_a_day_take_about_twelve_days(table, ruleset, scenario):
    game = await _campaign(table, ruleset, scenario)
    assert (game.deadline_per or "turn") == "turn"
    seen = await _play(table, game.id, (table.ANNE, table.BOB), random.Random(5), most_days=13)
    assert seen["turns"] == 12, seen
    assert seen["days"] <= 13, seen
    steps = await table.db.steps(game.id)
    assert len(steps) > 12, "several phases a turn, each resolved as its last order came in"


@pytest.mark.parametrize("ruleset,scenario", [("cannoni", "frigate-duel"), ("nauta", "mylae")])
async def test_a_player_who_never_answers_costs_a_day_a_turn_not_a_day_a_phase(table, ruleset, scenario):
    game = await _campaign(table, ruleset, scenario)
    seen = await _play(table, game.id, (table.ANNE,), random.Random(6), most_days=12 * 1.5)
    # Played to its end: twelve turns, or fewer when the rules end the battle sooner (a
    # fleet that keeps the default orders, at speed 0, is soon rammed).
    assert seen["turns"] >= 3, seen
    steps = await table.db.steps(game.id)
    # Bob gave nothing: every decision of his seat took the ruleset's published default,
    # and the rules resolved every phase with them.
    assert not any(o["player"] == "p2" for s in steps for o in s.orders)
    assert any(o["player"] == "p1" for s in steps for o in s.orders)
    # Each turn waited for Bob once, a day, at its deadline; after it the turn's later
    # phases waited only for Anne, who was on time (at most a late window of 3 h each).
    assert seen["turns"] - 1 <= seen["days"] <= seen["turns"] * 1.5, seen
    waited = [b.resolved_at - a.resolved_at for a, b in zip(steps, steps[1:])]
    assert sum(1 for w in waited if w >= DAY - 1) <= seen["turns"], "at most one day-long wait a turn"
    seats = {s.seat_id: s for s in await table.db.seats(game.id)}
    assert seats["p1"].missed_turns == 0 and seats["p2"].missed_turns >= 2


async def test_a_deadline_per_phase_makes_an_absent_player_cost_a_day_a_phase(table):
    """The same absent player with the old pacing (a deadline each phase), for contrast:
    three turns already take longer than the whole game with one deadline a turn."""
    game = await _campaign(table, "cannoni", "frigate-duel", deadline="phase")
    started = table.clock.now()
    rng = random.Random(6)
    while await _turn(table, game.id) <= 3:
        if await _owes(table, game.id, table.ANNE):
            await table.advance(rng.uniform(1, 3) * HOUR)
            if await _owes(table, game.id, table.ANNE):
                await table.order_for(game.id, table.ANNE)
            await table.settle()
        else:
            await table.advance(HOUR)
    assert (table.clock.now() - started) / DAY > 6


async def test_the_turns_deadline_carries_over_its_phases_and_a_restart(table):
    game = await _campaign(table, "cannoni", "frigate-duel")
    start = table.clock.now()
    first = await table.db.deadline(game.id)
    assert first.due_at == start + DAY and first.turn == 1
    await table.advance(2 * HOUR)
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.advance(600)  # the campaign's grace
    assert await table.db.step_count(game.id) == 1, "the chits resolved as the last came in"
    await table.close()
    await table.open()  # a restart in the middle of the turn
    later = await table.db.deadline(game.id)
    assert later.step_idx == 2 and later.turn == 1
    assert (later.opened_at, later.due_at) == (first.opened_at, first.due_at), "the turn's deadline, not a new day"
