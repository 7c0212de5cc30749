"""Fleets by points: a lobby whose sides buy their ships, and a server's custom scenarios.

The ruleset sells (``Ruleset.fleets()``, :mod:`rules.core.fleets`): its designs, their
prices, its limits and the setup made from the fleets. The service keeps the budget
(a side's, shared by its seats), stores each purchase as it arrives (checked again in
its own transaction: two clicks at once cannot both pass a budget with room for one)
and, at the start, has the ruleset place the fleets by the host's set-up pattern.
A seated player buys for their own side; the host (or Manage Server) for any side,
which is how a custom scenario is set up before it is saved by name.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.service.errors import ServiceError
from bot.service.fleet_terms import (MAX_BUDGET, PATTERNS, POINTS, SCENARIO, WIND_POINTS, battle, game_sides,
                                     points_terms)
from bot.service.lobby import LobbyMixin
from bot.service.models import Pacing
from db import GameRow, WrongStatus
from db.fleets import FleetFull, FleetShip, OverBudget, SavedScenario
from rules.core.fleets import Bought, Design, FleetBuilder, PriceError, Terms, game_problems
from rules.core.registry import get_ruleset
from rules.core.ruleset import Ruleset

HOST_SEAT = ""  # fleet_ships.seat_id of a ship the host bought
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True, slots=True)
class FleetView:
    """One side's fleet as its builder form shows it."""
    game_id: int
    side: str
    sides: tuple[str, ...]
    budget: float
    spent: float
    max_ships: int
    ships: list[FleetShip]
    designs: list[Design]
    measure: str

    @property
    def left(self) -> float:
        return self.budget - self.spent


def _fmt(points: float) -> str:
    return f"{points:g}"


def _label(design: Design | None, fallback: str) -> Any:
    return design.label if design is not None else fallback


class FleetsMixin(LobbyMixin):
    # -- a points game -----------------------------------------------------------------
    @staticmethod
    def _builder(ruleset: str) -> FleetBuilder:
        rules = get_ruleset(ruleset)
        found = rules.fleets()
        if found is None:
            raise ServiceError("fleet-unsupported", ruleset=ruleset)
        return found

    def points_setup(self, ruleset: str, budget: float | None, *, pattern: str | None = None,
                     wind: int | None = None, width: float | None = None, height: float | None = None,
                     sides: int | None = None) -> dict:
        """A points game's lobby setup: the head and the terms, each checked. ``sides``: how
        many sides buy fleets (None: the ruleset's own)."""
        builder = self._builder(ruleset)
        terms = builder.terms()
        budget = terms.budget if budget is None else budget
        if not 0 < budget <= MAX_BUDGET:
            raise ServiceError("fleet-bad-budget", most=MAX_BUDGET)
        if sides is not None and sides not in terms.side_counts:
            low, high = terms.side_counts.start, terms.side_counts.stop - 1
            raise ServiceError("fleet-bad-sides" if high > low else "fleet-two-sides", n=sides, low=low, high=high)
        if pattern is not None and not terms.patterns:
            raise ServiceError("fleet-fixed-layout")
        if pattern is not None and pattern not in terms.patterns:
            raise ServiceError("fleet-bad-pattern", pattern=pattern, known=", ".join(terms.patterns))
        pattern = pattern or (terms.patterns or PATTERNS)[0]
        for choice, given in (("wind", wind is not None), ("table", width is not None or height is not None)):
            if given and choice in terms.fixed:
                raise ServiceError(f"fleet-fixed-{choice}")
        if wind is not None and not 0 <= wind < WIND_POINTS:
            raise ServiceError("fleet-bad-wind")
        for size, suggested in ((width, terms.width), (height, terms.height)):
            if size is not None and not suggested / 4 <= size <= suggested * 4:
                raise ServiceError("fleet-bad-table", low=_fmt(suggested / 4), high=_fmt(suggested * 4),
                                   measure=terms.measure)
        return {"name": "points-battle", "title": terms.title,
                POINTS: {"budget": budget, "pattern": pattern, "wind": wind, "width": width, "height": height,
                         "sides": sides}}

    async def create_points_game(self, guild_id: int, channel_id: int, host_id: int, ruleset: str, *,
                                 budget: float | None = None, pattern: str | None = None, wind: int | None = None,
                                 width: float | None = None, height: float | None = None,
                                 saved: str | None = None, options: dict[str, Any] | None = None,
                                 pacing: Pacing | None = None, language: str = "en",
                                 thread_id: int | None = None, sides: int | None = None) -> GameRow:
        """A lobby whose sides buy their ships; ``saved``: a server's custom scenario (its
        terms, and its fleets bought already)."""
        fleets: dict[str, list[dict]] = {}
        if saved is not None:
            scenario = await self._saved(guild_id, saved)
            ruleset = scenario.ruleset
            body = scenario.body
            terms = self._builder(ruleset).terms()
            # A scenario saved before its ruleset fixed a choice still holds its default.
            budget, sides = body["budget"], body.get("sides")
            pattern = body["pattern"] if terms.patterns else None
            wind = body.get("wind") if "wind" not in terms.fixed else None
            width, height = (None, None) if "table" in terms.fixed else (body.get("width"), body.get("height"))
            fleets = body.get("fleets", {})
        setup = self.points_setup(ruleset, budget, pattern=pattern, wind=wind, width=width, height=height,
                                  sides=sides)
        game = await self.create_game(guild_id, channel_id, host_id, ruleset, SCENARIO, options=options,
                                      pacing=pacing, language=language, thread_id=thread_id, setup=setup)
        builder = self._builder(ruleset)
        renamed = builder.terms().renamed_sides
        for side, ships in fleets.items():
            side, implied = renamed.get(side, (side, {}))
            side = self._side(game, side)
            for ship in ships:
                await self._buy(game, builder, side, HOST_SEAT, ship["design"], {**implied, **ship.get("params", {})})
        return game

    # -- the builder form --------------------------------------------------------------
    async def fleet(self, game_id: int, user_id: int, side: str | None = None, *, manager: bool = False) -> FleetView:
        game = await self._game_in(game_id, "lobby")
        side = await self._fleet_side(game, user_id, side, manager)
        return await self._view(game, side)

    async def _view(self, game: GameRow, side: str) -> FleetView:
        terms = self._builder(game.ruleset).terms()
        ships = [s for s in await self.db.fleet_ships(game.id) if s.side == side]
        return FleetView(game_id=game.id, side=side, sides=game_sides(terms, points_terms(game.setup)),
                         budget=self._budget(game),
                         spent=sum(s.points for s in ships), max_ships=terms.max_ships, ships=ships,
                         designs=[d for d in terms.designs if d.for_side(side)], measure=terms.measure)

    @staticmethod
    def _budget(game: GameRow) -> float:
        terms = points_terms(game.setup)
        if terms is None:
            raise ServiceError("fleet-not-points")
        return float(terms["budget"])

    async def _fleet_side(self, game: GameRow, user_id: int, side: str | None, manager: bool) -> str:
        """The side a member may buy for: their own; any side for the host."""
        self._budget(game)
        host = user_id == game.host_id or manager
        seat = next((s for s in await self.db.seats(game.id) if s.user_id == user_id), None)
        if side is None:
            if seat is not None:
                return seat.side
            if host:
                return self._side(game, game_sides(self._builder(game.ruleset).terms(), points_terms(game.setup))[0])
            raise ServiceError("fleet-no-seat")
        side = self._side(game, side)
        if (seat is None or seat.side != side) and not host:
            raise ServiceError("fleet-not-your-side", side=side)
        return side

    async def price_ship(self, game_id: int, user_id: int, design: str, params: dict[str, str],
                         side: str | None = None, *, manager: bool = False) -> Bought:
        game = await self._game_in(game_id, "lobby")
        side = await self._fleet_side(game, user_id, side, manager)
        return self._price(self._builder(game.ruleset), side, design, params)

    @staticmethod
    def _price(builder: FleetBuilder, side: str, design: str, params: dict[str, str]) -> Bought:
        terms = builder.terms()
        found = terms.design(design)
        if found is None or not found.for_side(side):
            legal = ", ".join(d.id for d in terms.designs if d.for_side(side))
            raise ServiceError("fleet-unknown-ship", ship=design, legal=legal)
        try:
            return builder.price(side, design, params)
        except PriceError as exc:
            raise ServiceError("fleet-rules", why=exc.text) from None

    async def buy_ship(self, game_id: int, user_id: int, design: str, params: dict[str, str] | None = None,
                       side: str | None = None, *, manager: bool = False) -> tuple[FleetShip, FleetView]:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            side = await self._fleet_side(game, user_id, side, manager)
            seat = next((s for s in await self.db.seats(game.id) if s.user_id == user_id and s.side == side), None)
            ship = await self._buy(game, self._builder(game.ruleset), side, seat.seat_id if seat else HOST_SEAT,
                                   design, params or {})
            view = await self._view(game, side)
        await self._notice(game, "notice.fleet-bought", side=side, ship=ship.name, points=_fmt(ship.points),
                           left=_fmt(view.left))
        return ship, view

    async def _buy(self, game: GameRow, builder: FleetBuilder, side: str, seat_id: str, design: str,
                   params: dict[str, str]) -> FleetShip:
        bought = self._price(builder, side, design, params)
        terms = builder.terms()
        budget = self._budget(game)
        fleet = [s for s in await self.db.fleet_ships(game.id) if s.side == side]
        spent = sum(s.points for s in fleet)
        label = _label(terms.design(design), design)
        if len(fleet) >= terms.max_ships:
            raise ServiceError("fleet-full", side=side, most=terms.max_ships)
        if spent + bought.points > budget + 1e-9:
            raise self._over(label, bought.points, side, budget, spent)
        problems = builder.problems(side, [Bought(s.design, s.params, s.name, s.points) for s in fleet] + [bought])
        if not problems:
            fleets = await self._fleets(game, terms)
            fleets[side] = [*fleets.get(side, []), bought]
            problems = game_problems(builder, fleets, battle(points_terms(game.setup) or {}, "points-battle",
                                                             tuple(fleets)))
        if problems:
            raise ServiceError("fleet-rules", why=problems[0])
        try:
            return await self.db.buy_fleet_ship(
                FleetShip(game.id, 0, side, seat_id, design, dict(bought.params), bought.name, bought.points,
                          self.clock.now()), budget=budget, most=terms.max_ships)
        except OverBudget as exc:
            raise self._over(label, bought.points, side, budget, exc.spent) from None
        except FleetFull:
            raise ServiceError("fleet-full", side=side, most=terms.max_ships) from None
        except WrongStatus:
            raise ServiceError("not-lobby") from None

    @staticmethod
    def _over(label: Any, points: float, side: str, budget: float, spent: float) -> ServiceError:
        return ServiceError("fleet-over-budget", ship=label, points=_fmt(points), side=side,
                            left=_fmt(budget - spent), budget=_fmt(budget))

    async def sell_ship(self, game_id: int, user_id: int, n: int, side: str | None = None, *,
                        manager: bool = False) -> FleetView:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            side = await self._fleet_side(game, user_id, side, manager)
            try:
                sold = await self.db.sell_fleet_ship(game_id, n, (side,))
            except WrongStatus:
                raise ServiceError("not-lobby") from None
            if not sold:
                raise ServiceError("fleet-not-yours", n=n, side=side)
            return await self._view(game, side)

    # -- the start ---------------------------------------------------------------------
    async def _setup_to_start(self, game: GameRow, rules: Ruleset, picks: dict[str, str]) -> dict[str, Any]:
        terms = points_terms(game.setup)
        if terms is None:
            return await super()._setup_to_start(game, rules, picks)
        builder = self._builder(game.ruleset)
        fleets = await self._fleets(game, builder.terms())
        for side in fleets:
            if not fleets[side]:
                raise ServiceError("fleet-empty", side=side)
            problems = builder.problems(side, fleets[side])
            if problems:
                raise ServiceError("fleet-rules", why=problems[0])
        terms_battle = battle(terms, game.setup.get("name", "points-battle"), tuple(fleets))
        problems = game_problems(builder, fleets, terms_battle)
        if problems:
            raise ServiceError("fleet-cannot-start", why=problems[0])
        try:
            return builder.setup(fleets, terms_battle).model_dump(mode="json")
        except PriceError as exc:
            raise ServiceError("fleet-cannot-start", why=exc.text) from None

    async def _fleets(self, game: GameRow, terms: Terms) -> dict[str, list[Bought]]:
        """Every side's fleet, each side of the game in order (empty for one that bought none)."""
        ships = await self.db.fleet_ships(game.id)
        return {side: [Bought(s.design, s.params, s.name, s.points, s.seat_id) for s in ships if s.side == side]
                for side in game_sides(terms, points_terms(game.setup))}

    # -- custom scenarios ----------------------------------------------------------------
    async def save_scenario(self, game_id: int, actor_id: int, name: str, *, manager: bool = False) -> SavedScenario:
        """The lobby's terms and fleets, saved under ``name`` for the server (replacing one
        of that name)."""
        name = self._scenario_name(name)
        game = await self.game(game_id)
        self._require_host(game, actor_id, manager)
        terms = points_terms(game.setup)
        if terms is None:
            raise ServiceError("fleet-not-points")
        builder = self._builder(game.ruleset)
        fleets = await self._fleets(game, builder.terms())
        body = {"format": "broadside-scenario/1", "ruleset": game.ruleset, **terms,
                "fleets": {side: [{"design": b.design, "params": b.params, "name": b.name, "points": b.points}
                                  for b in ships] for side, ships in fleets.items()}}
        saved = SavedScenario(game.guild_id, name, game.ruleset, body, actor_id, self.clock.now())
        await self.db.save_scenario(saved)
        return saved

    @staticmethod
    def _scenario_name(name: str) -> str:
        name = name.strip().lower()
        if not 1 <= len(name) <= 40 or set(name) - NAME_CHARS:
            raise ServiceError("scenario-bad-name")
        return name

    async def _saved(self, guild_id: int, name: str) -> SavedScenario:
        found = await self.db.saved_scenarios(guild_id, self._scenario_name(name))
        if not found:
            known = ", ".join(s.name for s in await self.db.saved_scenarios(guild_id)) or "-"
            raise ServiceError("scenario-unknown", name=name, known=known)
        return found[0]

    async def saved_scenarios(self, guild_id: int) -> list[SavedScenario]:
        return await self.db.saved_scenarios(guild_id)

    async def export_scenario(self, guild_id: int, name: str) -> tuple[str, str]:
        """A saved scenario as a JSON file: (file name, text)."""
        found = await self._saved(guild_id, name)
        return f"{found.name}.json", json.dumps({"name": found.name, **found.body}, indent=1, ensure_ascii=False)
