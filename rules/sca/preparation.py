"""Optional rule 2 i-iii: which side of the table is north, the wind thrown, and refusing
the scenario.

"Si sorteggia il lato del tavolo che sarà considerato a nord; uno dei due giocatori tira
tre dadi ...: 10,11: il nord è il lato del tavolo alla sinistra del giocatore che ha tirato
i dadi, 4,9,12,17: il nord è sul lato del tavolo opposto ..., 5,8,13,16: il nord è alla sua
destra, 3,6,7,14,15,18: il nord è sul lato del tavolo in cui si trova il giocatore."

"Sia prima che dopo lo schieramento ognuno dei due giocatori può decidere che lo scenario
che si va delineando è troppo sfavorevole e rinunciare. La procedura viene, quindi,
ripetuta dall'inizio. L'avversario del giocatore che ha rifiutato lo scenario ha diritto ad
un bonus di +1 su ogni test del morale, nel corso della partita, fino al momento in cui una
nave, di qualunque parte, si arrende. Ciascun giocatore può rifiutare lo scenario per un
massimo di tre volte ... Se entrambi i giocatori rifiutano i bonus sono azzerati."

The map keeps its north up: the throw says where the table's north lies for the players,
so the thrown wind is turned by as much on the map (the first side's player throws, from
the map's south edge)."""
from __future__ import annotations

from typing import Any

from rules.core.decisions import ActionSpec, Decision, DecisionSpec, Order, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking
from rules.core.texts import say
from rules.sca import wind as W
from rules.sca import wording as T
from rules.sca.state import ScaState, Ship
from rules.sca.turns import wind_variation

MAX_REFUSALS = 3
# Where the table's north lies for the thrower (at the map's south edge), and the rose points
# the map turns a thrown direction by.
EDGE_TURN = {"far": 0, "right": 4, "own": 8, "left": 12}


def north_edge(total: int) -> str:
    if total in (10, 11):
        return "left"
    if total in (4, 9, 12, 17):
        return "far"
    if total in (5, 8, 13, 16):
        return "right"
    return "own"


def throw_weather(north: bool, roller: Roller) -> tuple[int, str]:
    """Optional rule 2: (north's side,) the wind's direction and strength on 3d6 each."""
    turn = 0
    if north:
        edge = north_edge(sum(roller.roll(6, "north side") for _ in range(3)))
        turn = EDGE_TURN[edge]
        roller.log.emit("north_side", edge=edge)
    wind = (W.setup_direction(sum(roller.roll(6, "wind direction") for _ in range(3))) + turn) % 16
    strength = W.setup_strength(sum(roller.roll(6, "wind strength") for _ in range(3)))
    return wind, strength


def clear_of_the_wind(ships: list[Ship], wind: int) -> None:
    """"piazzando le sue navi in una direzione, rispetto al vento, consentita"."""
    for ship in ships:
        if not ship.fixed and W.in_irons(ship.heading, wind):
            away = W.away_from_wind(ship.heading, wind)
            while W.in_irons(ship.heading, wind):
                ship.heading = (ship.heading + away) % 16


# The step "scenario": each side accepts or refuses what the throws have made.

def refusable(state: ScaState) -> bool:
    return state.options.refuse_scenario and state.options.wind_rolls


def decision_id(state: ScaState, side: str) -> str:
    return f"s{state.refusal_round}.{side}"


def pending(state: ScaState) -> list[Decision]:
    if state.step != "scenario":
        return []
    out = []
    for side in state.sides:
        seat = next((s for s in state.seats if s.side == side), None)
        if seat is not None:
            out.append(Decision(id=decision_id(state, side), kind="scenario", player=seat.id, subject=side,
                                secret=True, label=say(T.SCENARIO_DECISION, side=say(f"sca.sidename.{side}"))))
    return out


def spec(state: ScaState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    side = str(decision.subject)
    actions = [ActionSpec(action="accept", label=say(T.A_ACCEPT))]
    left = MAX_REFUSALS - state.refusals.get(side, 0)
    if left > 0:
        actions.append(ActionSpec(action="refuse", label=say(T.A_REFUSE, left=left)))
    return DecisionSpec(decision=decision, actions=actions, default={"action": "accept"},
                        default_text=say(T.A_ACCEPT))


def check(state: ScaState, decision: Decision, payload: dict[str, Any], checking: Checking | None) -> list[Problem]:
    return []


def resolve(state: ScaState, orders: dict[str, Order], roller: Roller) -> None:
    log = roller.log
    said = {side: orders[decision_id(state, side)].payload.get("action") for side in state.sides
            if decision_id(state, side) in orders}
    refused = [side for side in state.sides if said.get(side) == "refuse"]
    if not refused:
        log.emit("scenario_accepted")
        state.step = "orders"
        log.emit("turn_start", turn=1, wind=W.name(state.wind), strength=state.strength)
        return
    for side in refused:
        state.refusals[side] = state.refusals.get(side, 0) + 1
        log.emit("scenario_refused", fleet=side, n=state.refusals[side])
    # "La procedura viene, quindi, ripetuta dall'inizio": the throws again, from the deployment.
    for ship in state.ships:
        ship.heading = state.deployed.get(ship.id, ship.heading)
    state.wind, state.strength = throw_weather(state.options.north_side, roller)
    clear_of_the_wind(state.ships, state.wind)
    state.wind_potential = None
    if not state.options.card_turn:  # with the cards, the wind card throws it
        wind_variation(state, roller)
    state.refusal_round += 1
    log.emit("weather", wind=W.name(state.wind), strength=state.strength)


def morale_bonus(state: ScaState, side: str) -> int:
    """+1 on every morale test for each refusal of the other side, until a ship strikes; none
    once both sides have refused."""
    if state.bonus_void or sum(1 for n in state.refusals.values() if n) > 1:
        return 0
    return sum(n for s, n in state.refusals.items() if s != side)
