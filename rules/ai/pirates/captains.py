"""The Pirates captains: "deckhand" (sails for the nearest treasure and home again,
explores, shoots what is in reach) and "captain" (the same errands judged with care:
keeps out of enemy broadsides, the more so when laden, avoids the fog and the zones
that would hold or break her, rams and boards laden enemies it can beat, aims at the
laden and the weak). Both read only their seat's view (rules.ai.pirates.board) and
rank payloads best first; :meth:`rules.ai.base.AICaptain.choose` keeps the first one
the rules accept. See docs/ai.md."""
from __future__ import annotations

import math
import random
from typing import Any, Iterable

from rules.ai.base import AICaptain, FormFiller, Planned
from rules.ai.pirates import cunning, extra
from rules.ai.pirates.board import state_from_view
from rules.core.decisions import ActionSpec, Decision, DecisionSpec
from rules.core.ruleset import Ruleset
from rules.core.tables.squares import DIRECTIONS
from rules.pirates import fighting, forts, keywords, marines, movement, sea, shooting, treasure
from rules.pirates.catalogue import FORTS
from rules.pirates.movement import SEGMENT, Plan
from rules.pirates.state import Crew, PiratesState, Ship

RULESET = "pirates"
TURNS = (0, 1, -1, 2, -2)


class PiratesAI(AICaptain):
    careful = False
    # the ghost ship's passage, the firepot and treasure by hand (rules.ai.pirates.cunning)
    cunning = False
    beam = 3
    last_resort = frozenset({"scuttle"})

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        if ruleset.name != RULESET or view.get("ruleset") != RULESET:
            return FormFiller().candidates(ruleset, view, decision, spec, rng, planned)
        state = state_from_view(view)
        side = next((s.side for s in state.seats if s.id == decision.player), None)
        if side is None:
            return FormFiller().candidates(ruleset, view, decision, spec, rng, planned)
        if decision.kind == "fire":
            aimed = self.aim(state, spec)
            return [cunning.firepot_aim(state, spec, aimed), aimed] if self.cunning else [aimed]
        if decision.kind == "extra":  # the declared extra manoeuvre, as the form offers it
            if spec.action("fire") is not None:
                return [self.aim(state, spec), {"action": "skip"}]
            return [*self.manoeuvres(state, side, spec), {"action": "skip"}]
        return [extra.declare(state, p) for p in self.manoeuvres(state, side, spec)]

    # -- where a ship would be best ------------------------------------------------------------
    def goals(self, state: PiratesState, ship: Ship) -> tuple[set[tuple[int, int]], str | None]:
        """The coast she makes for, and the island she would dock at there."""
        laden = state.treasure_at(ship.id)
        if laden or treasure.room(state, ship) <= 0 or not self._islands_with_treasure(state):
            home = state.home(ship.side)
            return {tuple(c) for c in home.coast}, home.id  # type: ignore[misc]
        cells: set[tuple[int, int]] = set()
        for island in self._islands_with_treasure(state):
            cells |= {tuple(c) for c in island.coast}  # type: ignore[misc]
        return cells, "wild"

    @staticmethod
    def _islands_with_treasure(state: PiratesState):
        return [i for i in state.islands if i.kind == "wild" and state.treasure_at(i.id)]

    def value(self, state: PiratesState, ship: Ship, may_dock: bool = True) -> float:
        """How good her present place is (``may_dock``: whether she may dock there now;
        a ghost may not)."""
        goal, kind = self.goals(state, ship)
        cells = ship.cells()
        gap = min(sea.cell_distance(c, g) for c in cells for g in goal) if goal else 0
        score = -3.0 * gap
        if goal and gap > 0:
            # facing her errand: a ship turns about her bow and sails only ahead
            bow = cells[0]
            near = min(goal, key=lambda g: sea.cell_distance(bow, g))
            dx, dy = near[0] - bow[0], near[1] - bow[1]
            step = DIRECTIONS[ship.facing]
            score += 2.5 * (dx * step.col + dy * step.row) / (math.hypot(dx, dy) * math.hypot(step.col, step.row))
        island = sea.dockable(state, ship) if may_dock else None
        if island is not None and (island.id == kind or (kind == "wild" and island.kind == "wild"
                                                          and state.treasure_at(island.id))):
            score += 25.0
        if self.careful:
            score -= self.danger(state, ship)
        return score

    def danger(self, state: PiratesState, ship: Ship) -> float:
        if sea.safe_at_home(ship, state) or (sea.dockable(state, ship) and
                                            sea.dockable(state, ship).id == state.home(ship.side).id):
            return 0.0
        threat = 0
        for enemy in state.ships:
            if enemy.side == ship.side or enemy.status != "afloat" or enemy.fog:
                continue
            for gun in enemy.guns:
                if ship.id in shooting.reach(state, enemy, gun):
                    threat += 1
        laden = len(state.treasure_at(ship.id))
        weak = 1.0 + (2.0 if ship.masts_left <= 1 else 0.0)
        return 2.5 * threat * (1 + laden) * weak

    def zone_cost(self, state: PiratesState, ship: Ship) -> float:
        cost = 0.0
        zones = sea.zone_at(state)
        for cell in ship.cells():
            zone = zones.get(cell)
            if zone is None:
                continue
            if zone.kind == "fog":
                cost += 15
            elif zone.kind == "shoals":
                cost += 6 * max(0, ship.masts - zone.die) if zone.die else 2.0 * max(0, ship.masts - 3)
            elif zone.kind == "sargasso":
                cost += (10 if zone.die is not None and zone.die >= ship.masts else 3 if zone.die is None else 0)
        return cost if self.careful else cost / 3

    # -- the moves worth sailing ----------------------------------------------------------------
    def plans(self, state: PiratesState, ship: Ship) -> list[tuple[float, dict[str, Any]]]:
        out = self._search(state, ship, ghost=False)
        if self.cunning and keywords.ghostly(state, ship):
            out = sorted(out + self._search(state, ship, ghost=True), key=lambda e: -e[0])[:12]
        return out

    def _search(self, state: PiratesState, ship: Ship, ghost: bool) -> list[tuple[float, dict[str, Any]]]:
        """The best moves, a beam search over the segments; a ghost's sail through islands,
        ships and zones but may not end on them nor dock."""
        segs = movement.segments_of(state, ship)
        frontier: list[tuple[float, list[tuple[int, int]]]] = [(0.0, [])]
        done: list[tuple[float, list[tuple[int, int]], movement.Sailing]] = []
        for k, seg in enumerate(segs):
            grown = []
            for _, prefix in frontier:
                for t in TURNS:
                    for go in range(SEGMENT[seg], -1, -1):
                        plan = prefix + [(t, go)]
                        result = movement.sail(state, ship, Plan(plan, ghost=ghost))
                        if result.problem is not None:
                            if result.problem.code == "pirates-ghost-end":  # she may sail on over it
                                grown.append((-1e6, plan))
                            continue
                        score = self._score(state, ship, result, ghost)
                        done.append((score, plan, result))
                        if result.stopped is None:
                            grown.append((score, plan))
            grown.sort(key=lambda e: -e[0])
            frontier = grown[: self.beam]
        done.sort(key=lambda e: -e[0])
        out = []
        for score, plan, result in done[:12]:
            payload: dict[str, Any] = {"action": "move", "ship": ship.id, "grapple": "yes"}
            for k, (t, go) in enumerate(plan, start=1):
                payload[f"turn{k}"], payload[f"go{k}"] = t, go
            probe = self._probe(state, ship, result)
            dock = not ghost and sea.dockable(state, probe) is not None and result.stopped is None
            payload["dock"] = "yes" if dock else "no"
            if ghost:
                payload["ghost"] = "yes"
            out.append((score, payload))
        return out

    def _probe(self, state: PiratesState, ship: Ship, result: movement.Sailing) -> Ship:
        probe = ship.model_copy()
        probe.put(result.end)
        return probe

    def _score(self, state: PiratesState, ship: Ship, result: movement.Sailing, ghost: bool = False) -> float:
        probe = self._probe(state, ship, result)
        original = ship.col, ship.row, ship.facing
        ship.put(result.end)  # the rest of the table sees her where she would be
        try:
            # a ghost crosses the zones untouched; passing as one shows her crew (a little cost)
            score = self.value(state, probe, not ghost) - (1.0 if ghost else self.zone_cost(state, probe))
        finally:
            ship.col, ship.row, ship.facing = original
        if result.rammed is not None:
            score += self.ram_value(state, ship, state.ship(result.rammed))
        return score

    def ram_value(self, state: PiratesState, ship: Ship, target: Ship) -> float:
        if target.side == ship.side:
            return -50.0
        if not self.careful:
            return 2.0
        mine, theirs = fighting.strength(state, ship), fighting.strength(state, target)
        laden = len(state.treasure_at(target.id))
        return (8.0 * laden + 4.0) if mine > theirs else -10.0

    def fire_value(self, state: PiratesState, ship: Ship) -> float:
        total = 0.0
        for gun in ship.guns:
            targets = shooting.reach(state, ship, gun)
            if targets:
                p = max(0, 6 - max(gun.score, 1)) / 6  # +1 for not moving: die + 1 > score
                worth = max(self._worth(state, t) for t in targets)
                total += p * worth
        return total

    def _worth(self, state: PiratesState, ident: str) -> float:
        fort = state.find_fort(ident)
        if state.find_marine(ident) is not None:
            return 5.0
        return 5.0 + 3.0 * (len(fort.guns) <= 1) if fort is not None else self.target_worth(state, state.ship(ident))

    def target_worth(self, state: PiratesState, target: Ship) -> float:
        laden = len(state.treasure_at(target.id))
        if not self.careful:
            return 6.0
        return 6.0 + 4.0 * laden + (8.0 if target.masts_left <= 1 else 0.0)

    def manoeuvres(self, state: PiratesState, side: str, spec: DecisionSpec) -> list[dict[str, Any]]:
        ranked: list[tuple[float, dict[str, Any]]] = self.landings(state, spec)
        if self.cunning:
            ranked += cunning.treasure_moves(state, side, spec, self.danger)
        for action in spec.actions:
            param = action.param("ship")
            for ship_id in (param.values() if param else []):
                if state.find_fort(str(ship_id)) is not None:
                    ranked.append((0.0, {"action": "fire", "ship": ship_id}))
                    continue
                marine = state.find_marine(str(ship_id))
                if marine is not None:
                    ranked += self.marine_orders(state, marine, action)
                    continue
                ship = state.ship(str(ship_id))
                here = self.value(state, ship) - self.zone_cost(state, ship)
                if action.action == "move":
                    ranked += self.plans(state, ship)
                elif action.action == "explore":
                    # worth a manoeuvre only with room aboard for what she finds
                    worth = 60.0 if treasure.room(state, ship) > 0 else -20.0
                    ranked.append((here + worth, {"action": "explore", "ship": ship.id}))
                elif action.action == "repair":
                    ranked.append((here + (30.0 if self.careful else 10.0), {"action": "repair", "ship": ship.id}))
                elif action.action == "board":
                    other = fighting.opponent(state, ship)
                    edge = fighting.strength(state, ship) - fighting.strength(state, other) if other else -9
                    ranked.append((here + (12.0 * edge + 10.0 if self.careful else 15.0),
                                   {"action": "board", "ship": ship.id}))
                elif action.action == "fire":
                    ranked.append((here + 3.0 * self.fire_value(state, ship) - 1.0,
                                   {"action": "fire", "ship": ship.id}))
                elif action.action == "fort":
                    # her cargo and the island's treasure safe at once, and guns on the island
                    keys = forts.affordable(state, ship)
                    if keys:
                        best = max(keys, key=lambda k: FORTS[k].value)
                        ranked.append((here + (45.0 if self.careful else 5.0),
                                       {"action": "fort", "ship": ship.id, "fort": best}))
                elif action.action == "reverse":
                    probe = ship.model_copy()
                    probe.put(ship.place.reversed())
                    ranked.append((self.value(state, probe) - 2.0, {"action": "reverse", "ship": ship.id}))
        ranked.sort(key=lambda e: -e[0])
        return [p for _, p in ranked]

    @staticmethod
    def landings(state: PiratesState, spec: DecisionSpec) -> list[tuple[float, dict[str, Any]]]:
        """Marines aboard a ship docked at a wild island with no fort go ashore (a free
        action: the same decision is asked again after it)."""
        embark = spec.action("embark")
        crew_param = embark.param("crew") if embark else None
        out: list[tuple[float, dict[str, Any]]] = []
        for crew_id in crew_param.values() if crew_param else []:
            crew = next((c for c in state.crews if c.id == crew_id), None)
            ship = state.find_ship(crew.place) if crew is not None else None
            if crew is None or ship is None or not marines.is_marine(crew):
                continue
            island = state.find_island(ship.docked)
            if island is not None and marines.may_land(state, crew, island):
                out.append((100.0, {"action": "embark", "crew": crew.id, "to": island.id}))
        return out

    def marine_orders(self, state: PiratesState, marine: Crew, action: ActionSpec) -> list[tuple[float, dict]]:
        """Marines hold to shoot when an enemy is in reach; else they walk to the square of
        their island nearest an enemy ship."""
        if action.action == "fire":
            worth = 10.0 if shooting.reach(state, marine, marines.GUN) else 0.0
            return [(worth, {"action": "fire", "ship": marine.id})]
        spot = action.param("spot")
        enemies = [c for s in state.ships if s.side != marine.side and s.status == "afloat" for c in s.cells()]
        if spot is None or not enemies:
            return []
        out = []
        for value in spot.values():
            cell = tuple(int(v) for v in str(value).split(","))
            if cell not in marines.free_squares(state, marine):
                continue
            near = min(sea.cell_distance(cell, c) for c in enemies)  # type: ignore[arg-type]
            out.append((5.0 - near, {"action": marines.MARCH, "ship": marine.id, "spot": value}))
        return sorted(out, key=lambda e: -e[0])[:1]

    # -- shooting -----------------------------------------------------------------------------
    def aim(self, state: PiratesState, spec: DecisionSpec) -> dict[str, Any]:
        action = spec.action("fire")
        payload: dict[str, Any] = {"action": "fire"}
        for param in action.params if action else []:
            if not param.name.startswith("gun"):
                continue  # a broadside is not fired by these captains: each gun aims for itself
            targets = [v for v in param.values() if v != shooting.NO_TARGET]
            if not targets:
                payload[param.name] = shooting.NO_TARGET
                continue
            best = max(targets, key=lambda t: (self._worth(state, str(t)), -targets.index(t)))
            payload[param.name] = best
        return payload


class Deckhand(PiratesAI):
    level = "deckhand"
    description = "sails for the nearest treasure and home again, explores, shoots what is in reach"
    careful = False
    beam = 2


class Captain(PiratesAI):
    level = "captain"
    description = ("explores and brings treasure home, keeps laden ships out of enemy broadsides, "
                   "rams and boards laden enemies it can beat, aims at the laden and the weak, "
                   "sails as a ghost, burns with a firepot and moves treasure by hand when it helps")
    careful = True
    cunning = True
    beam = 4
