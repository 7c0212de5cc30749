"""The club's card-driven turn ("Gioco guidato dalle carte"), a house rule.

"All'inizio del turno si mescola il mazzo delle carte ... Immediatamente dopo i giocatori
assegnano gli ordini alle proprie navi e tirano i consueti d6 per stabilire il punteggio di
abilità solo che questa operazione è eseguita contemporaneamente da tutti i giocatori. ...
si scopre la prima carta del mazzo, ogni carta riporta un'azione e le navi che hanno ordini
o che sono obbligate a eseguire quell'azione la effettuano immediatamente." The cards:
wind, putting out fires, freeing the ship, sails, one "movimento e tiro" for each player,
one boarding for each fleet, the shore batteries; the morale test "viene eseguita sempre a
fine turno".

Every side writes its orders in the same step; the deck is shuffled by drawing its cards
one at a time with a die as large as what is left of it (every draw a roll and an event)."""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Order
from rules.core.dice import Roller
from rules.sca import signals
from rules.sca.fight import board_all, fire_all, morale_tests
from rules.sca.orders import commanders, decision_id, order_of
from rules.sca.part import (ability_roll, fight_fire, free_all, reload_all, run_out_all, set_sails,
                            steer_and_run, tacking_ships)
from rules.sca.sailing import can_move
from rules.sca.state import ScaState, Ship
from rules.sca.turns import wind_test
from rules.sca.wreckage import settle, work_all

FIXED_CARDS = ("wind", "extinguish", "free", "sail", "batteries")


def deck(state: ScaState, ships: list[Ship]) -> list[str]:
    """A movement-and-fire card for every player with ships to sail, a boarding card for every
    fleet: "C'è una carta movimento e tiro per ciascuna squadra"; "una carta abbordaggio per
    ciascuna flotta (non squadra)"."""
    seats = [s.id for s in state.seats if any(x.seat == s.id for x in ships + drifting(state, s.id))]
    moves = [f"move:{seat}" for seat in seats]
    if state.options.card_advanced:
        # "Regola avanzata": "inserire nel mazzo due carte movimento ... per le squadre composte
        # esclusivamente da navi con equipaggio Elite o Good".
        moves += [f"move:{seat}" for seat in seats if seasoned(ships, seat)]
    return list(FIXED_CARDS) + moves + [f"board:{side}" for side in state.sides]


def seasoned(ships: list[Ship], seat: str) -> bool:
    mine = [s for s in ships if s.seat == seat and not s.fixed]
    return bool(mine) and all(s.crew in ("elite", "good") for s in mine)


def resolve_turn(state: ScaState, orders: dict[str, Order], roller: Roller) -> None:
    log = roller.log
    ships = [s for side in state.sides for s in commanders(state, side)]
    given = {s.id: order_of(state, s, orders[decision_id(state, s)].payload if decision_id(state, s) in orders
                            else None) for s in ships}
    log.emit("cards_start", turn=state.turn)
    for ship in ships:
        log.emit("orders", ship=ship.name, **given[ship.id])
    for i, side in enumerate(state.sides):
        as_side(state, i)
        ability_roll(state, [s for s in ships if (s.owner or s.side) == side], roller)
    as_side(state, 0)
    tacking = tacking_ships(state, ships, given)
    left = deck(state, ships)
    played: set[str] = set()
    while left:
        card = left.pop(roller.roll(len(left), "card") - 1) if len(left) > 1 else left.pop()
        kind, _, who = card.partition(":")
        # "La prima carta estratta consente alle navi della squadra di eseguire l'azione
        # corrispondente, la seconda estratta non avrà nessun effetto."
        log.emit("card", card=kind, player=next((s.name for s in state.seats if s.id == who), "") if kind == "move"
                 else "", fleet=who if kind == "board" else "", spent=card in played)
        if card not in played:
            played.add(card)
            play(state, card, ships, given, tacking, roller)
    as_side(state, 0)
    if state.options.reloads:
        reload_all(ships, given, log, perfect=state.options.second_table)
    run_out_all(state, ships, given, log)
    # "A parte quest'ultima fase, che viene eseguita sempre a fine turno".
    morale_tests(state, roller)
    if state.options.signals:
        for i, side in enumerate(state.sides):
            flag = signals.flagship(state, side)
            if flag is not None and flag.id in given:
                as_side(state, i)
                signals.send(state, side, given[flag.id], roller)
        as_side(state, 0)
    settle(state, roller)
    for ship in ships:
        ship.score = None
        if ship.id not in tacking:
            ship.half_speed = False
    log.emit("cards_end", turn=state.turn)


def as_side(state: ScaState, index: int) -> None:
    """The side a card acts for: the rulebook's "giocatore di turno" (prizes, boarding, signals)."""
    state.acting = index


def play(state: ScaState, card: str, ships: list[Ship], given: dict[str, dict[str, Any]], tacking: set[str],
         roller: Roller) -> None:
    log = roller.log
    kind, _, who = card.partition(":")
    if kind == "wind":
        # "Il test è eseguito come di consueto e ogni cambiamento ha effetto a partire dalla
        # prossima fase di movimento": the wind rules in play (none: the card does nothing).
        wind_test(state, roller)
    elif kind == "extinguish":
        for ship in ships:
            fight_fire(state, ship, log)
    elif kind == "free":
        # "liberare la nave" is also the column the wreckage is cut away and jury-rigged on.
        free_all(state, ships, given, log)
        work_all(state, ships, given, log)
    elif kind == "sail":
        set_sails(ships, given, log)
    elif kind == "batteries":
        # "Tirano tutte le batterie, appartenenti ad entrambe le parti in gioco, e il tiro è
        # considerato contemporaneo."
        forts = [s for s in ships if s.fixed]
        for ship in forts:
            ship.fired = given[ship.id].get("fire", "none") != "none"
        if forts:
            fire_all(state, forts, given, roller)
    elif kind == "move":
        move_card(state, who, [s for s in ships if s.seat == who and not s.fixed], given, tacking, roller)
    elif kind == "board":
        side = state.sides.index(who)
        as_side(state, side)
        board_all(state, [s for s in ships if (s.owner or s.side) == who], given, roller)
        as_side(state, 0)


def drifting(state: ScaState, seat: str) -> list[Ship]:
    """"la nave ... continuerà sulla sua rotta senza essere governata": a lit fireship runs on
    with her player's card."""
    return [s for s in state.ships if s.fireship and s.fireship_lit and s.seat == seat
            and s.status in ("afloat", "captured") and not s.contacts]


def move_card(state: ScaState, seat: str, mine: list[Ship], given: dict[str, dict[str, Any]], tacking: set[str],
              roller: Roller) -> None:
    """"lui solo muove i propri vascelli ed eventualmente tira nel corso della manovra": the
    player's course changes, his run (fire before or after it), his lit fireships' drift."""
    side = next(s.side for s in state.seats if s.id == seat)
    as_side(state, state.sides.index(side))
    adrift = [s for s in drifting(state, seat) if s not in mine]
    steer_and_run(state, mine, given, roller, lambda: [
        s for s in mine if can_move(s) and s.id not in tacking and not (s.fireship and s.fireship_lit)] + adrift)
    as_side(state, 0)
