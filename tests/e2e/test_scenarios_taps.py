"""Fewer taps, through the unmodified discord.py client and the loopback Discord.

Anne commands Britain's three ships of the squadron action against a computer captain.
Every component interaction she makes (a choice in a menu, a button) is counted: she
gives her ships standing orders once with /standing, then only places chits; from the
fifth turn a menu with one legal chit left is filled in for her, and in the sixth, when
her chits have all come back, "Same as last turn" places them in one tap. Each turn
must cost her at most 15 taps (docs/commands.md, *Fewer taps*).
"""
from __future__ import annotations

import pytest

from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, no_errors_logged

TAP_TARGET = 15


class Taps:
    """Counts a user's component interactions (selects and buttons)."""

    def __init__(self, user) -> None:
        self.user, self.count = user, 0

    async def select(self, message, values, **kw):
        self.count += 1
        return await self.user.select(message, values, **kw)

    async def click(self, message, label=None, **kw):
        self.count += 1
        return await self.user.click(message, label, **kw)


def chit_form(user, turn: int):
    return next((m for m in reversed(user.dm.messages)
                 if form_of(m) and f"**Activation chits for turn {turn}**" in m.content), None)


def turn_heading(thread, turn: int) -> bool:
    return any(line.startswith(f"— Turn {turn} —") for m in thread.messages for line in m.content.splitlines())


async def open_squadron_game(server, w):
    await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="squadron-action", pacing="live",
                     phase="30m")
    (thread,) = w.battles.threads
    await w.anne.run(thread, "game join", side="britain")
    await w.host.run(thread, "host add-ai", side="france", level="captain")
    await w.host.run(thread, "game start")
    return thread


@pytest.mark.e2e_budget(240)
async def test_a_three_ship_turn_in_at_most_fifteen_taps(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "taps.sqlite3")
    anne = Taps(w.anne)
    per_turn: dict[int, int] = {}
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_squadron_game(server, w)
            game = await bot.service.find_game(thread.id)
            form = await server.wait_for(lambda: chit_form(w.anne, 1), 15, what="Anne's chits for turn 1")

            # Standing orders, once: one menu per ship, each choice stored as it is made.
            opened = await w.anne.run(thread, "standing")
            (menus,) = [m for m in opened.replies if m.selects]
            assert menus.ephemeral and len(menus.selects) == 3
            for n in range(3):
                await anne.select(menus, ["keep-station"], custom_id=menus.selects[n]["custom_id"])
                await server.wait_for(lambda: menus.content.count(": Keep station") == n + 1, 10,
                                      what="the standing order stored and shown")
            assert len(await bot.db.standing_orders(game.id)) == 3

            for turn in range(1, 7):
                before = anne.count
                form = await server.wait_for(lambda: chit_form(w.anne, turn), 60, what=f"chits for turn {turn}")
                repeat = [b for b in form.buttons if b["label"] == "Same as last turn"]
                if turn < 6:
                    # Chits are not used again until all five are spent: nothing to repeat.
                    assert not repeat, f"turn {turn} offered last turn's chits again"
                if turn == 6:
                    # All five spent: the set came back, and last turn's chits are legal again.
                    assert repeat, form.content
                    await anne.click(form, "Same as last turn")
                elif turn == 5:
                    # One chit left for each ship: every menu is filled in already.
                    assert "Chosen:" in form.content and form.content.count(": 1") >= 1, form.content
                    await anne.click(form, "Confirm")
                else:
                    chit = str(6 - turn)  # 5, 4, 3, 2: a chit each turn, never the same twice
                    for n in range(len(form.selects)):
                        select = form.selects[n]  # the ids carry the choices so far: read afresh
                        value = next(o["value"] for o in select["options"] if o["label"] == chit)
                        await anne.select(form, [value], custom_id=select["custom_id"])
                        await server.wait_for(lambda: form.selects[n]["custom_id"] != select["custom_id"], 10,
                                              what="the menu drawn with the choice")
                    await anne.click(form, "Confirm")
                await server.wait_for(lambda: "Order recorded" in form.content, 10, what=f"turn {turn}'s chits recorded")
                await server.wait_for(lambda: turn_heading(thread, turn + 1) or chit_form(w.anne, turn + 1), 90,
                                      what=f"the end of turn {turn}")
                per_turn[turn] = anne.count - before

    per_turn[1] += 3  # the standing orders, given in turn 1
    assert all(taps <= TAP_TARGET for taps in per_turn.values()), per_turn
    assert per_turn == {1: 7, 2: 4, 3: 4, 4: 4, 5: 1, 6: 1}, per_turn
    # Every action of Anne's ships came from her standing orders: she was never asked for
    # one, and each time a standing order did not fit (a ship in irons cannot keep her
    # station by the least move) the default was taken and she was told, in plain words.
    assert not [m for m in w.anne.dm.messages if form_of(m) and ": action of " in m.content]
    steps = await _steps(tmp_path / "taps.sqlite3")
    actions = [o for s in steps for o in s.orders if o["player"] == "p1" and ".chits." not in o["decision"]]
    assert len(actions) >= 6 * 3, "each of her three ships acted at least once a turn"
    defaults = [e for s in steps for e in s.events if e["kind"] == "default_order" and e["data"].get("player") == "p1"]
    unfit = [m for m in w.anne.dm.messages if m.content.startswith("Your standing order “Keep station” for ")
             and " did not fit " in m.content and "She took the default instead: " in m.content]
    assert len(unfit) == len(defaults), ([m.content for m in unfit], defaults)


async def _steps(path):
    from db import Database

    db = await Database.open(path)
    try:
        return await db.steps(1)
    finally:
        await db.close()
