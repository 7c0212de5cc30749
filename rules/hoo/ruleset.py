"""Hearts of Oak (advanced rules, Camelot Games), Napoleonic ships on a sea of hexes."""
from __future__ import annotations

import random
from typing import Any

from rules.core.decisions import Order
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.ruleset import FILLER, HEADING, PHASE_END, REVEAL, TURN_START, Outcome, Seat, ShipEntry
from rules.core.scenarios import packaged_scenarios
from rules.core.steps import SteppedRuleset
from rules.core.tables.hexmap import distance
from rules.hoo.campaign import HooCampaign
from rules.hoo.fleet_points import FLEETS, HooFleets
from rules.hoo.manifest import MANIFEST
from rules.hoo.orders import STEPS
from rules.hoo.ships import AREAS, card
from rules.hoo.state import HooOptions, HooSetup, HooState, Ship
from rules.hoo.texts import describe
from rules.hoo.view import perturb_secrets, view
from rules.hoo.wording import TEXTS

MIN_GAP = 4  # "almeno 3 esagoni vuoti" between enemies: four hexes apart


def placement_problems(ships: list[Ship]) -> list[str]:
    """The set-up's rules (2.0): at most one ship a hex, three empty hexes between enemies."""
    out = []
    for i, a in enumerate(ships):
        for b in ships[i + 1:]:
            d = distance(a.at, b.at)
            if d == 0:
                out.append(f"{a.id} and {b.id} share a hex")
            elif a.side != b.side and d < MIN_GAP:
                out.append(f"{a.id} and {b.id} are enemies {d} hexes apart")
    return out


def setup_rolls(sides: list[str], roller: Roller) -> dict[str, int]:
    """Each player's D6 (2.0): the lower places first and may shift the wind the higher sets."""
    while True:
        rolls = {side: roller.roll(6, f"set-up roll of {side}") for side in sides}
        if len(set(rolls.values())) == len(rolls):
            return rolls


def placing_order(state: HooState) -> list[str]:
    """2.0: "a partire da quello che ha ottenuto il punteggio minore, si pongono in gioco le
    navi": one ship a side in turn, the lower roller's first, each fleet in its order."""
    low, high = sorted(state.sides, key=lambda side: state.setup_rolls[side])
    fleets = [[s.id for s in state.ships if s.side == side] for side in (low, high)]
    out: list[str] = []
    for i in range(max(len(f) for f in fleets)):
        out += [f[i] for f in fleets if i < len(f)]
    return out


class HooRuleset(HooCampaign, SteppedRuleset):
    steps = STEPS
    name = MANIFEST.name
    title = TEXTS.text("hoo.manifest.title", "en")
    options_model = HooOptions
    setup_model = HooSetup
    state_model = HooState

    def scenarios(self) -> dict[str, HooSetup]:
        return packaged_scenarios(MANIFEST.scenarios, HooSetup)

    def sides(self, setup: HooSetup) -> list[str]:
        return list(setup.sides)

    def fleets(self) -> HooFleets:
        return FLEETS

    def ship_entries(self, setup: HooSetup) -> list[ShipEntry]:
        return [ShipEntry(id=s.id, name=s.name, side=s.side, points=card(s.card).points, player=s.player)
                for s in setup.ships]

    def assign_ships(self, setup: HooSetup, picks: dict[str, str]) -> HooSetup:
        ships = [s.model_copy(update={"player": picks.get(s.id, s.player)}) for s in setup.ships]
        return setup.model_copy(update={"ships": ships})

    def new_game(self, setup: HooSetup, options: HooOptions, seats: list[Seat], roller: Roller) -> HooState:
        if len(setup.sides) != 2:
            raise ValueError("Hearts of Oak is played by two sides")
        seat_ids = {s.id for s in seats}
        ships = []
        for s in setup.ships:
            default = next(seat.id for seat in seats if seat.side == s.side)
            seat = s.player if s.player in seat_ids else default
            lost = {a: min(max(s.lost.get(a, 0), 0), len(card(s.card).track(a))) for a in AREAS}
            ship = Ship(id=s.id, name=s.name, side=s.side, seat=seat, card=s.card, q=s.q, r=s.r,
                        facing=s.facing % 6, speed=0, lost=lost)
            ship.speed = ship.max_speed  # a campaign's ship sails with the sails she has left
            ship.unscored = ship.lost_value()  # the enemy scores only what this battle crosses out (5.0)
            ships.append(ship)
        problems = placement_problems(ships)
        land = {h.at for h in setup.shoals if h.kind == "land"}
        problems += [f"{s.id} is on the coast" for s in ships if s.at in land]
        if problems:
            raise ValueError("the scenario's places break the set-up rules: " + "; ".join(problems))
        state = HooState(seats=seats, sides=list(setup.sides), title=setup.title, scenario=setup.name,
                         shoals=list(setup.shoals), turns_limit=setup.turns, flight_distance=options.flight_distance, ships=ships)
        state.setup_rolls = setup_rolls(state.sides, roller)
        if options.place_by_hand:
            state.to_place = placing_order(state)
            for ship in state.ships:
                ship.placed = False
        roller.log.emit("game_start", title=setup.title, rolls=dict(state.setup_rolls))
        return state

    def resolve(self, state: HooState, orders: list[Order], roller: Roller) -> HooState:
        # a step's shots are the map's and the summary's until the next step is resolved
        return super().resolve(state.model_copy(update={"shots": []}) if state.shots else state, orders, roller)

    def outcome(self, state: HooState) -> Outcome | None:
        if state.step != "over":
            return None
        kind = "draw" if state.winner is None else "victory"
        return Outcome.because(f"hoo.why.{state.over_reason}", winner=state.winner, kind=kind,
                               scores={k: float(v) for k, v in state.scores.items()})

    def losses(self, state: HooState) -> dict[str, list[str]]:
        return {side: [s.name for s in state.ships if s.owner == side and not s.combatant] for side in state.sides}

    def view(self, state: HooState, viewer: str | None) -> dict[str, Any]:
        return view(state, viewer)

    def perturb_secrets(self, state: HooState, rng: random.Random) -> HooState:
        return perturb_secrets(state, rng)

    def describe(self, event: Event, lang: str = "en") -> str:
        return describe(event, lang)

    def event_weight(self, event: Event) -> str:
        return _WEIGHTS.get(event.kind, "action")


_WEIGHTS = {
    "turn_start": TURN_START, "speed_revealed": REVEAL, "markers_down": FILLER, "marker_set": FILLER,
    "roll": FILLER, "initiative": HEADING, "numbered": HEADING, "holds_fire": FILLER, "no_critical": FILLER, "no_move": FILLER,
    "lies_in_irons": FILLER, "phase_over": PHASE_END,
}
