"""Computer captains for Signal Close Action, playing from their seat's view only.

* ``Deckhand`` steers each ship for the nearest enemy, fires whatever broadside has an
  enemy as its nearest ship in the sector, and frees herself from contacts.
* ``Captain`` looks at every course the form offers, sails each one out on the table
  and weighs what her broadsides would then bear on (a rake counted at its multiplier,
  a damaged target worth more) against the enemy broadsides that would bear on her;
  keeps full sail until within medium range and easy sail in action; aims at the hull;
  boards a smaller or weaker enemy alongside, and a struck one (a prize), which she
  steers for; keeps off an enemy whose crew would win the melee; keeps clear of her
  friends' runs, base against base, of coasts and of the table's edge; chooses the
  moment of the run she fires at; keeps a lead on points. With the optional rules she
  makes a second course change (rule 3), runs her guns out and keeps the initial
  broadside from long range (rule 6), jury-rigs (rule 9), and weighs every sail order
  at the engine's speed for it (rule 5 too: ``speeds.py``).
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from abc import abstractmethod
from typing import Any, Iterable

from rules.ai.base import AICaptain, Planned
from rules.core.decisions import Decision, DecisionSpec
from rules.core.ruleset import Ruleset
from rules.core.tables.open_table import Pose, base_polygon, bearing, angle_diff, unit
from rules.core.tables.sectors import sector_polygon
from shapely.geometry import LineString, Polygon

from rules.ai.sca.speeds import navigation_on, navigation_speed, fast_play_speed, point_index, speed_after
from rules.sca import navigation as N
from rules.sca import wind as W

LONG, MEDIUM, SHORT = 700.0, 350.0, 100.0
POINTS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
# Damage multipliers by range, times a rough chance to hit at an Ability near 10.
WORTH = {"short": 12 * 0.95, "medium": 5 * 0.8, "long": 2 * 0.5}
THREAT = 1.0  # how much the enemy broadsides bearing on her weigh against her own
CLOSE = 15.0  # mm of distance to the enemy worth a point, when a broadside already bears
CLOSE_IDLE = 20.0  # the same when no broadside bears
SAIL_FAR = 350.0  # mm from the nearest enemy beyond which she keeps full sail
PRIZE = 10.0  # a struck enemy taken, per point of her BF
WEAR = 0.15  # a hit's worth grows by this for each DC the target has lost
KEEP_OFF = 40.0  # ending beside an enemy, per point the melee's odds run against her
LEADING = 2.0  # THREAT's weight while her side leads on points (Sezione 8 ii): keep what she has
SECOND = 0.5  # a second change, which the Ability throw may refuse: made only for a gain
LEAD_CLOSE = 0.0  # the closing term's weight while leading: she need not close again


def band(d: float) -> str | None:
    return "short" if d <= SHORT else "medium" if d <= MEDIUM else "long" if d <= LONG else None


def pose_of(s: dict[str, Any], x: float | None = None, y: float | None = None, heading: float | None = None) -> Pose:
    return Pose(s["x"] if x is None else x, s["y"] if y is None else y, s["heading"] if heading is None else heading)


def active(s: dict[str, Any]) -> bool:
    return s.get("state") in ("afloat", "captured")


def fighting(s: dict[str, Any]) -> bool:
    return s.get("state") == "afloat"


@lru_cache(maxsize=4096)
def hull_at(x: float, y: float, heading: float, length: float, width: float) -> Any:
    """A ship's hull (85 % by 50 % of her base, geometry.py), made once per place: every
    course weighed in a decision measures the same ships."""
    return base_polygon(Pose(x, y, heading), length * 0.85, width * 0.5)


@lru_cache(maxsize=4096)
def base_at(x: float, y: float, heading: float, length: float, width: float) -> Any:
    return base_polygon(Pose(x, y, heading), length, width)


@lru_cache(maxsize=4096)
def sector_at(x: float, y: float, heading: float, length: float, width: float, side: str) -> Any:
    return sector_polygon(Pose(x, y, heading), length, width, side, LONG + length)


def sector_nearest(view: dict[str, Any], me: dict[str, Any], pose: Pose, side: str) -> tuple[dict | None, float]:
    """The nearest ship whose hull is in the broadside's sector within long range."""
    sector = sector_at(pose.x, pose.y, pose.heading, me["length"], me["width"], side)
    best, best_d = None, math.inf
    for s in view["ships"]:
        if s["id"] == me["id"] or s.get("state") not in ("afloat", "struck", "captured"):
            continue
        d = math.hypot(s["x"] - pose.x, s["y"] - pose.y)
        if d > LONG + 60 or d >= best_d:
            continue
        if sector.intersects(hull_at(s["x"], s["y"], s["heading"], s["length"], s["width"])):
            best, best_d = s, d
    return best, best_d


def enemy_of(me: dict[str, Any], s: dict[str, Any] | None) -> bool:
    return s is not None and s["owner"] != me["owner"] and s.get("state") == "afloat"


def rake_factor(pose: Pose, side: str, target: dict[str, Any], d: float) -> int:
    """The rake's multiplier (Sezione 6 iv) if this broadside would rake the target: at short
    or medium range, the target perpendicular to her and the sector's centre line through
    her mainmast; 4 across the stern, 2 across the bow, else 1."""
    if d > MEDIUM:
        return 1
    fire_dir = pose.heading + (90.0 if side == "starboard" else -90.0)
    across = abs(angle_diff(target["heading"], fire_dir))
    if min(across, 180.0 - across) > 11.25:
        return 1
    fx, fy = unit(fire_dir)
    dx, dy = target["x"] - pose.x, target["y"] - pose.y
    if abs(dx * fy - dy * fx) > target["width"] / 2:
        return 1
    return 4 if across <= 90.0 else 2


def wear(target: dict[str, Any]) -> float:
    """How much more a hit on this ship is worth for the DCs she has lost already: the
    nearer she is to striking (half her BF in points, her BF as a prize), the better."""
    return 1.0 + WEAR * (target["hull_lost"] + target["rigging_lost"])


def fire_choice(view: dict[str, Any], me: dict[str, Any], pose: Pose, sharp: bool = False,
                skip_long: bool = False) -> tuple[str, float]:
    """Which broadsides to fire (those whose shot falls on an enemy) and what they are worth;
    ``sharp`` (the captain) counts rakes and prefers the most damaged target; ``skip_long``
    holds fire at long range (an initial broadside kept for nearer)."""
    sides, worth = [], 0.0
    for side in ("port", "starboard"):
        target, d = sector_nearest(view, me, pose, side)
        if enemy_of(me, target) and not (skip_long and band(d) == "long"):
            sides.append(side)
            value = me["bf"] * WORTH.get(band(d) or "", 0.0)
            if sharp:
                value *= rake_factor(pose, side, target, d) * wear(target)
            worth += value
    fire = "both" if len(sides) == 2 else sides[0] if sides else "none"
    return fire, worth


def threat(view: dict[str, Any], me: dict[str, Any], pose: Pose) -> float:
    """What the enemy broadsides bearing on her where she would stand are worth."""
    spot = hull_at(pose.x, pose.y, pose.heading, me["length"], me["width"])
    total = 0.0
    for s in view["ships"]:
        if not enemy_of(me, s):
            continue
        d = math.hypot(s["x"] - pose.x, s["y"] - pose.y)
        b = band(d)
        if b is None:
            continue
        for side in ("port", "starboard"):
            if sector_at(s["x"], s["y"], s["heading"], s["length"], s["width"], side).intersects(spot):
                total += s["bf"] * WORTH[b]
                break
    return total


def nearest_enemy(view: dict[str, Any], me: dict[str, Any], x: float, y: float) -> tuple[dict | None, float]:
    best, best_d = None, math.inf
    for s in view["ships"]:
        if enemy_of(me, s):
            d = math.hypot(s["x"] - x, s["y"] - y)
            if d < best_d:
                best, best_d = s, d
    return best, best_d


def values(spec: DecisionSpec, action: str, param: str) -> list[Any]:
    a = spec.action(action)
    p = a.param(param) if a is not None else None
    return p.values() if p is not None else []


def pick(options: list[Any], *preferred: Any) -> Any:
    for p in preferred:
        if p in options:
            return p
    return options[0] if options else None


def model_view(view: dict[str, Any]) -> dict[str, Any]:
    """The view in the rulebook's 1/1200 millimetres, which the captains' ranges are in (the
    house rules' 1/3000 scale gives every measure divided by ``mm_factor``)."""
    f = float(view.get("mm_factor") or 1.0)
    if f == 1.0:
        return view
    ships = [{**s, **{k: s[k] * f for k in ("x", "y", "length", "width", "speed")},
              "trail": [[c * f for c in p] for p in s.get("trail", [])]} for s in view["ships"]]
    t = view["table"]
    table = {**t, "width": t["width"] * f, "height": t["height"] * f,
             "land": [{**a, "points": [[c * f for c in p] for p in a["points"]]} for a in t.get("land", [])]}
    return {**view, "ships": ships, "table": table, "mm_factor": 1.0}


class ScaCaptain(AICaptain):
    last_resort = frozenset()

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        if decision.kind != "orders":  # refusing the scenario (optional rule 2): the default, accept
            yield dict(spec.default or {})
            return
        view = model_view(view)
        me = next(s for s in view["ships"] if s["id"] == decision.subject)
        if spec.action("tack") is not None and me.get("tack"):
            fire, _ = fire_choice(view, me, pose_of(me))
            yield {"action": "tack", "fire": fire, "aim": "hull"}
            return
        if spec.action("fire") is not None:
            fire, _ = fire_choice(view, me, pose_of(me))
            yield {"action": "fire", "fire": fire, "aim": "hull"}
            return
        for payload in self.sailing(view, me, spec, planned or {}):
            yield complete(payload, spec, me.get("unloaded", ()))
        if spec.default:
            yield dict(spec.default)

    @abstractmethod
    def sailing(self, view: dict[str, Any], me: dict[str, Any], spec: DecisionSpec,
                planned: Planned) -> Iterable[dict[str, Any]]:
        """Payloads for a ship under sail, best first (each level's own judgement)."""


def speed_with(me: dict[str, Any], sail: str | None) -> float:
    """Her speed this part if her sail order succeeds (the view's speed is for the sail set now)."""
    speed = float(me.get("speed", 0.0))
    if me.get("contacts"):
        return speed / 2  # once freed, at half speed
    if sail == "up":
        return speed * 2 if me["sail"] == "easy" else 45.0
    if sail == "down":
        return speed / 2 if me["sail"] == "full" else 0.0
    return speed


def complete(payload: dict[str, Any], spec: DecisionSpec, empty: Iterable[str] = ()) -> dict[str, Any]:
    """The payload with every parameter it leaves out (a flagship's signals) at the form's
    default, else its first value: she makes no signal unless she means to."""
    action = spec.action(str(payload.get("action")))
    if action is None:
        return payload
    out = dict(payload)
    fire = action.param("fire")
    if fire is not None and out.get("fire") not in fire.values():
        # Optional rule 6: a broadside not reloaded yet cannot fire.
        wanted = {"both": ["port", "starboard"]}.get(out.get("fire", "none"), [out.get("fire", "none")])
        out["fire"] = next((side for side in wanted if side in fire.values()), "none")
    reload = action.param("reload")
    if reload is not None and out.get("fire") == "none" and "reload" not in out:
        out["reload"] = reload.values()[-1]
    elif reload is not None and "reload" not in out:
        # Optional rules 3 and 6: an empty broadside fires once reloaded in the first segment.
        fired = {"both": ["port", "starboard"]}.get(out.get("fire", "none"), [out.get("fire", "none")])
        wanted = [side for side in fired if side in empty]
        if wanted:
            out["reload"] = "both" if len(wanted) == 2 else wanted[0]
    course2 = action.param("course2")
    if course2 is not None and "course2" not in out and out.get("course") in course2.values():
        # Optional rule 3: no second change unless she means one (the form's first value is
        # her present heading, which would turn her back at the end of the part).
        out["course2"] = out["course"]
    for param in action.params:
        if param.name not in out:
            default = (spec.default or {}).get(param.name)
            out[param.name] = default if default is not None else param.values()[0]
    return out


def move_to(me: dict[str, Any], point: str, sail: str | None = None) -> Pose:
    heading = POINTS.index(point) * 22.5
    speed = speed_with(me, sail)
    dx, dy = unit(heading)
    return Pose(me["x"] + dx * speed, me["y"] + dy * speed, heading)


CREW_RANK = {"poor": 0, "average": 1, "good": 2, "elite": 3}


def melee_odds(me: dict[str, Any], enemy: dict[str, Any]) -> int:
    """The melee test's modifiers for her against this enemy (Sezione 7 iv), dice aside:
    board when they are not against her (a melee that goes on holds the enemy too)."""
    crew = (CREW_RANK[me["crew"]] > CREW_RANK[enemy["crew"]]) - (CREW_RANK[me["crew"]] < CREW_RANK[enemy["crew"]])
    size = (me["bf"] > enemy["bf"]) - (me["bf"] < enemy["bf"])
    lost = enemy["hull_lost"] + enemy["rigging_lost"] - me["hull_lost"] - me["rigging_lost"]
    return crew + size + lost


def where_after(view: dict[str, Any], s: dict[str, Any], planned: Planned) -> tuple[float, float]:
    """Where another ship will stand after this part: a friend where her planned course
    takes her, anyone else where she is (only the acting side moves)."""
    order = planned.get(s["id"])
    if order and order.get("course") in POINTS:
        p = move_to(s, order["course"], order.get("sail"))
        return p.x, p.y
    return s["x"], s["y"]


def collision_risk(view: dict[str, Any], me: dict[str, Any], p: Pose, planned: Planned) -> int:
    """How many ships her run would touch, sampled along it: a collision costs both ships
    rigging and holds them hove to."""
    hits = 0
    for s in view["ships"]:
        if s["id"] == me["id"] or s.get("state") not in ("afloat", "struck", "captured"):
            continue
        if s["owner"] != me["owner"] and s.get("state") == "struck":
            continue  # a prize to take
        ox, oy = where_after(view, s, planned)
        clear = (me["length"] + s["length"]) / 2 * 0.8
        d0 = math.hypot(ox - me["x"], oy - me["y"])
        for t in (0.34, 0.67, 1.0):
            x, y = me["x"] + (p.x - me["x"]) * t, me["y"] + (p.y - me["y"]) * t
            d = math.hypot(ox - x, oy - y)
            if d < clear and d < d0 - 1.0:
                hits += 1
                break
    return hits


def closing(view: dict[str, Any], me: dict[str, Any], p: Pose, enemy: dict[str, Any],
            speed: float | None = None, segmented: bool = False) -> float:
    """How near the enemy she can be a turn after this move, at best (the courses she
    could then steer from this heading, by the rose's rules). With optional rule 3 the
    next part's first segment runs on this heading before any change."""
    here = POINTS.index(W.name(int(round(p.heading / 22.5))))
    wind = int(round(view["wind"] / 22.5)) % 16
    speed = (float(me.get("speed", 0.0)) if speed is None else speed) or 90.0
    x, y = p.x, p.y
    if segmented:
        hx, hy = unit(here * 22.5)
        x, y, speed = x + hx * speed / 2, y + hy * speed / 2, speed / 2
    best = math.hypot(enemy["x"] - x, enemy["y"] - y)
    for change in [0] + W.legal_changes(here, wind):
        dx, dy = unit(((here + change) % 16) * 22.5)
        best = min(best, math.hypot(enemy["x"] - x - dx * speed, enemy["y"] - y - dy * speed))
    return best


class Deckhand(ScaCaptain):
    level = "deckhand"
    description = "steers for the nearest enemy and fires what bears"

    def sailing(self, view, me, spec, planned):
        courses = values(spec, "sail", "course")
        enemy, _ = nearest_enemy(view, me, me["x"], me["y"])
        course = courses[0]
        if enemy is not None:
            want = bearing((me["x"], me["y"]), (enemy["x"], enemy["y"]))
            if math.hypot(enemy["x"] - me["x"], enemy["y"] - me["y"]) > 300:
                def off(c: str) -> float:
                    return abs(angle_diff(POINTS.index(c) * 22.5, want))
            else:  # close: bring a broadside to bear
                def off(c: str) -> float:
                    return abs(abs(angle_diff(POINTS.index(c) * 22.5, want)) - 90)
            # The best course that runs into no ship, else the best.
            ranked = sorted(courses, key=off)
            course = next((c for c in ranked if not collision_risk(view, me, move_to(me, c), planned)), ranked[0])
        fire, _ = fire_choice(view, me, move_to(me, course))
        order = {"action": "sail", "course": course, "sail": pick(values(spec, "sail", "sail"), "up", "hold"),
                 "fire": fire, "aim": "hull", "boarders": "no"}
        if values(spec, "sail", "cast_off"):
            order["cast_off"] = "yes"
        yield order


def run_path(view: dict[str, Any], s: dict[str, Any], course: str, sail: str | None, segmented: bool,
             navigation: bool) -> list[tuple[float, float]]:
    """The points her run passes: where she begins, where she turns and where she ends.

    The Fast Play turns her first and runs her whole speed on the new course; optional rule
    3 runs half the speed on the heading she had, at the sail she had, then turns her and
    runs the other half on the new course at the new sail (segments.two_segments)."""
    c = POINTS.index(course)
    if not segmented:
        dx, dy = unit(c * 22.5)
        v = speed_after(view, s, sail, c, navigation)
        return [(s["x"], s["y"]), (s["x"] + dx * v, s["y"] + dy * v)]
    v0 = speed_after(view, s, None, None, navigation) / 2  # freed from a contact, at half speed
    v1 = speed_after(view, s, sail, c, navigation) / 2
    hx, hy = unit(s["heading"])
    mx, my = s["x"] + hx * v0, s["y"] + hy * v0
    dx, dy = unit(c * 22.5)
    return [(s["x"], s["y"]), (mx, my), (mx + dx * v1, my + dy * v1)]


def along(path: list[tuple[float, float]], t: float, still: float = 0.0) -> Pose:
    """Where she stands a fraction ``t`` of the part into her run (each leg takes an equal
    share of the time), heading along the leg she is on."""
    legs = len(path) - 1
    i = min(legs - 1, int(t * legs))
    f = t * legs - i
    (ax, ay), (bx, by) = path[i], path[i + 1]
    heading = bearing((ax, ay), (bx, by)) if (ax, ay) != (bx, by) else still
    return Pose(ax + (bx - ax) * f, ay + (by - ay) * f, heading)


def predicted(view: dict[str, Any], s: dict[str, Any], planned: Planned, t: float, segmented: bool,
              navigation: bool) -> Pose:
    """Where another ship stands a fraction ``t`` into this part's run: a friend with an
    order on her planned course, anyone else where she is (only the acting side moves;
    guessing that a friend still to be ordered holds her course kept the squadrons too
    far apart, and she will keep clear of this ship's order herself; with optional rule 3,
    guessing her first segment, which runs on her heading whatever her order, made half as
    many collisions again between friends)."""
    order = planned.get(s["id"])
    if not (order and order.get("course") in POINTS):
        return pose_of(s)
    return along(run_path(view, s, order["course"], order.get("sail"), segmented, navigation), t, s["heading"])


SAMPLES = (0.25, 0.5, 0.75, 1.0)


def runs_into(view: dict[str, Any], me: dict[str, Any], path: list[tuple[float, float]], planned: Planned,
              friends_only: bool, segmented: bool = False, navigation: bool = False) -> list[dict]:
    """The ships her run would touch, base against base (with a little sea room) at
    points along both runs: the rules move every ship of the part ten millimetres at a
    time in turn, so a friend's run counts where it will be at the same moment."""
    hit = []
    run = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:]))
    reach = run + 2 * me["length"] + 120
    for s in view["ships"]:
        if s["id"] == me["id"] or s.get("state") not in ("afloat", "struck", "captured"):
            continue
        friend = s["owner"] == me["owner"]
        if friends_only and not friend:
            continue
        if math.hypot(s["x"] - me["x"], s["y"] - me["y"]) > reach:
            continue
        # Already alongside: freeing her is the cast-off's business, but not running into her again.
        samples = SAMPLES[-1:] if s["id"] in (me.get("contacts") or []) else SAMPLES
        for t in samples:
            mine = along(path, t, me["heading"])
            room = 14.0 if friend else 4.0
            other = predicted(view, s, planned, t, segmented, navigation)
            if base_at(mine.x, mine.y, mine.heading, me["length"] + room, me["width"] + room).intersects(
                    base_at(other.x, other.y, other.heading, s["length"], s["width"])):
                hit.append(s)
                break
    return hit


def land_of(view: dict[str, Any]) -> list[Polygon]:
    return [Polygon(a["points"]) for a in view["table"].get("land", []) if len(a["points"]) >= 3]


def aground(land: list[Polygon], me: dict[str, Any], path: list[tuple[float, float]]) -> bool:
    """Her run would touch a coast (she stops there and takes a collision's damage: the
    translator's note 5)."""
    if not land:
        return False
    run = LineString(path).buffer(me["width"] / 2 + 4.0) if len(set(path)) > 1 else \
        base_polygon(pose_of(me), me["length"], me["width"])
    end = base_polygon(along(path, 1.0) if len(set(path)) > 1 else pose_of(me), me["length"], me["width"])
    return any(area.intersects(run) or area.intersects(end) for area in land)


def stronger_alongside(view: dict[str, Any], me: dict[str, Any], p: Pose) -> float:
    """How far the melee's odds would run against her from enemies she would end beside
    (within a short run of their bases): a better crew alongside boards her (Sezione 7)."""
    worst = 0.0
    mine = base_polygon(p, me["length"], me["width"])
    for s in view["ships"]:
        if not enemy_of(me, s) or math.hypot(s["x"] - p.x, s["y"] - p.y) > 200:
            continue
        odds = melee_odds(me, s)
        if odds < 0 and mine.distance(base_at(s["x"], s["y"], s["heading"], s["length"], s["width"])) < 40:
            worst = max(worst, float(-odds))
    return worst


def second_turns(view: dict[str, Any], me: dict[str, Any], course: str, offered: list[str]) -> list[str]:
    """The points a second change (optional rule 3) may name after ``course``: the legal luffs
    and bearings away from it (a damaged rudder only bears away), as the form offers them."""
    here = POINTS.index(course)
    wind = point_index(view["wind"])
    out = [course]
    for change in W.legal_changes(here, wind):
        if me.get("rudder") and W.turn_kind(here, wind, change) == "luff":
            continue
        point = POINTS[(here + change) % 16]
        if point in offered and point not in out:
            out.append(point)
    return out


def sail_counts_less(view: dict[str, Any], me: dict[str, Any], navigation: bool) -> bool:
    """With rigging over the side her speed counts a lower sail than she carries (optional
    rule 9 v): the view's speed is below the engine's for her setting. Shortening to it
    costs no speed, and the repair cannot begin until she has."""
    if me["sail"] == "furled":
        return False
    here = point_index(me["heading"])
    set_now = navigation_speed(view, me, me["canvas"], here) if navigation else fast_play_speed(view, me, me["sail"])
    return float(me.get("speed", 0.0)) < set_now - 0.6


def points_of(view: dict[str, Any], side: str) -> float:
    """The points a side holds now (Sezione 8 ii, as the game's end counts them): a point
    for each enemy ship that has lost a DC, half her BF struck or destroyed, her BF taken."""
    total = 0.0
    for s in view["ships"]:
        if s["side"] == side:
            continue
        got = 1.0 if s["hull_lost"] + s["rigging_lost"] else 0.0
        if s.get("state") == "captured":
            got += s["bf"]
        elif s.get("state") in ("struck", "sunk", "exploded", "burnt"):
            got += s["bf"] / 2
        total += got
    return total


def lead_of(view: dict[str, Any], me: dict[str, Any]) -> float:
    """Her side's lead on points now (keeping a lead only when it is large, a ship's worth
    in a squadron, was measured and changed nothing)."""
    mine = points_of(view, me["side"])
    theirs = max((points_of(view, side) for side in view.get("sides", []) if side != me["side"]), default=0.0)
    return math.floor(mine) - math.floor(theirs)


class Captain(ScaCaptain):
    level = "captain"
    description = "brings a broadside to bear, keeps clear of enemy broadsides, boards a weaker ship alongside"

    def sailing(self, view, me, spec, planned):
        courses = values(spec, "sail", "course")
        navigation = navigation_on(view)
        action = spec.action("sail")
        params = {p.name for p in action.params} if action is not None else set()
        segmented = "course2" in params
        wrecked = bool(me.get("wreck"))
        seconds = values(spec, "sail", "course2") if segmented and not wrecked else []
        land = land_of(view)
        table = view["table"]
        enemy, dist = nearest_enemy(view, me, me["x"], me["y"])
        in_contact = [s for s in view["ships"] if s["id"] in (me.get("contacts") or [])]
        weaker = [s for s in in_contact if enemy_of(me, s) and melee_odds(me, s) >= 0]
        struck_alongside = [s for s in in_contact if s["owner"] != me["owner"] and s.get("state") == "struck"]
        can_board = "yes" in values(spec, "sail", "boarders")
        sail = self.sail_order(view, me, values(spec, "sail", "sail"), dist, navigation)
        # Optional rule 6: guns run out for an initial broadside are not spent at long range.
        save_initial = "yes" in values(spec, "sail", "run_out")
        when_offered = values(spec, "sail", "fire_when")
        lead = lead_of(view, me)
        caution = THREAT * (LEADING if lead > 0 else 1.0)
        eager = LEAD_CLOSE if lead > 0 else 1.0
        prizes = [s for s in view["ships"] if s["owner"] != me["owner"] and s.get("state") == "struck"
                  and math.hypot(s["x"] - me["x"], s["y"] - me["y"]) < 400]
        scored = []
        for course in courses:
            path = run_path(view, me, course, sail, segmented, navigation)
            end = along(path, 1.0) if len(set(path)) > 1 else pose_of(me)
            value = 0.0
            margin = min(end.x, end.y, table["width"] - end.x, table["height"] - end.y)
            if margin < 80:
                # The sea moves under the fleets at the edge (Sezione 1 iii), unless a ship
                # stands at the other edge: a small care, not a wall.
                value -= (80 - margin) * 0.3
            touched = runs_into(view, me, path, planned, False, segmented, navigation)
            taking = [s for s in touched if s["owner"] != me["owner"] and s.get("state") == "struck"]
            value -= 250.0 * (len(touched) - len(taking))
            if aground(land, me, path):
                value -= 250.0
            # A struck enemy is a prize for the first boarders alongside: her BF, not half of it.
            value += sum(PRIZE * s["bf"] for s in taking)
            if prizes and not taking:
                value -= min(math.hypot(s["x"] - end.x, s["y"] - end.y) for s in prizes) * 0.1
            board = "yes" if can_board and (weaker or struck_alongside or taking) else "no"
            speed = speed_after(view, me, sail, POINTS.index(course), navigation)
            finals = second_turns(view, me, course, seconds) if seconds else [course]
            for final in finals:
                pose = Pose(end.x, end.y, POINTS.index(final) * 22.5)
                fire, worth = fire_choice(view, me, pose, sharp=True, skip_long=save_initial)
                when = None
                for moment, spot in self.fire_moments(me, path, course, segmented, when_offered):
                    fire1, worth1 = fire_choice(view, me, spot, sharp=True, skip_long=save_initial)
                    if worth1 > worth:
                        fire, worth, when = fire1, worth1, moment
                v = value + worth - caution * threat(view, me, pose) - KEEP_OFF * stronger_alongside(view, me, pose)
                ne, _ = nearest_enemy(view, me, pose.x, pose.y)
                if ne is not None:
                    # Close the enemy: long range scarcely scratches her, short range is worth six times medium.
                    v -= eager * closing(view, me, pose, ne, speed, segmented) / (CLOSE_IDLE if worth == 0 else CLOSE)
                if final != course:
                    v -= SECOND
                f = "port" if board == "yes" and fire == "both" else fire
                scored.append((v, course, final, f, board, when))
        scored.sort(key=lambda t: -t[0])
        for value, course, final, fire, board, when in scored[:6]:
            order = {"action": "sail", "course": course, "sail": sail, "fire": fire, "aim": "hull", "boarders": board}
            if segmented:
                order["course2"] = final
                if when:
                    order["fire_when"] = when
            if values(spec, "sail", "cast_off"):
                order["cast_off"] = "no" if board == "yes" else "yes"
            if fire == "none" and save_initial and "reload" not in params:
                order["run_out"] = "yes"  # ready for the initial broadside, in a part she does not fire
            if wrecked and "jury" in params:
                order["jury"] = "yes"  # cut the wreckage away, then jury-rig (optional rule 9 vi)
            yield order

    @staticmethod
    def fire_moments(me: dict[str, Any], path: list[tuple[float, float]], course: str, segmented: bool,
                     offered: list[str]) -> list[tuple[str, Pose]]:
        """Where else in her run she may fire from, heading her new course: before the run or
        halfway through it (Sezione 5 vii), or with optional rule 3 at the end of the first
        segment. A volley from where a broadside bears, then a run out of the enemy's."""
        heading = POINTS.index(course) * 22.5
        if segmented:
            return [("first", Pose(path[1][0], path[1][1], heading))] if len(path) > 2 and "first" in offered else []
        (x0, y0), (x1, y1) = path[0], path[-1]
        out = []
        if "before" in offered:
            out.append(("before", Pose(x0, y0, heading)))
        if "middle" in offered:
            half = math.hypot(x1 - x0, y1 - y0) / 2
            half = 10.0 * (half // 10.0)  # the run pauses at the 10 mm below half her speed
            ux, uy = unit(heading)
            out.append(("middle", Pose(x0 + ux * half, y0 + uy * half, heading)))
        return out

    @staticmethod
    def sail_order(view: dict[str, Any], me: dict[str, Any], sails: list[str], dist: float, navigation: bool) -> str:
        """Full sail until within medium range and easy sail in action; with rigging over the
        side, first down to the sail her speed counts (the jury rig's first step)."""
        if me.get("wreck") and me.get("wreck_side") and "down" in sails and sail_counts_less(view, me, navigation):
            return "down"
        if dist > SAIL_FAR:
            return pick(sails, "up", "hold")
        if navigation:
            # In action, the Fast Play's easy sail: the grade the firing table and collisions read.
            grade = N.GRADE[me["canvas"]]
            if grade == "full":
                return pick(sails, "down", "hold")
            return pick(sails, "up", "hold") if me["canvas"] in ("furled", "storm", "topsails") else "hold"
        return pick(sails, "down", "hold") if me["sail"] == "full" \
            else pick(sails, "up", "hold") if me["sail"] == "furled" else "hold"
