"""A game of Nauta through the same commands, loop, database and record as the flagship:
secret speeds come by direct message like chits, moves are given with /order."""
from __future__ import annotations

import re

from rules.core.record import replay
from tests.discord_layer.conftest import ANNE, BOB, HOST, MANAGE_GUILD, png


async def nauta_game(table):
    await table.command(HOST, "game", "new", channel=None if table.game_thread else 1, ruleset="nauta",
                        scenario="artemisium")
    table.game_thread = max(table.fake.threads)
    game = await table.service.find_game(table.game_thread)
    sides = await table.service.sides(game.id)
    await table.command(ANNE, "game", "join", side=sides[0])
    await table.command(BOB, "game", "join", side=sides[1])
    await table.command(HOST, "game", "start")
    return game, sides


async def answer_every_menu(table, user, form) -> None:
    """A legal value in every menu of every page (each choice re-draws the message)."""
    while True:
        for i in range(len([c for c in form.components if c.get("options")])):
            menu = [c for c in form.components if c.get("options")][i]
            # A plain speed of 2 where offered (formations need ships in station).
            option = next((o for o in menu["options"] if o["label"] == "2"), menu["options"][0])
            await table.click(user, form, menu["custom_id"], [option["value"]])
        page = re.search(r"Page (\d+) of (\d+)", form.content)
        if page is None or page.group(1) == page.group(2):
            return
        pages = [c["custom_id"] for c in form.components if c.get("custom_id", "").startswith("bs1:p:")]
        await table.click(user, form, pages[-1])  # the last page button is "next"


async def test_secret_speeds_arrive_by_dm_and_stay_out_of_the_thread(table):
    game, _sides = await nauta_game(table)
    state_forms = {user: table.forms(user) for user in (ANNE, BOB)}
    assert all(state_forms.values()), "each player is asked for speeds privately"
    for user in (ANNE, BOB):
        form = state_forms[user][-1]
        assert not form.public
        assert [c for c in form.components if c.get("options")], form.content
        await answer_every_menu(table, user, form)
        confirm = next(c["custom_id"] for c in form.components if c["custom_id"].startswith("bs1:o:"))
        done = await table.click(user, form, confirm)
        assert "Order recorded" in done[-1].content, done[-1].content
    posts = table.fake.in_channel(table.game_thread)
    assert any(p.files and png(p.files[0][1]) for p in posts), "the map after the speeds"
    # The speeds are revealed only as ships move; the decision is the first mover's now.
    pending = await table.service.my_pending(game.id, ANNE) + await table.service.my_pending(game.id, BOB)
    assert pending and all(p.decision.kind != "speeds" for p in pending)


async def test_a_nauta_game_is_played_to_its_end_and_its_record_replays(table):
    game, sides = await nauta_game(table)
    # The players hand their seats to computer captains (host tools), who finish the game.
    seats = await table.service.seats(game.id)
    for seat in seats:
        answers = await table.command(HOST, "host", "ai", seat=seat.seat_id, level="captain", confirm=True,
                                      permissions=MANAGE_GUILD)
        assert not answers[-1].public
    # Computer seats play on without waiting: the loop runs the game to its end.
    await table.client.loops.settle(timeout=180)
    assert (await table.service.game(game.id)).status == "over"
    record = await table.service.export_record(game.id)
    result, _ = replay(record)
    assert result.outcome is not None and record.ruleset == "nauta"
    story = "\n".join(p.content for p in table.fake.in_channel(table.game_thread))
    assert "Game over" in story or "Partita finita" in story or "victory" in story.lower()
