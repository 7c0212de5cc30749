"""A command is acknowledged before the bot looks anything up; an autocomplete, whose
first answer is its choices, answers from memory.

Discord allows 3 s for the first answer. A process just started (a restart with a
backlog of phases) knows no game yet: finding the game of a thread is a database read,
and it waits behind the game passes for a connection. The acknowledgement must not wait
with it.
"""
from __future__ import annotations

import asyncio

from db.memo import Rows
from tests.e2e.fake_discord.actions import _go, command_interaction
from tests.e2e.scenario_helpers import duel_world, make_bot, no_errors_logged, open_duel


async def test_pending_is_acknowledged_while_the_game_is_still_being_looked_up(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "ack.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            await bot.loops.settle()
            service = bot.service
            released = asyncio.Event()
            looked_up = asyncio.Event()
            find_game = service.find_game

            async def slow_find_game(*args, **kwargs):
                looked_up.set()
                await released.wait()  # the read, stuck behind a restart's passes
                return await find_game(*args, **kwargs)

            service.find_game = slow_find_game
            try:
                it = await w.anne.invoke(thread, "pending", {}, wait=False)
                await server.wait_for(lambda: it.response is not None and looked_up.is_set(), 2,
                                      raise_on_timeout=False)
                assert it.deferred, "acknowledged only after the game was found"
                assert looked_up.is_set() and not released.is_set()
            finally:
                released.set()
                service.find_game = find_game
            await it.settled()
            assert it.text and "went wrong" not in it.text, it.text  # then answered as ever


async def test_order_autocomplete_answers_from_memory_while_the_database_is_busy(fake_discord, tmp_path):
    """An autocomplete's first answer is its choices: they come from what the service
    keeps (the game of the thread, the seat, the state's forms), not from a database read.
    Another process has just stored Bob's order (with several processes a direct message's
    click is taken by shard 0's, and this one hears of it: the stored orders become a fresh
    read); Anne still gets her choices at once while every read waits."""
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "ack.sqlite3", grace_seconds=300)
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            await bot.loops.settle()
            # She has typed into it before: the thread's game is known.
            assert await w.anne.autocomplete(thread, "order", "decision", "")
            db = bot.service.db
            (game,) = await db.games_in_place(thread.id)
            db._memo.remote_write(game.id, (Rows.OPEN_ORDERS,), set())
            released = asyncio.Event()
            reads: list[str] = []
            read = db._read

            async def held_read(sql, *args, **kwargs):
                reads.append(sql)
                await released.wait()  # a read stuck behind other games' passes
                return await read(sql, *args, **kwargs)

            db._read = held_read
            try:
                it = command_interaction(server, w.anne, thread, "order", {}, focus="decision", typed="")
                await _go(it, wait=False, settle=False, duplicate=False)
                await server.wait_for(lambda: it.response is not None, 2, raise_on_timeout=False)
                assert it.response is not None, f"no choices while the database was busy (reads: {reads})"
                assert it.choices, "the decision she owes"
                assert not reads, reads
            finally:
                released.set()
                db._read = read
