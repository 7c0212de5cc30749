"""Sezione 4: the Ability score, its modifiers, and the Ability table row by row."""
from __future__ import annotations

import pytest

from rules.sca import ability as A

F, OK = "fail", "ok"
# The table as the rulebook prints it, score 3 to 18 (columns: estinguere incendio, liberare la nave,
# aumentare velatura, diminuire velatura, modificare la rotta, corta, media, lunga, approntare abbordaggio).
ROWS = {
    3: ("-2DC", F, F, F, "critical", "unlucky", "unlucky", "unlucky", F),
    4: ("-1DC", F, F, F, F, "unlucky", "unlucky", "unlucky", F),
    5: ("-50%", F, F, F, F, "miss", "miss", "miss", F),
    6: ("-20%", F, OK, F, OK, "hit", "miss", "miss", F),
    7: ("-10%", "A", OK, OK, OK, "hit", "miss", "miss", OK),
    8: (F, "AE", OK, OK, OK, "hit", "hit", "miss", OK),
    9: (F, "AEB", OK, OK, OK, "hit", "hit", "miss", OK),
    **{s: (OK, "All", OK, OK, OK, "hit", "hit", "hit", OK) for s in range(10, 16)},
    16: (OK, "All", OK, OK, OK, "decisive", "hit", "hit", OK),
    17: (OK, "All", OK, OK, OK, "decisive", "decisive", "hit", OK),
    18: (OK, "All", OK, OK, OK, "decisive", "decisive", "decisive", OK),
}


def shown(column: str, score: int) -> str:
    got = A.result(column, score)
    if isinstance(got, A.Failed):
        return f"-{got.dcs}DC" if got.dcs else f"-{got.percent}%" if got.percent else F
    return str(got)


@pytest.mark.parametrize("score", range(3, 19))
def test_tabella_abilita_every_row(score):
    """"Per decidere se un'azione è eseguita correttamente incrociare il punteggio di Abilità con la
    colonna opportuna nella tabella.\""""
    assert tuple(shown(c, score) for c in A.COLUMNS) == ROWS[score]


def test_punteggio_di_abilita_modifiers():
    """"equipaggio Eccellente: +2; Buono: +1; Scarso: -1; per ogni DC perso: -1; per ogni incendio a
    bordo: -1; vascello alla deriva — Hove to: -1; timone danneggiato: -1\""""
    assert A.Modifiers("elite").total() == 2 and A.Modifiers("good").total() == 1
    assert A.Modifiers("average").total() == 0 and A.Modifiers("poor").total() == -1
    assert A.Modifiers("good", dcs_lost=2, fires=1, hove_to=True, rudder=True).total() == 1 - 2 - 1 - 1 - 1


def test_punteggio_never_below_3_nor_above_18():
    """"Il punteggio di abilità modificato non può mai essere inferiore a tre o superiore a 18.\""""
    assert A.score(3, A.Modifiers("poor", dcs_lost=4)) == 3
    assert A.score(18, A.Modifiers("elite")) == 18
    assert A.score(10, A.Modifiers("good", fires=2)) == 9


def test_liberare_la_nave_grades():
    """"un risultato di A permette di rompere il contatto con una nave amica ...; E — Enemy ... da una
    nave nemica provocato da una collisione; B — Boarding ... da una nave nemica che ha abbordato; All
    ... comunque si sia generato".\""""
    assert [g for g in A.FREE_GRADES if A.frees(7, g)] == ["A"]
    assert [g for g in A.FREE_GRADES if A.frees(9, g)] == ["A", "E", "B"]
    assert [g for g in A.FREE_GRADES if A.frees(10, g)] == ["A", "E", "B", "All"]
    assert not any(A.frees(6, g) for g in A.FREE_GRADES)
