"""Sezione 1 and 2 (organising a fleet, the weather) and Appendice 1 (changing wind)."""
from __future__ import annotations

import pytest

from rules.core import registry
from rules.sca import fleet as F
from rules.sca import wind as W


def test_statistiche_the_table_rows():
    """"Rate Guns DC BF": "1st 120/112L 190 13", "3rd 74C 120 7", "6th 16-18 50 1.5", "Gunboat Small 30 .5",
    "Cittadella 1000 10", "Batteria costiera leggera 500 1"."""
    rows = {k: (t.rate, t.dc, t.bf) for k, t in F.TYPES.items()}
    assert rows["120/112L"] == ("1st", 190, 13)
    assert rows["74C"] == ("3rd", 120, 7)
    assert rows["16-18"] == ("6th", 50, 1.5)
    assert rows["gunboat-small"] == ("unrated", 30, 0.5)
    assert rows["citadel"] == ("shore", 1000, 10) and F.TYPES["citadel"].fixed
    assert rows["light-battery"] == ("shore", 500, 1)
    assert rows["razee-74"] == ("3rd", 120, 6)


def test_qualita_dell_equipaggio_changes_cost_ability_and_dc():
    """"Eccellente ... il costo del vascello è aumentato di due punti, l'Abilità è aumentata di due
    punti e la Capacità di difesa ... di 20; ... Scarsa, il costo è diminuito di un punto, l'Abilità
    di un punto ed ogni DC di 10 punti.\""""
    t = F.ship_type("74C")
    assert [(F.cost(t, c), F.dc_value(t, c), F.CREW_ABILITY[c]) for c in F.CREWS] == [
        (9, 140, 2), (8, 130, 1), (7, 120, 0), (6, 110, -1)]


def test_esempio_di_uno_squadrone_costs_28_a_side():
    """"Inglesi ... Buono 98S 10 170 11; Normale 74C 7 120 7; Normale 64 6 110 6; Buono 32 3 80 4;
    Totale 28. Francesi: Buono 80L 10 160 11; Scarso 74L 9 130 8; Scarso 64 6 100 5; Normale 36 4 80 4;
    Totale 28.\""""
    setup = registry.get_ruleset("sca").scenarios()["squadrons"]
    by_side: dict[str, list] = {}
    for s in setup.ships:
        t = F.ship_type(s.type)
        by_side.setdefault(s.side, []).append((t.bf, F.dc_value(t, s.crew), F.cost(t, s.crew)))
    assert by_side["british"] == [(10, 170, 11), (7, 120, 7), (6, 110, 6), (3, 80, 4)]
    assert by_side["french"] == [(10, 160, 11), (9, 130, 8), (6, 100, 5), (4, 80, 4)]
    assert sum(c for *_, c in by_side["british"]) == sum(c for *_, c in by_side["french"]) == 28


def test_allocazione_dei_dc():
    """"Sono assegnati due DC per ogni albero"; "una nave con BF pari a 3 ha 6 HDC: 3 a dritta ... e 3 a
    babordo"; Appendice 4: "un brigantino a due alberi da 16 cannoni ha 4 RDC ... e 3 HDC, 2x1.5";
    "barche cannoniere ad un solo albero: 1 RDC"."""
    assert F.rigging_dcs(3) == 6 and F.rigging_dcs(2) == 4 and F.rigging_dcs(1) == 1
    assert F.hull_dcs(3) == {"starboard": 3, "port": 3}
    assert sum(F.hull_dcs(1.5).values()) == 3


def test_basi_by_rate():
    """"85x40 mm per vascelli di prima e seconda classe; 75x40 mm per quelli di terza e quarta classe;
    65x40 mm per navi di quinta e sesta classe; 50x25 mm per imbarcazioni più piccole.\""""
    assert [F.base_of(F.ship_type(k)) for k in ("130", "90", "74C", "50-54", "44", "12-14", "gunboat-large")] == [
        (85, 40), (85, 40), (75, 40), (75, 40), (65, 40), (65, 40), (50, 25)]


def test_condizioni_meteo_five_points_are_into_the_wind():
    """"la quarta da cui soffia il vento più due quarte in entrambe le direzioni sono considerate
    controvento"; "Rimangono, quindi, solo 11 direzioni possibili per la navigazione"."""
    for wind in range(16):
        assert sum(W.in_irons(h, wind) for h in range(16)) == 5


def test_condizioni_del_vento_the_rulebook_example():
    """"Le direzioni consentite ad una nave vanno da nord-est a, in senso orario, ovest." — the list
    the rule gives for a wind from the north-north-west (see docs/rules/sca.md)."""
    allowed = [W.name(h) for h in range(16) if not W.in_irons(h, W.POINTS.index("NNW"))]
    assert allowed == ["NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W"]


def test_vento_casuale_on_3d6():
    """"tirare tre dadi, il punteggio indicherà la direzione da cui proviene il vento considerando il
    nord pari a 3 e contando in senso orario.\""""
    assert [W.name(W.random_wind(t)) for t in (3, 4, 7, 11, 18)] == ["N", "NNE", "E", "S", "NNW"]


def test_andature_points_of_sail():
    """"est-nord-est e ovest-nord-ovest la nave è di bolina; est e ovest ... al traverso; est-sud-est,
    sud-est ... al lasco; sud-sud-est, sud, sud-sud-ovest la nave ha il vento in poppa" (heading north)."""
    wind_east = W.POINTS.index("ENE")
    assert W.point_of_sail(0, wind_east) == "close"
    assert [W.point_of_sail(0, W.POINTS.index(p)) for p in ("E", "ESE", "SE", "SSE", "S")] == [
        "beam", "quarter", "quarter", "astern", "astern"]


@pytest.mark.parametrize("dice,after", [((1, 1, 1), ("NNW", "breeze")), ((6, 6, 6), ("NNE", "breeze")),
                                        ((2, 2, 2), ("N", "light")), ((5, 5, 5), ("N", "strong")),
                                        ((1, 2, 3), ("N", "breeze"))])
def test_appendice_1_changes_of_wind(dice, after):
    """"se il punteggio è 3 ... la direzione del vento gira di una quarta in senso antiorario, con un
    punteggio di 18 ... di una quarta in senso orario"; "un tiro di tre 2 diminuisce la forza del vento
    ... un tiro di tre 5 aumenta la forza del vento".\""""
    wind, strength = W.wind_change(dice, 0, "breeze")
    assert (W.name(wind), strength) == after


def test_appendice_1_three_strengths_no_further():
    """"non è possibile scendere al di sotto di aria leggera né al di sopra di vento forte.\""""
    assert W.wind_change((2, 2, 2), 0, "light")[1] == "light"
    assert W.wind_change((5, 5, 5), 0, "strong")[1] == "strong"


@pytest.mark.parametrize("total,point,strength", [(10, "N", "light"), (4, "E", "breeze"), (5, "W", "breeze"),
                                                  (3, "S", "strong"), (17, "E", "breeze"), (18, "S", "strong")])
def test_regola_opzionale_2_wind_at_the_start(total, point, strength):
    """"10,11: il vento viene da nord, 4,9,12,17: ... da est, 5,8,13,16: ... da ovest, 3,6,7,14,15,18: ... da
    sud"; strength "10,11: aria leggera; 4,9,12,17: brezza leggera; 5,8,13,16: brezza moderata;
    3,6,7,14,15,18: vento forte", both breezes one grade in the club's reading."""
    assert (W.name(W.setup_direction(total)), W.setup_strength(total)) == (point, strength)


def test_regola_opzionale_2_a_change_must_come_twice():
    """"se in questo turno si è avuto come risultato che il vento potrebbe diminuire di intensità e girare
    di una quarta in verso antiorario e nel turno precedente ... aumentare di intensità e girare di una
    quarta in verso antiorario allora, in questo turno, il vento gira di una quarta in verso antiorario\"."""
    assert W.confirmed(W.potential(16), W.potential(4)) == (0, -1)
    assert W.confirmed(W.potential(5), W.potential(6)) == (-1, 1)
    assert W.confirmed(None, W.potential(4)) == (0, 0)
    assert W.confirmed(W.potential(10), W.potential(4)) == (0, 0)


def test_regola_opzionale_2_in_play():
    """The throws at the start and at every turn's start; ships deployed into the wind turn out of it."""
    from rules.core import game, registry
    from rules.core.dice import ForcedDice
    from rules.sca.state import ScaOptions
    from tests.sca.helpers import SEATS
    ruleset = registry.get_ruleset("sca")
    setup = ruleset.scenarios()["duel"]  # ships heading E and W
    state, _ = game.start(ruleset, setup, ScaOptions(wind_rolls=True), SEATS,
                          ForcedDice([1, 1, 2, 2, 2, 1, 2, 1, 1]))  # from E (4), breeze (5); potential 4
    assert (W.name(state.wind), state.strength, state.wind_potential) == ("E", "breeze", (-1, -1))
    assert not any(W.in_irons(s.heading, state.wind) for s in state.ships)
