"""Parole chiave: fear (paura), galley (galea), limit (limite), ransom (riscatto); and the
Twin Serpent's double manoeuvre is in tests/pirates/test_extra.py."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import building, fighting, legal, movement, steps, turns
from rules.pirates.setup import FleetSetup, fleet_problems
from rules.pirates.state import Crew, Slot
from tests.pirates.helpers import dice, event, kinds, new_state, put


def test_paura_five_takes_abilities_six_takes_speed():
    """"Fear – paura. All'inizio della prima manovra della nave nel turno, il proprietario
    tira un dado per ogni nave nemica a S. Se il risultato è 5, le abilità speciali della
    nave e del suo equipaggio non possono essere usate. Se è 6, la velocità della nave è
    ridotta a S per la sua prossima manovra non di sparare.\""""
    state = new_state()
    state.order = [Slot(side="red", count=1), Slot(side="blue", count=3)]
    lantern = put(state.ship("red-heron"), 5, 5, 2)
    lantern.keywords = ["fear"]  # as the Dread Lantern
    gull = put(state.ship("gull"), 6, 7, 0)  # a schooner, two squares off
    cat = put(state.ship("calico-cat"), 3, 3, 0)
    cat.speed = "SL"
    state.crews.append(Crew(id="blue-c9", key="helmsman", side="blue", place=cat.id))
    assert movement.segments_of(state, cat) == "SLS"
    roller = dice(5, 6)  # the Calico Cat first (catalogue order), then the Grey Gull
    turns.act(state, {"action": "fire", "ship": lantern.id}, roller)
    assert [e.data["effect"] for e in roller.log.events if e.kind == "fear"] == ["shaken", "slowed"]
    assert cat.shaken and movement.segments_of(state, cat) == "SL"  # her helmsman helps no more
    assert gull.slowed and movement.segments_of(state, gull) == "S"
    problems = steps.manoeuvre_check(state, Decision(id="d", kind="act", player="p2"),
                                     {"action": "move", "ship": gull.id, "go1": 1, "pivot": 1}, None)
    assert [p.code for p in problems] == []  # slowed, she keeps her schooner's turn
    gull.shaken = True
    problems = steps.manoeuvre_check(state, Decision(id="d", kind="act", player="p2"),
                                     {"action": "move", "ship": gull.id, "go1": 1, "pivot": 1}, None)
    assert [p.code for p in problems] == ["pirates-not-schooner"]  # shaken, she has lost it
    far = put(state.ship("iron-abbot"), 12, 11, 0)
    assert not far.shaken and not far.slowed  # beyond S: no die for her


def test_galea_never_stuck_rows_derelict_and_turns_on_her_stern():
    """"Galley – galea. La nave non può rimanere incastrata né far incastrare le navi che la
    speronano. Se derelitta si può muovere a S. Ha anche l'abilità Shooner – goletta.\""""
    state = new_state(both_stuck=True)
    galley = put(state.ship("calico-cat"), 8, 3, 0)
    galley.keywords = ["galley"]  # as the Long Oar
    heron = put(state.ship("red-heron"), 5, 3, 2)
    roller = dice(6)
    fighting.ram(state, heron, galley, roller)
    assert heron.stuck_to is None and galley.stuck_to is None and "galley_free" in kinds(roller)
    assert galley.masts_left == 1
    galley.guns, galley.status = [], "derelict"
    assert legal.legal(state, galley, "move") is None and movement.segments_of(state, galley) == "S"
    assert legal.legal(state, heron.model_copy(update={"status": "derelict"}), "move") == "why.derelict"
    galley.status = "afloat"
    moved = movement.move(state, put(galley, 8, 3, 0), movement.Plan([(0, 1)], pivot=2), dice())
    assert moved.rammed is None and galley.facing == 2


def test_limite_one_limited_object_in_a_fleet():
    """"Limit – limite. Solo un oggetto con questa indicazione può esistere nella flotta.\""""
    fleet = FleetSetup.model_validate({"side": "red", "ships": [{"key": "sovereign", "col": 0, "row": 0,
                                                                  "facing": 0}],
                                       "crews": [{"key": "commodore-hale", "on": 0}]})
    assert any("limited" in p for p in fleet_problems(80, [fleet]))
    fleet.crews = []
    assert not any("limited" in p for p in fleet_problems(80, [fleet]))
    state = new_state()
    home = state.ship("red-heron")
    state.treasures[0].place, state.treasures[0].value, state.treasures[0].public = "red-home", 30, True
    assert "commodore-hale" in building.buildable(state, home)
    state.ships.append(home.model_copy(update={"id": "sovereign", "key": "sovereign", "col": 14, "row": 5,
                                               "docked": None}))
    assert "commodore-hale" not in building.buildable(state, home)


def test_riscatto_landed_on_an_enemy_home_is_a_treasure_of_5():
    """"Ransom – riscatto. Se il personaggio viene scaricato su un'isola base nemica, diventa
    immediatamente un tesoro da 5 e viene eliminato dal gioco.\""""
    state = new_state()
    vane = Crew(id="red-c9", key="lady-vane", side="blue", born="red", place=state.ship("iron-abbot").id)
    state.crews.append(vane)
    roller = dice()
    building.transfer(state, vane, "blue-home", roller)
    assert not vane.alive and event(roller, "ransomed")["value"] == 5
    assert [t.value for t in state.treasure_at("blue-home") if t.public] == [5]


def test_riscatto_killed_pays_1_to_the_killer():
    """"Se viene eliminato in altri modi, il giocatore avversario direttamente responsabile
    guadagna immediatamente un tesoro da 1 sulla propria isola base.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 5, 5, 2)
    abbot = put(state.ship("iron-abbot"), 7, 3, 0)
    abbot.armour = 0
    for crew in state.crew_on(heron.id):
        crew.alive = False
    state.crews.append(Crew(id="red-c9", key="lady-vane", side="red", place=heron.id, revealed=True))
    state.treasures = [t for t in state.treasures if t.place != heron.id]
    abbot.stuck_to = heron.id
    roller = dice(6, 1)
    fighting.board(state, abbot, roller)
    assert event(roller, "ransom_paid")["side"] == "blue"
    assert [t.value for t in state.treasure_at("blue-home")] == [1]
