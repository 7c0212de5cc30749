"""What the fleets and the ships without a name of their own are called, in both
languages, and the islands' names on the grid map (rules/pirates/naming.py,
renderer/pirates/board.py)."""
from __future__ import annotations

import pytest

from renderer.api import describe_image, render_card, render_map
from renderer.board import RenderOptions, board_for
from renderer.canvas import MapCanvas
from renderer.pirates.board import PiratesBoard
from renderer.side_colours import view_theme
from renderer.theme import DEFAULT_THEME, PHONE_MIN_PX
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.events import Event
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.core.texts import side_name
from rules.pirates.texts import describe

SCENARIOS = ("skirmish", "three-crowns", "four-winds")


def _view(scenario: str) -> dict:
    rules = get_ruleset("pirates")
    setup = rules.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=side) for i, side in enumerate(rules.sides(setup))]
    state, _ = game.start(rules, setup, rules.options_model(), seats, SeededDice(1))
    return rules.view(state, None)


def test_the_fleets_have_words_in_both_languages():
    assert [side_name("pirates", s, "en") for s in ("red", "blue", "green", "gold")] == ["Red", "Blue", "Green", "Gold"]
    assert [side_name("pirates", s, "it") for s in ("red", "blue", "green", "gold")] == ["Rossa", "Blu", "Verde", "Oro"]


def test_an_unnamed_ship_is_worded_in_the_readers_language():
    line = Event(kind="sunk", data={"ship": "red-sloop-3", "by": "blue"})
    assert describe(line, "en") == "red sloop 3 sinks (by Blue)."
    assert describe(line, "it") == "sloop rosso 3 affonda (per mano di Blu)."
    assert describe(Event(kind="manoeuvre", data={"ship": "red-frigate-2", "action": "repair"}), "it") == \
        "fregata rossa 2: ripara."


def test_the_map_the_alt_text_and_the_card_name_her_in_italian():
    view = _view("skirmish")
    assert "sloop rosso 3" in describe_image(view, "it") and "red sloop 3" in describe_image(view, "en")
    board = board_for(view)
    piece = next(p for p in board.pieces(view) if p.id == "red-sloop-3")
    assert board.label_name(piece, "it") == "sloop rosso 3"
    render_card(view, "red-sloop-3", lang="it")  # her card's title is worded the same way


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_island_names_are_on_the_map_clear_of_ships_labels_and_coins(scenario, monkeypatch):
    view = _view(scenario)
    board = board_for(view)
    assert isinstance(board, PiratesBoard)
    seen = {}
    place = PiratesBoard.place_map_labels

    def spy(self, canvas, view, taken):
        before = len(taken.taken)
        marks = self._mark_boxes(canvas, view)
        place(self, canvas, view, taken)
        seen["ships"], seen["islands"] = taken.taken[:before] + marks, taken.taken[before + len(marks):]

    monkeypatch.setattr(PiratesBoard, "place_map_labels", spy)
    theme = view_theme(DEFAULT_THEME, board, view)
    vp = board.plan_viewport(view, None, (), theme)
    canvas = MapCanvas(board.background(view, vp, theme).copy(), vp, theme)
    board.draw(canvas, view, RenderOptions())
    assert len(seen["islands"]) == len(view["islands"])
    for a in seen["islands"]:
        for b in seen["ships"] + [r for r in seen["islands"] if r is not a]:
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            assert w <= 0 or h <= 0, (scenario, a, b)
    # legible on a phone: the names' size shown 550 px wide
    assert theme.on_phone(theme.label_px) >= PHONE_MIN_PX


def test_island_names_are_drawn():
    """The map with the names differs from the same map without them."""
    view = _view("skirmish")
    named = render_map(view, legend=False)
    monkey = {**view, "islands": [{**i, "name": ""} for i in view["islands"]]}
    assert named.tobytes() != render_map(monkey, legend=False).tobytes()


def test_the_forms_name_the_fleet_and_an_unnamed_ship_in_italian():
    rules = get_ruleset("pirates")
    setup = rules.scenarios()["skirmish"]
    seats = [Seat(id=f"p{i + 1}", side=side) for i, side in enumerate(rules.sides(setup))]
    # the first seed whose initiative has the Red fleet (with its sloop) manoeuvre first
    state = next(s for seed in range(1, 40)
                 if (s := game.start(rules, setup, rules.options_model(), seats, SeededDice(seed))[0]).order[0].side
                 == "red")
    decision = next(d for d in rules.pending(state) if d.kind == "act")
    assert decision.label_in("it") == f"Manovra per Rossa, turno {state.turn}"
    spec = rules.spec(state, decision)
    labels = [c.label_in("it") for a in spec.actions for p in a.params if p.name == "ship" for c in p.choices]
    assert any(label.startswith("sloop rosso 3 (") for label in labels), labels
    assert not any(label.startswith("red sloop") for label in labels)
