"""Who may do what, and how a refusal or a failure reaches the member: always privately,
in plain words, from the one error handler."""
from __future__ import annotations

import logging

from tests.discord_layer.conftest import ANNE, BOB, CARL, HOST, MANAGE_GUILD


async def _chits_in(table, anne: str = "4", bob: str = "5") -> None:
    for user, chit in ((ANNE, anne), (BOB, bob)):
        form = table.forms(user)[0]
        await table.choose(user, form, "bs1:s:", chit)
        await table.click(user, form, form.component("bs1:o:")["custom_id"])


async def test_a_player_cannot_order_another_players_ship(table):
    # Campaign play collects a phase's orders together: both ships owe one at once.
    game = await table.duel(pacing="campaign")
    await _chits_in(table, anne="5", bob="5")
    [annes] = await table.service.my_pending(game.id, ANNE)
    [bobs] = await table.service.my_pending(game.id, BOB)
    # Anne is offered her own decision only, and no values for Bob's...
    assert [c["value"] for c in await table.complete(ANNE, "order", focused="decision")] == [annes.decision.id]
    assert await table.complete(ANNE, "order", focused="values", decision=bobs.decision.id) == []
    # ...and naming it anyway is refused, privately, with nothing stored.
    answers = await table.command(ANNE, "order", decision=bobs.decision.id, values="distance=2.5")
    assert [a.public for a in answers] == [False]
    assert answers[0].content == (f"{bobs.decision.id} is not one of your open decisions. "
                                  f"Open: Phase 5: action of HMS Indefatigable ({annes.decision.id}).")
    assert await table.service.db.open_orders(game.id) == []
    # A member with no seat at all is told so.
    answers = await table.command(CARL, "order", decision=bobs.decision.id, values="distance=2.5")
    assert answers[0].content == "You have no seat in this game. Join it with /game join."
    # Her own order goes through.
    answers = await table.command(ANNE, "order", values="distance=3")
    assert answers[0].content.startswith("Order recorded: Phase 5: action of HMS Indefatigable.")


async def test_someone_elses_menu_does_not_take_orders(table):
    game = await table.duel()
    anne_form = table.forms(ANNE)[0]
    # Bob clicks Anne's confirm (as if her DM were forwarded to him): it is not his decision.
    await table.choose(ANNE, anne_form, "bs1:s:", "2")
    answers = await table.click(BOB, anne_form, anne_form.component("bs1:o:")["custom_id"])
    assert "no longer open" in answers[0].content and not answers[0].public
    assert [o.seat_id for o in await table.service.db.open_orders(game.id)] == []


async def test_host_tools_are_for_the_host_or_a_server_manager(table):
    game = await table.duel()
    answers = await table.command(BOB, "host", "pause")
    assert [a.public for a in answers] == [False]
    assert answers[0].content == "Only the host of the game or a server manager can do that."
    assert (await table.service.game(game.id)).status == "running"

    answers = await table.command(CARL, "host", "pause", permissions=MANAGE_GUILD)
    assert answers[0].content == "Done; the thread has been told."
    assert (await table.service.game(game.id)).status == "paused"
    assert table.fake.in_channel(table.game_thread)[-1].content == \
        "<@400> pauses the game. The clock of the phase stops."

    answers = await table.command(HOST, "host", "resume")
    assert answers[0].content == "Done; the thread has been told."
    answers = await table.command(HOST, "host", "extend", minutes=10)
    assert answers[0].content.startswith("Done: orders are now due <t:")
    answers = await table.command(BOB, "host", "export")
    assert answers[0].content == "Only the host of the game or a server manager can do that."
    answers = await table.command(HOST, "host", "export")
    assert answers[0].content.startswith("The record holds every secret of the game")
    assert not answers[0].files


async def test_host_hands_a_seat_over_and_exports_the_finished_game(table):
    game = await table.duel()
    seats = await table.complete(HOST, "host", "replace", focused="seat")
    assert [c["value"] for c in seats] == ["p1", "p2"]
    answers = await table.command(HOST, "host", "replace", seat="p2", user=CARL)
    assert answers[0].content.startswith("The seat for France is held by") and "confirm: True" in answers[0].content
    answers = await table.command(HOST, "host", "replace", seat="p2", user=CARL, confirm=True)
    assert answers[0].content == "Done; the thread has been told."
    assert table.fake.in_channel(table.game_thread)[-1].mentions == [CARL]
    levels = await table.complete(HOST, "host", "ai", focused="level")
    assert [c["value"] for c in levels] == sorted(table.service.policies)[:25]
    await table.command(HOST, "host", "ai", seat="p2", level="random", confirm=True)
    await table.command(HOST, "host", "ai", seat="p1", level="random", confirm=True)
    assert (await table.service.game(game.id)).status == "over"
    answers = await table.command(HOST, "host", "export")
    [(name, data, _)] = answers[-1].files
    assert name == f"broadside-game-{game.id}.json" and b'"steps"' in data
    assert not answers[-1].public


async def test_service_refusals_become_private_answers_in_the_games_language(table):
    await table.new_game(language="it")
    await table.command(ANNE, "game", "join", side="britain")
    answers = await table.command(ANNE, "game", "join", side="france")
    assert [a.public for a in answers] == [False]
    assert answers[0].content == "Hai già un posto in questa partita."
    answers = await table.command(BOB, "game", "join", side="spain")
    assert answers[0].content == "Non esiste uno schieramento chiamato spain. Schieramenti: britain, france."
    answers = await table.command(ANNE, "game", "start")
    assert answers[0].content == "Solo chi ha creato la partita o un gestore del server può farlo."
    answers = await table.command(HOST, "game", "start")
    assert answers[0].content == "Nessuno gioca per Francia: ogni schieramento deve avere almeno un posto."


async def test_no_game_here_and_unreadable_input(table):
    answers = await table.command(ANNE, "pending")
    assert answers[0].content == "There is no game in this channel. Start one with /game new."
    answers = await table.command(HOST, "game", "new", ruleset="cannoni", scenario="frigate-duel", phase="soon")
    assert answers[0].content == "I cannot read soon as a time: write it like 90s, 5m, 12h or 2d."
    answers = await table.command(HOST, "game", "new", ruleset="cannoni", scenario="frigate-duel", rules="gunboats")
    assert answers[0].content.startswith("Those game options are not valid: gunboats")
    assert not any(s.public for s in table.fake.sent)


async def test_an_unexpected_failure_is_an_apology_and_a_log_line(table, monkeypatch, caplog):
    game = await table.duel()

    async def broken(*args, **kwargs):
        raise RuntimeError("the database caught fire")

    monkeypatch.setattr(table.service, "log", broken)
    with caplog.at_level(logging.ERROR, logger="broadside.discord"):
        answers = await table.command(ANNE, "log")
    assert [a.public for a in answers] == [False]
    assert answers[0].content == ("Sorry, something went wrong on my side. It has been logged; please try again in "
                                  "a moment.")
    [record] = [r for r in caplog.records if r.name == "broadside.discord"]
    assert record.getMessage() == "log failed for user 200" and "caught fire" in record.exc_text
    assert (await table.service.game(game.id)).status == "running"


async def test_a_failing_menu_is_logged_without_the_choices_in_it(table, monkeypatch, caplog):
    await table.duel()

    async def broken(*args, **kwargs):
        raise RuntimeError("engine on fire")

    monkeypatch.setattr(table.service, "submit_order", broken)
    form = table.forms(ANNE)[0]
    await table.choose(ANNE, form, "bs1:s:", "4")
    confirm = form.component("bs1:o:")["custom_id"]
    with caplog.at_level(logging.ERROR, logger="broadside.discord"):
        answers = await table.click(ANNE, form, confirm)
    assert answers[-1].content.startswith("Sorry, something went wrong") and not answers[-1].public
    [record] = [r for r in caplog.records if r.name == "broadside.discord"]
    assert record.getMessage() == "menu bs1:o:1:t1.chits.p1 failed for user 200"


async def test_the_host_adds_computer_players_undoes_and_ends(table):
    game = await table.new_game()
    await table.command(ANNE, "game", "join", side="britain")
    answers = await table.command(HOST, "host", "add-ai", side="france", level="random")
    assert answers[0].content == "Done; the thread has been told."
    assert "random legal play" in table.fake.in_channel(table.game_thread)[-1].content
    await table.command(HOST, "game", "start")
    form = table.forms(ANNE)[0]
    await table.choose(ANNE, form, "bs1:s:", "5")
    await table.click(ANNE, form, form.component("bs1:o:")["custom_id"])
    assert len(await table.service.db.steps(game.id)) >= 1
    answers = await table.command(HOST, "host", "undo")
    assert answers[0].content == "Step 1 undone; the phase is open again."
    assert "undoes the last resolution" in table.fake.in_channel(table.game_thread)[-2].content
    answers = await table.command(BOB, "host", "end")
    assert answers[0].content == "Only the host of the game or a server manager can do that."
    answers = await table.command(HOST, "host", "end")
    assert (await table.service.game(game.id)).status == "over"
    answers = await table.command(ANNE, "pending")
    assert answers[0].content == "There is no game in this channel. Start one with /game new."
