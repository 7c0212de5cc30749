"""Gun actions: loading a broadside (*caricare*) and firing it (*fare fuoco*)."""
from __future__ import annotations

from typing import Any

from rules.cannoni import geometry as g
from rules.cannoni.boarding import boarders_aboard
from rules.cannoni.capture import strike_colours
from rules.cannoni.fire import fire, fire_options, mainmast, rake
from rules.cannoni.orders import ShipAction, register, side_param
from rules.cannoni.state import SIDES, CannoniState, ShipState
from rules.cannoni.texts import PROBLEMS as CP
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.problems import problem


@register
class Load(ShipAction):
    name = "load"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        empty = [s for s in SIDES if ship.loaded.get(s) is None]
        if ship.decimated or not empty:
            return None
        return ActionSpec(action=self.name, label="load a broadside", params=[side_param(empty)])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        ship.loaded[p["side"]] = "ball"
        roller.log.emit("load", ship=ship.id, name=ship.name, side=p["side"])


def valid_targets(state: CannoniState, ship: ShipState, side: str):
    """The rulebook's valid targets, less those the close action rules out: a ship
    whose deck our own boarders stand on, and for a prize anyone who has not fired
    on her ("può fare fuoco solo dopo essere stato oggetto di fuoco avversario")."""
    opts = fire_options(state, ship, side)
    keep = [t for t in opts.targets if not boarders_aboard(state, ship, state.ship(t.ship))]
    if ship.captured_by is not None and not ship.fired_on:
        keep = []
    why = opts.blocked if opts.targets == keep else "our boarders are on her deck, or a prize may only return fire"
    return opts.model_copy(update={"targets": keep, "blocked": why if not keep else opts.blocked})


def check_fire(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
    if ship.loaded.get(p["side"]) is None:
        return [problem(CP.NOT_LOADED, field="side", side=p["side"])]
    opts = valid_targets(state, ship, p["side"])
    target = next((t for t in opts.targets if t.ship == p["target"]), None)
    if target is None:
        legal = ", ".join(state.ship(t.ship).name for t in opts.targets) or "none"
        return [problem(CP.NOT_A_VALID_TARGET, field="target", target=state.ship(p["target"]).name,
                        side=p["side"], legal=legal, why=opts.blocked or "not the nearest ship")]
    if p["aim"] not in target.aims:
        return [problem(CP.AIM_OUT_OF_RANGE, field="aim", aim=p["aim"],
                        distance=f"{target.distance:.1f}", legal=", ".join(target.aims))]
    return []


@register
class Fire(ShipAction):
    name = "fire"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if ship.decimated:
            return None
        sides, targets, aims = [], {}, set()
        for side in SIDES:
            if ship.loaded.get(side) is None:
                continue
            opts = valid_targets(state, ship, side)
            if opts.targets:
                sides.append(side)
                for t in opts.targets:
                    targets[t.ship] = state.ship(t.ship).name + f" ({t.distance:.1f}\")"
                    aims.update(t.aims)
        if not sides:
            return None
        return ActionSpec(action=self.name, label="fire a broadside", params=[
            side_param(sides),
            ParamSpec(name="target", label="target", choices=[Choice(value=k, label=v) for k, v in targets.items()]),
            ParamSpec(name="aim", label="aim at",
                      choices=[Choice(value=a, label=a) for a in ("hull", "rigging") if a in aims]),
        ])

    def check(self, state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
        return check_fire(state, ship, p)

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        target = state.ship(p["target"])
        forcing = forces_surrender(state, ship, target, p["side"])
        before = len(state.pending_damage)
        fire(state, roller, ship, p["side"], target, p["aim"])
        if target.side != ship.side:
            target.fired_on = True
        hit = any(item.target == target.id for item in state.pending_damage[before:])
        if forcing and hit:
            strike_colours(roller, target, f"dismasted and raked by {ship.name}")


def forces_surrender(state: CannoniState, firer: ShipState, target: ShipState, side: str) -> bool:
    """*Nave disalberata*: "può essere costretta alla resa da una nave avversaria che
    riesce a portarsi più vicina di ogni altra nave amica di classe uguale o superiore e
    sparare una bordata di infilata che colpisca la nave danneggiata" — friends of the
    target as strong as the firer (class number no larger) must all be farther away."""
    if not target.dismasted or target.struck:
        return False
    d = g.distance(mainmast(firer), mainmast(target))
    if rake(firer, target, side, d) is None:
        return False
    guards = [s for s in state.afloat() if s.side == target.side and s.id != target.id
              and s.log.ship_class <= firer.log.ship_class]
    return all(g.distance(mainmast(s), mainmast(target)) > d for s in guards)
