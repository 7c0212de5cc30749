"""Cannoni in batteria! as a Broadside ruleset plugin."""
from __future__ import annotations

import random
from typing import Any

from rules.cannoni import actions, batteries, boarding, fire, sequence, squadrons
from rules.cannoni.forts import all_batteries, battery
from rules.cannoni.manifest import MANIFEST
from rules.cannoni.options import CannoniOptions
from rules.cannoni.setup import CannoniSetup, builtin_scenarios, initial_state
from rules.cannoni.state import CannoniState
from rules.cannoni.texts import compass, describe
from rules.cannoni.preview import preview_move
from rules.cannoni.view import perturb_secrets, view
from rules.core.copying import clone_model
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, Order, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.ruleset import Outcome, Ruleset, Seat, ShipEntry


class CannoniRuleset(Ruleset):
    name = MANIFEST.name
    title = MANIFEST.title.en
    options_model = CannoniOptions
    setup_model = CannoniSetup
    state_model = CannoniState

    def scenarios(self) -> dict[str, CannoniSetup]:
        return builtin_scenarios()

    def sides(self, setup: CannoniSetup) -> list[str]:
        return list(setup.sides)

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

    def pending(self, state: CannoniState) -> list[Decision]:
        return sequence.pending(state)

    def spec(self, state: CannoniState, decision: Decision, only: str | None = None) -> DecisionSpec:
        if decision.kind == "wind":
            return DecisionSpec(decision=decision, actions=[ActionSpec(action="wind", label="wind from", params=[
                ParamSpec(name="direction", label="the wind blows from",
                          choices=[Choice(value=i, label=compass(i * 22.5)) for i in range(16)])])],
                default={"action": "wind", "direction": 0}, default_text="from the north")
        if decision.kind == "fire_damage":
            ship = state.ship(decision.subject or "")
            masts = [m.name for m in ship.masts if not m.down] or [m.name for m in ship.masts]
            default = sequence.fire_damage_default(ship)
            return DecisionSpec(decision=decision, actions=[ActionSpec(action="allocate", label="fire damage", params=[
                ParamSpec(name="side", label="hull side", choices=[Choice(value=s, label=s) for s in ("starboard", "port")]),
                ParamSpec(name="mast", label="mast", choices=[Choice(value=m, label=m) for m in masts]),
            ])], default=default, default_text=f"{default['side']} hull, {default['mast']} mast")
        if decision.kind == "chits":
            units = [u for u in sequence.chit_units(state)
                     if u.player == decision.player and u.ships[0].chit is None]
            params = []
            for unit in units:
                params.append(ParamSpec(name=unit.id, label=unit.name, choices=[
                    Choice(value=c, label=str(c)) for c in unit.ships[0].chits_available()]))
                if unit.squadron:
                    params.append(ParamSpec(name=f"{unit.id}.formation", label=f"{unit.name}: formation",
                                            required=False, choices=[
                                                Choice(value="keep", label="keep the line"),
                                                Choice(value="break", label="break formation for good")]))
            return DecisionSpec(decision=decision, actions=[ActionSpec(action="chits", label="place chits",
                                                                       params=params)],
                                default_text="a random available chit for each ship")
        if decision.kind == "boarding":
            ships = dict(boarding.party_decisions(state)).get(decision.player, [])
            params = [boarding.party_param(state, state.ship(sid)) for sid in ships]
            return DecisionSpec(decision=decision, actions=[ActionSpec(action="parties", label="boarding parties",
                                                                       params=params)],
                                default_text="every section in defence, all but one in attack")
        if decision.kind == "squadron_action":
            sq = next(sq for sq in state.squadrons if sq.id == decision.subject)
            default = squadrons.default_payload(state, sq)
            return DecisionSpec(decision=decision, actions=squadrons.squadron_specs(state, sq, only),
                                default=default, default_text=sequence.describe_payload(default))
        if decision.kind == "battery_action":
            return DecisionSpec(decision=decision, default={"action": batteries.PASS}, default_text="no action",
                                actions=batteries.action_specs(state, battery(state, decision.subject or ""), only))
        ship = state.ship(decision.subject or "")
        if only is not None:
            # Only checking an order: the published default is not looked at.
            return DecisionSpec(decision=decision, actions=actions.action_specs(state, ship, only))
        default = actions.default_action(state, ship)
        return DecisionSpec(decision=decision, actions=actions.action_specs(state, ship, only), default=default,
                            default_text=sequence.describe_payload(default))

    def accept(self, state: CannoniState, order: Order,
               pending: list[Decision] | None = None) -> tuple[Order | None, list[Problem]]:
        payload = order.payload if isinstance(order.payload, dict) else {}
        side = payload.get("side") if payload.get("action") == "fire" else None
        with fire.checking(side if isinstance(side, str) else None):
            accepted, problems = super().accept(state, order, pending)
        if problems and side is not None:
            # Whatever was wrong, list every legal choice: check again with the full form.
            with fire.checking():
                return super().accept(state, order, pending)
        return accepted, problems

    def check(self, state: CannoniState, decision: Decision, payload: dict[str, Any]) -> list[Problem]:
        if decision.kind == "action":
            return actions.check_action(state, state.ship(decision.subject or ""), payload)
        if decision.kind == "squadron_action":
            sq = next(sq for sq in state.squadrons if sq.id == decision.subject)
            return squadrons.check(state, sq, payload)
        if decision.kind == "battery_action":
            return batteries.check(state, battery(state, decision.subject or ""), payload)
        return []

    def resolve(self, state: CannoniState, orders: list[Order], roller: Roller) -> CannoniState:
        state = clone_model(state)
        by_id = {o.decision: o for o in orders}
        if state.step == "wind_choice":
            payload = by_id["wind"].payload if "wind" in by_id else {"direction": 0}
            sequence.set_wind(state, roller, int(payload["direction"]))
            state.wind_chooser = None
            sequence.begin_turn(state, roller)
        elif state.step == "fire_damage":
            sequence.resolve_fire_damage(state, by_id, roller)
        elif state.step == "chits":
            sequence.resolve_chits(state, by_id, roller)
        elif state.step == "action":
            sequence.resolve_actions(state, by_id, roller)
        elif state.step == "boarding":
            sequence.resolve_boarding(state, by_id, roller)
        return state

    def preview(self, state: CannoniState, order: Order) -> dict[str, Any] | None:
        return preview_move(state, order)

    def outcome(self, state: CannoniState) -> Outcome | None:
        return state.outcome

    def view(self, state: CannoniState, viewer: str | None) -> dict[str, Any]:
        return view(state, viewer)

    def perturb_secrets(self, state: CannoniState, rng: random.Random) -> CannoniState:
        return perturb_secrets(state, rng)

    def describe(self, event: Event, lang: str = "en") -> str:
        return describe(event, lang)
