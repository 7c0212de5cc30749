"""Fleets by points ("Preparazione"), one test a rule of the rulebook's set-up, each
quoting the line it checks (rules/pirates/fleets.py, rules/pirates/docking.py)."""
from __future__ import annotations

import pytest

from rules.core.fleets import Battle, PriceError
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.pirates.catalogue import ship_type
from rules.pirates.fleets import FLEETS
from rules.pirates.setup import initial_state
from rules.pirates.state import PiratesOptions


def buy(side: str, *designs: str | tuple[str, str]) -> list:
    out = []
    for d in designs:
        design, aboard = (d, None) if isinstance(d, str) else d
        out.append(FLEETS.price(side, design, {"aboard": aboard} if aboard else {}))
    return out


def words(problems, lang="en") -> list[str]:
    return [p.render(lang) for p in problems]


def test_the_ruleset_sells_fleets_for_two_sides_with_the_skirmish_budget():
    """"Costruire le flotte con i punti prestabiliti (80 per una grande battaglia, 30 per
    una scaramuccia)": the suggested budget is the skirmish's; the host may set 80."""
    terms = get_ruleset("pirates").fleets().terms()
    assert terms.sides == ("red", "blue") and terms.budget == 30
    assert terms.patterns == ()  # "tutte le navi partono attraccate alla propria isola base"
    assert {"black-tide", "sloop", "mara-quill", "deckhand"} <= {d.id for d in terms.designs}


def test_a_named_ship_once_in_a_fleet_and_calico_cats_two_versions_count_as_one():
    """"Può esistere durante il gioco solo un oggetto [...] con un nome proprio (vale anche
    per Calico Cat, che ha due versioni delle quali solo una può essere in gioco)"."""
    assert FLEETS.problems("red", buy("red", "calico-cat", "sea-wasp")) == []
    twice = FLEETS.problems("red", buy("red", "calico-cat", "calico-cat-ii"))
    assert words(twice) == ["Calico Cat (refit) has a name of her own: only one can be in the game (Calico Cat's "
                            "two versions count as one)."]
    assert "ne può esistere una sola in gioco" in words(twice, "it")[0]


def test_a_named_object_is_unique_in_the_game_across_fleets():
    """"Può esistere durante il gioco solo un oggetto (sia nave che equipaggio) con un nome
    proprio": the other fleet cannot buy her (a crew here) either."""
    fleets = {"red": buy("red", "red-heron", "mara-quill"), "blue": buy("blue", "salt-widow", "mara-quill")}
    found = words(FLEETS.game_problems(fleets, Battle(budget=30)))
    assert found == ["Mara Quill is in the Red fleet already: an object with a name of its own is unique in the game, "
                     "so the Blue fleet cannot have it too."]
    assert "è già nella flotta Rossa" in words(FLEETS.game_problems(fleets, Battle(budget=30)), "it")[0]
    fleets["blue"] = buy("blue", "salt-widow", "calico-cat")
    fleets["red"] = buy("red", "calico-cat-ii")
    assert len(FLEETS.game_problems(fleets, Battle(budget=30))) == 1  # one Calico Cat in the game


def test_unnamed_objects_of_a_type_at_most_the_points_over_three_rounded_up():
    """"Ogni flotta può avere un numero massimo di oggetti senza nome dello stesso tipo
    proprio pari ai punti prestabiliti diviso 3 (arrotondato in su)": 30 points, 10;
    80 points, 27."""
    ten = {"red": buy("red", *["deckhand"] * 10), "blue": buy("blue", "sloop")}
    assert FLEETS.game_problems(ten, Battle(budget=30)) == []
    ten["red"].append(FLEETS.price("red", "deckhand", {}))
    found = words(FLEETS.game_problems(ten, Battle(budget=30)))
    assert found == ["A fleet may have at most 10 unnamed objects of one type in a 30-point game (the points / 3, "
                     "rounded up): this one has 11 deckhand."]
    assert FLEETS.game_problems(ten, Battle(budget=80)) == []  # ceil(80 / 3) = 27


def test_crew_aboard_at_most_the_ships_points():
    """"In ogni caso massimo punti di equipaggio pari al punteggio della nave può essere a
    bordo": a sloop (4 points) carries a helmsman (3) but not a helmsman and a bosun (5)."""
    assert FLEETS.problems("red", buy("red", "sloop", ("helmsman", "1"))) == []
    found = words(FLEETS.problems("red", buy("red", "sloop", ("helmsman", "1"), ("bosun", "1"))))
    assert found == ["sloop (ship 1) would carry 5 points of crew: a ship carries at most her own points (4)."]


def test_each_crew_takes_one_place_of_cargo():
    """"Ogni equipaggio toglie uno dalla capacità di carico": the Sea Wasp (cargo 2, 7
    points) takes two deckhands, not three."""
    assert ship_type("sea-wasp").cargo == 2
    assert FLEETS.problems("red", buy("red", "sea-wasp", ("deckhand", "1"), ("deckhand", "1"))) == []
    found = words(FLEETS.problems("red", buy("red", "sea-wasp", *[("deckhand", "1")] * 3)), "it")
    assert found == ["Sea Wasp (nave 1) porterebbe 3 equipaggi: ognuno toglie uno dalla capacità di carico, "
                     "e lei ne ha 2."]


def test_a_crew_aboard_a_ship_the_fleet_has_not_bought_is_refused():
    found = words(FLEETS.problems("red", buy("red", "sloop", ("gunner", "2"))))
    assert found == ["gunner is bought aboard the fleet's ship 2, but the fleet has 1 ships: buy the ship first, or "
                     "put the crew on the home island."]
    with pytest.raises(PriceError) as bad:
        FLEETS.price("red", "gunner", {"aboard": "deck"})
    assert "not at deck" in bad.value.text.render("en")


def test_the_fleet_has_its_maximum_count():
    """Broadside's own most objects a fleet (the rulebook's limits bind first)."""
    terms = FLEETS.terms()
    found = words(FLEETS.problems("red", buy("red", *["deckhand"] * (terms.max_ships + 1))))
    assert found[0] == f"A side may have at most {terms.max_ships} ships; this fleet has {terms.max_ships + 1}."


def test_every_ship_starts_docked_at_her_home_island_every_crew_face_down():
    """"tutte le navi partono attraccate alla propria isola base, tutto l'equipaggio è
    faccia coperta sull'isola base o sulle navi"."""
    fleets = {"red": buy("red", "black-tide", "iron-abbot", "frigate", "frigate", "sloop", ("gunner", "1"), "bosun"),
              "blue": buy("blue", "salt-widow", "calico-cat", "gull", "brig", ("helmsman", "2"))}
    setup = FLEETS.setup(fleets, Battle(budget=80, name="points-battle"))
    assert setup.points == 80 and [f.side for f in setup.fleets] == ["red", "blue"]
    state = initial_state(setup, PiratesOptions(), [Seat(id="p1", side="red"), Seat(id="p2", side="blue")])
    assert all(s.docked == state.home(s.side).id for s in state.ships)
    assert len(state.ships) == 9 and not any(c.revealed for c in state.crews)
    places = {c.key: c.place for c in state.crews}
    assert places == {"gunner": "black-tide", "bosun": "red-home", "helmsman": "calico-cat"}


def test_a_fleet_too_big_for_its_home_coast_is_refused_in_words():
    fleets = {"red": buy("red", *["sloop"] * 11), "blue": buy("blue", "gull")}
    with pytest.raises(PriceError) as full:
        FLEETS.setup(fleets, Battle(budget=80))
    assert full.value.text.render("en") == ("The Red fleet's ships do not all fit along the coast of Port Scarlet, "
                                            "where every ship starts docked: buy fewer or smaller ships.")
    assert "non stanno tutte sulla costa di Port Scarlet" in full.value.text.render("it")


def test_the_same_purchase_sets_up_the_same_sea():
    fleets = {"red": buy("red", "red-heron", "sloop"), "blue": buy("blue", "salt-widow")}
    assert FLEETS.setup(fleets, Battle(budget=30)) == FLEETS.setup(fleets, Battle(budget=30))


def test_three_or_four_fleets_by_points_each_docked_at_its_own_home():
    """"tutte le navi partono attraccate alla propria isola base" with a home island per
    player: three fleets sail on the three-fleet scenario's sea, four on the four-fleet one
    (Green, then Gold, after Red and Blue)."""
    terms = FLEETS.terms()
    assert list(terms.side_counts) == [2, 3, 4]
    assert terms.sides_for(3) == ("red", "blue", "green") and terms.sides_for(4)[-1] == "gold"
    with pytest.raises(ValueError):
        terms.sides_for(5)
    fleets = {"red": buy("red", "red-heron"), "blue": buy("blue", "salt-widow", ("gunner", "1")),
              "green": buy("green", "sloop", "frigate", "bosun")}
    setup = FLEETS.setup(fleets, Battle(budget=30, sides=("red", "blue", "green")))
    assert setup.cols == 16 and [f.side for f in setup.fleets] == ["red", "blue", "green"]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(fleets)]
    state = initial_state(setup, PiratesOptions(), seats)
    assert state.home("green").name == "Jade Cove"
    assert all(s.docked == state.home(s.side).id for s in state.ships)
    assert {s.side for s in state.ships} == {"red", "blue", "green"}
    fleets["gold"] = buy("gold", "gull")
    four = FLEETS.setup(fleets, Battle(budget=30, sides=("red", "blue", "green", "gold")))
    assert four.cols == 18 and [f.side for f in four.fleets][-1] == "gold"
    state = initial_state(four, PiratesOptions(), [*seats, Seat(id="p4", side="gold")])
    gull = next(s for s in state.ships if s.side == "gold")
    assert gull.docked == state.home("gold").id and state.home("gold").name == "Gilt Haven"


def test_a_named_object_is_unique_across_three_fleets():
    """"Può esistere durante il gioco solo un oggetto [...] con un nome proprio": the third
    fleet cannot have what the first has."""
    fleets = {"red": buy("red", "sloop", "mara-quill"), "blue": buy("blue", "gull"),
              "green": buy("green", "sloop", "mara-quill")}
    found = words(FLEETS.game_problems(fleets, Battle(budget=30, sides=tuple(fleets))))
    assert found == ["Mara Quill is in the Red fleet already: an object with a name of its own is unique in the game, "
                     "so the Green fleet cannot have it too."]
    assert "la flotta Verde non può averlo" in words(FLEETS.game_problems(fleets, Battle(budget=30)), "it")[0]
    with pytest.raises(PriceError):
        FLEETS.setup(fleets, Battle(budget=30, sides=tuple(fleets)))


def test_every_design_on_sale_is_worded_in_both_languages():
    """The builder form shows every design's label: a crew's ability among them (the
    firepot specialist, the Pale Mariner's ghost, Lady Vane's ransom)."""
    for design in FLEETS.terms().designs:
        en, it = design.label.render("en"), design.label.render("it")
        assert en and it and "pirates." not in en + it, design.id
