"""Cannoni's fleets by points: a built ship's price is her log-book's value, Appendix B's
sum, worked by hand here from the rulebook's tables."""
from __future__ import annotations

import pytest

from rules.cannoni.builder import build_logbook, crew_boxes
from rules.cannoni.catalogue import CATALOGUE
from rules.cannoni.fleets import CLASSES, FLEETS, built_spec
from rules.core.fleets import Battle, PriceError


def test_a_british_74_costs_29():
    """"Per calcolare il punteggio sommare le seguenti voci: il numero di ponti della nave;
    4 se la nave ha una virata pari ad A, 3 se la virata è B, 2 se è C e 1 se è D; un punto
    per ogni sezione (quattro caselle) di punti scafo ...; di punti velatura ...; di
    effettivi dell'equipaggio ...; abilità di manovra ...; in combattimento ...; di fuoco".

    A British 3rd rate of 74 guns and 600 men, worked from the tables: 2 decks (Appendix
    A: "3° 64-80 2"); turning C2 ("3° ... G. Bretagna C2") = 2; hull "3° 6 sezioni 24
    caselle" = 6; masts "3° 2/6 2/8 2/6" = 6; crew 600 / 60 = 10, to 12 boxes = 3
    sections; Britain "7-8 / +2 / +1" = 7 + 2 + 1. Total 2 + 2 + 6 + 6 + 3 + 10 = 29."""
    bought = FLEETS.price("britain", "class3", {"nation": "britain", "guns": "74", "crew": "600"})
    assert (bought.name, bought.points) == ("British 74", 29)


def test_a_french_40_gun_frigate_costs_28():
    """The same sum for a French 5th rate of 40 guns and 300 men: 1 deck ("5° 32-40 1");
    turning B4 ("5° Francia B4") = 3; hull "4°-5° 6 sezioni 20 caselle" = 6; masts
    "4°-5° 2/6 2/6 2/6" = 6; crew 300 / 60 = 5, to 8 boxes = 2 sections; France
    "6-7 / +2 / +2" = 6 + 2 + 2. Total 1 + 3 + 6 + 6 + 2 + 10 = 28."""
    assert FLEETS.price("france", "class5", {"nation": "france", "guns": "40", "crew": "300"}).points == 28


def test_the_crew_example():
    """"Ad esempio: una nave con 800 uomini di equipaggio ha 16 Effettivi": the crew the
    form offers a 1st rate (850-900 men, Appendix A) make 16 boxes too, 4 sections."""
    assert crew_boxes(800) == 16
    assert {crew_boxes(men) for men in CLASSES[1][2]} == {16}


def test_named_ships_cost_their_log_books_and_are_sold_once_to_their_nation():
    terms = FLEETS.terms()
    victory = terms.design("hms_victory")
    assert victory.points == build_logbook(CATALOGUE["hms_victory"]).value and victory.most == 1 and victory.named
    assert victory.sides == ("britain",) and terms.design("santisima_trinidad").sides == ()
    twice = FLEETS.problems("britain", [FLEETS.price("britain", "hms_victory", {})] * 2)
    assert [t.code for t in twice] == ["fleet.named-twice"]
    assert "HMS Victory is one ship" in twice[0].render("en")


def test_choices_off_the_class_are_refused():
    with pytest.raises(PriceError) as bad:
        FLEETS.price("britain", "class3", {"nation": "britain", "guns": "120", "crew": "600"})
    assert bad.value.text.render("en") == "120 is not a guns this class can have."
    with pytest.raises(PriceError):
        FLEETS.price("britain", "class3", {"nation": "atlantis", "guns": "74", "crew": "600"})


def test_every_offered_ship_builds_and_every_class_fits_the_form():
    for ship_class, (guns, decks, crews) in CLASSES.items():
        design = FLEETS.terms().design(f"class{ship_class}")
        assert len(design.params) <= 3 and all(len(p.choices) <= 25 for p in design.params)
        for g in guns:
            for men in crews:
                assert build_logbook(built_spec(ship_class, "spain", g, men)).value > 0


def test_the_setup_names_built_ships_and_places_them():
    fleets = {"britain": [FLEETS.price("britain", "class3", {"nation": "britain", "guns": "74", "crew": "600"})] * 2,
              "france": [FLEETS.price("france", "virginie", {})]}
    setup = FLEETS.setup(fleets, Battle(pattern="line_ahead", wind=6, width=60, height=40))
    assert [s.logbook().name for s in setup.ships] == ["British 74 no. 1", "British 74 no. 2", "Virginie"]
    assert (setup.wind, setup.table.width, setup.title) == (6, 60, "cannoni.scenario.points-battle")
