"""Cannoni in batteria! as a Broadside ruleset plugin."""
from __future__ import annotations

import random
from typing import Any

from rules.cannoni import sequence, standing
from rules.cannoni.campaign import CannoniCampaign
from rules.cannoni.fire import FireCheck
from rules.cannoni.fleets import FLEETS, CannoniFleets
from rules.cannoni.forts import all_batteries
from rules.cannoni.manifest import MANIFEST
from rules.cannoni.options import CannoniOptions
from rules.cannoni.setup import CannoniSetup, builtin_scenarios, initial_state
from rules.cannoni.state import CannoniState
from rules.cannoni.steps import STEPS
from rules.cannoni.texts import describe
from rules.cannoni.preview import preview_move
from rules.cannoni.victory import lost_ships
from rules.cannoni.view import perturb_secrets, view
from rules.core.decisions import Decision, Order, Problem
from rules.core.dice import Roller
from rules.core.tables.compass import compass
from rules.core.events import Event
from rules.core.standing import History, Standing, StandingOffer
from rules.core.ruleset import FILLER, HEADING, PHASE_END, REVEAL, TURN_START, Outcome, Seat, ShipEntry
from rules.core.steps import SteppedRuleset


# What the sequence of play says as it goes (every other event is action).
_WEIGHTS = {
    "turn_start": TURN_START, "phase_end": PHASE_END, "phase_start": HEADING, "activation": REVEAL,
    "phase_empty": FILLER, "chits_placed": FILLER, "no_action": FILLER, "wind_steady": FILLER, "roll": FILLER,
}


class CannoniRuleset(CannoniCampaign, SteppedRuleset):
    steps = STEPS

    name = MANIFEST.name
    title = MANIFEST.title.render("en")
    options_model = CannoniOptions
    setup_model = CannoniSetup
    state_model = CannoniState

    def scenarios(self) -> dict[str, CannoniSetup]:
        return builtin_scenarios()

    def sides(self, setup: CannoniSetup) -> list[str]:
        return list(setup.sides)

    def fleets(self) -> CannoniFleets:
        return FLEETS

    def ship_entries(self, setup: CannoniSetup) -> list[ShipEntry]:
        return [ShipEntry(id=s.id, name=s.logbook().name, side=s.side, points=float(s.logbook().value),
                          player=s.player) for s in setup.ships]

    def assign_ships(self, setup: CannoniSetup, picks: dict[str, str]) -> CannoniSetup:
        ships = [s.model_copy(update={"player": picks.get(s.id, s.player)}) for s in setup.ships]
        return setup.model_copy(update={"ships": ships})

    def new_game(self, setup: CannoniSetup, options: CannoniOptions, seats: list[Seat],
                 roller: Roller) -> CannoniState:
        state = initial_state(setup, options, seats)
        # "Solo nella prima fase del primo turno ... si sorteggia": one draw fixes
        # the order among equal chits until the chits themselves break ties.
        state.initiative = roller.shuffle([s.id for s in state.ships] + [b.id for b in all_batteries(state)],
                                          "initiative draw")
        sequence.initial_wind(state, roller, setup.wind)
        roller.log.emit("game_start", title=setup.title, ships=len(state.ships), turns=state.turns_limit,
                        wind=state.wind, wind_name=compass(state.wind_degrees()) if state.step != "wind_choice" else "?")
        if state.step != "wind_choice":
            sequence.begin_turn(state, roller)
        return state

    def new_checking(self, state: CannoniState, payload: dict[str, Any]) -> FireCheck:
        side = payload.get("side") if payload.get("action") == "fire" else None
        return FireCheck(state, side if isinstance(side, str) else None)

    def accept_checked(self, state: CannoniState, decision: Decision, order: Order, payload: dict[str, Any],
                       checking: FireCheck) -> tuple[Order | None, list[Problem]]:
        accepted, problems = super().accept_checked(state, decision, order, payload, checking)
        if problems and checking.side is not None:
            # Checked against its own broadside's part of the form: whatever was wrong,
            # list every legal choice, checked again with the full form.
            return super().accept_checked(state, decision, order, payload, FireCheck(state))
        return accepted, problems

    def standing_offers(self, state: CannoniState, seat: str) -> list[StandingOffer]:
        return standing.offers(state, seat)

    def moment_of(self, state: CannoniState, decision: Decision) -> str | None:
        return standing.moment_of(state, decision)

    def standing_payload(self, state: CannoniState, decision: Decision, order: Standing,
                         history: History) -> dict[str, Any] | None:
        return standing.payload(state, decision, order, history)

    def repeat_payload(self, state: CannoniState, decision: Decision, history: History) -> dict[str, Any] | None:
        return standing.repeat(state, decision, history)

    def preview(self, state: CannoniState, order: Order) -> dict[str, Any] | None:
        return preview_move(state, order)

    def outcome(self, state: CannoniState) -> Outcome | None:
        return state.outcome

    def losses(self, state: CannoniState) -> dict[str, list[str]]:
        return lost_ships(state)

    def view(self, state: CannoniState, viewer: str | None) -> dict[str, Any]:
        return view(state, viewer)

    def perturb_secrets(self, state: CannoniState, rng: random.Random) -> CannoniState:
        return perturb_secrets(state, rng)

    def describe(self, event: Event, lang: str = "en") -> str:
        return describe(event, lang)

    def event_weight(self, event: Event) -> str:
        return _WEIGHTS.get(event.kind, "action")
