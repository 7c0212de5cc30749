"""Secrets (chits, hidden orders) never reach a public message, image or log line
before the rules reveal them, across several seeded games.

The oracle is independent of the view: a chit is secret from its private
``chit_set`` event until the public ``activation`` event of its ship (or the next
turn, or the end of phase 1). Every public thing the transport received is scanned against it.
"""
from __future__ import annotations

import json
import logging
import re

import pytest

from bot.service import Pacing
from rules.core.events import Event
from rules.core.registry import get_ruleset

CHIT_WORD = re.compile(r"\b(chit|gettone) \d")
# Chits are revealed in one line per side: "<side>: A shows chit 3; B shows chit 3."
_SHOWN = r"[^;]+ (shows chit|scopre il gettone) \d"
ACTIVATION = re.compile(rf"^[^:;]+: {_SHOWN}(; {_SHOWN})*\.$")
LOGGED_ACTIVATION = re.compile(r"^.+ (shows chit|scopre il gettone) \d\.$")  # /log: a line an event


async def _events_by_step(table, game_id: int) -> list[list[Event]]:
    start = await table.db.start_record(game_id)
    steps = await table.db.steps(game_id)
    return [[Event.model_validate(e) for e in events] for events in [start.events] + [s.events for s in steps]]


def _hidden_after_each_step(events_by_step: list[list[Event]]) -> list[dict[str, int]]:
    hidden: dict[str, int] = {}
    out = []
    for events in events_by_step:
        for event in events:
            if event.kind == "turn_start" or (event.kind == "phase_end" and event.data.get("phase") == 1):
                hidden = {}  # after phase 1 every chit is face up
            elif event.kind == "chit_set":
                assert event.to is not None
                hidden[event.data["ship"]] = event.data["chit"]
            elif event.kind == "activation":
                hidden.pop(event.data["ship"], None)
        out.append(dict(hidden))
    return out


def _assert_no_secret_in_public(table, game_id_events: list[list[Event]], language: str,
                                log_text: str) -> None:
    ruleset = get_ruleset("cannoni")
    public = table.transport.public_texts()
    private_lines = {ruleset.describe(e, language) for events in game_id_events for e in events
                     if e.to is not None and e.kind != "roll"}
    assert private_lines, "the game should have had secrets"
    for line in private_lines:
        assert line not in public
        assert line not in log_text
    for text in public:
        for line in text.splitlines():
            if CHIT_WORD.search(line):
                assert ACTIVATION.match(line), line
    # Prompts carry the forms; nothing of them is public.
    assert not any("Without an order" in t or "Senza ordine" in t for t in public)


async def _images_with_their_steps(table, game_id: int) -> list[tuple[dict, int]]:
    """Each public image, with the step after which it was drawn: a post shows the map
    as a phase closed, so images are matched to steps by the public view they show."""
    ruleset = get_ruleset("cannoni")
    start = await table.db.start_record(game_id)
    states = [start.state] + [s.state for s in await table.db.steps(game_id, with_state=True)]
    views = [json.loads(json.dumps(ruleset.view(ruleset.load_state(st), None))) for st in states]
    out = []
    for data in table.transport.public_images():
        image = json.loads(data)
        at = [i for i, v in enumerate(views) if v == image]
        assert at, "a public image shows a view the game never had"
        out.append((image, at[-1]))
    return out


async def _assert_images_hide_chits(table, game_id: int, events_by_step: list[list[Event]]) -> int:
    images = await _images_with_their_steps(table, game_id)
    hidden_after = _hidden_after_each_step(events_by_step)
    assert images
    checked = 0
    for view, hidden in ((view, hidden_after[at]) for view, at in images):
        assert view["viewer"] is None
        for ship in view["ships"]:
            if ship["id"] in hidden:
                assert ship["chit"] is None, (ship["id"], hidden)
                checked += 1
    return checked


@pytest.mark.parametrize("seed, language, mode", [
    (1, "en", "sequential"), (2, "it", "sequential"), (3, "en", "simultaneous"), (5, "it", "simultaneous"),
])
async def test_no_chit_is_published_before_its_reveal(table, caplog, seed, language, mode):
    caplog.set_level(logging.DEBUG)
    table.seed = seed
    # Posted phase by phase, so that maps drawn in the middle of a turn are checked too.
    pacing = Pacing(style="campaign", posting="phase") if mode == "simultaneous" else None
    game = await table.duel(language=language, pacing=pacing)
    assert game.options["order_mode"] == mode
    await table.play_out(game.id)
    events = await _events_by_step(table, game.id)
    _assert_no_secret_in_public(table, events, language, caplog.text)
    assert await _assert_images_hide_chits(table, game.id, events) > 0
    for line in await table.service.log(game.id):
        assert not CHIT_WORD.search(line) or LOGGED_ACTIVATION.match(line)


async def test_prompts_go_only_to_the_seat_that_decides(table):
    table.seed = 4
    game = await table.duel()
    for _ in range(15):
        await table.play_round(game.id)
    seat_of = {s.user_id: s.seat_id for s in await table.db.seats(game.id)}
    assert table.transport.prompts
    for user, prompt in table.transport.prompts:
        assert prompt.seat_id == seat_of[user]
        assert all(d.decision.player == seat_of[user] for d in prompt.decisions)


async def test_a_squadron_game_keeps_its_chits_hidden(table):
    table.seed = 9
    game = await table.duel(scenario="squadron-action")
    for _ in range(25):
        await table.play_round(game.id)
    events = await _events_by_step(table, game.id)
    _assert_no_secret_in_public(table, events, "en", "")
    assert await _assert_images_hide_chits(table, game.id, events) > 0


async def test_the_public_view_does_not_order_hidden_chits(table):
    """After the chits are placed the initiative is sorted by chit: listing hidden ships
    in it would tell which hidden chit is higher."""
    table.seed = 9
    game = await table.duel(scenario="squadron-action")
    for _ in range(25):
        await table.play_round(game.id)
    events = await _events_by_step(table, game.id)
    hidden_after = _hidden_after_each_step(events)
    samples = 0
    for view, hidden in ((view, hidden_after[at]) for view, at in await _images_with_their_steps(table, game.id)):
        order = [sid for sid in view.get("initiative", []) if sid in hidden]
        chits = [hidden[sid] for sid in order]
        if len(set(chits)) > 1:
            samples += 1
            if chits != sorted(chits, reverse=True):
                return
    assert samples == 0, f"in all {samples} public views the hidden ships were listed highest chit first"
