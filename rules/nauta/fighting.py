"""Fighting aboard (§14), surrender and capture (§15), and the admiral's part in them
(§16, optional rule 18 l / Classis 25).

Three assaults a turn. In each, every ship in a fight throws one die + its soldiers
(+1 admiral; medieval +2 for the rowers who joined in) and uses that one total
against every enemy it is grappled with; each pair compares totals and the higher
kills one enemy unit. A ship inflicts losses on only one ship: in Nauta one "per
turn", in Classis one "per assault" — it strikes the beaten enemy with the fewest
soldiers left (the text leaves the choice open; the nearest to surrender is taken).
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.nauta.placement import base_of
from rules.nauta.state import NautaState, Ship
from rules.nauta.wrecks import capture, kill_admiral

ASSAULTS = 3
SAVING_REACH = 4.0  # segments


def groups(state: NautaState) -> list[list[str]]:
    """Ships grappled together, each group a connected fight, in table order."""
    order = {s.id: i for i, s in enumerate(state.ships)}
    seen: set[str] = set()
    out = []
    for ship in state.ships:
        if ship.id in seen or not state.engaged(ship.id):
            continue
        group, frontier = {ship.id}, [ship.id]
        while frontier:
            for other in state.enemies_engaged(frontier.pop()):
                if other not in group:
                    group.add(other)
                    frontier.append(other)
        seen |= group
        out.append(sorted(group, key=order.__getitem__))
    return out


def _base_total(state: NautaState, ship: Ship, die: int, first: bool) -> tuple[int, list[tuple[str, int]]]:
    mods = [("soldiers", ship.soldiers)]
    if ship.admiral:
        mods.append(("admiral", 1))
    if first and ship.has("towers"):
        mods.append(("archer towers", 1))
    if state.rules.medieval:
        mods.append(("rowers", 2))
    return die + sum(v for _, v in mods), mods


def fight(state: NautaState, roller: Roller) -> None:
    """The fighting aboard phase: every fight, three assaults, then surrender tests."""
    fought: list[str] = []
    for group in groups(state):
        fought += group
        _surrender_empty(state, roller, group, {})
        for n in range(1, ASSAULTS + 1):
            if not any(state.engaged(s) for s in group):
                break
            _assault(state, roller, group, n)
    for ship_id in fought:
        _surrender_test(state, roller, state.ship(ship_id))
    _save_admirals(state, roller)


def _assault(state: NautaState, roller: Roller, group: list[str], n: int) -> None:
    ships = [state.ship(s) for s in group if state.engaged(s)]
    totals = {}
    for ship in ships:
        die = roller.roll(6, "fighting aboard", ship=ship.id)
        totals[ship.id], mods = _base_total(state, ship, die, n == 1)
        roller.log.emit("assault_roll", ship=ship.id, name=ship.name, assault=n, roll=die, mods=mods,
                        total=totals[ship.id])
    beaten: dict[str, list[tuple[str, int]]] = {s.id: [] for s in ships}
    for ship in ships:
        for enemy_id in state.enemies_engaged(ship.id):
            mine, theirs = _pair_totals(state, ship, state.ship(enemy_id), totals, n)
            if mine > theirs:
                beaten[ship.id].append((enemy_id, mine - theirs))
    losses: dict[str, list[str]] = {}
    for ship in ships:
        target = _strike(state, ship, beaten[ship.id])
        if target is not None:
            losses.setdefault(target, []).append(ship.id)
    _apply_losses(state, roller, losses, n)


def _pair_totals(state: NautaState, a: Ship, b: Ship, totals: dict[str, int], n: int) -> tuple[int, int]:
    """Totals of a against b: a cataphract ship takes 1 off its enemy's first roll."""
    ta, tb = totals[a.id], totals[b.id]
    if n == 1 and b.has("cataphract"):
        ta -= 1
    if n == 1 and a.has("cataphract"):
        tb -= 1
    return ta, tb


def _strike(state: NautaState, ship: Ship, beaten: list[tuple[str, int]]) -> str | None:
    if not beaten:
        return None
    if not state.rules.classis and ship.strikes is not None:
        # Nauta: "It is possible to inflict casualties to only one ship per turn."
        return ship.strikes if ship.strikes in (b for b, _ in beaten) else None
    target = min(beaten, key=lambda b: (state.ship(b[0]).soldiers, -b[1]))[0]
    ship.strikes = target
    return target


def _apply_losses(state: NautaState, roller: Roller, losses: dict[str, list[str]], n: int) -> None:
    for target_id, by in losses.items():
        target = state.ship(target_id)
        lost = min(len(by), target.soldiers)
        target.soldiers -= lost
        roller.log.emit("soldiers_lost", ship=target.id, name=target.name, lost=lost,
                        left=target.soldiers, assault=n, by=by)
        if target.admiral and lost:
            # "Every time that it receives losses ... roll a die: with a 6 the Admiral is killed"
            if roller.roll(6, "admiral's fate", ship=target.id) == 6:
                kill_admiral(state, roller, target)
    _surrender_empty(state, roller, list(losses), losses)


def _surrender_empty(state: NautaState, roller: Roller, ship_ids: list[str], losses: dict[str, list[str]]) -> None:
    """"A ship with no soldiers automatically surrenders" to the enemy that struck last."""
    for ship_id in ship_ids:
        ship = state.ship(ship_id)
        if ship.afloat and state.engaged(ship.id) and ship.soldiers <= 0:
            roller.log.emit("surrenders", ship=ship.id, name=ship.name, why="no soldiers")
            capture(state, roller, ship, _captor(state, ship, losses.get(ship.id, [])))


def _captor(state: NautaState, ship: Ship, strikers: list[str]) -> Ship:
    enemies = state.enemies_engaged(ship.id)
    pick = next((s for s in strikers if s in enemies), None) or max(
        enemies, key=lambda e: (state.ship(e).soldiers, -enemies.index(e)))
    return state.ship(pick)


def over_half(state: NautaState, ship: Ship) -> bool:
    """Nauta: "when losses to soldiers are over 50%"; Classis: "raggiungono il 50%"."""
    lost = ship.soldiers_start - ship.soldiers
    if ship.soldiers_start <= 0 or lost <= 0:
        return False
    return 2 * lost >= ship.soldiers_start if state.rules.classis else 2 * lost > ship.soldiers_start


def _surrender_test(state: NautaState, roller: Roller, ship: Ship) -> None:
    if not (ship.afloat and state.engaged(ship.id)) or ship.surrender_tested or not over_half(state, ship):
        return
    ship.surrender_tested = True  # else "it continues fighting to the last man"
    die = roller.roll(6, "surrender test", ship=ship.id)
    total = die + (1 if ship.admiral else 0)
    surrenders = total <= 2
    roller.log.emit("surrender_test", ship=ship.id, name=ship.name, roll=die, total=total,
                    admiral=ship.admiral, surrenders=surrenders)
    if surrenders:
        roller.log.emit("surrenders", ship=ship.id, name=ship.name, why="losses")
        capture(state, roller, ship, _captor(state, ship, []))


def _save_admirals(state: NautaState, roller: Roller) -> None:
    """Optional: an admiral whose ship was taken this turn may escape (5-6) to a
    friendly ship within 4 segments — the nearest — once a game."""
    if not state.rules.saving_admiral:
        return
    for fleet in state.fleets:
        flagship = state.ship(fleet.admiral_ship) if fleet.admiral_ship else None
        if (fleet.admiral_fate != "captured" or fleet.admiral_saved or flagship is None
                or flagship.status != "captured" or flagship.remove_after != state.turn + 1):
            continue
        prize = base_of(flagship)
        near = [(prize.distance(base_of(s)), i, s) for i, s in enumerate(state.ships)
                if s.afloat and s.side == fleet.side and prize.distance(base_of(s)) <= SAVING_REACH + 1e-9]
        if not near:
            continue
        fleet.admiral_saved = True  # "This saving roll can be done only one time"
        die = roller.roll(6, "saving the admiral", ship=flagship.id)
        if die < 5:
            roller.log.emit("admiral_escape", side=fleet.side, success=False, roll=die)
            continue
        refuge = min(near, key=lambda t: (t[0], t[1]))[2]
        refuge.admiral = True
        fleet.admiral_ship, fleet.admiral_fate = refuge.id, "aboard"
        roller.log.emit("admiral_escape", side=fleet.side, success=True, roll=die, ship=refuge.id,
                        name=refuge.name)
