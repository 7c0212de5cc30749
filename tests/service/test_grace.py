"""The grace period: the last order of a phase may still be changed for a few seconds
before the phase resolves, and the confirmation says exactly when an order stands."""
from __future__ import annotations

import random

from rules.core.randomplay import random_order


async def _chit_orders(table, game_id, user_id):
    """Two different legal orders for the user's one open decision."""
    ruleset, state = await table.state(game_id)
    (pending,) = await table.service.my_pending(game_id, user_id)
    rng = random.Random(3)
    first = random_order(ruleset, state, pending.decision, rng).payload
    other = next(p for p in (random_order(ruleset, state, pending.decision, rng).payload for _ in range(50))
                 if p != first)
    return pending.decision.id, first, other


async def test_the_last_order_can_be_changed_within_the_grace_period(table):
    table.service.grace_seconds = 8
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    decision, first, changed = await _chit_orders(table, game.id, table.BOB)
    given = await table.service.submit_order(game.id, table.BOB, decision, first, "bob-1")
    # Bob's is the last order: the words give the moment it stops being changeable.
    assert given.message.endswith("Every order is in: the phase resolves ⟦t:1700000008:R⟧, and until then you "
                                  "can still change this order.")
    await table.settle()
    assert await table.db.steps(game.id) == [], "every order is in, but the grace period runs"

    await table.advance(5)
    again = await table.service.submit_order(game.id, table.BOB, decision, changed, "bob-2")
    assert again.status == "replaced" and again.message.endswith(
        "Every order is in: the phase resolves ⟦t:1700000013:R⟧, and until then you can still change this order.")
    await table.advance(5)
    assert await table.db.steps(game.id) == [], "a changed order starts the grace period again"
    await table.advance(4)
    (step,) = await table.db.steps(game.id)
    used = next(o for o in step.orders if o["decision"] == decision)
    assert used["payload"] == changed, "the order the phase used is the changed one"


async def test_the_grace_period_never_outlasts_the_deadline(table):
    table.service.grace_seconds = 60
    game = await table.duel()  # 300 s a phase
    table.clock.advance(280)
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    assert await table.db.steps(game.id) == []
    await table.advance(21)
    assert len(await table.db.steps(game.id)) == 1, "resolved at the deadline, not 60 s after the last order"


async def test_without_a_grace_period_the_words_say_it_resolves_at_once(table):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    decision, first, _ = await _chit_orders(table, game.id, table.BOB)
    given = await table.service.submit_order(game.id, table.BOB, decision, first, "bob-1")
    assert given.message.endswith("Every order is in, so the phase resolves now: this order can no longer be "
                                  "changed.")
    await table.settle()
    assert len(await table.db.steps(game.id)) == 1


async def test_the_grace_period_follows_a_persons_order_not_the_computers(table):
    table.service.grace_seconds = 8
    svc = table.service
    # Computer captains on both sides: nobody to wait for, phases resolve at once.
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", thread_id=12)
    for side in await svc.sides(game.id):
        await svc.add_ai_seat(game.id, table.HOST, side, "captain")
    await svc.start(game.id, table.HOST)
    await table.settle()
    assert len(await table.db.steps(game.id)) > 3
    # Against the computer, a person's order is the one that may be changed.
    game = await svc.open_duel(1, 10, table.ANNE, "Anne", computer=svc.duel_level("cannoni"), thread_id=11)
    await table.settle()
    await table.order_for(game.id, table.ANNE)
    await table.settle()
    assert await table.db.steps(game.id) == []
    await table.advance(8)
    assert len(await table.db.steps(game.id)) >= 1


async def test_an_order_that_is_not_the_last_says_until_when_it_can_be_changed(table):
    game = await table.duel()  # 300 s a phase, no grace
    ruleset, state = await table.state(game.id)
    (pending,) = await table.service.my_pending(game.id, table.ANNE)
    order = random_order(ruleset, state, pending.decision, random.Random(1))
    given = await table.service.submit_order(game.id, table.ANNE, pending.decision.id, order.payload, "anne-1")
    assert given.message.endswith("You can change it until the phase resolves: at once when the last order comes "
                                  "in, or at the deadline (⟦t:1700000300:R⟧).")


async def test_the_grace_period_is_a_setting_of_each_game(table):
    from bot.service import Pacing

    table.service.grace_seconds, table.service.campaign_grace_seconds = 8, 600
    live = await table.duel(pacing=Pacing(style="live", phase_seconds=300, grace_seconds=30))
    assert table.service.grace_for(live) == 30, "the game's own setting"
    await table.order_for(live.id, table.ANNE)
    decision, first, _ = await _chit_orders(table, live.id, table.BOB)
    given = await table.service.submit_order(live.id, table.BOB, decision, first, "bob-1")
    assert "the phase resolves ⟦t:1700000030:R⟧" in given.message
    await table.advance(29)
    assert await table.db.steps(live.id) == [], "the game's grace, not the server's 8 s"
    await table.advance(1)
    assert len(await table.db.steps(live.id)) == 1

    campaign = await table.service.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                               pacing=Pacing(style="campaign"), thread_id=21)
    assert table.service.grace_for(campaign) == 600, "a campaign's default"
    await table.service.set_timing(campaign.id, table.HOST, grace_seconds=0)
    assert table.service.grace_for(await table.service.game(campaign.id)) == 0, "the host changed it"
    created, changed = table.transport.posts[-2].lines[0], table.transport.posts[-1].lines[0]
    assert "a last order can be taken back for 10 min" in created
    assert "a phase resolves as its last order comes in" in changed
