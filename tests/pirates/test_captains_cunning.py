"""The captain level sails as a ghost, burns with the firepot specialist and moves
treasure by hand when it helps (rules/ai/pirates/cunning.py, captains.py); the deckhand
does none of it. Every order is the one the rules accept first."""
from __future__ import annotations

import random

from rules.ai import get_captain
from rules.ai.driver import checker
from rules.core.registry import get_ruleset
from rules.pirates import steps, turns
from rules.pirates.state import Crew, Slot
from tests.pirates.helpers import dice, new_state, put

RULES = get_ruleset("pirates")


def _orders(state, side: str, decision=None) -> dict[str, dict]:
    """What each level orders for ``side``'s pending decision (or ``decision``)."""
    if decision is None:
        decision = next(d for d in RULES.pending(state) if d.player == state.seat_of(side))
    spec = RULES.spec(state, decision)
    return {level: get_captain(level).choose(RULES, RULES.view(state, decision.player), decision, spec,
                                             random.Random(1), check=checker(RULES, state, decision))
            for level in ("deckhand", "captain")}


def _only(state, side: str, ship_id: str) -> None:
    state.order = [Slot(side=side, count=1)]
    for s in state.ships:
        s.acted = s.id != ship_id


def test_the_captain_sails_a_laden_ship_out_of_a_grapple_as_a_ghost():
    """Stuck to a stronger enemy with treasure aboard, the Grey Gull with the Pale Mariner
    slips away through her ("eventualmente si disincastra"); the deckhand boards."""
    state = new_state()
    gull = put(state.ship("gull"), 9, 5, 0)
    heron = put(state.ship("red-heron"), 10, 5, 0)
    gull.stuck_to, heron.stuck_to = heron.id, gull.id
    state.crews.append(Crew(id="blue-c9", key="pale-mariner", side="blue", place=gull.id))
    state.treasures[0].place = gull.id
    _only(state, "blue", gull.id)
    orders = _orders(state, "blue")
    assert orders["captain"]["action"] == "move" and orders["captain"]["ghost"] == "yes"
    assert orders["captain"]["dock"] == "no"
    assert orders["deckhand"].get("ghost") != "yes"
    turns.act(state, {**orders["captain"], "side": "blue"}, roller := dice(then=1))
    assert gull.stuck_to is None and any(e.kind == "unstuck" for e in roller.log.events)


def test_the_captain_does_not_sail_as_a_ghost_when_the_water_is_open():
    """A ghost's passage shows her crew: not taken when the plain move does as well."""
    state = new_state()
    gull = put(state.ship("gull"), 5, 8, 1)
    state.crews.append(Crew(id="blue-c9", key="pale-mariner", side="blue", place=gull.id))
    state.treasures[0].place = gull.id
    _only(state, "blue", gull.id)
    assert _orders(state, "blue")["captain"].get("ghost") != "yes"


def _fire_decision(state, target: str):
    put(state.ship(target), 6, 5, 0)  # one square off
    heron = put(state.ship("red-heron"), 5, 5, 0)
    state.crews.append(Crew(id="red-c9", key="firepot", side="red", place=heron.id))
    heron.firing, state.step = True, "fire"
    return next(d for d in steps.fire_pending(state) if d.subject == heron.id)


def test_the_captain_burns_a_two_masted_enemy_alongside_with_the_firepot():
    state = new_state()
    decision = _fire_decision(state, "calico-cat")  # two masts
    orders = _orders(state, "red", decision)
    pot = orders["captain"].get("firepot")
    assert pot is not None and pot.startswith("gun") and orders["captain"][pot] == "calico-cat"
    # the gun that hits worst is the firepot: the Red Heron's L4
    assert pot == "gun3"
    assert orders["deckhand"].get("firepot") in (None, "no")


def test_the_captain_keeps_plain_shots_for_a_one_masted_enemy():
    """A hit on her last mast leaves her derelict, cargo and all: worth more than a fire."""
    state = new_state()
    decision = _fire_decision(state, "gull")
    assert _orders(state, "red", decision)["captain"].get("firepot") in (None, "no")


def test_the_captain_takes_treasure_from_an_explored_island_by_hand():
    """Docked at an island already explored, with room aboard, she takes its treasure by
    hand (a free action) and keeps her manoeuvre; the deckhand explores again."""
    state = new_state()
    wasp = put(state.ship("sea-wasp"), 7, 6, 0)
    wasp.docked = "rock"
    state.island("rock").explored = True
    for t in state.treasures:
        t.seen_by.append("red")
    state.crews = [c for c in state.crews if c.place != wasp.id]  # room for two
    _only(state, "red", wasp.id)
    orders = _orders(state, "red")
    assert orders["captain"] == {"action": "cargo", "treasure": "t2", "to": wasp.id}  # the 5 first
    assert orders["deckhand"]["action"] == "explore"


def test_the_captain_hands_treasure_from_a_weak_ship_under_fire_to_a_stronger_one():
    state = new_state()
    wasp = put(state.ship("sea-wasp"), 9, 4, 2)
    heron = put(state.ship("red-heron"), 9, 5, 2)  # alongside, three masts
    wasp.guns = wasp.guns[:1]  # one mast left
    state.treasures[0].place = wasp.id
    put(state.ship("iron-abbot"), 9, 2, 2)  # her guns reach the Sea Wasp, not the Red Heron
    _only(state, "red", wasp.id)
    orders = _orders(state, "red")
    assert orders["captain"] == {"action": "cargo", "treasure": "t1", "to": heron.id}
    assert orders["deckhand"]["action"] != "cargo"
