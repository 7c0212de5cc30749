"""The SCA captain's tactics on hand-laid tables (docs/ai.md, "captain (Signal Close
Action)"): each situation is set by hand, the captain orders from the British seat's
view, and the part is played out with seeded dice to see what her order did.

Frame as in tests/sca/helpers.py: millimetres, y north, headings and the wind as points
of the rose (0 = N, 4 = E), the wind the point it blows from.
"""
from __future__ import annotations

import math

from rules.ai import ai_orders, get_captain
from rules.core import game
from rules.core.dice import SeededDice
from rules.sca import gunnery as G
from tests.sca.helpers import ship, start


def captain_orders(ruleset, state) -> dict[str, dict]:
    orders = ai_orders(ruleset, state, {"p1": get_captain("captain")}, seed=1)
    return {o.decision.split(".", 1)[1]: o for o in orders}


def played(ruleset, state, orders, seed: int):
    return game.resolve(ruleset, state, list(orders.values()), SeededDice(seed))


def test_she_makes_full_sail_until_the_enemy_is_within_medium_range():
    # 500 mm off: still long range, where a broadside scarcely scratches her.
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, 4), ship("thetis", "french", 1500, 1000, 4))
    assert captain_orders(ruleset, state)["amethyst"].payload["sail"] == "up"


def test_she_steers_to_rake_the_enemy_across_the_stern():
    # "moltiplicati per 2 se infilata di prua o per 4 se infilata di poppa" (Sezione 6 iv):
    # heading W with the wind from the S, Thétis on her starboard bow heading NNW. West-
    # south-west brings Thétis's stern across her starboard broadside's centre line.
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, 12), ship("thetis", "french", 790, 1252, 15),
                           wind=8)
    orders = captain_orders(ruleset, state)
    assert orders["amethyst"].payload["fire"] == "starboard"
    after, _ = played(ruleset, state, orders, 52)
    me, her = after.ship("amethyst"), after.ship("thetis")
    assert G.rake(me, "starboard", her, G.band(math.hypot(her.x - me.x, her.y - me.y)), "hull") == "stern"


def shot_at(ruleset, state, seed: int) -> set[str]:
    _, step = played(ruleset, state, captain_orders(ruleset, state), seed)
    return {e.data["target"] for e in step.events if e.kind in ("shot_hit", "shot_miss")}


def test_she_concentrates_her_fire_on_the_more_damaged_enemy():
    # Two French frigates within medium range; whichever has lost two hull DCs takes her
    # broadside (nearer striking: half her BF in points, her BF as a prize).
    def table(damaged: str):
        ruleset, state = start(ship("amethyst", "british", 1000, 1000, 4), ship("cleopatre", "french", 1246, 1152, 0),
                               ship("didon", "french", 1196, 1050, 7), wind=12)
        state.ship(damaged).hull_lost["port"] = 2
        return ruleset, state

    assert shot_at(*table("didon"), 71) == {"Didon"}
    assert shot_at(*table("cleopatre"), 71) == {"Cleopatre"}


def test_she_keeps_off_a_better_crew_alongside_and_fires_instead():
    # A poor crew beside an elite seventy-four: "qualità del proprio equipaggio inferiore: -1",
    # "la propria nave più piccola: -1" (Sezione 7 iv) — their boarders would take her.
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, 0, crew="poor"),
                           ship("genereux", "french", 1060, 1090, 0, crew="elite", type="74C"))
    orders = captain_orders(ruleset, state)
    order = orders["amethyst"].payload
    assert order["boarders"] == "no" and order["fire"] == "starboard"
    after, _ = played(ruleset, state, orders, 3)
    me, her = after.ship("amethyst"), after.ship("genereux")
    assert math.hypot(her.x - me.x, her.y - me.y) > math.hypot(60, 90) + 40


def test_she_boards_a_struck_enemy_alongside_to_take_her_as_a_prize():
    # "per ogni nave nemica catturata: il BF iniziale", against half of it for a ship struck (Sezione 8 ii).
    ruleset, state = start(ship("amethyst", "british", 1000, 1000, 4), ship("thetis", "french", 1110, 1030, 0),
                           ship("cleopatre", "french", 1000, 1800, 4))
    state.ship("thetis").status = "struck"
    orders = captain_orders(ruleset, state)
    assert orders["amethyst"].payload["boarders"] == "yes"
    after, step = played(ruleset, state, orders, 5)
    assert after.ship("thetis").status == "captured" and after.ship("thetis").owner == "british"


def test_she_keeps_clear_of_a_friends_run_where_it_will_be_as_both_sail():
    # Her friend, ordered first, runs north-west across her bow: the rules move the two ten
    # millimetres at a time in turn, so the place that counts is the friend's at that moment.
    for seed, wind, friend, me, enemy in ((14, 4, (1000, 1000, 13), (874, 979, 4), (471, 1388, 14)),
                                          (49, 12, (1000, 1000, 12), (884, 1106, 9), (1365, 1588, 11))):
        ruleset, state = start(ship("fury", "british", *friend), ship("amethyst", "british", *me),
                               ship("thetis", "french", *enemy), wind=wind)
        _, step = played(ruleset, state, captain_orders(ruleset, state), seed)
        assert [e.data for e in step.events if e.kind == "collision"] == [], seed
