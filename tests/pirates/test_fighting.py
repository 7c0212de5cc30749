"""Abbordare, Sparare, Derelitta e affondamento."""
from __future__ import annotations

from rules.pirates import fighting, shooting, turns
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, event, new_state, put


def _state():
    state = new_state()
    state.order = [Slot(side="red", count=3), Slot(side="blue", count=3)]
    for ship in state.ships:
        ship.docked = None
    return state


def test_abbordare_die_masts_and_crew_winner_steals():
    """"Entrambi tirano il dado, sommano il numero di propri alberi rimasti e di pedine di
    equipaggio, e chi fa il numero più alto ruba o distrugge un tesoro o distrugge un membro
    dell'equipaggio a scelta del vincitore.\""""
    state = _state()
    heron, cat = state.ship("red-heron"), state.ship("calico-cat")
    heron.stuck_to = cat.id
    state.treasures[0].place = cat.id
    roller = dice(2, 3)  # heron 2 + 3 masts + 2 crew = 7; cat 3 + 2 masts + 0 crew = 5
    fighting.board(state, heron, roller)
    assert event(roller, "boarded")["totals"] == [7, 5]
    assert state.treasures[0].place == heron.id


def test_abbordare_only_stuck_ships():
    """"Una nave speronante o una nave incastrata o una nave incastrante possono abbordare\""""
    state = _state()
    heron, cat = state.ship("red-heron"), state.ship("calico-cat")
    assert not fighting.may_board(state, heron) and not fighting.may_board(state, cat)
    heron.stuck_to = cat.id
    assert fighting.may_board(state, heron) and fighting.may_board(state, cat)


def test_abbordare_tie_nothing_and_crew_killed():
    state = _state()
    wasp, cat = state.ship("sea-wasp"), state.ship("calico-cat")
    cat.stuck_to = wasp.id
    roller = dice(4, 4)  # 4 + 2 + 1 (the doctor) = 7 against 4 + 2 + 0 = 6: the wasp wins, the cat has no crew
    fighting.board(state, cat, roller)
    assert event(roller, "boarded")["winner"] == wasp.id
    state.crews.append(state.crews[0].model_copy(update={"id": "blue-c9", "side": "blue", "place": cat.id,
                                                          "key": "deckhand"}))
    roller = dice(6, 1)
    fighting.board(state, wasp, roller)  # 6 + 2 + 1 = 9 against 1 + 2 + 1 = 4
    assert not state.crews[-1].alive and event(roller, "crew_killed")["crew"] == "blue-c9"


def test_abbordare_doctor_face_down_survives():
    """"Se l'attaccante può uccidere un equipaggio e ne sceglie uno a faccia coperta,
    l'assassinio non riesce e Doctor Urbano Javier viene semplicemente messo a faccia
    scoperta.\""""
    state = _state()
    wasp, cat = state.ship("sea-wasp"), state.ship("calico-cat")
    cat.stuck_to = wasp.id
    doctor = next(c for c in state.crews if c.key == "doc-ansel")
    roller = dice(6, 1)  # the cat 6 + 2 = 8 against the wasp 1 + 2 + 1 = 4
    fighting.board(state, cat, roller)
    assert doctor.alive and doctor.revealed
    assert any(e.kind == "doctor_saved" for e in roller.log.events)


def test_sparare_arc_16_squares_at_s_14_more_at_l():
    """The figure: "16 quadretti a S; 14 a L" (a ship broadside on, 45 degrees either side
    of the beam)."""
    assert len(shooting.arc_cells(2, (10, 10), 2)) == 16
    assert len(shooting.arc_cells(2, (10, 10), 3)) - 16 == 14
    assert len(shooting.arc_cells(0, (10, 10), 2)) == 16


def test_sparare_active_square():
    """"La posizione attiva della nave ai fini dello sparo è identificata dal quadrato
    centrale o di prua se sono 2 quadrati.\""""
    state = _state()
    assert shooting.active_cell(state.ship("iron-abbot")) == (12, 10)
    assert shooting.active_cell(state.ship("calico-cat")) == (14, 9)


def test_sparare_hit_needs_more_than_the_number_one_always_fails_plus_one_unmoved():
    """"Il colpo va a segno facendo col dado più del numero segnato. Il risultato 1 fallisce
    sempre. Una nave che non ha ancora mosso in questo turno, ha +1 al tiro di dado.\""""
    state = _state()
    gull = put(state.ship("gull"), 6, 3, 0)  # S gun, beats 3
    target = put(state.ship("red-sloop-3"), 8, 3, 0)  # two squares abeam
    gull.moved = True
    roller = dice(3)
    shooting.shoot(state, {gull.id: [target.id]}, roller)
    assert event(roller, "shot")["hit"] is False and target.masts_left == 1
    gull.moved = False
    roller = dice(3)  # 3 + 1 beats 3
    shooting.shoot(state, {gull.id: [target.id]}, roller)
    assert event(roller, "shot")["hit"] is True and target.status == "derelict"


def test_sparare_one_always_fails():
    state = _state()
    abbot = put(state.ship("iron-abbot"), 6, 5, 0)
    abbot.guns[0].score = 0
    target = put(state.ship("red-sloop-3"), 8, 4, 0)
    roller = dice(1)
    shooting.shoot(state, {abbot.id: [target.id, "none", "none", "none"]}, roller)
    assert event(roller, "shot")["hit"] is False


def test_sparare_lines_blocked_by_island_and_ships():
    """"Le linee di tiro [...] non possono passare sopra isole [...], nebbia, quadretti con
    altre navi\""""
    state = _state()
    heron = put(state.ship("red-heron"), 7, 9, 2)  # H10, beam south over Rock
    gull = put(state.ship("gull"), 7, 6, 0)  # H7, Rock's south coast: the line crosses its land at H8
    assert shooting.crossed((7, 9), (7, 6)) == [(7, 7), (7, 8)]
    assert shooting.reach(state, heron, heron.guns[0]) == []
    put(gull, 9, 6, 0)  # J7: the line runs over the coast only
    assert shooting.reach(state, heron, heron.guns[0]) == ["gull"]
    put(state.ship("calico-cat"), 8, 8, 0)  # I9, across that line
    assert "gull" not in shooting.reach(state, heron, heron.guns[0])


def test_sparare_all_at_once_then_masts_fall():
    """"Finite le prime manovre non di sparo, avvengono tutti gli spari in contemporanea.
    [...] Per ogni colpo subito, dopo che tutti hanno sparato si perde un albero\""""
    state = _state()
    gull = put(state.ship("gull"), 6, 3, 0)
    sloop = put(state.ship("red-sloop-3"), 8, 3, 0)
    roller = dice(6, 6)
    shooting.shoot(state, {gull.id: [sloop.id], sloop.id: [gull.id]}, roller)
    assert gull.status == sloop.status == "derelict"  # both fired though both were dismasted


def test_derelitta_hit_again_sinks_and_poorest_treasure_drifts():
    """"Una nave senza alberi è derelitta e non può più muovere. Se subisce un colpo affonda.
    [...] Il suo tesoro monetario di minor valore passa sulla nave o isola più vicina\""""
    state = _state()
    gull = put(state.ship("gull"), 6, 3, 0)
    sloop = put(state.ship("red-sloop-3"), 8, 3, 0)
    sloop.guns = []
    sloop.status = "derelict"
    state.treasures[0].place = state.treasures[1].place = sloop.id  # values 2 and 5
    roller = dice(6)
    shooting.shoot(state, {gull.id: [sloop.id]}, roller)
    assert sloop.status == "sunk"
    assert state.treasures[0].place == "gull" and state.treasures[1].place == ""
    assert state.losses[-1].by == "blue"


def test_derelitta_scuttle_on_5_or_6():
    """"Se non è trainata e il proprietario vuole, può farla agire tentando l'affondamento
    (5 o 6 sul dado).\""""
    state = _state()
    sloop = state.ship("red-sloop-3")
    sloop.guns, sloop.status = [], "derelict"
    turns.act(state, {"action": "scuttle", "ship": sloop.id}, dice(4))
    assert sloop.status == "derelict"
    sloop.acted = False
    turns.act(state, {"action": "scuttle", "ship": sloop.id}, dice(5))
    assert sloop.status == "sunk" and state.losses[-1].by is None
