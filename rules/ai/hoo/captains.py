"""The Hearts of Oak captains: "deckhand" (steers for the nearest enemy and fires at
whatever it can) and "captain" (weighs every course by the broadsides it will give and
the ones it will take, rakes where it can, boards a weaker crew, takes prizes). Both
read only their seat's view and the decision's form; the courses are plotted with the
rules' own pure movement (rules.hoo.movement), from the places the view shows.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Iterable

from rules.ai.base import AICaptain, FormFiller, Planned
from rules.core.decisions import Decision, DecisionSpec
from rules.core.ruleset import Ruleset
from rules.core.tables.hexmap import PORT, STARBOARD, Hex, bearing, centre, distance, in_arc
from rules.hoo.gunnery import fire_dice, rake
from rules.hoo.movement import IllegalCourse, sail

RULESET = "hoo"
HIT_PER_DIE = 0.25  # a 6 (1/6) and half of the 5s (1/12)


@dataclass(frozen=True)
class Seen:
    id: str
    side: str
    player: str | None
    at: Hex
    facing: int
    guns: int
    crew: int
    hull: int
    speed: int
    kind: str
    status: str
    grappled: str | None
    prize: bool = False

    @classmethod
    def of(cls, d: dict[str, Any]) -> "Seen":
        speed = d.get("marker") if d.get("marker") is not None else d.get("speed", 0)
        return cls(d["id"], d["side"], d.get("player"), Hex(int(d["x"]), int(d["y"])), int(d["facing"]),
                   int(d.get("guns", 0)), int(d.get("crew", 0)), int(d.get("hull", 0)), int(speed or 0),
                   str(d.get("kind", "")), str(d.get("status", "afloat")), d.get("grappled"), bool(d.get("prize")))


def _shoals(view: dict[str, Any], kind: str) -> set[Hex]:
    return {Hex(int(s["q"]), int(s["r"])) for s in view.get("shoals") or () if s["kind"] == kind}


def _ships(view: dict[str, Any]) -> dict[str, Seen]:
    return {d["id"]: Seen.of(d) for d in view.get("ships", [])}


def _enemies(ships: dict[str, Seen], me: Seen) -> list[Seen]:
    return [s for s in ships.values() if s.side != me.side and s.status == "afloat" and not s.prize]


def dice_at(shooter_at: Hex, facing: int, guns: int, target: Seen) -> int:
    """The dice a broadside would throw at ``target`` from here (0: not in an arc)."""
    if guns <= 0 or not (in_arc(shooter_at, facing, PORT, target.at) or in_arc(shooter_at, facing, STARBOARD,
                                                                                  target.at)):
        return 0
    return fire_dice(guns, distance(shooter_at, target.at), rake(target.at, target.facing, shooter_at))


def threat(at: Hex, facing: int, enemies: list[Seen]) -> float:
    """The dice the enemies' broadsides bear on a place now (they may yet move)."""
    me = Seen("me", "", None, at, facing, 0, 0, 0, 0, "", "afloat", None)
    return float(sum(dice_at(e.at, e.facing, e.guns, me) for e in enemies if not e.grappled))


class HooCaptain(AICaptain):
    """Dispatch by decision kind; the levels differ in how they judge a course and a shot."""

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        if ruleset.name != RULESET or view.get("ruleset") != RULESET:
            return FormFiller().candidates(ruleset, view, decision, spec, rng, planned)
        ships = _ships(view)
        if decision.kind == "wind":
            return [{"action": "wind", "side": self.wind_side(view, decision.player, ships)}]
        if decision.kind == "shift":
            return self.shifts(view, decision.player, ships)
        if decision.kind == "numbers":
            return [dict(spec.default or {"action": "keep"})]  # the fleet's order: the line as it sails
        me = ships.get(decision.subject or "")
        if me is None:
            return []
        if decision.kind == "speed":
            return self.speeds(view, me, ships, spec)
        if decision.kind == "move":
            return self.moves(view, me, ships, spec)
        if decision.kind == "fire":
            return self.fires(view, me, ships, spec)
        return []

    # -- the set-up's wind -------------------------------------------------------------
    def weather_side(self, ships: dict[str, Seen], seat: str) -> int:
        """The hex side that puts our ships to windward of the enemy's."""
        ours = [s.at for s in ships.values() if s.player == seat]
        theirs = [s.at for s in ships.values() if s.player != seat]
        if not ours or not theirs:
            return 0
        ox = sum(centre(h)[0] for h in ours) / len(ours) - sum(centre(h)[0] for h in theirs) / len(theirs)
        oy = sum(centre(h)[1] for h in ours) / len(ours) - sum(centre(h)[1] for h in theirs) / len(theirs)
        angle = math.degrees(math.atan2(ox, oy)) % 360
        return min(range(6), key=lambda i: min(abs(bearing(i) - angle), 360 - abs(bearing(i) - angle)))

    def wind_side(self, view: dict[str, Any], seat: str, ships: dict[str, Seen]) -> int:
        return self.weather_side(ships, seat)

    def shifts(self, view: dict[str, Any], seat: str, ships: dict[str, Seen]) -> list[dict[str, Any]]:
        return [{"action": "shift", "way": "none"}]

    # -- speeds, moves, fire ---------------------------------------------------------------
    def speeds(self, view: dict[str, Any], me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[dict]:
        action = spec.action("speed")
        values = sorted(action.param("pm").values()) if action and action.param("pm") else []
        return [{"action": "speed", "pm": v} for v in reversed(values)]

    def course_end(self, view: dict[str, Any], me: Seen, ships: dict[str, Seen], course: str):
        taken = {s.at for s in ships.values() if s.id != me.id} | _shoals(view, "land")
        try:
            return sail(me.at, me.facing, "" if course == "-" else course, int(view.get("wind", 0)), me.speed,
                        me.kind == "fregata", taken.__contains__)
        except IllegalCourse:
            return None

    def moves(self, view: dict[str, Any], me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[dict]:
        enemies = _enemies(ships, me)
        out: list[tuple[float, dict]] = []
        board = spec.action("board")
        if board is not None:
            for target in board.param("target").values():
                out.append((self.board_value(me, ships[target]), {"action": "board", "target": target}))
        sail_action = spec.action("sail")
        if sail_action is not None:
            for course in sail_action.param("course").values():
                end = self.course_end(view, me, ships, str(course))
                if end is not None:
                    if me.prize:  # a prize runs for it: out of the enemy's reach she is ours (3.6.1)
                        value = float(min((distance(end.at, e.at) - e.guns for e in enemies), default=0))
                    else:
                        value = self.course_value(me, end, enemies)
                    value -= self.shoal_risk(view, me, end.path)
                    out.append((value, {"action": "sail", "course": course}))
        if spec.action("fire_alongside") is not None:
            out.append((self.alongside_value(me, ships), {"action": "fire_alongside"}))
        if spec.action("cast_off") is not None:
            out.append((-1.0, {"action": "cast_off"}))
        out.sort(key=lambda pair: -pair[0])
        return [payload for _v, payload in out]

    def board_value(self, me: Seen, target: Seen) -> float:
        return -100.0

    def shoal_risk(self, view: dict[str, Any], me: Seen, path) -> float:
        """Sandbars and reefs on the way: both cost boxes and a bar may stop her (4.0)."""
        sand, reef = _shoals(view, "sand"), _shoals(view, "reef")
        risk = 0.0
        for h in path:
            if h in sand and me.kind != "fregata":
                risk += 6.0
            if h in reef:
                risk += 3.0 if me.kind == "fregata" else 6.0
        return risk

    def alongside_value(self, me: Seen, ships: dict[str, Seen]) -> float:
        return 0.0

    def course_value(self, me: Seen, end, enemies: list[Seen]) -> float:
        if not enemies:
            return 0.0
        nearest = min(distance(end.at, e.at) for e in enemies)
        best = max(dice_at(end.at, end.facing, me.guns, e) for e in enemies)
        return -nearest + 0.5 * best

    def fires(self, view: dict[str, Any], me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[dict]:
        out: list[tuple[float, dict]] = []
        fire = spec.action("fire")
        if fire is not None:
            for target in fire.param("target").values():
                t = ships[target]
                dice = dice_at(me.at, me.facing, me.guns, t)
                out.append((dice * HIT_PER_DIE, {"action": "fire", "target": target, "aim": "none"}))
                out += self.aimed(me, t, dice)
        out += self.other_fire(me, ships, spec)
        out.append((0.0, {"action": "hold"}))
        out.sort(key=lambda pair: -pair[0])
        return [payload for _v, payload in out]

    def aimed(self, me: Seen, target: Seen, dice: int) -> list[tuple[float, dict]]:
        return []

    def other_fire(self, me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[tuple[float, dict]]:
        return []


class Deckhand(HooCaptain):
    level = "deckhand"
    description = "steers for the nearest enemy and fires at whatever it can"


class Captain(HooCaptain):
    level = "captain"
    description = "weighs courses by the broadsides given and taken, rakes, boards a weaker crew, takes prizes"

    def shifts(self, view: dict[str, Any], seat: str, ships: dict[str, Seen]) -> list[dict[str, Any]]:
        want, wind = self.weather_side(ships, seat), int(view.get("wind", 0))
        ways = {"none": wind, "clockwise": (wind + 1) % 6, "anticlockwise": (wind - 1) % 6}
        gap = {k: min((v - want) % 6, (want - v) % 6) for k, v in ways.items()}
        return [{"action": "shift", "way": w} for w in sorted(ways, key=lambda k: gap[k])]

    def speeds(self, view: dict[str, Any], me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[dict]:
        action = spec.action("speed")
        values = sorted(action.param("pm").values()) if action and action.param("pm") else []
        enemies = _enemies(ships, me)
        near = min((distance(me.at, e.at) for e in enemies), default=99)
        # Close in at full sail; once within a broadside's reach, keep two PM to turn and hold.
        wanted = 3 if near <= 3 else max(values, default=0)
        return [{"action": "speed", "pm": v} for v in sorted(values, key=lambda v: (abs(v - wanted), -v))]

    def course_value(self, me: Seen, end, enemies: list[Seen]) -> float:
        if not enemies:
            return 0.0
        nearest = min(distance(end.at, e.at) for e in enemies)
        give = max(dice_at(end.at, end.facing, me.guns, e) for e in enemies)
        take = threat(end.at, end.facing, enemies)
        irons = 3.0 if end.in_irons else 0.0
        return give - 0.3 * take - 0.3 * nearest - irons

    def board_value(self, me: Seen, target: Seen) -> float:
        # Grappling stops her either way: only against a clearly weaker crew.
        return 2.0 * (me.crew - target.crew) - 1.0 if me.crew >= target.crew + 2 else -100.0

    def alongside_value(self, me: Seen, ships: dict[str, Seen]) -> float:
        other = ships.get(me.grappled or "")
        if other is None:
            return 0.0
        # Fire when the crews are level or worse for us; board when ours is stronger.
        return 1.0 if other.crew >= me.crew else -1.0

    def moves(self, view: dict[str, Any], me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[dict]:
        ranked = super().moves(view, me, ships, spec)
        if me.grappled and ships.get(me.grappled) and me.crew > ships[me.grappled].crew:
            ranked.sort(key=lambda p: p["action"] != "board")
        return ranked

    def aimed(self, me: Seen, target: Seen, dice: int) -> list[tuple[float, dict]]:
        hexes = distance(me.at, target.at)
        out = []
        if hexes <= 3 and target.hull <= 2:
            out.append(((dice // 2) * HIT_PER_DIE * 3, {"action": "fire", "target": target.id, "aim": "hull"}))
        if hexes <= 1 and target.crew <= 1:
            out.append(((dice // 2) * HIT_PER_DIE * 3, {"action": "fire", "target": target.id, "aim": "crew"}))
        return out

    def other_fire(self, me: Seen, ships: dict[str, Seen], spec: DecisionSpec) -> list[tuple[float, dict]]:
        out: list[tuple[float, dict]] = []
        seize = spec.action("seize")
        if seize is not None and me.crew > 1:
            for target in seize.param("target").values():
                out.append((50.0, {"action": "seize", "target": target, "how": "capture"}))
        double = spec.action("double")
        if double is not None:
            ports, stars = double.param("port").values(), double.param("starboard").values()
            for p in ports:
                for s in stars:
                    if p == s:
                        continue
                    split = me.guns // 2
                    dice = (dice_at(me.at, me.facing, split, ships[p]) +
                            dice_at(me.at, me.facing, me.guns - split, ships[s]))
                    out.append((dice * HIT_PER_DIE - 0.1,
                                {"action": "double", "port": p, "starboard": s, "port_dice": split}))
        return out
