"""Looking at a game: the list of games, the map, a ship's card, a private preview."""
from __future__ import annotations

from tests.discord_layer.conftest import ANNE, BOB, CHANNEL, CARL, png


async def test_the_games_of_the_server_are_listed(table):
    answers = await table.command(CARL, "game", "list")
    assert answers[0].content == "No unfinished games in this server. Start one with /game new."
    game = await table.duel()
    await table.new_game(scenario="brig-action")
    answers = await table.command(CARL, "game", "list", channel=CHANNEL)
    lines = answers[0].content.splitlines()
    assert lines[0] == "Unfinished games in this server:"
    assert lines[1].startswith(f"• #{game.id} Indefatigable and Virginie, April 1796 (Cannoni in batteria!) — "
                               "in play, 2 seats in <#")
    assert "gathering players, 0 seats" in lines[2]


async def test_map_card_and_preview_are_private_pictures_of_the_public_view(table):
    await table.duel()
    answers = await table.command(ANNE, "map")
    [(name, data, alt)] = answers[-1].files
    assert name == "map.png" and png(data) and alt.startswith("Turn 1 of 12") and not answers[-1].public
    answers = await table.command(ANNE, "card", ship="Virginie")
    [(name, data, _)] = answers[-1].files
    assert name == "virginie.png" and png(data) and answers[-1].content == "**Virginie**"
    mine = await table.complete(ANNE, "preview", focused="ship")
    assert [c["value"] for c in mine] == ["indefatigable"]
    answers = await table.command(ANNE, "preview", ship="indefatigable")
    assert answers[-1].content.startswith("HMS Indefatigable on the map as it stands")
    assert png(answers[-1].files[0][1]) and not answers[-1].public
    answers = await table.command(BOB, "map", ship="santissima-trinidad")
    assert answers[0].content == "There is no ship santissima-trinidad on this map. Ships: indefatigable, virginie."
