"""/duel through the service: a ready game in one call, against the computer or a friend."""
from __future__ import annotations

import pytest

from bot.service import ServiceError
from rules.core.registry import manifest


async def test_a_computer_duel_starts_at_once_and_plays_to_the_end(table):
    svc = table.service
    level = svc.duel_level("cannoni")
    assert level == list(manifest("cannoni").captains)[-1], "the ruleset's strongest captain"
    game = await svc.open_duel(1, 10, table.ANNE, "Anne", computer=level, thread_id=11)
    assert game.status == "running" and (game.ruleset, game.scenario) == ("cannoni", "frigate-duel")
    seats = await svc.seats(game.id)
    assert [(s.side, s.user_id, s.ai_level) for s in seats] == [("britain", table.ANNE, None),
                                                                 ("france", None, level)]
    await table.settle()
    await table.play_out(game.id, users=(table.ANNE,))
    assert (await svc.game(game.id)).status == "over"


async def test_a_friend_duel_waits_for_the_invited_member_only(table):
    svc = table.service
    game = await svc.open_duel(1, 10, table.ANNE, "Anne", ruleset="nauta", thread_id=11)
    assert game.status == "lobby" and game.scenario == manifest("nauta").duel_scenario
    with pytest.raises(ServiceError) as refused:
        await svc.accept_duel(game.id, table.CARL, "Carl", table.BOB)
    assert refused.value.code == "not-invited" and f"⟦@{table.BOB}⟧" in refused.value.message()
    with pytest.raises(ServiceError) as refused:
        await svc.decline_duel(game.id, table.CARL, table.BOB)
    assert refused.value.code == "not-invited"
    assert (await svc.game(game.id)).status == "lobby"

    started = await svc.accept_duel(game.id, table.BOB, "Bob", table.BOB)
    assert started.status == "running"
    assert [(s.side, s.user_id) for s in await svc.seats(game.id)] == [("byzantium", table.ANNE),
                                                                       ("arabs", table.BOB)]
    with pytest.raises(ServiceError) as refused:
        await svc.accept_duel(game.id, table.BOB, "Bob", table.BOB)
    assert refused.value.code == "duel-answered"


async def test_a_declined_duel_closes_its_lobby(table):
    svc = table.service
    game = await svc.open_duel(1, 10, table.ANNE, "Anne", thread_id=11)
    await svc.decline_duel(game.id, table.BOB, table.BOB)
    assert (await svc.game(game.id)).status == "over"
    assert f"@user {table.BOB} declines the duel; the game is closed." in table.transport.public_texts()
    # The thread is free for another game, and the inviter's lobby no longer counts.
    await svc.check_new_game(1, table.ANNE, 11)


async def test_an_invitation_expires(table):
    svc = table.service
    game = await svc.open_duel(1, 10, table.ANNE, "Anne", thread_id=11)
    table.clock.advance(svc.invite_seconds - 1)
    assert (await svc.game(game.id)).status == "lobby"
    table.clock.advance(2)
    with pytest.raises(ServiceError) as refused:
        await svc.accept_duel(game.id, table.BOB, "Bob", table.BOB)
    assert refused.value.code == "duel-expired"
    assert (await svc.game(game.id)).status == "over"
    assert any("has expired" in t for t in table.transport.public_texts())


async def test_invitations_left_unanswered_do_not_use_up_the_lobby_limit(table):
    svc = table.service
    most = svc.limits.lobbies_per_member
    games = [await svc.open_duel(1, 10, table.ANNE, "Anne", invited=table.BOB, thread_id=20 + i)
             for i in range(most - 1)]
    lobby = await svc.create_game(1, 10, table.ANNE, "cannoni", "frigate-duel", thread_id=30)
    with pytest.raises(ServiceError) as refused:
        await svc.check_new_duel(1, table.ANNE)
    assert refused.value.code == "too-many-lobbies"
    table.clock.advance(svc.invite_seconds + 1)
    await svc.check_new_duel(1, table.ANNE)
    assert [(await svc.game(g.id)).status for g in games] == ["over"] * (most - 1)
    assert (await svc.game(lobby.id)).status == "lobby", "a lobby that is not an invitation stays"
    assert sum("has expired" in t for t in table.transport.public_texts()) == most - 1


def test_the_scenario_comes_from_the_manifests(table):
    svc = table.service
    assert svc.duel_choice() == ("cannoni", "frigate-duel")
    assert svc.duel_choice("nauta") == ("nauta", "greek-fire")
    assert svc.duel_choice(None, "mylae") == ("nauta", "mylae"), "the ruleset that has the scenario"
    assert svc.duel_choice("cannoni", "brig-action") == ("cannoni", "brig-action")
    for ruleset, scenario, code in (("chess", None, "unknown-ruleset"), ("cannoni", "mylae", "unknown-scenario"),
                                    (None, "atlantis", "unknown-scenario")):
        with pytest.raises(ServiceError) as refused:
            svc.duel_choice(ruleset, scenario)
        assert refused.value.code == code
    with pytest.raises(ServiceError) as refused:
        svc.duel_level("cannoni", "admiral")
    assert refused.value.code == "unknown-ai" and "captain" in refused.value.message()
