"""Gun actions: loading a broadside (*caricare*) and firing it (*fare fuoco*).

With the optional firing rules (*Regole opzionali per il tiro*) a load names its shot:
ball, chain, grape, or double — two actions, a ball first and then the second ball
("nella prima un pedina Cannoni caricati a palla ... nella seconda è sostituito dal
pedina Cannoni caricati a doppia palla"). The shot stays hidden until fired.
"""
from __future__ import annotations

from typing import Any

from rules.cannoni import batteries
from rules.core.tables import open_table as g
from rules.cannoni.boarding import boarders_aboard
from rules.cannoni.capture import strike_colours
from rules.cannoni.fire import checked_sides, AMMUNITION, fire, fire_options, mainmast, rake
from rules.cannoni.forts import is_battery, unit_name
from rules.cannoni.orders import ShipAction, register, side_param
from rules.cannoni.repairs import interrupt_repairs
from rules.cannoni.state import SIDES, CannoniState, ShipState
from rules.cannoni.texts import PROBLEMS as CP
from rules.cannoni.wording import word
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.problems import problem
from rules.core.steps import Checking, remembered
from rules.core.texts import say


AMMO_LABEL = {a: say(f"cannoni.form.ammo.{a}") for a in ("ball", "chain", "double", "grape")}


def loadable(state: CannoniState, ship: ShipState) -> list[str]:
    """Empty sides, and with the optional shot a side loaded with ball, which may take
    the second ball of a double shot. A load cannot otherwise be changed."""
    return [s for s in SIDES if ship.loaded.get(s) is None
            or (state.options.ammunition and ship.loaded.get(s) == "ball")]


@register
class Load(ShipAction):
    name = "load"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        sides = loadable(state, ship)
        if ship.decimated or not sides:
            return None
        params = [side_param(sides)]
        if state.options.ammunition:
            any_empty = any(ship.loaded.get(s) is None for s in sides)
            shots = AMMUNITION if any_empty else ("double",)
            # Optional in an order: ball, the base rules' shot, when none is named.
            params.append(ParamSpec(name="ammo", label=say("cannoni.form.shot"), required=False, help=say("cannoni.form.shot-help"),
                                    choices=[Choice(value=a, label=AMMO_LABEL[a]) for a in shots]))
        return ActionSpec(action=self.name, label=say("cannoni.form.load"), params=params)

    def check(self, state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
        if state.options.ammunition and ship.loaded.get(p["side"]) is not None and p.get("ammo") != "double":
            return [problem(CP.ALREADY_LOADED, field="ammo", side=word("side", p["side"]))]
        return []

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        side = p["side"]
        ammo = (p.get("ammo") or "ball") if state.options.ammunition else "ball"
        if ammo == "double" and ship.loaded.get(side) != "ball":
            ammo = "ball"  # the first of the two actions: a ball, which may be fired as such
        ship.loaded[side] = ammo
        roller.log.emit("load", ship=ship.id, name=ship.name, side=side)
        if state.options.ammunition:
            # The marker goes on face down: only its owner knows the shot.
            roller.log.emit("load_ammo", to=[ship.player], ship=ship.id, name=ship.name, side=side, ammo=ammo,
                            first_of_double=p.get("ammo") == "double" and ammo == "ball")


def valid_targets(state: CannoniState, ship: ShipState, side: str, checking: Checking | None = None):
    """The rulebook's valid targets, less those the close action rules out: a ship
    whose deck our own boarders stand on, and for a prize anyone who has not fired
    on her ("può fare fuoco solo dopo essere stato oggetto di fuoco avversario")."""
    return remembered(checking, state, ("targets", ship.id, side),
                      lambda: _valid_targets(state, ship, side, checking))


def _valid_targets(state: CannoniState, ship: ShipState, side: str, checking: Checking | None):
    opts = fire_options(state, ship, side, checking)
    keep = [t for t in opts.targets if t.battery or not boarders_aboard(state, ship, state.ship(t.ship))]
    if ship.captured_by is not None and not ship.fired_on:
        keep = []
    why = opts.blocked if opts.targets == keep else say("cannoni.blocked.boarders-or-prize")
    # *Cattura e affondamento*: "Non è consentito (non è onorevole) aprire il fuoco su una
    # nave in queste condizioni a meno di non essere in grado di catturarla" — only a ship
    # nearer to her than any consort of hers as strong may fire. She still blocks the fire.
    honourable = [t for t in keep if t.battery or not state.ship(t.ship).gravely_damaged
                  or nearest_of_her_enemies(state, ship, state.ship(t.ship))]
    if honourable != keep:
        why = say("cannoni.blocked.honour")
        keep = honourable
    if keep == opts.targets:
        return opts  # nothing ruled out (the usual case): no copy to make
    return opts.model_copy(update={"targets": keep, "blocked": why if not keep else opts.blocked})


def check_fire(state: CannoniState, ship: ShipState, p: dict[str, Any],
               checking: Checking | None = None) -> list[Problem]:
    if ship.loaded.get(p["side"]) is None:
        return [problem(CP.NOT_LOADED, field="side", side=word("side", p["side"]))]
    opts = valid_targets(state, ship, p["side"], checking)
    target = next((t for t in opts.targets if t.ship == p["target"]), None)
    if target is None:
        legal = ", ".join(unit_name(state, t.ship) for t in opts.targets) or say("legal.none")
        return [problem(CP.NOT_A_VALID_TARGET, field="target", target=unit_name(state, p["target"]),
                        side=word("side", p["side"]), legal=legal, why=opts.blocked or say("cannoni.blocked.not-nearest"))]
    if p["aim"] not in target.aims:
        return [problem(CP.AIM_OUT_OF_RANGE, field="aim", aim=word("aim", p["aim"]),
                        distance=f"{target.distance:.1f}", legal=", ".join(target.aims))]
    return []


@register
class Fire(ShipAction):
    name = "fire"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        return self.form(state, ship, None)

    def form(self, state: CannoniState, ship: ShipState, checking: Checking | None) -> ActionSpec | None:
        if ship.decimated:
            return None
        sides, targets, aims = [], {}, set()
        for side in checked_sides(checking):
            if ship.loaded.get(side) is None:
                continue
            opts = valid_targets(state, ship, side, checking)
            if opts.targets:
                sides.append(side)
                for t in opts.targets:
                    targets[t.ship] = unit_name(state, t.ship) + f" ({t.distance:.1f}\")"
                    aims.update(t.aims)
        if not sides:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.fire"), params=[
            side_param(sides),
            ParamSpec(name="target", label=say("cannoni.form.target"), choices=[Choice(value=k, label=v) for k, v in targets.items()]),
            ParamSpec(name="aim", label=say("cannoni.form.aim"),
                      choices=[Choice(value=a, label=say(f"cannoni.form.aim.{a}")) for a in ("hull", "rigging") if a in aims]),
        ])

    def check(self, state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
        return check_fire(state, ship, p)

    def problems(self, state: CannoniState, ship: ShipState, p: dict[str, Any],
                 checking: Checking | None) -> list[Problem]:
        return check_fire(state, ship, p, checking)

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        if is_battery(state, p["target"]):  # *Batterie costiere*
            batteries.ship_fires_at_battery(state, roller, ship, p["side"], p["target"])
            return
        target = state.ship(p["target"])
        forcing = forces_surrender(state, ship, target, p["side"])
        # Valid targets already let only a ship that may take her fire at her.
        helpless = target.gravely_damaged and not target.struck
        before = len(state.pending_damage)
        fire(state, roller, ship, p["side"], target, p["aim"])
        interrupt_repairs(state, roller, ship, "fired")
        if target.side != ship.side:
            target.fired_on = True
            interrupt_repairs(state, roller, target, "fired upon")
        hit = any(item.target == target.id for item in state.pending_damage[before:])
        if forcing and hit:
            strike_colours(roller, target, "dismasted and raked", by=ship)
        elif helpless and hit:
            # "sparare una bordata che colpisca la nave danneggiata ... l'equipaggio si
            # arrende ammainando la bandiera"
            strike_colours(roller, target, "gravely damaged and hit", by=ship)


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
    return nearest_of_her_enemies(state, firer, target)


def nearest_of_her_enemies(state: CannoniState, firer: ShipState, target: ShipState) -> bool:
    """"riesce a portarsi più vicina di ogni altra nave amica di classe uguale o
    superiore": every friend of the target as strong as the firer (class number no
    larger) is farther from her than the firer."""
    d = g.distance(mainmast(firer), mainmast(target))
    guards = [s for s in state.afloat() if s.side == target.side and s.id != target.id
              and s.log.ship_class <= firer.log.ship_class]
    return all(g.distance(mainmast(s), mainmast(target)) > d for s in guards)
