"""Signal Close Action's fleets by points: Sezione 1 iv, a ship costs her broadside
factor, changed by her crew's quality; she sails on her rate's base (Sezione 1 i)."""
from __future__ import annotations

import pytest

from rules.core.fleets import Battle, PriceError
from rules.core.registry import get_ruleset
from rules.sca.fleets import FLEETS


def test_a_ship_costs_her_bf_and_her_crews_quality():
    """"Il costo base di ogni vascello equivale al valore iniziale della sua bordata";
    elite +2, good +1, average 0, poor -1."""
    assert FLEETS.price("british", "74C", {}).points == 7
    assert [FLEETS.price("british", "74C", {"crew": c}).points for c in ("elite", "good", "average", "poor")] == [
        9, 8, 7, 6]
    assert FLEETS.price("french", "36-40", {"crew": "poor"}).points == 3


def test_no_ship_is_sold_for_nothing_and_no_shore_defence_is_sold():
    with pytest.raises(PriceError):
        FLEETS.price("british", "12-14", {"crew": "poor"})  # BF 1 - 1: free
    with pytest.raises(PriceError):
        FLEETS.price("british", "citadel", {})
    assert all(not d.id.endswith("battery") and d.id not in ("citadel", "martello-tower")
               for d in FLEETS.terms().designs)


def test_the_setup_sails_each_ship_on_her_rates_base_with_her_crew():
    fleets = {"british": [FLEETS.price("british", "98S", {"crew": "elite"}), FLEETS.price("british", "36-40", {})],
              "french": [FLEETS.price("french", "gunboat-large", {"crew": "good"})]}
    setup = FLEETS.setup(fleets, Battle(pattern="abeam", wind=4))
    assert [(s.type, s.crew) for s in setup.ships] == [("98S", "elite"), ("36-40", "average"),
                                                      ("gunboat-large", "good")]
    assert setup.wind == 4 and setup.title == "sca.scenario.points-battle"
    assert [s.heading for s in setup.ships] == [0, 0, 8]  # bows to the enemy on the 16-point rose
    from rules.core import game as engine
    from rules.core.dice import SeededDice
    from rules.core.ruleset import Seat
    rules = get_ruleset("sca")
    state, _ = engine.start(rules, setup, rules.options_model(), [Seat(id="a", side="british"),
                                                                 Seat(id="b", side="french")], SeededDice(1))
    assert [(s.length, s.width) for s in state.ships] == [(85, 40), (65, 40), (50, 25)]


def test_the_form_words_are_english_and_italian():
    design = FLEETS.terms().design("74C")
    assert design.label.render("en") == "74C (third rate, BF 7, base 75x40 mm)"
    assert design.label.render("it") == "74C (terza classe, BF 7, basetta 75x40 mm)"
    assert [label.render("it") for _, label in design.params[0].choices][0] == "equipaggio medio (+0 punti)"
