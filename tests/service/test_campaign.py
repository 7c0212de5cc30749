"""Campaigns through the service: two battles, damage and a prize carried from the
first into the second, standings and ratings, a restart in between and during."""
from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.service import Pacing, ServiceError
from rules.core.campaign import Roster
from rules.core.registry import get_ruleset
from tests.campaign.close_action import NAME, SEED, script, with_close_action
from tests.test_report import Page


async def _play_script(table, game_id: int, steps) -> None:
    users = {"p1": table.ANNE, "p2": table.BOB}
    for n, orders in enumerate(steps):
        for order in orders:
            result = await table.service.submit_order(game_id, users[order.player], order.decision, order.payload,
                                                      f"s{n}-{order.decision}")
            assert result.stored, result.message
        await table.settle()


async def _new(table, **kw):
    svc = table.service
    camp = await svc.new_campaign(1, 10, table.HOST, "The Channel", "cannoni", NAME, refit_days=1,
                                  pacing=Pacing(style="live", phase_seconds=300), **kw)
    await svc.campaign_join(camp.id, 1, table.ANNE, "britain", "Anne")
    await svc.campaign_join(camp.id, 1, table.BOB, "france", "Bob")
    return camp


async def test_two_battles_carry_damage_and_a_prize_and_survive_restarts(table, monkeypatch):
    with_close_action(monkeypatch)
    table.seed = SEED
    steps, final = script()
    camp = await _new(table)
    svc = table.service
    with pytest.raises(ServiceError) as refused:
        await svc.next_battle(camp.id, 1, table.CARL, channel_id=10, thread_id=20)
    assert refused.value.code == "campaign-not-member"
    game = await svc.next_battle(camp.id, 1, table.ANNE, channel_id=10, thread_id=20)
    assert game.status == "running"
    with pytest.raises(ServiceError) as twice:
        await svc.next_battle(camp.id, 1, table.BOB, channel_id=10, thread_id=21)
    assert twice.value.code == "campaign-busy"
    await table.settle()
    # a restart during the battle loses nothing
    await _play_script(table, game.id, steps[:10])
    await table.close()
    await table.open()
    await _play_script(table, game.id, steps[10:])
    svc = table.service
    assert (await svc.game(game.id)).status == "over"
    view = await svc.campaign_view(camp.id, 1)
    (battle,) = view.battles
    assert battle.status == "concluded" and battle.summary_posted
    britain, france = view.rosters
    assert [s.id for s in britain.ships] == ["indefatigable"]
    prize = next(s for s in france.ships if s.id == "surprise")
    assert prize.prize_of == "britain"
    bayonnaise = next(s for s in france.ships if s.id == "bayonnaise")
    lost_crew = next(s for s in final.ships if s.id == "bayonnaise").crew.lost
    assert bayonnaise.tracks["crew"].lost == max(lost_crew - 1, 0) > 0  # one day in port: one box of new hands
    standings = {s.side: s for s in view.standings}
    assert standings["france"].taken == 1 and standings["britain"].ships_lost == 1
    result = await table.db.result(game.id)
    assert result is not None and result.rated
    # the summary went to the campaign's channel
    assert any("The Channel" in line and "battle 1" in line for line in table.transport.public_texts())
    # a restart between battles loses nothing either
    await table.close()
    await table.open()
    svc = table.service
    again = await svc.campaign_view(camp.id, 1)
    assert [r.model_dump() for r in again.rosters] == [r.model_dump() for r in view.rosters]
    second = await svc.next_battle(camp.id, 1, table.HOST, channel_id=10, thread_id=22)
    ruleset, state = await table.state(second.id)
    by_id = {s.id: s for s in state.ships}
    assert by_id["surprise"].side == "france" and "indefatigable" in by_id
    assert by_id["bayonnaise"].crew.lost == bayonnaise.tracks["crew"].lost
    await table.play_out(second.id)
    view = await svc.campaign_view(camp.id, 1)
    assert [b.status for b in view.battles] == ["concluded", "concluded"]
    assert sum(s.battles for s in view.standings) == 4
    page = await svc.ladder_page(1, "cannoni", 0)
    assert sorted(r.games for r in page.ratings) == [2, 2]
    exported = json.loads(await svc.export_campaign(camp.id, 1, table.HOST))
    assert exported["kind"] == "broadside-campaign" and len(exported["battles"]) == 2
    assert all(b["record"] is not None for b in exported["battles"])
    # the campaign's page: its standings and both battles
    source, page = table.path.parent / "campaign.json", table.path.parent / "campaign.html"
    source.write_text(json.dumps(exported), encoding="utf-8")
    assert main(["campaign-report", str(source), "--out", str(page)]) == 0
    parsed = Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    assert parsed.battles == 2 and len(parsed.images) == 6  # each battle: its card, last map, replay
    text = " ".join(parsed.text)
    assert "Standings" in text and "The Channel — battle 1" in text and "The Channel — battle 2" in text
    with pytest.raises(ServiceError) as not_host:
        await svc.end_campaign(camp.id, 1, table.ANNE)
    assert not_host.value.code == "campaign-not-host"
    await svc.end_campaign(camp.id, 1, table.HOST)
    with pytest.raises(ServiceError) as over:
        await svc.next_battle(camp.id, 1, table.HOST, channel_id=10, thread_id=23)
    assert over.value.code == "campaign-ended"


async def test_another_servers_campaign_is_unknown_and_a_joined_member_cannot_switch(table):
    camp = await table.service.new_campaign(1, 10, table.HOST, "Med", "cannoni", "frigate-duel")
    with pytest.raises(ServiceError) as other:
        await table.service.campaign_join(camp.id, 2, table.ANNE, "britain", "Anne")
    assert other.value.code == "unknown-campaign"
    await table.service.campaign_join(camp.id, 1, table.ANNE, "britain", "Anne")
    with pytest.raises(ServiceError) as twice:
        await table.service.campaign_join(camp.id, 1, table.ANNE, "france", "Anne")
    assert twice.value.code == "campaign-already-joined"
    with pytest.raises(ServiceError) as unmanned:
        await table.service.next_battle(camp.id, 1, table.HOST, channel_id=10)
    assert unmanned.value.code == "campaign-side-unmanned"


async def test_a_battle_ended_by_its_host_concludes_abandoned_with_no_points(table):
    camp = await _new_plain(table)
    game = await table.service.next_battle(camp.id, 1, table.HOST, channel_id=10, thread_id=30)
    await table.play_round(game.id)
    await table.service.end_game(game.id, table.HOST)
    view = await table.service.campaign_view(camp.id, 1)
    (battle,) = view.battles
    assert battle.status == "concluded" and battle.kind == "abandoned"
    assert [s.points for s in view.standings] == [0, 0] and [s.battles for s in view.standings] == [1, 1]
    assert all(isinstance(r, Roster) for r in view.rosters)


async def _new_plain(table):
    svc = table.service
    camp = await svc.new_campaign(1, 10, table.HOST, "Duel", "cannoni", "frigate-duel",
                                  pacing=Pacing(style="live", phase_seconds=300))
    await svc.campaign_join(camp.id, 1, table.ANNE, "britain", "Anne")
    await svc.campaign_join(camp.id, 1, table.BOB, "france", "Bob")
    return camp


async def test_a_restart_concludes_a_battle_that_ended_while_it_was_not(table, monkeypatch):
    camp = await _new_plain(table)
    game = await table.service.next_battle(camp.id, 1, table.HOST, channel_id=10, thread_id=31)
    real = type(table.service).conclude_battle

    async def broken(self, game_id):
        raise RuntimeError("the process died here")

    monkeypatch.setattr(type(table.service), "conclude_battle", broken)
    await table.play_out(game.id)
    assert (await table.service.campaign_view(camp.id, 1)).battles[0].status == "running"
    monkeypatch.setattr(type(table.service), "conclude_battle", real)
    await table.close()
    await table.open()
    battle = (await table.service.campaign_view(camp.id, 1)).battles[0]
    assert battle.status == "concluded" and battle.summary_posted


async def test_two_next_battles_at_the_same_moment_start_one(table):
    import asyncio
    camp = await _new_plain(table)
    results = await asyncio.gather(
        table.service.next_battle(camp.id, 1, table.ANNE, channel_id=10, thread_id=40),
        table.service.next_battle(camp.id, 1, table.BOB, channel_id=10, thread_id=41), return_exceptions=True)
    started = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(started) == 1 and len(refused) == 1
    assert isinstance(refused[0], ServiceError) and refused[0].code == "campaign-busy"
    view = await table.service.campaign_view(camp.id, 1)
    assert [b.game_id for b in view.battles] == [started[0].id]
    others = [g for g in await table.db.games_with_status("lobby", "running", "paused", "over")
              if g.id != started[0].id]
    assert all(g.status == "over" for g in others)  # the loser's game closed unstarted
    assert others and [await table.db.start_record(g.id) for g in others] == [None] * len(others)


async def test_a_restart_starts_a_battle_whose_game_was_created_but_not_started(table, monkeypatch):
    camp = await _new_plain(table)
    real = type(table.service)._begin_battle

    async def died(self, game_id, members):
        raise RuntimeError("the process died here")

    monkeypatch.setattr(type(table.service), "_begin_battle", died)
    with pytest.raises(RuntimeError):
        await table.service.next_battle(camp.id, 1, table.HOST, channel_id=10, thread_id=50)
    (battle,) = (await table.service.campaign_view(camp.id, 1)).battles
    assert (await table.service.game(battle.game_id)).status == "lobby"
    monkeypatch.setattr(type(table.service), "_begin_battle", real)
    await table.close()
    await table.open()
    game = await table.service.game(battle.game_id)
    assert game.status == "running"
    assert sorted(s.user_id for s in await table.service.seats(game.id)) == [table.ANNE, table.BOB]


@pytest.mark.parametrize("ruleset,scenario,sides", [("hoo", "squadrons", ("italy", "britain")),
                                                    ("sca", "squadrons", ("british", "french")),
                                                    ("pirates", "skirmish", ("red", "blue"))])
async def test_hearts_of_oak_signal_close_action_and_pirates_play_two_battles_of_a_campaign(table, ruleset, scenario,
                                                                                            sides):
    """The campaign hooks of the rulesets added later, through the whole service: the
    rosters come out of the first battle, the second is set up from them, and the one
    summary post is edited after it."""
    svc = table.service
    camp = await svc.new_campaign(1, 10, table.HOST, "Long war", ruleset, scenario, refit_days=2,
                                  pacing=Pacing(style="live", phase_seconds=300))
    await svc.campaign_join(camp.id, 1, table.ANNE, sides[0], "Anne")
    await svc.campaign_join(camp.id, 1, table.BOB, sides[1], "Bob")
    for number in (1, 2):
        game = await svc.next_battle(camp.id, 1, table.ANNE, channel_id=10, thread_id=40 + number)
        await table.play_out(game.id)
        view = await svc.campaign_view(camp.id, 1)
        battle = view.battles[-1]
        assert battle.number == number and battle.status == "concluded" and battle.summary_posted
        assert all(s.battles == number for r in view.rosters for s in r.ships)
        assert [s.battles for s in view.standings] == [number, number]
    # the second battle started from the rosters the first left: each ship's damage as carried
    first, second = view.battles
    rules = get_ruleset(ruleset)
    start = rules.load_state((await svc.db.start_record(second.game_id)).state)
    carried = {s["id"]: s["tracks"] for r in first.rosters_after for s in r["ships"]}
    fates = rules.battle_fates(start)
    assert fates and all({k: b.model_dump() for k, b in f.tracks.items()} == carried[f.ship] for f in fates)
    summaries = [p for p in table.transport.posts if p.place.thread_id is None and "Long war" in p.lines[0]]
    assert len(summaries) == 1 and "battle 2" in summaries[0].lines[0] and len(table.transport.edits) == 1
