"""Sezione 7 (boarding and melee) and Sezione 8 (morale, surrender, victory)."""
from __future__ import annotations

import pytest

from rules.sca import wind as W
from rules.sca.morale import band, melee_outcome, melee_score, morale_score, victory_points
from tests.sca.helpers import event, kinds, order, part, ship, start

E, S = W.POINTS.index("E"), W.POINTS.index("S")


@pytest.mark.parametrize("total,mod", [(3, -2), (6, -2), (7, -1), (10, -1), (11, 1), (14, 1), (15, 2), (18, 2)])
def test_test_di_mischia_bands(total, mod):
    """"se il punteggio dei 3d6 è 3-6: -2; 7-10: -1; 11-14: +1; 15-18: +2\""""
    assert band(total) == mod


@pytest.mark.parametrize("score,outcome", [(-1, "repelled"), (0, "repelled"), (1, "continues"), (2, "continues"),
                                           (3, "captured")])
def test_risultato_della_mischia(score, outcome):
    """"0 o meno: gli arrembatori sono respinti; 1-2: la mischia continua nel turno successivo; 3 o più:
    il vascello è catturato.\""""
    assert melee_outcome(score) == outcome


def test_test_di_mischia_modifiers():
    """"qualità del proprio equipaggio superiore: +1; per ogni DC perso sulla nave avversaria: +1; per
    ogni nave in supporto agli arrembatori: +1; la propria nave più grande (confrontare il BF iniziale):
    +1"; ... "Navi in supporto di entrambe si annullano a vicenda".\""""
    _, state = start(ship("a", "british", 500, 500, E, type="74C", crew="good"),
                     ship("t", "french", 2500, 1500, E, crew="poor"))
    a, t = state.ship("a"), state.ship("t")
    t.rigging_lost = 2
    assert melee_score(12, a, t, 1, 0) == 1 + 1 + 2 + 1 + 1
    assert melee_score(12, a, t, 1, 1) == 1 + 1 + 2 + 1
    assert melee_score(12, t, a, 0, 0) == 1 - 1 - 2 - 1


def test_abbordare_contact_under_easy_sail_then_melee_and_capture():
    """"come contatto deliberato con l'intenzione di abbordare: la nave che provoca il contatto deve avere
    vele da manovra ...; non ci sono danni per il contatto"; "il veliero abbordato è catturato: la nave
    catturata passa al giocatore che ha vinto la mischia"; "la nave catturata non può far fuoco o
    abbordare\"."""
    ruleset, state = start(ship("a", "british", 500, 500, E, crew="good"),
                           ship("t", "french", 600, 500, S))
    # Ability 12 + 1; boarders ready; melee 3d6 18: +2, better crew +1 = 3.
    state, step = part(ruleset, state, [order(state, "a", boarders="yes")], [4, 4, 4, 6, 6, 6])
    a, t = state.ship("a"), state.ship("t")
    assert a.rigging_points == t.rigging_points == 0
    assert [c.grade for c in t.contacts] == ["B"] and "boarding_contact" in kinds(step)
    assert event(step, "melee").data["outcome"] == "captured"
    assert (t.status, t.owner, t.seat) == ("captured", "british", "p1")
    (decision,) = [d for d in ruleset.pending(state)] or [None]
    assert decision is None  # the French have nothing left to order
    assert state.step == "over" and state.winner == "british"


def test_a_melee_that_goes_on_locks_both_ships():
    """"la mischia continua: il giocatore avversario ... non può tentare di liberare la nave";
    "durante una mischia nessuna delle navi coinvolte può tentare di liberarsi".\""""
    ruleset, state = start(ship("a", "british", 500, 500, E),
                           ship("t", "french", 600, 500, S), ship("u", "french", 2500, 1500, E))
    state, step = part(ruleset, state, [order(state, "a", boarders="yes")], [4, 4, 4, 4, 4, 4])  # melee 1
    assert event(step, "melee").data["outcome"] == "continues"
    t_decision = next(d for d in ruleset.pending(state) if d.subject == "t")
    assert ruleset.spec(state, t_decision).actions[0].param("cast_off") is None


def test_a_struck_ship_is_taken_without_a_melee():
    """"Per abbordare una nave che ha ammainato la bandiera — struck ship — è sufficiente approntare le
    squadre di abbordaggio e arrivare a contatto.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("t", "french", 600, 500, S),
                           ship("u", "french", 2500, 1500, E))
    state.ship("t").status = "struck"
    state, step = part(ruleset, state, [order(state, "a", boarders="yes")], [4, 4, 4])
    assert state.ship("t").status == "captured" and "melee" not in kinds(step)


def test_il_test_del_morale_score():
    """"si parte da un valore base che è pari al valore di un DC diviso per dieci" and "fuoco a bordo: -1;
    nave alla deriva: -1; timone danneggiato: -1; per ogni RDC perso: -1; per ogni nave avversaria che ha
    colpito la propria nave nel turno: -1; per ogni test del morale precedente: -1; per ogni HDC perso: -2;
    per ogni infilata di prua: -2; per ogni infilata di poppa: -4".\""""
    _, state = start(ship("a", "british", 500, 500, E, type="74C", crew="good", sail="furled"),
                     ship("t", "french", 2500, 1500, E))
    a = state.ship("a")
    a.fires_hull, a.rudder, a.rigging_lost, a.hit_by, a.morale_tests = 1, True, 1, ["t", "u"], 1
    a.hull_lost["port"], a.bow_rakes, a.stern_rakes = 1, 1, 1
    assert morale_score(12, a) == 13 + 1 - 1 - 1 - 1 - 1 - 2 - 1 - 2 - 2 - 4


@pytest.mark.parametrize("decks,lost,due", [(1, 1, True), (2, 1, False), (2, 2, True), (3, 2, False), (3, 3, True)])
def test_quando_il_test_del_morale(decks, lost, due):
    """"per i vascelli ad un solo ponte ogni volta che si perde un DC; per i vascelli a due ponti quando
    perdono il secondo DC ...; per i vascelli a tre ponti quando perdono il terzo DC".\""""
    from rules.sca.damage import morale_trigger
    kind = {1: "36-40", 2: "74C", 3: "98S"}[decks]
    _, state = start(ship("a", "british", 500, 500, E, type=kind), ship("t", "french", 2500, 1500, E))
    a = state.ship("a")
    a.rigging_lost = lost
    assert morale_trigger(a) is due


def test_condizioni_di_vittoria():
    """"per ogni nave nemica che ha perso almeno un DC: 1 punto; per ogni nave nemica che ha ammainato la
    bandiera o è stata distrutta: 50% del BF iniziale; per ogni nave nemica catturata: il BF iniziale"
    (arrotondare per difetto); note 10's reading as a switch."""
    _, state = start(ship("a", "british", 500, 500, E, type="74C"), ship("b", "british", 700, 500, E),
                     ship("t", "french", 2500, 1500, E, type="74C"), ship("u", "french", 2500, 1200, E))
    state.ship("t").status, state.ship("t").rigging_lost = "struck", 2
    state.ship("u").status = "captured"
    state.ship("a").rigging_lost = 1
    assert victory_points(state, state.options) == {"british": 1 + 3.5 // 1 + 4, "french": 1}
    state.options.dc_victory_points = True
    assert victory_points(state, state.options) == {"british": 2 + 7 + 8, "french": 1}
