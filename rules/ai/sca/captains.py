"""Computer captains for Signal Close Action, playing from their seat's view only.

* ``Deckhand`` steers each ship for the nearest enemy, fires whatever broadside has an
  enemy as its nearest ship in the sector, and frees herself from contacts.
* ``Captain`` looks at every course the form offers, sails each one out on the table
  and weighs what her broadsides would then bear on (a rake counted at its multiplier,
  a damaged target worth more) against the enemy broadsides that would bear on her;
  keeps full sail until within medium range and easy sail in action; aims at the hull;
  boards a smaller or weaker enemy alongside, and a struck one (a prize), which she
  steers for; keeps off an enemy whose crew would win the melee; keeps clear of her
  friends' runs, base against base, and of the table's edge.
"""
from __future__ import annotations

import math
import random
from abc import abstractmethod
from typing import Any, Iterable

from rules.ai.base import AICaptain, Planned
from rules.core.decisions import Decision, DecisionSpec
from rules.core.ruleset import Ruleset
from rules.core.tables.open_table import Pose, base_polygon, bearing, angle_diff, unit
from rules.core.tables.sectors import sector_polygon
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


def band(d: float) -> str | None:
    return "short" if d <= SHORT else "medium" if d <= MEDIUM else "long" if d <= LONG else None


def pose_of(s: dict[str, Any], x: float | None = None, y: float | None = None, heading: float | None = None) -> Pose:
    return Pose(s["x"] if x is None else x, s["y"] if y is None else y, s["heading"] if heading is None else heading)


def active(s: dict[str, Any]) -> bool:
    return s.get("state") in ("afloat", "captured")


def fighting(s: dict[str, Any]) -> bool:
    return s.get("state") == "afloat"


def sector_nearest(view: dict[str, Any], me: dict[str, Any], pose: Pose, side: str) -> tuple[dict | None, float]:
    """The nearest ship whose hull is in the broadside's sector within long range."""
    sector = sector_polygon(pose, me["length"], me["width"], side, LONG + me["length"])
    best, best_d = None, math.inf
    for s in view["ships"]:
        if s["id"] == me["id"] or s.get("state") not in ("afloat", "struck", "captured"):
            continue
        d = math.hypot(s["x"] - pose.x, s["y"] - pose.y)
        if d > LONG + 60 or d >= best_d:
            continue
        hull = base_polygon(pose_of(s), s["length"] * 0.85, s["width"] * 0.5)
        if sector.intersects(hull):
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


def fire_choice(view: dict[str, Any], me: dict[str, Any], pose: Pose, sharp: bool = False) -> tuple[str, float]:
    """Which broadsides to fire (those whose shot falls on an enemy) and what they are worth;
    ``sharp`` (the captain) counts rakes and prefers the most damaged target."""
    sides, worth = [], 0.0
    for side in ("port", "starboard"):
        target, d = sector_nearest(view, me, pose, side)
        if enemy_of(me, target):
            sides.append(side)
            value = me["bf"] * WORTH.get(band(d) or "", 0.0)
            if sharp:
                value *= rake_factor(pose, side, target, d) * wear(target)
            worth += value
    fire = "both" if len(sides) == 2 else sides[0] if sides else "none"
    return fire, worth


def threat(view: dict[str, Any], me: dict[str, Any], pose: Pose) -> float:
    """What the enemy broadsides bearing on her where she would stand are worth."""
    spot = base_polygon(pose, me["length"] * 0.85, me["width"] * 0.5)
    total = 0.0
    for s in view["ships"]:
        if not enemy_of(me, s):
            continue
        d = math.hypot(s["x"] - pose.x, s["y"] - pose.y)
        b = band(d)
        if b is None:
            continue
        for side in ("port", "starboard"):
            if sector_polygon(pose_of(s), s["length"], s["width"], side, LONG + s["length"]).intersects(spot):
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


def closing(view: dict[str, Any], me: dict[str, Any], p: Pose, enemy: dict[str, Any]) -> float:
    """How near the enemy she can be a turn after this move, at best (the courses she
    could then steer from this heading, by the rose's rules)."""
    here = POINTS.index(W.name(int(round(p.heading / 22.5))))
    wind = int(round(view["wind"] / 22.5)) % 16
    speed = float(me.get("speed", 0.0)) or 90.0
    best = math.hypot(enemy["x"] - p.x, enemy["y"] - p.y)
    for change in [0] + W.legal_changes(here, wind):
        dx, dy = unit(((here + change) % 16) * 22.5)
        best = min(best, math.hypot(enemy["x"] - p.x - dx * speed, enemy["y"] - p.y - dy * speed))
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


def predicted(s: dict[str, Any], planned: Planned, t: float) -> Pose:
    """Where another ship stands a fraction ``t`` into this part's run: a friend with an
    order on her planned course, anyone else where she is (only the acting side moves;
    guessing that a friend still to be ordered holds her course kept the squadrons too
    far apart, and she will keep clear of this ship's order herself)."""
    order = planned.get(s["id"])
    if not (order and order.get("course") in POINTS):
        return pose_of(s)
    end = move_to(s, order["course"], order.get("sail"))
    return Pose(s["x"] + (end.x - s["x"]) * t, s["y"] + (end.y - s["y"]) * t, end.heading)


SAMPLES = (0.25, 0.5, 0.75, 1.0)


def runs_into(view: dict[str, Any], me: dict[str, Any], p: Pose, planned: Planned, friends_only: bool) -> list[dict]:
    """The ships her run would touch, base against base (with a little sea room) at
    points along both runs: the rules move every ship of the part ten millimetres at a
    time in turn, so a friend's run counts where it will be at the same moment."""
    hit = []
    reach = math.hypot(p.x - me["x"], p.y - me["y"]) + 2 * me["length"] + 120
    for s in view["ships"]:
        if s["id"] == me["id"] or s.get("state") not in ("afloat", "struck", "captured"):
            continue
        friend = s["owner"] == me["owner"]
        if friends_only and not friend:
            continue
        if math.hypot(s["x"] - me["x"], s["y"] - me["y"]) > reach:
            continue
        if s["id"] in (me.get("contacts") or []):
            continue  # already alongside: freeing her is the cast-off's business
        for t in SAMPLES:
            mine = Pose(me["x"] + (p.x - me["x"]) * t, me["y"] + (p.y - me["y"]) * t, p.heading)
            room = 14.0 if friend else 4.0
            if base_polygon(mine, me["length"] + room, me["width"] + room).intersects(
                    base_polygon(predicted(s, planned, t), s["length"], s["width"])):
                hit.append(s)
                break
    return hit


def stronger_alongside(view: dict[str, Any], me: dict[str, Any], p: Pose) -> float:
    """How far the melee's odds would run against her from enemies she would end beside
    (within a short run of their bases): a better crew alongside boards her (Sezione 7)."""
    worst = 0.0
    mine = base_polygon(p, me["length"], me["width"])
    for s in view["ships"]:
        if not enemy_of(me, s) or math.hypot(s["x"] - p.x, s["y"] - p.y) > 200:
            continue
        odds = melee_odds(me, s)
        if odds < 0 and mine.distance(base_polygon(pose_of(s), s["length"], s["width"])) < 40:
            worst = max(worst, float(-odds))
    return worst


class Captain(ScaCaptain):
    level = "captain"
    description = "brings a broadside to bear, keeps clear of enemy broadsides, boards a weaker ship alongside"

    def sailing(self, view, me, spec, planned):
        courses = values(spec, "sail", "course")
        table = view["table"]
        enemy, dist = nearest_enemy(view, me, me["x"], me["y"])
        in_contact = [s for s in view["ships"] if s["id"] in (me.get("contacts") or [])]
        weaker = [s for s in in_contact if enemy_of(me, s) and melee_odds(me, s) >= 0]
        struck_alongside = [s for s in in_contact if s["owner"] != me["owner"] and s.get("state") == "struck"]
        can_board = "yes" in values(spec, "sail", "boarders")
        sails = values(spec, "sail", "sail")
        sail = pick(sails, "up", "hold") if dist > SAIL_FAR else pick(sails, "down", "hold") if me["sail"] == "full" \
            else pick(sails, "up", "hold") if me["sail"] == "furled" else "hold"
        prizes = [s for s in view["ships"] if s["owner"] != me["owner"] and s.get("state") == "struck"
                  and math.hypot(s["x"] - me["x"], s["y"] - me["y"]) < 400]
        scored = []
        for course in courses:
            p = move_to(me, course, sail)
            fire, worth = fire_choice(view, me, p, sharp=True)
            value = worth - THREAT * threat(view, me, p)
            ne, nd = nearest_enemy(view, me, p.x, p.y)
            if ne is not None:
                # Close the enemy: long range scarcely scratches her, short range is worth six times medium.
                value -= closing(view, me, p, ne) / (CLOSE_IDLE if worth == 0 else CLOSE)
            margin = min(p.x, p.y, table["width"] - p.x, table["height"] - p.y)
            if margin < 80:
                # The sea moves under the fleets at the edge (Sezione 1 iii), unless a ship
                # stands at the other edge: a small care, not a wall.
                value -= (80 - margin) * 0.3
            touched = runs_into(view, me, p, planned, friends_only=False)
            taking = [s for s in touched if s["owner"] != me["owner"] and s.get("state") == "struck"]
            value -= 250.0 * (len(touched) - len(taking))
            # A struck enemy is a prize for the first boarders alongside: her BF, not half of it.
            value += sum(PRIZE * s["bf"] for s in taking)
            if prizes and not taking:
                value -= min(math.hypot(s["x"] - p.x, s["y"] - p.y) for s in prizes) * 0.1
            value -= KEEP_OFF * stronger_alongside(view, me, p)
            board = "yes" if can_board and (weaker or struck_alongside or taking) else "no"
            if board == "yes" and fire == "both":
                fire = "port"
            scored.append((value, course, fire, board))
        scored.sort(key=lambda t: -t[0])
        for value, course, fire, board in scored[:6]:
            order = {"action": "sail", "course": course, "sail": sail, "fire": fire, "aim": "hull", "boarders": board}
            if values(spec, "sail", "cast_off"):
                order["cast_off"] = "no" if board == "yes" else "yes"
            yield order
