"""The sequence of play (*Sequenza di gioco*), steps 1-11 of every turn.

The engine stops wherever players must decide (the initial wind, fire damage,
chits, each action) and runs every other step by itself.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple

from rules.cannoni import actions, batteries, boarding, damage, repairs, squadrons, victory
from rules.cannoni.dice import wind_roll
from rules.cannoni.drift import drift
from rules.cannoni.state import BatteryState, CannoniState, ShipState
from rules.core.tables.compass import compass
from rules.core.decisions import Decision, Order
from rules.core.dice import Roller
from rules.core.problems import stored
from rules.core.texts import Text, say

WIND_TABLE_D10 = {2: 0, 3: 2, 4: 4, 5: 6, 6: 8, 7: 10, 8: 12, 9: 14}  # roll -> point
# The 2d6 column reads one higher; its last row (12) is lost: 11-12 the youngest chooses.
WIND_TABLE_2D6 = {r + 1: p for r, p in WIND_TABLE_D10.items()}
# Variazione del vento, d10: 1 two points clockwise, 2 one clockwise, 3-8 none,
# 9 one anticlockwise, 10 (lost in the text, by symmetry) two anticlockwise.
WIND_SHIFT_D10 = {1: 2, 2: 1, 9: -1, 10: -2}
# 2d6: 2-3 two clockwise, 4 one, 5-9 none, 10 one anticlockwise, 11-12 (lost) two.
WIND_SHIFT_2D6 = {2: 2, 3: 2, 4: 1, 10: -1, 11: -2, 12: -2}


def wind_name(point: int) -> str:
    return compass(point * 22.5)


# -- start of the game ---------------------------------------------------------------

def initial_wind(state: CannoniState, roller: Roller, fixed: int | None) -> None:
    if fixed is not None:
        set_wind(state, roller, fixed)
        return
    value = wind_roll(state, roller, "initial wind")
    table = WIND_TABLE_2D6 if state.options.quick_play else WIND_TABLE_D10
    if value in table:
        set_wind(state, roller, table[value])
        return
    # 1: "sceglie il più anziano", 10: "sceglie il più giovane" — at a chat table the
    # host's side stands for the eldest, the other side for the youngest.
    eldest = value == (2 if state.options.quick_play else 1)
    side = state.sides[0] if eldest else state.sides[-1]
    state.wind_chooser = next(s.id for s in state.seats if s.side == side)
    state.step = "wind_choice"
    roller.log.emit("wind_choice", player=state.wind_chooser, player_name=state.seat_name(state.wind_chooser))


def set_wind(state: CannoniState, roller: Roller, point: int) -> None:
    state.wind = point % 16
    roller.log.emit("wind_set", wind=state.wind, wind_name=wind_name(state.wind))


def resolve_wind(state: CannoniState, orders: dict[str, Order], roller: Roller) -> None:
    payload = orders["wind"].payload if "wind" in orders else {"direction": 0}
    set_wind(state, roller, int(payload["direction"]))
    state.wind_chooser = None
    begin_turn(state, roller)


# -- steps 1-6a ----------------------------------------------------------------------

def begin_turn(state: CannoniState, roller: Roller) -> None:
    roller.log.emit("turn_start", turn=state.turn)
    if state.turn > 1:
        # 1. Victory conditions.
        result = victory.crushing(state)
        if result is not None:
            finish(state, roller, result)
            return
        # 2. Repairs (optional rule): five phases of work give back a rigging box.
        repairs.complete_repairs(state, roller)
        # 3. Ships at the end of their sinking are removed.
        for ship in state.ships:
            if ship.on_table and ship.sinking_until is not None and state.turn >= ship.sinking_until:
                damage.remove_sunk(state, ship)
                roller.log.emit("sunk", ship=ship.id, name=ship.name)
        result = victory.crushing(state)
        if result is not None:
            finish(state, roller, result)
            return
        # 5. Wind.
        shift_wind(state, roller)
    # Squadrons must be in line at the start of the turn to act as one.
    squadrons.check_formations(state, roller)
    # 6a. Fire damage: burning batteries lose a point (nothing to choose), then the
    # owners of burning ships allocate theirs.
    batteries.burn(state, roller)
    state.step = "fire_damage" if burning(state) else "chits"
    if state.step == "chits" and not choosing_players(state):
        resolve_chits(state, {}, roller)


def shift_wind(state: CannoniState, roller: Roller) -> None:
    value = wind_roll(state, roller, "wind variation")
    points = (WIND_SHIFT_2D6 if state.options.quick_play else WIND_SHIFT_D10).get(value, 0)
    if points == 0:
        roller.log.emit("wind_steady", wind=state.wind, wind_name=wind_name(state.wind))
        return
    state.wind = (state.wind + points) % 16
    roller.log.emit("wind_shift", points=abs(points), way="clockwise" if points > 0 else "anticlockwise",
                    wind=state.wind,
                    wind_name=wind_name(state.wind))


def burning(state: CannoniState) -> list[ShipState]:
    return [s for s in state.ships if s.on_table and s.fire and not s.sinking]


def chit_ships(state: CannoniState) -> list[ShipState]:
    """Every ship must have a chit except those that struck (or are out of play); a
    ship off the table needs one too, to try to come back when it is activated."""
    return [s for s in state.ships if s.in_play and not s.struck]


class Unit(NamedTuple):
    """What takes one chit: a ship, or a squadron in formation (its commodore decides)."""

    id: str
    name: str
    player: str
    ships: list[ShipState]
    squadron: bool
    battery: bool = False  # a coastal battery (``ships`` holds it)


def chit_units(state: CannoniState) -> list[Unit]:
    ships = chit_ships(state)
    units, taken = [], set()
    for sq in squadrons.active_squadrons(state):
        line = [s for s in ships if s.id in sq.ships]
        if line:
            units.append(Unit(sq.id, sq.name, sq.commodore, line, True))
            taken |= {s.id for s in line}
    units += [Unit(s.id, s.name, s.player, [s], False) for s in ships if s.id not in taken]
    # A fort takes one chit from its own set 1-3 for all its batteries.
    units += [Unit(f.id, f.name, f.player, [f], False) for f in batteries.chit_forts(state)]  # type: ignore[list-item]
    return units


def chit_players(state: CannoniState) -> list[str]:
    seen: list[str] = []
    for unit in chit_units(state):
        if unit.player not in seen and any(s.chit is None for s in unit.ships):
            seen.append(unit.player)
    return seen


def choosing_players(state: CannoniState) -> list[str]:
    """Players asked for chits: all but the repeat offenders, whose are drawn."""
    return [p for p in chit_players(state) if p not in state.no_choice]


def last_to_place(state: CannoniState, orders: dict[str, Order]) -> list[str]:
    """Under the chit-pressure rule, who placed last: the last to send his chits, or
    everyone who sent none before the deadline."""
    choosers = choosing_players(state)
    if not state.options.chit_pressure or len(choosers) < 2:
        return []
    sent = [o.player for did, o in orders.items() if did.startswith(f"t{state.turn}.chits.") and o.player in choosers]
    missing = [p for p in choosers if p not in sent]
    return missing or sent[-1:]


def fire_damage_default(ship: ShipState) -> dict[str, Any]:
    side = max(ship.hull, key=lambda s: (ship.hull[s].remaining, s == "starboard"))
    standing = [m for m in ship.masts if not m.down]
    mast = max(standing, key=lambda m: m.remaining).name if standing else ship.masts[0].name
    return {"action": "allocate", "side": side, "mast": mast}


def resolve_fire_damage(state: CannoniState, orders: dict[str, Order], roller: Roller) -> None:
    for ship in burning(state):
        did = decision_id(state, "fire", ship.id)
        payload = orders[did].payload if did in orders else fire_damage_default(ship)
        if did not in orders:
            roller.log.emit("default_order", player=ship.player, player_name=state.seat_name(ship.player),
                            what=say("cannoni.default.fire-damage-on", name=ship.name).model_dump(),
                            default=say("cannoni.form.fire-default", side=say(f"cannoni.form.side.{payload['side']}"),
                                        mast=say(f"cannoni.form.mast.{payload['mast']}")).model_dump())
        roller.log.emit("burning", ship=ship.id, name=ship.name, side=payload["side"], mast=payload["mast"])
        damage.strike_hull(state, roller, ship, payload["side"], 1)
        damage.strike_rigging(state, roller, ship, [payload["mast"]] + [m.name for m in ship.masts], 1)
    state.step = "chits"
    if not choosing_players(state):
        resolve_chits(state, {}, roller)


# -- 6b. chits -----------------------------------------------------------------------

def resolve_chits(state: CannoniState, orders: dict[str, Order], roller: Roller) -> None:
    last = last_to_place(state, orders) if state.chit_round == 0 else []
    for player in chit_players(state):
        did = decision_id(state, "chits", player)
        if player in state.no_choice:
            given, how = {}, "repeat-offender"
        elif player in last:
            given, how = {}, "last-to-place"
        else:
            given, how = (orders[did].payload if did in orders else {}), "no-chit-in-time"
        if did not in orders and player not in state.no_choice:
            roller.log.emit("default_order", player=player, player_name=state.seat_name(player),
                            what=say("cannoni.default.the-chits").model_dump(),
                            default=say("cannoni.default.random-chit").model_dump())
        for unit in [u for u in chit_units(state) if u.player == player and u.ships[0].chit is None]:
            place_chit(state, roller, unit, given, how)
    note_last(state, roller, last)
    if chit_players(state):
        # A squadron broke formation: its captains now place their own ships' chits.
        state.chit_round += 1
        return
    state.chit_round = 0
    roller.log.emit("chits_placed")
    order_initiative(state)
    start_phases(state, roller)


def place_chit(state: CannoniState, roller: Roller, unit: Unit, given: dict[str, Any], how: str) -> None:
    if unit.squadron and given.get(f"{unit.id}.formation") == "break":
        squadrons.break_squadron(state, roller, next(sq for sq in state.squadrons if sq.id == unit.id),
                                 "commodore's order")
        return
    if unit.id in given:
        chit, note = int(given[unit.id]), ""
    else:
        chit, note = roller.choice(unit.ships[0].chits_available(), "random chit", to=[unit.player]), how
    for ship in unit.ships:
        ship.chit = chit
        seen_by = sorted({unit.player, ship.player})
        roller.log.emit("chit_set", to=seen_by, ship=ship.id, name=ship.name, chit=chit, how=note)


def note_last(state: CannoniState, roller: Roller, last: list[str]) -> None:
    for player in last:
        state.times_last[player] = state.times_last.get(player, 0) + 1
        roller.log.emit("last_to_place", player=player, player_name=state.seat_name(player),
                        times=state.times_last[player])
        # "Un giocatore che per tre volte sceglie per ultimo perde il diritto di scelta
        # per il resto della partita."
        if state.options.repeat_offenders and state.times_last[player] >= 3 and player not in state.no_choice:
            state.no_choice.append(player)
            roller.log.emit("repeat_offender", player=player, player_name=state.seat_name(player))


def order_initiative(state: CannoniState) -> None:
    """Highest chit first; equal chits keep the order of the previous turn."""
    previous = {sid: i for i, sid in enumerate(state.initiative)}
    # Batteries take their place by their fort's chit, under the same rule.
    entries = [(s.id, s.chit) for s in state.ships] + batteries.initiative_entries(state)
    state.initiative = [uid for uid, _ in sorted(entries, key=lambda e: (-(e[1] or 0), previous.get(e[0], 999)))]


# -- 7-9. activation and actions ------------------------------------------------------------

def start_phases(state: CannoniState, roller: Roller) -> None:
    state.step = "action"
    enter_phase(state, roller, 5)
    advance(state, roller)


def enter_phase(state: CannoniState, roller: Roller, phase: int) -> None:
    state.phase = phase
    for ship in state.ships:
        ship.acted = False
        ship.moved_this_phase = False
        ship.hit_this_phase = False
        ship.trail = [(ship.x, ship.y)] if ship.on_table else []
    for ship in state.ships:
        if ship.in_play and ship.chit == phase:
            ship.must_move = True
            roller.log.emit("activation", ship=ship.id, name=ship.name, chit=phase)
    batteries.enter_phase(state, roller, phase)
    names = [s.name for s in active(state)]
    if names:
        roller.log.emit("phase_start", phase=phase, active=", ".join(names))
    else:
        roller.log.emit("phase_empty", phase=phase)


def active(state: CannoniState) -> list[ShipState]:
    """Active ships (and coastal batteries) in initiative order."""
    by_id = {s.id: s for s in state.ships}
    out: list = []
    for sid in state.initiative:
        ship = by_id.get(sid)
        if ship is None:
            if batteries.is_active(state, sid):
                out.append(batteries.battery(state, sid))
        elif ship.in_play and not ship.struck and (ship.chit or 0) >= (state.phase or 9):
            out.append(ship)
    return out


def any_active(state: CannoniState) -> bool:
    """Whether :func:`active` has anyone, without listing them all."""
    by_id = {s.id: s for s in state.ships}
    phase = state.phase or 9
    for sid in state.initiative:
        ship = by_id.get(sid)
        if ship is None:
            if batteries.is_active(state, sid):
                return True
        elif ship.in_play and not ship.struck and (ship.chit or 0) >= phase:
            return True
    return False


def to_act(state: CannoniState) -> list[ShipState]:
    return [s for s in active(state) if not s.acted]


def actors(state: CannoniState) -> list[Unit]:
    """Ships and squadrons still to act this phase, in initiative order (a squadron
    takes the place of its first ship)."""
    out: list[Unit] = []
    in_line = bool(squadrons.active_squadrons(state))  # most games have no squadron
    for ship in to_act(state):
        sq = squadrons.squadron_of(state, ship.id) if in_line else None
        if sq is None:
            out.append(Unit(ship.id, ship.name, ship.player, [ship], False, isinstance(ship, BatteryState)))
        elif all(u.id != sq.id for u in out):
            line = [s for s in squadrons.members(state, sq) if not s.acted]
            out.append(Unit(sq.id, sq.name, sq.commodore, line, True))
    return out


def awaiting(state: CannoniState) -> list[Unit]:
    """The ships and squadrons whose action is asked for now: all of them when orders
    are given together, else the next run of one player's in initiative order."""
    todo = actors(state)
    if not todo or state.options.order_mode == "simultaneous":
        return todo
    run = [todo[0]]
    for unit in todo[1:]:
        if unit.player != run[0].player:
            break
        run.append(unit)
    return run


def advance(state: CannoniState, roller: Roller) -> None:
    """Run every step that needs nobody's decision."""
    while state.step == "action":
        todo = to_act(state)
        # A sinking or gravely damaged ship, or one whose deck is being fought over,
        # can do nothing.
        automatic = [s for s in todo if isinstance(s, ShipState)
                     and (s.sinking or s.gravely_damaged or boarding.held_in_melee(state, s))]
        for ship in automatic:
            actions.execute(state, roller, ship, {"action": "pass"})
            ship.acted = True
        if automatic:
            continue
        if todo:
            return
        end_phase(state, roller)


# Read by C code: the table is compared before every broadside of a phase.
_SIGNATURE = attrgetter("id", "x", "y", "heading", "status", "struck", "sinking_until")


def table_signature(state: CannoniState) -> tuple:
    """What a broadside's validity depends on besides the firer: where every ship is and
    whether she still counts as a target."""
    return tuple(map(_SIGNATURE, state.ships))


def resolve_actions(state: CannoniState, orders: dict[str, Order], roller: Roller) -> None:
    as_checked = table_signature(state)  # the orders were checked against this table
    for unit in awaiting(state):
        if unit.squadron:
            resolve_squadron(state, orders, roller, unit)
            continue
        ship = unit.ships[0]
        did = decision_id(state, "action", ship.id)
        if unit.battery:
            batteries.resolve(state, roller, ship, orders[did].payload if did in orders else None)  # type: ignore[arg-type]
            continue
        if did in orders:
            payload = orders[did].payload
            # Orders were checked when given; by a ship's turn the ships before it
            # have moved. A move into a ship that sailed into its path is no longer
            # deliberate (the collision test applies), but a broadside whose target
            # is no longer valid lapses, in plain words.
            recheck = payload["action"] == "fire" and table_signature(state) != as_checked
            problems = actions.check_fire(state, ship, payload) if recheck else []
            if problems:
                roller.log.emit("order_void", ship=ship.id, name=ship.name, problems=stored(problems))
                payload = {"action": "pass"}
        else:
            payload = actions.default_action(state, ship)
            roller.log.emit("default_order", player=ship.player, player_name=state.seat_name(ship.player),
                            what=say("cannoni.default.action-of", name=ship.name).model_dump(),
                            default=describe_payload(payload).model_dump())
        actions.execute(state, roller, ship, payload)
        ship.acted = True
    advance(state, roller)


def resolve_squadron(state: CannoniState, orders: dict[str, Order], roller: Roller, unit: Unit) -> None:
    sq = next(sq for sq in state.squadrons if sq.id == unit.id)
    did = decision_id(state, "action", sq.id)
    if did in orders:
        payload = orders[did].payload
    else:
        payload = squadrons.default_payload(state, sq)
        roller.log.emit("default_order", player=unit.player, player_name=state.seat_name(unit.player),
                        what=say("cannoni.default.action-of", name=sq.name).model_dump(),
                        default=describe_payload(payload).model_dump())
    squadrons.execute(state, roller, sq, payload)


def describe_payload(payload: dict[str, Any]) -> Text:
    if payload["action"] == "move":
        return say("cannoni.form.straight-ahead", distance=f"{payload['distance']:g}")
    return say("cannoni.form.no-action")


def end_phase(state: CannoniState, roller: Roller) -> None:
    tallied = {s.id: damage_tally(s) for s in state.ships}
    batteries.apply_pending(state, roller)
    damage.apply_pending(state, roller)
    if any_active(state):
        # What the map shows as just done: this phase's shots and damage. A phase in
        # which nobody acted (passed at once) leaves the last phase's on show.
        # The state is already this step's own copy: its shots may be marked in place.
        state.shots = [s for s in state.shots if not s.done]
        for shot in state.shots:
            shot.done = True
        for ship in state.ships:
            struck = struck_since(ship, tallied[ship.id])
            if struck or ship.last_damage:  # most ships: nothing struck now or before
                ship.last_damage = struck
    prizes_home(state, roller)
    roller.log.emit("phase_end", phase=state.phase)
    if (state.phase or 1) > 1:
        enter_phase(state, roller, (state.phase or 1) - 1)
    else:
        begin_boarding(state, roller)


def damage_marks(ship: ShipState) -> dict[str, int]:
    """Boxes struck so far, by part of the log-book."""
    marks = {f"hull.{side}": t.lost for side, t in ship.hull.items()}
    marks.update({f"mast.{m.name}": m.lost for m in ship.masts})
    marks["crew"] = ship.crew.lost
    return marks


_LOST = attrgetter("lost")


def damage_tally(ship: ShipState) -> tuple[int, ...]:
    """The counts of :func:`damage_marks` in its order, without their names: taken for
    every ship at every phase's end, when most have had nothing struck."""
    return (*map(_LOST, ship.hull.values()), *map(_LOST, ship.masts), ship.crew.lost)


def struck_since(ship: ShipState, tally: tuple[int, ...]) -> dict[str, int]:
    """The boxes struck since ``tally`` (:func:`damage_tally`), by part of the log-book.
    A ship's hull sides and masts stay the same parts all game (a fallen mast keeps its
    row), so the counts match the names by position."""
    now = damage_tally(ship)
    if now == tally:
        return {}
    return {k: n - was for k, n, was in zip(damage_marks(ship), now, tally) if n > was}


def prizes_home(state: CannoniState, roller: Roller) -> None:
    """A prize "deve uscire dal bordo del tavolo di gioco dal quale sono entrate le
    proprie navi": leaving by her captor's edge, she is safe and out of the battle."""
    for ship in state.ships:
        if ship.captured_by is None or not ship.awaiting_reentry:
            continue
        exit_xy = ship.exit_xy or (ship.trail[-1] if ship.trail else (ship.x, ship.y))
        if nearest_edge(state, exit_xy) == state.entry_edges.get(ship.captured_by):
            ship.out_for_good = True
            roller.log.emit("prize_secured", ship=ship.id, name=ship.name, side=ship.captured_by)


def nearest_edge(state: CannoniState, xy: tuple[float, float]) -> str:
    x, y = xy
    w, h = state.table.width, state.table.height
    return min((("west", x), ("east", w - x), ("south", y), ("north", h - y)), key=lambda e: e[1])[0]


# -- 10. boarding ------------------------------------------------------------------------------

def begin_boarding(state: CannoniState, roller: Roller) -> None:
    state.phase = None
    boarding.pull_alongside(state, roller)
    boarding.new_melees(state)
    if boarding.party_decisions(state):
        state.step = "boarding"  # 10a: the players form their boarding parties
        return
    finish_boarding(state, roller)


def resolve_boarding(state: CannoniState, orders: dict[str, Order], roller: Roller) -> None:
    chosen: dict[str, int] = {}
    for player, ships in boarding.party_decisions(state):
        did = decision_id(state, "boarding", player)
        if did in orders:
            chosen.update({sid: int(orders[did].payload[sid]) for sid in ships if sid in orders[did].payload})
        else:
            roller.log.emit("default_order", player=player, player_name=state.seat_name(player),
                            what=say("cannoni.default.the-parties").model_dump(),
                            default=say("cannoni.form.parties-default").model_dump())
    boarding.form_parties(state, roller, chosen)
    finish_boarding(state, roller)


def finish_boarding(state: CannoniState, roller: Roller) -> None:
    boarding.fight_melees(state, roller)  # 10b
    end_turn(state, roller)


# -- 10-11 and the next turn ---------------------------------------------------------------

def end_turn(state: CannoniState, roller: Roller) -> None:
    # 11. Drift.
    drift(state, roller)
    for ship in state.ships:
        if ship.anchor_raising:
            # "al termine del turno la pedina è rimossa dalla basetta"
            ship.anchor, ship.anchor_raising = None, False
            roller.log.emit("anchor_up", ship=ship.id, name=ship.name)
        if ship.chit is not None:
            # Spent chits are discarded face up; a full set comes back after five.
            ship.chits_used.append(ship.chit)
            if len(ship.chits_used) >= 5:
                ship.chits_used = []
            ship.chit = None
        ship.straight_this_turn = 0.0
    batteries.end_turn(state)
    state.phase = None
    if state.turn >= state.turns_limit:
        result = victory.crushing(state) or victory.final(state)
        finish(state, roller, result)
        return
    state.turn += 1
    begin_turn(state, roller)


def finish(state: CannoniState, roller: Roller, result) -> None:
    state.outcome = result
    state.step = "over"
    state.phase = None
    roller.log.emit("game_over", winner=result.winner, kind=result.kind, scores=result.scores,
                    why=result.why.model_dump() if result.why else None)


# -- decisions -------------------------------------------------------------------------------

def decision_id(state: CannoniState, kind: str, who: str) -> str:
    if kind == "action":
        return f"t{state.turn}.p{state.phase}.{who}"
    if kind == "chits" and state.chit_round:
        return f"t{state.turn}.chits{state.chit_round + 1}.{who}"
    return f"t{state.turn}.{kind}.{who}"


def wind_pending(state: CannoniState) -> list[Decision]:
    return [Decision(id="wind", kind="wind", player=state.wind_chooser or state.seats[0].id,
                     label=say("cannoni.form.choose-wind"))]


def fire_damage_pending(state: CannoniState) -> list[Decision]:
    return [Decision(id=decision_id(state, "fire", s.id), kind="fire_damage", player=s.player,
                     subject=s.id, label=say("cannoni.form.fire-aboard", name=s.name))
            for s in burning(state)]


def chits_pending(state: CannoniState) -> list[Decision]:
    return [Decision(id=decision_id(state, "chits", p), kind="chits", player=p, secret=True,
                     label=say("cannoni.form.chits-for", turn=state.turn)) for p in choosing_players(state)]


def boarding_pending(state: CannoniState) -> list[Decision]:
    return [Decision(id=decision_id(state, "boarding", p), kind="boarding", player=p,
                     label=say("cannoni.form.parties-for", turn=state.turn))
            for p, _ships in boarding.party_decisions(state)]


def actions_pending(state: CannoniState) -> list[Decision]:
    secret = state.options.order_mode == "simultaneous"
    return [Decision(id=decision_id(state, "action", u.id),
                     kind="squadron_action" if u.squadron else "battery_action" if u.battery else "action",
                     player=u.player, subject=u.id, secret=secret, label=say("cannoni.form.action-of", phase=state.phase, name=u.name))
            for u in awaiting(state)]
