"""Signal Close Action — Fast Play as a :class:`SteppedRuleset`: one step, ``orders``,
asked of the acting side's ships in turn (each player's part of the turn)."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.ruleset import FILLER, HEADING, PHASE_END, REVEAL, TURN_START, Outcome, Seat, ShipEntry
from rules.core.scenarios import packaged_scenarios
from rules.core.steps import DecisionHandlers, StepHandlers, SteppedRuleset
from rules.sca import fleet as F
from rules.sca import fleet_morale
from rules.sca import orders as O
from rules.sca import preparation as P
from rules.sca import wind as W
from rules.sca.campaign import ScaCampaign
from rules.sca.describe import describe
from rules.sca.fleets import FLEETS, ScaFleets
from rules.sca.manifest import MANIFEST
from rules.sca.sequence import resolve_part
from rules.sca import navigation as N
from rules.sca.state import ScaOptions, ScaSetup, ScaState, Ship
from rules.sca.cards import resolve_turn
from rules.sca.turns import check_start_over, end_part, end_turn, wind_variation
from rules.sca.view import view as sca_view


def _resolve(state: ScaState, orders, roller: Roller) -> None:
    tests_before = {s.id: s.morale_tests for s in state.ships}
    if state.options.card_turn:
        resolve_turn(state, orders, roller)
    else:
        resolve_part(state, orders, roller)
    if state.options.fleet_morale:
        fleet_morale.update(state, tests_before, roller)
    check_start_over(state, roller)
    if state.step == "over":
        return
    if state.options.card_turn:
        end_turn(state, roller)
    else:
        end_part(state, roller)


def make_ship(setup_ship, seat: str) -> Ship:
    t = F.ship_type(setup_ship.type)
    masts = setup_ship.masts if setup_ship.masts is not None else t.masts
    length, width = F.base_of(t)
    return Ship(id=setup_ship.id, name=setup_ship.name, side=setup_ship.side, seat=seat, type=t.key, rate=t.rate,
                crew=setup_ship.crew, decks=t.decks, masts=masts, fixed=t.fixed, fireship=setup_ship.fireship,
                flagship=setup_ship.flagship,
                length=length, width=width, bf=t.bf, dc=F.dc_value(t, setup_ship.crew), x=setup_ship.x,
                y=setup_ship.y, heading=setup_ship.heading % 16, sail="furled" if t.fixed else setup_ship.sail,
                hull=F.hull_dcs(t.bf), rigging=F.rigging_dcs(masts) if masts else 0,
                hull_lost={"starboard": 0, "port": 0, **setup_ship.hull_lost}, rigging_lost=setup_ship.rigging_lost)


class ScaRuleset(ScaCampaign, SteppedRuleset):
    name = "sca"
    title = "Signal Close Action — Fast Play (age of sail)"
    options_model = ScaOptions
    setup_model = ScaSetup
    state_model = ScaState
    steps = {"orders": StepHandlers(O.pending, {"orders": DecisionHandlers(O.spec, O.check)}, _resolve),
             "scenario": StepHandlers(P.pending, {"scenario": DecisionHandlers(P.spec, P.check)}, P.resolve)}

    def scenarios(self) -> dict[str, BaseModel]:
        return packaged_scenarios(MANIFEST.scenarios, ScaSetup)

    def sides(self, setup: ScaSetup) -> list[str]:
        return list(setup.sides)

    def fleets(self) -> ScaFleets:
        return FLEETS

    def ship_entries(self, setup: ScaSetup) -> list[ShipEntry]:
        return [ShipEntry(id=s.id, name=s.name, side=s.side, player=s.player,
                          points=F.cost(F.ship_type(s.type), s.crew)) for s in setup.ships]

    def assign_ships(self, setup: ScaSetup, picks: dict[str, str]) -> ScaSetup:
        ships = [s.model_copy(update={"player": picks.get(s.id, s.player)}) for s in setup.ships]
        return setup.model_copy(update={"ships": ships})

    def new_game(self, setup: ScaSetup, options: BaseModel, seats: list[Seat], roller: Roller) -> ScaState:
        assert isinstance(options, ScaOptions)
        by_side: dict[str, list[Seat]] = {}
        for seat in seats:
            by_side.setdefault(seat.side, []).append(seat)
        ships, dealt = [], {side: 0 for side in setup.sides}
        for s in setup.ships:
            mine = by_side[s.side]
            seat = s.player if s.player in {x.id for x in mine} else mine[dealt[s.side] % len(mine)].id
            dealt[s.side] += 1
            ships.append(make_ship(s, seat))
        if options.navigation:
            for ship in ships:
                ship.canvas = N.FROM_GRADE[ship.sail]
        for side in setup.sides:
            mine = [x for x in ships if x.side == side and not x.fixed]
            if mine and not any(x.flagship for x in mine):
                mine[0].flagship = True
        strength = setup.strength
        deployed = {s.id: s.heading for s in ships}
        if options.wind_rolls:
            wind, strength = P.throw_weather(options.north_side, roller)
            P.clear_of_the_wind(ships, wind)
        elif setup.wind is None:
            total = sum(roller.roll(6, "wind direction") for _ in range(3))
            wind = W.random_wind(total)
        else:
            wind = setup.wind % 16
        state = ScaState(seats=seats, sides=list(setup.sides), title=setup.title,
                         scenario=setup.name, options=options, table=setup.table, wind=wind,
                         strength=strength, turns=setup.turns, ships=ships)
        if P.refusable(state):
            state.step, state.deployed = "scenario", deployed
        if options.fleet_morale:
            state.fleet_morale = fleet_morale.initial(state)
        if options.wind_rolls and not options.card_turn:
            wind_variation(state, roller)
        if state.step == "scenario":
            roller.log.emit("weather", wind=W.name(wind), strength=state.strength)
        else:
            roller.log.emit("turn_start", turn=1, wind=W.name(wind), strength=state.strength)
        return state

    def outcome(self, state: ScaState) -> Outcome | None:
        if state.step != "over":
            return None
        code = ("sca.outcome.morale" if state.broken and state.winner else "sca.outcome.win" if state.winner
                else "sca.outcome.draw")
        kind = "fleet-morale" if state.broken else "points" if state.winner else "draw"
        return Outcome.because(code, winner=state.winner, kind=kind,
                               scores=dict(state.scores), **({"side": state.winner} if state.winner else {}))

    def losses(self, state: ScaState) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {side: [] for side in state.sides}
        for s in state.ships:
            if s.status != "afloat":
                out[s.side].append(s.name)
        return out

    def view(self, state: ScaState, viewer: str | None) -> dict[str, Any]:
        return sca_view(state, viewer)

    def perturb_secrets(self, state: ScaState, rng: random.Random) -> ScaState:
        return state  # nothing in the state is secret: the orders are, until their part resolves

    def describe(self, event: Event, lang: str = "en") -> str:
        return describe(event, lang)

    def event_weight(self, event: Event) -> str:
        return _WEIGHTS.get(event.kind, "action")


_WEIGHTS = {"turn_start": TURN_START, "part_start": HEADING, "orders": REVEAL, "ability": FILLER, "roll": FILLER,
            "no_target": FILLER, "wind_roll": FILLER, "part_end": PHASE_END,
            # The card-driven turn is one step: its start heads it, its end closes it.
            "cards_start": HEADING, "cards_end": PHASE_END, "segment": FILLER}
