"""Commands in the member's Discord language, games in the server's, from one catalogue."""
from __future__ import annotations

import re

import discord
from discord import app_commands

from bot import i18n
from bot.discord.markup import DiscordMarkup
from bot.discord.translator import CatalogueTranslator
from tests.discord_layer.conftest import ANNE, CHANNEL, HOST

NAME = re.compile(r"^[-_\w]{1,32}$")


def _walk(payload: dict, path: str = ""):
    yield path, payload
    for option in payload.get("options", []):
        if option.get("type") in (1, 2) or "options" in option and option.get("type") is None:
            yield from _walk(option, f"{path} {option['name']}".strip())
        else:
            yield f"{path} [{option['name']}]", option


async def test_every_command_option_and_choice_speaks_english_and_italian(table):
    tree = table.client.tree
    translator = CatalogueTranslator()
    await tree.set_translator(translator)
    seen = 0
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, translator)
        for where, item in _walk(payload, payload["name"]):
            seen += 1
            assert NAME.match(item["name"]) and item["name"] == item["name"].lower(), where
            italian = item.get("name_localizations", {}).get("it")
            assert italian and NAME.match(italian) and italian == italian.lower(), where
            assert 1 <= len(item["description"]) <= 100, where
            assert 1 <= len(item.get("description_localizations", {}).get("it", "")) <= 100, where
            for choice in item.get("choices", []):
                assert choice.get("name_localizations", {}).get("it"), (where, choice)
    assert seen > 50  # every command, option and choice: /order and /preview have three and four options
    # The code's option names are the English ones Discord sends back.
    order = tree.get_command("order")
    assert {p.display_name for p in order.parameters} == {p.name for p in order.parameters}


async def test_the_translator_leaves_other_languages_to_the_default():
    string = app_commands.locale_str("new", key="cmd.game.new")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    translator = CatalogueTranslator()
    assert await translator.translate(string, discord.Locale.italian, context) == "nuova"
    assert await translator.translate(string, discord.Locale.german, context) is None


async def test_a_game_speaks_the_servers_language_unless_told(table):
    await table.command(HOST, "game", "new", channel=CHANNEL, guild_locale="it", ruleset="cannoni",
                        scenario="frigate-duel")
    thread = max(table.fake.threads)
    assert table.fake.in_channel(thread)[0].content.startswith("<@100> apre una partita di Cannoni in batteria!")
    game = await table.service.find_game(thread)
    assert game.language == "it"
    await table.command(HOST, "game", "new", channel=CHANNEL, guild_locale="it", language="en", ruleset="cannoni",
                        scenario="brig-action")
    newest = max(table.fake.threads)
    assert table.fake.in_channel(newest)[0].content.startswith("<@100> opens a game")


async def test_answers_outside_a_game_follow_the_members_language(table):
    answers = await table.command(ANNE, "pending", locale="it")
    assert answers[0].content == DiscordMarkup()(i18n.text("error.no-game", "it"))  # commands not synced here
    answers = await table.command(ANNE, "help", locale="it")
    assert answers[0].content.startswith("**Broadside** — giochi di guerra navale in chat.")
    answers = await table.command(ANNE, "rules", locale="it")
    assert answers[0].content.startswith("**Cannoni in batteria!** — promemoria")
