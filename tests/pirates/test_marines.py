"""Marines ("Marine"): landed on a wild island with no fort, an object of the order of
manoeuvre that moves on its island or shoots one S gun of 2, lost to two hits in a turn,
its own island open to its lines of fire both ways."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import building, marines, shooting, steps, turns
from rules.pirates.state import Crew, Fort, Gun, Slot
from rules.pirates.view import view
from tests.pirates.helpers import dice, new_state, put

ACT = Decision(id="x", kind="act", player="p1")


def _docked_with_marines(state=None):
    state = state or new_state()
    heron = put(state.ship("red-heron"), 6, 6, 2)  # G7, Rock's west coast, facing east
    heron.docked = "rock"
    crew = Crew(id="red-m", key="marines", side="red", place=heron.id)
    state.crews.append(crew)
    return state, heron, crew


def _landed(cell=(6, 7)):
    state, heron, crew = _docked_with_marines()
    building.transfer(state, crew, "rock", dice())
    crew.cell, crew.acted = cell, False
    return state, crew


def test_marine_lands_on_one_square_of_a_wild_island_without_a_fort():
    """"Il personaggio può essere scaricato su un'isola selvaggia senza forte e piazzato
    esattamente su un quadrato.\""""
    state, heron, crew = _docked_with_marines()
    assert "rock" in building.destinations(state, crew)
    roller = dice()
    building.transfer(state, crew, "rock", roller)
    assert crew.place == "rock" and crew.cell == (6, 6) and crew.revealed
    assert "marine_landed" in [e.kind for e in roller.log.events]
    assert view(state, "p2")["marines"] == [{"id": "red-m", "side": "red", "island": "rock", "cell": [6, 6],
                                             "key": "marines", "acted": True, "firing": False, "hits": 0}]
    # with a fort on the island she stays aboard
    state, heron, crew = _docked_with_marines()
    state.forts.append(Fort(id="fort-rock", key="stockade", name="stockade", side="blue", island="rock", value=5,
                            squares=[(8, 8)], flags=[(8, 8)], guns=[Gun(range="S", score=3)]))
    assert "rock" not in building.destinations(state, crew)
    # at her home island she is a crew ashore, no object on the map
    state = new_state()
    home_crew = Crew(id="red-m", key="marines", side="red", place="red-heron")
    state.crews.append(home_crew)
    building.transfer(state, home_crew, "red-home", dice())
    assert home_crew.cell is None and marines.landed(state) == []


def test_marine_that_may_act_is_an_object_of_the_order_of_manoeuvre():
    """"nave che possa agire o forte che possa agire o marine che possa agire\""""
    state, crew = _landed()
    assert crew.id in turns.objects_to_act(state, "red")
    turns.start_turn(state, dice(1, 6))  # red rolls low: red first
    red = sum(s.count for s in state.order if s.side == "red")
    assert red == len(turns.to_act(state, "red")) + 1


def test_marine_moves_anywhere_on_its_island():
    """"Può compiere una manovra di movimento spostandosi ovunque sull'isola\""""
    state, crew = _landed()
    state.order = [Slot(side="red", count=2), Slot(side="blue", count=1)]
    spec = steps.manoeuvre_spec(state, ACT, None, None)
    assert "march" in [a.action for a in spec.actions]
    assert [p.code for p in steps.manoeuvre_check(state, ACT, {"action": "march", "ship": crew.id, "spot": "3,3"},
                                                   None)] == ["pirates-no-spot"]
    assert [p.code for p in steps.manoeuvre_check(state, ACT, {"action": "board", "ship": crew.id}, None)] \
        == ["pirates-cannot"]
    order = {"action": "march", "ship": crew.id, "spot": "8,8"}
    assert steps.manoeuvre_check(state, ACT, order, None) == []
    turns.act(state, {**order, "side": "red"}, dice())
    assert crew.cell == (8, 8) and crew.acted


def test_marine_shoots_one_S_gun_of_score_2():
    """"o una manovra di sparare con un cannone a raggio S e punteggio 2\""""
    state, crew = _landed((8, 7))
    gull = put(state.ship("gull"), 10, 7, 0)  # two squares east
    abbot = put(state.ship("iron-abbot"), 11, 4, 0)  # three away: beyond S
    assert shooting.reach(state, crew, marines.GUN) == [gull.id]
    state.order = [Slot(side="red", count=1)]
    turns.act(state, {"action": "fire", "ship": crew.id, "side": "red"}, dice())
    assert crew.firing and crew in turns.shooters(state)
    shooting.shoot(state, {crew.id: [gull.id]}, dice(2))  # 2 does not beat 2
    assert gull.masts_left == 1
    shooting.shoot(state, {crew.id: [gull.id]}, dice(3))
    assert gull.status == "derelict" and abbot.masts_left == 4


def test_marine_is_removed_by_two_hits_in_the_same_turn():
    """"Viene eliminato dal gioco se riceve due colpi nel medesimo turno.\""""
    state, crew = _landed((8, 7))
    abbot = put(state.ship("iron-abbot"), 10, 8, 0)  # K9-K7, beam west at Rock
    shooting.shoot(state, {abbot.id: [crew.id, "none", "none", "none"]}, dice(6))
    assert crew.alive and crew.hits == 1
    marines.new_turn(state)  # a new turn: the first hit is forgotten
    shooting.shoot(state, {abbot.id: [crew.id, "none", "none", "none"]}, dice(6))
    assert crew.alive
    shooting.shoot(state, {abbot.id: [crew.id, "none", "none", "none"]}, dice(6))
    assert not crew.alive and crew.id not in turns.objects_to_act(state, "red")
    assert state.losses[-1].side == "red" and state.losses[-1].by == "blue"


def test_marine_own_island_does_not_block_its_lines_of_fire():
    """"Come per il forte, la propria isola non ferma le linee di tiro sia per sparare che
    per essere bersagliato.\""""
    state, crew = _landed((6, 7))  # west of Rock's land square H8
    cat = put(state.ship("calico-cat"), 8, 7, 0)  # east of it, facing north: beam west
    assert cat.id in shooting.reach(state, crew, marines.GUN)
    assert crew.id in shooting.reach(state, cat, Gun(range="S", score=3))
    # a ship on that square is blocked by the same land
    wasp = put(state.ship("sea-wasp"), 6, 7, 0)
    crew.alive = False
    assert cat.id not in shooting.reach(state, wasp, Gun(range="S", score=3))


def test_marine_on_the_public_map_and_its_words():
    """The map draws a landed marine on her square; the picture's text names her there."""
    from renderer.api import describe_image, render_map
    state, crew = _landed((8, 8))
    public = view(state, None)
    bare = view(state, None)
    bare["marines"] = []
    assert render_map(public).tobytes() != render_map(bare).tobytes()
    assert "Red marines at I9" in describe_image(public)


def test_marine_orders_of_the_computer_captains_are_legal():
    """The captains play a landed marine: they hold to shoot an enemy in reach, and their
    orders pass the rules' own check."""
    import random

    from rules.ai.pirates.captains import Captain, Deckhand
    from rules.pirates.ruleset import PiratesRuleset
    state, crew = _landed((8, 7))
    put(state.ship("gull"), 10, 7, 0)
    for ship in state.ships:
        ship.acted = ship.side == "red"  # only the marines are left to act for red
    state.order = [Slot(side="red", count=1), Slot(side="blue", count=3)]
    spec = steps.manoeuvre_spec(state, ACT, None, None)
    for captain in (Deckhand(), Captain()):
        orders = list(captain.candidates(PiratesRuleset(), view(state, "p1"), ACT, spec, random.Random(1)))
        assert orders[0] == {"action": "fire", "ship": crew.id}
        assert all(steps.manoeuvre_check(state, ACT, o, None) == [] for o in orders)


def test_marine_landed_by_the_computer_captains_at_a_wild_island():
    """A captain whose ship with marines aboard is docked at a wild island with no fort
    puts them ashore first; the order passes the rules' check."""
    import random

    from rules.ai.pirates.captains import Captain, Deckhand
    from rules.pirates.ruleset import PiratesRuleset
    state, heron, crew = _docked_with_marines()
    state.order = [Slot(side="red", count=3), Slot(side="blue", count=3)]
    spec = steps.manoeuvre_spec(state, ACT, None, None)
    for captain in (Deckhand(), Captain()):
        orders = list(captain.candidates(PiratesRuleset(), view(state, "p1"), ACT, spec, random.Random(1)))
        assert orders[0] == {"action": "embark", "crew": crew.id, "to": "rock"}
        assert steps.manoeuvre_check(state, ACT, orders[0], None) == []


def test_marine_in_the_fleet_pick_list_in_both_languages():
    """Marines are bought like any crew; the pick list says what they do, EN and IT."""
    from rules.pirates.fleets import DESIGNS
    design = next(d for d in DESIGNS if d.id == "marines")
    assert "wild island" in design.label.render("en")
    assert "isola selvaggia" in design.label.render("it")
