"""Written orders (Sezione 3): one secret decision per ship in her player's part of the
turn — course (luff, bear away, tack), sails, fire (which broadside, hull or rigging),
boarding parties, freeing her from a contact — and the checks beyond the form."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core import problems as P
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec, Problem
from rules.core.steps import Checking
from rules.core.texts import say
from rules.sca.collisions import tangled
from rules.sca.wreckage import can_make_sail
from rules.sca import signals
from rules.sca.courses import WHEN, change_to, second_courses, second_is_legal
from rules.sca import wind as W
from rules.sca import wording as T
from rules.sca.state import ScaState, Ship
from rules.sca.tacking import may_tack


def commanders(state: ScaState, side: str) -> list[Ship]:
    """The ships a side gives orders to in its part: her own colours or a prize crew's."""
    return [s for s in state.ships if s.status in ("afloat", "captured") and s.hdc_left > 0
            and (s.owner or s.side) == side and not (s.fireship and s.fireship_lit)]


def decision_id(state: ScaState, ship: Ship) -> str:
    return f"t{state.turn}.{ship.id}"


def pending(state: ScaState) -> list[Decision]:
    if state.step != "orders":
        return []
    return [Decision(id=decision_id(state, s), kind="orders", player=s.seat, subject=s.id, secret=True,
                     label=say(T.DECISION, ship=s.name, turn=state.turn)) for s in ordering(state)]


def ordering(state: ScaState) -> list[Ship]:
    """The ships whose orders the step asks for: the acting side's, or with the card-driven
    turn every side's at once ("eseguita contemporaneamente da tutti i giocatori")."""
    if state.options.card_turn:
        return [s for side in state.sides for s in commanders(state, side)]
    return commanders(state, state.acting_side)


def _choices(prefix: str, values: list[str]) -> list[Choice]:
    return list(_made_choices(prefix, tuple(values)))


@lru_cache(maxsize=256)
def _made_choices(prefix: str, values: tuple[str, ...]) -> tuple[Choice, ...]:
    # Every form of every order checked builds these: made once (a Choice is never changed).
    return tuple(Choice(value=v, label=say(f"sca.{prefix}.{v}")) for v in values)


def course_choices(state: ScaState, ship: Ship) -> list[Choice]:
    out = [Choice(value=W.name(ship.heading), label=say(T.COURSE_HOLD, point=W.name(ship.heading)))]
    if ship.wreck or ship.adrift:
        return out  # optional rule 9 v: "la nave non potrà orzare, poggiare o virare"; vii: all RDCs lost
    if tangled(ship):
        return out  # optional rule 7 v: an entangled pair turns only as the pair drifts
    for change in W.legal_changes(ship.heading, state.wind):
        kind = W.turn_kind(ship.heading, state.wind, change)
        if ship.rudder and kind == "luff":
            continue  # a damaged rudder: "potrà navigare solo in favore di vento"
        point = (ship.heading + change) % 16
        out.append(Choice(value=W.name(point), label=say(T.COURSE_TO, point=W.name(point), kind=say(f"sca.turn.{kind}"),
                                                         n=abs(change))))
    return out


def sail_values(ship: Ship) -> list[str]:
    out = ["hold"]
    if ship.tack:
        return out  # "Non è possibile modificare la velatura fino a quando non si è completata la virata" (opt. 5)
    # Optional rule 9 v: with rigging over the side she cannot "aumentare la velatura".
    top = ship.canvas != "studding" if ship.canvas else ship.sail != "full"
    if top and ship.rigging_lost < ship.rigging and not ship.wreck and can_make_sail(ship):
        out.append("up")
    if ship.sail != "furled":
        out.append("down")
    return out


def fire_values(ship: Ship, by_segment: bool = False) -> list[str]:
    """The broadsides she may fire: the loaded ones; by segment (optional rules 3 and 6) also a side
    she reloads in the first segment to fire in the second."""
    if ship.status == "captured" or ship.fireship:
        return ["none"]  # "la nave catturata non può far fuoco o abbordare"
    loaded = [side for side in ("port", "starboard") if side not in ship.unloaded or by_segment]
    return ["none"] + loaded + (["both"] if len(loaded) == 2 else [])


def when_values(state: ScaState) -> list[str]:
    """Before or after her run; with optional rule 3, the segment whose fire phase she fires in."""
    return list(WHEN) if state.options.segmented else ["after", "before", "middle"]


def reload_values(ship: Ship, by_segment: bool = False) -> list[str]:
    """The broadsides she may reload: the empty ones; by segment (optional rules 3 and 6) also one
    she fires in the first segment and reloads in the second ("ricaricare un bordo in un segmento e
    far fuoco con lo stesso bordo nel segmento successivo", and the converse)."""
    firing = fire_values(ship, by_segment) if by_segment else []
    empty = [side for side in ("port", "starboard") if side in ship.unloaded or side in firing]
    return ["none"] + empty + (["both"] if len(empty) == 2 else [])


def spec(state: ScaState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ship = state.ship(str(decision.subject))
    by_segment = state.options.reloads and state.options.segmented
    fire = [ParamSpec(name="fire", label=say(T.P_FIRE), choices=_choices("fire", fire_values(ship, by_segment))),
            ParamSpec(name="aim", label=say(T.P_AIM), choices=_choices("aim", ["hull", "rigging"])),
            ParamSpec(name="target_half", label=say(T.P_HALF), choices=_choices("half", ["nearest", "fore", "aft"]),
                      required=False),
            ParamSpec(name="fire_when", label=say(T.P_WHEN), choices=_choices("when", when_values(state)),
                      required=False)]
    reloads = reload_values(ship, by_segment) if state.options.reloads else ["none"]
    if len(reloads) > 1:
        fire.append(ParamSpec(name="reload", label=say(T.P_RELOAD), choices=_choices("fire", reloads),
                              required=False))
    if state.options.second_table and ship.fresh and not ship.run_out and not ship.fixed:
        fire.append(ParamSpec(name="run_out", label=say(T.P_RUN_OUT), choices=_choices("yesno", ["no", "yes"]),
                              required=False))
    board = [ParamSpec(name="boarders", label=say(T.P_BOARD), choices=_choices("yesno", ["no", "yes"]
                                                                              if ship.status != "captured"
                                                                              and not ship.fireship else ["no"]))]
    free = [ParamSpec(name="cast_off", label=say(T.P_FREE), choices=_choices("yesno", ["yes", "no"]))] \
        if ship.contacts and not ship.melee else []
    actions: list[ActionSpec] = []
    default: dict[str, Any]
    if ship.tack:
        actions.append(ActionSpec(action="tack", label=say(T.A_TACK_ON), params=fire))
        default = {"action": "tack", "fire": "none", "aim": "hull"}
    elif ship.fixed:
        actions.append(ActionSpec(action="fire", label=say(T.A_FIRE), params=fire))
        default = {"action": "fire", "fire": "both", "aim": "hull"}
    else:
        own = signals.independent(state, ship)
        sails = sail_values(ship) if own else [v for v in sail_values(ship) if v in ("hold", ship.signal_sail)]
        courses = course_choices(state, ship)
        if not own:  # holds her course, or steers as signalled
            courses = [c for c in courses if c.value in (W.name(ship.heading), signals.signalled_course(state, ship))]
        sail = [ParamSpec(name="sail", label=say(T.P_SAIL), choices=_choices("sailway", sails))]
        course = [ParamSpec(name="course", label=say(T.P_COURSE), choices=courses)]
        if state.options.segmented and own and not tangled(ship):
            # Optional rule 3: "ulteriori virate, orzate o poggiate" at the end of the second segment.
            course.append(ParamSpec(name="course2", label=say(T.P_COURSE2), required=False,
                                    choices=[Choice(value=p, label=p)
                                             for p in second_courses(state, ship, [c.value for c in courses])]))
        signal = []
        if state.options.signals and ship.flagship:
            signal = [ParamSpec(name="signal_course", label=say(T.P_SIGNAL_COURSE),
                                choices=[Choice(value="none", label=say("sca.yesno.no"))]
                                + [Choice(value=p, label=p) for p in W.POINTS]),
                      ParamSpec(name="signal_sail", label=say(T.P_SIGNAL_SAIL),
                                choices=_choices("signalsail", ["none", "up", "down"]))]
        jury = [ParamSpec(name="jury", label=say(T.P_JURY), choices=_choices("yesno", ["no", "yes"]),
                          required=False)] if ship.wreck else []
        actions.append(ActionSpec(action="sail", label=say(T.A_SAIL),
                                  params=course + sail + fire + board + free + signal + jury))
        default = {"action": "sail", "course": W.name(ship.heading), "sail": "hold", "fire": "none", "aim": "hull",
                   "boarders": "no", **({"cast_off": "yes"} if free else {}),
                   **({"signal_course": "none", "signal_sail": "none"} if signal else {})}
        if W.off_wind(ship.heading, state.wind) == 3 and not (ship.contacts or ship.rudder or ship.wreck) \
                and ship.sail != "furled" and may_tack(state, ship):
            actions.append(ActionSpec(action="tack", label=say(T.A_TACK), params=fire))
        if ship.fireship and not ship.fireship_lit:
            actions.append(ActionSpec(action="light", label=say(T.A_LIGHT), params=course))
    return DecisionSpec(decision=decision, actions=actions, default=default, default_text=say(T.DEFAULT))


def check(state: ScaState, decision: Decision, payload: dict[str, Any], checking: Checking | None) -> list[Problem]:
    ship = state.ship(str(decision.subject))
    problems = []
    if payload.get("boarders") == "yes" and payload.get("fire") == "both":
        # Sezione 7 i: "un vascello che ha approntato le squadre di abbordaggio può far fuoco da
        # un solo bordo per turno".
        problems.append(P.problem(T.BOARD_ONE_SIDE, field="fire", ship=ship.name))
    if state.options.reloads and state.options.segmented:
        problems += fire_by_segment(ship, payload)
    elif payload.get("reload", "none") != "none" and payload.get("fire", "none") != "none":
        # Optional rule 6 v: "non può ricaricare e sparare nello stesso segmento, anche se con bordi diversi".
        problems.append(P.problem(T.RELOAD_OR_FIRE, field="reload", ship=ship.name))
    course2 = payload.get("course2")
    if course2 and payload.get("course") in W.POINTS and course2 in W.POINTS \
            and not second_is_legal(state, ship, payload["course"], course2):
        problems.append(P.problem(T.SECOND_COURSE, field="course2", ship=ship.name, course=payload["course"],
                                  course2=course2))
    elif not spread(state, ship, payload):
        problems.append(P.problem(T.SPREAD_TURN, field="course2", ship=ship.name))
    if payload.get("run_out") == "yes" and (payload.get("fire", "none") != "none"
                                            or payload.get("reload", "none") != "none"):
        problems.append(P.problem(T.RUN_OUT_IDLE, field="run_out", ship=ship.name))
    if payload.get("boarders") == "yes" and payload.get("cast_off") == "yes":
        problems.append(P.problem(T.BOARD_OR_FREE, field="cast_off", ship=ship.name))
    return problems


def sides(fire: str) -> set[str]:
    return {"port", "starboard"} if fire == "both" else set() if fire in ("none", "") else {fire}


def fire_by_segment(ship: Ship, payload: dict[str, Any]) -> list[Problem]:
    """Optional rule 6 v with optional rule 3: "non può ricaricare e sparare nello stesso segmento
    ... Però è possibile ricaricare un bordo in un segmento e far fuoco con lo stesso bordo nel
    segmento successivo". The reload is made in the segment she does not fire in, so a side still
    empty fires only when reloaded in the first segment and fired in the second, and a side she fires
    is reloaded the same part only when she fires it in the first segment: one loaded now and fired in
    the second would be reloaded in the segment she fires in."""
    fired = sides(payload.get("fire", "none"))
    empty = fired & set(ship.unloaded)
    reloaded = sides(payload.get("reload", "none"))
    first = payload.get("fire_when") == "first"
    if empty and (not empty <= reloaded or first):
        return [P.problem(T.FIRE_UNLOADED, field="fire", ship=ship.name)]
    same = [] if first else sorted((reloaded & fired) - set(ship.unloaded))
    if same:
        return [P.problem(T.RELOAD_SAME_SEGMENT, field="reload", ship=ship.name, side=say(f"sca.fire.{same[0]}"))]
    return []


def spread(state: ScaState, ship: Ship, payload: dict[str, Any]) -> bool:
    """Optional rule 5, section 2 iv, with optional rule 3: "se modifica la rotta di due o più quarte la
    manovra deve essere distribuita su entrambi i segmenti (ad esempio: non è possibile poggiare di due o
    tre quarte al termine del primo segmento e non cambiare rotta al termine del secondo, mentre è legale
    poggiare di due quarte al termine del primo segmento e di un'altra quarta al termine del secondo)": a
    change of two points or more at the end of one segment needs a change at the end of the other. A ship
    that steers as signalled, or is entangled, has no second change to spread it with."""
    if not (state.options.navigation and state.options.segmented) or payload.get("action", "sail") != "sail":
        return True
    course = payload.get("course")
    if course not in W.POINTS or not signals.independent(state, ship) or tangled(ship):
        return True
    course2 = payload.get("course2") or course
    if course2 not in W.POINTS:
        return True
    first, second = abs(change_to(ship.heading, course)), abs(change_to(W.POINTS.index(course), course2))
    return not ((first >= 2 and second == 0) or (second >= 2 and first == 0))


def order_of(state: ScaState, ship: Ship, payload: dict[str, Any] | None) -> dict[str, Any]:
    """The ship's order, or the published default when none came."""
    if payload is None:
        return dict(spec(state, pending_for(state, ship), None, None).default or {})
    return dict(payload)


def pending_for(state: ScaState, ship: Ship) -> Decision:
    return Decision(id=decision_id(state, ship), kind="orders", player=ship.seat, subject=ship.id, secret=True)
