"""3.3 Fuoco, 3.3.1 arco di tiro, 3.3.2 infilata, 3.3.3 doppio fuoco, 3.3.4 tiro mirato, 3.4 hits."""
from __future__ import annotations

import pytest

from rules.core.decisions import Order
from rules.core.tables.hexmap import Hex, ahead
from rules.hoo import actions
from rules.hoo.gunnery import aim_allowed, fire_dice, hits, location, rake, range_dice
from rules.hoo.orders import STEPS
from rules.hoo.targets import fire_options
from tests.hoo.helpers import RULES, event, roller, ship, table


@pytest.mark.parametrize("hexes,dice", [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1), (7, 0)])
def test_dice_at_each_range(hexes, dice):
    """"Per ogni esagono di distanza oltre il primo, ridurre di uno il numero di dadi disponibili";
    "una nave che abbia potenza 6 che faccia fuoco contro una a quattro esagoni di distanza, lancerà solo 3D6"."""
    assert range_dice(6, hexes) == dice


def test_arc_is_the_projection_of_the_broadside_sides():
    """3.3.1: "tutti gli esagoni che si trovano entro la proiezione dei due lati di esagono verso i
    quali è rivolta la fiancata della nave"."""
    s = ship("hms", q=0, r=0, facing=0)
    abeam = ship("foe", "b", q=3, r=-1)  # due east of a ship heading north
    ahead_of = ship("foe2", "b", q=0, r=4)
    state = table(s, abeam, ahead_of)
    opts = fire_options(state, s)
    assert opts.starboard == ["foe"] and opts.port == []
    assert "foe2" not in opts.targets


def test_ships_in_between_block_the_shot():
    """3.6.1: struck ships stay "creando ostacolo al tiro"; any ship on the line blocks it."""
    s = ship("hms", q=0, r=0, facing=0)
    foe = ship("foe", "b", q=3, r=-1)
    hulk = ship("hulk", "b", q=2, r=-1, status="struck")  # on the line to the east
    state = table(s, foe, hulk)
    assert "foe" not in fire_options(state, s).targets


def test_raking_at_the_stern_doubles_and_at_the_bow_adds_half_rounded_up():
    """3.3.2: "un bonus pari ai D6 disponibili se l'infilata è di poppa od alla metà di essi,
    arrotondati per eccesso, se l'infilata è prodiera"."""
    target = Hex(0, 0)
    assert rake(target, 0, ahead(target, 3, 2)) == "stern"
    assert rake(target, 0, ahead(target, 0, 3)) == "bow"
    assert rake(target, 0, ahead(target, 1, 2)) is None
    assert fire_dice(6, 1, "stern") == 12
    assert fire_dice(6, 3, "bow") == 4 + 2
    assert fire_dice(5, 1, "bow") == 5 + 3


def test_aimed_fire_keeps_half_after_the_rake():
    """3.3.4: "rinunciare alla metà dei D6 disponibili, arrotondati per difetto (se ha 3D6 ne perde
    2)" and "prima si applica il bonus per l'infilata e poi il dimezzamento"."""
    assert fire_dice(3, 1, None, "hull") == 1
    assert fire_dice(6, 1, "stern", "crew") == 6
    assert [aim_allowed("crew", d) for d in (1, 2)] == [True, False]
    assert [aim_allowed("guns", d) for d in (2, 3)] == [True, False]
    assert [aim_allowed("hull", d) for d in (3, 4)] == [True, False]
    assert [aim_allowed("sails", d) for d in (3, 4)] == [False, True]


def test_aimed_fire_out_of_its_range_is_a_plain_word_problem():
    s = ship("hms", q=0, r=0, facing=0)
    state = table(s, ship("foe", "b", q=3, r=-1))
    order = Order(decision=f"t1.hms.fire", player="pa", payload={"action": "fire", "target": "foe", "aim": "crew"})
    problems = RULES.validate(state, order)
    assert problems and problems[0].code == "hoo-aim-range"
    assert "equipaggio" in problems[0].text("it")


def test_hits_are_sixes_and_pairs_of_fives():
    """3.4: "ogni 6 o doppio 5 ottenuto ... è un colpo a segno"; the figure: "Il giocatore lancia
    6D6 ed ottiene due colpi a segno: uno con il 6 ed uno grazie ai 2 cinque"."""
    assert hits([6, 5, 5, 3, 2, 1]) == 2
    assert hits([5, 5, 5]) == 1
    assert hits([4, 4, 3]) == 0


def test_hit_location_table():
    """3.4: "una casella di vele per ogni 1-2 ..., una di cannoni per ogni 3 ..., una di scafo per
    ogni 4-5 ... ed una di equipaggio per ogni 6"; grappled (3.5): "cannoni (1/2), scafo (3/4) od
    equipaggio (5/6)"."""
    assert [location(d) for d in range(1, 7)] == ["sails", "sails", "guns", "hull", "hull", "crew"]
    assert [location(d, True) for d in range(1, 7)] == ["guns", "guns", "hull", "hull", "crew", "crew"]


def test_fire_resolves_with_dice_hits_and_locations():
    s = ship("hms", q=0, r=0, facing=0)
    foe = ship("foe", "b", q=2, r=-1, facing=0)  # two hexes off the starboard beam
    state = table(s, foe)
    # 5 dice at 2 hexes: 6, 5, 5, 1, 2 -> 2 hits; located 4 (hull) and 1 (sails)
    r = roller(6, 5, 5, 1, 2, 4, 1)
    actions.fire(state, s, foe, s.guns, r, broadside="starboard")
    assert event(r, "fire")["dice"] == 5 and event(r, "fire")["hits"] == 2
    assert foe.lost == {"sails": 1, "guns": 0, "hull": 1, "crew": 0}


def test_double_fire_splits_the_dice_between_both_broadsides():
    """3.3.3: "una nave che disponga di 5D6 di cannoni può utilizzarne 3 contro un bersaglio posto
    nell'arco di tiro sinistro e 2 contro quello che si trovi nell'arco di tiro destro"."""
    s = ship("hms", q=0, r=0, facing=0)
    s.lost["guns"] = 1  # 5D6
    port, starboard = ship("p", "b", q=-1, r=1, facing=0), ship("s", "b", q=1, r=0, facing=0)
    state = table(s, port, starboard)
    payload = {"action": "double", "port": "p", "starboard": "s", "port_dice": 3}
    order = Order(decision="t1.hms.fire", player="pa", payload=payload)
    assert RULES.validate(state, order) == []
    r = roller(1, 1, 1, 1, 1)
    STEPS["fire"].resolve(state, {order.decision: order}, r)
    fired = [e.data for e in r.log.events if e.kind == "fire"]
    assert [(f["target"], f["dice"]) for f in fired] == [("p", 3), ("s", 2)]


def test_no_fire_at_ships_grappled_together():
    """3.3: "Non è permesso fare fuoco contro navi agganciate tra loro"."""
    s = ship("hms", q=0, r=0, facing=0)
    foe = ship("foe", "b", q=2, r=-1, grappled="friend")
    friend = ship("friend", "a", q=3, r=-1, grappled="foe")
    state = table(s, foe, friend)
    assert "foe" not in fire_options(state, s).targets


def test_raking_only_through_the_bow_or_stern_side_not_from_a_spine():
    """3.3.2: "Se il fuoco giunge sul bersaglio dal lato di esagono di prua o di poppa": the shooter
    lies in the projection of that side alone; on the spine between the stern and a quarter the
    fire comes in through two sides and is no rake (docs/rules/hoo.md)."""
    from rules.core.tables.hexmap import SPINES

    target = Hex(0, 0)
    assert rake(target, 0, target + SPINES[3].scaled(2)) is None  # on the stern/port-quarter spine
    assert rake(target, 0, target + SPINES[2].scaled(2)) is None  # on the starboard-quarter/stern spine
    assert rake(target, 0, ahead(target, 3, 1)) == "stern" and rake(target, 0, ahead(target, 0, 1)) == "bow"
    assert rake(target, 2, ahead(target, 5, 4)) == "stern"  # turned with her: astern of a ship facing SE


def test_double_fire_adds_the_rake_to_the_part_that_rakes():
    """3.3.3: "suddividere i D6 ... tra i due archi di tiro applicando ad essi gli eventuali
    modificatori previsti per il tiro di infilata"."""
    s = ship("hms", q=0, r=0, facing=0)
    s.lost["guns"] = 1  # 5D6
    port = ship("p", "b", q=-1, r=1, facing=5)  # she lies right astern of p: a stern rake
    starboard = ship("s", "b", q=1, r=0, facing=0)
    state = table(s, port, starboard)
    order = Order(decision="t1.hms.fire", player="pa",
                  payload={"action": "double", "port": "p", "starboard": "s", "port_dice": 3})
    r = roller(*([1] * 8))
    STEPS["fire"].resolve(state, {order.decision: order}, r)
    fired = [e.data for e in r.log.events if e.kind == "fire"]
    assert [(f["target"], f["raked"], f["dice"]) for f in fired] == [("p", "stern", 6), ("s", None, 2)]
