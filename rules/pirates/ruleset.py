"""Pirates house rules on a square grid, as a Broadside ruleset."""
from __future__ import annotations

import random
from typing import Any

from rules.core.decisions import Decision, Order
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.ruleset import FILLER, PHASE_END, REVEAL, TURN_START, Outcome, Seat, ShipEntry
from rules.core.scenarios import packaged_scenarios
from rules.core.standing import History, Standing, StandingOffer
from rules.core.steps import SteppedRuleset
from rules.pirates import standing, turns
from rules.pirates.campaign import PiratesCampaign
from rules.pirates.catalogue import ship_type
from rules.pirates.fleets import FLEETS, PiratesFleets
from rules.pirates.manifest import MANIFEST
from rules.pirates.preview import preview_move
from rules.pirates.setup import PiratesSetup, initial_state, ship_id
from rules.pirates.state import PiratesOptions, PiratesState
from rules.pirates.extra_steps import STEP as EXTRA_STEP
from rules.pirates.steps import STEPS
from rules.pirates.texts import describe
from rules.pirates.view import perturb_secrets, view

# The order of manoeuvre is told: the initiative dice decide who sails last.
_WEIGHTS = {"turn": TURN_START, "roll": FILLER, "turn_end": PHASE_END, "default": FILLER,
            "fire_phase": FILLER, "treasure_seen": REVEAL}


class PiratesRuleset(PiratesCampaign, SteppedRuleset):
    steps = {**STEPS, "extra": EXTRA_STEP}

    name = MANIFEST.name
    title = MANIFEST.title.render("en")
    options_model = PiratesOptions
    setup_model = PiratesSetup
    state_model = PiratesState

    def scenarios(self) -> dict[str, PiratesSetup]:
        return packaged_scenarios(MANIFEST.scenarios, PiratesSetup)

    def sides(self, setup: PiratesSetup) -> list[str]:
        return [f.side for f in setup.fleets]

    def ship_entries(self, setup: PiratesSetup) -> list[ShipEntry]:
        out = []
        for fleet in setup.fleets:
            for i, s in enumerate(fleet.ships):
                kind = ship_type(s.key)
                out.append(ShipEntry(id=ship_id(fleet.side, i, s), name=s.name or kind.name, side=fleet.side,
                                     points=kind.points))
        return out

    def fleets(self) -> PiratesFleets:
        return FLEETS

    def assign_ships(self, setup: PiratesSetup, picks: dict[str, str]) -> PiratesSetup:
        return setup  # a fleet is one player's: nothing to share out

    def new_game(self, setup: PiratesSetup, options: PiratesOptions, seats: list[Seat],
                 roller: Roller) -> PiratesState:
        state = initial_state(setup, options, seats)
        turns.start_turn(state, roller)
        return state

    def outcome(self, state: PiratesState) -> Outcome | None:
        if not state.over:
            return None
        scores = {k: float(v) for k, v in state.scores.items()}
        if state.winner is None:
            return Outcome.because("pirates.outcome.draw", winner=None, kind="draw", scores=scores)
        return Outcome.because("pirates.outcome.win", winner=state.winner, kind="richest", scores=scores,
                               side=state.winner, score=state.scores[state.winner])

    def losses(self, state: PiratesState) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {side: [] for side in state.sides}
        for s in state.ships:
            if s.status in ("sunk", "wreck"):
                out[s.side].append(s.name)
        return out

    def view(self, state: PiratesState, viewer: str | None) -> dict[str, Any]:
        return view(state, viewer)

    # -- fewer taps (rules/pirates/standing.py) ---------------------------------------------
    def standing_offers(self, state: PiratesState, seat: str) -> list[StandingOffer]:
        return standing.offers(state, seat)

    def moment_of(self, state: PiratesState, decision: Decision) -> str | None:
        return standing.moment_of(state, decision)

    def standing_subjects(self, state: PiratesState, decision: Decision) -> list[str]:
        return standing.subjects(state, decision)

    def standing_payload_all(self, state: PiratesState, decision: Decision, standings: list[Standing],
                             history: History) -> dict[str, Any] | None:
        return standing.payload(state, decision, standings, history)

    def repeat_payload(self, state: PiratesState, decision: Decision, history: History) -> dict[str, Any] | None:
        return standing.repeat(state, decision, history)

    def preview(self, state: PiratesState, order: Order) -> dict[str, Any] | None:
        return preview_move(state, order)

    def perturb_secrets(self, state: PiratesState, rng: random.Random) -> PiratesState:
        return perturb_secrets(state, rng)

    def describe(self, event: Event, lang: str = "en") -> str:
        return describe(event, lang)

    def event_weight(self, event: Event) -> str:
        return _WEIGHTS.get(event.kind, "action")
