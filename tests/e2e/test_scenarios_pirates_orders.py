"""Pirates' fort permissions and standing orders through the loopback Discord, tried as
a hostile member would.

The gallows-fort scenario: three fleets, Red's stockade on Gallows Rock holding a 3 and a
6 (its value is 5), Blue's Gull docked alongside it. Red grants Blue the fort's use from
her own form, the Gull takes the 3 out (the 6 must stay: the fort's value), Red withdraws
the leave. Refused privately, with the catalogue's words, nothing posted: Blue granting
leave on Red's fort, a forged menu id naming another game or decision, a menu left over
from a phase that has passed, the Gull taking treasure without leave.

Standing orders (/standing): a player gives her ships "Hold" and "As last turn", and two
turns resolve without her tapping ("As last turn" sails last turn's move again); cancelled,
the next call asks her again; another player cannot give orders to her ships (by the menu
forged to them). A move previewed with /preview before it is given."""
from __future__ import annotations

import pytest

from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, no_errors_logged
from tests.e2e.test_scenarios_fleets import press, private_text


async def open_fort_game(server, bot, w):
    cleo = server.add_user("cleo")
    w.guild.add_member(cleo)
    await w.host.run(w.battles, "game new", ruleset="pirates", scenario="gallows-fort", pacing="campaign",
                     phase="12h", posting="phase", deadline="phase")
    (thread,) = w.battles.threads
    players = {"red": w.anne, "blue": w.bob, "green": cleo}
    for side, user in players.items():
        await user.run(thread, "game join", side=side)
    await w.host.run(thread, "game start")
    await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 10,
                          what="the call for the first manoeuvre")
    await bot.loops.settle()
    game = await bot.service.find_game(thread.id)
    return thread, game, players


async def hold(user, thread, decision):
    """The player holds with /order: her first ship still to act holds and shoots."""
    ships = await user.autocomplete(thread, "order", "values", "ship=", decision=decision, action="fire")
    if ".f." in decision:  # her guns: each at the first target in reach
        guns = await user.autocomplete(thread, "order", "values", "gun1=", decision=decision, action="fire")
        held = next((g["value"] for g in guns if g["value"].endswith("=none")), guns[0]["value"])
        aimed = await user.run(thread, "order", decision=decision, action="fire", values=held)
        assert aimed.text.startswith("Order recorded"), aimed.text
        return decision.split(".f.")[1]
    ship = ships[0]["value"].split("=", 1)[1].split()[0]
    held = await user.run(thread, "order", decision=decision, action="fire", values=f"ship={ship}")
    assert held.text.startswith("Order recorded"), held.text
    return ship


async def mine(bot, game, user):
    return [p.decision.id for p in await bot.service.my_pending(game.id, user.id)]


def public(w, thread) -> int:
    """What the bot has posted where the server can read it."""
    return len(thread.messages) + len(w.battles.messages)


async def pass_until(bot, game, thread, players, user, prefix):
    """Everyone holds until ``user`` is asked for a manoeuvre whose id starts ``prefix``."""
    for _ in range(30):
        await bot.loops.settle()
        if any(d.startswith(prefix) and ".a" in d for d in await mine(bot, game, user)):
            return
        for other in players.values():
            for decision in await mine(bot, game, other):
                await hold(other, thread, decision)
    raise AssertionError(f"{user.name} was never asked for {prefix}")


@pytest.mark.e2e_budget(60)
async def test_a_fort_owner_grants_and_withdraws_leave_and_others_cannot(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "fort.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread, game, players = await open_fort_game(server, bot, w)
            red, blue, green = players.values()
            posted = public(w, thread)
            # Hostile: Blue, first to act, grants himself leave on Red's fort, and takes her
            # treasure without leave: refused privately, nothing posted.
            it = await blue.run(thread, "order", decision="t1.a1", action="permit",
                                values="fort=fort-gallows guest=blue allow=yes")
            assert private_text(it, blue).startswith("Order not recorded"), it.text
            assert "permit is not an action you can take now" in it.text, it.text
            it = await blue.run(thread, "order", decision="t1.a1", action="cargo", values="treasure=t1 to=gull")
            assert private_text(it, blue).startswith("Order not recorded"), it.text
            await server.idle()
            assert public(w, thread) == posted
            blue_form = [m for m in blue.dm.messages if form_of(m)][-1]
            await hold(blue, thread, "t1.a1")
            await bot.loops.settle()
            assert await mine(bot, game, red) == ["t1.a2"]
            # Red names a fort that is not hers: refused, nothing posted.
            posted = public(w, thread)
            it = await red.run(thread, "order", decision="t1.a2", action="permit",
                               values="fort=fort-saltpan guest=blue allow=yes")
            assert private_text(it, red) == "Order not recorded:\n• Fort cannot be fort-saltpan. Legal: fort-gallows.", it.text
            await server.idle()
            assert public(w, thread) == posted
            # Red grants Blue leave from her direct-message form.
            form = [m for m in red.dm.messages if form_of(m)][-1]
            await red.select(form, ["4"], custom_id="bs1:s:")
            await server.wait_for(lambda: len(form.selects) == 4, 10, what="the permit's menus")
            assert "stockade of Gallows Rock (used by: no other fleet)" in form.content
            await red.select(form, ["0"], custom_id="bs1:s:1:t1.a2:40--:2")  # Blue
            await server.wait_for(lambda: "Blue" in form.content, 10, what="the guest chosen")
            await red.click(form, "Confirm")
            assert "Order recorded" in form.content, form.content
            await bot.loops.settle()
            told = "Red lets the Blue fleet use stockade of Gallows Rock: its ships docked there may load and unload treasure from it."
            assert any(m.content == told for m in thread.messages)
            # Hostile: Blue's menus forged to another game and to Red's decision, and his
            # menu of the phase that has passed.
            posted = public(w, thread)
            for forged in ("bs1:s:2:t1.a1:-:0", "bs1:s:1:t1.a2:4---:0"):
                it = await press(blue, blue_form, forged, ["0"])
                assert private_text(it, blue).startswith("That button or menu is not one I can use"), it.text
            await press(blue, blue_form, "bs1:s:1:t1.a1:-:0", ["0"])
            assert blue_form.content.startswith("This decision is no longer open (the phase has moved on)")
            assert not blue_form.selects
            await server.idle()
            assert public(w, thread) == posted
            # Red's free action left her slot to play; everyone holds until the Gull's turn.
            await pass_until(bot, game, thread, players, blue, "t1.")
            it = await blue.run(thread, "order", action="cargo", values="treasure=t2 to=gull")
            assert private_text(it, blue) == "Order not recorded:\n• treasure cannot be t2. Legal: t1.", it.text
            it = await blue.run(thread, "order", action="cargo", values="treasure=t1 to=gull")
            assert private_text(it, blue).startswith("Order recorded"), it.text
            await bot.loops.settle()
            assert thread.messages[-2].content == "A treasure goes from stockade of Gallows Rock to Grey Gull."
            # The next turn Red withdraws the leave with /order; the Gull may not put it back.
            await pass_until(bot, game, thread, players, red, "t2.")
            it = await red.run(thread, "order", action="permit", values="fort=fort-gallows guest=blue allow=no")
            assert private_text(it, red).startswith("Order recorded"), it.text
            await bot.loops.settle()
            assert thread.messages[-2].content == "Red withdraws the Blue fleet's use of stockade of Gallows Rock."
            await pass_until(bot, game, thread, players, blue, "t2.")
            posted = public(w, thread)
            it = await blue.run(thread, "order", action="cargo", values="treasure=t1 to=fort-gallows")
            text = private_text(it, blue)
            # Without leave the fort is not a place for her treasure: ashore on the island only.
            assert text == "Order not recorded:\n• to cannot be fort-gallows. Legal: gallows.", text
            await server.idle()
            assert public(w, thread) == posted


async def standing_menu(user, thread):
    opened = await user.run(thread, "standing")
    (menu,) = [m for m in opened.replies if m.selects]
    assert menu.ephemeral and menu.visible_to is user
    return menu


async def stand(server, user, menu, ship, kind):
    before = menu.content
    await user.select(menu, [kind], custom_id=f"bss1:1:*:{ship}")
    await server.wait_for(lambda: menu.content != before, 10, what="the standing menu drawn again")


@pytest.mark.e2e_budget(60)
async def test_pirate_standing_orders_play_a_turn_without_a_tap_and_are_hers_alone(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "standing.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread, game, players = await open_fort_game(server, bot, w)
            red, blue, green = players.values()
            menu = await standing_menu(blue, thread)
            assert [s["custom_id"] for s in menu.selects] == [
                "bss1:1:*:salt-widow", "bss1:1:*:calico-cat", "bss1:1:*:gull"]
            assert [o["label"] for o in menu.selects[0]["options"]] == ["No standing order", "Hold", "As last turn"]
            # Hostile: Red forges her own menu's id to Blue's ship; Blue's menu is his alone.
            mine_menu = await standing_menu(red, thread)
            forged = await press(red, mine_menu, "bss1:1:*:salt-widow", ["hold"])
            text = private_text(forged, red)
            assert text.startswith("That is not one of your ships. You can give standing orders to: "), text
            stolen = await press(red, menu, "bss1:1:*:salt-widow", ["hold"])
            assert stolen.refused or "not one of your ships" in stolen.text
            assert await bot.db.standing_orders(game.id) == []
            # Blue taps his first slot: the Calico Cat sails a square.
            moved = await blue.run(thread, "order", decision="t1.a1", action="move",
                                   values="ship=calico-cat turn1=0 go1=1")
            assert private_text(moved, blue).startswith("Order recorded"), moved.text
            await bot.loops.settle()
            for ship, kind in (("salt-widow", "hold"), ("calico-cat", "as-last"), ("gull", "hold")):
                await stand(server, blue, menu, ship, kind)
            assert len(await bot.db.standing_orders(game.id)) == 3
            # Turns 1 and 2 play without Blue tapping again (the deadline is 12 hours off
            # and the clock stands still): his slots are answered as they come, and the
            # Gull's guns, asked of every ship at once, wait for the others' aims, told so
            # in /pending. In turn 2 the Calico Cat sails her square again.
            told_pending = False
            for _ in range(60):
                await bot.loops.settle()
                asked = await mine(bot, game, blue)
                assert not [d for d in asked if ".a" in d], asked
                if asked and not told_pending:
                    told_pending = True
                    pending = private_text(await blue.run(thread, "pending"), blue)
                    assert "Grey Gull" in pending and "Hold" in pending, pending
                if any(m.content.startswith("— Turn 3 —") for m in thread.messages):
                    break
                await others_hold(bot, game, thread, (red, green))
            else:
                raise AssertionError("turn 2 did not end")
            assert told_pending, "the Gull's guns were asked of every ship at once"
            said = [m.content for m in thread.messages]
            turn2 = said[next(i for i, m in enumerate(said) if m.startswith("— Turn 2 —")):]
            turn2 = "\n".join(turn2)
            assert "Calico Cat: moves." in turn2 and "Calico Cat sails from N10 to N9" in turn2, turn2
            assert "Salt Widow: holds to shoot." in turn2 and "Grey Gull: holds to shoot." in turn2, turn2
            # The Gull's "Hold" aims her gun at the first target in reach: Red's fort, told by
            # its name (it was "fort gallows" before the fort's events carried their names).
            assert "Grey Gull, gun 1 at stockade of Gallows Rock" in turn2, turn2
            assert not any("fort gallows" in m for m in said), said
            # Cancelled, the Gull's order no longer answers: once the Salt Widow has held
            # (turn 3's first slot), Blue is asked again.
            await stand(server, blue, menu, "gull", "-")
            assert "Grey Gull: no standing order" in menu.content, menu.content
            assert len(await bot.db.standing_orders(game.id)) == 2
            for _ in range(30):
                await bot.loops.settle()
                if [d for d in await mine(bot, game, blue) if ".a" in d]:
                    break
                await others_hold(bot, game, thread, (red, green))
            assert [d for d in await mine(bot, game, blue) if d.startswith("t3.a")], "Blue is asked again"


async def others_hold(bot, game, thread, users):
    for other in users:
        for decision in await mine(bot, game, other):
            await hold(other, thread, decision)


@pytest.mark.e2e_budget(60)
async def test_a_pirate_move_previewed_before_it_is_given(fake_discord, tmp_path):
    """/preview of a Pirates move: the act decision is the fleet's (no ship of its own),
    so the picture is of the ship the order names, where the move would leave her, with
    the ruleset's words; only Blue sees it, nothing is stored or posted. Another player's
    preview of Blue's decision, and an illegal move, are refused privately."""
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "preview.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread, game, players = await open_fort_game(server, bot, w)
            red, blue, green = players.values()
            posted = public(w, thread)
            offered = await blue.autocomplete(thread, "preview", "values", "ship=calico-cat go1=", decision="t1.a1",
                                              action="move")
            assert "ship=calico-cat go1=1" in [c["value"] for c in offered]
            it = await blue.run(thread, "preview", decision="t1.a1", action="move", values="ship=calico-cat go1=1")
            text = private_text(it, blue)
            assert text.startswith("Calico Cat after that move: from N11 to N10, facing S. Nothing was sent"), text
            (picture,) = it.files
            assert picture.filename == "preview.png"
            assert "Calico Cat (Blue) at N10 facing S, 2 of 2 masts." in picture.description, picture.description
            assert await mine(bot, game, blue) == ["t1.a1"]  # nothing was sent
            # Hostile: Red previews Blue's decision; Blue previews a move off the rules.
            it = await red.run(thread, "preview", decision="t1.a1", action="move", values="ship=calico-cat go1=1")
            assert private_text(it, red).startswith("Nothing is asked of you"), it.text
            it = await blue.run(thread, "preview", decision="t1.a1", action="move", values="ship=calico-cat go1=9")
            assert private_text(it, blue) == "squares of segment 1 (L) must be between 0 and 4 in steps of 1, not 9."
            await server.idle()
            assert public(w, thread) == posted
