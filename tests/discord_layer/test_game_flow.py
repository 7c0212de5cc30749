"""From /game new to the first resolved phases, the way members play it: slash commands
in the thread, chits chosen in the direct-message menus (or /menus), an action given
with /order and its autocomplete."""
from __future__ import annotations

from bot.discord.forms import parse
from tests.discord_layer.conftest import ANNE, BOB, CHANNEL, HOST, png


async def test_a_new_game_opens_a_thread_and_answers_privately(table):
    answers = await table.command(HOST, "game", "new", channel=CHANNEL, ruleset="cannoni", scenario="frigate-duel",
                                  pacing="campaign", phase="12h")
    thread = max(table.fake.threads)
    assert table.fake.threads[thread]["parent_id"] == str(CHANNEL)
    assert table.fake.threads[thread]["name"] == "Indefatigable and Virginie, April 1796"
    assert [a.public for a in answers] == [False]
    assert answers[0].content == f"Game #1 is open in <#{thread}>. Players join there with /game join."
    # The lobby message is the service's, in the thread.
    [notice] = table.fake.in_channel(thread)
    assert notice.content.startswith("<@100> opens a game of Cannoni in batteria!")
    assert "Campaign play: 12 h per turn, for all of its phases" in notice.content
    game = await table.service.find_game(thread)
    assert (game.pacing, game.phase_seconds, game.channel_id, game.options["order_mode"]) == \
        ("campaign", 12 * 3600, CHANNEL, "simultaneous")


async def test_a_failed_creation_leaves_no_thread_behind(table):
    answers = await table.command(HOST, "game", "new", channel=CHANNEL, ruleset="cannoni", scenario="no-such-battle")
    assert table.fake.deleted == list(table.fake.threads)
    assert [a.public for a in answers] == [False]
    assert answers[0].content.startswith("There is no scenario called no-such-battle. Known: brig-action")


async def test_without_thread_permission_the_game_talks_in_the_channel(table):
    table.fake.refuse_threads = True
    answers = await table.command(HOST, "game", "new", channel=CHANNEL, ruleset="cannoni", scenario="frigate-duel",
                                  rules="quick_play chit_pressure")
    assert "is open in this channel" in answers[0].content
    game = await table.service.find_game(CHANNEL)
    assert game.thread_id is None and game.options["quick_play"] and game.options["chit_pressure"]
    assert table.fake.in_channel(CHANNEL)[0].content.startswith("<@100> opens a game")


async def test_lobby_to_the_first_resolved_phases(table):
    game = await table.new_game()
    thread = table.game_thread

    # Joining: a public line in the thread, a private answer, a welcome DM.
    sides = await table.complete(ANNE, "game", "join", focused="side")
    assert [c["value"] for c in sides] == ["britain", "france"]
    answers = await table.command(ANNE, "game", "join", side="Britain")
    assert [a.public for a in answers] == [False]
    assert "You sail for Britain." in answers[0].content
    assert "I sent you a direct message" in answers[0].content
    assert table.fake.dms(ANNE)[0].content.startswith("You joined Indefatigable and Virginie")
    await table.command(BOB, "game", "join", side="france")
    assert [s.content for s in table.fake.in_channel(thread)][-2:] == ["<@200> joins Britain.",
                                                                     "<@300> joins France."]

    # Ship picks: autocomplete offers only the ships of the player's own side.
    ships = await table.complete(ANNE, "game", "pick", focused="ship")
    assert [c["value"] for c in ships] == ["indefatigable"]
    answers = await table.command(ANNE, "game", "pick", ship="indefatigable")
    assert answers[0].content == "You will command HMS Indefatigable."

    answers = await table.command(HOST, "game", "start")
    assert answers[0].content == "The game has begun; orders are asked for in the thread."
    posts = table.fake.in_channel(thread)
    start = next(p for p in posts if "2 ships, 12 turns" in p.content)  # the start, with its map
    [(name, data, alt)] = start.files
    assert name == "map.png" and png(data) and alt.startswith("Turn 1 of 12")
    waiting = posts[-1]
    assert waiting.content.startswith("Waiting for <@200>, <@300>: orders due <t:")
    assert sorted(waiting.mentions) == [ANNE, BOB]

    # Anne chooses her chit in the direct-message menu and confirms it.
    [anne_form] = table.forms(ANNE)
    assert "**Activation chits for turn 1**" in anne_form.content
    menu = anne_form.component("bs1:s:")
    assert [o["label"] for o in menu["options"]] == ["1", "2", "3", "4", "5"]
    edited = await table.choose(ANNE, anne_form, "bs1:s:", "4")
    assert edited[0].kind == "edit" and not edited[0].public
    assert "Chosen: HMS Indefatigable: 4" in edited[0].content
    confirm = anne_form.component("bs1:o:")["custom_id"]
    assert parse(confirm).state == "03"
    done = await table.click(ANNE, anne_form, confirm)
    assert not any(d.public for d in done)
    assert "Order recorded: Activation chits for turn 1." in done[-1].content

    # Bob uses /menus in the thread: the same menus, visible only to him.
    answers = await table.command(BOB, "menus")
    [bob_form] = [a for a in answers if a.custom_ids()]
    assert not bob_form.public and bob_form.kind == "followup"
    await table.choose(BOB, bob_form, "bs1:s:", "5")
    done = await table.click(BOB, bob_form, bob_form.component("bs1:o:")["custom_id"])
    assert "Order recorded" in done[-1].content

    # Both chits in: the phase resolves; the thread gets the story and the map.
    posts = table.fake.in_channel(thread)
    resolved = next(p for p in posts if p.content.startswith("— Turn 1 —"))
    assert resolved.files and png(resolved.files[0][1])
    assert "France: Virginie shows chit 5." in resolved.content  # chits shown, one line a side
    assert "Indefatigable shows chit 4" not in resolved.content  # phase 4 has not been called yet

    # Phase 5: Bob's Virginie acts. /pending, then /order with autocomplete.
    answers = await table.command(BOB, "pending")
    assert answers[0].content.startswith("Your decisions (due <t:")
    assert "Phase 5: action of Virginie — no order yet" in answers[0].content
    decisions = await table.complete(BOB, "order", focused="decision")
    assert [c["value"] for c in decisions] == ["t1.p5.virginie"]
    actions = await table.complete(BOB, "order", focused="action", decision="t1.p5.virginie")
    assert [c["value"] for c in actions] == ["move", "turn"]  # the first move is obligatory
    distances = await table.complete(BOB, "order", focused="values", decision="t1.p5.virginie", action="move")
    assert [c["value"] for c in distances] == ["distance=2", "distance=2.5", "distance=3"]
    # Before sending it, a private preview of the move: a picture of where she ends.
    assert [c["value"] for c in await table.complete(BOB, "preview", focused="values", decision="t1.p5.virginie",
                                                     action="move")] == ["distance=2", "distance=2.5", "distance=3"]
    answers = await table.command(BOB, "preview", decision="t1.p5.virginie", action="move", values="distance=2.5")
    assert answers[-1].content.startswith("Virginie after that move: 2.5\" sailed, clear of anything.")
    assert png(answers[-1].files[0][1]) and not answers[-1].public
    answers = await table.command(BOB, "preview", decision="t1.p5.virginie", action="move", values="9")
    assert "must be between 2 and 3" in answers[-1].content and not answers[-1].files
    answers = await table.command(BOB, "order", decision="t1.p5.virginie", values="distance=2.5")
    assert not answers[0].public and answers[0].content.startswith("Order recorded: Phase 5: action of Virginie.")
    moved = next(p for p in table.fake.in_channel(thread) if p.content.startswith("Virginie sails 2.5\""))
    assert moved.files, "every resolution comes with the map"

    # A chit of 5 keeps her active in phase 4; Anne, with nothing asked of her, is told so.
    answers = await table.command(BOB, "pending")
    assert "Phase 4: action of Virginie" in answers[0].content
    answers = await table.command(ANNE, "pending")
    assert answers[0].content == "Nothing is asked of you right now."


async def test_order_without_values_opens_the_menus_and_they_page(table):
    await table.duel()
    for user, chit in ((ANNE, "3"), (BOB, "5")):
        form = table.forms(user)[0]
        await table.choose(user, form, "bs1:s:", chit)
        await table.click(user, form, form.component("bs1:o:")["custom_id"])
    answers = await table.command(BOB, "order")  # one decision open: it is the one
    [form] = answers
    assert form.custom_ids()[0].startswith("bs1:s:") and "Page" not in form.content
    # Choose "turn": its four parameters and the action menu make two pages.
    await table.choose(BOB, form, "bs1:s:", "turn along a card")
    assert "Page 1 of 2." in form.content
    labels = [c.get("placeholder") for c in form.components if c["type"] == 3]
    assert labels == ["Action", "turning card", "direction", "inches along the curve"]
    await table.choose(BOB, form, "turning card", "card D")
    next_page = next(c["custom_id"] for c in form.components if c.get("label") == "Next")
    await table.click(BOB, form, next_page)
    assert "Page 2 of 2." in form.content
    assert [c.get("placeholder") for c in form.components if c["type"] == 3] == ["distance (inches)"]
    # Confirming half a turn is refused by the engine, in plain words, privately.
    done = await table.click(BOB, form, form.component("bs1:o:")["custom_id"])
    assert "Order not recorded:" in done[-1].content and not done[-1].public


async def test_order_naming_only_an_action_opens_its_menus(table):
    await table.duel()
    for user, chit in ((ANNE, "3"), (BOB, "5")):
        form = table.forms(user)[0]
        await table.choose(user, form, "bs1:s:", chit)
        await table.click(user, form, form.component("bs1:o:")["custom_id"])
    [form] = await table.command(BOB, "order", action="move")
    assert "Chosen: Action: sail straight ahead" in form.content
    await table.choose(BOB, form, "distance (inches)", "3")
    done = await table.click(BOB, form, form.component("bs1:o:")["custom_id"])
    assert "Order recorded: Phase 5: action of Virginie." in done[-1].content
    answers = await table.command(BOB, "order", action="fly")
    assert answers[0].content.startswith("Order not recorded:") and "fly" in answers[0].content
