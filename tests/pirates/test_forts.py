"""Forte: building with treasure on a wild island, shooting from the flags, hits, the fall."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import forts, shooting, steps, treasure, turns
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, new_state, put


def _built(key="stockade"):
    state = new_state()
    state.order = [Slot(side="red", count=3), Slot(side="blue", count=3)]
    heron = put(state.ship("red-heron"), 7, 5, 6)  # H6, on Rock's south coast... (7, 5) is sea: move her on
    put(heron, 6, 6, 2)  # G7 coast, facing east: cells G7, F7
    heron.docked = "rock"
    state.treasures[2].place = heron.id  # the 4 from the Sargasso
    state.treasures[0].place = heron.id  # and the 2: worth 6
    turns.act(state, {"action": "fort", "ship": heron.id, "fort": key}, dice())
    return state, heron


def test_forte_built_with_treasure_and_takes_the_islands():
    """"Un forte viene costruito come una manovra trasferendo un valore pari o superiore al
    valore del forte su un'isola selvaggia dove è attraccata solo una o più proprie navi.
    Tutti i tesori dell'isola finiscono immediatamente dentro al forte. Il forte deve
    occupare esattamente 4 quadretti di terra o di costa\""""
    state, heron = _built()
    (fort,) = state.forts
    assert fort.side == "red" and fort.island == "rock" and len(fort.squares) == 4 and len(fort.flags) == 2
    assert {t.id for t in state.treasure_at(fort.id)} == {"t1", "t2", "t3"}
    assert state.treasure_at(heron.id) == []
    assert treasure.scores(state)["red"] >= 2 + 5 + 4


def test_forte_needs_value_one_per_island_none_at_home():
    """"Massimo un forte può esistere su un'isola selvaggia, nessuno sulle isole base.\""""
    state = new_state()
    heron = state.ship("red-heron")  # docked at home with 6 aboard: no fort there
    state.treasures[0].place = state.treasures[2].place = heron.id
    assert forts.affordable(state, heron) == []
    state, heron = _built()
    wasp = put(state.ship("sea-wasp"), 8, 6, 0)
    wasp.docked = "rock"
    state.treasures.append(state.treasures[0].model_copy(update={"id": "t9", "value": 9, "place": wasp.id}))
    assert forts.affordable(state, wasp) == []  # Rock has its fort


def test_forte_not_where_an_enemy_is_docked():
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 6, 2)
    heron.docked = "rock"
    state.treasures[0].place = state.treasures[2].place = heron.id
    assert forts.affordable(state, heron) == ["stockade"]
    cat = put(state.ship("calico-cat"), 8, 8, 0)
    cat.docked = "rock"
    assert forts.affordable(state, heron) == []
    decision = Decision(id="x", kind="act", player="p1")
    problems = steps.manoeuvre_check(state, decision, {"action": "fort", "ship": heron.id, "fort": "stockade"}, None)
    assert [p.code for p in problems] == ["pirates-cannot"]


def test_forte_shoots_all_round_from_a_flag_and_acts_in_the_order():
    """"Il forte spara dal quadretto di una delle sue bandiere in tutte le direzioni che quel
    quadretto vede.\""""
    state, heron = _built()
    fort = state.forts[0]
    assert fort.id in turns.objects_to_act(state, "red")
    flag = tuple(fort.flags[0])
    gull = put(state.ship("gull"), flag[0], flag[1] - 2, 2)  # two squares south of the flag
    assert gull.id in shooting.reach(state, fort, fort.guns[0])


def test_forte_hit_loses_a_chance_to_shoot_and_falls():
    """"Per ogni colpo subito, il forte perde una possibilità di sparo [...] Un forte che perde
    l'ultimo cannone è distrutto e viene eliminato dal gioco. Tutto il contenuto finisce
    sull'isola selvaggia.\""""
    state, heron = _built()
    fort = state.forts[0]
    abbot = put(state.ship("iron-abbot"), 10, 8, 0)  # K9-K7, her beam west towards Rock
    assert fort.id in shooting.reach(state, abbot, abbot.guns[0])
    shooting.shoot(state, {abbot.id: [fort.id, fort.id, "none", "none"]}, dice(6, 6))
    assert state.forts == []
    assert {t.place for t in state.treasures if t.id in ("t1", "t2", "t3")} == {"rock"}


def test_forte_card_and_map():
    from renderer.api import describe_image, render_card, render_map
    from renderer.theme import MAP_WIDTH
    from rules.pirates.view import view
    state, heron = _built("stockade")
    public = view(state, None)
    assert public["forts"][0]["guns"] and render_map(public).width == MAP_WIDTH
    assert render_card(public, state.forts[0].id).width >= 360
    assert len(describe_image(public)) <= 1000


def test_forte_is_named_in_every_line_that_tells_of_it():
    """A fort's hold, the shots at it, its hits and its fall are told with its name ("stockade
    of Rock", "palizzata di Rock"), as its building and its leave are, never by its id
    ("fort rock"): the loopback Discord's game showed "fort gallows: holds to shoot"."""
    from rules.pirates.texts import describe

    state, heron = _built()
    fort = state.forts[0]
    roller = dice()
    state.order = [Slot(side="red", count=2)]  # her slot is not the turn's last
    turns.act(state, {"action": "fire", "ship": fort.id}, roller)
    abbot = put(state.ship("iron-abbot"), 10, 8, 0)
    shot = dice(6, 6)
    shooting.shoot(state, {abbot.id: [fort.id, fort.id, "none", "none"]}, shot)
    told = [e for e in roller.log.events + shot.log.events
            if e.kind in ("manoeuvre", "shot", "fort_hit", "fort_destroyed")]
    assert {e.kind for e in told} == {"manoeuvre", "shot", "fort_hit", "fort_destroyed"}
    for event in told:
        assert "stockade of Rock" in describe(event, "en"), describe(event, "en")
        assert "fort rock" not in describe(event, "it") and "Rock" in describe(event, "it"), describe(event, "it")
