"""The steps of play: "manoeuvre" (one decision for each object in the order of
manoeuvre) and "fire" (a decision for each ship that held to shoot, all at once)."""
from __future__ import annotations

from typing import Any

from rules.core import problems as P
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, Order, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking, DecisionHandlers, StepHandlers
from rules.core.texts import say
from rules.pirates import building, cargo, extra, firepot, keywords, forts, marines, movement, shooting
from rules.pirates import permits, towing, turns
from rules.pirates.catalogue import BROADSIDE, CREWS, SCHOONER, SHIPS
from rules.pirates.legal import legal
from rules.pirates.movement import SEGMENT, TURNS
from rules.pirates.naming import nation, ship_words
from rules.pirates.state import Crew, Fort, Gun, PiratesState, Ship


def _say(code: str, **params: Any):
    return say(f"pirates.{code}", **params)


# -- manoeuvre ------------------------------------------------------------------------------

def manoeuvre_pending(state: PiratesState) -> list[Decision]:
    if not state.order:
        return []
    side = state.order[0].side
    return [Decision(id=f"t{state.turn}.a{state.acts + 1}", kind="act", player=state.seat_of(side),
                     label=_say("form.act", side=nation(side), turn=state.turn))]


def _ship_param(ships: list) -> ParamSpec:
    return ParamSpec(name="ship", label=_say("form.ship"), choices=[
        Choice(value=s.id, label=_say("form.ship-choice", ship=ship_words(s), square=movement.square_name(_where(s))))
        for s in ships])


def _where(thing) -> tuple[int, int]:
    if isinstance(thing, Crew):
        return tuple(thing.cell)  # type: ignore[arg-type, return-value]
    return tuple(thing.flags[0]) if isinstance(thing, Fort) else thing.cells()[0]


def _yes_no(name: str, label: str, default_yes: bool) -> ParamSpec:
    order = ("yes", "no") if default_yes else ("no", "yes")
    return ParamSpec(name=name, label=_say(label), required=False,
                     choices=[Choice(value=v, label=_say(f"form.{v}")) for v in order])


def movable(state: PiratesState, ship: Ship) -> bool:
    return ship.status == "afloat" and not ship.fog and ship.stuck_to is None


_legal = legal


ACTIONS = ("move", "reverse", "fire", "repair", "explore", "board", "fort", "build", "scuttle")
LABELS = {"move": "form.move", "reverse": "form.reverse", "fire": "form.hold", "repair": "form.repair",
          "explore": "form.explore", "board": "form.board", "fort": "form.fort", "build": "form.build",
          "scuttle": "form.scuttle", "embark": "form.embark", marines.MARCH: "form.march",
          permits.PERMIT: "form.permit"}


def _move_params(state: PiratesState, ships: list[Ship]) -> list[ParamSpec]:
    longest = max(ships, key=lambda s: len(movement.segments_of(state, s)))
    segs = movement.segments_of(state, longest)
    params: list[ParamSpec] = [_ship_param(ships)]
    for k in range(1, len(segs) + 1):
        seg = max((movement.segments_of(state, s)[k - 1] for s in ships if len(movement.segments_of(state, s)) >= k),
                  key=lambda x: SEGMENT[x])
        params.append(ParamSpec(name=f"turn{k}", label=_say("form.turn", k=k), required=False,
                                choices=[Choice(value=t, label=_say(f"form.turn-{t}")) for t in (0, 1, -1, 2, -2)]))
        params.append(ParamSpec(name=f"go{k}", label=_say("form.go", k=k, seg=seg), kind="number", min=0,
                                max=SEGMENT[seg], step=1, required=False))
    if any(keywords.has(s, SCHOONER) for s in ships):
        params.append(ParamSpec(name="pivot", label=_say("form.pivot"), required=False,
                                choices=[Choice(value=t, label=_say(f"form.turn-{t}")) for t in (0, 1, -1, 2, -2)]))
    tows = sorted({t for s in ships for t in towing.towable(state, s)})
    if tows:
        params.append(ParamSpec(name="tow", label=_say("form.tow"), required=False, choices=[
            Choice(value=towing.NO, label=_say("form.no-tow")),
            *[Choice(value=t, label=ship_words(state.ship(t))) for t in tows]]))
    params.append(_yes_no("dock", "form.dock", default_yes=False))
    params.append(_yes_no("grapple", "form.board-after-ram", default_yes=True))
    if any(keywords.ghostly(state, s) for s in ships):
        params.append(_yes_no("ghost", "form.ghost", default_yes=False))
    return params


def action_spec(state: PiratesState, action: str, ships: list) -> ActionSpec:
    """The form of one manoeuvre for the ships (and forts) that may take it."""
    params = _move_params(state, ships) if action == "move" else [_ship_param(ships)]
    if action == "build":
        keys = sorted({k for s in ships for k in building.buildable(state, s)})
        params.append(ParamSpec(name="construct", label=_say("form.item"), choices=[
            Choice(value=k, label=_say("form.item-choice", name=_catalogue_name(k), points=_points(k)))
            for k in keys]))
    if action == "fort":
        keys = sorted({k for s in ships for k in forts.affordable(state, s)})
        params.append(ParamSpec(name="fort", label=_say("form.fort-kind"), choices=[
            Choice(value=k, label=_say(f"fort.{k}")) for k in keys]))
    return ActionSpec(action=action, label=_say(LABELS[action]), params=params)


def extra_params(state: PiratesState, ships: list) -> list[ParamSpec]:
    """The declaration of an extra manoeuvre, for a double ship among ``ships``."""
    if not any(isinstance(s, Ship) and extra.entitled(state, s) for s in ships):
        return []
    return [ParamSpec(name="double", label=_say("form.extra"), required=False, choices=[
                Choice(value=a, label=_say(f"form.extra-{a}")) for a in (extra.NONE, *extra.ACTIONS)]),
            ParamSpec(name="double_when", label=_say("form.extra-when"), required=False, choices=[
                Choice(value=w, label=_say(f"form.extra-{w}")) for w in (extra.BEFORE, extra.AFTER)])]


def manoeuvre_spec(state: PiratesState, decision: Decision, only: str | None,
                   checking: Checking | None) -> DecisionSpec:
    side = state.side_of(decision.player)
    mine = turns.to_act(state, side)
    actions = []
    for action in ACTIONS:
        if only is not None and action != only:
            continue
        ships = [s for s in mine if _legal(state, s, action) is None]
        if action == "fire":
            ships = [*ships, *turns.forts_to_act(state, side), *marines.to_act(state, side)]
        if not ships:
            continue
        spec = action_spec(state, action, ships)
        spec.params.extend(extra_params(state, ships))
        actions.append(spec)
    if only in (None, marines.MARCH):
        march = _march_spec(state, side)
        if march is not None:
            actions.append(march)
    if only in (None, "embark"):
        embark = _embark_spec(state, side)
        if embark is not None:
            actions.append(embark)
    if only in (None, "cargo"):
        by_hand = _cargo_spec(state, side)
        if by_hand is not None:
            actions.append(by_hand)
    if only in (None, permits.PERMIT):
        permit = _permit_spec(state, side)
        if permit is not None:
            actions.append(permit)
    default = _fallback(state, mine, side)
    named = _named(state, default["ship"]) if default else "-"
    return DecisionSpec(decision=decision, actions=actions, default=default,
                        default_text=_say("form.default-hold", ship=named))



def _march_spec(state: PiratesState, side: str) -> ActionSpec | None:
    """A marine's manoeuvre of movement: "spostandosi ovunque sull'isola"."""
    walkers = [m for m in marines.to_act(state, side) if marines.free_squares(state, m)]
    if not walkers:
        return None
    spots = sorted({c for m in walkers for c in marines.free_squares(state, m)})
    return ActionSpec(action=marines.MARCH, label=_say("form.march"), params=[
        _ship_param(walkers),
        ParamSpec(name="spot", label=_say("form.spot"), choices=[
            Choice(value=f"{c[0]},{c[1]}", label=movement.square_name(c)) for c in spots])])


def _catalogue_name(key: str) -> str:
    return (SHIPS.get(key) or CREWS[key]).name


def _points(key: str) -> int:
    return (SHIPS.get(key) or CREWS[key]).points


def _embark_spec(state: PiratesState, side: str) -> ActionSpec | None:
    """Embarking or disembarking a crew: a free action, which leaves the turn's order where
    it stands."""
    moves = {c.id: building.destinations(state, c) for c in state.crews if c.side == side and c.alive}
    moves = {k: v for k, v in moves.items() if v}
    if not moves:
        return None
    places = sorted({p for v in moves.values() for p in v})
    crews = [c for c in state.crews if c.id in moves]
    return ActionSpec(action="embark", label=_say("form.embark"), params=[
        ParamSpec(name="crew", label=_say("form.crew"), choices=[
            Choice(value=c.id, label=_say("form.crew-choice", crew=_crew_word(c), place=_place_name(state, c.place)))
            for c in crews]),
        ParamSpec(name="to", label=_say("form.to"), choices=[
            Choice(value=p, label=_place_name(state, p)) for p in places])])


def _cargo_spec(state: PiratesState, side: str) -> ActionSpec | None:
    """Moving a treasure by hand: a free action, like embarking a crew."""
    moves = cargo.movable(state, side)
    if not moves:
        return None
    places = sorted({p for v in moves.values() for p in v})
    treasures = [t for t in state.treasures if t.id in moves]
    return ActionSpec(action="cargo", label=_say("form.cargo"), params=[
        ParamSpec(name="treasure", label=_say("form.treasure"), choices=[
            Choice(value=t.id, label=_say("form.treasure-choice", value=_value_for(t, side),
                                          place=_place_name(state, t.place))) for t in treasures]),
        ParamSpec(name="to", label=_say("form.to"), choices=[
            Choice(value=p, label=_place_name(state, p)) for p in places])])


def _permit_spec(state: PiratesState, side: str) -> ActionSpec | None:
    """Granting or withdrawing another fleet's use of a fort: a free action of its owner."""
    mine = permits.grantable(state, side)
    if not mine:
        return None
    fleets = sorted({g for f in mine for g in permits.others(state, f)}, key=state.sides.index)
    return ActionSpec(action=permits.PERMIT, label=_say("form.permit"), params=[
        ParamSpec(name="fort", label=_say("form.permit-fort"), choices=[
            Choice(value=f.id, label=_say("form.permit-fort-choice", fort=f.name, guests=fleets_text(f.guests)))
            for f in mine]),
        ParamSpec(name="guest", label=_say("form.permit-guest"), choices=[
            Choice(value=g, label=nation(g)) for g in fleets]),
        _yes_no("allow", "form.permit-allow", default_yes=True)])


def fleets_text(sides: list[str]):
    """Fleets named in a list, in the reader's language ("Blue, Green"; none: "none")."""
    if not sides:
        return _say("form.permit-none")
    out = nation(sides[0])
    for side in sides[1:]:
        out = _say("form.permit-list", first=out, next=nation(side))
    return out


def _value_for(t, side: str) -> str:
    """A treasure's value as this player knows it (her form is hers alone)."""
    return str(t.value) if t.public or side in t.seen_by else "?"


def _crew_word(crew) -> str:
    return CREWS[crew.key].name


def _place_name(state: PiratesState, place: str) -> str:
    island = state.find_island(place)
    if island is not None:
        return island.name
    ship = state.find_ship(place) or state.find_fort(place)
    return ship_words(ship) if ship is not None else place


def _fallback(state: PiratesState, mine: list[Ship], side: str) -> dict | None:
    for ship in mine:
        for action in ("fire", "scuttle"):
            if _legal(state, ship, action) is None:
                return {"action": action, "ship": ship.id}
    for other in [*turns.forts_to_act(state, side), *marines.to_act(state, side)]:
        return {"action": "fire", "ship": other.id}
    return None


def _named(state: PiratesState, ident: str):
    fort = state.find_fort(ident)
    marine = state.find_marine(ident)
    if marine is not None:
        return ship_words(marine)
    return ship_words(fort if fort is not None else state.ship(ident))


def manoeuvre_check(state: PiratesState, decision: Decision, payload: dict[str, Any],
                    checking: Checking | None) -> list[Problem]:
    action = payload.get("action")
    side = state.side_of(decision.player)
    if action == "cargo":
        t = next((x for x in state.treasures if x.id == payload.get("treasure")), None)
        if t is None or payload.get("to") not in cargo.destinations(state, side, t):
            return [P.problem("pirates-no-cargo", field="to", treasure=str(payload.get("treasure")),
                              to=str(payload.get("to")))]
        return []
    if action == permits.PERMIT:
        fort = state.find_fort(str(payload.get("fort")))
        guest = str(payload.get("guest"))
        allow = payload.get("allow", permits.YES) != permits.NO
        why = permits.why_not(state, side, fort, guest, allow)
        if why is not None:
            return [P.problem("pirates-no-permit", field="guest", fort=fort.name if fort else str(payload.get("fort")),
                              fleet=nation(guest) if guest in state.sides else guest, why=_say(why))]
        return []
    if action == "embark":
        crew = next((c for c in state.crews if c.id == payload.get("crew") and c.side == side), None)
        if crew is None or payload.get("to") not in building.destinations(state, crew):
            return [P.problem("pirates-no-embark", field="to", crew=str(payload.get("crew")),
                              to=str(payload.get("to")))]
        return []
    marine = state.find_marine(str(payload.get("ship")))
    if marine is not None and marine in marines.to_act(state, side):
        return _check_marine(state, marine, str(action), payload)
    ship = state.find_ship(str(payload.get("ship")))
    mine = turns.to_act(state, side)
    fort = state.find_fort(str(payload.get("ship")))
    if fort is not None and fort in turns.forts_to_act(state, side):
        if action == "fire":
            return []
        return [P.problem("pirates-cannot", field="ship", ship=ship_words(fort),
                          action=_say(LABELS.get(str(action), "form.move")), why=_say("why.fort"))]
    if ship is None or ship not in mine:
        return [P.problem("pirates-not-yours", field="ship", object=str(payload.get("ship")),
                          legal=", ".join(turns.objects_to_act(state, side)) or "-")]
    why = _legal(state, ship, str(action))
    if why is not None:
        return [P.problem("pirates-cannot", field="ship", ship=ship_words(ship), action=_say(LABELS[str(action)]),
                          why=_say(why))]
    declared = extra.check(state, ship, payload)
    if declared:
        return declared
    return check_action(state, ship, str(action), payload)


def _check_marine(state: PiratesState, marine: Crew, action: str, payload: dict[str, Any]) -> list[Problem]:
    """"Può compiere una manovra di movimento spostandosi ovunque sull'isola o una manovra di
    sparare\""""
    name = ship_words(marine)
    if action == "fire":
        return []
    if action != marines.MARCH:
        return [P.problem("pirates-cannot", field="ship", ship=name,
                          action=_say(LABELS.get(action, "form.move")), why=_say("why.marine"))]
    spots = [f"{c[0]},{c[1]}" for c in marines.free_squares(state, marine)]
    if payload.get("spot") not in spots:
        return [P.problem("pirates-no-spot", field="spot", crew=name, spot=str(payload.get("spot")))]
    return []


def check_action(state: PiratesState, ship: Ship, action: str, payload: dict[str, Any]) -> list[Problem]:
    """What is wrong with the details of a manoeuvre the ship may take."""
    if action == "build" and payload.get("construct") not in building.buildable(state, ship):
        return [P.problem("pirates-cannot", field="construct", ship=ship_words(ship), action=_say(LABELS["build"]),
                          why=_say("why.no-build"))]
    if action == "fort" and payload.get("fort") not in forts.affordable(state, ship):
        return [P.problem("pirates-cannot", field="fort", ship=ship_words(ship), action=_say(LABELS["fort"]),
                          why=_say("why.no-fort"))]
    if action == "move":
        segs = movement.segments_of(state, ship)
        tow = payload.get("tow")
        if tow not in (None, towing.NO) and tow not in towing.towable(state, ship):
            return [P.problem("pirates-no-tow", field="tow", ship=ship_words(ship), towed=_place_name(state, str(tow)))]
        if ship.towing is not None and tow != towing.NO or tow not in (None, towing.NO):
            segs = towing.TOW_SEGMENT  # "la quale si muoverà di massimo S"
        plan = turns.plan_of(payload)
        for k, (t, n) in enumerate(plan.segments):
            if k >= len(segs) or n > SEGMENT[segs[k]]:
                limit = SEGMENT[segs[k]] if k < len(segs) else 0
                return [P.problem(P.OUT_OF_RANGE, field=f"go{k + 1}", param=f"go{k + 1}", min=0, max=limit,
                                  step=1, value=n)]
            if t not in TURNS:
                return [P.problem(P.OUT_OF_RANGE, field=f"turn{k + 1}", param=f"turn{k + 1}", min=-2, max=2,
                                  step=1, value=t)]
        if plan.pivot and not keywords.has(ship, SCHOONER):
            return [P.problem("pirates-not-schooner", field="pivot", ship=ship_words(ship))]
        if ship.becalmed:
            return []  # she sails no square whatever she is told
        return movement.check_move(state, ship, plan)
    return []


def manoeuvre_resolve(state: PiratesState, orders: dict[str, Order], roller: Roller) -> None:
    for decision in manoeuvre_pending(state):
        order = orders.get(decision.id)
        payload = order.payload if order is not None else None
        if payload is None:
            payload = manoeuvre_spec(state, decision, None, None).default
            roller.log.emit("default", decision=decision.id, side=state.side_of(decision.player))
        if payload is None:  # nothing this player can do: the slot passes
            state.order.pop(0)
            turns.tidy_order(state)
            if not state.order:
                turns.to_fire(state, roller)
            return
        turns.act(state, {**payload, "side": state.side_of(decision.player)}, roller)


# -- fire ---------------------------------------------------------------------------------

def fire_pending(state: PiratesState) -> list[Decision]:
    return [Decision(id=f"t{state.turn}.f.{s.id}", kind="fire", player=state.seat_of(s.side), subject=s.id,
                     secret=True, label=_say("form.fire", ship=ship_words(s), turn=state.turn))
            for s in turns.shooters(state)]


def fire_spec(state: PiratesState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ship = shooting.shooter_of(state, str(decision.subject))
    params, default = gun_params(state, ship)
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="fire", label=_say("form.hold"), params=params)],
                        default=default, default_text=_say("form.default-fire"))


def gun_params(state: PiratesState, ship: shooting.Shooter) -> tuple[list[ParamSpec], dict[str, Any]]:
    """A target for each gun (and a broadside's choice), and the default: each gun at the
    first target in its reach."""
    params, default = [], {"action": "fire"}
    for k, gun in enumerate(shooting.guns_of(ship), start=1):
        burning = isinstance(ship, Ship) and k > ship.usable_guns  # a mast on fire: no shot
        reach = [] if burning else shooting.reach(state, ship, gun)
        choices = [Choice(value=t, label=_named(state, t)) for t in reach]
        choices.append(Choice(value=shooting.NO_TARGET, label=_say("form.none")))
        params.append(ParamSpec(name=f"gun{k}", label=_say("form.gun", k=k, range=gun.range, score=gun.score),
                                choices=choices, required=False))
        default[f"gun{k}"] = reach[0] if reach else shooting.NO_TARGET
    if isinstance(ship, Ship) and keywords.has(ship, BROADSIDE):
        params.append(_yes_no("salvo", "form.broadside", default_yes=False))
    if isinstance(ship, Ship) and firepot.armed(state, ship) and ship.usable_guns:
        params.append(ParamSpec(name="firepot", label=_say("form.firepot"), required=False, choices=[
            Choice(value="no", label=_say("form.no")),
            *[Choice(value=f"gun{k}", label=_say("form.firepot-gun", k=k)) for k in range(1, ship.usable_guns + 1)]]))
    return params, default


def fire_check(state: PiratesState, decision: Decision, payload: dict[str, Any],
               checking: Checking | None) -> list[Problem]:
    shooter = shooting.shooter_of(state, str(decision.subject))
    pot = check_firepot(state, shooter, payload) if isinstance(shooter, Ship) else []
    return [*pot, *_salvo_check(state, decision, payload)]


def check_firepot(state: PiratesState, ship: Ship, payload: dict[str, Any]) -> list[Problem]:
    """The firepot's gun "riducendolo a raggio 1": its target within one square."""
    k = firepot.gun_of(payload)
    if k is None:
        return []
    close = shooting.reach_at(state, ship, firepot.REACH)
    if not firepot.armed(state, ship) or k >= ship.usable_guns or payload.get(f"gun{k + 1}") not in close:
        return [P.problem("pirates-firepot", field="firepot", ship=ship_words(ship), legal=", ".join(close) or "-")]
    return []


def _salvo_check(state: PiratesState, decision: Decision, payload: dict[str, Any]) -> list[Problem]:
    """"Se il proprietario vuole effettuare una bordata, tutti i cannoni rimasti devono mirare
    al medesimo quadrato e vengono ridotti a raggio S.\""""
    if payload.get("salvo") != "yes":
        return []
    ship = state.find_ship(str(decision.subject))
    if ship is None or not keywords.has(ship, BROADSIDE):  # fear takes a broadside away too
        return [P.problem("pirates-broadside", field="salvo", ship=str(decision.subject), legal="-")]
    close = shooting.reach(state, ship, Gun(range="S", score=0))
    target = payload.get("gun1")
    if target not in close:
        return [P.problem("pirates-broadside", field="gun1", ship=ship_words(ship), legal=", ".join(close) or "-")]
    return []


def aims_of(state: PiratesState, ship: shooting.Shooter, payload: dict[str, Any]) -> list[str]:
    return [str(payload.get(f"gun{k}", shooting.NO_TARGET)) for k in range(1, len(shooting.guns_of(ship)) + 1)]


def fire_resolve(state: PiratesState, orders: dict[str, Order], roller: Roller) -> None:
    aims, broadsides, firepots = {}, set(), {}
    for decision in fire_pending(state):
        order = orders.get(decision.id)
        payload = order.payload if order is not None else fire_spec(state, decision, None, None).default or {}
        shooter = shooting.shooter_of(state, str(decision.subject))
        aims[shooter.id] = aims_of(state, shooter, payload)
        if payload.get("salvo") == "yes":
            broadsides.add(shooter.id)
        if firepot.gun_of(payload) is not None and isinstance(shooter, Ship):
            firepots[shooter.id] = firepot.gun_of(payload)
    turns.fire(state, aims, roller, broadsides, firepots)


STEPS = {
    "manoeuvre": StepHandlers(manoeuvre_pending, {"act": DecisionHandlers(manoeuvre_spec, manoeuvre_check)},
                              manoeuvre_resolve),
    "fire": StepHandlers(fire_pending, {"fire": DecisionHandlers(fire_spec, fire_check)}, fire_resolve),
}
