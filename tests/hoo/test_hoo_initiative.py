"""3.1 Fase dell'iniziativa, 3.1.1 più navi per giocatore, 2.1.2 Cambio del vento."""
from __future__ import annotations

from rules.hoo.initiative import Tiebreaks, initiative
from rules.hoo.wind import tiebreaks_for_change
from tests.hoo.helpers import roller


def _ties(ships: int, wind: int = 0):
    shifts = []
    return Tiebreaks(ships, wind, lambda before, after, total: shifts.append((before, after, total))), shifts


def test_tie_break_of_the_rulebook_example():
    """"A1=6, A2=5, B1= 5 e B2=3. Mentre A1 sarà certamente la prima nave a muovere e B2 la quarta,
    è necessario un nuovo lancio dadi per risolvere lo spareggio tra A2 e B1"."""
    ties, _ = _ties(4)
    order, first = initiative({"a": ["A1", "A2"], "b": ["B1", "B2"]}, roller(6, 5, 5, 3, 2, 4), ties)
    assert first == {"A1": 6, "A2": 5, "B1": 5, "B2": 3}
    assert order == ["A1", "B1", "A2", "B2"]  # B1 wins the tie-break 4 to 2, and stays behind A1
    assert ties.count == 1


def test_tie_break_refers_to_the_first_roll():
    """"la risoluzione degli spareggi deve sempre essere riferita al numero lanciato originariamente
    così da evitare che due giocatori che abbiano ottenuto entrambi 1 ... passino a giocare come
    primo e secondo avendo ottenuto nello spareggio un 6 ed un 5"."""
    ties, _ = _ties(4)
    order, _ = initiative({"a": ["A1", "A2"], "b": ["B1", "B2"]}, roller(1, 4, 1, 3, 6, 5), ties)
    assert order == ["A2", "B2", "A1", "B1"]


def test_more_than_four_ships_roll_by_number_and_the_extra_ones_move_last():
    """"ogni giocatore assegna alle sue navi un indicatore numerico ... l'iniziativa viene risolta
    come lancio a confronto tra le navi aventi lo stesso numero ... quelle in più muoveranno per
    ultime secondo il numero ad esse assegnato"."""
    ties, _ = _ties(5)
    sides = {"a": ["A1", "A2", "A3"], "b": ["B1", "B2"]}
    order, _ = initiative(sides, roller(2, 6, 1, 5, 3), ties)  # A1 2, A2 6, A3 1, B1 5, B2 3
    assert order == ["B1", "A1", "A2", "B2", "A3"]


def test_the_wind_changes_at_the_tie_break_half_the_ships_call_for():
    """"se vi sono sino a 5 navi in gioco, il cambio di vento avviene al secondo contrasto mentre
    se ve ne sono 7, il vento cambierà soltanto al terzo"."""
    assert [tiebreaks_for_change(n) for n in (2, 4, 5, 6, 7, 9)] == [2, 2, 2, 3, 3, 4]


def test_the_wind_turns_clockwise_on_an_even_tie_break_and_anticlockwise_on_an_odd_one():
    """"Se lo spareggio che ha provocato il cambio ha prodotto un valore pari, il vento ruota di un
    lato di esagono in senso orario; in caso contrario la rotazione avviene in senso antiorario"."""
    ties, shifts = _ties(2, wind=0)
    # 3 all, then 4 all (the first tie-break), then 5 and 1 (the second: 6, even).
    initiative({"a": ["A1"], "b": ["B1"]}, roller(3, 3, 4, 4, 5, 1), ties)
    assert shifts == [(0, 1, 6)]
    ties, shifts = _ties(2, wind=0)
    initiative({"a": ["A1"], "b": ["B1"]}, roller(3, 3, 4, 4, 5, 2), ties)
    assert shifts == [(0, 5, 7)]
    ties, shifts = _ties(2, wind=0)
    initiative({"a": ["A1"], "b": ["B1"]}, roller(3, 3, 5, 2), ties)
    assert shifts == []  # one tie-break only
