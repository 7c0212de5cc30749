"""Ramming ("Speronare") and boarding ("Abbordare")."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import crews as C
from rules.pirates import keywords
from rules.pirates.catalogue import DOCTOR, crew_type
from rules.pirates.damage import lose_masts
from rules.pirates.state import Loss, PiratesState, Ship
from rules.pirates.treasure import room

STUCK_TURNS = 3  # "le navi si disincastrano automaticamente dopo 3 turni"


def ram(state: PiratesState, rammer: Ship, target: Ship, roller: Roller) -> None:
    """"Lo speronante tira un dado, e se il risultato è maggiore degli alberi rimanenti alla
    nave speronata, questa perde un albero. La nave speronante rimane incastrata.\""""
    die = roller.roll(6, f"{rammer.id} rams {target.id}", ship=rammer.id)
    took = die > target.masts_left
    roller.log.emit("rammed", ship=rammer.id, target=target.id, die=die, masts=target.masts_left, hit=took)
    if not (keywords.holds_fast(rammer) and keywords.holds_fast(target)):
        # a galley "non può rimanere incastrata né far incastrare le navi che la speronano"
        roller.log.emit("galley_free", ship=rammer.id, target=target.id)
    else:
        rammer.stuck_to, rammer.stuck_turns = target.id, 0
    if state.options.both_stuck and target.stuck_to is None and keywords.holds_fast(target) \
            and keywords.holds_fast(rammer):
        target.stuck_to, target.stuck_turns = rammer.id, 0
    if took:
        lose_masts(state, target, 1, rammer.side, roller)


def opponent(state: PiratesState, ship: Ship) -> Ship | None:
    """The ship she is stuck with, either way round: "Una nave speronante o una nave
    incastrata o una nave incastrante possono abbordare"."""
    if ship.stuck_to is not None:
        return state.find_ship(ship.stuck_to)
    return next((s for s in state.ships if s.stuck_to == ship.id and s.status == "afloat"), None)


def may_board(state: PiratesState, ship: Ship) -> bool:
    other = opponent(state, ship)
    # a turtle ship with plates left "non può essere abbordata"
    return (ship.status == "afloat" and other is not None and other.status != "sunk" and other.side != ship.side
            and other.armour == 0)


def strength(state: PiratesState, ship: Ship) -> int:
    return ship.masts_left + len(C.aboard(state, ship))


def board(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """"Entrambi tirano il dado, sommano il numero di propri alberi rimasti e di pedine di
    equipaggio, e chi fa il numero più alto ruba o distrugge un tesoro o distrugge un membro
    dell'equipaggio a scelta del vincitore." A tie: nothing happens."""
    other = opponent(state, ship)
    if other is None:
        return
    dice = {}
    totals = {}
    for s in (ship, other):
        dice[s.id] = roller.roll(6, f"boarding: {s.id}", ship=s.id)
        bonus = 1 if C.use(state, s, C.BOSUN, roller) is not None else 0
        totals[s.id] = dice[s.id] + strength(state, s) + bonus
    winner = ship if totals[ship.id] > totals[other.id] else other if totals[other.id] > totals[ship.id] else None
    roller.log.emit("boarded", ship=ship.id, target=other.id, dice=[dice[ship.id], dice[other.id]],
                    totals=[totals[ship.id], totals[other.id]], winner=winner.id if winner else None)
    if winner is not None:
        spoils(state, winner, other if winner is ship else ship, roller)


def spoils(state: PiratesState, winner: Ship, loser: Ship, roller: Roller) -> None:
    """The winner's choice, made for him as a player would: steal a treasure if there is
    room aboard, else kill a crew, else throw a treasure overboard."""
    cargo = state.treasure_at(loser.id)
    crews = C.aboard(state, loser)
    if cargo and room(state, winner) > 0:
        t = roller.choice(sorted(cargo, key=lambda t: t.id), f"treasure stolen from {loser.id}")
        t.place = winner.id
        roller.log.emit("treasure_stolen", ship=winner.id, target=loser.id, treasure=t.id)
    elif crews:
        shown = [c for c in crews if c.revealed]
        crew = shown[0] if shown else roller.choice(sorted(crews, key=lambda c: c.id), f"crew attacked on {loser.id}")
        if crew_type(crew.key).ability == DOCTOR and not crew.revealed:
            # "l'assassinio non riesce e Doctor Urbano Javier viene semplicemente messo a faccia scoperta"
            crew.revealed = True
            roller.log.emit("doctor_saved", crew=crew.id, ship=loser.id)
            return
        crew.alive = False
        state.losses.append(Loss(side=crew.side, points=crew_type(crew.key).points, by=winner.side))
        roller.log.emit("crew_killed", ship=winner.id, target=loser.id, crew=crew.id, key=crew.key)
        keywords.lost(state, crew, winner.side, roller)
    elif cargo:
        t = roller.choice(sorted(cargo, key=lambda t: t.id), f"treasure thrown from {loser.id}")
        t.place = ""
        roller.log.emit("treasure_destroyed", ship=winner.id, target=loser.id, treasure=t.id)
