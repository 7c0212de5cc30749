"""Preparazione (fleets), Esplorare, Riparare, Punteggio and the end of the game; the
secrets that only ``view`` may show."""
from __future__ import annotations

import random

from rules.pirates import treasure, turns
from rules.pirates.setup import CrewSetup, FleetSetup, ShipSetup, fleet_problems
from rules.pirates.state import Slot
from rules.pirates.view import perturb_secrets, view
from tests.pirates.helpers import dice, new_state, put


def _fleet(side, ships, crews=()):
    return FleetSetup(side=side, ships=[ShipSetup(key=k, col=0, row=0, facing=0) for k in ships],
                      crews=[CrewSetup(key=k, on=on) for k, on in crews])


def test_preparazione_points_named_unique_and_counts():
    """"Costruire le flotte con i punti prestabiliti (80 per una grande battaglia, 30 per una
    scaramuccia) [...] Può esistere durante il gioco solo un oggetto [...] con un nome
    proprio (vale anche per Calico Cat, che ha due versioni delle quali solo una può essere
    in gioco) [...] un numero massimo di oggetti senza nome dello stesso tipo proprio pari
    ai punti prestabiliti diviso 3 (arrotondato in su).\""""
    assert fleet_problems(30, [_fleet("a", ["red-heron", "sea-wasp"])]) == []
    assert fleet_problems(30, [_fleet("a", ["black-tide", "iron-abbot"])])  # 34 points
    assert fleet_problems(30, [_fleet("a", ["calico-cat"]), _fleet("b", ["calico-cat-ii"])])
    # 6 points: at most ceil(6 / 3) = 2 unnamed objects of one type
    assert fleet_problems(6, [_fleet("a", [], [("deckhand", None)] * 2)]) == []
    assert fleet_problems(6, [_fleet("a", [], [("deckhand", None)] * 3)]) == ["a: 3 unnamed deckhand, more than 2"]


def test_preparazione_crew_points_aboard_at_most_the_ship_points():
    """"In ogni caso massimo punti di equipaggio pari al punteggio della nave può essere a bordo.\""""
    assert fleet_problems(30, [_fleet("a", ["sloop"], [("helmsman", 0), ("gunner", 0)])])  # 6 > 4
    assert fleet_problems(30, [_fleet("a", ["sloop"], [("helmsman", 0), ("deckhand", 0)])]) == []


def test_preparazione_ships_docked_crews_face_down_treasure_hidden():
    """"tutte le navi partono attraccate alla propria isola base, tutto l'equipaggio è faccia
    coperta [...] Mettere sulle isole dei tesori coperti\""""
    state = new_state()
    assert all(s.docked == f"{s.side}-home" for s in state.ships)
    assert not any(c.revealed for c in state.crews)
    public = view(state, None)
    rock = next(i for i in public["islands"] if i["id"] == "rock")
    assert [t["value"] for t in rock["treasure"]] == [None, None]
    heron = next(s for s in public["ships"] if s["id"] == "red-heron")
    assert [c["key"] for c in heron["crew"]] == [None, None]
    mine = next(s for s in view(state, "p1")["ships"] if s["id"] == "red-heron")
    assert [c["key"] for c in mine["crew"]] == ["helmsman", "gunner"]
    assert view(perturb_secrets(state, random.Random(3)), None) == public


def test_esplorare_look_and_take_the_richest():
    """"Esplorare significa guardare tutti i tesori e imbarcare quelli che si desidera.\""""
    state = new_state()
    state.order = [Slot(side="red", count=3)]
    wasp = put(state.ship("sea-wasp"), 7, 6, 0)
    wasp.docked = "rock"
    roller = dice()
    turns.act(state, {"action": "explore", "ship": wasp.id}, roller)
    # cargo 2, one crew aboard: room for one, the 5
    assert [t.id for t in state.treasure_at(wasp.id)] == ["t2"]
    seen = next(e for e in roller.log.events if e.kind == "treasure_seen")
    assert seen.to == ["p1"] and seen.data["values"] == [2, 5]
    assert next(i for i in view(state, "p1")["islands"] if i["id"] == "rock")["treasure"][0]["value"] == 2
    assert next(i for i in view(state, "p2")["islands"] if i["id"] == "rock")["treasure"][0]["value"] is None


def test_riparare_at_home():
    """"Una nave sull'isola base può riparare un albero.\""""
    state = new_state()
    state.order = [Slot(side="red", count=3)]
    heron = state.ship("red-heron")
    lost = heron.guns.pop(0)
    turns.act(state, {"action": "repair", "ship": heron.id}, dice())
    assert heron.masts_left == 3 and lost in heron.guns


def test_punteggio_and_banking():
    """"Il punteggio è dato dal valore dei tesori nell'isola base e nei propri forti più il
    valore delle proprie navi salve ed equipaggio più il valore delle navi ed equipaggio
    avversari distrutti o in possesso.\""""
    state = new_state()
    state.order = [Slot(side="red", count=3)]
    heron = state.ship("red-heron")
    state.treasures[1].place = heron.id
    turns.act(state, {"action": "fire", "ship": heron.id}, dice())
    assert state.treasures[1].place == "red-home" and state.treasures[1].public
    gull = state.ship("gull")
    from rules.pirates.damage import sink
    sink(state, gull, "red", dice())
    scores = treasure.scores(state)
    assert scores["red"] == 5 + (11 + 7 + 4) + (3 + 3 + 4) + 5
    assert scores["blue"] == (15 + 8) + 2


def test_fine_three_turns_after_every_treasure_is_safe():
    """"La partita finisce 3 turni dopo che tutti i tesori rimasti in gioco sono nei forti o
    nelle isole base.\""""
    state = new_state()
    for t in state.treasures:
        t.place = "red-home"
    for n in range(4):  # the turn it happens, then three more
        assert not state.over
        turns.end_turn(state, dice(then=n))
    assert state.over and state.winner == "red"
