"""Muovere: ship sizes, segments, turns about the bow, reversing, islands and coast, docking."""
from __future__ import annotations

from rules.pirates import movement, sea, steps, turns
from rules.pirates.catalogue import SHIPS
from rules.pirates.movement import Plan
from rules.core.decisions import Decision
from tests.pirates.helpers import dice, new_state, put


def _check(state, ship, **payload):
    decision = Decision(id="x", kind="act", player=state.seat_of(ship.side))
    return steps.manoeuvre_check(state, decision, {"action": "move", "ship": ship.id, **payload}, None)


def test_muovere_squares_by_masts():
    """"Le navi con 4 o più alberi occupano 3 quadretti, con 2 o 3 alberi 2 quadretti e con
    1 albero 1 quadretto.\""""
    assert {k: SHIPS[k].squares for k in ("gull", "calico-cat", "red-heron", "iron-abbot", "black-tide")} == \
        {"gull": 1, "calico-cat": 2, "red-heron": 2, "iron-abbot": 3, "black-tide": 3}
    state = new_state()
    assert state.ship("iron-abbot").cells() == [(12, 11), (12, 10), (12, 9)]


def test_muovere_segment_s_up_to_3_l_up_to_4():
    """"La nave si muove fino a 3 quadretti per ogni segmento S e fino a 4 per ogni segmento L.\""""
    state = new_state()
    wasp = put(state.ship("sea-wasp"), 5, 3, 0)  # speed "LS"
    assert _check(state, wasp, go1=4, go2=3) == []
    assert [p.code for p in _check(state, wasp, go1=4, go2=4)] == ["out-of-range"]
    assert [p.code for p in _check(state, wasp, go1=1, go2=1, go3=1)] == ["out-of-range"]


def test_muovere_helmsman_adds_an_s_segment():
    state = new_state()
    heron = put(state.ship("red-heron"), 5, 1, 2)  # "SL" and a helmsman aboard
    assert movement.segments_of(state, heron) == "SLS"
    roller = dice()
    movement.move(state, heron, Plan([(0, 3), (0, 4), (-2, 3)]), roller)
    assert heron.cells() == [(12, 4), (12, 3)] and heron.facing == 0
    crew = next(c for c in state.crews if c.key == "helmsman")
    assert crew.revealed and crew.helped == heron.id


def test_muovere_turn_pivots_on_the_bow():
    """"Prima di ogni segmento di movimento è possibile ruotare la nave di 45 o 90 gradi,
    facendo perno sul quadretto di prua.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 3, 2)
    result = movement.sail(state, heron, Plan([(-2, 0)]))
    assert result.problem is None
    assert [(s.col, s.row) for s in result.end.squares()] == [(6, 3), (6, 2)]
    assert result.end.facing == 0
    result = movement.sail(state, heron, Plan([(1, 2)]))
    assert (result.end.bow.col, result.end.bow.row, result.end.facing) == (8, 1, 3)


def test_muovere_only_ahead():
    """"Il movimento avviene solo nella direzione e verso in cui si trova la nave.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 3, 2)
    result = movement.sail(state, heron, Plan([(0, 3)]))
    assert (result.end.bow.col, result.end.bow.row) == (9, 3)


def test_muovere_not_over_islands_but_over_coast():
    """"La nave non si può muovere sopra quadretti occupati da altre isole [...] Può passare
    e ruotare sopra le coste.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 7, 4, 0)
    assert [p.code for p in _check(state, heron, go1=3)] == ["pirates-on-land"]
    assert _check(state, heron, go1=2) == []  # onto the coast of Rock
    put(heron, 5, 6, 2)  # cells (5,6) and (4,6)
    assert _check(state, heron, go1=3) == []  # along Rock's south coast, G7 H7 I7... not the land at H8


def test_muovere_not_over_ships_even_turning():
    """"La nave non si può muovere sopra quadretti occupati da [...] navi nemmeno quando ruota\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 3, 2)  # cells (6,3), (5,3)
    put(state.ship("gull"), 6, 4, 0)  # just north of her bow
    assert _check(state, heron, turn1=-2) == []  # to the north: her stern swings to G3... (6, 2)
    assert _check(state, heron, turn1=1) == []  # to the south-east: stern at (5, 4)
    # to the south: her stern would swing onto the gull at (6, 4)
    assert [p.code for p in _check(state, heron, turn1=2)] == ["pirates-ship-in-way"]


def test_muovere_reverse_bow_and_stern():
    """"In alternativa a tutto il proprio movimento la nave può invertire istantaneamente la
    prua con la poppa, indipendentemente dalla presenza di altre navi o isole vicine.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 3, 2)
    movement.reverse(state, heron, dice())
    assert heron.cells() == [(5, 3), (6, 3)] and heron.facing == 6


def test_muovere_docking_on_wild_or_own_home_coast():
    """"Se uno dei quadretti su cui la nave si ferma è la costa di un'isola selvaggia o della
    propria isola base, la nave può scegliere di attraccare.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 7, 4, 0)
    assert _check(state, heron, go1=2, dock="yes") == []
    assert [p.code for p in _check(state, heron, go1=1, dock="yes")] == ["pirates-no-dock"]
    turns.act(state, {"action": "move", "ship": heron.id, "go1": 2, "dock": "yes"}, dice(then=1))
    assert heron.docked == "rock"
    wasp = put(state.ship("sea-wasp"), 11, 8, 0)  # one square from blue's home coast
    assert [p.code for p in _check(state, wasp, go1=1, dock="yes")] == ["pirates-no-dock"]


def test_muovere_docked_at_home_is_safe():
    """"La nave attraccata sulla propria isola base non può essere colpita, né speronata.\""""
    state = new_state()
    sloop = state.ship("red-sloop-3")
    assert sea.safe_at_home(sloop, state)
    gull = put(state.ship("gull"), 5, 4, 5)  # heads south-west onto the docked sloop at D3
    assert [p.code for p in _check(state, gull, go1=2)] == ["pirates-untouchable"]
    sloop.docked = None
    assert _check(state, gull, go1=2) == []  # undocked, she may be rammed
