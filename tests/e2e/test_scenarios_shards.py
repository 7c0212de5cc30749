"""Two `broadside run` processes, four shards, one PostgreSQL database (docs/deploy.md).

Process A runs shards 0-1, process B shards 2-3; the loopback Discord routes each guild's
events by ``(guild_id >> 22) % 4`` and every direct message to shard 0, i.e. to A. Duels
in guilds of shard 2 are B's games: their slash commands reach B, while the players'
chit menus, in their DMs, are clicked on A, which stores the orders; B is woken (NOTIFY)
and resolves. Then B is killed with SIGKILL in the middle of another game's phase: A
takes that game over within 15 s, with the order given before the kill, resolves the
phase once, and nothing is posted twice.
"""
from __future__ import annotations

import asyncio
import os
from collections import Counter

import pytest

from db import Database
from tests.e2e.scenario_helpers import dm_form, duel_world, maps, open_duel, option_value, posts_starting
from tests.e2e.test_scenarios_restart import BROADSIDE, START_TIMEOUT, BotProcess

CHITS_RESOLVED = "— Turn 1 —"
LEASE = 3.0  # seconds; take-over within 1.5 times this


class ShardProcess(BotProcess):
    async def start_shards(self, server, shards: range) -> None:
        before = self.text().count("connected as")
        out = self.log.open("ab")
        try:
            self.proc = await asyncio.create_subprocess_exec(
                str(BROADSIDE), "run", "--shards", f"{shards.start}-{shards.stop - 1}", "--shard-count", "4",
                env=self.env, cwd=self.log.parent, stdout=out, stderr=out, stdin=asyncio.subprocess.DEVNULL)
        finally:
            out.close()
        async with asyncio.timeout(START_TIMEOUT):
            while not (all(server.gateway.shard_connected(i) for i in shards)
                       and self.text().count("connected as") > before):
                assert self.proc.returncode is None, f"broadside run exited early:\n{self.text()}"
                await asyncio.sleep(0.05)


def shard_env(server, postgres_url: str) -> dict[str, str]:
    """A bot process's settings. ``open_duel`` opens campaign-paced games, whose grace
    period is ``campaign_grace_seconds`` (600 s by default), not ``grace_seconds``: both
    are 0 so a phase resolves as soon as its last order is in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
    env.update(BROADSIDE_TOKEN=server.token, BROADSIDE_API_BASE=server.api_base,
               BROADSIDE_GATEWAY_URL=server.gateway_url, BROADSIDE_DATABASE=postgres_url,
               BROADSIDE_LOG_LEVEL="INFO", BROADSIDE_GRACE_SECONDS="0", BROADSIDE_CAMPAIGN_GRACE_SECONDS="0",
               BROADSIDE_LEASE_SECONDS=str(LEASE), PYTHONUNBUFFERED="1")
    return env


def _twice(thread) -> list[str]:
    seen = Counter((m.content, tuple(f.data for f in m.files)) for m in thread.messages)
    return [content for (content, _), n in seen.items() if n > 1]


@pytest.mark.e2e_budget(90)
async def test_two_processes_dm_orders_cross_over_and_a_killed_process_s_game_goes_on(fake_discord, tmp_path,
                                                                                         postgres_url):
    server = fake_discord
    w = duel_world(server, shard=(2, 4))  # B's
    near = duel_world(server, shard=(2, 4))  # B's too
    home = duel_world(server, shard=(1, 4))  # A's
    corners = [duel_world(server, shard=(0, 4)), duel_world(server, shard=(3, 4))]  # A's, B's: a game on every shard
    env = shard_env(server, postgres_url)
    a = ShardProcess(env, tmp_path / "a.log")
    b = ShardProcess(env, tmp_path / "b.log")
    db = await Database.open(postgres_url)
    try:
        await a.start_shards(server, range(0, 2))
        await b.start_shards(server, range(2, 4))
        assert sorted(server.gateway.identified_shards) == [(0, 4), (1, 4), (2, 4), (3, 4)]

        thread = await open_duel(server, w)
        near_thread = await open_duel(server, near)
        other_thread = await open_duel(server, home)
        for corner, owner in zip(corners, (a, b)):
            corner_game = (await db.games_in_place((await open_duel(server, corner)).id))[0]
            assert f":{owner.proc.pid}:" in (await db.lease_owner(corner_game.id))[0]
        game = (await db.games_in_place(thread.id))[0]
        other = (await db.games_in_place(other_thread.id))[0]
        assert f":{b.proc.pid}:" in (await db.lease_owner(game.id))[0]
        assert f":{a.proc.pid}:" in (await db.lease_owner(other.id))[0]

        # Both chits of B's other game given in DMs, to A: B hears of them and resolves.
        for player, chit in ((near.anne, "4"), (near.bob, "5")):
            form = await dm_form(server, player)
            await player.select(form, [option_value(form, chit)], custom_id="bs1:s:")
            await player.click(form, "Confirm")
            assert "Order recorded" in form.content
        await server.wait_for(lambda: posts_starting(near_thread, CHITS_RESOLVED), 10, what="B's resolution")
        near_game = (await db.games_in_place(near_thread.id))[0]
        assert f":{b.proc.pid}:" in (await db.lease_owner(near_game.id))[0]  # it was B that resolved

        # Anne's menu is clicked in her DMs: shard 0, process A; the game is B's.
        anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
        await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
        await w.anne.click(anne_form, "Confirm")
        assert "Order recorded: Activation chits for turn 1." in anne_form.content
        await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
        await server.idle()
        told = len(thread.messages)

        await b.kill()  # mid-phase: Anne's order in, Bob's not
        killed = asyncio.get_running_loop().time()
        await w.bob.click(bob_form, "Confirm")  # stored by A while nobody runs the game
        assert "Order recorded" in bob_form.content
        await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 15, what="the take-over")
        took = asyncio.get_running_loop().time() - killed
        assert took < 15, took
        assert f":{a.proc.pid}:" in (await db.lease_owner(game.id))[0]
        await server.wait_for(lambda: thread.messages[-1].content.startswith("Waiting for"), 10,
                              what="the call for the next phase's orders")
        await server.idle()
        (resolved,) = posts_starting(thread, CHITS_RESOLVED)
        assert "Virginie shows chit 5." in resolved.content and resolved in maps(thread)
        # Nothing before the kill was posted again, nothing after it twice.
        assert len(thread.messages) > told and _twice(thread) == []
        assert any("HMS Indefatigable: chit 4." in m.content for m in w.anne.dm.messages)
        assert len(await db.steps(game.id)) == 1
        assert _twice(near_thread) == [] and len(posts_starting(near_thread, CHITS_RESOLVED)) == 1
        # A's own game is untouched by all this: it still waits for its chits.
        assert not posts_starting(other_thread, CHITS_RESOLVED) and _twice(other_thread) == []
    finally:
        await db.close()
        await a.stop()
        await b.stop()
    for bot in (a, b):
        log = bot.text()
        assert "Traceback" not in log and " ERROR " not in log, log
    assert server.violations == []
