"""The decisions of each step, their forms and checks, and how each step resolves."""
from __future__ import annotations

from typing import Any

from rules.core import problems as P
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, Order, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking, DecisionHandlers, StepHandlers, remembered
from rules.core.tables.hexmap import distance, turn
from rules.core.texts import known, say, side_name
from rules.hoo import actions, placement, sequence
from rules.hoo.gunnery import aim_allowed
from rules.hoo.state import HooState
from rules.hoo.targets import fire_options
from rules.hoo.wording import AIM_RANGE, DOUBLE_SAME, NUMBER_TWICE, SPLIT_RANGE

AIMS = ("none", "sails", "guns", "hull", "crew")


def _setup_seats(state: HooState) -> tuple[str, str]:
    """The seats of the set-up roll's winner and loser (2.1)."""
    high = max(state.setup_rolls, key=lambda side: state.setup_rolls[side])
    low = next(side for side in state.sides if side != high)
    return state.seat_of_side(high), state.seat_of_side(low)


# -- the wind (2.1) ---------------------------------------------------------------------

def _wind_pending(state: HooState) -> list[Decision]:
    return [Decision(id="wind", kind="wind", player=_setup_seats(state)[0], label=say("hoo.form.wind-decision"))]


def _wind_choices() -> list[Choice]:
    return [Choice(value=i, label=say(f"hoo.form.hexside.{i}")) for i in range(6)]


def _wind_spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    return DecisionSpec(decision=decision, default={"action": "wind", "side": 0},
                        default_text=say("hoo.default.wind"),
                        actions=[ActionSpec(action="wind", label=say("hoo.form.wind"), params=[
                            ParamSpec(name="side", label=say("hoo.form.side"), choices=_wind_choices(),
                                      help=say("hoo.help.side"))])])


def _wind_resolve(state: HooState, orders: dict[str, Order], roller: Roller) -> None:
    order = orders.get("wind")
    state.wind = int(order.payload["side"]) if order else 0
    roller.log.emit("wind_set", seat=_setup_seats(state)[0], wind=state.wind)
    state.step = "shift"


def _shift_pending(state: HooState) -> list[Decision]:
    return [Decision(id="shift", kind="shift", player=_setup_seats(state)[1], label=say("hoo.form.shift-decision"))]


def _shift_spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ways = [Choice(value=v, label=say(f"hoo.form.shift.{v}")) for v in ("none", "clockwise", "anticlockwise")]
    return DecisionSpec(decision=decision, default={"action": "shift", "way": "none"},
                        default_text=say("hoo.default.shift"),
                        actions=[ActionSpec(action="shift", label=say("hoo.form.shift"), params=[
                            ParamSpec(name="way", label=say("hoo.form.way"), choices=ways)])])


def _shift_resolve(state: HooState, orders: dict[str, Order], roller: Roller) -> None:
    order = orders.get("shift")
    way = order.payload["way"] if order else "none"
    state.wind = turn(state.wind, {"none": 0, "clockwise": 1, "anticlockwise": -1}[way])
    roller.log.emit("wind_shift", seat=_setup_seats(state)[1], way=way, wind=state.wind)
    if state.to_place:
        state.step = "place"  # "prima di mettere in mappa le navi" the wind is set
    else:
        sequence.new_turn(state, roller)


# -- speeds (3.2.1) ---------------------------------------------------------------------

def _speed_id(state: HooState, ship_id: str) -> str:
    return f"t{state.turn}.{ship_id}.speed"


def _speed_decisions(state: HooState) -> list[Decision]:
    return [Decision(id=_speed_id(state, s.id), kind="speed", player=s.seat, subject=s.id, secret=True,
                     label=say("hoo.form.speed-decision", ship=s.name, turn=state.turn))
            for s in state.ships if sequence.sets_speed(s)]


def _speeds_pending(state: HooState) -> list[Decision]:
    return _speed_decisions(state) + _number_decisions(state)


def _speed_spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ship = state.ship(decision.subject or "")
    now = min(ship.speed, ship.max_speed)
    choices = [Choice(value=v, label=say("hoo.form.pm", pm=v)) for v in sequence.speed_choices(ship)]
    return DecisionSpec(decision=decision, default={"action": "speed", "pm": now},
                        default_text=say("hoo.default.speed", pm=now),
                        actions=[ActionSpec(action="speed", label=say("hoo.form.speed"), params=[
                            ParamSpec(name="pm", label=say("hoo.form.pm-label"), choices=choices,
                                      help=say("hoo.help.speed", max=ship.max_speed))])])


def _speeds_resolve(state: HooState, orders: dict[str, Order], roller: Roller) -> None:
    markers = _speed_decisions(state)
    for decision in markers:
        ship = state.ship(decision.subject or "")
        order = orders.get(decision.id)
        ship.marker = int(order.payload["pm"]) if order else min(ship.speed, ship.max_speed)
        roller.log.emit("marker_set", to=[ship.seat], ship=ship.id, name=ship.name, pm=ship.marker)
    if markers:
        roller.log.emit("markers_down", ships=[d.subject for d in markers])
    for decision in _number_decisions(state):
        side = decision.subject or ""
        order = orders.get(decision.id)
        now = sequence.numbered(state, side)
        if order is not None and order.payload.get("action") == "number":
            named = [order.payload[f"n{i + 1}"] for i in range(len(now))]
        else:
            named = now
        if state.numbers.get(side) != named:  # told when first given and when changed, not every turn
            roller.log.emit("numbered", side=side, ships=named, names=[state.ship(i).name for i in named])
        state.numbers[side] = named
    sequence.roll_initiative(state, roller)


# -- the ships' numbers for the initiative of more than four ships (3.1.1) -----------------

def _number_decisions(state: HooState) -> list[Decision]:
    return [Decision(id=f"t{state.turn}.{side}.numbers", kind="numbers", player=state.seat_of_side(side),
                     subject=side, label=say("hoo.form.numbers-decision", side=_side_word(side),
                                             turn=state.turn))
            for side in sequence.numbering_sides(state)]


def _side_word(side: str) -> Any:
    """A side as its players name it, worded in the reader's language when it has a word."""
    code = f"hoo.nation.{side}"
    return say(code) if known(code) else side_name("hoo", side)


def _numbers_spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    now = sequence.numbered(state, decision.subject or "")
    ships = _names(state, now)
    slots = [ParamSpec(name=f"n{i + 1}", label=say("hoo.form.number", n=i + 1), choices=ships,
                       help=say("hoo.help.numbers")) for i in range(len(now))]
    keeping = ", ".join(f"{i + 1} {state.ship(ship).name}" for i, ship in enumerate(now))
    return DecisionSpec(decision=decision, default={"action": "keep"},
                        default_text=say("hoo.default.numbers", order=keeping),
                        actions=[ActionSpec(action="keep", label=say("hoo.form.keep-numbers", order=keeping)),
                                 ActionSpec(action="number", label=say("hoo.form.numbers"),
                                            help=say("hoo.help.numbers"), params=slots)])


def _numbers_check(state: HooState, decision: Decision, payload: dict[str, Any],
                   checking: Checking | None) -> list[Problem]:
    if payload.get("action") != "number":
        return []
    seen: set[str] = set()
    for i in range(len(sequence.numbered(state, decision.subject or ""))):
        ship = payload.get(f"n{i + 1}")
        if ship in seen:
            return [P.problem(NUMBER_TWICE, field=f"n{i + 1}", ship=state.ship(ship).name)]
        seen.add(ship)
    return []


# -- the active ship's movement (3.2) or boarding (3.5) ------------------------------------

def _move_pending(state: HooState) -> list[Decision]:
    ship = state.active_ship
    if ship is None:
        return []
    suffix = ".again" if state.cast_off else ""
    return [Decision(id=f"t{state.turn}.{ship.id}.move{suffix}", kind="move", player=ship.seat, subject=ship.id,
                     label=say("hoo.form.move-decision", ship=ship.name))]


def _course_label(course: str) -> Any:
    return say("hoo.form.course-value", steps=course or "-")


def _move_spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ship = state.ship(decision.subject or "")
    out: list[ActionSpec] = []
    default: dict[str, Any] | None = None
    if ship.grappled:
        other = state.ship(ship.grappled)
        tgt = [Choice(value=other.id, label=other.name)]
        out.append(ActionSpec(action="board", label=say("hoo.form.board"),
                              params=[ParamSpec(name="target", label=say("hoo.form.target"), choices=tgt)]))
        out.append(ActionSpec(action="cast_off", label=say("hoo.form.cast-off")))
        if actions.can_fire_alongside(state, ship):
            out.append(ActionSpec(action="fire_alongside", label=say("hoo.form.fire-alongside")))
        default = {"action": "board", "target": other.id}
    else:
        found = remembered(checking, state, ("courses", ship.id), lambda: sequence.move_courses(state, ship))
        # Fewest turns first: a menu shows 25 values, and a frigate at 5 PM has more courses.
        ordered = sorted(found, key=lambda c: (len(c) - c.count("F"), -c.count("F"), c))
        if set(ordered) != {""}:
            choices = [Choice(value=c or "-", label=_course_label(c)) for c in ordered]
            out.append(ActionSpec(action="sail", label=say("hoo.form.sail"), help=say("hoo.help.course"),
                                  params=[ParamSpec(name="course", label=say("hoo.form.course"), choices=choices,
                                                    help=say("hoo.help.course"))]))
            straight = "F" * ship.speed
            default = {"action": "sail", "course": straight if straight in found else ordered[0] or "-"}
        targets = sequence.boarding_targets(state, ship)
        if targets:
            tgt = [Choice(value=t.id, label=t.name) for t in targets]
            out.append(ActionSpec(action="board", label=say("hoo.form.board"),
                                  params=[ParamSpec(name="target", label=say("hoo.form.target"), choices=tgt)]))
            default = default or {"action": "board", "target": targets[0].id}
    return DecisionSpec(decision=decision, actions=out, default=default, default_text=_move_default_text(state, default))


def _move_default_text(state: HooState, default: dict[str, Any] | None) -> Any:
    """What a missed deadline does, in words: the course, or the boarding."""
    if default is None:
        return say("hoo.default.nothing")
    if default["action"] == "board":
        return say("hoo.default.board", ship=state.ship(default["target"]).name)
    return say("hoo.default.course", course=default["course"])


def _move_resolve(state: HooState, orders: dict[str, Order], roller: Roller) -> None:
    decision = _move_pending(state)[0]
    ship = state.ship(decision.subject or "")
    order = orders.get(decision.id)
    payload = order.payload if order else (_move_spec(state, decision, None, None).default or {})
    what = payload.get("action")
    if what == "sail":
        course = payload["course"]
        actions.sail(state, ship, "" if course == "-" else course, roller)
    elif what == "board":
        target = state.ship(payload["target"])
        if ship.grappled:
            actions.melee(state, ship, target, roller)
        else:
            actions.grapple(state, ship, target, roller)
    elif what == "cast_off":
        if actions.cast_off(state, ship, roller) and sequence.needs_move_order(state, ship):
            return  # she sails on: a new order for her course
        sequence.finish(state, roller)
        return
    elif what == "fire_alongside":
        actions.fire_grappled(state, ship, roller)
        sequence.finish(state, roller)
        return
    sequence.after_move(state, roller)


# -- the active ship's fire (3.3) -----------------------------------------------------------

def _fire_pending(state: HooState) -> list[Decision]:
    ship = state.active_ship
    if ship is None:
        return []
    return [Decision(id=f"t{state.turn}.{ship.id}.fire", kind="fire", player=ship.seat, subject=ship.id,
                     label=say("hoo.form.fire-decision", ship=ship.name))]


def _names(state: HooState, ids: list[str]) -> list[Choice]:
    return [Choice(value=i, label=state.ship(i).name) for i in ids]


def _fire_spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ship = state.ship(decision.subject or "")
    opts = remembered(checking, state, ("fire", ship.id), lambda: fire_options(state, ship))
    out: list[ActionSpec] = []
    if opts.targets:
        aims = [Choice(value=a, label=say(f"hoo.form.aim.{a}")) for a in AIMS]
        out.append(ActionSpec(action="fire", label=say("hoo.form.fire"), params=[
            ParamSpec(name="target", label=say("hoo.form.target"), choices=_names(state, opts.targets)),
            ParamSpec(name="aim", label=say("hoo.form.aim"), choices=aims, required=False,
                      help=say("hoo.help.aim"))]))
    if opts.port and opts.starboard and ship.guns >= 2:
        out.append(ActionSpec(action="double", label=say("hoo.form.double"), help=say("hoo.help.double"), params=[
            ParamSpec(name="port", label=say("hoo.form.port"), choices=_names(state, opts.port)),
            ParamSpec(name="starboard", label=say("hoo.form.starboard"), choices=_names(state, opts.starboard)),
            ParamSpec(name="port_dice", label=say("hoo.form.port-dice"), kind="number", min=1, max=ship.guns - 1,
                      step=1)]))
    if opts.seize:
        hows = [Choice(value=h, label=say(f"hoo.form.how.{h}")) for h in ("capture", "sink")]
        out.append(ActionSpec(action="seize", label=say("hoo.form.seize"), params=[
            ParamSpec(name="target", label=say("hoo.form.target"), choices=_names(state, opts.seize)),
            ParamSpec(name="how", label=say("hoo.form.how"), choices=hows)]))
    out.append(ActionSpec(action="hold", label=say("hoo.form.hold")))
    return DecisionSpec(decision=decision, actions=out, default={"action": "hold"},
                        default_text=say("hoo.default.fire"))


def _fire_check(state: HooState, decision: Decision, payload: dict[str, Any],
                checking: Checking | None) -> list[Problem]:
    ship = state.ship(decision.subject or "")
    if payload.get("action") == "fire":
        aim = payload.get("aim") or "none"
        hexes = distance(ship.at, state.ship(payload["target"]).at)
        if aim != "none" and not aim_allowed(aim, hexes):
            return [P.problem(AIM_RANGE, field="aim", aim=say(f"hoo.form.aim.{aim}"), hexes=hexes,
                              rule=say(f"hoo.aim-rule.{aim}"))]
    if payload.get("action") == "double":
        if payload["port"] == payload["starboard"]:
            return [P.problem(DOUBLE_SAME, field="starboard")]
        if not 1 <= int(payload["port_dice"]) < ship.guns:
            return [P.problem(SPLIT_RANGE, field="port_dice", guns=ship.guns)]
    return []


def _fire_resolve(state: HooState, orders: dict[str, Order], roller: Roller) -> None:
    decision = _fire_pending(state)[0]
    ship = state.ship(decision.subject or "")
    order = orders.get(decision.id)
    payload = order.payload if order else {"action": "hold"}
    what = payload["action"]
    opts = fire_options(state, ship)
    if what == "fire":
        target = state.ship(payload["target"])
        aim = payload.get("aim") or "none"
        actions.fire(state, ship, target, ship.guns, roller, broadside=opts.broadside(target.id),
                     aim=None if aim == "none" else aim)
    elif what == "double":
        split = int(payload["port_dice"])
        guns = ship.guns
        actions.fire(state, ship, state.ship(payload["port"]), split, roller, broadside="port")
        if ship.fighting:
            actions.fire(state, ship, state.ship(payload["starboard"]), guns - split, roller, broadside="starboard")
    elif what == "seize":
        actions.seize(state, ship, state.ship(payload["target"]), payload["how"], roller)
    else:
        roller.log.emit("holds_fire", ship=ship.id, name=ship.name)
    sequence.finish(state, roller)


STEPS = {
    "wind": StepHandlers(_wind_pending, {"wind": DecisionHandlers(_wind_spec)}, _wind_resolve),
    "shift": StepHandlers(_shift_pending, {"shift": DecisionHandlers(_shift_spec)}, _shift_resolve),
    "speeds": StepHandlers(_speeds_pending, {"speed": DecisionHandlers(_speed_spec),
                                             "numbers": DecisionHandlers(_numbers_spec, _numbers_check)},
                           _speeds_resolve),
    "move": StepHandlers(_move_pending, {"move": DecisionHandlers(_move_spec)}, _move_resolve),
    "fire": StepHandlers(_fire_pending, {"fire": DecisionHandlers(_fire_spec, _fire_check)}, _fire_resolve),
    "place": placement.STEP,
}
