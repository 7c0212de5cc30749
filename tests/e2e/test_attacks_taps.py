"""Trying to break the fewer-taps features through the loopback Discord: a standing order
for someone else's ship, a one-form-for-all-ships left from a phase already resolved, a
cancelled standing order that must not apply, a restart between a standing order and the
phase it answers — and the one form ordering three ships with one Confirm."""
from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.discord.components import base36
from tests.e2e.fake_discord import ImpossibleAction, InteractionType
from tests.e2e.fake_discord.actions import _go
from tests.e2e.scenario_helpers import (dm_form, duel_world, form_of, make_bot, no_errors_logged, open_duel,
                                        open_galleys, option_value)

COMMAND_LINK = re.compile(r"</([a-z ]+):\d+>")


async def press(user: Any, message: Any, custom_id: str, values: list[str] | None = None) -> Any:
    """A click carrying ``custom_id`` on ``message``, whatever it shows: what a modified
    client delivers."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
    if values is not None:
        data["values"] = values
    it = user.server.new_interaction(InteractionType.MESSAGE_COMPONENT, user, message.channel, data, message=message)
    await _go(it, wait=True, settle=True, duplicate=False)
    # The bot acknowledges a click at once and answers it privately after: going quiet for
    # the loopback's moment (0.1 s) does not mean that answer is out on a busy machine.
    await user.server.wait_for(lambda: it.replies or it.refused, 10, what="the bot's private answer to the click")
    return it


def private_text(it: Any, user: Any) -> str:
    assert it.replies and all(r.ephemeral and r.visible_to is user for r in it.replies), it
    return COMMAND_LINK.sub(r"/\1", it.text)


async def standing_menu(w, thread):
    opened = await w.anne.run(thread, "standing")
    (menu,) = [m for m in opened.replies if m.selects]
    assert menu.ephemeral and menu.visible_to is w.anne
    return menu


async def choose(server, user, menu, value: str) -> None:
    before = menu.content
    await user.select(menu, [value], custom_id="bss1:")
    await server.wait_for(lambda: menu.content != before, 10, what="the standing menu drawn again")


async def place_chits(server, w, anne_chit: str, bob_chit: str) -> None:
    for user, chit in ((w.anne, anne_chit), (w.bob, bob_chit)):
        form = await dm_form(server, user, 30)
        await user.select(form, [option_value(form, chit)], custom_id="bs1:s:")
        await user.click(form, "Confirm")
        await server.wait_for(lambda: "Order recorded" in form.content, 10, what="the chits recorded")


def action_forms(user) -> list:
    return [m for m in user.dm.messages if form_of(m) and ": action of " in m.content]


@pytest.mark.e2e_budget(60)
async def test_attack_a_standing_order_for_someone_elses_ship(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "theirs.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            game = await bot.service.find_game(thread.id)
            menu = await standing_menu(w, thread)
            (select,) = menu.selects
            assert select["custom_id"] == f"bss1:{base36(game.id)}:*:indefatigable"
            content = menu.content
            # Anne's client sends Bob's frigate in her own menu's id.
            forged = await press(w.anne, menu, f"bss1:{base36(game.id)}:*:virginie", ["hold-course"])
            text = private_text(forged, w.anne)
            assert text == "That is not one of your ships. You can give standing orders to: HMS Indefatigable."
            # A moment of the turn the menu is not for, and an order no ruleset offers.
            forged = await press(w.anne, menu, f"bss1:{base36(game.id)}:t9.p3:indefatigable", ["hold-course"])
            assert private_text(forged, w.anne).startswith("That button or menu is not one I can use")
            forged = await press(w.anne, menu, select["custom_id"], ["sink-everyone"])
            assert private_text(forged, w.anne).startswith("There is no standing order “sink-everyone”")
            # Bob's id on a menu of another game is not even looked at.
            forged = await press(w.anne, menu, f"bss1:{base36(game.id + 1)}:*:virginie", ["hold-course"])
            assert private_text(forged, w.anne).startswith("That button or menu is not one I can use")
            await server.idle()
            assert menu.content == content
            assert await bot.db.standing_orders(game.id) == []
            # Bob, who has a seat, cannot use Anne's menu for her ship either.
            stolen = await press(w.bob, menu, select["custom_id"], ["hold-course"])
            assert stolen.refused or "not one of your ships" in stolen.text
            assert await bot.db.standing_orders(game.id) == []
    server.take_violations()


@pytest.mark.e2e_budget(60)
async def test_attack_a_cancelled_standing_order_does_not_apply(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "cancelled.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            menu = await standing_menu(w, thread)
            await choose(server, w.anne, menu, "hold-course")
            assert "Standing order recorded: HMS Indefatigable — Hold course" in menu.content
            pending = await w.anne.run(thread, "pending")
            assert "Your standing orders: HMS Indefatigable: Hold course." in pending.text
            await choose(server, w.anne, menu, "-")
            assert "Standing order of HMS Indefatigable cancelled" in menu.content
            pending = await w.anne.run(thread, "pending")
            assert "Your standing orders" not in pending.text
            await place_chits(server, w, "5", "1")
            # Phase 5 is Anne's ship's alone, and nothing answers it but Anne: she is asked.
            form = await server.wait_for(lambda: next(iter(action_forms(w.anne)), None), 30,
                                         what="Anne asked for her ship's action")
            assert "Phase 5: action of HMS Indefatigable" in form.content
            assert "Without an order from you" not in form.content
            game = await bot.service.find_game(thread.id)
            assert len(await bot.db.steps(game.id)) == 1, "phase 5 waits for Anne"


@pytest.mark.e2e_budget(90)
async def test_attack_restart_between_a_standing_order_and_its_phase(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    path = tmp_path / "restart.sqlite3"
    with no_errors_logged():
        async with server.running(make_bot(server, path)):
            thread = await open_duel(server, w)
            menu = await standing_menu(w, thread)
            await choose(server, w.anne, menu, "keep-station")
            anne_chits, bob_chits = await dm_form(server, w.anne, 30), await dm_form(server, w.bob, 30)
        # The bot stops before the chits are in; a new one starts on the same database.
        bot = make_bot(server, path)
        async with server.running(bot):
            for user, form, chit in ((w.anne, anne_chits, "5"), (w.bob, bob_chits, "1")):
                await user.select(form, [option_value(form, chit)], custom_id="bs1:s:")
                await user.click(form, "Confirm")
                await server.wait_for(lambda: "Order recorded" in form.content, 10, what="the chits recorded")
            # Phases 5 to 2 are answered by the standing order given before the restart.
            await server.wait_for(lambda: any(" action of Virginie" in m.content for m in w.bob.dm.messages if
                                              form_of(m)), 30, what="phase 1, Bob's turn to act")
            game = await bot.service.find_game(thread.id)
            steps = await bot.db.steps(game.id)
            anne = [o["decision"] for s in steps for o in s.orders if o["decision"].endswith(".indefatigable")]
            assert anne[:4] == ["t1.p5.indefatigable", "t1.p4.indefatigable", "t1.p3.indefatigable",
                                "t1.p2.indefatigable"]
            assert action_forms(w.anne) == [], "Anne was never asked"
            assert len(await bot.db.standing_orders(game.id)) == 1


@pytest.mark.e2e_budget(60)
async def test_attack_a_stale_one_form_after_its_phase_resolved(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "stale.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            await place_chits(server, w, "5", "1")
            await server.wait_for(lambda: action_forms(w.anne), 30, what="Anne's phase 5")
            opened = await w.anne.run(thread, "orders")
            (form,) = [m for m in opened.replies if m.selects]
            assert form.ephemeral and form.content.startswith("**Every ship of yours in this phase.**")
            options = form.selects[0]["options"]
            assert all(len(o["label"]) <= 100 for o in options) and len(options) <= 25
            # She sends the order another way, and the phase resolves.
            game = await bot.service.find_game(thread.id)
            await w.anne.run(thread, "order", values="distance=2")
            await server.wait_for(lambda: any("HMS Indefatigable sails" in m.content for m in thread.messages), 30,
                                  what="phase 5 resolved")
            orders = len(await bot.db.orders(game.id))
            # The form from phase 5, used now: it says so, closes, and sends nothing.
            await w.anne.select(form, [form.selects[0]["options"][-1]["value"]], custom_id="bsa1:s:")
            await server.wait_for(lambda: not form.selects, 10, what="the stale form closed")
            assert "no longer open" in form.content or "resolved" in form.content, form.content
            assert len(await bot.db.orders(game.id)) == orders


@pytest.mark.e2e_budget(90)
async def test_one_form_orders_three_ships_with_one_confirm(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "fleet.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="squadron-action",
                             pacing="campaign", phase="12h")
            (thread,) = w.battles.threads
            await w.anne.run(thread, "game join", side="britain")
            await w.host.run(thread, "host add-ai", side="france", level="captain")
            await w.host.run(thread, "game start")
            chits = await dm_form(server, w.anne, 30)
            for n in range(3):
                select = chits.selects[n]
                await w.anne.select(chits, [next(o["value"] for o in select["options"] if o["label"] == "5")],
                                    custom_id=select["custom_id"])
                await server.wait_for(lambda: chits.selects[n]["custom_id"] != select["custom_id"], 10)
            await w.anne.click(chits, "Confirm")
            # Campaign pacing: all three of her ships are asked together, and the DM brings
            # the one form for all of them after the three forms of their own.
            form = await server.wait_for(lambda: next((m for m in w.anne.dm.messages if any(
                s["custom_id"].startswith("bsa1:") for s in m.selects)), None), 30, what="the one form by DM")
            assert form.content.startswith("Or order every ship at once")
            assert len(form.selects) == 3
            game = await bot.service.find_game(thread.id)
            for n in range(3):
                select = form.selects[n]
                await w.anne.select(form, [select["options"][0]["value"]], custom_id=select["custom_id"])
                await server.wait_for(lambda: form.selects and form.selects[n]["custom_id"] != select["custom_id"],
                                      10)
            await w.anne.click(form, "Confirm")
            await server.wait_for(lambda: form.content.count("Order recorded") == 3 or
                                  any(m.content.startswith("— Turn 1 —") and "Phase 5" in m.content
                                      for m in thread.messages), 30, what="three orders from one Confirm")
            used = [o for s in await bot.db.steps(game.id) for o in s.orders if o["decision"].startswith("t1.p5.")
                    and o["player"] == "p1"]
            assert len(used) == 3, used


@pytest.mark.e2e_budget(60)
async def test_conditional_orders_for_a_phase_still_to_come(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "conditional.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            moments = await w.anne.autocomplete(thread, "standing", "when", "")
            assert [(c["value"], c["name"]) for c in moments] == [
                ("*", "every phase until you cancel it"),
                ("turn", "each phase still to come this turn, one menu each"), ("t1.p5", "phase 5 of turn 1"),
                ("t1.p4", "phase 4 of turn 1"), ("t1.p3", "phase 3 of turn 1"), ("t1.p2", "phase 2 of turn 1"),
                ("t1.p1", "phase 1 of turn 1")]
            # The whole turn at once: a menu for each phase still to come.
            whole = await w.anne.run(thread, "standing", when="turn")
            headers = [m.content.splitlines()[0] for m in whole.replies if m.selects]
            assert headers == [f"**Standing orders — phase {p} of turn 1.** Choose one for each ship: it is stored "
                               "as you choose, and applies whenever you give her no order." for p in (5, 4, 3, 2, 1)]
            (menu,) = [m for m in whole.replies if m.selects and "phase 4 of turn 1" in m.content]
            (phase5,) = [m for m in whole.replies if m.selects and "phase 5 of turn 1" in m.content]
            await choose(server, w.anne, menu, "hold-course")
            refused = await w.anne.run(thread, "standing", when="t7.p9")
            assert private_text(refused, w.anne).startswith("That phase of the turn has passed")
            await place_chits(server, w, "5", "1")
            # Phase 5: no order for it, so Anne is asked.
            await server.wait_for(lambda: any("Phase 5: action of" in m.content for m in action_forms(w.anne)), 30,
                                  what="Anne asked for phase 5")
            await w.anne.run(thread, "order", values="distance=2")
            # Phase 4 is answered by her conditional order; phase 3 asks her again.
            await server.wait_for(lambda: any("Phase 3: action of" in m.content for m in action_forms(w.anne)), 30,
                                  what="Anne asked for phase 3")
            # The menu for phase 5, used after phase 5: refused, nothing stored.
            late = await w.anne.select(phase5, ["keep-station"], custom_id="bss1:")
            assert private_text(late, w.anne).startswith("That phase of the turn has passed")
            game = await bot.service.find_game(thread.id)
            steps = await bot.db.steps(game.id)
            (p4,) = [o for s in steps for o in s.orders if o["decision"] == "t1.p4.indefatigable"]
            assert p4["payload"]["action"] == "move"
            assert await bot.db.standing_orders(game.id) == [], "spent once its phase passed"
            pending = await w.anne.run(thread, "pending")
            assert "Your standing orders" not in pending.text


@pytest.mark.e2e_budget(90)
async def test_same_speeds_as_last_turn_in_a_galley_game(fake_discord, tmp_path):
    """The other ruleset's secret decision: last turn's speeds again, in one tap."""
    from bot.service import FakeClock

    server = fake_discord
    w = duel_world(server)
    clock = FakeClock()
    bot = make_bot(server, tmp_path / "galleys.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_galleys(w, "60s")

            def speeds(turn: int):
                return next((m for m in reversed(w.anne.dm.messages)
                             if form_of(m) and f"**Speeds for turn {turn}**" in m.content), None)

            first = await server.wait_for(lambda: speeds(1), 30, what="turn 1's speeds")
            assert not [b for b in first.buttons if b["label"] == "Same as last turn"], "nothing to repeat yet"
            # Anne lets turn 1 go by: every deadline passes and the defaults apply.
            game = await bot.service.find_game(thread.id)
            for _ in range(60):
                if speeds(2):
                    break
                steps = await bot.db.step_count(game.id)
                await bot.service.phase_status(game.id)  # the phase's deadline is open from now
                clock.advance(61)
                await server.wait_for(lambda: speeds(2), 0.5, raise_on_timeout=False)
                await bot.loops.settle()
                assert await bot.db.step_count(game.id) > steps or speeds(2), "a deadline passed and nothing resolved"
            form = await server.wait_for(lambda: speeds(2), 30, what="turn 2's speeds")
            (repeat,) = [b for b in form.buttons if b["label"] == "Same as last turn"]
            await w.anne.click(form, "Same as last turn")
            await server.wait_for(lambda: "Order recorded: Speeds for turn 2." in form.content, 10,
                                  what="the speeds recorded")
            (order,) = [o for o in await bot.db.orders(game.id) if o.decision_id == "t2.speeds.p1"]
            # Each of her galleys wrote the speed she sailed last turn.
            before = (await bot.db.step(game.id, order.step_idx - 1)).state
            last = {ship["id"]: ship["last_speed"] for ship in before["ships"] if ship["player"] == "p1"}
            assert order.payload == {"action": "speeds", **last} and len(last) >= 1


@pytest.mark.e2e_budget(120)
async def test_galleys_sail_on_standing_orders_shown_in_pending_and_cancelled(fake_discord, tmp_path):
    """Nauta's standing orders through the loopback Discord: Anne gives each of her
    galleys one with /standing, sees them in /pending, and two turns go by without a
    speeds or move form for her; once she cancels one, she is asked again."""
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "galley-standing.sqlite3")

    def forms(turn: int) -> list:
        return [m for m in w.anne.dm.messages if form_of(m) and
                (f"**Speeds for turn {turn}**" in m.content or f"Turn {turn}: move" in m.content)]

    with no_errors_logged():
        async with server.running(bot):
            thread = await open_galleys(w, "30m")
            game = await bot.service.find_game(thread.id)
            await server.wait_for(lambda: forms(1), 30, what="turn 1's speeds")

            menu = await standing_menu(w, thread)
            assert len(menu.selects) == 4, menu.content  # her four galleys
            labels = [o["label"] for o in menu.selects[0]["options"]]
            assert labels[:4] == ["No standing order", "Hold course", "Hold water", "Shoot at the nearest"], labels
            for n in range(4):
                before = menu.content
                await w.anne.select(menu, ["hold-course"], custom_id=menu.selects[n]["custom_id"])
                await server.wait_for(lambda: menu.content != before, 10, what="the standing order stored")
            assert menu.content.count(": Hold course") == 4, menu.content
            # The form says when a galley's order applies: only with every galley's.
            assert "only when every galley they concern has one" in menu.content, menu.content
            pending = await w.anne.run(thread, "pending")
            assert pending.text.count(": Hold course") == 4 and "Your standing orders: " in pending.text, pending.text

            async def turn_now() -> int:
                return (await bot.service.public_view(game.id))["turn"]

            # Turn 1's speeds (already asked) and every move after are answered for her.
            await _until(lambda: _at_least(turn_now, 3), 60, "two turns sailed on standing orders")
            assert not forms(2), "Anne was asked in turn 2 though every galley had a standing order"
            mine = [o for s in await bot.db.steps(game.id) for o in s.orders if o["player"] == "p1"]
            assert any(o["decision"] == "t2.speeds.p1" for o in mine), [o["decision"] for o in mine]
            assert any(o["decision"].startswith("t2.m") and o["payload"]["turn"] == 0 for o in mine)

            # The game sails on by itself (her standing orders, a computer captain): the host
            # pauses it, or it may reach its last turn before she cancels.
            await w.host.run(thread, "host pause")
            assert (await bot.service.game(game.id)).status == "paused"
            before, seen = menu.content, len(w.anne.dm.messages)
            await w.anne.select(menu, ["-"], custom_id=menu.selects[0]["custom_id"])
            await server.wait_for(lambda: menu.content != before and "cancelled" in menu.content, 10,
                                  what="the standing order cancelled")
            pending = await w.anne.run(thread, "pending")
            assert pending.text.count(": Hold course") == 3, pending.text
            await w.host.run(thread, "host resume")
            # With one galley left to her, she is asked again: the rest of this turn's moves
            # (if the cancel came in the middle of them), the initiative's choice (a fleet wholly
            # on standing orders moves second without one) or the next turn's speeds.
            # (Galleys that touch bring a boarding declaration, which standing orders leave to
            # her: she declares nothing, and waits for the speeds or a move. With the seed
            # the test bots use the galleys first touch at the end of turn 5, so a pause that
            # lands after her dromon's move of turn 5 meets the declaration first.)
            confirmed: set[int] = set()

            def asked() -> list:
                orders = [m for m in w.anne.dm.messages[seen:]
                          if form_of(m) and "boarding declarations" not in m.content]
                boarding = [m for m in w.anne.dm.messages if form_of(m) and "boarding declarations" in m.content
                            and "Nothing chosen yet" in m.content and id(m) not in confirmed]
                return orders + boarding

            for _ in range(6):
                new = await server.wait_for(asked, 60, what="Anne asked for orders again")
                if any("boarding declarations" not in m.content for m in new):
                    break
                for m in new:
                    confirmed.add(id(m))
                    await declare_nothing(server, w.anne, m)
            else:
                raise AssertionError("Anne was asked only for boarding declarations")


async def declare_nothing(server, user, form) -> None:
    """Every menu of a boarding declaration set to its first choice (no boarding, no
    fire), page by page, then Confirm. Each menu is a choice the rules require: a
    Confirm with nothing chosen is refused, and the phase would wait for her."""
    while True:
        for n in range(len(form.selects)):
            select = form.selects[n]
            await user.select(form, [select["options"][0]["value"]], custom_id=select["custom_id"])
            await server.wait_for(lambda: form.selects[n]["custom_id"] != select["custom_id"], 10,
                                  what="the choice shown on the form")
        shown = [s["custom_id"] for s in form.selects]
        try:
            await user.click(form, "Next")
        except ImpossibleAction:
            break  # the last page
        await server.wait_for(lambda: [s["custom_id"] for s in form.selects] != shown, 10, what="the next page")
    await user.click(form, "Confirm")
    await server.wait_for(lambda: "Order recorded" in form.content, 10, what="her declaration stored")


async def _at_least(turn_now, turn: int) -> bool:
    return await turn_now() >= turn


async def _until(check, timeout: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await check():
        assert loop.time() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)
