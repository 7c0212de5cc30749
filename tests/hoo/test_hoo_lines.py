"""The event lines and the map's words in the reader's language: a scenario's title and
the sides as players name them (never a catalogue code or a side's id), counts in the
singular for one, the compass in each language's letters, the tie-breaks told."""
from __future__ import annotations

from rules.core.events import Event
from rules.hoo.texts import describe
from tests.hoo.helpers import RULES


def test_the_game_start_names_the_scenario_and_the_sides_not_their_codes():
    event = Event(kind="game_start", data={"title": "hoo.scenario.castiglione", "rolls": {"italy": 2, "britain": 5}})
    assert describe(event, "en") == "Two 74s: the Castiglione against a British 74: set-up rolls Italy 2, Britain 5."
    assert "Gran Bretagna 5" in describe(event, "it") and "hoo.scenario" not in describe(event, "it")


def test_the_result_names_the_winning_side_in_the_readers_language():
    event = Event(kind="game_over", data={"winner": "britain", "why": "beaten", "scores": {"italy": 40, "britain": 41}})
    assert "Vince Gran Bretagna. Punti: Italia 40, Gran Bretagna 41." in describe(event, "it")
    assert "Britain wins. Points: Italy 40, Britain 41." in describe(event, "en")


def test_one_hex_and_one_hit_are_singular():
    data = dict(ship="a", name="A", target="b", tname="B", broadside="port", hexes=1, dice=6, raked=None, aim=None,
                rolls=[6, 1, 1, 1, 1, 1], hits=1)
    assert ", 1 hex: 6D6 6 1 1 1 1 1, 1 hit." in describe(Event(kind="fire", data=data), "en")
    assert ", 1 esagono: 6D6 6 1 1 1 1 1, 1 colpo a segno." in describe(Event(kind="fire", data=data), "it")
    data.update(hexes=3, hits=2)
    assert ", 3 hexes: 6D6 6 1 1 1 1 1, 2 hits." in describe(Event(kind="fire", data=data), "en")


def test_the_initiative_line_tells_its_tie_breaks():
    event = Event(kind="initiative", data={"order": ["a", "b"], "names": ["A", "B"], "rolls": {"a": 6, "b": 6},
                                           "tiebreaks": 2})
    assert describe(event, "en") == "Initiative: A (6), B (6) (2 tie-breaks)."
    event.data["tiebreaks"] = 0
    assert describe(event, "it") == "Iniziativa: A (6), B (6)."


def test_the_compass_is_worded_in_each_language():
    event = Event(kind="wind_set", data={"wind": 4})
    assert describe(event, "en") == "The wind is set from SW."
    assert describe(event, "it") == "Il vento è stabilito da SO."


def test_the_maps_legend_and_alt_text_name_the_sides_in_italian():
    from dataclasses import replace

    from renderer.hoo.board import HooBoard
    from renderer.theme import DEFAULT_THEME
    from rules.core import game
    from rules.core.dice import ForcedDice
    from rules.core.ruleset import Seat

    setup = RULES.scenarios()["castiglione"]
    seats = [Seat(id="p1", side="italy"), Seat(id="p2", side="britain")]
    state, _ = game.start(RULES, setup, RULES.options_model(), seats, ForcedDice([2, 5]))
    view = RULES.view(state, None)
    board = HooBoard()
    legend = board.legend(view, replace(DEFAULT_THEME, lang="it"))
    labels = [entry.label for _, entries in legend.sections for entry in entries]
    assert "Italia (1)" in labels and "Gran Bretagna (1)" in labels
    assert "(Gran Bretagna)" in board.describe(view, "it")
