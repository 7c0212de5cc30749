"""The sequence of play (3.0): a turn's speeds and initiative, then each ship's own
phase in the initiative's order — movement, fire, boarding — and the turn's end.

Steps of ``state.step``: ``wind`` and ``shift`` (the set-up's wind, 2.1), ``speeds``
(the hidden markers, 3.2.1), ``move`` and ``fire`` (the active ship's phase), ``over``.
Whatever needs nobody's choice (a dismasted ship's drift, a ship lying head to wind,
the leak's roll) is played out here between decisions.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.core.tables.hexmap import ahead, distance, turn
from rules.hoo import damage, shoals
from rules.hoo.initiative import SINGLY, Tiebreaks, initiative
from rules.hoo.movement import courses
from rules.hoo.ships import card
from rules.hoo.state import HooState, Ship
from rules.hoo.targets import fire_options
from rules.hoo.wind import into_the_wind

LEAK_PLUGGED = 6


def speed_choices(ship: Ship) -> list[int]:
    """The markers a ship may set (3.2.1): one PM more, up to her sails, or one or two less."""
    now = min(ship.speed, ship.max_speed)
    return list(range(max(0, now - 2), min(ship.max_speed, now + 1) + 1))


def sets_speed(ship: Ship) -> bool:
    return ship.fighting and not ship.grappled and not ship.dismasted and not ship.aground


def new_turn(state: HooState, roller: Roller) -> None:
    roller.log.emit("turn_start", turn=state.turn, wind=state.wind)
    for ship in state.ships:
        ship.marker, ship.revealed = None, False
    state.order, state.active, state.tiebreaks = [], 0, 0
    if any(sets_speed(s) for s in state.ships) or numbering_sides(state):
        state.step = "speeds"
    else:
        roll_initiative(state, roller)


def numbered(state: HooState, side: str) -> list[str]:
    """A side's ships able to act, in the numbers it gave them (3.1.1); ships it has not
    numbered yet (the first turn, a prize just taken) follow in the fleet's order."""
    fighting = [s.id for s in state.ships if s.side == side and s.fighting]
    kept = [i for i in state.numbers.get(side, []) if i in fighting]
    return kept + [i for i in fighting if i not in kept]


def numbering_sides(state: HooState) -> list[str]:
    """The sides that number their ships this turn (3.1.1: "Se i giocatori dispongono in
    totale di più di 4 navi, all'inizio di ogni turno ogni giocatore assegna alle sue navi
    un indicatore numerico"): with more than four ships in play, each side with two or more."""
    counts = {side: len(numbered(state, side)) for side in state.sides}
    if sum(counts.values()) <= SINGLY:
        return []
    return [side for side in state.sides if counts[side] >= 2]


def roll_initiative(state: HooState, roller: Roller) -> None:
    sides = {side: numbered(state, side) for side in state.sides}
    in_play = sum(len(ids) for ids in sides.values())

    def shift(before: int, after: int, total: int) -> None:
        state.wind = after
        roller.log.emit("wind_change", before=before, after=after, total=total,
                        way="clockwise" if after == turn(before, 1) else "anticlockwise")

    ties = Tiebreaks(in_play, state.wind, shift)
    order, first = initiative(sides, roller, ties)
    state.order, state.active, state.tiebreaks = order, 0, ties.count
    roller.log.emit("initiative", order=order, names=[state.ship(i).name for i in order], rolls=first,
                    tiebreaks=ties.count)
    begin(state, roller)


def begin(state: HooState, roller: Roller) -> None:
    """Open the phase of the next ship able to act; play out what needs no choice."""
    while state.active < len(state.order):
        ship = state.ship(state.order[state.active])
        state.moved_turned = state.fired = state.boarded = state.cast_off = False
        if not ship.fighting:
            state.active += 1
            continue
        if ship.marker is not None:
            ship.speed = min(ship.marker, ship.max_speed)
            ship.marker, ship.revealed = None, True
            roller.log.emit("speed_revealed", ship=ship.id, name=ship.name, speed=ship.speed)
        if ship.aground:
            shoals.try_float_off(ship, roller)
        if needs_move_order(state, ship):
            state.step = "move"
            return
        _move_alone(state, ship, roller)
        after_move(state, roller)
        return
    end_turn(state, roller)


def needs_move_order(state: HooState, ship: Ship) -> bool:
    if ship.grappled:
        return True
    if ship.dismasted or ship.irons_turn == state.turn or ship.aground:
        return False
    if boarding_targets(state, ship):
        return True
    return set(move_courses(state, ship)) != {""}


def move_courses(state: HooState, ship: Ship) -> dict:
    taken = state.occupied(exclude=ship.id)
    return courses(ship.at, ship.facing, state.wind, ship.speed, ship.kind == "fregata", taken.__contains__,
                   can_turn=ship.no_turn_turn != state.turn)


def boarding_targets(state: HooState, ship: Ship) -> list[Ship]:
    """Enemies alongside she may try to grapple (3.5): not already grappled."""
    if ship.grappled or state.cast_off or ship.taken_from:
        return []
    return [e for e in state.enemies(ship) if e.combatant and not e.grappled and distance(e.at, ship.at) == 1]


def _move_alone(state: HooState, ship: Ship, roller: Roller) -> None:
    if ship.dismasted and not ship.aground:
        way = into_the_wind(ship.facing, state.wind)
        if way:
            ship.facing = turn(ship.facing, way)
            roller.log.emit("drift_turn", ship=ship.id, name=ship.name, facing=ship.facing)
        else:
            astern = ahead(ship.at, ship.facing, -1)
            if astern in state.occupied(exclude=ship.id):
                roller.log.emit("drift_blocked", ship=ship.id, name=ship.name)
            else:
                ship.q, ship.r = astern.q, astern.r
                roller.log.emit("drift", ship=ship.id, name=ship.name, q=ship.q, r=ship.r)
    elif ship.aground:
        roller.log.emit("stays_aground", ship=ship.id, name=ship.name)
    elif ship.irons_turn == state.turn:
        roller.log.emit("lies_in_irons", ship=ship.id, name=ship.name)
    else:
        roller.log.emit("no_move", ship=ship.id, name=ship.name, speed=ship.speed)


def after_move(state: HooState, roller: Roller) -> None:
    ship = state.active_ship_any()
    if ship is not None and ship.fighting and fire_options(state, ship).any:
        state.step = "fire"
        return
    finish(state, roller)


def finish(state: HooState, roller: Roller) -> None:
    """Close the active ship's phase: her leak's roll, then the next ship."""
    ship = state.ship(state.order[state.active])
    if ship.fighting and ship.leak:
        die = roller.roll(6, f"leak of {ship.id}", ship=ship.id)
        total = die + (not state.moved_turned) + (not state.fired)
        plugged = total >= LEAK_PLUGGED
        roller.log.emit("leak", ship=ship.id, name=ship.name, die=die, total=total, plugged=plugged)
        if plugged:
            ship.leak = False
        else:
            damage.strike_home(state, ship, {"hull": 1}, roller, criticals=False, cause="leak")
    prizes_away(state, roller)
    # Each ship's phase is a phase of its own (3.0 "Fase dei giocatori"): the next ship's
    # captain sees it told, with its map, before deciding.
    roller.log.emit("phase_over", ship=ship.id, name=ship.name)
    if check_end(state, roller, end_of_turn=False):
        return
    state.active += 1
    begin(state, roller)


def end_turn(state: HooState, roller: Roller) -> None:
    if check_end(state, roller, end_of_turn=True):
        return
    state.turn += 1
    new_turn(state, roller)


def prizes_away(state: HooState, roller: Roller) -> None:
    """3.6.1: "Nel momento in cui si trova fuori dal raggio di tiro dei cannoni nemici, viene
    rimossa dal gioco": a prize no enemy broadside could reach (at any bearing) is taken away."""
    for prize in state.ships:
        if not (prize.fighting and prize.taken_from):
            continue
        if not any(e.combatant and e.side != prize.side and 0 < e.guns and distance(e.at, prize.at) <= e.guns
                   for e in state.ships):
            prize.status = "captured"
            prize.grappled = None
            roller.log.emit("prize_away", ship=prize.id, name=prize.name)


def scores(state: HooState) -> dict[str, int]:
    """Victory points (5.0): each enemy ship's crossed-out boxes, plus her points if she
    sank, twice her points if taken."""
    out = {side: 0 for side in state.sides}
    for ship in state.ships:
        for side in state.sides:
            if side == ship.owner:
                continue
            out[side] += ship.damage_value()
            if ship.status == "sunk":
                out[side] += card(ship.card).points
            elif ship.status == "captured":
                out[side] += 2 * card(ship.card).points
    return out


def check_end(state: HooState, roller: Roller, end_of_turn: bool) -> bool:
    beaten = [side for side in state.sides if not any(s.combatant and s.side == side for s in state.ships)]
    why = ""
    if beaten:
        why = "beaten"
    elif end_of_turn and _fled(state):
        why = "fled"
    elif end_of_turn and state.turn >= state.turns_limit:
        why = "turns"
    if not why:
        return False
    state.scores = scores(state)
    best = max(state.scores.values())
    leaders = [side for side, n in state.scores.items() if n == best]
    state.winner = leaders[0] if len(leaders) == 1 else None
    state.over_reason = why
    state.step = "over"
    roller.log.emit("game_over", winner=state.winner, why=why, scores=dict(state.scores))
    return True


def _fled(state: HooState) -> bool:
    """One side's fighting ships all farther than the flight distance from every enemy."""
    fighting = [s for s in state.ships if s.combatant]
    for side in state.sides:
        ours = [s for s in fighting if s.side == side]
        theirs = [s for s in fighting if s.side != side]
        if ours and theirs and all(distance(a.at, b.at) > state.flight_distance for a in ours for b in theirs):
            return True
    return False
