"""Two `broadside run` processes, four shards, one PostgreSQL database (docs/deploy.md).

Process A runs shards 0-1, process B shards 2-3; the loopback Discord routes each guild's
events by ``(guild_id >> 22) % 4`` and every direct message to shard 0, i.e. to A. Duels
in guilds of shard 2 are B's games: their slash commands reach B, while the players'
chit menus, in their DMs, are clicked on A, which stores the orders; B is woken (NOTIFY)
and resolves. Then B is killed with SIGKILL in the middle of another game's phase: A
takes that game over within 15 s, with the order given before the kill, resolves the
phase once, and nothing is posted twice. Last, a rolling restart of both processes
(SIGTERM, then up again, one after the other) misses no phase. The two processes are
started with docs/deploy.md's own commands.
"""
from __future__ import annotations

import asyncio
import os
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest

from bot.leases import parse_shards
from db import Database
from tests.e2e.scenario_helpers import dm_form, duel_world, maps, open_duel, option_value, posts_starting
from tests.e2e.test_scenarios_restart import BROADSIDE, QUICK_START, START_TIMEOUT, BotProcess

CHITS_RESOLVED = "— Turn 1 —"
LEASE = 3.0  # seconds; take-over within 1.5 times this
# The rolling restart's timed phase, in real seconds: long enough to outlast A's restart
# and B's stop on a loaded machine (they take 5-10 s), shorter than a live game's 30 s
# (BROADSIDE_SHORTEST_LIVE_PHASE_SECONDS lets it be).
TIMED_PHASE = 20


DEPLOY_DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def doc_processes() -> list[list[str]]:
    """The arguments of docs/deploy.md's two `broadside run` commands (shards 0-1 and 2-3
    of 4): the processes here are started exactly as the doc starts them."""
    blocks = re.findall(r"```sh\n(.*?)```", DEPLOY_DOC.read_text(encoding="utf-8"), re.S)
    runs = [shlex.split(line.strip().rstrip("&").strip()) for block in blocks for line in block.splitlines()
            if "broadside run --shards" in line]
    assert [r[:2] for r in runs] == [[".venv/bin/broadside", "run"]] * 2, runs
    return [r[1:] for r in runs]


class ShardProcess(BotProcess):
    def __init__(self, env: dict[str, str], log, args: list[str]) -> None:
        super().__init__(env, log)
        self.args = args
        sharding = parse_shards(args[args.index("--shards") + 1], int(args[args.index("--shard-count") + 1]))
        self.shards = sorted(sharding.shard_ids or ())

    async def start_shards(self, server) -> None:
        before = self.text().count("connected as")
        out = self.log.open("ab")
        try:
            self.proc = await asyncio.create_subprocess_exec(
                str(BROADSIDE), *self.args,
                env=self.env, cwd=self.log.parent, stdout=out, stderr=out, stdin=asyncio.subprocess.DEVNULL)
        finally:
            out.close()
        async with asyncio.timeout(START_TIMEOUT):
            while not (all(server.gateway.shard_connected(i) for i in self.shards)
                       and self.text().count("connected as") > before):
                assert self.proc.returncode is None, f"broadside run exited early:\n{self.text()}"
                await asyncio.sleep(0.05)


def _pair(env: dict[str, str], tmp_path) -> tuple[ShardProcess, ShardProcess]:
    first, second = doc_processes()
    a, b = ShardProcess(env, tmp_path / "a.log", first), ShardProcess(env, tmp_path / "b.log", second)
    assert (a.shards, b.shards) == ([0, 1], [2, 3])  # what the scenarios below assume
    return a, b


async def start_both(server, a: ShardProcess, b: ShardProcess) -> None:
    """Start the two processes side by side (each waits for its own shards): neither
    needs the other to come up, and a process's start is most of a scenario's time."""
    async with asyncio.TaskGroup() as group:
        group.create_task(a.start_shards(server))
        group.create_task(b.start_shards(server))


def shard_env(server, postgres_url: str) -> dict[str, str]:
    """A bot process's settings. ``open_duel`` opens campaign-paced games, whose grace
    period is ``campaign_grace_seconds`` (600 s by default), not ``grace_seconds``: both
    are 0 so a phase resolves as soon as its last order is in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
    env.update(BROADSIDE_TOKEN=server.token, BROADSIDE_API_BASE=server.api_base,
               BROADSIDE_GATEWAY_URL=server.gateway_url, BROADSIDE_DATABASE=postgres_url,
               BROADSIDE_LOG_LEVEL="INFO", BROADSIDE_GRACE_SECONDS="0", BROADSIDE_CAMPAIGN_GRACE_SECONDS="0",
               BROADSIDE_LEASE_SECONDS=str(LEASE), BROADSIDE_SHORTEST_LIVE_PHASE_SECONDS=str(TIMED_PHASE),
               PYTHONUNBUFFERED="1", **QUICK_START)
    return env


def _consumed(orders) -> list[tuple[str, dict]]:
    """The orders a resolution used, by seat (none replaced, none left open)."""
    assert not [o for o in orders if o.status == "open"], orders
    return sorted((o.seat_id, o.payload) for o in orders if o.status == "consumed")


async def _chit(server, player, chit: str, *, confirm: bool = True):
    """Choose a chit in the player's newest DM menu (shard 0's process takes the click)."""
    form = await dm_form(server, player)
    await player.select(form, [option_value(form, chit)], custom_id="bs1:s:")
    if confirm:
        await _confirm(server, player, form)
    return form


async def _confirm(server, player, form) -> None:
    """Confirm a chosen chit. The click is acknowledged at once (a deferred update) and
    the menu says "Order recorded" once the order is stored: a process that has just
    started takes a moment longer over its first order (it loads the game)."""
    await player.click(form, "Confirm")
    await server.wait_for(lambda: "Order recorded" in form.content, 10, what=f"{player.name}'s order recorded")


async def _held_by(db: Database, game_id: int, bot: ShardProcess, timeout: float, what: str) -> float:
    """Wait until ``bot`` holds the game's lease; the seconds it took."""
    loop = asyncio.get_running_loop()
    began = loop.time()
    while True:
        found = await db.lease_owner(game_id)
        if found is not None and f":{bot.proc.pid}:" in found[0]:
            return loop.time() - began
        assert loop.time() - began < timeout, f"{what}: the lease is {found}"
        await asyncio.sleep(0.1)


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
    a, b = _pair(env, tmp_path)
    db = await Database.open(postgres_url)
    try:
        await start_both(server, a, b)
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
            await _chit(server, player, chit)
        await server.wait_for(lambda: posts_starting(near_thread, CHITS_RESOLVED), 10, what="B's resolution")
        near_game = (await db.games_in_place(near_thread.id))[0]
        assert f":{b.proc.pid}:" in (await db.lease_owner(near_game.id))[0]  # it was B that resolved

        # Anne's menu is clicked in her DMs: shard 0, process A; the game is B's.
        anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
        await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
        await _confirm(server, w.anne, anne_form)
        assert "Order recorded: Activation chits for turn 1." in anne_form.content
        await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
        await server.idle()
        told = len(thread.messages)

        await b.kill()  # mid-phase: Anne's order in, Bob's not
        killed = asyncio.get_running_loop().time()
        await _confirm(server, w.bob, bob_form)  # stored by A while nobody runs the game
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
        # No order lost: Anne's (stored before the kill) and Bob's (after it) both made the step.
        assert _consumed(await db.orders(game.id)) == [("p1", {"action": "chits", "indefatigable": 4}),
                                                       ("p2", {"action": "chits", "virginie": 5})]
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


@pytest.mark.e2e_budget(150)
async def test_a_rolling_restart_of_both_processes_misses_no_phase(fake_discord, tmp_path, postgres_url):
    """A restarts (SIGTERM, then up again), then B does. Each stops cleanly and gives its
    leases up, so the other carries its games on at once: a phase whose orders are
    completed while its owner is down resolves in the other process, and a live game's
    phase deadline that runs out while its owner is down resolves in the other, once."""
    server = fake_discord
    own_a = duel_world(server, shard=(1, 4))
    own_b = duel_world(server, shard=(2, 4))
    timed = duel_world(server, shard=(3, 4))  # B's
    env = shard_env(server, postgres_url)
    a, b = _pair(env, tmp_path)
    db = await Database.open(postgres_url)
    try:
        await start_both(server, a, b)
        # The timed game first: its phase (TIMED_PHASE) runs on while the other two are
        # opened and A restarts, and runs out once B is down.
        await timed.host.run(timed.battles, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="live",
                             phase=f"{TIMED_PHASE}s", posting="act", deadline="phase")
        (thread_t,) = timed.battles.threads
        await timed.anne.run(thread_t, "game join", side="britain")
        await timed.bob.run(thread_t, "game join", side="france")
        await timed.host.run(thread_t, "game start")
        thread_a, thread_b = await open_duel(server, own_a), await open_duel(server, own_b)
        game_a, game_b, game_t = [(await db.games_in_place(t.id))[0] for t in (thread_a, thread_b, thread_t)]
        await _held_by(db, game_a.id, a, 5, "A's game at the start")
        await _held_by(db, game_b.id, b, 5, "B's game at the start")
        await _held_by(db, game_t.id, b, 5, "the timed game at the start")
        await _chit(server, own_a.anne, "4")
        await _chit(server, own_b.anne, "4")
        bob_a = await _chit(server, own_a.bob, "5", confirm=False)
        await server.idle()

        # A restarts. B takes A's game over at once (A gave its lease up), with Anne's order.
        await a.stop()
        await _held_by(db, game_a.id, b, 5, "B taking A's game over")
        await a.start_shards(server)
        # Bob confirms in the menu the stopped process sent him; B, running the game, resolves.
        await _confirm(server, own_a.bob, bob_a)
        await server.wait_for(lambda: posts_starting(thread_a, CHITS_RESOLVED), 15, what="A's game resolved by B")
        assert f":{b.proc.pid}:" in (await db.lease_owner(game_a.id))[0]

        # B restarts. A takes every game over; B's game completes its phase meanwhile.
        bob_b = await _chit(server, own_b.bob, "5", confirm=False)
        await b.stop()
        for game in (game_a, game_b, game_t):
            await _held_by(db, game.id, a, 5, f"A taking game {game.id} over")
        await _confirm(server, own_b.bob, bob_b)
        await server.wait_for(lambda: posts_starting(thread_b, CHITS_RESOLVED), 15, what="B's game resolved by A")
        # The timed game's phase (nobody ordered) runs out while its owner is down:
        # the process that took it over resolves it when the stored deadline comes.
        due = (await db.deadline(game_t.id)).due_at
        assert not posts_starting(thread_t, CHITS_RESOLVED), "the timed phase ran out before B went down"
        await server.wait_for(lambda: posts_starting(thread_t, CHITS_RESOLVED), 40, what="the timed phase")
        (step_t, *_) = await db.steps(game_t.id)
        assert step_t.resolved_at >= due
        assert f":{a.proc.pid}:" in (await db.lease_owner(game_t.id))[0]
        await b.start_shards(server)

        for thread in (thread_a, thread_b):
            await server.wait_for(lambda: thread.messages[-1].content.startswith("Waiting for"), 10,
                                  what="the call for the next phase's orders")
        await server.idle()
        for game, thread in ((game_a, thread_a), (game_b, thread_b)):
            assert len(await db.steps(game.id)) == 1, "resolved once"
            assert _consumed(await db.orders(game.id)) == [("p1", {"action": "chits", "indefatigable": 4}),
                                                           ("p2", {"action": "chits", "virginie": 5})]
        for thread in (thread_a, thread_b, thread_t):
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1 and _twice(thread) == []
        steps_t = await db.steps(game_t.id)
        assert [s.idx for s in steps_t] == list(range(1, len(steps_t) + 1)), "no phase skipped or resolved twice"
    finally:
        await db.close()
        await a.stop()
        await b.stop()
    for bot in (a, b):
        log = bot.text()
        assert "Traceback" not in log and " ERROR " not in log, log
    assert server.violations == []
