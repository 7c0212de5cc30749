"""The galley captains: "deckhand" (rows at the nearest enemy) and "captain" (judges
every stroke). Both read only their seat's view and the decision's form and rank
payloads best first; :meth:`rules.ai.base.AICaptain.choose` keeps the first one the
rules accept. See docs/ai.md for how each decides.
"""
from __future__ import annotations

import math
from abc import abstractmethod
import random
from typing import Any, Iterable, Iterator

from rules.ai.base import AICaptain, FormFiller, Planned
from rules.ai.nauta.board import Board, Galley
from rules.ai.nauta.judge import CAPTAIN, Judge, Weights, free_to_row
from rules.ai.nauta.moves import Move, moves_at, simulate
from rules.ai.nauta.odds import fight_value, grapple_chance
from rules.ai.nauta.planning import best_speeds, formations, predicted
from rules.ai.nauta.shooting import shoot_choice
from rules.core.decisions import Decision, DecisionSpec
from rules.core.ruleset import Ruleset

RULESET = "nauta"
# A ramming worth this many points is taken at once, before her target rows away.
STRIKE_NOW = 3.0
# Ranked moves offered for the unit chosen, and for each other unit after it.
FIRST_UNIT_MOVES = 12
OTHER_UNIT_MOVES = 3

DECKHAND = Weights(threat_now=0.0, threat_next=0.0, approach=1.2, admiral_pull=0.0,
                   boarding=0.6)


class GalleyAI(AICaptain):
    """Common ground of the galley levels: the dispatch by decision kind."""

    weights: Weights = CAPTAIN

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        if ruleset.name != RULESET or view.get("ruleset") != RULESET:
            return FormFiller().candidates(ruleset, view, decision, spec, rng, planned)
        board = Board.from_view(view)
        if decision.kind == "speeds":
            return self.speeds(board, spec)
        if decision.kind == "initiative":
            # Rowing second, each of our moves answers one of hers; she commits first.
            return [{"action": "second"}, {"action": "first"}]
        if decision.kind == "move":
            return self.moves(board, spec)
        if decision.kind == "boarding":
            return [self.boarding(board, spec)]
        # Deployment: the scenario's places, which the form publishes as its default.
        return [dict(spec.default)] if spec.default else []

    # -- speeds ---------------------------------------------------------------------------
    def speeds(self, board: Board, spec: DecisionSpec) -> list[dict[str, Any]]:
        """The speeds as chosen, then the same speeds each galley alone (should the
        rules refuse a formation), never the form's default of last turn's speeds."""
        action = spec.action("speeds")
        allowed: dict[str, list[int]] = {}
        for param in action.params if action else []:
            if param.name in board.by_id:
                allowed[param.name] = sorted(v for v in param.values() if isinstance(v, int))
        chosen = self.pick_speeds(board, allowed)
        alone = {ship_id: chosen.get(f"formation_{v}") if isinstance(v, str) else v
                 for ship_id, v in chosen.items() if not ship_id.startswith("formation_")}
        return [{"action": "speeds", **chosen}, {"action": "speeds", **alone}]

    @abstractmethod
    def pick_speeds(self, board: Board, allowed: dict[str, list[int]]) -> dict[str, Any]:
        """Ship id -> speed, or -> formation letter with "formation_<letter>" -> speed."""

    # -- moves ----------------------------------------------------------------------------
    def moves(self, board: Board, spec: DecisionSpec) -> Iterator[dict[str, Any]]:
        action = spec.action("move")
        unit_param = action.param("unit") if action else None
        if unit_param is None:
            return
        shoot_param = action.param("shoot")
        judge = Judge(board, self.weights)
        ranked: list[tuple[float, str, list[tuple[float, Move]]]] = []
        for key in unit_param.values():
            ships = self.unit_ships(board, str(key))
            if not ships:
                continue
            options = self.unit_moves(board, judge, ships)
            ranked.append((self.priority(board, judge, ships, options), str(key), options))
        ranked.sort(key=lambda r: -r[0])
        for n, (_, key, options) in enumerate(ranked):
            limit = FIRST_UNIT_MOVES if n == 0 else OTHER_UNIT_MOVES
            for _, move in options[:limit]:
                payload: dict[str, Any] = {"action": "move", "unit": key, "turn": move.turn, "dash": move.dash}
                if shoot_param is not None:
                    payload["shoot"] = shoot_choice(board, self.unit_ships(board, key), move)
                yield payload

    @staticmethod
    def unit_ships(board: Board, key: str) -> list[Galley]:
        if key.startswith("formation:"):
            letter = key.split(":", 1)[1]
            # Our own formations are known to us: the view shows our written letters.
            return [s for s in board.mine() if s.formation == letter]
        return [board.by_id[key]] if key in board.by_id else []

    def unit_moves(self, board: Board, judge: Judge, ships: list[Galley]) -> list[tuple[float, Move]]:
        """Every move of the unit with its value, best first (a formation: the leader's
        wheel, judged over every member)."""
        lead = ships[0]
        speed = 0 if lead.stopped or lead.written is None else int(lead.written)
        if len(ships) == 1:
            scored = [(judge.move(lead, m), m) for m in moves_at(board, lead, speed)]
        else:
            scored = []
            for m in moves_at(board, lead, speed):
                if m.dash != "no":
                    continue
                total = sum(judge.move(s, _same(board, s, m)) for s in ships)
                scored.append((total, m))
        scored.sort(key=lambda t: -t[0])
        return scored

    @abstractmethod
    def priority(self, board: Board, judge: Judge, ships: list[Galley],
                 options: list[tuple[float, Move]]) -> float:
        """How urgently this unit should move first: the level's own reckoning."""

    # -- boarding -------------------------------------------------------------------------
    def boarding(self, board: Board, spec: DecisionSpec) -> dict[str, Any]:
        payload: dict[str, Any] = {"action": "declare"}
        action = spec.action("declare")
        for param in action.params if action else []:
            targets = [v for v in param.values() if v != "none" and v in board.by_id]
            if param.name.startswith("fire_"):
                # Greek fire, once a game: a 5-6 burns her, a failure costs nothing more.
                best = max(targets, key=lambda t: board.worth(board.by_id[t]), default=None)
                payload[param.name] = best or "none"
                continue
            ship = board.by_id.get(param.name)
            payload[param.name] = self.board_target(board, ship, targets) if ship else "none"
        return payload

    def board_target(self, board: Board, ship: Galley, targets: list[str]) -> str:
        """The enemy alongside worth boarding most, or "none" when every fight aboard
        would favour her (declaring then would only make the grapple certain)."""
        best, best_value = "none", 0.0
        for target_id in targets:
            other = board.by_id[target_id]
            # The view does not say how the two touch, so a harpax's +1 head-on is not
            # counted: it only changes the odds, never whether the fight favours us.
            value = grapple_chance(board, ship, other, frontal=False) * fight_value(board, ship, other)
            if value > best_value:
                best, best_value = target_id, value
        return best


def _same(board: Board, ship: Galley, lead_move: Move) -> Move:
    """A formation's member makes the leader's wheel and runs the same distance."""
    return simulate(board, ship, lead_move.speed, lead_move.turn, "no")


class Deckhand(GalleyAI):
    """Simple and sound: every galley at her best speed straight for the nearest enemy,
    ramming what she meets when the dice favour it, boarding when stronger."""

    level = "deckhand"
    description = "rows at the nearest enemy at full speed, rams and boards when the odds favour it"
    weights = DECKHAND

    def pick_speeds(self, board: Board, allowed: dict[str, list[int]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for ship_id, values in allowed.items():
            ship = board.by_id[ship_id]
            ahead = [v for v in values if v >= 0] or values
            # The fastest speed at which some wheel keeps her on the table.
            safe = [v for v in sorted(ahead, reverse=True)
                    if any(not m.lost and m.fate != "blocked" for m in moves_at(board, ship, v, step=15))]
            out[ship_id] = safe[0] if safe else min(values, key=abs)
        return out

    def priority(self, board: Board, judge: Judge, ships: list[Galley],
                 options: list[tuple[float, Move]]) -> float:
        # The galley nearest the enemy rows first.
        _, d = board.nearest_enemy(ships[0])
        return -d


class Captain(GalleyAI):
    """Judges every move: rams where the dice favour her, boards when her soldiers are
    the stronger, keeps a flagship whose loss would lose the battle clear of enemy
    prows, keeps her line in formation on the approach and never leaves the table."""

    level = "captain"
    description = ("picks its speeds, rams where the dice favour it, boards when stronger, "
                   "keeps its flagship clear of enemy prows, keeps formation on the approach")
    weights = CAPTAIN

    def pick_speeds(self, board: Board, allowed: dict[str, list[int]]) -> dict[str, Any]:
        boards = [board, predicted(board)]
        chosen = best_speeds(boards, allowed, self.weights)
        return formations(board, chosen, allowed)

    def priority(self, board: Board, judge: Judge, ships: list[Galley],
                 options: list[tuple[float, Move]]) -> float:
        """Which of our galleys rows now: a good ramming at once (her target is
        stopped by it and cannot row away); then a galley in danger, rowing clear;
        then the others, nearest the enemy first."""
        if not options:
            return -math.inf
        best, move = options[0]
        ship = ships[0]
        if move.hit is not None and move.fate == "ram" and best > STRIKE_NOW:
            return 1000 + best
        speed = 0 if ship.stopped or ship.written is None else abs(ship.written)
        here = sum(judge.danger(s, s.pose, speed, e) for s in ships for e in board.enemies()
                   if not e.engaged_with and free_to_row(board, e))
        if here > 2.0:
            return 500 + here
        _, d = board.nearest_enemy(ship)
        return -d if math.isfinite(d) else -1e6
