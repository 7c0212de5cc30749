"""What every part of the game service shares: the database, the clock, the
per-game lock, the cached engine state, and public notices.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import threading
import time
from collections import OrderedDict, defaultdict
from typing import Any, Callable, Iterable

from pydantic import BaseModel

from bot import i18n
from bot.service.ai import AIPolicy, default_policies
from bot.service.clock import Clock, SystemClock
from bot.service.dice import continuing_dice
from bot.service.errors import ServiceError
from bot.service.models import PACING_LIMITS, Limits, Place
from bot.service.picks import ScenarioShips, ShipPicks
from bot.transport import DeliveryError, Transport
from db import Database, GameRow, SeatRow, compact
from rules.core.dice import SeededDice
from rules.core.decisions import Decision, DecisionSpec
from rules.core.events import Event
from rules.core.registry import get_ruleset, manifest, manifests
from rules.core.ruleset import Ruleset
from rules.core.scenarios import ScenarioHead
from rules.core.texts import side_name

logger = logging.getLogger("broadside.service")

STATES_KEPT = 64  # settings.engine_states_kept's default
# A game read within this many seconds is being played: its state is not set aside
# (past the limit, it is as soon as it has been idle this long). A player's select and
# confirm on a menu, or a phase's orders arriving together, fall within it; with one
# second, a round of play faster than the limit parsed and set aside the same states in
# turn (the load benchmark's acknowledgement p99 rose by some 10-30 ms).
BUSY_SECONDS = 5.0
# States set aside at once (each packed on the event loop: 0.2 ms for a duel, 1 ms for
# 20 ships): a burst's games falling idle together do not hold the loop up together.
TRIM_AT_ONCE = 4
_STATUS_ERROR = {"lobby": "game-not-started", "paused": "game-paused", "over": "game-over", "running": "not-lobby"}


class GameRuntime:
    """A running game's engine state, kept in memory between steps.

    Rebuilt from the database whenever it is missing (a restart) or may be stale
    (an undo, a failed resolution). A game nobody has touched for a while keeps its
    state only as the JSON the database stores, compressed (:meth:`set_aside`): a
    parsed state is some ten times its JSON, and a server holds many idle games. It is
    parsed again on the next read of :attr:`state`.
    """

    __slots__ = ("game_id", "ruleset", "step_idx", "seed", "dice", "forms", "recent", "repeats", "version", "_state",
                 "_stored", "_keeper")

    def __init__(self, game_id: int, ruleset: Ruleset, state: BaseModel, step_idx: int, seed: int,
                 dice: SeededDice | None = None, keeper: "StateKeeper | None" = None) -> None:
        self.game_id = game_id
        self.ruleset = ruleset
        self.step_idx = step_idx  # live steps so far; the next resolution is step_idx + 1
        self.seed = seed
        self.dice = dice
        # Each seat's pending decisions with their forms, for the state (its version) they
        # were computed from: autocomplete asks on every keystroke, and the forms only
        # change with the state.
        self.forms: tuple[int, dict[str, list[tuple[Decision, DecisionSpec]]]] | None = None
        # The orders of the last live steps ("same as last turn", "as last phase"), for the
        # state (its version) they were read for (bot.service.standing).
        self.recent: tuple[int, tuple[list[dict[str, Any]], ...]] | None = None
        # "Same as last turn" for each pending decision, checked by the rules for the state
        # (its version) it was checked against (bot.service.standing).
        self.repeats: tuple[int, dict[str, dict[str, Any] | None]] | None = None
        self.version = 0  # counts the states stored (a state parsed again is the same version)
        self._state: BaseModel | None = state
        # The state's stored JSON, compressed: while it is set aside, and after it is parsed
        # again until it changes (set aside again, it need not be packed again).
        self._stored: compact.Packed | None = None
        self._keeper = keeper

    @property
    def state(self) -> BaseModel:
        state = self._state
        if state is not None:
            if self._keeper is not None:
                self._keeper.used(self, parsed=False)
            return state
        stored = self._stored
        # Read as a restart reads a stored step: the same JSON, the same loader.
        state = self.ruleset.load_state(compact.load(stored))
        with _SWAP:
            # A worker thread may parse while the loop stores the next step's state:
            # the older state is then returned to that reader, never kept.
            if self._state is None and self._stored is stored:
                self._state = state
        if self._keeper is not None:
            self._keeper.used(self, parsed=True)
        return state

    @state.setter
    def state(self, value: BaseModel) -> None:
        with _SWAP:
            self._state, self._stored = value, None
            self.version += 1
        if self._keeper is not None:
            self._keeper.used(self, parsed=False)

    @property
    def parsed(self) -> bool:
        return self._state is not None

    async def in_thread(self, fn: Callable[[BaseModel], Any]) -> tuple[Any, bool]:
        """``fn(state)`` in a worker thread (a state set aside is parsed there, not on the
        event loop), and whether the state it read is still this runtime's: versions only
        grow, so unchanged after the call, the state read was this version's."""
        version = self.version
        found = await asyncio.to_thread(lambda: fn(self.state))
        return found, self.version == version

    def set_aside(self) -> None:
        """Keep the state as its stored JSON only (the forms built from it stay). The
        compressed JSON is kept until the state changes: a game read now and then is
        packed once a step."""
        state = self._state
        if state is None:
            return
        stored = self._stored
        if stored is None:
            stored = compact.pack(compact.dump(state.model_dump(mode="json")))
        with _SWAP:
            if self._state is state:
                self._state, self._stored = None, stored


# Guards a runtime's swap of parsed and stored state against a worker thread's read
# (a lockless reader's forms and standing orders are computed in threads).
_SWAP = threading.Lock()


class StateKeeper:
    """Which games keep their engine state parsed: the ``limit`` used last, and any used
    within the last ``busy_seconds`` besides (so that a burst of more games than the
    limit, all being played at once, does not parse and set aside states in turn at
    every interaction). Reading a runtime's state marks it used; past the limit the least
    recently used idle one is set aside. Kept by the event loop's thread alone: a worker
    thread that parses a state asks the loop to count it."""

    def __init__(self, limit: int, busy_seconds: float = BUSY_SECONDS) -> None:
        self.limit = limit
        self.busy_seconds = busy_seconds
        self._parsed: OrderedDict[int, list[Any]] = OrderedDict()  # game id -> [runtime, last used]
        self._loop: asyncio.AbstractEventLoop | None = None
        self.now: Callable[[], float] = time.monotonic  # real seconds: what the keeper saves is CPU, not game time
        self._later: asyncio.TimerHandle | None = None

    def used(self, runtime: GameRuntime, *, parsed: bool) -> None:
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:  # a worker thread
            if parsed and self._loop is not None:
                self._loop.call_soon_threadsafe(self._touch, runtime)
            return
        self._touch(runtime)

    def _touch(self, runtime: GameRuntime) -> None:
        kept = self._parsed
        now = self.now()
        entry = kept.get(runtime.game_id)
        if entry is not None and entry[0] is runtime:
            entry[1] = now
            kept.move_to_end(runtime.game_id)
        elif not runtime.parsed:
            return  # set aside again before the loop heard of its parse
        else:
            kept.pop(runtime.game_id, None)
            kept[runtime.game_id] = [runtime, now]
        self._trim(now)

    def _trim(self, now: float | None = None) -> None:
        kept = self._parsed
        now = self.now() if now is None else now
        for _ in range(TRIM_AT_ONCE):
            if len(kept) <= self.limit:
                return
            oldest, (runtime, used_at) = next(iter(kept.items()))
            if now - used_at < self.busy_seconds:
                # Every game kept is being played: look again once the oldest is idle,
                # whether or not another game is read by then.
                self._trim_in(self.busy_seconds - (now - used_at) + 0.05)
                return
            del kept[oldest]
            runtime.set_aside()
        if len(kept) > self.limit:
            self._trim_in(0)  # the rest after whatever else the loop has to do

    def _trim_in(self, seconds: float) -> None:
        if self._later is None and self._loop is not None:
            self._later = self._loop.call_later(seconds, self._trim_later)

    def _trim_later(self) -> None:
        self._later = None
        self._trim()

    def forget(self, game_id: int) -> None:
        self._parsed.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._parsed)


class ServiceCore:
    # Seconds between the last order of a phase and its resolution, in which that order
    # may still be changed (0: the phase resolves as the last order arrives): the
    # defaults of a live game and of a campaign (settings), which a game may override.
    grace_seconds: float = 0.0
    campaign_grace_seconds: float = 0.0
    # The shortest phase a live game may have (settings: 30 s, PACING_LIMITS's).
    shortest_live_phase: int = PACING_LIMITS["live"][0]

    @property
    def states_kept(self) -> int:
        """Games whose engine state is kept parsed (settings: engine_states_kept); the
        others keep it as its stored JSON, parsed again when next read."""
        return self._keeper.limit

    @states_kept.setter
    def states_kept(self, limit: int) -> None:
        self._keeper.limit = limit

    def grace_for(self, game: GameRow) -> float:
        """The game's grace period: its own setting, else its pacing's default."""
        if game.grace_seconds is not None:
            return float(game.grace_seconds)
        return self.campaign_grace_seconds if game.pacing == "campaign" else self.grace_seconds

    async def warm(self) -> None:
        """Load, in a worker thread, what a start leaves for later: every ruleset's
        manifest and wording, and the computer captains' levels. Called once the games
        have resumed (the restart is not slowed by it); else the first listing of the
        rulesets or the first computer seat to move would import them on the event loop,
        in the middle of play, and every interaction then in flight would wait."""
        def load() -> None:
            manifests()
            self.policies  # noqa: B018 - made at its first use
        await asyncio.to_thread(load)

    @property
    def policies(self) -> dict[str, AIPolicy]:
        """Levels a host can hand a seat to, by the name stored with the seat. The default
        ones are made at the first use: their levels are read from every ruleset's
        manifest, which a restart whose games have no computer seat need not import."""
        if self._policies is None:
            self._policies = default_policies()
        return self._policies

    def __init__(self, db: Database, transport: Transport, *, clock: Clock | None = None,
                 picks: ShipPicks | None = None, policies: dict[str, AIPolicy] | None = None,
                 seed_source: Callable[[], int] | None = None, limits: Limits | None = None) -> None:
        self.db = db
        self.limits: Limits = limits or Limits()
        self.transport = transport
        self.clock: Clock = clock or SystemClock()
        self.picks: ShipPicks = picks or ScenarioShips()
        self._policies = policies
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._runtimes: dict[int, GameRuntime] = {}
        self._keeper = StateKeeper(STATES_KEPT)
        # A stamp (never reused) of the last time each game's runtime was dropped for
        # another process's write: a runtime read while one arrived may hold the step
        # before it, and is not kept (the same rule as db/memo.py's tokens).
        self._dropped: dict[int, int] = {}
        self._drop_stamps = itertools.count(1)
        self._listeners: list[Callable[[int], None]] = []
        self._storage_told: set[int] = set()  # games whose host knows the database refuses writes
        self._turn_marks: dict[int, bool] = {}  # whether a game's events mark where its turns start
        # thread id -> the game a look-up found played there (GameService.find_game)
        self._thread_games: dict[int, int] = {}

    # -- change notification ---------------------------------------------------------
    def subscribe(self, listener: Callable[[int], None]) -> None:
        """Called with a game id whenever something the game loop cares about changed."""
        self._listeners.append(listener)

    def _changed(self, game_id: int) -> None:
        for listener in self._listeners:
            listener(game_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    # -- lookups -----------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow:
        game = await self.db.game(game_id)
        if game is None:
            raise ServiceError("unknown-game", game=game_id)
        return game

    async def _game_in(self, game_id: int, *statuses: str) -> GameRow:
        game = await self.game(game_id)
        if game.status not in statuses:
            raise ServiceError(_STATUS_ERROR[game.status])
        return game

    async def _seat_of(self, game: GameRow, user_id: int) -> SeatRow:
        seat = next((s for s in await self.db.seats(game.id) if s.user_id == user_id), None)
        if seat is None:
            raise ServiceError("not-seated")
        return seat

    async def _seat(self, game: GameRow, seat_id: str) -> SeatRow:
        seats = await self.db.seats(game.id)
        seat = next((s for s in seats if s.seat_id == seat_id), None)
        if seat is None:
            raise ServiceError("unknown-seat", seat=seat_id, legal=", ".join(s.seat_id for s in seats) or "-")
        return seat

    @staticmethod
    def _require_host(game: GameRow, actor_id: int, manager: bool) -> None:
        if actor_id != game.host_id and not manager:
            raise ServiceError("not-host")

    # -- the engine state ----------------------------------------------------------------
    async def _runtime(self, game: GameRow) -> GameRuntime:
        runtime = self._runtimes.get(game.id)
        while runtime is None:
            before = self._dropped.get(game.id)
            loaded = await self._load_runtime(game)
            if self._dropped.get(game.id) == before:
                runtime = self._runtimes[game.id] = loaded
            # else a step was resolved or undone while this read was on its way: read again
        return runtime

    async def _current_runtime(self, game: GameRow) -> GameRuntime:
        """The runtime for a read that needs no lock: a resolution swaps the state and
        step in one assignment after its commit, so whatever is read is a committed
        snapshot. Only a missing runtime is built under the game's lock."""
        runtime = self._runtimes.get(game.id)
        if runtime is None:
            async with self._lock(game.id):
                runtime = await self._runtime(game)
        return runtime

    async def _forms_of(self, runtime: GameRuntime, seat_id: str) -> tuple[int, list[tuple[Decision, DecisionSpec]]]:
        """The step being decided and the seat's pending decisions with their forms,
        computed once per state (off the event loop: a fleet's forms take a while). Kept
        while the state is set aside: autocomplete on an idle game reads no state."""
        version, step_idx = runtime.version, runtime.step_idx
        memo = runtime.forms
        if memo is None or memo[0] != version:
            memo = runtime.forms = (version, {})
        found = memo[1].get(seat_id)
        if found is None:
            ruleset, state = runtime.ruleset, runtime.state  # the version's: no await between
            mine = [d for d in ruleset.pending(state) if d.player == seat_id]
            specs = await asyncio.to_thread(lambda: [ruleset.spec(state, d) for d in mine])
            # Kept with the state it was computed from, so a resolution meanwhile cannot
            # attach it to the wrong phase.
            found = memo[1][seat_id] = list(zip(mine, specs))
        return step_idx, found

    async def _load_runtime(self, game: GameRow) -> GameRuntime:
        last = await self.db.last_step(game.id)
        # The start's own state is needed only before the first step.
        start = await self.db.start_record(game.id, with_state=last is None)
        if start is None:
            raise ServiceError("game-not-started")
        ruleset = get_ruleset(game.ruleset)
        state = ruleset.load_state(last.state if last else start.state)
        return GameRuntime(game.id, ruleset, state, last.idx if last else 0, start.seed, keeper=self._keeper)

    def _forget_runtime(self, game_id: int) -> None:
        self._runtimes.pop(game_id, None)
        self._keeper.forget(game_id)
        if len(self._dropped) >= 4096:  # a long-lived process: stamps never reused, so safe to start over
            self._dropped.clear()
        self._dropped[game_id] = next(self._drop_stamps)

    def forget_runtime(self, game_id: int) -> None:
        """Another process resolved or undid a step of the game, or changed its status:
        the state kept here is read again when next needed."""
        self._forget_runtime(game_id)

    async def _dice(self, runtime: GameRuntime) -> SeededDice:
        if runtime.dice is None:
            start = await self.db.start_record(runtime.game_id, with_state=False)
            assert start is not None
            kept = list(start.rolls)
            for step in await self.db.steps(runtime.game_id):
                kept.extend(step.rolls)
            runtime.dice = continuing_dice(start.seed, kept)
        return runtime.dice

    # -- words -------------------------------------------------------------------------
    @staticmethod
    def _t(game: GameRow, code: str, **params: Any) -> str:
        return i18n.text(code, game.language, **params)

    def _who(self, game: GameRow, seat: SeatRow) -> str:
        if seat.user_id is not None:
            return i18n.mention(seat.user_id)
        if seat.ai_level is not None:
            return seat.display_name
        return self._t(game, "seat.vacant", side=self.side_name(game, seat.side))

    @staticmethod
    def side_name(game: GameRow, side: str) -> str:
        """A side as its players name it, in the game's language (never its id)."""
        get_ruleset(game.ruleset)  # its catalogue, with the names of its sides
        return side_name(game.ruleset, side, game.language)

    def seat_name(self, game: GameRow, seat: SeatRow) -> str:
        """A seat as the thread names it: its player (a mention), a computer player's name,
        or a vacant seat of its side; with its side."""
        return self._t(game, "seat.named", who=self._who(game, seat), side=self.side_name(game, seat.side))

    def title(self, game: GameRow) -> str:
        """The game's scenario title in its language."""
        return ScenarioHead.of(game.setup).title_in(game.language) or game.scenario or game.ruleset

    def _ai_label(self, game: GameRow, level: str) -> str:
        return self.ai_label(level, game.ruleset, game.language)

    def ai_label(self, level: str, ruleset: str, lang: str) -> str:
        """What a computer player of ``level`` does, in the ruleset's own terms where its
        manifest says (a galley captain rams and boards), else in the bot's general words."""
        try:
            own = manifest(ruleset).captain_descriptions.get(level)
        except KeyError:  # a ruleset built by hand, with no manifest (tests)
            own = None
        return own.render(lang) if own is not None else i18n.text(self.policies[level].label_code, lang)

    async def _notice(self, game: GameRow, code: str, mentions: Iterable[int] = (), **params: Any) -> None:
        """Post a public line. The change it reports is already stored, so a failed post is logged, not raised."""
        try:
            await self.transport.post(Place.of(game), [self._t(game, code, **params)], mentions=list(mentions))
        except DeliveryError as exc:
            logger.warning("game %s: could not post notice %s (%s)", game.id, code, exc.reason)
        except Exception:
            logger.exception("game %s: could not post notice %s", game.id, code)

    async def _audit(self, game: GameRow, actor_id: int | None, action: str, **detail: Any) -> None:
        await self.db.audit(game.id, self.clock.now(), actor_id, action, detail)

    @staticmethod
    def _event_lines(ruleset: Ruleset, game: GameRow, events: Iterable[dict[str, Any]],
                     seat_id: str | None = None) -> list[str]:
        """Lines of the public events (seat_id None), or of the events private to ``seat_id``.

        Dice are left out: every roll that matters is told by the event it decided.
        """
        out = []
        for raw in events:
            event = Event.model_validate(raw)
            if event.kind == "roll":
                continue
            mine = event.to is None if seat_id is None else (event.to is not None and seat_id in event.to)
            if mine:
                out.append(ruleset.describe(event, game.language))
        return out
