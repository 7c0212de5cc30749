"""The bot process killed (SIGKILL) in the middle of a phase and started again.

`broadside run` runs as a real subprocess, configured only through its environment to
talk to the loopback Discord. Anne's chit is confirmed, the process is killed with
`kill -9`, a new one starts: the game resumes from the database, Anne's order still
counts (Bob's completes the phase, from the very DM menu the first process sent him), and
the phase is resolved and told in the thread exactly once.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.e2e.scenario_helpers import dm_form, duel_world, maps, open_duel, option_value, posts_starting

BROADSIDE = Path(sys.executable).with_name("broadside")
CHITS_RESOLVED = "— Turn 1 —"  # the first post after the chits (its filler is not posted)
START_TIMEOUT = 20.0
#: The loopback Discord has no identify rate limit and sends every server right after
#: READY: a process need not wait 5 s between its shards' identifies, nor 2 s for more
#: servers before it counts itself ready (Discord's pacing, the settings' defaults).
QUICK_START = {"BROADSIDE_IDENTIFY_SPACING_SECONDS": "0", "BROADSIDE_GUILD_READY_SECONDS": "0.2"}


class BotProcess:
    """One `broadside run` subprocess; its log (stderr and stdout) goes to a file."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log = env, log
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, server, sessions: int) -> None:
        """Start, and wait until the gateway session number ``sessions`` is up and the
        client said it is connected (on_ready)."""
        before = self.text().count("connected as")
        out = self.log.open("ab")
        try:
            self.proc = await asyncio.create_subprocess_exec(str(BROADSIDE), "run", env=self.env, cwd=self.log.parent,
                                                             stdout=out, stderr=out, stdin=asyncio.subprocess.DEVNULL)
        finally:
            out.close()
        async with asyncio.timeout(START_TIMEOUT):
            while not (server.gateway.identifies >= sessions and server.gateway.ready.is_set()
                       and server.gateway.connected and self.text().count("connected as") > before):
                assert self.proc.returncode is None, f"broadside run exited early:\n{self.text()}"
                await asyncio.sleep(0.05)

    async def kill(self) -> None:
        assert self.proc is not None and self.proc.returncode is None
        self.proc.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(self.proc.wait(), 10) == -signal.SIGKILL

    async def stop(self) -> None:
        """SIGTERM, as a service manager would: the bot closes by itself."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
            raise AssertionError(f"broadside run did not stop on SIGTERM:\n{self.text()}") from None

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@pytest.mark.e2e_budget(60)
async def test_sigkill_mid_phase_and_restart(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
    env.update(BROADSIDE_TOKEN=server.token, BROADSIDE_API_BASE=server.api_base,
               BROADSIDE_GATEWAY_URL=server.gateway_url, BROADSIDE_DATABASE=str(tmp_path / "restart.sqlite3"),
               BROADSIDE_DEV_GUILD=str(w.guild.id), BROADSIDE_LOG_LEVEL="INFO", PYTHONUNBUFFERED="1",
               # The real clock runs here: no campaign grace (600 s by default), so the phase resolves as
               # Bob's order completes it, as in the shard scenarios (tests/e2e/test_scenarios_shards.py).
               BROADSIDE_CAMPAIGN_GRACE_SECONDS="0", **QUICK_START)
    bot = BotProcess(env, tmp_path / "broadside.log")
    try:
        await bot.start(server, sessions=1)
        # The commands were registered in the development server only, and the fake took them.
        assert [scope for scope, _ in server.syncs] == [w.guild.id]
        # The process's long-lived objects were set aside from the garbage collector.
        await server.wait_for(lambda: "objects set aside from garbage collection" in bot.text(), 10,
                              what="the heap to settle")

        thread = await open_duel(server, w)
        anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
        await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
        await w.anne.click(anne_form, "Confirm")
        assert "Order recorded: Activation chits for turn 1." in anne_form.content
        await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
        await server.idle()
        told = len(thread.messages)

        await bot.kill()
        await server.wait_for(lambda: not server.gateway.connected, 5, what="the gateway to notice the kill")
        await bot.start(server, sessions=2)
        assert [scope for scope, _ in server.syncs] == [w.guild.id, w.guild.id]
        await server.idle()
        # Nothing was resolved or asked again on the way up: the phase still waits for Bob.
        assert len(thread.messages) == told and not posts_starting(thread, CHITS_RESOLVED)
        pending = await w.anne.run(thread, "pending")
        # Anne's confirmed chit survived the kill: /pending (read from the database) shows it.
        assert "Activation chits for turn 1 — your order: place chits · HMS Indefatigable: 4" in pending.text
        assert pending.reply.ephemeral

        # Bob confirms in the menu the killed process sent him: his choice rode in its id.
        await w.bob.click(bob_form, "Confirm")
        assert "Order recorded" in bob_form.content
        await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 15, what="the phase's resolution")
        await server.wait_for(lambda: thread.messages[-1].content.startswith("Waiting for"), 10,
                              what="the call for the next phase's orders")
        await server.idle()
        (resolved,) = posts_starting(thread, CHITS_RESOLVED)
        assert "Virginie shows chit 5." in resolved.content and resolved in maps(thread)
        # Anne's chit, confirmed before the kill, counted: she alone is told it, privately.
        assert any("HMS Indefatigable: chit 4." in m.content for m in w.anne.dm.messages)
        # The next phase is Virginie's (chit 5), and it is Bob's to order.
        decisions = await w.bob.autocomplete(thread, "order", "decision", "")
        assert [c["value"] for c in decisions] == ["t1.p5.virginie"]
    finally:
        await bot.stop()
    log = bot.text()
    assert "Traceback" not in log and " ERROR " not in log, log
    assert server.violations == []


@pytest.mark.e2e_budget(60)
async def test_a_restarted_bot_answers_before_its_games_are_resumed(fake_discord, database_url, monkeypatch):
    """The gateway comes up, and interactions are answered in time, while the stored
    games are still being claimed and resumed (held here until the test lets them go):
    a restart with a backlog does not make members wait for the whole backlog."""
    from bot.loop import LoopManager
    from tests.e2e.scenario_helpers import make_bot

    server = fake_discord
    w = duel_world(server)
    async with server.running(make_bot(server, database_url)) as bot:
        thread = await open_duel(server, w)
        await bot.loops.settle()
        (game_id,) = bot.loops.running()

    held, resuming = asyncio.Event(), asyncio.Event()
    start = LoopManager.start

    async def slow_start(self: LoopManager) -> None:
        resuming.set()
        await held.wait()
        await start(self)

    monkeypatch.setattr(LoopManager, "start", slow_start)
    async with server.running(make_bot(server, database_url)) as bot:
        await asyncio.wait_for(resuming.wait(), 5)
        assert bot.loops.running() == []  # nothing resumed yet, and the gateway is up
        pending = await w.anne.run(thread, "pending")
        assert pending.kind in ("message", "deferred") and pending.replies and not pending.refused
        assert pending.responded_at - pending.created < 3.0
        held.set()
        await bot.loops.settle()
        assert bot.loops.running() == [game_id]
