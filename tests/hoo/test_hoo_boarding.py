"""3.5 Arrembaggio, 3.5.1 aggancio, 3.5.2 sgancio, 3.5.3 adeguamento delle velocità."""
from __future__ import annotations

from rules.core.decisions import Order
from rules.hoo import actions
from rules.hoo.orders import STEPS
from tests.hoo.helpers import RULES, event, roller, ship, table


def _alongside():
    a, b = ship("a1", q=0, r=0, facing=0), ship("b1", "b", q=1, r=0, facing=0)
    return a, b, table(a, b, step="move")


def test_grappling_holds_unless_the_target_rolls_higher_and_both_stop():
    """3.5.1: "Se il giocatore che subisce il tentativo di aggancio non ottiene un punteggio superiore
    a quello del giocatore che tenta l'aggancio, le navi rimangono agganciate"; 3.5.3: "la velocità
    della nave che tenta l'aggancio passa automaticamente a zero e lo stesso avviene alla nave che
    lo subisce nel caso l'aggancio riesca"."""
    a, b, state = _alongside()
    r = roller(3, 3, *([1] * 10))  # a tie holds; then the crews throw 5D6 each, all misses
    actions.grapple(state, a, b, r)
    assert a.grappled == "b1" and b.grappled == "a1" and a.speed == 0 and b.speed == 0
    a, b, state = _alongside()
    actions.grapple(state, a, b, roller(3, 4))
    assert a.grappled is None and a.speed == 0 and b.speed == 4


def test_crews_throw_their_value_and_each_six_or_pair_of_fives_crosses_out_a_box():
    """3.5: "entrambi i giocatori lanciano un numero di D6 pari al valore del loro equipaggio
    eliminando ... una casella dell'equipaggio avversario per ogni 6 o doppio 5"."""
    a, b, state = _alongside()
    r = roller(6, 1, 6, 6, 5, 5, 1, 1, 1, 1, 2, 2, 3)  # grapple 6 v 1; a: 6 6 5 5 1, b: 1 1 1 2 2
    actions.grapple(state, a, b, r)
    assert event(r, "melee")["hits"] == 3 and b.lost["crew"] == 3 and a.lost["crew"] == 0


def test_boarding_that_takes_the_last_crew_box_makes_her_strike():
    """3.5: "Se viene cancellata anche l'ultima casella di equipaggio, la nave nemica si arrende"."""
    a, b, state = _alongside()
    b.lost["crew"] = 9
    actions.grapple(state, a, b, roller(6, 1, 6, 1, 1, 1, 1, 1))
    assert b.status == "struck" and a.grappled is None


def test_the_grappled_ship_may_cast_off_board_or_fire():
    """3.5: "la nave arrembata può scegliere tra: Sganciarsi ... Agganciarsi ... Fare fuoco"."""
    a, b, state = _alongside()
    a.grappled, b.grappled = "b1", "a1"
    state.order, state.active = ["b1", "a1"], 0
    spec = RULES.spec(state, RULES.pending(state)[0])
    assert {x.action for x in spec.actions} == {"board", "cast_off", "fire_alongside"}


def test_casting_off_frees_both_at_speed_one():
    """3.5.2 and 3.5.3: "le navi sono libere ed il giocatore che ha tentato lo sgancio può muovere e
    fare fuoco"; "Una volta libere, le navi ripartono con velocità 1"."""
    a, b, state = _alongside()
    a.grappled, b.grappled, a.speed, b.speed = "b1", "a1", 0, 0
    order = Order(decision="t1.a1.move", player="pa", payload={"action": "cast_off"})
    assert RULES.validate(state, order) == []
    STEPS["move"].resolve(state, {order.decision: order}, roller(4, 4))
    assert a.grappled is None and a.speed == 1 and b.speed == 1
    assert state.step == "move" and RULES.pending(state)[0].id == "t1.a1.move.again"


def test_fire_while_grappled_hits_guns_hull_or_crew_and_costs_two_boarding_dice():
    """3.5: "i copi a segno vengono assegnati a cannoni (1/2), scafo (3/4) od equipaggio (5/6). Se il
    giocatore decide di fare fuoco, subirà un modificatore di -2 al successivo lancio di abbordaggio"."""
    a, b, state = _alongside()
    a.grappled, b.grappled = "b1", "a1"
    r = roller(6, 1, 1, 1, 1, 1, 5)  # 6 dice, one hit, located 5: crew
    actions.fire_grappled(state, a, r)
    assert b.lost["crew"] == 1 and a.board_malus
    r = roller(*([1] * 3), *([1] * 4))
    actions.melee(state, a, b, r)
    assert event(r, "melee")["dice"] == 5 - 2 and not a.board_malus
