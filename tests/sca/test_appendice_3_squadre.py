"""Appendice 3 of the optional rules, "squadre": "Questa appendice riporta la proporzione
storica di navi di ogni classe presente in una squadra per alcune potenze navali
dell'epoca", each list "una squadra di 10 navi di linea". The fleets by points check a
fleet against its nation's list when a nation is chosen, and only then."""
from __future__ import annotations

import pytest

from rules.core.fleets import PriceError
 
from rules.core.registry import get_ruleset
from rules.sca.fleets import FLEETS
from rules.sca.squadrons import breaches, category


def _fleet(nation: str, *designs: str):
    return [FLEETS.price("british", d, {"nation": nation}) for d in designs]


def _problems(fleet) -> list[str]:
    return [p.code for p in FLEETS.problems("british", fleet)]


def test_appendice_3_large_and_middling_third_rates():
    """"una nave di terza classe con 74 cannoni large o più sarà indicata come (L), una
    media — middling — o meno con (S)"."""
    assert category("80S/74L") == "3rd-L"
    assert [category(d) for d in ("74M", "74C", "64")] == ["3rd-S"] * 3
    assert category("56-60") == "4th" and category("razee-44") == "frigate-4th"


def test_appendice_3_no_nation_chosen_keeps_todays_fleets():
    """The lists are optional: with no nation, three first rates are still a fleet."""
    fleet = [FLEETS.price("british", "130", {}) for _ in range(3)]
    assert _problems(fleet) == []
    assert fleet[0].params == {"crew": "average"}


def test_appendice_3_francia_al_piu_una_nave_di_prima_classe():
    """Francia: "al più una nave di prima classe; fino a 10 di terza classe (L); fino a 2 di
    terza classe (S)", and no second rates."""
    assert _problems(_fleet("france", "130", "80S/74L", "80S/74L", "74C")) == []
    assert _problems(_fleet("france", "130", "120/112L", "80S/74L")) == ["sca.fleet.over-list"]
    assert _problems(_fleet("france", "98S", "80S/74L")) == ["sca.fleet.over-list"]  # no 2nd rate in the list
    assert _problems(_fleet("france", "74C", "74C", "74M")) == ["sca.fleet.over-list"]  # three (S)


def test_appendice_3_danimarca_no_first_rate_and_one_fourth_rate_frigate():
    """Danimarca: "al più una nave di seconda classe ... al massimo una fregata di quarta
    classe e un numero illimitato di fregate di quinta classe"."""
    assert breaches("denmark", ["130"]) == [("1st", 0, 1)]
    assert breaches("denmark", ["razee-44", "razee-44", "74C"]) == [("frigate-4th", 1, 2)]
    assert breaches("denmark", ["74C", *["36-40"] * 9]) == []


def test_appendice_3_stati_uniti_ten_ships_without_a_line():
    """Stati Uniti: "non avevano vascelli di linea ... fino a 2 fregate di quarta classe;
    fino a 8 fregate di quinta classe; fino a 3 fregate di sesta classe"."""
    assert breaches("united_states", ["74C"]) == [("3rd-S", 0, 1)]
    assert breaches("united_states", ["44", "44", "36-40", "20-28"]) == []
    assert breaches("united_states", ["20-28"] * 4) == [("frigate-6th", 3, 4)]


def test_appendice_3_a_larger_squadron_keeps_the_proportion():
    """The lists are for ten of the line: twelve British of the line may have two first
    rates (1 x 12/10, rounded up); ten may not."""
    assert breaches("britain", ["130", "130", *["74C"] * 8]) == [("1st", 1, 2)]
    assert breaches("britain", ["130", "130", *["74C"] * 8, "64", "64"]) == []


def test_appendice_3_one_nation_a_squadron_and_the_words_in_both_languages():
    fleet = _fleet("spain", "130") + _fleet("france", "74C")
    problems = FLEETS.problems("british", fleet)
    assert [p.code for p in problems] == ["sca.fleet.one-nation"]
    over = FLEETS.problems("british", _fleet("sweden", "130"))[0]
    assert over.render("en") == ("The Swedish squadron list allows at most 0 first rates here; this fleet has 1.")
    assert over.render("it") == ("La lista della squadra svedese ammette qui al più 0 navi di prima classe; "
                                  "questa flotta ne ha 1.")
    with pytest.raises(PriceError):
        FLEETS.price("british", "74C", {"nation": "atlantis"})


def test_appendice_3_a_ship_left_at_any_sails_in_the_named_squadron():
    fleet = _fleet("france", "130") + [FLEETS.price("british", "120/112L", {})]
    assert _problems(fleet) == ["sca.fleet.over-list"]


def test_appendice_3_the_camperdown_scenario_keeps_both_lists():
    """Gran Bretagna "fino a 8 di terza classe (S); fino a 2 di quarta classe"; Paesi Bassi
    "fino a 10 di terza classe (S); fino a 6 di quarta classe", frigates besides."""
    setup = get_ruleset("sca").scenarios()["camperdown"]
    nations = {"british": "britain", "dutch": "netherlands"}
    for side, nation in nations.items():
        designs = [s.type for s in setup.ships if s.side == side]
        assert len(designs) == 8 and breaches(nation, designs) == []
    assert setup.title == "sca.scenario.camperdown"


@pytest.mark.parametrize("seed", [3, 17])
def test_appendice_3_the_camperdown_scenario_plays(seed):
    from tests.conformance.test_rulesets import play
    ruleset, state, record = play("sca", "camperdown", seed)
    assert record.steps


def test_appendice_3_l_80l_e_una_terza_classe_large():
    """"una nave di terza classe con 74 cannoni large o più sarà indicata come (L)"; Francia: "fino a
    10 di terza classe (L)", and no second rate. Sezione 2 vi's French example squadron sails a "Buono
    80L 10 160 11", the statistics table's two-decked large 80 (printed among the second rates): in
    the lists she is a large third rate, so the rulebook's own example keeps its list. The three-decked
    second rates (98S, 90) stay second rates."""
    assert category("80L") == "3rd-L"
    assert (category("98S"), category("90")) == ("2nd", "2nd")
    assert breaches("france", ["80L", "74L", "64", "36"]) == []
    assert breaches("france", ["90", "74L"]) == [("2nd", 0, 1)]
    assert _problems(_fleet("france", "80L", *["80S/74L"] * 9)) == []
    assert _problems(_fleet("france", "80L", "120/112L", "130")) == ["sca.fleet.over-list"]  # two 1st


def test_appendice_3_le_corvette_tra_le_imbarcazioni_non_classificate():
    """Gran Bretagna: "un numero illimitato di fregate di quinta e sesta classe, bomb vessels e altre
    imbarcazioni non classificate — unrated", no "corvette" named; Appendice 4: "un brigantino a due
    alberi da 16 cannoni" is its example of an unrated vessel. A list naming no corvettes counts them
    among the unrated, unlimited for Britain, Portugal, Russia, Sweden."""
    for nation in ("britain", "portugal", "russia", "sweden"):
        assert breaches(nation, ["74C", "16-18", "16-18", "12-14"]) == []
    assert category("16-18") == "corvette" and breaches("france", ["16-18"] * 5) == []


@pytest.mark.parametrize("name", ["duel", "squadrons", "fleet-action", "brush", "harbour", "camperdown"])
def test_appendice_3_every_scenario_keeps_its_nations_list(name):
    """Every ready scenario's side sails within its nation's list (British, French, Dutch): the example
    squadrons of Sezione 2 vi ("Francesi: Buono 80L ... Scarso 74L ... Scarso 64 ... Normale 36"), the
    fleet action's ten of the line a side, the frigate duel, the brush of brig-sloops, the harbour
    (its heavy battery is a shore defence, no squadron's)."""
    from rules.sca.squadrons import scenario_breaches
    setup = get_ruleset("sca").scenarios()[name]
    assert scenario_breaches(setup) == {}


def test_appendice_3_a_scenario_out_of_its_list_is_found():
    from rules.sca.squadrons import scenario_breaches
    setup = get_ruleset("sca").scenarios()["squadrons"].model_copy(deep=True)
    for s in setup.ships:
        if s.side == "french" and s.type == "64":
            s.type = "98S"
    assert scenario_breaches(setup) == {"french": [("2nd", 0, 1)]}
