"""The game's voice on Discord: splitting, pinging, closed direct messages, and menus
that keep working after a restart."""
from __future__ import annotations

from bot.discord.replies import split_text
from bot.transport import Image, Place
from tests.discord_layer.conftest import ANNE, BOB, CHANNEL, GUILD, HOST, png


def test_long_text_splits_under_discords_limit_between_lines_then_words():
    lines = [f"line {n}: " + "x" * (n % 70) for n in range(400)] + ["word " * 900, "y" * 4500]
    text = "\n".join(lines)
    pieces = split_text(text)
    assert all(0 < len(p) <= 2000 for p in pieces)
    assert "".join(pieces).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
    assert all(not p.startswith(" ") for p in pieces)
    assert split_text("") == [] and split_text("short") == ["short"]
    assert split_text("a" * 2000) == ["a" * 2000]


async def test_a_long_post_is_split_and_pings_only_whom_it_names(table):
    lines = [f"<@{ANNE}> and <@{BOB}> read line {n} " + "." * 60 for n in range(100)]
    image = Image(b"\x89PNG\r\n\x1a\n" + b"0" * 100, "alt " * 400)
    await table.client.transport.post(Place(GUILD, CHANNEL, 77), lines, image=image, mentions=[ANNE])
    posts = table.fake.in_channel(77)
    assert len(posts) >= 4 and all(len(p.content) <= 2000 for p in posts)
    assert [bool(p.files) for p in posts] == [False] * (len(posts) - 1) + [True]
    assert len(posts[-1].files[0][2]) == 1024  # alt text, cut to Discord's limit
    assert all(p.mentions == [ANNE] for p in posts)
    assert all(p.payload["allowed_mentions"]["parse"] == [] for p in posts)
    assert "\n".join(p.content for p in posts) == "\n".join(lines)


async def test_a_long_log_comes_in_pieces_or_as_a_file(table, monkeypatch):
    game = await table.duel()
    # A long game's story (the adapter's part is only how it is delivered).
    story = [f"Turn {n // 40 + 1}: HMS Indefatigable fires her starboard broadside at Virginie ({n})."
             for n in range(300)]

    async def log(game_id, last=None):
        return story[-last:] if last else story

    monkeypatch.setattr(table.service, "log", log)
    answers = await table.command(ANNE, "log")
    [answer] = answers
    [(name, data, _)] = answer.files
    assert name == f"game-{game.id}-log.txt" and data.decode() == "\n".join(story)
    assert story[-1] in answer.content and not answer.public
    answers = await table.command(ANNE, "log", last=45)
    assert 1 <= len(answers) <= 3 and all(len(a.content) <= 2000 for a in answers)
    assert "\n".join(a.content for a in answers) == "\n".join(story[-45:])


async def test_closed_direct_messages_at_join_and_the_thread_fallback(table):
    table.fake.closed_dms.add(ANNE)
    game = await table.new_game()
    answers = await table.command(ANNE, "game", "join", side="britain")
    assert "I could not send you a direct message" in answers[0].content
    assert "/game dms" in answers[0].content and "/menus" in answers[0].content
    assert [s.dm_ok for s in await table.service.seats(game.id)] == [False]
    await table.command(BOB, "game", "join", side="france")
    await table.command(HOST, "game", "start")
    # Bob gets his menus by DM; Anne is asked in the thread and plays with /menus.
    assert table.forms(BOB) and not table.fake.dms(ANNE)
    [form] = [a for a in await table.command(ANNE, "menus") if a.custom_ids()]
    await table.choose(ANNE, form, "bs1:s:", "2")
    done = await table.click(ANNE, form, form.component("bs1:o:")["custom_id"])
    assert "Order recorded" in done[-1].content and not done[-1].public
    # DMs opened again: /game dms checks and records it.
    table.fake.closed_dms.clear()
    answers = await table.command(ANNE, "game", "dms")
    assert answers[0].content.startswith("Direct messages work")
    assert [s.dm_ok for s in await table.service.seats(game.id)][0] is True


async def test_direct_messages_closed_after_joining_fall_back_to_the_thread(table):
    game = await table.duel(start=False)
    table.fake.closed_dms.add(BOB)
    await table.command(HOST, "game", "start")
    notice = next(p for p in table.fake.in_channel(table.game_thread) if "could not send you a direct" in p.content)
    assert notice.mentions == [BOB] and notice.content.startswith(f"<@{BOB}>, I could not send you")
    assert not table.forms(BOB) and table.forms(ANNE)
    seats = {s.user_id: s.dm_ok for s in await table.service.seats(game.id)}
    assert seats == {ANNE: True, BOB: False}


async def test_menus_keep_working_after_a_restart(open_table):
    first = await open_table()
    game = await first.duel()
    anne_form = first.forms(ANNE)[0]
    await first.choose(ANNE, anne_form, "bs1:s:", "4")
    await first.client.close()

    # The same database, the same Discord: a new process with nothing in memory.
    second = await open_table(path=first.database, fake=first.fake, clock=first.clock)
    second.game_thread = first.game_thread
    done = await second.click(ANNE, anne_form, anne_form.component("bs1:o:")["custom_id"])
    assert "Order recorded: Activation chits for turn 1." in done[-1].content
    bob_form = second.forms(BOB)[0]
    await second.choose(BOB, bob_form, "bs1:s:", "5")
    await second.click(BOB, bob_form, bob_form.component("bs1:o:")["custom_id"])
    resolved = next(p for p in second.fake.in_channel(second.game_thread)
                    if p.content.startswith("— Turn 1 —"))  # the first post after the chits
    assert png(resolved.files[0][1])
    assert (await second.service.db.steps(game.id))[0].idx == 1


async def test_the_services_tokens_arrive_in_discords_markup(table):
    """Mentions, places, deadlines and command names leave the service as neutral tokens;
    on Discord they are <@id>, <#id>, <t:unix:R> and a command link with the synced
    command's id."""
    from types import SimpleNamespace

    from bot import i18n
    from bot.markup import Channel, Command, Deadline, Mention

    line = (f"{Mention(ANNE)}, your orders are due {Deadline(1700000300.7)} in {Channel(78)}: give them with "
            f"{Command('order')} or {Command('host', 'resume')} (not {Command('map')}).")
    table.client.markup.learn([SimpleNamespace(name="order", id=1111), SimpleNamespace(name="host", id=2222)])
    await table.client.transport.post(Place(GUILD, CHANNEL, 78), [line], mentions=[ANNE])
    [post] = table.fake.in_channel(78)
    assert post.content == (f"<@{ANNE}>, your orders are due <t:1700000300:R> in <#78>: give them with </order:1111> or "
                            "</host resume:2222> (not /map).")  # no id known for /map: plain text
    assert post.mentions == [ANNE]
    # Private lines and replies too.
    assert await table.client.transport.private(BOB, [i18n.text("private.prompt-how", "en")])
    [dm] = table.fake.dms(BOB)
    assert "</order:1111>" in dm.content and "\u27e6" not in dm.content
    answers = await table.command(ANNE, "help")
    assert "</order:1111>" in answers[0].content and "</host pause:2222>" in answers[0].content
    assert "\u27e6" not in answers[0].content and "\u27e7" not in answers[0].content


async def test_a_players_dm_channel_is_opened_once(table):
    """discord.py keeps only its last 128 private channels: with more players than that,
    every prompt and private line opened the DM channel again, a request to Discord before
    each DM. The channel is remembered here instead; a refused DM forgets it."""
    state = table.client._connection
    for n in range(3):
        # As 128 other players' DMs would push it out of discord.py's cache.
        state._private_channels.clear()
        state._private_channels_by_user.clear()
        assert await table.client.transport.private(ANNE, [f"line {n}"])
    assert table.fake.dm_opens == 1
    sent = [s.payload.get("content") for s in table.fake.sent if s.kind == "dm" and s.target == ANNE]
    assert sent[-3:] == ["line 0", "line 1", "line 2"]
    table.fake.closed_dms.add(ANNE)
    assert not await table.client.transport.private(ANNE, ["closed"])
    table.fake.closed_dms.discard(ANNE)
    assert await table.client.transport.private(ANNE, ["open again"])
    assert table.fake.dm_opens == 2
