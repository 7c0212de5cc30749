"""Ordine di manovra: the two-player table cell by cell, and both three-player examples."""
from __future__ import annotations

import pytest

from rules.pirates.initiative import as_table_cell, manoeuvre_order, roll_initiative
from tests.pirates.helpers import dice


def alternate(n: int) -> str:
    return "-".join(["B1-A1"] * n)


# The table as printed: (A's objects, B's objects) -> the order; A manoeuvres last.
PRINTED = {
    (1, 1): alternate(1), (1, 2): "B2-A1", (1, 3): "B3-A1", (1, 4): "B4-A1", (1, 5): "B5-A1", (1, 6): "B6-A1",
    (2, 1): "B1-A1-A1",  # "alternare B e A, poi tutto A"
    (2, 2): alternate(2), (2, 3): "B1-A1-B2-A1", (2, 4): "B2-A1-B2-A1", (2, 5): "B2-A1-B3-A1",
    (2, 6): "B3-A1-B3-A1",
    (3, 3): alternate(3), (3, 4): "B1-A1-B1-A1-B2-A1", (3, 6): "B2-A1-B2-A1-B2-A1",
    (4, 4): alternate(4), (4, 5): "B1-A1-B1-A1-B1-A1-B2-A1", (4, 6): "B1-A1-B1-A1-B2-A1-B2-A1",
    (5, 5): alternate(5), (5, 6): "B1-A1-B1-A1-B1-A1-B1-A1-B2-A1",
    (6, 6): alternate(6),
}


@pytest.mark.parametrize("a,b", sorted(PRINTED))
def test_two_player_table_cell(a, b):
    """"Per due giocatori, questa è la tabella riassuntiva con A che manovra per ultimo.\""""
    assert as_table_cell(manoeuvre_order([("B", b), ("A", a)])) == PRINTED[(a, b)]


def test_two_player_table_cell_a3_b5_misprint():
    """The printed cell A 3, B 5 reads "B1-A1-B2-A1-B1-A1": it moves only four of B's five
    objects. The rule ("Se il giocatore ha N volte oggetti [...] muove N oggetti") gives
    5/3 -> 1, 4/2 -> 2, 2/1 -> 2: the last B2 (docs/rules/pirates.md)."""
    printed = "B1-A1-B2-A1-B1-A1"
    assert sum(int(p[1:]) for p in printed.split("-") if p[0] == "B") == 4
    assert as_table_cell(manoeuvre_order([("B", 5), ("A", 3)])) == "B1-A1-B2-A1-B2-A1"


@pytest.mark.parametrize("a,b", [(3, 1), (4, 2), (6, 1), (5, 3)])
def test_two_player_table_blank_cells_alternate_then_all_a(a, b):
    """The printed table leaves blank the cells where A (last) has more objects, but for
    A 2 / B 1: "alternare B e A, poi tutto A". Every such cell reads that way."""
    order = as_table_cell(manoeuvre_order([("B", b), ("A", a)]))
    assert order == "-".join(["B1-A1"] * b + ["A1"] * (a - b))


def test_three_player_example_bob_3_alex_7_paolo_2():
    """"Bob ha 3 oggetti e l'iniziativa più alta, Alex 7 ed è secondo, Paolo 2 ed ha
    l'iniziativa più bassa; l'ordine di manovra è Paolo 1, Alex 2, Bob 1, Paolo 1, Alex 2,
    Bob 1, Alex 3, Bob 1.\""""
    order = manoeuvre_order([("Paolo", 2), ("Alex", 7), ("Bob", 3)])
    assert order == [("Paolo", 1), ("Alex", 2), ("Bob", 1), ("Paolo", 1), ("Alex", 2), ("Bob", 1),
                     ("Alex", 3), ("Bob", 1)]


def test_three_player_example_bob_3_alex_1_paolo_11():
    """"Bob ha 3 oggetti e l'iniziativa più alta, Alex 1 ed è secondo, Paolo 11 ed ha
    l'iniziativa più bassa; l'ordine di manovra è Paolo 3, Alex 1, Bob 1, Paolo 4, Bob 1,
    Paolo 4, Bob 1.\""""
    order = manoeuvre_order([("Paolo", 11), ("Alex", 1), ("Bob", 3)])
    assert order == [("Paolo", 3), ("Alex", 1), ("Bob", 1), ("Paolo", 4), ("Bob", 1), ("Paolo", 4), ("Bob", 1)]


def test_four_players_every_object_acts_once():
    order = manoeuvre_order([("a", 5), ("b", 2), ("c", 7), ("d", 3)])
    totals: dict[str, int] = {}
    for side, n in order:
        totals[side] = totals.get(side, 0) + n
    assert totals == {"a": 5, "b": 2, "c": 7, "d": 3}
    assert order[-1][0] == "d"


def test_initiative_is_a_die_each_ties_roll_again():
    """The lost score is read as a die per player; the tied roll again."""
    roller = dice(4, 4, 2, 5, 3)  # red 4, blue 4, green 2; then red 5, blue 3
    places = roll_initiative(["red", "blue", "green"], roller)
    assert sorted(places, key=places.get) == ["green", "blue", "red"]
