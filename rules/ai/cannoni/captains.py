"""The Cannoni captains: "deckhand" (simple and sound) and "captain" (plans).

Both read only their seat's view (through :class:`Board`) and the decision's form,
and rank payloads best first; :meth:`rules.ai.base.AICaptain.choose` keeps the first
one the rules accept. See docs/ai.md for how each level decides.
"""
from __future__ import annotations

import math
import random
from abc import abstractmethod
from typing import Any, Iterable, Iterator

from rules.ai.base import AICaptain, Planned
from rules.ai.cannoni.board import SIDES, Battery, Board, Ship, expected_hits, planned_poses
from rules.ai.cannoni.evaluate import CAPTAIN_WEIGHTS, Evaluator, Weights
from rules.ai.cannoni.moves import MoveOption, PathChecker, end_pose, move_options, plan_move
from rules.core.tables import open_table as g
from rules.core.decisions import Decision, DecisionSpec
from rules.core.ruleset import Ruleset

# Beyond this the fleets are still closing: spend the low chits on the approach.
FAR = 24.0
# Within this a fight is on: the many actions of a high chit are worth most now.
ENGAGED = 16.0
# What firing at a coastal battery is worth next to a broadside at a ship (the form
# offers it; our geometry does not score forts): something, but less than a ship.
BATTERY_SHOT = 0.6
# Emergencies (fire, fouled rigging, aground, a mast over the side) come before
# almost anything: this much above staying as she is.
EMERGENCY = 2.5

# The deckhand only cares about getting at the enemy and staying on the table.
DECKHAND_WEIGHTS = Weights(approach=1.0, preferred_range=3.0, rake_position=0.0, speed=0.0)


def with_order(spec: DecisionSpec, payload: dict[str, Any]) -> dict[str, Any]:
    """A squadron's orders also say which end of the line acts first: the leader first,
    so that each ship sails into water the one ahead has left."""
    action = spec.action(payload["action"])
    if action is not None and action.param("order") is not None:
        return {**payload, "order": "ahead"}
    return payload


class CannoniAI(AICaptain):
    """Common ground of the Cannoni levels: the dispatch by decision kind, and the
    decisions both levels take the same way."""

    last_resort = frozenset({"strike", "stay_out", "drop_anchor", "cut_anchor", "cast_off", "club_haul"})

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        board = Board.from_view(view, planned_poses(view, planned, end_pose))
        return self._ranked(board, decision, spec, rng)

    def _ranked(self, board: Board, decision: Decision, spec: DecisionSpec,
                rng: random.Random) -> Iterator[dict[str, Any]]:
        subject = decision.subject or ""
        if decision.kind == "chits":
            yield self.chits(board, spec)
        elif decision.kind == "action" and subject in board.by_id:
            yield from self.ship_action(board, board.ship(subject), spec, rng)
        elif decision.kind == "squadron_action" and board.members(subject):
            for payload in self.squadron_action(board, board.members(subject), spec, rng):
                yield with_order(spec, payload)
        elif decision.kind == "battery_action" and subject in board.battery_by_id:
            yield from self.battery_action(board, board.battery_by_id[subject], spec)
        elif decision.kind == "boarding":
            yield self.parties(board, spec)
        elif decision.kind == "wind":
            yield from self.wind(board, spec)
        # Fire damage, and any decision kind added later, get nothing here: the form
        # fallback of AICaptain.choose then plays the rules' own default (for fire, the
        # fullest hull side and mast burn), which is the sensible choice.

    # -- what each level decides its own way ---------------------------------------------
    @abstractmethod
    def pick_chit(self, board: Board, ships: list[Ship], values: list[int]) -> int:
        """The chit for a ship or a squadron (``ships``) from its unspent ``values``."""

    @abstractmethod
    def ship_action(self, board: Board, ship: Ship, spec: DecisionSpec,
                    rng: random.Random) -> Iterator[dict[str, Any]]:
        """Ranked actions of one ship."""

    @abstractmethod
    def squadron_action(self, board: Board, line: list[Ship], spec: DecisionSpec,
                        rng: random.Random) -> Iterator[dict[str, Any]]:
        """Ranked actions of a squadron in line ahead (every ship does the same)."""

    def wind(self, board: Board, spec: DecisionSpec) -> Iterator[dict[str, Any]]:
        """The initial wind, when a side may choose it. By default nothing: the form
        fallback then gives the rules' default."""
        return iter(())

    # -- chits ---------------------------------------------------------------------------
    def chits(self, board: Board, spec: DecisionSpec) -> dict[str, Any]:
        payload: dict[str, Any] = {"action": "chits"}
        action = spec.action("chits")
        for param in action.params if action else []:
            if not param.required:
                continue  # e.g. breaking a squadron's formation: a line is kept
            values = sorted(int(v) for v in param.values())
            if param.name in board.fort_by_id:
                payload[param.name] = self.fort_chit(board, board.fort_by_id[param.name].batteries, values)
                continue
            ships = board.members(param.name) or ([board.by_id[param.name]] if param.name in board.by_id else [])
            payload[param.name] = self.pick_chit(board, ships, values) if ships else values[0]
        return payload

    @staticmethod
    def nearest_of(board: Board, ships: list[Ship]) -> tuple[Ship | None, Ship | None, float]:
        """(our ship, the enemy, distance) of the closest pair."""
        best: tuple[Ship | None, Ship | None, float] = (None, None, math.inf)
        for ship in ships:
            enemy, d = board.nearest_enemy(ship)
            if d < best[2]:
                best = (ship, enemy, d)
        return best

    @staticmethod
    def fort_chit(board: Board, batteries: list[Battery], values: list[int]) -> int:
        """A fort cannot move: many actions only when an enemy is within its guns'
        reach, otherwise the low chits go."""
        near = min((math.hypot(s.x - b.x, s.y - b.y) for b in batteries for s in board.enemies(batteries[0].side)),
                   default=math.inf) if batteries else math.inf
        return values[-1] if near <= ENGAGED + 4 else values[0]

    # -- coastal batteries ------------------------------------------------------------------
    def battery_action(self, board: Board, battery: Battery, spec: DecisionSpec) -> Iterator[dict[str, Any]]:
        """Keep the guns served: put out fires, rally, fire at the nearest ship (hull
        first), load; a battery with nothing in its sector heats its shot when an enemy
        is coming within reach."""
        names = {a.action for a in spec.actions}
        for name in ("fight_fire", "rally"):
            if name in names:
                yield {"action": name}
        fire = spec.action("fire")
        if fire is not None and fire.param("target") is not None and fire.param("aim") is not None:
            targets = sorted(fire.param("target").values(), key=lambda t: (
                t not in board.by_id,
                math.hypot(board.by_id[t].x - battery.x, board.by_id[t].y - battery.y) if t in board.by_id else 0.0))
            aims = fire.param("aim").values()
            for target in targets:
                for aim in sorted(aims, key=lambda a: a != "hull"):
                    yield {"action": "fire", "target": target, "aim": aim}
        if "load" in names:
            yield {"action": "load"}
        if "heat" in names and fire is None:
            near = min((math.hypot(s.x - battery.x, s.y - battery.y) for s in board.enemies(battery.side)),
                       default=math.inf)
            if near <= ENGAGED + 4:
                yield {"action": "heat"}
        if "pass" in names:
            yield {"action": "pass"}

    # -- boarding parties ---------------------------------------------------------------------
    def parties(self, board: Board, spec: DecisionSpec) -> dict[str, Any]:
        """Boarding parties: the defender commits every section, an attacker keeps one
        back to work the ship unless the fight needs every man."""
        payload: dict[str, Any] = {"action": "parties"}
        action = spec.action("parties")
        for param in action.params if action else []:
            values = sorted(int(v) for v in param.values())
            ship = board.by_id.get(param.name)
            melee = board.in_melee(param.name)
            if ship is None or melee is None or melee["defender"] == ship.id or len(values) == 1:
                payload[param.name] = values[-1]
                continue
            enemy = board.by_id.get(melee["defender"])
            strong = enemy is not None and enemy.crew_sections >= ship.crew_sections - 1
            payload[param.name] = values[-1] if strong else values[-2]
        return payload

    # -- shared pieces of a ship's action -----------------------------------------------------
    @staticmethod
    def emergencies(ship: Ship, spec: DecisionSpec) -> Iterator[dict[str, Any]]:
        """Actions that put a disabled ship back in the fight, in order of urgency."""
        names = {a.action for a in spec.actions}
        if "reenter" in names:
            yield {"action": "reenter"}
        if "fight_fire" in names:
            yield {"action": "fight_fire"}
        for name, param in (("refloat", None), ("clear_rigging", "other"), ("clear_mast", "mast")):
            action = spec.action(name)
            if action is None:
                continue
            if param is None or action.param(param) is None:
                yield {"action": name}
            else:
                for value in action.param(param).values():
                    yield {"action": name, param: value}
        if "raise_anchor" in names:
            yield {"action": "raise_anchor"}
        if "sails" in names and ship.sails == "furled":
            choices = spec.action("sails").param("to").values()
            yield {"action": "sails", "to": "battle" if "battle" in choices else choices[0]}

    @staticmethod
    def load_sides(ship: Ship, spec: DecisionSpec) -> list[str]:
        """Empty sides the form lets her load (with the optional shot the form also lists
        sides holding ball, for a double shot: ball is all these captains load)."""
        action = spec.action("load")
        if action is None or action.param("side") is None:
            return []
        return [s for s in action.param("side").values() if not ship.loaded.get(s)]

    @staticmethod
    def fire_choices(board: Board, ship: Ship, spec: DecisionSpec) -> list[tuple[float, dict[str, Any]]]:
        """Every broadside the form offers, with its worth in expected hits (weighted by
        what a hit on hull or rigging is worth), best first; what the form offers that
        our geometry did not score (a battery, a hull just touching the sector) after."""
        fire = spec.action("fire")
        if fire is None or any(fire.param(n) is None for n in ("side", "target", "aim")):
            return []
        sides = set(fire.param("side").values())
        targets = set(fire.param("target").values())
        aims = set(fire.param("aim").values())
        out: list[tuple[float, dict[str, Any]]] = []
        for side in SIDES:
            if side not in sides or not ship.loaded[side]:
                continue
            for target, d, target_aims in board.fire_options(ship, side):
                if target.id not in targets:
                    continue
                rake = board.rake(ship, target, side, d)
                for aim in target_aims:
                    if aim not in aims:
                        continue
                    mod = board.shot_modifier(ship, side, target, aim, d, rake=rake)
                    value = expected_hits(mod, board.die) * board.hit_value(target, aim, (ship.x, ship.y))
                    if (target.dismasted and rake is not None) or target.gravely_damaged:
                        value += 3.0  # a hit makes her strike her colours
                    out.append((value, {"action": "fire", "side": side, "target": target.id, "aim": aim}))
        out.sort(key=lambda vp: -vp[0])
        scored = {(p["side"], p["target"], p["aim"]) for _v, p in out}
        for side in fire.param("side").values():
            for target in fire.param("target").values():
                for aim in fire.param("aim").values():
                    if (side, target, aim) not in scored:
                        value = BATTERY_SHOT if target in board.battery_by_id else 0.0
                        out.append((value, {"action": "fire", "side": side, "target": target, "aim": aim}))
        return out

    @staticmethod
    def checked_moves(board: Board, ship: Ship, ranked: list[tuple[float, MoveOption]]) -> Iterator[dict[str, Any]]:
        """Moves best first, those whose path meets a ship, the coast or the edge held
        back to the end. A ship obliged to move may have no clear move (the rules then
        let her touch); one that is not would only be refused, so hers are dropped."""
        if not ranked:
            return
        checker = PathChecker(board, ship, [option for _value, option in ranked])
        blocked = []
        for i, (_value, option) in enumerate(ranked):
            if checker.clear(i):
                yield option.payload
            elif ship.must_move:
                blocked.append(option.payload)
        yield from blocked

    @staticmethod
    def line_fire_sides(board: Board, line: list[Ship], spec: DecisionSpec) -> list[tuple[float, dict[str, Any]]]:
        """A squadron's broadsides: each ship fires at her own nearest target, so a side
        and an aim are worth what they are worth to every ship of the line together."""
        fire = spec.action("fire")
        if fire is None or fire.param("side") is None or fire.param("aim") is None:
            return []
        out = []
        for side in fire.param("side").values():
            for aim in fire.param("aim").values():
                value = 0.0
                for ship in line:
                    shots = [(t, d) for t, d, aims in board.fire_options(ship, side) if aim in aims]
                    if shots and ship.loaded.get(side):
                        t, d = shots[0]
                        mod = board.shot_modifier(ship, side, t, aim, d, rake=board.rake(ship, t, side, d))
                        value += expected_hits(mod, board.die) * board.hit_value(t, aim, (ship.x, ship.y))
                out.append((value, {"action": "fire", "side": side, "aim": aim}))
        out.sort(key=lambda vp: -vp[0])
        return out


class Deckhand(CannoniAI):
    """Sensible chits, loads, fires whenever a broadside bears, sails toward the
    nearest enemy and keeps off the table edge and the coast."""

    level = "deckhand"
    description = "loads, fires whenever it can, closes with the nearest enemy, keeps off the edge"

    def pick_chit(self, board: Board, ships: list[Ship], values: list[int]) -> int:
        # Far off, spend a low chit on the approach; close, take many actions.
        _ship, _enemy, d = self.nearest_of(board, ships)
        return values[0] if d > FAR else values[-1]

    def ship_action(self, board: Board, ship: Ship, spec: DecisionSpec,
                    rng: random.Random) -> Iterator[dict[str, Any]]:
        names = {a.action for a in spec.actions}
        yield from self.emergencies(ship, spec)
        if "cut_grapples" in names:
            yield {"action": "cut_grapples", "from_ship": spec.action("cut_grapples").param("from_ship").values()[0]}
        choices = self.fire_choices(board, ship, spec)
        # Hull first when both may be aimed at: the plain gunner's choice.
        choices.sort(key=lambda vp: (vp[0] <= 0, vp[1]["aim"] != "hull", -vp[0]))
        for _value, payload in choices:
            yield payload
        enemy, d = board.nearest_enemy(ship)
        sides = self.load_sides(ship, spec)
        if enemy is not None:
            facing = g.side_facing(ship.pose, (enemy.x, enemy.y))
            sides.sort(key=lambda s: s != facing)
        for side in sides:
            yield {"action": "load", "side": side}
        if "tack" in names:
            yield {"action": "tack", "direction": self._tack_side(board, ship)}
        if "move" in names or "turn" in names:
            only_moves = names <= {"move", "turn"}
            if only_moves or (enemy is not None and d > 3.0):
                yield from self.checked_moves(board, ship, self._approach(board, ship, spec))
        if "pass" in names:
            yield {"action": "pass"}

    def squadron_action(self, board: Board, line: list[Ship], spec: DecisionSpec,
                        rng: random.Random) -> Iterator[dict[str, Any]]:
        names = {a.action for a in spec.actions}
        for value, payload in sorted(self.line_fire_sides(board, line, spec),
                                     key=lambda vp: (vp[0] <= 0, vp[1]["aim"] != "hull", -vp[0])):
            if value > 0:
                yield payload
        leader = line[0]
        enemy, d = board.nearest_enemy(leader)
        action = spec.action("load")
        if action is not None and action.param("side") is not None:
            sides = [s for s in action.param("side").values() if not all(m.loaded.get(s) for m in line)]
            if enemy is not None:
                facing = g.side_facing(leader.pose, (enemy.x, enemy.y))
                sides.sort(key=lambda s: s != facing)
            for side in sides:
                yield {"action": "load", "side": side}
        if ("move" in names or "turn" in names) and (names <= {"move", "turn"} or d > 3.0):
            # The line follows its leader: where the leader goes decides.
            for _value, option in self._approach(board, leader, spec):
                yield option.payload
        if "pass" in names:
            yield {"action": "pass"}

    @staticmethod
    def _tack_side(board: Board, ship: Ship) -> str:
        enemy, _d = board.nearest_enemy(ship)
        if enemy is None:
            return "starboard"
        turn = g.angle_diff(g.bearing((ship.x, ship.y), (enemy.x, enemy.y)), ship.heading)
        return "starboard" if turn >= 0 else "port"

    @staticmethod
    def _approach(board: Board, ship: Ship, spec: DecisionSpec) -> list[tuple[float, MoveOption]]:
        options = move_options(ship, spec, board.wind)
        if not options:
            return []
        scores = Evaluator(board, ship, DECKHAND_WEIGHTS).scores([o.end for o in options])
        return sorted(zip(scores.position.tolist(), options), key=lambda vo: -vo[0])


class Captain(CannoniAI):
    """Plans: scores every move the form allows by where it leaves the ship (shots,
    raking, the enemy's guns, sea room), weighs firing and loading against moving,
    plays the chits against the enemy's spent ones, grapples crippled enemies and
    strikes when the ship is hopeless."""

    level = "captain"
    description = "plans moves for shots and raking, plays the chits against the enemy's, boards the crippled"

    def __init__(self, weights: Weights = CAPTAIN_WEIGHTS) -> None:
        self.w = weights

    # -- chits -------------------------------------------------------------------------
    def pick_chit(self, board: Board, ships: list[Ship], values: list[int]) -> int:
        turns_left = board.turns_limit - board.turn + 1
        # Chits the game will end before we could play them are worth nothing: the
        # lowest of them are the ones to leave unplayed.
        usable = values[-turns_left:] if 0 < turns_left < len(values) else values
        ship, enemy, d = self.nearest_of(board, ships)
        if ship is None or enemy is None:
            return usable[0]
        if d <= ENGAGED:
            # Outrank the best chit the enemy may still hold (her spent ones are
            # public) by as little as possible: more actions than she can have, and
            # the rest saved for the turns when she has her high chits again.
            best_enemy = max(enemy.chits_available)
            above = [c for c in usable if c > best_enemy]
            return above[0] if above else usable[-1]
        closing = ship.max_speed + enemy.max_speed
        if d <= ENGAGED + 2 * closing:
            # Contact next turn or so: a middling chit to close, keeping the high ones.
            return usable[(len(usable) - 1) // 2]
        return usable[0]

    # -- wind ----------------------------------------------------------------------------
    def wind(self, board: Board, spec: DecisionSpec) -> Iterator[dict[str, Any]]:
        """The wind that lets our ships sail fastest at the enemy, and theirs slowest."""
        action = spec.action("wind")
        if action is None or action.param("direction") is None:
            return

        def sailing_speed(ship: Ship, heading: float, wind: float) -> float:
            rel = g.relative_wind(heading, wind)
            if rel < 45:
                return 0.0
            point = ("close_hauled" if rel < 67.5 else "beam_reach" if rel < 112.5
                     else "broad_reach" if rel < 157.5 else "running")
            return float(ship.speeds.get(point, {}).get("battle", {}).get("max", 0.0))

        def worth(point: int) -> float:
            wind = point * 22.5
            total = 0.0
            for ship in board.afloat():
                enemy, _d = board.nearest_enemy(ship)
                if enemy is None:
                    continue
                speed = sailing_speed(ship, g.bearing((ship.x, ship.y), (enemy.x, enemy.y)), wind)
                total += speed if ship.side == board.side else -speed
            return total

        points = [int(v) for v in action.param("direction").values()]
        for point in sorted(points, key=lambda p: (-worth(p), p)):
            yield {"action": "wind", "direction": point}

    # -- one ship -----------------------------------------------------------------------
    def ship_action(self, board: Board, ship: Ship, spec: DecisionSpec,
                    rng: random.Random) -> Iterator[dict[str, Any]]:
        names = {a.action for a in spec.actions}
        if "strike" in names and self.hopeless(board, ship):
            yield {"action": "strike"}
        after = max((board.phase or 1) - 1, 0)  # actions left to this ship after this one
        ev = Evaluator(board, ship, self.w)
        here = ev.scores([ship.pose])
        loaded = dict(ship.loaded)

        def stay(with_loaded: dict[str, bool]) -> float:
            return float(here.total(with_loaded, after, self.w)[0])

        ranked: list[tuple[float, int, dict[str, Any]]] = []  # (value, tie-break, payload)

        def add(value: float, payload: dict[str, Any]) -> None:
            ranked.append((value, len(ranked), payload))

        base = stay(loaded)
        if "pass" in names:
            add(base, {"action": "pass"})
        for i, payload in enumerate(self.emergencies(ship, spec)):
            add(base + EMERGENCY - 0.01 * i, payload)
        for value, payload in self.fire_choices(board, ship, spec):
            without = dict(loaded, **{payload["side"]: False})
            add(value + stay(without), payload)
        for side in self.load_sides(ship, spec):
            # Loaded guns are always wanted; a small premium keeps her from idling.
            add(stay(dict(loaded, **{side: True})) + 0.15, {"action": "load", "side": side})
        if "tack" in names:
            add(*self._tack(board, ship, ev, loaded, after))
        for value, payload in self._boarding(board, ship, spec, base):
            add(value, payload)
        if "sails" in names and ship.sails != "furled":
            sails = self._sails(board, ship, spec, base)
            if sails is not None:
                add(*sails)
        moves: list[tuple[float, MoveOption]] = []
        if "move" in names or "turn" in names:
            options = move_options(ship, spec, board.wind)
            if options:
                values = ev.scores([o.end for o in options]).total(loaded, after, self.w)
                # A hair of noise between equal moves, so that mirrored positions do
                # not always resolve the same way; far below any real difference.
                moves = sorted(((float(v) + rng.random() * 1e-6, o) for v, o in zip(values, options)),
                               key=lambda vo: -vo[0])
        yield from self._merge(ranked, moves, lambda: self.checked_moves(board, ship, moves))

    @staticmethod
    def _merge(ranked: list[tuple[float, int, dict[str, Any]]], moves: list[tuple[float, Any]],
               emit_moves) -> Iterator[dict[str, Any]]:
        """The other options best first, with all the moves (best first) slotted in
        where the best move ranks, so that a refused move falls back on the next."""
        ranked.sort(key=lambda r: (-r[0], r[1]))
        best_move = moves[0][0] if moves else -math.inf
        emitted = False
        for value, _tie, payload in ranked:
            if not emitted and best_move > value:
                yield from emit_moves()
                emitted = True
            yield payload
        if not emitted:
            yield from emit_moves()

    def _tack(self, board: Board, ship: Ship, ev: Evaluator, loaded: dict[str, bool],
              after: int) -> tuple[float, dict[str, Any]]:
        poses = [g.Pose(ship.x, ship.y, board.wind + 45.0), g.Pose(ship.x, ship.y, board.wind - 45.0)]
        totals = ev.scores(poses).total(loaded, after, self.w)
        best = 0 if totals[0] >= totals[1] else 1
        # d10 + ability > 10: the test passes on ability chances in ten (held to 1..9).
        ability = max(1, min(9, ship.manoeuvre - (1 if ship.crew_left * 2 <= ship.crew_boxes else 0)))
        p = ability / 10.0
        here = float(ev.scores([ship.pose]).total(loaded, after, self.w)[0])
        # Staying in irons is worth little: she cannot move until she tacks.
        value = p * float(totals[best]) + (1 - p) * here + 1.0
        return value, {"action": "tack", "direction": "starboard" if best == 0 else "port"}

    def _sails(self, board: Board, ship: Ship, spec: DecisionSpec, base: float) -> tuple[float, dict[str, Any]] | None:
        choices = spec.action("sails").param("to").values()
        _enemy, d = board.nearest_enemy(ship)
        if ship.sails == "full" and d < ENGAGED + 4 and "battle" in choices:
            # Full sails give the enemy +2 against our rigging: shorten sail to fight.
            return base + 0.6, {"action": "sails", "to": "battle"}
        if ship.sails == "battle" and d > FAR + 8 and "full" in choices and ship.point_of_sail:
            row = ship.speeds.get(ship.point_of_sail, {})
            gain = row.get("full", {}).get("max", 0) - row.get("battle", {}).get("max", 0)
            if gain >= 1:
                return base + 0.05 * gain, {"action": "sails", "to": "full"}
        return None

    def _boarding(self, board: Board, ship: Ship, spec: DecisionSpec,
                  base: float) -> Iterator[tuple[float, dict[str, Any]]]:
        names = {a.action for a in spec.actions}
        if "grapple" in names:
            for target_id in spec.action("grapple").param("target").values():
                target = board.by_id.get(target_id)
                if target is None or target.side == ship.side:
                    continue
                worth = self._boarding_worth(ship, target)
                if worth > 0:
                    yield base + worth, {"action": "grapple", "target": target_id}
        if "board_in_turn" in names:
            for target_id in spec.action("board_in_turn").param("target").values():
                target = board.by_id.get(target_id)
                if target is not None and self._melee_edge(ship, target) > 1:
                    yield base + 1.5, {"action": "board_in_turn", "target": target_id}
        if "cut_grapples" in names:
            for other_id in spec.action("cut_grapples").param("from_ship").values():
                other = board.by_id.get(other_id)
                if other is not None and self._melee_edge(ship, other) <= 0:
                    yield base + 2.0, {"action": "cut_grapples", "from_ship": other_id}
        if "cast_off" in names:
            for other_id in spec.action("cast_off").param("from_ship").values():
                other = board.by_id.get(other_id)
                if other is not None and other.side != ship.side and self._melee_edge(ship, other) < 0:
                    yield base + 1.5, {"action": "cast_off", "from_ship": other_id}

    @staticmethod
    def _melee_edge(ship: Ship, other: Ship) -> float:
        """Our advantage in a melee: combat and decks, and crew sections once aboard."""
        return (ship.combat - other.combat) + 0.5 * (ship.decks - other.decks) + (ship.crew_sections - other.crew_sections)

    def _boarding_worth(self, ship: Ship, target: Ship) -> float:
        """Grappling pays against a ship that struck (taken without a fight) or whose
        crew is beaten: a prize is worth twice a sunk ship."""
        if ship.decimated or ship.captured_by is not None:
            return 0.0
        p = max(1, min(9, ship.manoeuvre)) / 10.0  # the grappling test
        if target.struck or target.decimated:
            return 4.0 * p
        crippled = (target.crew_sections <= max(ship.crew_sections // 2, 1) or target.dismasted
                    or target.hull_left <= target.hull_total // 4 or target.gravely_damaged)
        if crippled and self._melee_edge(ship, target) >= 2:
            return 2.5 * p
        return 0.0

    @staticmethod
    def hopeless(board: Board, ship: Ship) -> bool:
        """Nothing left to fight with and no way to get away, an enemy at hand."""
        if ship.captured_by is not None or not ship.on_table:
            return False
        _enemy, d = board.nearest_enemy(ship)
        if d > 10.0:
            return False
        cannot_hurt = ship.decimated
        cannot_flee = ship.speed is None or ship.dismasted or ship.unmanoeuvrable
        return cannot_hurt and cannot_flee

    # -- a squadron in line ahead -------------------------------------------------------------
    def squadron_action(self, board: Board, line: list[Ship], spec: DecisionSpec,
                        rng: random.Random) -> Iterator[dict[str, Any]]:
        """The same judgement as for one ship, summed over the ships of the line: every
        ship carries out the one order, each from where she lies."""
        names = {a.action for a in spec.actions}
        after = max((board.phase or 1) - 1, 0)
        evaluators = [Evaluator(board, s, self.w) for s in line]
        heres = [ev.scores([s.pose]) for ev, s in zip(evaluators, line)]

        def stay(change: dict[str, bool] | None = None) -> float:
            return sum(float(h.total({**s.loaded, **(change or {})}, after, self.w)[0]) for h, s in zip(heres, line))

        ranked: list[tuple[float, int, dict[str, Any]]] = []

        def add(value: float, payload: dict[str, Any]) -> None:
            ranked.append((value, len(ranked), payload))

        base = stay()
        if "pass" in names:
            add(base, {"action": "pass"})
        for value, payload in self.line_fire_sides(board, line, spec):
            add(value + stay({payload["side"]: False}), payload)
        load = spec.action("load")
        if load is not None and load.param("side") is not None:
            for side in load.param("side").values():
                if not all(s.loaded.get(side) for s in line):
                    add(stay({side: True}) + 0.15 * len(line), {"action": "load", "side": side})
        moves: list[tuple[float, dict[str, Any]]] = []
        if "move" in names or "turn" in names:
            options = move_options(line[0], spec, board.wind)
            totals = [0.0] * len(options)
            for ev, ship in zip(evaluators, line):
                ends = [plan_move(ship, board.wind, o.template, o.direction, o.curve, o.distance, o.payload).end
                        if o.template is not None else
                        plan_move(ship, board.wind, None, None, 0.0, o.distance, o.payload).end for o in options]
                for i, v in enumerate(ev.scores(ends).total(ship.loaded, after, self.w)):
                    totals[i] += float(v)
            moves = sorted(((v + rng.random() * 1e-6, o.payload) for v, o in zip(totals, options)),
                           key=lambda vp: -vp[0])
        # Ships of a line follow one another into the water the ship ahead leaves: the
        # rules meet a contact at sea rather than refuse the order, so no path check.
        yield from self._merge(ranked, moves, lambda: (payload for _v, payload in moves))
