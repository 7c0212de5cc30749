"""Coastal batteries in play (*Batterie costiere*): what a battery may do in an action
phase, its fire and a ship's fire at it, the damage it takes, burning batteries at
step 6a, and its place in the turn (chits, activation, initiative).

The rulebook's list: "arroventare le palle; caricare i pezzi; fare fuoco; riordinare
l'equipaggio (regola opzionale); spegnere un incendio". Each is the ship's rule
unless the chapter says otherwise ("Come le regole base per le navi"); every reading
is argued in docs/rules/cannoni-batteries-notes.md.

Damage is queued and marked at the end of the phase, as for ships.
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import Point, Polygon

from rules.cannoni import fire as gunfire
from rules.core.tables import contact, sectors
from rules.core.tables import open_table as g
from rules.cannoni.boarding import boarders_aboard
from rules.cannoni.crew import disorder, rally
from rules.cannoni.dice import roll
from rules.cannoni.fire import EPS, HULL_RANGE, RIGGING_MIN_RANGE, FireOptions, Target
from rules.cannoni.forts import (adjacent, all_batteries, battery, emplacement, face, fort_of,
                                 fort_polygons, is_battery, nearest_on_face, sector)
from rules.cannoni.logbook import fire_modifier
from rules.cannoni.repairs import interrupt_repairs
from rules.cannoni.seamanship import crew_modifiers, held_ability, later_turn_bonus, roll_test
from rules.cannoni.state import BatteryState, CannoniState, DamageItem, FortState, ShipState, Shot
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.cannoni.wording import TEXTS, word
from rules.core.problems import problem, stored
from rules.core.texts import say

PROBLEMS_NOT_LOADED = TEXTS.add(
    "battery-not-loaded",
    "{name}'s guns are not loaded: load them first (one action).",
    "I pezzi di {name} non sono carichi: caricali prima (un'azione).")
PROBLEMS_TARGET = TEXTS.add(
    "battery-target",
    "{target} is not a valid target for {name} ({why}). Valid: {legal}.",
    "{target} non è un bersaglio valido per {name} ({why}). Validi: {legal}.")
PROBLEMS_AIM = TEXTS.add(
    "battery-aim",
    "At {distance}\" {name} cannot aim at the {aim}. Possible: {legal}.",
    "A {distance}\" {name} non può tirare {aim}. Possibile: {legal}.")

HEATED_EARLY = 1  # "se il punteggio non modificato ... è 1 ... si sviluppa un incendio"
CRITICAL_POINTS = 3  # "tre danni sono segnati sui punti batteria"
FIRE_ON_CRITICAL = 2  # "un punteggio non superiore a 2 nel tiro per il fuoco"
PASS = "pass"


# -- a battery's targets --------------------------------------------------------------

def fire_options(state: CannoniState, b: BatteryState) -> FireOptions:
    """The nearest ships (or batteries of other forts) in the battery's fixed sector,
    measured from its face on the fort's outer edge; only enemies may be fired at, and
    red-hot shot only at ships. The battery's own fort never blocks its fire."""
    sec = sector(b)
    line = face(b)
    inside: list[tuple[float, ShipState | BatteryState]] = []
    for ship in state.afloat():
        if contact.touching(gunfire.base(ship), sec):
            inside.append((line.distance(Point(ship.x, ship.y)), ship))
    for other in all_batteries(state):
        if other.fort != b.fort and not other.destroyed and contact.touching(emplacement(other), sec):
            inside.append((line.distance(emplacement(other)), other))
    if not inside:
        return FireOptions(side="battery", targets=[], blocked=say("cannoni.blocked.no-ship"))
    nearest = min(d for d, _ in inside)
    lands = [Polygon(a.points) for a in state.table.land] + fort_polygons(state, leave_out=b.fort)
    for land in lands:
        cut = land.intersection(sec)
        # Land meeting the fan only at the corners of the face (a shore flush with the
        # wall) has no area and hides nothing.
        if cut.area > g.AREA_TOL and cut.distance(line) < nearest - EPS:
            return FireOptions(side="battery", targets=[], blocked=say("cannoni.blocked.land"))
    closest = [(d, u) for d, u in inside if d <= nearest + EPS]
    targets = []
    for d, unit in closest:
        if fire_modifier(b.fire_table, d) is None or unit.side == b.side:
            continue
        if isinstance(unit, BatteryState):
            if b.loaded != "heated" and d <= HULL_RANGE + EPS:
                targets.append(Target(ship=unit.id, distance=round(d, 3), aims=["hull"], battery=True))
            continue
        # A battery cannot take a gravely damaged ship, so honour forbids firing at her;
        # nor may it fire on a deck where its own side's boarders stand.
        if unit.struck or unit.sinking or unit.gravely_damaged or boarders_aboard(state, b, unit):  # type: ignore[arg-type]
            continue
        aims = [a for a, ok in (("hull", d <= HULL_RANGE + EPS), ("rigging", d > RIGGING_MIN_RANGE + EPS)) if ok]
        if aims:
            targets.append(Target(ship=unit.id, distance=round(d, 3), aims=aims))
    if targets:
        return FireOptions(side="battery", targets=targets)
    blocker = closest[0][1]
    if blocker.side == b.side:
        why = say("cannoni.blocked.friend-in-sector", name=blocker.name)
    elif isinstance(blocker, BatteryState) and b.loaded == "heated":
        why = say("cannoni.blocked.heated-at-ships")
    elif fire_modifier(b.fire_table, nearest) is None or nearest > HULL_RANGE + EPS:
        why = say("cannoni.blocked.out-of-range", name=blocker.name, distance=f"{nearest:.1f}")
    else:
        why = say("cannoni.blocked.may-not", name=blocker.name)
    return FireOptions(side="battery", targets=[], blocked=why)


def rake(b: BatteryState, target: ShipState, d: float) -> str | None:
    """*Infilata* "come le regole base per le navi": the ship within 6", wholly in the
    battery's sector, and the emplacement outside both her broadside sectors."""
    if d > gunfire.RAKE_RANGE + EPS or not sectors.fully_in_sector(gunfire.base(target), sector(b)):
        return None
    place = emplacement(b)
    for tside in ("starboard", "port"):
        if sectors.in_sector(place, gunfire.sector(target, tside, reach=gunfire.SECTOR_FAR)):
            return None
    return g.end_facing(gunfire.pose(target), nearest_on_face(b, (target.x, target.y)))


def modifiers(state: CannoniState, b: BatteryState, target: ShipState | BatteryState, aim: str,
              d: float) -> list[tuple[str, int]]:
    mods: list[tuple[str, int]] = [(f"range {d:.1f}\" (guns and gunnery)", fire_modifier(b.fire_table, d) or 0)]
    if b.points.sections_lost:
        # "Per ogni sezione completamente colpita del bordo che fa fuoco": the battery
        # points stand for both sides of a hull.
        mods.append(("battery sections lost", -b.points.sections_lost))
    if isinstance(target, BatteryState):
        mods.append(("target in a fort", fort_of(state, target).penalty))
    else:
        mods.extend(gunfire.target_modifiers(target, aim, rake(b, target, d)))
    if not b.first_salvo_used and b.points.lost == 0:
        mods.append(("first broadside", +2))
    if b.disordered:
        mods.append(("gunners disordered", -2))  # *Modificatori per le batterie costiere*
    return [m for m in mods if m[1] != 0 or m[0].startswith("range")]


def _target(state: CannoniState, unit_id: str) -> ShipState | BatteryState:
    return battery(state, unit_id) if is_battery(state, unit_id) else state.ship(unit_id)


def battery_fires(state: CannoniState, roller: Roller, b: BatteryState, target_id: str, aim: str) -> None:
    target = _target(state, target_id)
    # "La distanza è misurata a partire dal margine esterno della fortificazione": from
    # the battery's face, to a ship's mainmast or to another fort's wall.
    d = face(b).distance(emplacement(target) if isinstance(target, BatteryState) else Point(target.x, target.y))
    source = nearest_on_face(b, (target.x, target.y))
    heated = b.loaded == "heated"
    mods = modifiers(state, b, target, aim, d)
    raw = roll(state, roller, "battery fire", ship=b.id, target=target.id)
    target_roll = roll(state, roller, "battery fire (target)", ship=target.id)
    modified = max(1, raw + sum(v for _, v in mods))
    hits = gunfire.hits_for(modified, target_roll)
    critical = hits == 3
    gunfire.explain_fire_once(state, roller, modified, target_roll)
    roller.log.emit("battery_fire", ship=b.id, name=b.name, target=target.id, target_name=target.name, aim=aim,
                    distance=round(d, 2), roll=raw, target_roll=target_roll, mods=[[k, v] for k, v in mods],
                    modified=modified, hits=hits, critical=critical, heated=heated,
                    at_battery=isinstance(target, BatteryState))
    state.shots.append(Shot(firer=b.id, target=target.id, hits=hits, critical=critical))
    b.loaded = None
    b.first_salvo_used = True
    if heated and raw == HEATED_EARLY:
        # "alcuni pezzi della batteria hanno fatto fuoco troppo presto"
        state.pending_damage.append(DamageItem(target=b.id, kind="fire", cause="shot fired too soon"))
    if isinstance(target, BatteryState):
        if hits:
            target.hit_this_phase = True
            queue_battery_hits(state, target, b.id, hits, target_roll)
        return
    if target.side != b.side:
        target.fired_on = True  # a prize may now return fire
        interrupt_repairs(state, roller, target, "fired upon")
    if hits == 0:
        return
    target.hit_this_phase = True
    gunfire.queue_hits(state, target, b.id, source, aim, hits, raw, target_roll)
    # "se il bersaglio è colpito c'è la probabilità che sulla nave si sviluppi un incendio
    # come per il tiro critico ... con un tiro critico ... automaticamente"; a critical
    # hit on a roll of 1-2 has had its fire marked already.
    marked = critical and target_roll <= gunfire.CRITICAL_FIRE_ROLL
    if heated and not marked and (critical or target_roll <= FIRE_ON_CRITICAL):
        state.pending_damage.append(DamageItem(target=target.id, source=b.id, kind="fire", cause="heated shot"))


def queue_battery_hits(state: CannoniState, target: BatteryState, source: str, hits: int, target_roll: int,
                       ammo: str = "ball") -> None:
    """Hits on a battery go to its battery points; a critical hit is "tre danni ... sui
    punti batteria; un danno agli Effettivi; l'equipaggio è disordinato (regola
    opzionale)" and a fire if its controller rolled 2 or less. A ship's double shot
    doubles the points and gunners lost, grape shot marks on the gunners what ball
    would have marked on the points (the ship's optional shot rules, which the chapter
    keeps from the batteries' own guns only)."""
    queue = state.pending_damage
    critical = hits == 3
    n = CRITICAL_POINTS if critical else hits
    times = 2 if ammo == "double" else 1
    if ammo == "grape":
        queue.append(DamageItem(target=target.id, source=source, kind="crew", amount=n))
    else:
        queue.append(DamageItem(target=target.id, source=source, kind="hull", amount=n * times))
    if not critical:
        return
    queue.append(DamageItem(target=target.id, source=source, kind="crew", amount=times))
    if state.options.disorder:
        queue.append(DamageItem(target=target.id, source=source, kind="critical"))
    if target_roll <= FIRE_ON_CRITICAL:
        queue.append(DamageItem(target=target.id, source=source, kind="fire", cause="critical hit"))


# -- a ship's fire at a battery ---------------------------------------------------------

def ship_modifiers(state: CannoniState, firer: ShipState, side: str, target: BatteryState,
                   d: float) -> list[tuple[str, int]]:
    """The firer's own modifiers (range, sections lost, dismasted, boarding, first
    broadside) and the scenario's penalty for the fort; a battery has no class, no
    rigging, and neither moves nor can be raked."""
    mods: list[tuple[str, int]] = [(f"range {d:.1f}\" (guns and gunnery)", firer.log.fire_modifier(d) or 0)]
    lost = firer.hull[side].sections_lost
    if lost:
        mods.append(("sections lost on this side", -lost))
    if firer.dismasted:
        mods.append(("firing ship dismasted", -1))
    mods.extend(gunfire.boarding_penalty(state, firer))
    if side not in firer.first_broadside_used and firer.hull[side].lost == 0:
        mods.append(("first broadside", +2))
    mods.append(("target a coastal battery", fort_of(state, target).penalty))
    return [m for m in mods if m[1] != 0 or m[0].startswith("range")]


def ship_fires_at_battery(state: CannoniState, roller: Roller, firer: ShipState, side: str, target_id: str) -> None:
    target = battery(state, target_id)
    d = emplacement(target).distance(Point(firer.x, firer.y))
    ammo = firer.loaded.get(side) or "ball"
    interrupt_repairs(state, roller, firer, "fired")
    if not gunfire.ammo_effective(ammo, "hull", d):
        # Chain shot has nothing to hit in a fort; the guns are emptied all the same.
        gunfire._fire_without_effect(state, roller, firer, side, target, "hull", d, ammo)  # type: ignore[arg-type]
        return
    mods = ship_modifiers(state, firer, side, target, d)
    raw = roll(state, roller, "broadside", ship=firer.id, target=target.id)
    target_roll = roll(state, roller, "broadside (target)", ship=target.id)
    modified = max(1, raw + sum(v for _, v in mods))
    hits = gunfire.hits_for(modified, target_roll)
    shown = {"ammo": ammo} if state.options.ammunition else {}
    gunfire.explain_fire_once(state, roller, modified, target_roll)
    roller.log.emit("broadside_battery", ship=firer.id, name=firer.name, side=side, target=target.id,
                    target_name=target.name, distance=round(d, 2), roll=raw, target_roll=target_roll,
                    mods=[[k, v] for k, v in mods], modified=modified, hits=hits, critical=hits == 3, **shown)
    gunfire._spend(state, firer, side, raw)
    if hits:
        target.hit_this_phase = True
        queue_battery_hits(state, target, firer.id, hits, target_roll, ammo)


# -- damage ----------------------------------------------------------------------------

def strike_points(roller: Roller, b: BatteryState, n: int, why: str = "fire") -> None:
    if n <= 0 or b.destroyed:
        return
    b.points.strike(n)
    kind = "battery_burning" if why == "burning" else "battery_damage"
    roller.log.emit(kind, ship=b.id, name=b.name, boxes=n, remaining=b.points.remaining)
    if b.destroyed:
        roller.log.emit("battery_destroyed", ship=b.id, name=b.name)


def set_fire(roller: Roller, b: BatteryState, cause: str) -> None:
    if b.fire or b.destroyed:
        return
    b.fire, b.fire_first_try = True, None
    roller.log.emit("battery_on_fire", ship=b.id, name=b.name, cause=cause)


def apply_pending(state: CannoniState, roller: Roller) -> None:
    """Mark the phase's damage to batteries (the ships' is marked by the damage module)."""
    ids = {b.id for b in all_batteries(state)}
    mine = [d for d in state.pending_damage if d.target in ids]
    if not mine:
        return
    state.pending_damage = [d for d in state.pending_damage if d.target not in ids]
    for item in mine:
        b = battery(state, item.target)
        if item.kind == "hull":
            strike_points(roller, b, item.amount)
        elif item.kind == "crew" and not b.decimated:
            b.crew.strike(item.amount)
            roller.log.emit("crew_loss", ship=b.id, name=b.name, boxes=item.amount, remaining=b.crew.remaining)
            if b.decimated:
                roller.log.emit("decimated", ship=b.id, name=b.name)
        elif item.kind == "fire":
            set_fire(roller, b, item.cause)
        elif item.kind == "critical":
            disorder(state, roller, b, "critical hit")


def burn(state: CannoniState, roller: Roller) -> None:
    """Step 6a for batteries: "Una batteria incendiata subisce un danno nella fase di
    Preparazione di ogni turno fino a quando l'incendio non viene domato. Se la batteria
    è completamente distrutta ... l'incendio si propaga ad un'altra batteria adiacente
    dello stesso forte" — chosen by a die among two or more. A fire that reaches a
    battery at this step burns it from the next turn."""
    for b in [b for b in all_batteries(state) if b.fire]:
        strike_points(roller, b, 1, why="burning")
        if b.destroyed:
            spread(state, roller, fort_of(state, b), b)


def spread(state: CannoniState, roller: Roller, fort: FortState, b: BatteryState) -> None:
    b.fire, b.fire_first_try = False, None
    # Only a neighbour with something left to burn, and not already alight, catches.
    catch = [n for n in adjacent(fort, b) if not n.destroyed and not n.fire]
    if not catch:
        roller.log.emit("battery_fire_dies", ship=b.id, name=b.name)
        return
    other = roller.choice(catch, "fire spreads")
    other.fire, other.fire_first_try = True, None
    roller.log.emit("battery_fire_spreads", ship=b.id, name=b.name, other=other.id, other_name=other.name)


# -- the manoeuvre test ------------------------------------------------------------------

def battery_test(state: CannoniState, roller: Roller, b: BatteryState, purpose: str,
                 specific: list[tuple[str, int]]) -> bool:
    """The ship's test "con gli stessi modificatori", on the battery's Manovra: crew at
    half or decimated, hit this phase, disordered; held to 1..9; passed above 10."""
    general = crew_modifiers(b)
    if b.disordered:
        general.append(("crew disordered", -2))
    ability, mods = held_ability(b.manoeuvre, general, specific)
    return roll_test(state, roller, b, purpose, ability, mods)


# -- actions ---------------------------------------------------------------------------

def action_specs(state: CannoniState, b: BatteryState, only: str | None = None) -> list[ActionSpec]:
    """The battery's legal actions now; with ``only``, just that one."""
    specs: list[ActionSpec] = []

    def want(name: str) -> bool:
        return only is None or only == name

    if want("heat") and b.loaded == "ball" and not b.decimated:
        specs.append(ActionSpec(action="heat", label=say("cannoni.form.heat")))
    if want("load") and b.loaded is None and not b.decimated:
        specs.append(ActionSpec(action="load", label=say("cannoni.form.load-guns")))
    if want("fire") and b.loaded is not None and not b.decimated:
        opts = fire_options(state, b)
        if opts.targets:
            aims = {a for t in opts.targets for a in t.aims}
            specs.append(ActionSpec(action="fire", label=say("cannoni.form.fire-heated" if b.loaded == "heated" else "cannoni.form.fire-battery"),
                                    params=[
                ParamSpec(name="target", label=say("cannoni.form.target"), choices=[
                    Choice(value=t.ship, label=say("cannoni.form.target-at", name=_target(state, t.ship).name,
                                                 distance=f"{t.distance:.1f}"))
                    for t in opts.targets]),
                ParamSpec(name="aim", label=say("cannoni.form.aim"),
                          choices=[Choice(value=a, label=say(f"cannoni.form.aim.{a}")) for a in ("hull", "rigging") if a in aims])]))
    if want("rally") and b.disordered:
        specs.append(ActionSpec(action="rally", label=say("cannoni.form.rally-gunners")))
    if want("fight_fire") and b.fire:
        specs.append(ActionSpec(action="fight_fire", label=say("cannoni.form.fight-fire")))
    specs.append(ActionSpec(action=PASS, label=say("cannoni.form.no-action")))
    return specs


def check(state: CannoniState, b: BatteryState, p: dict[str, Any]) -> list[Problem]:
    if p.get("action") != "fire":
        return []
    if b.loaded is None:
        return [problem(PROBLEMS_NOT_LOADED, field="action", name=b.name)]
    opts = fire_options(state, b)
    target = next((t for t in opts.targets if t.ship == p["target"]), None)
    if target is None:
        legal = ", ".join(_target(state, t.ship).name for t in opts.targets) or say("legal.none")
        return [problem(PROBLEMS_TARGET, field="target", target=_target(state, p["target"]).name, name=b.name,
                        legal=legal, why=opts.blocked or say("cannoni.blocked.not-nearest-sector"))]
    if p["aim"] not in target.aims:
        return [problem(PROBLEMS_AIM, field="aim", name=b.name, aim=word("aim", p["aim"]), distance=f"{target.distance:.1f}",
                        legal=", ".join(target.aims))]
    return []


def execute(state: CannoniState, roller: Roller, b: BatteryState, p: dict[str, Any]) -> None:
    action = p["action"]
    if action == "load":
        b.loaded = "ball"
        roller.log.emit("battery_load", ship=b.id, name=b.name)
    elif action == "heat":
        # "sostituisce il segnalino che individua la carica a palla con uno che indica
        # la palla arroventata. Nella fase di azione successiva la batteria può far fuoco."
        b.loaded = "heated"
        roller.log.emit("battery_heat", ship=b.id, name=b.name)
    elif action == "fire":
        battery_fires(state, roller, b, p["target"], p["aim"])
    elif action == "rally":
        rally(roller, b)
    elif action == "fight_fire":
        bonus = later_turn_bonus(state, b, "fire_first_try")
        if battery_test(state, roller, b, "fight the fire", [("later turn", bonus)]):
            b.fire, b.fire_first_try = False, None
            roller.log.emit("battery_fire_out", ship=b.id, name=b.name)
    else:
        roller.log.emit("no_action", ship=b.id, name=b.name)


def resolve(state: CannoniState, roller: Roller, b: BatteryState, payload: dict[str, Any] | None) -> None:
    """Carry out the battery's order, or its published default (no action). In
    simultaneous play a volley whose target is no longer valid lapses, as a ship's."""
    if payload is None:
        payload = {"action": PASS}
        roller.log.emit("default_order", player=b.player, player_name=state.seat_name(b.player),
                        what=say("cannoni.default.action-of", name=b.name).model_dump(),
                        default=say("cannoni.form.no-action").model_dump())
    elif payload["action"] == "fire":
        problems = check(state, b, payload)
        if problems:
            roller.log.emit("order_void", ship=b.id, name=b.name, problems=stored(problems))
            payload = {"action": PASS}
    execute(state, roller, b, payload)
    b.acted = True


# -- the turn -----------------------------------------------------------------------------

def chit_forts(state: CannoniState) -> list[FortState]:
    """Forts that need a chit this turn: those with a battery still standing."""
    return [f for f in state.forts if f.standing]


def initiative_entries(state: CannoniState) -> list[tuple[str, int | None]]:
    """Each battery with its fort's chit, to be ordered with the ships by initiative."""
    return [(b.id, f.chit) for f in state.forts for b in f.batteries]


def is_active(state: CannoniState, battery_id: str) -> bool:
    """Activated by its fort's chit (active from that phase to the end of the turn) and
    not destroyed."""
    b = battery(state, battery_id)
    return not b.destroyed and (fort_of(state, b).chit or 0) >= (state.phase or 9)


def enter_phase(state: CannoniState, roller: Roller, phase: int) -> None:
    for f in state.forts:
        for b in f.batteries:
            b.acted = False
            b.hit_this_phase = False
        if f.chit == phase and f.standing:
            roller.log.emit("activation", ship=f.id, name=f.name, chit=phase)


def end_turn(state: CannoniState) -> None:
    """Spent chits are discarded face up; the fort's set of three comes back when all
    three are spent."""
    for f in state.forts:
        if f.chit is not None:
            f.chits_used.append(f.chit)
            if len(f.chits_used) >= 3:
                f.chits_used = []
            f.chit = None
