"""The service speaks no Discord: mentions, deadlines and command names leave it as
neutral tokens (bot.markup), and the in-process transport renders them as plain text."""
from __future__ import annotations

import re

import pytest

from bot import i18n
from bot.markup import CLOSE, OPEN, Channel, Command, Deadline, Mention, PlainText, parse, plain, render, tokens
from bot.service import Pacing, ServiceError
from bot.transport import PermanentDeliveryError

#: What Discord would turn into a mention, a timestamp, a command link or a channel link.
DISCORD_MARKUP = re.compile(r"<(@[!&]?\d|t:-?\d|/[\w -]+:\d|#\d)")
#: A command written out by hand rather than as a token.
LITERAL_COMMAND = re.compile(r"(?<![\w/" + OPEN + r"])/(game|host|menus|chits|order|orders|pending|preview|map|card|log|"
                             r"replay|rules|help)\b")


def test_tokens_round_trip_and_render_plainly():
    assert plain(f"in {Channel(7)}") == "in #channel 7" and plain(f"in {Channel(7)}", {7: "battles"}) == "in #battles"
    text = f"{Mention(42)} must answer by {Deadline(1700000300.9)}; see {Command('host', 'resume')} or {Command('order')}."
    assert tokens(text) == [Mention(42), Deadline(1700000300), Command("host", "resume"), Command("order")]
    assert [p for p in parse(text) if isinstance(p, str)] == [" must answer by ", "; see ", " or ", "."]
    assert plain(text) == "@user 42 must answer by 2023-11-14 22:18 UTC; see /host resume or /order."
    assert render(text, PlainText({42: "Anne"}, now=lambda: 1700000000)) == (
        "@Anne must answer by 2023-11-14 22:18 UTC (+5 min); see /host resume or /order.")
    assert plain("no tokens, <@1> stays as typed") == "no tokens, <@1> stays as typed"
    with pytest.raises(ValueError):
        Command("order; rm")
    with pytest.raises(ValueError):
        Deadline(0, "X")


@pytest.mark.parametrize("code", sorted(c for c in i18n.CATALOGUE if not c.startswith(("cmd.", "choice."))))
def test_catalogue_texts_hold_tokens_not_discord_markup(code):
    """Command and option descriptions (cmd.*, choice.*) are Discord's own metadata and
    hold no tokens; every other text names a command by its token."""
    for lang, template in i18n.CATALOGUE[code].items():
        assert not DISCORD_MARKUP.search(template), (code, lang)
        assert not LITERAL_COMMAND.search(template), (code, lang, template)
        for piece in parse(template):
            if isinstance(piece, str):
                assert OPEN not in piece and CLOSE not in piece, (code, lang, "a malformed token")


@pytest.mark.parametrize("seed, language", [(2, "en"), (5, "it")])
async def test_no_text_the_service_produces_holds_discord_markup(table, seed, language):
    """A seeded game in each language, with the texts that carry mentions and deadlines
    (host actions, a closed direct message, reminders, an error naming a player): every
    text the in-process transport received, every log line and every refusal is free of
    Discord markup and of unrendered tokens."""
    table.seed = seed
    table.transport.closed_dms.add(table.BOB)
    game = await table.duel(language=language, pacing=Pacing(style="live", phase_seconds=300))
    await table.service.pause(game.id, table.HOST)
    await table.service.resume(game.id, table.HOST)
    await table.service.extend_deadline(game.id, table.HOST, 120)
    await table.advance(300)  # reminders
    refusals = []
    with pytest.raises(ServiceError) as refused:
        await table.service.replace_player(game.id, table.HOST, "p2", table.ANNE, "Anne")
    refusals.append(refused.value.message(language))
    with pytest.raises(ServiceError) as refused:
        await table.service.my_pending(game.id, table.CARL)
    refusals.append(refused.value.message(language))
    await table.play_out(game.id)

    transport = table.transport
    texts = transport.public_texts() + transport.private_texts(table.ANNE) + transport.private_texts(table.BOB)
    texts += await table.service.log(game.id)
    rendered = texts + [transport.render(r) for r in refusals]
    assert transport.reminders and transport.prompts and transport.privates
    for text in rendered:
        assert not DISCORD_MARKUP.search(text), text
        assert OPEN not in text and CLOSE not in text, text
    # The tokens were there and read as words: names, times, commands.
    joined = "\n".join(rendered)
    assert f"@user {table.HOST}" in joined and f"@user {table.BOB}" in joined
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC \([+-]\d+ (s|min|h|d)\)", joined)
    assert "/menus" in joined and "/game join" in joined and "/host export" in joined


@pytest.mark.parametrize("language", ["en", "it"])
async def test_delivery_notices_name_the_places_without_markup(table, language):
    """The notices of a thread the bot may no longer post in name the thread and its
    channel (tokens), the host and the command to run."""
    game = await table.duel(language=language)
    table.transport.broken[game.thread_id] = PermanentDeliveryError("HTTP 403: Missing Permissions", code=50013,
                                                                    target=game.thread_id)
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    said = table.transport.posts[-1].lines[0]
    told = table.transport.private_texts(table.HOST)[-1]
    for text in (said, told):
        assert f"#channel {game.thread_id}" in text and "/host resume" in text, text
        assert not DISCORD_MARKUP.search(text) and OPEN not in text, text
    assert f"@user {table.HOST}" in said
