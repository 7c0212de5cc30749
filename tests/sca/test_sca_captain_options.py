"""The SCA captain with the optional rules switched on (docs/ai.md, "captain (Signal Close
Action)"): a second course change (optional rule 3), guns run out (optional rule 6), jury
rigs (optional rule 9 v-vi), optional rule 5's speeds, coasts, and the points she holds.
Each table is laid by hand, the captain orders from the British seat's view, and the part
is played out with seeded dice.

Frame as in tests/sca/helpers.py: millimetres, y north, headings and the wind as points
of the rose (0 = N, 4 = E), the wind the point it blows from.
"""
from __future__ import annotations

import math

from rules.ai import ai_orders, get_captain
from rules.ai.sca.captains import model_view
from rules.ai.sca.speeds import navigation_on, speed_after
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.events import EventLog
from rules.sca import wind as W
from rules.sca.damage import damage_rigging
from rules.sca.sailing import change_sail, ship_speed
from rules.sca.state import LandSetup
from tests.sca.helpers import order, ship, start

E, N, S = 4, 0, 8


def orders_of(ruleset, state, level: str = "captain") -> dict:
    orders = ai_orders(ruleset, state, {"p1": get_captain(level)}, seed=1)
    return {o.decision.split(".", 1)[1]: o for o in orders}


def play_part(ruleset, state, orders: dict, seed: int):
    return game.resolve(ruleset, state, list(orders.values()), SeededDice(seed))


def test_regola_opzionale_3_a_second_change_brings_her_broadside_to_bear():
    """"ulteriori virate, orzate o poggiate" at the end of the second segment, and fire after it:
    Thétis lies dead ahead, 300 mm east; heading east with the wind from the north, one change
    (three points at most) leaves her bow on, a second one turns her broadside to Thétis."""
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, E), ship("thetis", "french", 1300, 1000, N),
                           wind=N, two_segments=True)
    orders = orders_of(ruleset, state)
    o = orders["amethyst"].payload
    assert o["course2"] != o["course"] and o["fire"] != "none"
    _, step = play_part(ruleset, state, orders, 3)
    assert [e.data["target"] for e in step.events if e.kind in ("shot_hit", "shot_miss")] == ["Thetis"]


def test_regola_opzionale_3_no_second_change_she_did_not_mean():
    """A captain that orders no second change leaves ``course2`` at her course: the form's first
    value is her present heading, which would turn her back at the end of the part."""
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, E), ship("thetis", "french", 1000, 1800, S),
                           wind=N, two_segments=True)
    for level in ("deckhand", "captain"):
        o = orders_of(ruleset, state, level)["amethyst"].payload
        assert o["course"] != W.name(E), level  # she steers for Thétis, to the north
        assert o["course2"] == o["course"], level


def test_she_keeps_off_a_coast_across_her_run():
    """The translator's note 5: a ship that touches the coast stops there and takes a
    collision's damage. Thétis is beyond a headland to the east; she steers round it."""
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, E), ship("thetis", "french", 1900, 1000, 12),
                           wind=N)
    state.table.land.append(LandSetup(name="headland", points=[(1090, 900), (1400, 900), (1400, 1100),
                                                               (1090, 1100)]))
    after, step = play_part(ruleset, state, orders_of(ruleset, state), 5)
    assert "aground" not in [e.kind for e in step.events]
    assert not [c for c in after.ship("amethyst").contacts if c.other == "land"]


def test_regola_opzionale_6_she_runs_out_her_guns_before_the_enemy_is_in_range():
    """"bordata iniziale": guns run out in a turn she neither fires nor reloads. Thétis is 900 mm
    off, beyond long range: she runs them out now."""
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, E), ship("thetis", "french", 1900, 1000, 12),
                           wind=N, artillery=True)
    orders = orders_of(ruleset, state)
    assert orders["amethyst"].payload["fire"] == "none" and orders["amethyst"].payload["run_out"] == "yes"
    after, step = play_part(ruleset, state, orders, 2)
    assert after.ship("amethyst").run_out and "guns_run_out" in [e.kind for e in step.events]


def test_regola_opzionale_6_she_keeps_her_initial_broadside_from_long_range():
    """The initial broadside doubles a long-range shot (1 to 2) but adds most close in (5 to 7
    on the hull): with Thétis 500 mm abeam (long range) she holds her fire and runs her guns
    out; without the switch she fires."""
    def table(**options):
        return start(ship("amethyst", "british", 1000, 1000, E), ship("thetis", "french", 1000, 1500, E),
                     wind=N, **options)
    o = orders_of(*table(artillery=True))["amethyst"].payload
    assert o["fire"] == "none" and o["run_out"] == "yes"
    assert orders_of(*table())["amethyst"].payload["fire"] != "none"


def test_regola_opzionale_9_she_shortens_sail_and_jury_rigs_her_wreckage():
    """"Prima fase: la nave deve ridurre la velatura in modo che la velatura effettiva sia pari a
    quella considerata per il movimento"; then the wreckage is cut away and the RDC jury-rigged.
    Dismasted of one RDC under full sail, far from the enemy, she orders the repair each part
    until she can manoeuvre again."""
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, E, sail="full"),
                           ship("thetis", "french", 2500, 1800, E), wind=N, jury_rigs=True)
    damage_rigging(state, state.ship("amethyst"), state.ship("amethyst").dc, EventLog())
    assert state.ship("amethyst").wreck == 1
    first = orders_of(ruleset, state)["amethyst"].payload
    assert first["jury"] == "yes" and first["sail"] == "down"
    dice = SeededDice(11)
    for _ in range(8):
        if state.ship("amethyst").wreck == 0:
            break
        if state.acting_side == "british":
            state, _ = game.resolve(ruleset, state, list(orders_of(ruleset, state).values()), dice)
        else:
            state, _ = game.resolve(ruleset, state, [order(state, "thetis")], dice)
    assert state.ship("amethyst").wreck == 0 and state.ship("amethyst").sail == "easy"


def engine_speed_after(state, ship_id: str, course: str, sail: str) -> float:
    state = state.model_copy(deep=True)
    s = state.ship(ship_id)
    if sail != "hold":
        change_sail(s, sail)
    s.heading = W.POINTS.index(course)
    return ship_speed(state, s)


def test_regola_opzionale_5_her_speed_estimate_is_the_engines():
    """With optional rule 5 a ship's speed depends on her setting, her point of sail ("bolina,
    traverso, lasco o poppa") and her type: the captain weighs each course and sail order at
    the speed the engine would give her, for every choice of the form (and at the Fast Play's
    grades without the switch)."""
    for navigation in (True, False):
        ruleset, state = start(ship("amethyst", "british", 1000, 1000, E, sail="full"),
                               ship("genereux", "british", 1000, 1300, 10, type="74C", sail="easy"),
                               ship("thetis", "french", 2500, 1800, E), wind=N, navigation=navigation)
        view = model_view(ruleset.view(state, "p1"))
        assert navigation_on(view) is navigation
        for decision in ruleset.pending(state):
            form = ruleset.spec(state, decision).action("sail")
            me = next(s for s in view["ships"] if s["id"] == decision.subject)
            for course in form.param("course").values():
                for sail in form.param("sail").values():
                    want = engine_speed_after(state, me["id"], course, sail)
                    got = speed_after(view, me, sail, W.POINTS.index(course), navigation)
                    assert math.isclose(got, want, abs_tol=0.01), (navigation, me["id"], course, sail, got, want)


def test_regola_opzionale_5_read_from_a_speed_only_its_table_gives():
    """Every ship under easy sail (a setting both ladders have): the view shows which table is
    played by a close-hauled ship's speed (the Fast Play's does not depend on the point of sail)."""
    for navigation in (True, False):
        ruleset, state = start(ship("amethyst", "british", 1000, 1000, 3, sail="easy"),
                               ship("thetis", "french", 2500, 1800, 13, sail="easy"), wind=N, navigation=navigation)
        assert navigation_on(model_view(ruleset.view(state, "p1"))) is navigation


def test_ahead_on_points_she_keeps_what_she_has():
    """Sezione 8 ii: "per ogni nave nemica che ha perso almeno un DC: 1 punto". With Thétis a
    DC down and herself untouched she leads, and no longer closes: she keeps her distance
    rather than trade broadsides with a better crew; even on points she closes to fight."""
    def end_distance(thetis_hit: bool) -> float:
        ruleset, state = start(ship("amethyst", "british", 1000, 1000, E),
                               ship("thetis", "french", 1000, 1450, E, crew="good"), wind=N)
        if thetis_hit:
            state.ship("thetis").hull_lost["port"] = 1
        after, _ = play_part(ruleset, state, orders_of(ruleset, state), 4)
        me, her = after.ship("amethyst"), after.ship("thetis")
        return math.hypot(her.x - me.x, her.y - me.y)
    assert end_distance(thetis_hit=True) >= 450
    assert end_distance(thetis_hit=False) < 450
