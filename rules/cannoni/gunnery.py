"""Gun actions: loading a broadside (*caricare*) and firing it (*fare fuoco*)."""
from __future__ import annotations

from typing import Any

from rules.cannoni.fire import fire, fire_options
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


def check_fire(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
    if ship.loaded.get(p["side"]) is None:
        return [problem(CP.NOT_LOADED, field="side", side=p["side"])]
    opts = fire_options(state, ship, p["side"])
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
            opts = fire_options(state, ship, side)
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
        fire(state, roller, ship, p["side"], state.ship(p["target"]), p["aim"])
