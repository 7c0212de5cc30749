"""Zone speciali: fog, shoals, the Sargasso Sea."""
from __future__ import annotations

from rules.pirates import fog, movement, shooting, turns
from rules.pirates.movement import Plan
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, event, new_state, put


def _state():
    state = new_state()
    state.order = [Slot(side="red", count=3), Slot(side="blue", count=3)]
    return state


def test_nebbia_stops_and_untouchable():
    """"Una nave che entra nella nebbia si ferma, non può essere colpita, né sparare, né
    interagire con altri oggetti in nessun modo. [...] La nebbia blocca la linea di tiro.\""""
    state = _state()
    heron = put(state.ship("red-heron"), 7, 2, 2)  # H3, heading east into the fog at K3
    turns.act(state, {"action": "move", "ship": heron.id, "go1": 3, "go2": 4}, dice())
    assert heron.cells()[0] == (10, 2) and heron.fog  # stopped on the first fog square
    cat = put(state.ship("calico-cat"), 10, 4, 2)  # K5, the heron two squares off her beam
    assert "red-heron" not in shooting.reach(state, cat, cat.guns[0])  # cannot be hit
    heron.firing, heron.acted = True, False
    assert not shooting.can_fire(state, heron)  # nor shoot
    assert heron.id not in turns.objects_to_act(state, "red")  # nor act, until she leaves it
    # The fog blocks a line of fire: from L5 to L2 the line crosses L3 and L4, fog squares.
    gull = put(state.ship("gull"), 11, 4, 2)  # L5, facing east: her beam runs north-south
    gull.guns[0].range = "L"
    sloop = put(state.ship("red-sloop-3"), 11, 7, 0)  # L8, three squares north, clear water
    assert shooting.reach(state, gull, gull.guns[0]) == [sloop.id]
    put(sloop, 11, 1, 0)  # L2, three squares south, beyond the fog
    assert shooting.crossed((11, 4), (11, 1)) == [(11, 2), (11, 3)]
    assert shooting.reach(state, gull, gull.guns[0]) == []


def test_nebbia_leaves_by_a_die():
    """"Al prossimo proprio turno tira un dado ed esce dal quadretto vicino al risultato
    ottenuto, nella direzione desiderata, libera di manovrare subito.\""""
    state = _state()
    sloop = put(state.ship("red-sloop-3"), 10, 3, 0)
    sloop.fog = True
    fog.leave_fog(state, sloop, dice(4))  # 4: the arc 180-240 degrees, south-south-west
    at = event_at = sloop.cells()[0]
    assert not sloop.fog and at not in {(10, 2), (11, 2), (10, 3), (11, 3)}
    assert event_at[1] < 2  # out on the southern side
    sloop2 = put(state.ship("gull"), 11, 2, 0)
    sloop2.fog = True
    fog.leave_fog(state, sloop2, dice(1))  # 1: north-north-east
    assert sloop2.cells()[0][1] > 3 and not sloop2.fog


def test_bassi_fondali_die_left_on_the_zone():
    """"Una nave che passa sopra un quadretto occupato dai bassi fondali tira un dado e lo
    lascia sulla zona. Questo è, e sarà, il numero massimo di alberi originari che la nave
    può avere per passare senza danni. Se la nave che passa ne ha di più, tira un numero di
    dadi pari alla differenza e perde un albero per ogni 5 o 6.\""""
    state = _state()
    heron = put(state.ship("red-heron"), 1, 5, 2)  # B6, east over the shoals at C6-D6
    roller = dice(1, 5, 2)  # the die left: 1; heron has 3 masts: two dice, 5 and 2
    movement.move(state, heron, Plan([(0, 3)]), roller)
    shoals = next(z for z in state.zones if z.kind == "shoals")
    assert shoals.die == 1 and heron.masts_left == 2
    assert event(roller, "shoals") == {"ship": "red-heron", "zone": "shoals", "dice": [5, 2], "lost": 1}
    sloop = put(state.ship("red-sloop-3"), 1, 5, 2)  # one mast: passes the 1 unharmed, no new die
    roller = dice()
    movement.move(state, sloop, Plan([(0, 3)]), roller)
    assert sloop.masts_left == 1 and shoals.die == 1


def test_bassi_fondali_wreck_when_losing_more_than_she_has():
    """"Se la nave perde più degli alberi che ha, diventa un relitto e resta bloccata là per
    tutto il gioco, può essere esplorata ma non trainata.\""""
    state = _state()
    abbot = put(state.ship("iron-abbot"), 4, 5, 6)  # 4 masts, west onto D6
    abbot.guns = abbot.guns[:1]
    next(z for z in state.zones if z.kind == "shoals").die = 1
    roller = dice(6, 5, 6)
    movement.move(state, abbot, Plan([(0, 3)]), roller)
    assert abbot.status == "wreck"


def test_sargassi_equal_masts_stop():
    """"Se la nave che passa ne ha uguali si ferma semplicemente durante questo movimento\""""
    state = _state()
    heron = put(state.ship("red-heron"), 10, 5, 2)  # K6 -> M6
    roller = dice(3, 1)  # the die left: 3 = her masts; the search for the treasure: 1
    result = movement.move(state, heron, Plan([(0, 3)]), roller)
    assert result.stopped == "sargasso" and heron.cells()[0] == (12, 5) and heron.becalmed == 0


def test_sargassi_fewer_masts_owe_moves_of_zero():
    """"se ne ha di meno, si ferma finché non ha fatto tante manovre di movimento da 0
    quadretti quanti sono gli alberi in meno. Il mar dei Sargassi non ostacola la linea di
    tiro.\""""
    state = _state()
    sloop = put(state.ship("red-sloop-3"), 11, 5, 2)
    roller = dice(3, 1)  # die 3 against one mast: two moves owed
    movement.move(state, sloop, Plan([(0, 4)]), roller)
    assert sloop.cells()[0] == (12, 5) and sloop.becalmed == 2
    movement.move(state, sloop, Plan([(0, 4)]), dice())
    movement.move(state, sloop, Plan([(0, 4)]), dice())
    assert sloop.cells()[0] == (12, 5) and sloop.becalmed == 0
    movement.move(state, sloop, Plan([(0, 1)]), dice())  # the die stays: 3 > 1 masts again
    assert sloop.cells()[0] == (13, 5)
    abbot = put(state.ship("iron-abbot"), 12, 3, 2)  # her beam over the weed
    assert shooting.crossed((13, 3), (13, 6)) == [(13, 4), (13, 5)]


def test_sargassi_treasure_found_with_the_die():
    """"tesori coperti nelle zone speciali, con sopra un dado indicante il numero da fare per
    trovarlo quando si entra in quella zona\""""
    state = _state()
    heron = put(state.ship("red-heron"), 10, 5, 2)
    for t in list(state.crews):
        if t.place == heron.id:
            t.place = "red-home"
    movement.move(state, heron, Plan([(0, 3)]), dice(5, 4))  # die left 5; search 4 = the need
    assert state.treasures[2].place == heron.id
