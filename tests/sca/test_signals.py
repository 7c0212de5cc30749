"""Appendice 3 and optional rule 11: signals from the flagship (a switch)."""
from __future__ import annotations

from rules.sca import wind as W
from tests.sca.helpers import kinds, order, part, ship, start

E = W.POINTS.index("E")


def fleet():
    return start(ship("a", "british", 500, 500, E), ship("b", "british", 500, 800, E),
                 ship("t", "french", 2500, 1700, W.POINTS.index("W")),
                 ship("u", "french", 620, 800, W.POINTS.index("N")), signals=True)


def choices(ruleset, state, ship_id, param):
    decision = next(d for d in ruleset.pending(state) if d.subject == ship_id)
    return ruleset.spec(state, decision).action("sail").param(param).values()


def test_the_fleet_holds_course_and_sails_until_signalled():
    """"la flotta dovrebbe mantenere rotta e velocità fino a quando non le viene ordinato diversamente da
    un segnale proveniente dall'ammiraglia"; "I vascelli, però, possono far fuoco senza ordine apposito e
    agire in modo indipendente a 200mm o meno dal nemico\"."""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("b", "british", 500, 800, E),
                           ship("t", "french", 2500, 1700, W.POINTS.index("W")), signals=True)
    assert choices(ruleset, state, "b", "course") == ["E"] and choices(ruleset, state, "b", "sail") == ["hold"]
    assert len(choices(ruleset, state, "a", "course")) > 1, "the flagship steers as she likes"
    assert choices(ruleset, state, "b", "fire") == ["none", "port", "starboard", "both"]
    ruleset, state = fleet()  # an enemy within 200 mm of b
    assert len(choices(ruleset, state, "b", "course")) > 1


def test_a_signal_read_is_obeyed_from_the_next_part():
    """"Per ricevere ed interpretare un messaggio composto di un solo elemento è necessario un punteggio
    pari o superiore a 7. per ricevere correttamente un segnale composto di due elementi è necessario un
    punteggio di 8 o più.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("b", "british", 500, 800, E),
                           ship("c", "british", 500, 1100, E), ship("t", "french", 2500, 1700, W.POINTS.index("W")),
                           signals=True)
    flag = order(state, "a", signal_course="SE", signal_sail="none")
    # One element: b reads on 7, c misses on 6.
    state, step = part(ruleset, state, [flag, order(state, "b"), order(state, "c")], [3, 3, 3, 3, 3, 1, 2, 2, 2])
    assert kinds(step)[-4:] == ["signal", "signal_read", "signal_missed", "part_end"]
    assert (state.ship("b").signal_course, state.ship("c").signal_course) == ("SE", None)
    state, _ = part(ruleset, state, [order(state, "t")], [3, 3, 3])
    assert choices(ruleset, state, "b", "course") == ["E", "SE"] and choices(ruleset, state, "c", "course") == ["E"]


def test_two_elements_need_8():
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("b", "british", 500, 800, E),
                           ship("t", "french", 2500, 1700, W.POINTS.index("W")), signals=True)
    flag = order(state, "a", signal_course="SE", signal_sail="up")
    state, step = part(ruleset, state, [flag, order(state, "b")], [3, 3, 3, 3, 3, 1])
    assert "signal_missed" in kinds(step) and state.ship("b").signal_sail is None
    state2, step = part(ruleset, start(ship("a", "british", 500, 500, E), ship("b", "british", 500, 800, E),
                                       ship("t", "french", 2500, 1700, W.POINTS.index("W")), signals=True)[1],
                        [flag, order(state, "b")], [3, 3, 3, 3, 3, 2])
    assert state2.ship("b").signal_sail == "up"
