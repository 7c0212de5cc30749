"""Nauta (2005) and Classis, ancient and medieval galleys, as a Broadside ruleset."""
from __future__ import annotations

import random
from typing import Any

from rules.core.decisions import Decision
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.ruleset import FILLER, HEADING, PHASE_END, REVEAL, TURN_START, Outcome, Seat, ShipEntry
from rules.core.standing import History, Standing, StandingOffer
from rules.core.steps import SteppedRuleset
from rules.nauta import orders, sequence, standing
from rules.nauta.campaign import NautaCampaign
from rules.nauta.fleet_points import FLEETS, NautaFleets
from rules.nauta.manifest import MANIFEST
from rules.nauta.options import NautaOptions
from rules.nauta.placement import base_of, inside_table, on_land
from rules.nauta.ships import ship_class
from rules.nauta.setup import NautaSetup, builtin_scenarios, initial_state, unused_equipment
from rules.nauta.state import NautaState
from rules.nauta.steps import STEPS
from rules.nauta.texts import describe
from rules.nauta.view import perturb_secrets, view


def _position_problems(state: NautaState) -> list[str]:
    out = []
    ships = [s for s in state.ships if s.on_table]
    for i, ship in enumerate(ships):
        poly = base_of(ship)
        if not inside_table(state, poly):
            out.append(f"{ship.id} is not wholly on the table")
        if on_land(state, poly):
            out.append(f"{ship.id} touches the coast")
        out += [f"{ship.id} overlaps {o.id}" for o in ships[i + 1:] if poly.intersection(base_of(o)).area > 1e-9]
    return out


class NautaRuleset(NautaCampaign, SteppedRuleset):
    steps = STEPS

    name = MANIFEST.name
    title = MANIFEST.title.render("en")
    options_model = NautaOptions
    setup_model = NautaSetup
    state_model = NautaState

    def repeat_payload(self, state: NautaState, decision: Decision, history: History) -> dict[str, Any] | None:
        return orders.repeat_speeds(state, decision)

    def standing_offers(self, state: NautaState, seat: str) -> list[StandingOffer]:
        return standing.offers(state, seat)

    def moment_of(self, state: NautaState, decision: Decision) -> str | None:
        return standing.moment_of(state, decision)

    def standing_subjects(self, state: NautaState, decision: Decision) -> list[str]:
        return standing.subjects(state, decision)

    def standing_payload_all(self, state: NautaState, decision: Decision, standings: list[Standing],
                             history: History) -> dict[str, Any] | None:
        return standing.payload(state, decision, standings, history)

    def scenarios(self) -> dict[str, NautaSetup]:
        return builtin_scenarios()

    def sides(self, setup: NautaSetup) -> list[str]:
        return setup.sides

    def fleets(self) -> NautaFleets:
        return FLEETS

    def ship_entries(self, setup: NautaSetup) -> list[ShipEntry]:
        return [ShipEntry(id=s.id, name=s.name or ship_class(s.type).name, side=fleet.side, player=s.player)
                for fleet in setup.fleets for s in fleet.ships]

    def assign_ships(self, setup: NautaSetup, picks: dict[str, str]) -> NautaSetup:
        fleets = [f.model_copy(update={"ships": [s.model_copy(update={"player": picks.get(s.id, s.player)})
                                                  for s in f.ships]}) for f in setup.fleets]
        return setup.model_copy(update={"fleets": fleets})

    def new_game(self, setup: NautaSetup, options: NautaOptions, seats: list[Seat],
                 roller: Roller) -> NautaState:
        state = initial_state(setup, options, seats)
        if state.rules.deployment == "fixed":
            problems = _position_problems(state)
            if problems:
                raise ValueError("the scenario's positions break the rules: " + "; ".join(problems))
        roller.log.emit("game_start", title=setup.title, edition=state.rules.edition, ships=len(state.ships),
                        turns=state.turns_limit)
        for ship_id, key in unused_equipment(setup, state.rules):
            roller.log.emit("equipment_unused", ship=ship_id, name=state.ship(ship_id).name, equipment=key)
        sequence.start(state, roller)
        return state

    def outcome(self, state: NautaState) -> Outcome | None:
        return state.outcome

    def losses(self, state: NautaState) -> dict[str, list[str]]:
        return {side: [s.name for s in state.ships if s.side == side and s.lost] for side in state.sides}

    def view(self, state: NautaState, viewer: str | None) -> dict[str, Any]:
        return view(state, viewer)

    def perturb_secrets(self, state: NautaState, rng: random.Random) -> NautaState:
        return perturb_secrets(state, rng)

    def describe(self, event: Event, lang: str = "en") -> str:
        return describe(event, lang)

    def event_weight(self, event: Event) -> str:
        return _WEIGHTS.get(event.kind, "action")


# What the sequence of play says as it goes (every other event is action). The events
# mark no phases within a turn, so a galley turn is told as one phase.
_WEIGHTS = {
    "turn_start": TURN_START, "turn_end": PHASE_END, "formation_moves": HEADING, "speed_revealed": REVEAL,
    "speeds_written": FILLER, "holds": FILLER, "no_target": FILLER, "roll": FILLER,
    # Who moves first heads the moves; with no move it tells nothing.
    "roll_off": HEADING, "initiative": HEADING, "initiative_choice": HEADING,
}
