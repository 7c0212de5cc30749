"""A player's side of a running game: what is asked of me, my orders, what I see."""
from __future__ import annotations

import asyncio
from typing import Any

from bot import i18n
from bot.service.core import GameRuntime, logger
from bot.service.errors import ServiceError
from bot.service.faults import FaultsMixin
from bot.service.models import PendingDecision, PhaseStatus, SubmitResult
from bot.service.posting import frames_with_action, public_weights
from db import GameRow, NewOrder, OrderRow, SeatRow, StaleStep, StorageUnavailable
from rules.core.decisions import Decision, Order, Problem
from rules.core.record import GameRecord, RecordStep
from rules.core.registry import get_ruleset


class PlayMixin(FaultsMixin):
    # -- what is asked of me ------------------------------------------------------------
    async def my_pending(self, game_id: int, user_id: int, *, helps: bool = False) -> list[PendingDecision]:
        """The decisions waiting for the user's seat, each with its form and stored order;
        ``helps``: with the standing order that answers it and "same as last turn" too
        (the rules check those, so autocomplete, asking on every keystroke, goes without)."""
        game = await self._game_in(game_id, "running", "paused")
        seat = await self._seat_of(game, user_id)
        # No game lock: a player looking at their forms need not wait for another
        # player's order or a resolution to finish (see _current_runtime).
        runtime = await self._current_runtime(game)
        step_idx, mine = await self._forms_of(runtime, seat.seat_id)
        stored = {o.decision_id: o.payload for o in await self.db.open_orders(game_id)
                  if o.seat_id == seat.seat_id and o.step_idx == step_idx + 1}
        due = await self._due(game_id, step_idx)
        items = [PendingDecision(d, s, due, stored.get(d.id)) for d, s in mine]
        return await self._with_helps(game, runtime, seat.seat_id, items) if helps else items

    async def my_forms(self, game_id: int, user_id: int) -> list[PendingDecision]:
        """The decisions waiting for the user's seat with their forms, for autocomplete:
        what :meth:`my_pending` gives without the stored orders and the deadline, which a
        list of choices does not show. Discord asks on every keystroke and wants the
        choices themselves as the first answer, so this reads only what the service keeps
        (the game's and seats' rows, the engine state and the forms computed for it when
        the seat was prompted): after a confirmed order the open orders are read again
        from the database, and the answer would wait for that read."""
        game = await self._game_in(game_id, "running", "paused")
        seat = await self._seat_of(game, user_id)
        runtime = await self._current_runtime(game)
        _, mine = await self._forms_of(runtime, seat.seat_id)
        return [PendingDecision(d, s, None) for d, s in mine]

    async def _with_helps(self, game: GameRow, runtime: GameRuntime, seat_id: str,
                          items: list[PendingDecision]) -> list[PendingDecision]:
        return items  # bot.service.standing fills them in

    async def _due(self, game_id: int, step_idx: int) -> float | None:
        deadline = await self.db.deadline(game_id)
        if deadline is None or deadline.step_idx != step_idx + 1:
            return None
        return deadline.due_at

    # -- giving an order --------------------------------------------------------------------
    async def submit_order(self, game_id: int, user_id: int, decision_id: str, payload: dict[str, Any],
                           idempotency_key: str | None = None) -> SubmitResult:
        """Check an order with the engine and store it at once; problems come back in plain words."""
        try:
            async with self._lock(game_id):
                game = await self.game(game_id)
                seen = await self.db.order_by_key(game_id, idempotency_key) if idempotency_key else None
                if seen is not None:
                    return SubmitResult("duplicate", self._t(game, "confirm.duplicate"))
                game = await self._game_in(game_id, "running")
                seat = await self._seat_of(game, user_id)
                result = await self._submit(game, seat, decision_id, payload, idempotency_key, "player")
        except StorageUnavailable as exc:
            await self.storage_trouble(game_id, exc)
            raise ServiceError("storage-unavailable") from None
        late = any(p.code == "deadline-passed" for p in result.problems)
        if result.stored or late:
            # Refused as late: the loop may be asleep on a timer the wall clock has
            # outrun (set forward, say); it resolves the phase now.
            self._changed(game_id)
        if result.stored:
            self.storage_fine(game_id)
        return result

    async def preview_order(self, game_id: int, user_id: int, decision_id: str,
                            payload: dict[str, Any]) -> tuple[dict[str, Any] | None, list[Problem]]:
        """The public view as it would look once this order's move is sailed, or the
        problems with the order; nothing is stored. (None, []) when the ruleset draws
        no preview for such an order."""
        async with self._lock(game_id):
            game = await self._game_in(game_id, "running", "paused")
            seat = await self._seat_of(game, user_id)
            runtime = await self._runtime(game)
            order = Order(decision=decision_id, player=seat.seat_id,
                          payload=payload if isinstance(payload, dict) else {})
            problems, clean = await self._check(game, runtime, order)
            if problems:
                return None, problems
            return await asyncio.to_thread(runtime.ruleset.preview, runtime.state, clean), []

    async def _submit(self, game: GameRow, seat: SeatRow, decision_id: str, payload: Any,
                      key: str | None, source: str) -> SubmitResult:
        runtime = await self._runtime(game)
        due = await self._due(game.id, runtime.step_idx)
        if due is not None and self.clock.now() >= due:
            return self._rejected(game, [Problem(code="deadline-passed",
                                                 message=self._t(game, "problem.deadline-passed"))])
        order = Order(decision=decision_id, player=seat.seat_id, payload=payload if isinstance(payload, dict) else {})
        problems, clean = await self._check(game, runtime, order)
        if problems:
            return self._rejected(game, problems)
        try:
            stored = await self.db.add_order(NewOrder(
                game_id=game.id, step_idx=runtime.step_idx + 1, decision_id=decision_id, seat_id=seat.seat_id,
                payload=clean.payload, source=source, submitted_at=self.clock.now(),  # type: ignore[arg-type]
                user_id=seat.user_id if source == "player" else None, idempotency_key=key))
        except StaleStep:
            raise ServiceError("phase-moved-on") from None
        return await self._accepted(game, runtime, decision_id, stored.replaced, due, stored.open_orders)

    async def _check(self, game: GameRow, runtime: GameRuntime, order: Order) -> tuple[list[Problem], Order]:
        try:
            clean, problems = await asyncio.to_thread(runtime.ruleset.accept, runtime.state, order)
            return problems, clean or order
        except Exception:
            # A rules bug must cost the player an order, not the bot a crash.
            logger.exception("game %s: the engine failed to check an order for %s", game.id, order.decision)
            return [Problem(code="engine-error", message=self._t(game, "problem.engine-error"))], order

    def _rejected(self, game: GameRow, problems: list[Problem]) -> SubmitResult:
        lines = [self._t(game, "confirm.rejected")] + [f"• {p.text(game.language)}" for p in problems]
        return SubmitResult("rejected", "\n".join(lines), problems)

    async def _accepted(self, game: GameRow, runtime: GameRuntime, decision_id: str, replaced: bool,
                        due: float | None, open_orders: tuple[OrderRow, ...] | None = None) -> SubmitResult:
        """The confirmation says exactly whether, and until when, the order can be taken
        back: until the phase resolves, which is at once (or after the game's grace
        period) when this was the last order, else when the last one comes in or at the
        deadline."""
        decision = self._decision(runtime, decision_id)
        label = decision.label_in(game.language) if decision and decision.label else decision_id
        head = self._t(game, "confirm.changed" if replaced else "confirm.recorded", label=label)
        grace = self.grace_for(game)
        if await self._last_order(game, runtime, open_orders):
            if grace <= 0:
                tail = self._t(game, "confirm.last-now")
            else:
                until = self.clock.now() + grace
                until = min(until, due) if due is not None else until
                tail = self._t(game, "confirm.last-grace", at=i18n.timestamp(until))
        else:
            when = i18n.timestamp(due) if due is not None else "-"
            tail = (self._t(game, "confirm.until-grace", grace=i18n.duration(grace, game.language), due=when)
                    if grace > 0 else self._t(game, "confirm.until-resolved", due=when))
        return SubmitResult("replaced" if replaced else "accepted", f"{head} {tail}")

    async def _last_order(self, game: GameRow, runtime: GameRuntime,
                          orders: tuple[OrderRow, ...] | None = None) -> bool:
        """Whether every order a person owes in this phase is now in (``orders``: the
        open ones as the order's own transaction left them, else read)."""
        if orders is None:
            orders = tuple(await self.db.open_orders(game.id))
        seats = {s.seat_id: s for s in await self.db.seats(game.id)}
        deadline = await self.db.deadline(game.id)
        if deadline is not None and deadline.step_idx != runtime.step_idx + 1:
            deadline = None
        status = PhaseStatus(game, runtime.step_idx + 1, runtime.ruleset.pending(runtime.state), seats,
                             {o.decision_id for o in orders if o.step_idx == runtime.step_idx + 1}, deadline)
        return status.all_in

    @staticmethod
    def _decision(runtime: GameRuntime, decision_id: str) -> Decision | None:
        return next((d for d in runtime.ruleset.pending(runtime.state) if d.id == decision_id), None)

    async def reopen_dms(self, game_id: int, user_id: int) -> None:
        """The player says direct messages work again: prompts go there from now on."""
        game = await self.game(game_id)
        seat = await self._seat_of(game, user_id)
        await self.db.set_dm_ok(game_id, seat.seat_id, True)

    # -- what I see ---------------------------------------------------------------------------
    async def view_for(self, game_id: int, user_id: int) -> dict[str, Any]:
        """The game as this user may see it: their seat's view, or the public one for onlookers."""
        game = await self._game_in(game_id, "running", "paused", "over")
        seat = next((s for s in await self.db.seats(game_id) if s.user_id == user_id), None)
        async with self._lock(game_id):
            runtime = await self._runtime(game)
        return runtime.ruleset.view(runtime.state, seat.seat_id if seat else None)

    async def public_view(self, game_id: int) -> dict[str, Any]:
        game = await self._game_in(game_id, "running", "paused", "over")
        async with self._lock(game_id):
            runtime = await self._runtime(game)
        return runtime.ruleset.view(runtime.state, None)

    async def log(self, game_id: int, last: int | None = None) -> list[str]:
        """The public story so far, one line per event, in the game's language."""
        game = await self._game_in(game_id, "running", "paused", "over")
        async with self._lock(game_id):
            runtime = await self._runtime(game)
        start = await self.db.start_record(game_id)
        assert start is not None
        lines = self._event_lines(runtime.ruleset, game, start.events)
        for step in await self.db.steps(game_id):
            lines.extend(self._event_lines(runtime.ruleset, game, step.events))
        return lines[-last:] if last else lines

    async def story_mark(self, game_id: int) -> tuple[int, int, int | None]:
        """Something that changes whenever the game's public story does (for keeping a
        drawn replay until then): the game, its live steps, the last one's id."""
        await self._game_in(game_id, "running", "paused", "over")
        return (game_id, *await self.db.step_mark(game_id))

    async def replay_views(self, game_id: int, most: int = 150) -> list[dict[str, Any]]:
        """The public views of the game from its start to now, at most ``most`` of them
        (a long game is sampled evenly; the start and the last step are always kept):
        the frames of a replay. Public views only, so a replay shows no secret."""
        game = await self._game_in(game_id, "running", "paused", "over")
        start = await self.db.start_record(game_id)
        if start is None:
            raise ServiceError("game-not-started")
        steps = await self.db.steps(game_id, with_state=True)
        rules = get_ruleset(game.ruleset)
        states = [start.state] + [s.state for s in steps]
        # One frame per phase with action (the start and the last step kept).
        kept = frames_with_action([public_weights(rules, start.events)] + [public_weights(rules, s.events)
                                                                         for s in steps])
        kept = sorted({0, *kept, len(states) - 1})
        states = [states[i] for i in kept]
        if len(states) > most >= 2:
            gap = (len(states) - 1) / (most - 1)
            states = [states[round(i * gap)] for i in range(most)]
        return await asyncio.to_thread(lambda: [rules.view(rules.load_state(s), None) for s in states])

    # -- the record ---------------------------------------------------------------------------
    async def export_record(self, game_id: int) -> GameRecord:
        """The whole game as a replayable record; it holds every secret, so only once it is over."""
        game = await self.game(game_id)
        if game.status != "over":
            raise ServiceError("export-running")
        start = await self.db.start_record(game_id)
        if start is None:
            raise ServiceError("game-not-started")
        steps = [RecordStep.model_validate({"orders": s.orders, "rolls": s.rolls})
                 for s in await self.db.steps(game_id)]
        return GameRecord(ruleset=game.ruleset, options=game.options, scenario=game.scenario, setup=start.setup,
                          seats=start.seats, seed=start.seed, start_rolls=start.rolls, steps=steps)
