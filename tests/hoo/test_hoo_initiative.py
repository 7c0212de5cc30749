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


def _fleet_action_at_the_speeds_step():
    from rules.core import game
    from rules.core.decisions import Order
    from rules.core.dice import ForcedDice
    from rules.core.ruleset import Seat
    from tests.hoo.helpers import RULES

    setup = RULES.scenarios()["fleet-action"]
    seats = [Seat(id="p1", side="italy"), Seat(id="p2", side="britain")]
    state, _ = game.start(RULES, setup, RULES.options_model(), seats, ForcedDice([2, 5]))
    for order in (Order(decision="wind", player="p2", payload={"action": "wind", "side": 3}),
                  Order(decision="shift", player="p1", payload={"action": "shift", "way": "none"})):
        state, _ = game.resolve(RULES, state, [order], ForcedDice([]))
    return state


def test_each_player_numbers_his_ships_at_the_start_of_the_turn_and_the_same_numbers_roll_together():
    """3.1.1: "Se i giocatori dispongono in totale di più di 4 navi, all'inizio di ogni turno ogni
    giocatore assegna alle sue navi un indicatore numerico da 1 al numero delle navi che controlla e
    l'iniziativa viene risolta come lancio a confronto tra le navi aventi lo stesso numero ... quelle
    in più muoveranno per ultime secondo il numero ad esse assegnato"."""
    from rules.core import game
    from rules.core.decisions import Order
    from rules.core.dice import ForcedDice
    from rules.hoo.texts import describe
    from tests.hoo.helpers import RULES

    state = _fleet_action_at_the_speeds_step()
    numbering = {d.subject: d for d in RULES.pending(state) if d.kind == "numbers"}
    assert set(numbering) == {"italy", "britain"} and numbering["italy"].player == "p1"
    spec = RULES.spec(state, numbering["italy"])
    assert spec.default == {"action": "keep"} and [p.name for p in spec.action("number").params] == \
        ["n1", "n2", "n3", "n4"]
    ours = {"action": "number", "n1": "favorite", "n2": "corona", "n3": "rivoli", "n4": "castiglione"}
    twice = Order(decision=numbering["italy"].id, player="p1", payload={**ours, "n2": "favorite"})
    (problem,) = RULES.validate(state, twice)
    assert problem.code == "hoo-number-twice" and "Favorite ha due numeri" in problem.text("it")
    orders = [Order(decision=numbering["italy"].id, player="p1", payload=ours)]
    orders += [Order(decision=d.id, player=d.player, payload=RULES.spec(state, d).default)
               for d in RULES.pending(state) if d.kind == "speed"]
    assert RULES.validate(state, orders[0]) == []
    # First rolls, italy's ships in their numbers then britain's in the fleet's order:
    # favorite 6, corona 1, rivoli 2, castiglione 3; victorious 1, bellona 5, amphion 4.
    state, step = game.resolve(RULES, state, orders, ForcedDice([6, 1, 2, 3, 1, 5, 4]))
    assert state.order == ["favorite", "victorious", "bellona", "corona", "amphion", "rivoli", "castiglione"]
    numbered = next(e for e in step.events if e.kind == "numbered" and e.data["side"] == "italy")
    assert describe(numbered, "it") == "Italia numera le sue navi: 1 Favorite, 2 Corona, 3 Rivoli, 4 Castiglione."
    assert RULES.view(state, None)["numbers"]["italy"] == ["favorite", "corona", "rivoli", "castiglione"]


def test_the_numbers_stay_from_turn_to_turn_unless_changed():
    from rules.hoo import sequence
    from tests.hoo.helpers import RULES

    state = _fleet_action_at_the_speeds_step()
    state.numbers = {"italy": ["favorite", "corona", "rivoli", "castiglione"]}
    state.ship("corona").status = "sunk"
    assert sequence.numbered(state, "italy") == ["favorite", "rivoli", "castiglione"]
    assert sequence.numbered(state, "britain") == ["victorious", "bellona", "amphion"]  # the fleet's order
    spec = RULES.spec(state, next(d for d in RULES.pending(state) if d.subject == "italy"))
    assert "1 Favorite, 2 Rivoli, 3 Castiglione" in spec.action("keep").label.render("en")


def test_four_ships_or_fewer_are_not_numbered():
    from rules.hoo import sequence

    state = _fleet_action_at_the_speeds_step()
    for ship in ("corona", "favorite", "amphion"):
        state.ship(ship).status = "sunk"
    assert sequence.numbering_sides(state) == []


def test_the_numbers_are_told_when_given_and_when_changed_not_every_turn():
    from rules.core import game
    from rules.core.decisions import Order
    from rules.core.dice import SeededDice
    from tests.hoo.helpers import RULES

    state = _fleet_action_at_the_speeds_step()

    def told(state, payloads):
        orders = [Order(decision=d.id, player=d.player, payload=payloads.get(d.subject, RULES.spec(state, d).default))
                  for d in RULES.pending(state)]
        state, step = game.resolve(RULES, state, orders, SeededDice(1))
        return state, [e.data["side"] for e in step.events if e.kind == "numbered"]

    state, sides = told(state, {})
    assert sides == ["italy", "britain"]  # the first numbers, as they stand
    state.step, state.turn = "speeds", 2  # the next turn's start (the ships' phases aside)
    state, sides = told(state, {})
    assert sides == []
    state.step, state.turn = "speeds", 3
    swapped = {"action": "number", "n1": "rivoli", "n2": "castiglione", "n3": "corona", "n4": "favorite"}
    state, sides = told(state, {"italy": swapped})
    assert sides == ["italy"]
