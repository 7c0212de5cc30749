"""The sequence of play (§8): deployment, then each turn — write the speeds, roll
for initiative, move one ship or formation at a time alternately (rammings as they
happen), declare boardings, fight aboard — until the twelfth turn or a victory.

The engine stops wherever a player must decide and runs every other step itself.
"""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Decision, Order
from rules.core.dice import Roller
from rules.nauta import boarding, deployment as dep, fighting, orders, victory
from rules.nauta.movement import execute, find_unit, units
from rules.nauta.placement import drop_from_table
from rules.nauta.speeds import writers
from rules.nauta.state import NautaState
from rules.core.texts import Text, say

# --- deployment ---------------------------------------------------------------------------


def start(state: NautaState, roller: Roller) -> None:
    mode = state.rules.deployment
    if mode == "fixed":
        begin_turn(state, roller)
        return
    for ship in state.ships:
        ship.status = "undeployed"
    state.step = "deploy"
    if mode == "screen":
        state.deploy_queue = _seats_with_ships(state, state.sides)
        return
    winner = dep.roll_off(state, roller, "deployment")
    loser = state.other_side(winner)
    if mode == "roll":
        state.deploy_queue = _seats_with_ships(state, [loser, winner])
    else:
        state.mover_side = loser


def _seats_with_ships(state: NautaState, sides: list[str]) -> list[str]:
    return [seat for side in sides for seat in state.side_seats(side)
            if any(s.player == seat for s in state.ships)]


def _deploy_seat(state: NautaState) -> str | None:
    """Alternate deployment: the side whose turn it is, or the other if it is done."""
    side = state.mover_side or state.sides[0]
    for s in (side, state.other_side(side)):
        for seat in _rotation(state, s):
            if dep.undeployed(state, seat):
                return seat
    return None


def _rotation(state: NautaState, side: str) -> list[str]:
    seats = state.side_seats(side)
    start_at = state.seat_cursor.get(side, 0) % max(len(seats), 1)
    return seats[start_at:] + seats[:start_at]


def _advance_rotation(state: NautaState, seat: str) -> None:
    side = state.seat(seat).side
    seats = state.side_seats(side)
    state.seat_cursor[side] = (seats.index(seat) + 1) % len(seats)
    other = state.other_side(side)
    state.mover_side = other


def resolve_deploy(state: NautaState, by_id: dict[str, Order], roller: Roller) -> None:
    for decision in deploy_pending(state):
        order = by_id.get(decision.id)
        spec = orders.deploy_spec(state, decision)
        payload = order.payload if order else spec.default or {}
        if order is None:
            _default_note(state, roller, decision.player, say("nauta.default.deployment"), spec.text_of("default_text"))
        for ship, pose in orders.deploy_poses(state, decision, payload):
            dep.place(state, roller, ship, pose)
        if decision.kind == "deploy_one":
            _advance_rotation(state, decision.player)
            state.move_no += 1
        else:
            state.deploy_queue = [s for s in state.deploy_queue if s != decision.player]
    if not any(s.status == "undeployed" for s in state.ships):
        state.mover_side, state.seat_cursor, state.move_no = None, {}, 0
        begin_turn(state, roller)


# --- a turn -------------------------------------------------------------------------------

def begin_turn(state: NautaState, roller: Roller) -> None:
    roller.log.emit("turn_start", turn=state.turn)
    state.step = "speeds"
    if not writers(state):
        start_movement(state, roller)


def speed_seats(state: NautaState) -> list[str]:
    return [seat.id for seat in state.seats if writers(state, seat.id)]


def resolve_speeds(state: NautaState, by_id: dict[str, Order], roller: Roller) -> None:
    for seat in speed_seats(state):
        did = decision_id(state, "speeds", seat)
        if did in by_id:
            payload = by_id[did].payload
        else:
            payload = orders.speeds_default(state, seat)
            _default_note(state, roller, seat, say("nauta.default.speeds"), say("nauta.default.last-speeds"))
        written = orders.written_speeds(state, seat, payload)
        for ship_id, (speed, letter) in written.items():
            ship = state.ship(ship_id)
            ship.written, ship.formation, ship.revealed = speed, letter, False
        roller.log.emit("speeds_written", player=seat, player_name=state.seat(seat).name)
        roller.log.emit("speeds", to=[seat], ships=[[state.ship(i).name, v, f] for i, (v, f) in written.items()])
    start_movement(state, roller)


def _side_has_units(state: NautaState, side: str) -> bool:
    return any(units(state, seat) for seat in state.side_seats(side))


def start_movement(state: NautaState, roller: Roller) -> None:
    movers = [side for side in state.sides if _side_has_units(state, side)]
    state.move_no = 1
    state.shots = []  # the map shows a turn's volleys until the next turn's movement
    if len(movers) == 2:
        state.initiative_side = dep.roll_off(state, roller, "initiative")
        roller.log.emit("initiative", side=state.initiative_side)
        state.step = "initiative"
        return
    state.mover_side = movers[0] if movers else None
    state.step = "move"
    advance_moves(state, roller)


def resolve_initiative(state: NautaState, by_id: dict[str, Order], roller: Roller) -> None:
    decision = initiative_pending(state)[0]
    choice = by_id[decision.id].payload["action"] if decision.id in by_id else "second"
    if decision.id not in by_id:
        _default_note(state, roller, decision.player, say("nauta.default.initiative"), say("nauta.form.move-second"))
    side = state.initiative_side or state.sides[0]
    state.mover_side = side if choice == "first" else state.other_side(side)
    roller.log.emit("initiative_choice", side=state.mover_side)
    state.step = "move"
    advance_moves(state, roller)


def move_seat(state: NautaState) -> str | None:
    side = state.mover_side or state.sides[0]
    for s in (side, state.other_side(side)):
        for seat in _rotation(state, s):
            if units(state, seat):
                return seat
    return None


def advance_moves(state: NautaState, roller: Roller) -> None:
    if move_seat(state) is None:
        start_boarding(state, roller)


def resolve_move(state: NautaState, by_id: dict[str, Order], roller: Roller) -> None:
    decision = move_pending(state)[0]
    if decision.id in by_id:
        payload = by_id[decision.id].payload
    else:
        payload = orders.move_default(state, decision.player)
    unit_ = find_unit(state, decision.player, str(payload["unit"]))
    if decision.id not in by_id:
        # The unit by her name (or her formation's ships), never her id.
        label = orders.unit_label(unit_) if unit_ is not None else str(payload["unit"])
        _default_note(state, roller, decision.player, say("nauta.default.a-move"),
                      say("nauta.default.straight-ahead", unit=label))
    if unit_ is not None:
        execute(state, roller, unit_, int(payload.get("turn", 0)), str(payload.get("dash", "no")),
                str(payload.get("shoot", "no")))
    _advance_rotation(state, decision.player)
    state.move_no += 1
    advance_moves(state, roller)


# --- boarding, fighting aboard, end of turn ------------------------------------------------

def boarding_seats(state: NautaState) -> list[str]:
    return [seat.id for seat in state.seats if orders.boarding_params(state, seat.id)]


def start_boarding(state: NautaState, roller: Roller) -> None:
    state.step = "boarding"
    state.mover_side = None
    if not boarding_seats(state):
        finish_turn(state, roller, {}, {})


def resolve_boarding(state: NautaState, by_id: dict[str, Order], roller: Roller) -> None:
    boards: dict[str, str] = {}
    fires: dict[str, str] = {}
    for seat in boarding_seats(state):
        did = decision_id(state, "boarding", seat)
        payload = by_id[did].payload if did in by_id else {}
        b, f = orders.boarding_choices(state, seat, payload)
        boards.update(b)
        fires.update(f)
    finish_turn(state, roller, boards, fires)


def finish_turn(state: NautaState, roller: Roller, boards: dict[str, str], fires: dict[str, str]) -> None:
    boarding.resolve(state, roller, boards, fires)
    fighting.fight(state, roller)
    end_turn(state, roller)


def end_turn(state: NautaState, roller: Roller) -> None:
    for ship in state.ships:
        if ship.status == "captured" and ship.remove_after is not None and ship.remove_after <= state.turn:
            ship.status = "taken"
            drop_from_table(state, ship)
            roller.log.emit("prize_removed", ship=ship.id, name=ship.name)
        if ship.hold_until is not None and ship.hold_until <= state.turn:
            ship.hold_until = None
        _next_turn_speed(state, ship)
    roller.log.emit("turn_end", turn=state.turn)
    result = victory.end_of_turn(state)
    if result is not None:
        finish(state, roller, result)
        return
    state.turn += 1
    state.move_no = 0
    begin_turn(state, roller)


def _next_turn_speed(state: NautaState, ship: Any) -> None:
    moving = ship.afloat and ship.written is not None and not ship.stopped and not state.engaged(ship.id)
    ship.last_speed = ship.written if moving else 0
    ship.written, ship.formation, ship.revealed = None, None, False
    ship.moved, ship.stopped = False, False
    ship.rams, ship.strikes = [], None
    ship.trail = []


def finish(state: NautaState, roller: Roller, result: Any) -> None:
    state.outcome = result
    state.step = "over"
    roller.log.emit("game_over", winner=result.winner, kind=result.kind, scores=result.scores,
                    why=result.why.model_dump() if result.why else None)


def _default_note(state: NautaState, roller: Roller, player: str, what: Text, default: Text | str) -> None:
    roller.log.emit("default_order", player=player, player_name=state.seat(player).name, what=what.model_dump(),
                    default=default.model_dump() if isinstance(default, Text) else default)


# --- decisions ----------------------------------------------------------------------------

def decision_id(state: NautaState, kind: str, who: str) -> str:
    return f"t{state.turn}.{kind}.{who}"


def speeds_pending(state: NautaState) -> list[Decision]:
    return [Decision(id=decision_id(state, "speeds", seat), kind="speeds", player=seat, secret=True,
                     label=say("nauta.form.speeds-for", turn=state.turn)) for seat in speed_seats(state)]


def initiative_pending(state: NautaState) -> list[Decision]:
    side = state.initiative_side or state.sides[0]
    return [Decision(id=f"t{state.turn}.initiative", kind="initiative", player=state.side_seats(side)[0],
                     label=say("nauta.form.initiative"))]


def move_pending(state: NautaState) -> list[Decision]:
    seat = move_seat(state)
    return [] if seat is None else [Decision(id=f"t{state.turn}.m{state.move_no}", kind="move", player=seat,
                                             label=say("nauta.form.move-for", turn=state.turn))]


def boarding_pending(state: NautaState) -> list[Decision]:
    return [Decision(id=decision_id(state, "boarding", seat), kind="boarding", player=seat, secret=True,
                     label=say("nauta.form.boarding-for", turn=state.turn)) for seat in boarding_seats(state)]


def deploy_pending(state: NautaState) -> list[Decision]:
    if state.rules.deployment == "alternate":
        seat = _deploy_seat(state)
        return [] if seat is None else [Decision(id=f"deploy.{state.move_no}", kind="deploy_one", player=seat,
                                                 label=say("nauta.form.place-one"))]
    queue = state.deploy_queue if state.rules.deployment == "screen" else state.deploy_queue[:1]
    secret = state.rules.deployment == "screen"
    return [Decision(id=f"deploy.{seat}", kind="deploy", player=seat, secret=secret,
                     label=say("nauta.form.place-fleet")) for seat in queue]
