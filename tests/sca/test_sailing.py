"""Sezione 5: sails, speeds, luffing and bearing away, the tack over two turns, collisions."""
from __future__ import annotations

import pytest

from rules.sca import wind as W
from tests.sca.helpers import event, kinds, order, part, ship, start


def test_velocita_by_sail_wind_and_rigging_lost():
    """"La velocità di movimento è di 180mm con vele spiegate e di 90mm con vele di manovra"; "un
    vascello che ha perso 3 RDC non può manovrare con vele da manovra, dovrà incrementarle fino a vele
    spiegate, per poi muovere a 90mm"; note 11: "aria leggera ... 75mm/150mm ... vento forte ...
    120mm/240mm"."""
    assert (W.speed("breeze", "full", 0), W.speed("breeze", "easy", 0)) == (180, 90)
    assert (W.speed("breeze", "easy", 3), W.speed("breeze", "full", 3)) == (0, 90)
    assert (W.speed("light", "full", 0), W.speed("light", "easy", 0)) == (150, 75)
    assert (W.speed("strong", "full", 0), W.speed("strong", "easy", 0)) == (240, 120)
    assert W.speed("breeze", "furled", 0) == 0


def test_velocita_of_small_vessels():
    """Appendice 4: "Un vascello a due alberi riduce del 25% della propria velocità per ogni RDC perso.
    Un'imbarcazione ad un solo albero riduce del 50%"."""
    assert W.speed("breeze", "full", 1, masts=2) == 135 and W.speed("breeze", "full", 1, masts=1) == 90


@pytest.mark.parametrize("off,changes", [
    (3, {"luff": [], "bear": [1, 2, 3]}),  # close-hauled: no luffing into the wind
    (4, {"luff": [1], "bear": [1, 2, 3]}),
    (5, {"luff": [1, 2], "bear": [1, 2, 3]}),
    (7, {"luff": [1, 2], "bear": [1, 2]}),  # "da una quarta a poppa ... di due quarte al massimo"
    (8, {"luff": [1, 2], "bear": []}),  # "direttamente dalla poppa possono solo orzare"
])
def test_orzare_e_poggiare(off, changes):
    """"orzando di una o due quarte ... oppure poggiando di uno, due o tre quarte"."""
    wind = 0
    heading = off  # east of the wind: clockwise bears away
    got = {"luff": [], "bear": []}
    for p in W.legal_changes(heading, wind):
        kind = W.turn_kind(heading, wind, p)
        if (kind == "luff") == (p < 0) or off == 8:
            got[kind].append(abs(p))
    assert {k: sorted(set(v)) for k, v in got.items()} == changes


def far_enemy():
    return ship("far", "french", 2600, 1700, 12)


def test_virata_over_two_turns_then_half_speed():
    """"la virata è effettuata su due turni consecutivi"; "ruotare la nave di tre quarte, senza
    movimento in avanti, in modo che la nave sia esattamente contro vento"; "nel turno successivo ...
    ruotare la nave di tre quarte allontanandola dalla direzione del vento, dalla parte opposta";
    "nel turno ancora successivo la nave può muovere alla metà della velocità consentita"."""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("ENE")), far_enemy(), wind=0)
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    a = state.ship("a")
    assert (W.name(a.heading), a.tack, (a.x, a.y)) == ("N", 1, (500, 500)) and "tack_begun" in kinds(step)
    state, _ = part(ruleset, state, [], [3, 3, 3])  # the French part
    assert [a.label_in("en") for a in ruleset.spec(state, ruleset.pending(state)[0]).actions] == ["Complete the tack"]
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    a = state.ship("a")
    assert (W.name(a.heading), a.tack, (a.x, a.y), a.half_speed) == ("WNW", 0, (500, 500), True)
    state, _ = part(ruleset, state, [], [3, 3, 3])
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert event(step, "moved").data["mm"] == 45  # half of 90 at easy sail


def test_virata_fallita_back_where_she_began():
    """"Nel caso la manovra, in qualsiasi momento, non abbia successo ... la nave è riportata nella
    posizione in cui si trovava all'inizio della virata e subisce un danno pari al 10% di un RDC.\""""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("ENE")), far_enemy(), wind=0)
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    state, _ = part(ruleset, state, [], [3, 3, 3])
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [1, 1, 2])  # Ability 4
    a = state.ship("a")
    assert (W.name(a.heading), a.tack, (a.x, a.y)) == ("ENE", 0, (500, 500))
    assert a.rigging_points == pytest.approx(8.0)  # 10 % of an 80-point DC
    assert "tack_failed" in kinds(step)


def test_virata_critica_at_3_bears_away_unordered():
    """"La manovra ... si rivela un completo fallimento con un punteggio di Abilità pari a 3 ... La nave
    deve immediatamente poggiare una quarta allontanando la prua dal vento anche se la nave non ha
    ricevuto ordine di modificare la propria rotta.\""""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("E")), far_enemy(), wind=0)
    state, step = part(ruleset, state, [order(state, "a")], [1, 1, 1])
    assert W.name(state.ship("a").heading) == "ESE" and "critical_tack" in kinds(step)


def test_modificare_la_rotta_needs_the_score():
    """"La nave deve modificare la propria direzione di movimento prima di muovere in linea retta";
    the "modificare la rotta" column fails at 4 and 5, succeeds from 6."""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("E")), far_enemy(), wind=0)
    failed, _ = part(ruleset, state, [order(state, "a", course="SE")], [1, 1, 3])
    assert W.name(failed.ship("a").heading) == "E"
    done, step = part(ruleset, state, [order(state, "a", course="SE")], [1, 2, 3])
    assert W.name(done.ship("a").heading) == "SE" and event(step, "moved").data["heading"] == "SE"


def test_velatura_one_step_a_turn():
    """"In un turno è possibile passare alla condizione superiore o inferiore"; "aumentare velatura"
    succeeds from 6, "diminuire velatura" from 7."""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("E")), far_enemy(), wind=0)
    up, step = part(ruleset, state, [order(state, "a", sail="up")], [1, 2, 3])
    assert up.ship("a").sail == "full" and event(step, "moved").data["mm"] == 180
    down, _ = part(ruleset, state, [order(state, "a", sail="down")], [1, 2, 3])
    assert down.ship("a").sail == "easy"
    down, step = part(ruleset, state, [order(state, "a", sail="down")], [1, 2, 4])
    assert down.ship("a").sail == "furled" and "moved" not in kinds(step)


@pytest.mark.parametrize("sail,percent", [("easy", 20), ("full", 50)])
def test_collisioni_damage_by_sail(sail, percent):
    """"ogni vascello perde il 20% di un RDC se la collisione avviene con vele di manovra — Easy Sail, il
    50% se a vele spiegate — Full Sail"; "La posizione dei vascelli coinvolti non è modificata".\""""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("E"), sail=sail),
                           ship("t", "french", 600, 500, W.POINTS.index("S")), wind=0)
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    a, t = state.ship("a"), state.ship("t")
    assert a.x == pytest.approx(500 + 100 - 20 - 32.5, abs=0.01)  # stopped at the touch
    assert a.rigging_points == t.rigging_points == pytest.approx(80 * percent / 100)
    assert [c.grade for c in a.contacts] == ["E"] and [c.other for c in t.contacts] == ["a"]
    assert event(step, "collision").data["percent"] == percent


def test_liberare_da_una_collisione_then_half_speed():
    """"se il tentativo di liberare ha successo il vascello può muovere alla metà della velocità
    consentita"; a contact with an enemy after a collision needs E (Ability 8)."""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("E")),
                           ship("t", "french", 600, 500, W.POINTS.index("S")), wind=0)
    state, _ = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    # The French ship is hove to in the contact (-1): 3+3+2 = 8 - 1 = 7 frees from a friend only.
    held, step = part(ruleset, state, [order(state, "t", cast_off="yes")], [3, 3, 2])
    assert held.ship("t").contacts and "not_freed" in kinds(step)
    freed, step = part(ruleset, state, [order(state, "t", cast_off="yes")], [3, 3, 3])
    assert not freed.ship("t").contacts and not freed.ship("a").contacts
    assert event(step, "moved").data["mm"] == 45
    # "Se l'altro vascello si libera la nave rimane alla deriva fino ad un nuovo turno in cui potrà
    # muovere liberamente, ma alla metà della velocità."
    assert freed.ship("a").half_speed
    freed, step = part(ruleset, freed, [order(freed, "a", course="ENE")], [4, 4, 4])
    assert event(step, "moved").data["mm"] == 45


def test_area_di_gioco_the_sea_moves():
    """"Se, nel corso della partita, una o più navi raggiungono il bordo del tavolo semplicemente
    spostare tutti i modelli in direzione opposta della stessa distanza".\""""
    ruleset, state = start(ship("a", "british", 2900, 500, W.POINTS.index("E"), sail="full"),
                           ship("t", "french", 1000, 1500, W.POINTS.index("W")), wind=0)
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    shift = event(step, "sea_shift").data["dx"]
    assert shift < 0 and state.ship("t").x == pytest.approx(1000 + shift, abs=1)
    assert state.ship("a").x + 32.5 <= 3000


def test_regola_opzionale_9_rigging_test_for_a_failed_tack():
    """"Il test deve essere effettuato quando la nave: fallisce il secondo turno di una virata"; "Se il
    punteggio modificato è negativo ... moltiplicando il punteggio modificato (trascurando il segno) per un
    decimo di DC della nave" — average crew 8, 3d6 3 -2, full sail -5, breeze -3: -2, 16 points."""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("ENE"), sail="full"), far_enemy(), wind=0,
                           rigging_tests=True)
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    state, _ = part(ruleset, state, [], [3, 3, 3])
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [1, 1, 2, 1, 1, 1])
    assert event(step, "rigging_test").data["score"] == -2
    assert state.ship("a").rigging_points == pytest.approx(16.0)


def test_regola_opzionale_9_full_sail_in_a_strong_wind():
    """"si trova con velatura spiegata — Full Sail — con vento forte — Strong Wind (il test va ripetuto in
    ogni turno fino a quando la velatura non viene ridotta)": 8 + 2 (3d6 18) - 5 - 4 = 1, no harm."""
    ruleset, state = start(ship("a", "british", 500, 500, W.POINTS.index("E"), sail="full"), far_enemy(), wind=0,
                           strength="strong", rigging_tests=True)
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4, 6, 6, 6])
    assert event(step, "rigging_test").data == {"ship": "A", "roll": 18, "score": 1, "why": "strong wind",
                                                 "damage": 0.0}
