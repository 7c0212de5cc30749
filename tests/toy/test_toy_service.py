"""A whole toy race through the service, the loop, the in-process transport and the
real renderer: the lobby, secret speeds, the maps, the result, the exported record."""
from __future__ import annotations

import pytest

from bot.loop import LoopManager
from bot.service import FakeClock, GameService, Pacing
from bot.transport import InProcessTransport
from db import Database
from renderer import api as renderer
from rules.core.events import Event
from rules.core.record import GameRecord, replay

HOST, ANNE, BOB = 100, 200, 300
PNG = b"\x89PNG\r\n\x1a\n"


def draw(view, lang="en"):
    return renderer.render_map_bytes(view, lang=lang), renderer.describe_image(view, lang)


@pytest.fixture
async def table(tmp_path):
    db = await Database.open(tmp_path / "toy.sqlite3")
    transport = InProcessTransport()
    service = GameService(db, transport, clock=FakeClock(), seed_source=lambda: 5)
    loops = LoopManager(service, images=draw)
    await loops.start()
    yield service, loops, transport
    await loops.stop()
    await db.close()


async def open_race(service, loops, language: str = "en", scenario: str = "dash"):
    game = await service.create_game(1, 10, HOST, "toy", scenario, pacing=Pacing(style="live", phase_seconds=300),
                                     language=language, thread_id=11)
    assert await service.sides(game.id) == ["hare", "tortoise"]
    await service.join(game.id, ANNE, "hare", "Anne")
    await service.join(game.id, BOB, "tortoise", "Bob")
    await service.start(game.id, HOST)
    await loops.settle()
    return game


async def order(service, user: int, speed: int, key: str):
    (pending,) = await service.my_pending(1, user)
    assert pending.decision.secret and [c.value for c in pending.spec.actions[0].params[0].choices] == [1, 2, 3]
    return await service.submit_order(1, user, pending.decision.id, {"action": "run", "speed": speed}, key)


async def race(service, loops, transport) -> int:
    """Anne runs flat out while her stamina lasts, Bob at 2; returns the turns run."""
    for turn in range(1, 20):
        if (await service.game(1)).status == "over":
            return turn - 1
        stamina = next(s["stamina"] for s in (await service.view_for(1, ANNE))["ships"] if s["id"] == "hare")
        before = len(transport.public_texts())
        assert (await order(service, ANNE, 3 if stamina else 2, f"a{turn}")).stored
        # A secret speed: nothing public is said of it until the turn resolves, and the
        # other player sees only his own decision.
        await loops.settle()
        assert not any("speed" in t for t in transport.public_texts()[before:])
        assert [p.submitted for p in await service.my_pending(1, BOB)] == [None]
        assert (await order(service, BOB, 2, f"b{turn}")).stored
        await loops.settle()
    raise AssertionError("the race did not end")


async def test_a_race_from_the_lobby_to_the_result(table):
    service, loops, transport = table
    game = await open_race(service, loops)
    assert (await service.game(game.id)).status == "running"
    turns = await race(service, loops, transport)
    assert (await service.game(game.id)).status == "over" and turns >= 2

    # A map with every resolution that had action (the start tells nothing, so it is not
    # posted), drawn by the toy's own board from the public view.
    images = [p.image for p in transport.posts if p.image is not None]
    assert len(images) == turns and all(i.data.startswith(PNG) for i in images)
    assert images[0].alt.startswith("Toy race, turn 2, finish at column 7: Hare at column ")
    texts = transport.public_texts()
    assert sum(1 for t in texts if t.startswith("Hare: speed")) == turns
    # The service tells no result of its own: the ruleset's last event is the result.
    assert sum(1 for t in texts if t.startswith("Finish: ")) == 1
    assert texts[-1] == "The game is over. The host can export the record with /host export."
    story = await service.log(game.id)
    assert story and all(line in texts for line in story)


async def test_a_stamina_spent_speed_3_is_refused_in_plain_words(table):
    service, loops, transport = table
    await open_race(service, loops, scenario="long-lane")
    for turn in range(2):
        assert (await order(service, ANNE, 3, f"a{turn}")).stored
        assert (await order(service, BOB, 1, f"b{turn}")).stored
        await loops.settle()
    refused = await order(service, ANNE, 3, "a-late")
    assert refused.status == "rejected" and [p.code for p in refused.problems] == ["toy-no-stamina"]
    assert "Hare has no stamina left for speed 3." in refused.message


async def test_the_exported_record_replays_identically(table):
    service, loops, transport = table
    game = await open_race(service, loops)
    await race(service, loops, transport)
    record = GameRecord.model_validate_json((await service.export_record(game.id)).dumps())
    assert record.ruleset == "toy" and record.scenario == "dash"
    result, _ = replay(record)
    steps = await service.db.steps(game.id, with_state=True)
    start = await service.db.start_record(game.id)
    assert result.final_state == steps[-1].state
    assert [s.events for s in result.steps] == [[Event.model_validate(e) for e in start.events]] + [
        [Event.model_validate(e) for e in s.events] for s in steps]
    assert result.outcome is not None and result.pending == []
    # The replay's frames are the toy board's too.
    frames = await service.replay_views(game.id)
    assert renderer.render_replay(frames)[:6] == b"GIF89a"


async def test_an_italian_race_speaks_italian(table):
    service, loops, transport = table
    await open_race(service, loops, language="it")
    await race(service, loops, transport)
    texts = transport.public_texts()
    assert any(t.startswith("Hare: velocità") for t in texts) and any(t.startswith("Arrivo:") for t in texts)
    assert not any(t.startswith("Hare: speed") for t in texts)


async def test_an_italian_race_gets_italian_maps(table):
    service, loops, transport = table
    await open_race(service, loops, language="it")
    await race(service, loops, transport)  # the start tells nothing: the maps come with the turns
    alts = [p.image.alt for p in transport.posts if p.image is not None]
    assert alts and all("turno" in alt for alt in alts)


async def test_an_italian_race_is_announced_by_its_italian_title(table):
    service, loops, transport = table
    await open_race(service, loops, language="it")
    assert "Corsa giocattolo" in transport.public_texts()[0]


async def test_computer_seats_race_by_themselves(table):
    """The toy names no captain: a level it does not name is played by the form-filler."""
    service, loops, transport = table
    game = await service.create_game(1, 10, HOST, "toy", "long-lane")
    await service.add_ai_seat(game.id, HOST, "hare", "random")
    await service.add_ai_seat(game.id, HOST, "tortoise", "deckhand")
    await service.start(game.id, HOST)
    await loops.settle()
    assert (await service.game(game.id)).status == "over"
    assert any(t.startswith("Finish: ") for t in transport.public_texts())


async def test_an_italian_race_prompts_in_italian(table):
    service, loops, transport = table
    await open_race(service, loops, language="it")
    (prompt,) = [p for user, p in transport.prompts if user == ANNE]
    assert not any("Speed of" in line or "speed 1" in line for line in prompt.lines)


async def test_an_italian_race_refuses_in_italian(table):
    service, loops, transport = table
    await open_race(service, loops, language="it", scenario="long-lane")
    for turn in range(2):
        assert (await order(service, ANNE, 3, f"a{turn}")).stored
        assert (await order(service, BOB, 1, f"b{turn}")).stored
        await loops.settle()
    refused = await order(service, ANNE, 3, "a-late")
    assert refused.status == "rejected" and "Hare non ha più fiato per la velocità 3." in refused.message
