"""Before the first shot: creating a game, taking seats, picking ships, starting."""
from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ValidationError

from bot import i18n
from bot.service.core import ServiceCore
from bot.service.errors import ServiceError
from bot.service.fleet_terms import game_sides, points_terms
from bot.service.models import GRACE_MOST, PACING_LIMITS, Pacing, deadline_per
from bot.service.picks import ShipOption
from db import AlreadySeated, GameRow, LimitReached, NewGame, PickTaken, SeatRow, StartRow, ThreadTaken, WrongStatus
from rules.core import game as engine
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset, manifest, ruleset_names
from rules.core.ruleset import Ruleset, Seat
from rules.core.scenarios import ScenarioHead


_UNFINISHED = ("lobby", "running", "paused")
MAX_THREADS = 4096  # threads whose game is remembered; past this many the list starts over


def _ruleset(name: str) -> Ruleset:
    try:
        return get_ruleset(name)
    except KeyError:
        raise ServiceError("unknown-ruleset", ruleset=name, known=", ".join(ruleset_names())) from None


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg', '')}" if where else str(err.get("msg", ""))


def _sides(game: GameRow) -> list[str]:
    rules = get_ruleset(game.ruleset)
    points = points_terms(game.setup)
    if points is not None:
        return list(game_sides(rules.fleets().terms(), points))
    return rules.sides(rules.setup_model.model_validate(game.setup))


class LobbyMixin(ServiceCore):
    # -- creating --------------------------------------------------------------------
    async def create_game(self, guild_id: int, channel_id: int, host_id: int, ruleset: str, scenario: str, *,
                          options: dict[str, Any] | None = None, pacing: Pacing | None = None,
                          language: str = i18n.DEFAULT, thread_id: int | None = None,
                          setup: dict[str, Any] | None = None) -> GameRow:
        """``setup``: a lobby's setup given whole (a points game's terms) instead of a scenario's."""
        rules = _ruleset(ruleset)
        stored = setup if setup is not None else self._scenario(rules, scenario).model_dump(mode="json")
        if language not in i18n.LANGUAGES:
            raise ServiceError("bad-language", known=", ".join(i18n.LANGUAGES))
        pacing = pacing or Pacing()
        self._check_pacing(pacing, language)
        chosen = self._options(rules, options or {}, pacing)
        try:
            game = await self.db.create_game(NewGame(
                guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, ruleset=rules.name, scenario=scenario,
                options=chosen.model_dump(mode="json"), setup=stored, host_id=host_id,
                language=language, pacing=pacing.style, phase_seconds=pacing.seconds, created_at=self.clock.now(),
                posting=pacing.posting, deadline_per=pacing.deadline, grace_seconds=pacing.grace_seconds),
                lobbies_per_host=self.limits.lobbies_per_member, games_per_guild=self.limits.games_per_server)
        except ThreadTaken as exc:
            raise ServiceError("thread-has-game", game=exc.game_id) from None
        except LimitReached as exc:
            raise self._limit_error(exc) from None
        pace = self.pacing_words(game)
        await self._notice(game, "notice.created", host=i18n.mention(host_id), ruleset=manifest(ruleset).title.render(language),
                           title=ScenarioHead.of(stored).title_in(language) or scenario, pacing=pace)
        return game

    async def check_new_game(self, guild_id: int, host_id: int, thread_id: int | None = None) -> None:
        """Refuse early what :meth:`create_game` would refuse for the place and the member,
        so the adapter opens no thread for a game that cannot be created. (create_game
        checks again, in the transaction that stores the game.)"""
        if thread_id is not None:
            taken = [g for g in await self.db.games_of_thread(thread_id) if g.status != "over"]
            if taken:
                raise ServiceError("thread-has-game", game=taken[-1].id)
        most = self.limits.games_per_server
        _, total = await self.db.games_of_guild(guild_id, ("lobby", "running", "paused"), limit=0)
        if most is not None and total >= most:
            raise self._limit_error(LimitReached("games", most))
        lobbies = self.limits.lobbies_per_member
        if lobbies is not None:
            mine, _ = await self.db.games_of_guild(guild_id, ("lobby",), limit=total)
            if sum(1 for g in mine if g.host_id == host_id) >= lobbies:
                raise self._limit_error(LimitReached("lobbies", lobbies))

    @staticmethod
    def _limit_error(exc: LimitReached) -> ServiceError:
        code = {"lobbies": "too-many-lobbies", "games": "too-many-games"}[exc.kind]
        return ServiceError(code, limit=exc.limit)

    @staticmethod
    def _scenario(rules: Ruleset, name: str) -> BaseModel:
        scenarios = rules.scenarios()
        if name not in scenarios:
            raise ServiceError("unknown-scenario", scenario=name, known=", ".join(sorted(scenarios)))
        return scenarios[name]

    def _check_pacing(self, pacing: Pacing, language: str) -> None:
        least = self.shortest_live_phase if pacing.style == "live" else None
        if not pacing.in_limits(least):
            low, high, _ = PACING_LIMITS[pacing.style]
            low = low if least is None else least
            raise ServiceError("bad-pacing", style=i18n.text(f"word.{pacing.style}", language),
                               min=i18n.duration(low, language), max=i18n.duration(high, language))
        if not pacing.grace_in_limits():
            raise ServiceError("bad-grace", max=i18n.duration(GRACE_MOST, language))

    def pacing_words(self, game: GameRow) -> str:
        """The game's pace as its first line tells it: the time per phase or per turn, and
        whether a last order can be taken back."""
        per = "" if deadline_per(game) == "phase" else "-turn"
        pace = self._t(game, f"pacing.{game.pacing}{per}", duration=i18n.duration(game.phase_seconds, game.language))
        grace = self.grace_for(game)
        then = (self._t(game, "pacing.grace", grace=i18n.duration(grace, game.language)) if grace > 0
                else self._t(game, "pacing.no-grace"))
        return f"{pace}; {then}"

    @staticmethod
    def _options(rules: Ruleset, given: dict[str, Any], pacing: Pacing) -> BaseModel:
        given = dict(given)
        # A campaign collects every order of a phase together: one-at-a-time orders
        # would take a day per ship.
        if pacing.style == "campaign" and "order_mode" in rules.options_model.model_fields:
            given.setdefault("order_mode", "simultaneous")
        try:
            return rules.options_model.model_validate(given)
        except ValidationError as exc:
            raise ServiceError("bad-options", reason=_first_error(exc)) from None

    async def attach_thread(self, game_id: int, thread_id: int) -> GameRow:
        """Record the public thread the adapter opened for the game."""
        await self.game(game_id)
        await self.db.set_thread(game_id, thread_id)
        self._changed(game_id)
        return await self.game(game_id)

    async def find_game(self, place_id: int, *, finished: bool = False) -> GameRow:
        """The game played where a command was typed.

        In a thread, the game whose thread it is — never another game of the channel, nor
        a newer one someone tried to open in it. (A thread holds one unfinished game; in a
        database from before that rule, the first one started wins.) In a channel, the
        newest unfinished game started there. ``finished``: a thread whose game is over
        still answers with it (its log, map and replay stay to be looked at).

        The game a thread's look-up found is remembered by id and given again while its
        row (remembered by the database, exact) says it is still unfinished and still
        played in that thread: no other game can be opened in the thread meanwhile. The
        database's list of a place's games is forgotten at every change of any of its
        games' rows (a start, each resolution), and a command, an autocomplete above all,
        would otherwise wait for that read again."""
        known = self._thread_games.get(place_id)
        if known is not None:
            game = await self.db.game(known)
            if game is not None and game.thread_id == place_id and game.status in _UNFINISHED:
                return game
            del self._thread_games[place_id]
        games = await self.db.games_in_place(place_id)
        own = [g for g in games if g.thread_id == place_id]
        if own:
            found = min(own, key=lambda g: (g.status == "lobby", g.id))
            if len(own) == 1:  # (a thread with two, from before the rule, is looked up every time)
                if len(self._thread_games) >= MAX_THREADS:
                    self._thread_games.clear()
                self._thread_games[place_id] = found.id
            return found
        if finished:
            over = [g for g in await self.db.games_of_thread(place_id) if g.status == "over"]
            if over:
                return over[0]
        in_channel = [g for g in games if g.channel_id == place_id]
        if not in_channel:
            raise ServiceError("no-game")
        return max(in_channel, key=lambda g: g.id)

    async def unfinished_games(self, guild_id: int, page: int, per_page: int) -> tuple[list[GameRow], int, int]:
        """One page of the server's unfinished games (oldest first): the games, the page
        actually shown (a page past the end shows the last one), and the number of pages."""
        statuses = ("lobby", "running", "paused")
        _, total = await self.db.games_of_guild(guild_id, statuses, limit=0)
        pages = max(1, -(-total // per_page))
        page = min(max(page, 0), pages - 1)
        games, _ = await self.db.games_of_guild(guild_id, statuses, offset=page * per_page, limit=per_page)
        return games, page, pages

    async def seats(self, game_id: int) -> list[SeatRow]:
        await self.game(game_id)
        return await self.db.seats(game_id)

    # -- seats -------------------------------------------------------------------------
    async def join(self, game_id: int, user_id: int, side: str, display_name: str) -> SeatRow:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            side = self._side(game, side)
            try:
                seat = await self.db.add_seat(game_id, side, display_name, self.clock.now(), user_id=user_id,
                                              side_limit=self._seats_for(game, side))
            except AlreadySeated:
                raise ServiceError("already-seated") from None
            except LimitReached as exc:
                raise ServiceError("side-full", side=self.side_name(game, side), n=exc.limit) from None
        await self._notice(game, "notice.joined", [user_id], user=i18n.mention(user_id),
                           side=self.side_name(game, side))
        return seat

    async def add_ai_seat(self, game_id: int, actor_id: int, side: str, level: str, *,
                          manager: bool = False) -> SeatRow:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            self._require_host(game, actor_id, manager)
            side = self._side(game, side)
            self._policy(level)
            try:
                seat = await self.db.add_seat(game_id, side, self._t(game, "ai.seat-name"), self.clock.now(),
                                              ai_level=level,
                                              side_limit=self._seats_for(game, side))
            except LimitReached as exc:
                raise ServiceError("side-full", side=self.side_name(game, side), n=exc.limit) from None
        await self._notice(game, "notice.ai-joined", side=self.side_name(game, side),
                           label=self._ai_label(game, level))
        return seat

    def _policy(self, level: str) -> None:
        if level not in self.policies:
            raise ServiceError("unknown-ai", level=level, legal=", ".join(sorted(self.policies)))

    @staticmethod
    def _seats_for(game: GameRow, side: str) -> int | None:
        """At most one seat per ship of the side: a seat without a ship would sit at the
        table with nothing to command. None when the ruleset lists no ships to count."""
        rules = get_ruleset(game.ruleset)
        if points_terms(game.setup) is not None:
            terms = rules.fleets().terms()
            return terms.seats_per_side or terms.max_ships
        entries = rules.ship_entries(rules.setup_model.model_validate(game.setup))
        if not entries:
            return None
        return sum(1 for e in entries if e.side == side)

    @staticmethod
    def _side(game: GameRow, side: str) -> str:
        sides = _sides(game)
        match = next((s for s in sides if s.lower() == side.strip().lower()), None)
        if match is None:
            raise ServiceError("unknown-side", side=side, sides=", ".join(sides))
        return match

    async def leave(self, game_id: int, user_id: int) -> None:
        """In the lobby the seat goes; once started it stays, vacant, taking default orders."""
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby", "running", "paused")
            seat = await self._seat_of(game, user_id)
            if game.status == "lobby":
                await self.db.remove_seat(game_id, seat.seat_id)
            else:
                await self.db.assign_seat(game_id, seat.seat_id, user_id=None, ai_level=None,
                                          name=seat.display_name)
        code = "notice.left-lobby" if game.status == "lobby" else "notice.left-running"
        await self._notice(game, code, user=i18n.mention(user_id), side=self.side_name(game, seat.side))
        self._changed(game_id)

    async def sides(self, game_id: int) -> list[str]:
        """The sides seats can join, in the setup's order."""
        return _sides(await self.game(game_id))

    # -- ships -------------------------------------------------------------------------
    async def ship_choices(self, game_id: int) -> list[ShipOption]:
        game = await self.game(game_id)
        return await self._choices(game)

    async def _choices(self, game: GameRow) -> list[ShipOption]:
        if points_terms(game.setup) is not None:
            return []  # ships are bought (bot/service/fleets.py), not picked
        taken = {p.ship_id: p.seat_id for p in await self.db.picks(game.id)}
        return [ShipOption(o.ship_id, o.label, o.side, o.points, taken.get(o.ship_id))
                for o in self.picks.options(get_ruleset(game.ruleset), game.setup)]

    async def pick_ship(self, game_id: int, user_id: int, ship_id: str) -> ShipOption:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            seat = await self._seat_of(game, user_id)
            choices = await self._choices(game)
            option = self._pickable(game, choices, seat, ship_id)
            if option.taken_by != seat.seat_id:
                self._check_budget(game, seat, choices, option)
                try:
                    await self.db.add_pick(game_id, seat.seat_id, option.ship_id, option.points, self.clock.now())
                except PickTaken:
                    raise ServiceError("ship-taken", ship=option.label) from None
        await self._notice(game, "notice.picked", user=i18n.mention(user_id), ship=option.label)
        return option

    def _pickable(self, game: GameRow, choices: list[ShipOption], seat: SeatRow, ship_id: str) -> ShipOption:
        if not choices:
            raise ServiceError("picks-unsupported")
        option = next((o for o in choices if o.ship_id == ship_id), None)
        if option is None:
            legal = ", ".join(o.ship_id for o in choices if o.side == seat.side)
            raise ServiceError("unknown-ship", ship=ship_id, legal=legal or "-")
        if option.side != seat.side:
            raise ServiceError("ship-wrong-side", ship=option.label, side=self.side_name(game, option.side))
        if option.taken_by not in (None, seat.seat_id):
            raise ServiceError("ship-taken", ship=option.label)
        return option

    def _check_budget(self, game: GameRow, seat: SeatRow, choices: list[ShipOption], option: ShipOption) -> None:
        budget = self.picks.budget(get_ruleset(game.ruleset), game.setup, seat.side)
        if budget is None or option.points is None:
            return
        spent = sum(o.points or 0 for o in choices if o.taken_by == seat.seat_id)
        if spent + option.points > budget:
            raise ServiceError("over-budget", ship=option.label, points=f"{option.points:g}",
                               left=f"{budget - spent:g}", budget=f"{budget:g}")

    async def release_ship(self, game_id: int, user_id: int, ship_id: str) -> None:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            seat = await self._seat_of(game, user_id)
            if not await self.db.remove_pick(game_id, seat.seat_id, ship_id):
                raise ServiceError("not-your-pick", ship=ship_id)

    # -- the start -----------------------------------------------------------------------
    async def start(self, game_id: int, actor_id: int, *, manager: bool = False) -> GameRow:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "lobby")
            self._require_host(game, actor_id, manager)
            seats = await self.db.seats(game_id)
            self._check_sides(game, seats)
            record = await self._start_record(game, seats)
            try:
                await self.db.start_game(record)
            except WrongStatus:
                raise ServiceError("not-lobby") from None
        listing = ", ".join(self.seat_name(game, s) for s in seats)
        await self._notice(game, "notice.started", [s.user_id for s in seats if s.user_id],
                           title=self.title(game), seats=listing)
        self._changed(game_id)
        return await self.game(game_id)

    def _check_sides(self, game: GameRow, seats: list[SeatRow]) -> None:
        for side in _sides(game):
            if not any(s.side == side for s in seats):
                raise ServiceError("side-empty", side=self.side_name(game, side))

    async def _setup_to_start(self, game: GameRow, rules: Ruleset, picks: dict[str, str]) -> dict[str, Any]:
        """The setup the game starts from (a points game's is made from its fleets)."""
        return self.picks.apply(rules, game.setup, picks)

    async def _start_record(self, game: GameRow, seats: list[SeatRow]) -> StartRow:
        rules = get_ruleset(game.ruleset)
        picks = {p.ship_id: p.seat_id for p in await self.db.picks(game.id)}
        setup_data = await self._setup_to_start(game, rules, picks)
        engine_seats = [Seat(id=s.seat_id, side=s.side, name=s.display_name, ai=s.ai_level) for s in seats]
        seed = self._seed_source()
        try:
            setup = rules.setup_model.model_validate(setup_data)
            options = rules.options_model.model_validate(game.options)
            state, result = await asyncio.to_thread(engine.start, rules, setup, options, engine_seats,
                                                    SeededDice(seed))
        except (ValueError, KeyError) as exc:
            raise ServiceError("start-failed", reason=str(exc)) from None
        return StartRow(game_id=game.id, seed=seed, setup=setup.model_dump(mode="json"),
                        seats=[s.model_dump(mode="json") for s in engine_seats],
                        rolls=[r.model_dump(mode="json") for r in result.rolls],
                        events=[e.model_dump(mode="json") for e in result.events],
                        state=result.state, started_at=self.clock.now())
