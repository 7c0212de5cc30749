"""The game loop's side of the service: who owes what, computer players' orders,
resolving a phase, and what each resolution shows.
"""
from __future__ import annotations

import asyncio
import random
from typing import Any

from pydantic import BaseModel

from bot import i18n
from bot.service.core import GameRuntime, logger
from bot.service.ladder import LadderMixin
from bot.service.models import PendingDecision, PhaseStatus, Resolution, deadline_per, late_window
from bot.service.standing import StandingMixin
from bot.service.posting import StoredStep, Told, public_weights
from bot.transport import Prompt
from db import AnnouncePart, DeadlineRow, GameRow, NewStep, OrderRow, SeatRow, StepConflict, StepRow, WrongStatus
from rules.core import game as engine
from rules.core.decisions import Decision, Order, Problem
from rules.core.events import Event
from rules.core.registry import get_ruleset
from rules.core.ruleset import TURN_START

AI_TRIES = 8  # answers a computer player may give before its seat takes the default


class EngineFailure(Exception):
    """The rules raised while resolving a phase: nothing was stored."""


class PhaseMixin(StandingMixin, LadderMixin):
    # -- looking ---------------------------------------------------------------------------
    async def phase_status(self, game_id: int) -> PhaseStatus:
        """Who owes which decision and the phase's deadline (opened here the first time)."""
        async with self._lock(game_id):
            game = await self.game(game_id)
            seats = {s.seat_id: s for s in await self.db.seats(game_id)}
            if game.status != "running":
                return PhaseStatus(game, 0, [], seats, set(), await self.db.deadline(game_id))
            runtime = await self._runtime(game)
            pending = runtime.ruleset.pending(runtime.state)
            if not pending:
                # Only reachable if a game ended without its status following.
                await self.db.end_game(game_id, self.clock.now())
                await self.settle_quietly(game_id)
                return PhaseStatus(await self.game(game_id), 0, [], seats, set(), None)
            orders = await self.db.open_orders(game_id)
            answered = {o.decision_id for o in orders}
            # A decision a standing order answers holds nothing up: it is applied at resolution.
            answered |= set(self._covering(runtime, [d for d in pending if d.id not in answered],
                                           await self._standing_rows(game_id), seats))
            deadline = await self._phase_deadline(game, runtime)
        given = [o.submitted_at for o in orders if o.source == "player"]
        return PhaseStatus(game, runtime.step_idx + 1, pending, seats, answered, deadline,
                           max(given) if given else None)

    async def _phase_deadline(self, game: GameRow, runtime: GameRuntime) -> DeadlineRow:
        """The open phase's deadline, opened on the first look at it. With one deadline a
        turn, a phase keeps its turn's deadline; each one that opens after that deadline
        has passed gets a short late window (``late_window``) for the players who were on
        time, and those who missed it take their defaults for the rest of the turn."""
        step = runtime.step_idx + 1
        current = await self.db.deadline(game.id)
        if current is not None and current.step_idx == step:
            return current
        now = self.clock.now()
        # The view's turn is part of every ruleset's view contract.
        turn = (await asyncio.to_thread(runtime.ruleset.view, runtime.state, None)).get("turn")
        turn = turn if isinstance(turn, int) else None
        same_turn = (deadline_per(game) == "turn" and current is not None and turn is not None
                     and current.turn == turn)
        if same_turn and current is not None and not current.late and current.due_at > now:
            return await self.db.open_deadline(game.id, step, current.opened_at, current.due_at, turn=turn,
                                               reminders_sent=current.reminders_sent)
        if same_turn:
            return await self.db.open_deadline(game.id, step, now, now + late_window(game.phase_seconds),
                                               turn=turn, late=True)
        return await self.db.open_deadline(game.id, step, now, now + game.phase_seconds, turn=turn)

    def who(self, game: GameRow, seat: SeatRow) -> str:
        """How a seat is named in public: a mention, a computer player's name, or 'vacant'."""
        return self._who(game, seat)

    # -- computer players ---------------------------------------------------------------------
    async def answer_ai(self, game_id: int) -> int:
        """Store an order for every pending decision of a computer-played seat; returns how many."""
        async with self._lock(game_id):
            game = await self.game(game_id)
            if game.status != "running":
                return 0
            runtime = await self._runtime(game)
            seats = {s.seat_id: s for s in await self.db.seats(game_id)}
            answered = {o.decision_id for o in await self.db.open_orders(game_id)}
            count = 0
            for decision in runtime.ruleset.pending(runtime.state):
                seat = seats.get(decision.player)
                if seat is not None and seat.ai_level and decision.id not in answered:
                    count += await self._answer_for_ai(game, runtime, seat, decision)
        return count

    async def _answer_for_ai(self, game: GameRow, runtime: GameRuntime, seat: SeatRow, decision: Decision) -> int:
        policy = self.policies.get(seat.ai_level or "")
        if policy is None:
            return 0
        view = runtime.ruleset.view(runtime.state, seat.seat_id)
        spec = await asyncio.to_thread(runtime.ruleset.spec, runtime.state, decision)
        # Seeded per game, step and decision, so a computer seat plays the same after a restart.
        rng = random.Random(f"{runtime.seed}/{runtime.step_idx + 1}/{decision.id}")

        def check(payload: dict[str, Any]) -> list[Problem]:
            # What a human learns by sending an order: whether the engine takes it.
            order = Order(decision=decision.id, player=seat.seat_id, payload=payload)
            return runtime.ruleset.validate(runtime.state, order)

        for _ in range(AI_TRIES):
            try:
                payload = await asyncio.to_thread(policy.choose, runtime.ruleset, view, decision, spec, rng, check)
            except Exception:
                logger.exception("game %s: computer player %s failed on %s", game.id, seat.ai_level, decision.id)
                return 0
            if payload is None:
                return 0
            result = await self._submit(game, seat, decision.id, payload, None, "ai")
            if result.stored:
                return 1
        return 0

    # -- resolving --------------------------------------------------------------------------
    async def resolve_phase(self, game_id: int, step_idx: int) -> Resolution | None:
        """Resolve step ``step_idx`` with the stored orders (defaults for the rest) and store it.

        Returns None when that step is not the open one any more, or was stored
        meanwhile (the database refuses a second step at the same index): a caller
        acting on a stale look can never resolve the following phase by mistake.
        """
        async with self._lock(game_id):
            game = await self.game(game_id)
            if game.status != "running":
                return None
            runtime = await self._runtime(game)
            pending = runtime.ruleset.pending(runtime.state)
            if not pending or runtime.step_idx + 1 != step_idx:
                return None
            stored = await self.db.open_orders(game_id)
            seats = {s.seat_id: s for s in await self.db.seats(game_id)}
            applied = await self._apply_standing(game, runtime, pending, stored, seats)
            new_state, result = await self._run_engine(game, runtime, stored, applied.orders)
            missed = self._missed(pending, stored, seats, applied.covered)
            step = self._new_step(runtime, result, stored, missed, runtime.ruleset.outcome(new_state) is not None,
                                  keep_deadline=deadline_per(game) == "turn")
            try:
                row = await self.db.record_step(game_id, step)
            except StepConflict:
                logger.warning("game %s: step %s was already stored; reloading", game_id, step.idx)
                self._forget_runtime(game_id)
                return None
            except BaseException:
                runtime.dice = None  # the dice moved on for a step that was not kept
                raise
            runtime.state, runtime.step_idx = new_state, step.idx
            try:
                await self._spend_passed(game, runtime)
            except Exception:
                # The step is stored; an order left for a phase that has passed never
                # matches a decision again, so this can wait for the next resolution.
                logger.warning("game %s: could not mark passed standing orders spent", game_id, exc_info=True)
        await self._tell_unfit(game, seats, applied.notes)
        if step.over:
            # The game's result and the ladder, once; a restart before this line
            # settles it on the way up (LoopManager.start).
            await self.settle_quietly(game_id)
        flagged = [seats[s] for s, m in missed.items() if m and seats[s].missed_turns + 1 == 2]
        return Resolution(row, flagged, step.over)

    def _new_step(self, runtime: GameRuntime, result: engine.StepResult, stored: list[OrderRow],
                  missed: dict[str, bool], over: bool, keep_deadline: bool = False) -> NewStep:
        used = {o.decision for o in result.orders}
        return NewStep(idx=runtime.step_idx + 1, orders=[o.model_dump(mode="json") for o in result.orders],
                       rolls=[r.model_dump(mode="json") for r in result.rolls],
                       events=[e.model_dump(mode="json") for e in result.events], state=result.state,
                       resolved_at=self.clock.now(), consumed=[o.seq for o in stored if o.decision_id in used],
                       missed=missed, over=over, keep_deadline=keep_deadline)

    async def _run_engine(self, game: GameRow, runtime: GameRuntime, stored: list[OrderRow],
                          standing: list[Order] = ()) -> tuple[BaseModel, engine.StepResult]:
        # Standing orders come first: a person's own order, given later, always wins.
        orders = list(standing) + [Order(decision=o.decision_id, player=o.seat_id, payload=o.payload) for o in stored]
        dice = await self._dice(runtime)
        while True:
            try:
                return await asyncio.to_thread(engine.resolve, runtime.ruleset, runtime.state, orders, dice)
            except engine.OrderRejected as exc:
                # Checked on arrival against this same state, so this means a rules change or
                # bug; the engine rejects before throwing any die, so dropping the order is safe.
                # Codes only: the problems' text may quote a hidden order.
                logger.error("game %s: stored order for %s no longer valid (%s)", game.id, exc.order.decision,
                          ", ".join(p.code for p in exc.problems))
                orders = [o for o in orders if o is not exc.order]
            except Exception as exc:
                runtime.dice = None
                raise EngineFailure(f"game {game.id}: the rules failed to resolve step {runtime.step_idx + 1}") \
                    from exc

    @staticmethod
    def _missed(pending: list[Decision], stored: list[OrderRow], seats: dict[str, SeatRow],
                covered: set[str] = frozenset()) -> dict[str, bool]:
        """For each seat a person answers for: did it send nothing for this phase (a
        standing order it left counts as sent)?"""
        gave = {o.seat_id for o in stored} | {d.player for d in pending if d.id in covered}
        owners = {d.player for d in pending}
        return {sid: sid not in gave for sid in owners if sid in seats and not seats[sid].ai_level}

    async def halt(self, game_id: int) -> None:
        """The rules failed on this phase: pause so the loop stops retrying, and tell the host."""
        game = await self.game(game_id)
        try:
            await self.db.pause(game_id, self.clock.now())
        except WrongStatus:
            return
        await self._audit(game, None, "engine-error")
        await self._notice(game, "notice.engine-error", [game.host_id], host=i18n.mention(game.host_id))

    # -- telling -----------------------------------------------------------------------------
    async def backlog(self, game_id: int) -> tuple[list[StoredStep], dict[int, dict[str, tuple[int, bool]]]]:
        """The start and the steps not yet wholly told, with their public events weighed
        by the ruleset (for :mod:`bot.service.posting`) and each player's private lines;
        and what of each went out already (:meth:`all_announce_parts`, read with them in
        one trip to the database)."""
        game = await self.game(game_id)
        ruleset = get_ruleset(game.ruleset)
        start, steps, parts = await self.db.untold(game_id)
        rows: list[tuple[int, Any]] = []
        if start:
            rows.append((0, await self.db.start_record(game_id, with_state=False)))
        rows += [(s.idx, s) for s in steps]
        seats = await self.db.seats(game_id)
        out = []
        for idx, row in rows:
            if row is None:
                continue
            told = []
            for raw in row.events:
                event = Event.model_validate(raw)
                if event.kind == "roll" or event.to is not None:
                    continue
                ship = event.data.get("ship")
                told.append(Told(ruleset.event_weight(event), ruleset.describe(event, game.language),
                                 ship if isinstance(ship, str) else None))
            private = {}
            for seat in seats:
                lines = self._event_lines(ruleset, game, row.events, seat.seat_id)
                if lines and seat.user_id is not None:
                    private[seat.user_id] = lines
            out.append(StoredStep(idx, row.id if isinstance(row, StepRow) else 0, told, private))
        return out, parts

    async def told_view(self, game_id: int, idx: int) -> tuple[dict[str, Any], bool]:
        """The public view after the start (0) or a step, and whether the game ended there."""
        game = await self.game(game_id)
        ruleset = get_ruleset(game.ruleset)
        known = await self._view_in_memory(game_id, idx)
        if known is not None:
            return known
        row = await (self.db.start_record(game_id) if idx == 0 else self.db.step(game_id, idx))
        state = await asyncio.to_thread(ruleset.load_state, row.state)
        return await asyncio.to_thread(ruleset.view, state, None), ruleset.outcome(state) is not None

    async def _view_in_memory(self, game_id: int, idx: int) -> tuple[dict[str, Any], bool] | None:
        """:meth:`told_view` of the step the game's runtime holds, from its state: the step
        just resolved, which its loop tells next. Reading it back from the database
        unpacked the stored state on the event loop (some 0.3 ms a phase, as the members'
        next clicks come in) to build the same state again. None when the runtime holds
        another step, or moved on meanwhile."""
        runtime = self._runtimes.get(game_id)
        if runtime is None or idx == 0 or runtime.step_idx != idx:
            return None
        ruleset = runtime.ruleset
        found, current = await runtime.in_thread(
            lambda state: (ruleset.view(state, None), ruleset.outcome(state) is not None))
        # A new state comes with its step: unchanged, the state read was this step's.
        return found if current else None

    async def marks_turns(self, game_id: int) -> bool:
        """Whether the game's ruleset marks where a turn starts (its first turn is marked
        at the start): without such marks a post a turn could not be cut, and the thread
        is told whenever a person must act instead."""
        known = self._turn_marks.get(game_id)
        if known is None:
            game = await self.game(game_id)
            start = await self.db.start_record(game_id, with_state=False)
            weights = public_weights(get_ruleset(game.ruleset), start.events) if start is not None else []
            known = self._turn_marks[game_id] = TURN_START in weights
        return known

    async def person_must_act(self, game_id: int) -> bool:
        """Whether the open phase waits for a person (not a computer seat)."""
        return bool((await self.phase_status(game_id)).owing)

    async def mark_announced(self, game_id: int, idx: int, *, key: int | None = None,
                             notes: list[AnnouncePart] = ()) -> None:
        """``key``: the step's row id (0 for the start) when known; ``notes``: other
        announcements' parts to note in the same transaction."""
        await self.db.mark_announced(game_id, idx, step_id=key, notes=notes)

    # -- prompts and reminders ------------------------------------------------------------------
    async def prompt_for(self, status: PhaseStatus, seat: SeatRow) -> Prompt | None:
        """The private call for orders to one seat, rendered in the game's language
        (None if the phase looked at has been resolved meanwhile)."""
        game = status.game
        due = status.deadline.due_at if status.deadline else self.clock.now()
        runtime = await self._current_runtime(game)
        step_idx, forms = await self._forms_of(runtime, seat.seat_id)
        if step_idx + 1 != status.step_idx:
            return None  # resolved since the loop looked: its next look prompts afresh
        decisions = await self._with_helps(game, runtime, seat.seat_id,
                                           [PendingDecision(d, s, due) for d, s in forms if d.id not in status.answered])
        lines = [self._t(game, "private.prompt-header", title=self.title(game), due=i18n.timestamp(due))]
        for item in decisions:
            default = item.spec.words("default_text", game.language) or self._t(game, "private.default-unknown")
            lines.append(self._t(game, "private.prompt-decision",
                                 label=item.decision.label_in(game.language) or item.decision.id,
                                 default=default))
        lines.append(self._t(game, "private.prompt-how"))
        if await self._standing_would_help(game, runtime, seat.seat_id, [d.decision for d in decisions]):
            lines.append(self._t(game, "private.prompt-standing"))
        return Prompt(game_id=game.id, seat_id=seat.seat_id, lines=lines, decisions=decisions, due_at=due)

    async def prompted(self, game_id: int, step_idx: int) -> dict[str, str]:
        return await self.db.prompted(game_id, step_idx)

    async def note_prompt(self, game_id: int, step_idx: int, seat_id: str, via: str) -> None:
        await self.db.note_prompt(game_id, step_idx, seat_id, via, self.clock.now())

    async def dm_failed(self, game_id: int, seat_id: str) -> None:
        await self.db.set_dm_ok(game_id, seat_id, False)

    async def note_reminders(self, game_id: int, step_idx: int, sent: int) -> None:
        await self.db.note_reminders(game_id, step_idx, sent)
