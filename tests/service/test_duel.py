"""A whole duel through the service and the loop, from the lobby to game over."""
from __future__ import annotations

from bot.service import Pacing
from rules.core.events import Event
from rules.core.record import GameRecord, replay


async def test_a_duel_from_lobby_to_game_over(table):
    table.seed = 1  # a long one: eight turns
    game = await table.duel()
    assert game.status == "running"
    rounds = await table.play_out(game.id)
    game = await table.service.game(game.id)
    assert game.status == "over" and game.ended_at is not None
    assert rounds > 20

    steps = await table.db.steps(game.id)
    assert [s.idx for s in steps] == list(range(1, len(steps) + 1))
    assert all(s.announced for s in steps)
    ruleset, state = await table.state(game.id)
    assert ruleset.outcome(state) is not None
    # The thread got every line of public action of the game; filler (a phase with no
    # ship active, the end of a phase) was left out, and each chit shown is in a line per side.
    posted = [line for p in table.transport.posts for line in p.lines]
    start = await table.db.start_record(game.id)
    public = [Event.model_validate(e) for events in [start.events] + [s.events for s in steps] for e in events]
    public = [e for e in public if e.to is None and e.kind != "roll"]
    action = [ruleset.describe(e) for e in public if ruleset.event_weight(e) == "action"]
    assert action and all(line in posted for line in action)
    assert not any(ruleset.describe(e) in posted for e in public if ruleset.event_weight(e) in ("filler", "phase_end"))
    shown = [e for e in public if ruleset.event_weight(e) == "reveal"]
    assert shown and all(any(ruleset.describe(e).rstrip(".") in line for line in posted) for e in shown)
    assert not any(ruleset.describe(e) in posted for e in shown)  # never a line of its own
    assert posted[-1] == "The game is over. The host can export the record with /host export."
    assert sum(1 for line in posted if line.startswith("Game over:")) == 1


async def test_the_exported_record_replays_identically(table):
    game = await table.duel()
    await table.play_out(game.id)
    record = await table.service.export_record(game.id)
    # Through the file format too: what a host downloads is what replays.
    record = GameRecord.model_validate_json(record.dumps())
    result, _ = replay(record)
    steps = await table.db.steps(game.id, with_state=True)
    start = await table.db.start_record(game.id)
    assert result.final_state == steps[-1].state
    assert [s.events for s in result.steps] == [[Event.model_validate(e) for e in start.events]] + [
        [Event.model_validate(e) for e in s.events] for s in steps]
    assert result.outcome is not None and result.pending == []


async def test_a_record_replays_from_the_seed_alone(table):
    """The dice continue one seeded stream, the record format's 'thrown from the seed'."""
    game = await table.duel()
    await table.play_out(game.id)
    record = await table.service.export_record(game.id)
    seedless = record.model_copy(update={"start_rolls": None,
                                         "steps": [s.model_copy(update={"rolls": None}) for s in record.steps]})
    assert replay(seedless)[0].final_state == replay(record)[0].final_state


async def test_an_italian_campaign_speaks_italian_and_collects_orders_together(table):
    game = await table.duel(pacing=Pacing(style="campaign"), language="it")
    assert game.options["order_mode"] == "simultaneous"
    assert game.phase_seconds == 86400
    texts = table.transport.public_texts()
    assert any("apre una partita" in t for t in texts)
    await table.play_round(game.id)
    await table.play_round(game.id)
    texts = table.transport.public_texts()
    assert any(t.startswith("In attesa di") for t in texts)
    assert not any(t.startswith("Waiting for") for t in texts)
    prompts = [p for _, p in table.transport.prompts]
    assert prompts and all("i tuoi ordini scadono" in p.lines[0] for p in prompts)


async def test_an_ai_table_plays_itself_to_the_end(table):
    """Two seats of random legal play: no waiting, no clock needed."""
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel")
    await svc.add_ai_seat(game.id, table.HOST, "britain", "random")
    await svc.add_ai_seat(game.id, table.HOST, "france", "random")
    await svc.start(game.id, table.HOST)
    await table.settle()
    assert (await svc.game(game.id)).status == "over"
    assert any("random legal play" in t for t in table.transport.public_texts())
    assert not table.transport.prompts and not table.transport.reminders
    record = await svc.export_record(game.id)
    assert replay(record)[0].final_state == (await table.db.last_step(game.id)).state
    assert {o.source for o in await table.db.orders(game.id)} == {"ai"}


async def test_a_computer_captain_is_described_in_its_ruleset_terms(table):
    """A galley captain rams and boards; it does not rake or husband chits."""
    svc = table.service
    galleys = await svc.create_game(1, 10, table.HOST, "nauta", "mylae")
    await svc.add_ai_seat(galleys.id, table.HOST, "rome", "captain")
    await svc.add_ai_seat(galleys.id, table.HOST, "carthage", "deckhand")
    frigates = await svc.create_game(1, 11, table.HOST, "cannoni", "frigate-duel", language="it")
    await svc.add_ai_seat(frigates.id, table.HOST, "britain", "captain")
    texts = table.transport.public_texts()
    assert any("rams where the dice favour it" in t for t in texts)
    assert any("rows at the nearest enemy" in t for t in texts)
    assert not any("rakes" in t or "chits" in t for t in texts)
    assert any("prende d'infilata" in t for t in texts)


async def test_players_get_their_secrets_privately(table):
    game = await table.duel()
    await table.play_round(game.id)  # the chits of turn 1
    for user in (table.ANNE, table.BOB):
        private = table.transport.private_texts(user)
        assert any("chit" in line for line in private), private
    assert table.transport.prompts[0][1].decisions[0].decision.secret


async def test_the_renderer_plugs_in_as_the_image_provider(table):
    """The real renderer draws each announcement from the public view, in a worker thread."""
    from renderer.api import describe_image, render_map_bytes

    await table.close()
    table.images = lambda view, lang: (render_map_bytes(view, lang=lang), describe_image(view, lang))
    await table.open()
    await table.duel()
    image = next(p.image for p in table.transport.posts if p.image is not None)
    assert image.data.startswith(b"\x89PNG") and image.alt


async def test_an_italian_game_gets_italian_maps(table):
    """The loop hands the game's language to the image provider with the view."""
    from renderer.api import describe_image

    asked: list[str] = []

    def images(view, lang):
        asked.append(lang)
        return b"png", describe_image(view, lang)

    await table.close()
    table.images = images
    await table.open()
    await table.duel(language="it")
    image = next(p.image for p in table.transport.posts if p.image is not None)
    assert asked and set(asked) == {"it"}
    assert image.alt.startswith("Turno ") and "Vento da" in image.alt
