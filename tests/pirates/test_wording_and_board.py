"""The words of a Pirates game in both languages, and its map drawn from the public
view: every scenario renders, the alt text fits, hidden values stay hidden."""
from __future__ import annotations

import random

import pytest

from renderer.api import describe_image, plan_viewport, render_card, render_map
from renderer.board import board_for
from renderer.theme import DEFAULT_THEME, MAP_WIDTH
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.events import Event
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.pirates import turns
from rules.pirates.texts import describe
from tests.core.test_catalogues import _forms_of_play
from tests.pirates.helpers import dice, new_state, put


def _start(scenario: str, seed: int = 1):
    rules = get_ruleset("pirates")
    setup = rules.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=side) for i, side in enumerate(rules.sides(setup))]
    state, start = game.start(rules, setup, rules.options_model(), seats, SeededDice(seed))
    return rules, state, start


def test_every_form_reads_in_italian():
    seen = 0
    for spec in _forms_of_play("pirates", 3):
        seen += 1
        assert spec.decision.label_in("it") != spec.decision.label_in("en"), spec.decision.label
        if spec.default_text:
            assert spec.words("default_text", "it") != spec.words("default_text", "en"), spec.default_text
        for action in spec.actions:
            assert action.label_in("it") != action.label_in("en"), action.label
            for param in action.params:
                assert param.label_in("it")
                for choice in param.choices:
                    choice.label_in("it")
    assert seen > 20


def test_every_event_of_a_game_reads_in_both_languages():
    rules, state, start = _start("three-crowns", 4)
    rng, dice = random.Random(4), SeededDice(4)
    events = list(start.events)
    for _ in range(120):
        if rules.outcome(state) is not None:
            break
        orders = [o for d in rules.pending(state) if (o := random_order(rules, state, d, rng)) is not None]
        state, step = game.resolve(rules, state, orders, dice)
        events += step.events
    kinds = {e.kind for e in events}
    assert {"turn", "order", "manoeuvre"} <= kinds
    for e in events:
        en, it = rules.describe(e, "en"), rules.describe(e, "it")
        assert en and it and "{" not in en + it
        if e.kind not in ("roll", "shot", "moved", "boarded"):
            assert en != it or e.kind in ("turn",), e.kind


@pytest.mark.parametrize("scenario", ["skirmish", "three-crowns", "four-winds"])
def test_the_map_of_every_scenario(scenario):
    rules, state, _ = _start(scenario)
    view = rules.view(state, None)
    img = render_map(view)
    assert img.width == MAP_WIDTH
    for lang in ("en", "it"):
        alt = describe_image(view, lang)
        assert len(alt) <= 1000 and "Red Heron" in alt
    card = render_card(view, state.ships[0].id)
    assert card.width >= 360


@pytest.mark.parametrize("scenario", ["skirmish", "three-crowns", "four-winds"])
def test_the_column_letters_have_room_above_and_below_the_sea(scenario):
    """Half a square of frame around the sea, at least a letter's height, whatever the
    sea's shape (the 14 x 12 skirmish lost its letters under the header at 1000 px)."""
    rules, state, _ = _start(scenario)
    view = rules.view(state, None)
    board = board_for(view)
    viewport = plan_viewport(view)
    cols, rows = board.size(view)
    top, bottom = viewport.to_px(0, rows)[1], viewport.to_px(0, 0)[1]
    assert top >= DEFAULT_THEME.label_px and viewport.height - bottom >= DEFAULT_THEME.label_px, (top, bottom)


def test_hidden_treasure_values_stay_off_the_public_map():
    """Hidden treasure and face-down crews leave the engine only through ``view``: the public
    view holds neither a hidden value nor a face-down crew's kind."""
    rules, state, _ = _start("skirmish")
    public = rules.view(state, None)
    for island in public["islands"]:
        assert all(t["value"] is None for t in island["treasure"] if island["kind"] == "wild")
    assert all(c["key"] is None for s in public["ships"] for c in s["crew"])
    # the map and its words are drawn from this view alone: changing the hidden values
    # changes neither
    other = rules.perturb_secrets(state, random.Random(1))
    assert describe_image(rules.view(other, None)) == describe_image(public)
    assert render_map(rules.view(other, None)).tobytes() == render_map(public).tobytes()


def test_a_crew_card_shows_a_face_down_crew_only_to_her_side():
    rules, state, _ = _start("skirmish")
    crew = state.crews[0]
    public, mine = rules.view(state, None), rules.view(state, state.seat_of(crew.side))
    assert render_card(public, crew.id).tobytes() != render_card(mine, crew.id).tobytes()
    other = rules.perturb_secrets(state, random.Random(2))
    assert render_card(rules.view(other, None), crew.id).tobytes() == render_card(public, crew.id).tobytes()


def test_event_lines_name_islands_and_fleets_as_players_know_them():
    """An event line says "Gallows Rock" and "Red", never the ids "rock" and "red"."""
    state = new_state()
    state.island("rock").name = "Gallows Rock"
    heron = put(state.ship("red-heron"), 7, 4, 0)
    roller = dice(then=1)
    turns.act(state, {"action": "move", "ship": heron.id, "go1": 2, "dock": "yes"}, roller)
    docked = next(e for e in roller.log.events if e.kind == "docked")
    assert describe(docked, "en") == "Red Heron docks at Gallows Rock."
    assert describe(docked, "it") == "Red Heron attracca a Gallows Rock."
    turns.act(state, {"action": "explore", "ship": heron.id}, roller)
    explored = next(e for e in roller.log.events if e.kind == "explored")
    assert describe(explored, "en").startswith("Red Heron explores Gallows Rock:")
    order = Event(kind="order", data={"sides": ["red", "blue"], "slots": [["red", 1], ["blue", 2]]})
    assert describe(order, "en").endswith("Red 1, Blue 2.")
