"""Standing orders, "same as last turn", and the orders a phase takes without a tap.

The rules offer standing orders in their own terms (``Ruleset.standing_offers``); this
part of the service stores them the moment they arrive (``db`` table
``standing_orders``), lets their player see and cancel them, counts a decision they
cover as answered (so a phase whose ships all have standing orders resolves without
waiting for anyone), and at resolution turns each into an order for its decision —
checked by ``Ruleset.accept`` like any order a person gives. One that no longer fits
the situation (the rules give no payload, or refuse the one they gave) leaves the ship
to the published default, and its player is told why in plain words.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from bot.service.core import GameRuntime, logger
from bot.service.errors import ServiceError
from bot.service.play import PlayMixin
from bot.service.quick import QuickOrder, complete_orders, describe_payload
from bot.transport import DeliveryError, PendingDecision
from db import GameRow, NewStanding, OrderRow, SeatRow, StandingRow
from rules.core.decisions import Decision, Order, Problem
from rules.core.ruleset import Ruleset
from rules.core.standing import EVERY_PHASE, History, Standing, StandingOffer

_UNKNOWN: Any = object()  # "same as last turn" not checked yet for the state now

HISTORY_STEPS = 16  # steps looked back for "as last phase" and "same as last turn"


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One live standing order of a seat, in the reader's words."""

    subject: str
    subject_label: str
    kind: str
    kind_label: str
    moment: str
    moment_label: str  # '' for every phase


@dataclass(frozen=True, slots=True)
class StandingBoard:
    """What a seat may give standing orders to, and what it has given."""

    offers: list[StandingOffer]
    given: list[StandingLine]

    def kind_of(self, subject: str, moment: str) -> str | None:
        return next((g.kind for g in self.given if g.subject == subject and g.moment == moment), None)


@dataclass(frozen=True, slots=True)
class Applied:
    """What the standing orders of a phase gave: the orders, and what to tell whom."""

    orders: list[Order]
    covered: set[str]  # decision ids a standing order answered (fitting or not)
    notes: list[tuple[str, str]]  # (seat id, a line in the game's language)


class StandingMixin(PlayMixin):
    # -- giving, seeing, cancelling --------------------------------------------------------
    async def standing_board(self, game_id: int, user_id: int) -> StandingBoard:
        game = await self._game_in(game_id, "running", "paused")
        seat = await self._seat_of(game, user_id)
        runtime = await self._current_runtime(game)
        offers = runtime.ruleset.standing_offers(runtime.state, seat.seat_id)
        rows = [r for r in await self.db.standing_orders(game_id) if r.seat_id == seat.seat_id]
        return StandingBoard(offers, [self._line(game, offers, r) for r in rows])

    async def give_standing(self, game_id: int, user_id: int, subject: str, kind: str,
                            moment: str = EVERY_PHASE) -> str:
        """Store a standing order for one of the seat's ships (for every phase, or for one
        moment still to come this turn); returns the confirmation in the game's words."""
        async with self._lock(game_id):
            game = await self._game_in(game_id, "running", "paused")
            seat = await self._seat_of(game, user_id)
            runtime = await self._runtime(game)
            offers = runtime.ruleset.standing_offers(runtime.state, seat.seat_id)
            offer = next((o for o in offers if o.subject == subject), None)
            if offer is None:
                raise ServiceError("standing-not-yours", ships=", ".join(o.label_in(game.language) for o in offers)
                                   or "-")
            found = offer.kind(kind)
            if found is None:
                raise ServiceError("standing-unknown", order=kind[:40],
                                   legal=", ".join(k.label_in(game.language) for k in offer.kinds) or "-")
            if not offer.has_moment(moment):
                raise ServiceError("standing-moment-passed")
            await self.db.add_standing(NewStanding(game_id=game_id, seat_id=seat.seat_id, subject=subject, kind=kind,
                                                   moment=moment, given_at=self.clock.now(), user_id=user_id))
        self._changed(game_id)  # it may answer the open phase
        line = self._line(game, offers, StandingRow(0, game_id, seat.seat_id, subject, kind, moment, user_id, 0, "live"))
        said = self._t(game, "standing.given", ship=line.subject_label, order=line.kind_label,
                       when=line.moment_label or self._t(game, "standing.every-phase"))
        note = offer.words("note", game.language)
        return f"{said} {note}" if note else said

    async def cancel_standing(self, game_id: int, user_id: int, subject: str, moment: str = EVERY_PHASE) -> str:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "running", "paused")
            seat = await self._seat_of(game, user_id)
            if not await self.db.cancel_standing(game_id, seat.seat_id, subject, moment, self.clock.now()):
                raise ServiceError("standing-none")
            runtime = await self._runtime(game)
            offers = runtime.ruleset.standing_offers(runtime.state, seat.seat_id)
        self._changed(game_id)
        label = next((o.label_in(game.language) for o in offers if o.subject == subject), subject)
        return self._t(game, "standing.cancelled", ship=label)

    def _line(self, game: GameRow, offers: list[StandingOffer], row: StandingRow) -> StandingLine:
        lang = game.language
        offer = next((o for o in offers if o.subject == row.subject), None)
        kind = offer.kind(row.kind) if offer else None
        when = next((m.label_in(lang) for m in offer.moments if str(m.value) == row.moment), row.moment) \
            if offer and row.moment else ""
        return StandingLine(row.subject, offer.label_in(lang) if offer else row.subject, row.kind,
                            kind.label_in(lang) if kind else row.kind, row.moment, when)

    def _lines(self, game: GameRow, offers: list[StandingOffer], rows: list[StandingRow]) -> StandingLine:
        """Several standing orders answering one decision, told as one: the ships, and
        their orders (each once)."""
        lines = [self._line(game, offers, r) for r in rows]
        if len(lines) == 1:
            return lines[0]
        kinds = list(dict.fromkeys(line.kind_label for line in lines))
        return StandingLine(",".join(r.subject for r in rows), ", ".join(line.subject_label for line in lines),
                            ",".join(r.kind for r in rows), ", ".join(kinds), "", "")

    # -- which decisions they answer ---------------------------------------------------------
    async def _standing_rows(self, game_id: int) -> list[StandingRow]:
        return await self.db.standing_orders(game_id)

    @staticmethod
    def _covering(runtime: GameRuntime, pending: list[Decision], rows: list[StandingRow],
                  seats: dict[str, SeatRow]) -> dict[str, list[StandingRow]]:
        """decision id -> the standing orders that answer it, one per subject the rules
        name for it (a decision about a whole fleet needs one for every ship): for each,
        one for its moment first, else one for every phase; only for seats a person
        holds (or vacant ones)."""
        if not rows:
            return {}
        out = {}
        for decision in pending:
            seat = seats.get(decision.player)
            if seat is not None and seat.ai_level:
                continue
            subjects = runtime.ruleset.standing_subjects(runtime.state, decision)
            mine = [r for r in rows if r.seat_id == decision.player and r.subject in subjects]
            if not subjects or not mine:
                continue
            moment = runtime.ruleset.moment_of(runtime.state, decision)
            if moment is None:
                continue  # not a decision standing orders answer
            found = [_pick(mine, subject, moment) for subject in subjects]
            if all(f is not None for f in found):
                out[decision.id] = found
        return out

    async def _history(self, runtime: GameRuntime, seat_id: str) -> History:
        """The seat's orders the engine used in recent steps, newest first."""
        out: History = []
        for orders in await self._recent_orders(runtime):
            for raw in reversed(orders):
                order = Order.model_validate(raw)
                if order.player == seat_id:
                    out.append(order)
        return out

    async def _recent_orders(self, runtime: GameRuntime) -> tuple[list[dict[str, Any]], ...]:
        """The orders of the game's last live steps, newest first, read once per engine state: they change only with a
        resolution or an undo, and both give the game a new state (assigned after their
        commit; an undo a new runtime), so every look at a form between two steps is
        answered from memory. Kept on the runtime under the state's version, not beside it
        under the state object: a state set aside and parsed again is a new object of the
        same version, and an entry holding the state would keep a set-aside state parsed.
        The version is taken before the read: a read that overlaps a step's commit is kept
        under the version before it, which is not looked up again once the step's is in place."""
        version = runtime.version
        kept = runtime.recent
        if kept is not None and kept[0] == version:
            return kept[1]
        orders = tuple(step.orders for step in await self.db.recent_steps(runtime.game_id, HISTORY_STEPS))
        kept = runtime.recent
        if kept is None or kept[0] < version:  # a reader of a newer state may have kept its own meanwhile
            runtime.recent = (version, orders)
        return orders

    def _standing_order(self, runtime: GameRuntime, decision: Decision, rows: list[StandingRow],
                        history: History) -> tuple[Order | None, list[Problem]]:
        """The order the standing orders give this decision now, checked like any order."""
        ruleset, state = runtime.ruleset, runtime.state
        standings = [Standing(subject=r.subject, kind=r.kind, moment=r.moment) for r in rows]
        payload = ruleset.standing_payload_all(state, decision, standings, history)
        if payload is None:
            return None, []
        return ruleset.accept(state, Order(decision=decision.id, player=decision.player, payload=payload))

    async def _apply_standing(self, game: GameRow, runtime: GameRuntime, pending: list[Decision],
                              stored: list[OrderRow], seats: dict[str, SeatRow]) -> Applied:
        """Orders for the decisions a standing order answers and nobody gave an order for."""
        given = {o.decision_id for o in stored}
        covering = self._covering(runtime, [d for d in pending if d.id not in given],
                                  await self._standing_rows(game.id), seats)
        orders, notes = [], []
        histories: dict[str, History] = {}
        for decision in pending:
            rows = covering.get(decision.id)
            if rows is None:
                continue
            if decision.player not in histories:
                histories[decision.player] = await self._history(runtime, decision.player)
            try:
                order, problems = await asyncio.to_thread(self._standing_order, runtime, decision, rows,
                                                          histories[decision.player])
            except Exception:
                logger.exception("game %s: the rules failed on a standing order for %s", game.id, decision.id)
                order, problems = None, []
            if order is not None:
                orders.append(order)
            else:
                notes.append((decision.player, await self._unfit_line(game, runtime, decision, rows, problems)))
        return Applied(orders, set(covering), notes)

    async def _unfit_line(self, game: GameRow, runtime: GameRuntime, decision: Decision, rows: list[StandingRow],
                          problems: list[Problem]) -> str:
        lang = game.language
        offers = runtime.ruleset.standing_offers(runtime.state, decision.player)
        line = self._lines(game, offers, rows)
        spec = await asyncio.to_thread(runtime.ruleset.spec, runtime.state, decision)
        why = "; ".join(p.text(lang) for p in problems) or self._t(game, "standing.nothing-to-do")
        default = spec.words("default_text", lang) or self._t(game, "private.default-unknown")
        return self._t(game, "standing.unfit", order=line.kind_label, ship=line.subject_label,
                       decision=decision.label_in(lang) or decision.id, why=why, default=default)

    async def _tell_unfit(self, game: GameRow, seats: dict[str, SeatRow], notes: list[tuple[str, str]]) -> None:
        """Each player is told, privately, which standing order did not fit and why. The
        step is stored already: a failed message is logged, not raised."""
        for seat_id, line in notes:
            seat = seats.get(seat_id)
            if seat is None or seat.user_id is None:
                continue
            try:
                await self.transport.private(seat.user_id, [line])
            except DeliveryError as exc:
                logger.warning("game %s: could not tell %s of a standing order (%s)", game.id, seat_id, exc.reason)

    async def _spend_passed(self, game: GameRow, runtime: GameRuntime) -> None:
        """Conditional standing orders whose moment is past (after a resolution)."""
        rows = [r for r in await self._standing_rows(game.id) if r.moment != EVERY_PHASE]
        if not rows:
            return
        offers: dict[str, list[StandingOffer]] = {}
        passed = []
        for row in rows:
            if row.seat_id not in offers:
                offers[row.seat_id] = runtime.ruleset.standing_offers(runtime.state, row.seat_id)
            offer = next((o for o in offers[row.seat_id] if o.subject == row.subject), None)
            if offer is None or not offer.has_moment(row.moment):
                passed.append(row.id)
        await self.db.spend_standing(game.id, passed, self.clock.now())

    async def _standing_would_help(self, game: GameRow, runtime: GameRuntime, seat_id: str,
                                   decisions: list[Decision]) -> bool:
        """Whether a call for orders should mention standing orders: the rules would let
        one answer some of these decisions, and the seat has given none."""
        if not any(runtime.ruleset.standing_subjects(runtime.state, d)
                   and runtime.ruleset.moment_of(runtime.state, d) is not None for d in decisions):
            return False
        return not any(r.seat_id == seat_id for r in await self._standing_rows(game.id))

    # -- what a form shows beside the menus ---------------------------------------------------
    async def _with_helps(self, game: GameRow, runtime: GameRuntime, seat_id: str,
                          items: list[PendingDecision]) -> list[PendingDecision]:
        """Each decision with the standing order that will answer it and "same as last
        turn", both checked by the rules against the state now."""
        if not items:
            return items
        seats = {s.seat_id: s for s in await self.db.seats(game.id)}
        covering = self._covering(runtime, [i.decision for i in items], await self._standing_rows(game.id), seats)
        offers = runtime.ruleset.standing_offers(runtime.state, seat_id) if covering else []
        history: History | None = None  # read only when something asks for it
        out = []
        for item in items:
            rows = covering.get(item.decision.id)
            standing = None
            if rows:
                if history is None:
                    history = await self._history(runtime, seat_id)
                standing = await self._standing_words(game, runtime, item, rows, offers, history)
            repeat = self._repeat_kept(runtime, item.decision)
            if repeat is _UNKNOWN:
                if history is None:
                    history = await self._history(runtime, seat_id)
                repeat = await self._repeat_for(runtime, item.decision, history)
            out.append(replace(item, standing=standing, repeat=repeat))
        return out

    @staticmethod
    def _repeat_kept(runtime: GameRuntime, decision: Decision) -> Any:
        """"Same as last turn" as checked for the state now, or ``_UNKNOWN``. It depends
        only on the state and the seat's recent orders, which change together (see
        :meth:`_recent_orders`), and every look at a player's forms asks for it: the
        prompt, /pending, each pick and each Confirm in the menus. Checked once per state,
        not by another trip to a worker thread on each look: under load that hand-over
        cost the event loop more than the check itself, and reading the state here would
        parse one set aside."""
        kept = runtime.repeats
        if kept is None or kept[0] != runtime.version:
            return _UNKNOWN
        return kept[1].get(decision.id, _UNKNOWN)

    async def _repeat_for(self, runtime: GameRuntime, decision: Decision, history: History) -> dict[str, Any] | None:
        """The rules' check of "same as last turn", in a worker thread (the state is read
        there, parsed again if it was set aside), remembered for the state's version."""
        ruleset = runtime.ruleset
        found, current = await runtime.in_thread(lambda state: self._repeat(ruleset, state, decision, history))
        if current:  # else a resolution came meanwhile, and the answer is not kept
            kept = runtime.repeats
            if kept is None or kept[0] != runtime.version:
                kept = runtime.repeats = (runtime.version, {})
            kept[1][decision.id] = found
        return found

    async def _standing_words(self, game: GameRow, runtime: GameRuntime, item: PendingDecision,
                              rows: list[StandingRow], offers: list[StandingOffer], history: History) -> str:
        line = self._lines(game, offers, rows)
        order, problems = await asyncio.to_thread(self._standing_order, runtime, item.decision, rows, history)
        if order is not None:
            return self._t(game, "standing.will-do", order=line.kind_label,
                           does=describe_payload(item.spec, order.payload, game.language))
        why = "; ".join(p.text(game.language) for p in problems) or self._t(game, "standing.nothing-to-do")
        default = item.spec.words("default_text", game.language) or self._t(game, "private.default-unknown")
        return self._t(game, "standing.wont-fit", order=line.kind_label, why=why, default=default)

    @staticmethod
    def _repeat(ruleset: Ruleset, state: BaseModel, decision: Decision, history: History) -> dict[str, Any] | None:
        payload = ruleset.repeat_payload(state, decision, history)
        if payload is None:
            return None
        accepted, problems = ruleset.accept(state, Order(decision=decision.id, player=decision.player,
                                                         payload=payload))
        return accepted.payload if accepted is not None and not problems else None

    # -- one form for every ship of a phase ----------------------------------------------------
    async def phase_orders(self, game_id: int, user_id: int) -> tuple[int, list[tuple[PendingDecision, list[QuickOrder]]]]:
        """The step being decided and, for each of the seat's open decisions, complete
        orders to choose from in one menu (each accepted by the rules now), labelled in
        the game's language: the standing orders' first, then the default, then the rest."""
        game = await self._game_in(game_id, "running")
        seat = await self._seat_of(game, user_id)
        runtime = await self._current_runtime(game)
        step_idx, mine = await self._forms_of(runtime, seat.seat_id)
        stored = {o.decision_id: o.payload for o in await self.db.open_orders(game_id)
                  if o.seat_id == seat.seat_id and o.step_idx == step_idx + 1}
        due = await self._due(game_id, step_idx)
        items = [PendingDecision(d, s, due, stored.get(d.id)) for d, s in mine]
        history = await self._history(runtime, seat.seat_id)
        offers = runtime.ruleset.standing_offers(runtime.state, seat.seat_id)
        out = []
        for item in items:
            options = await asyncio.to_thread(complete_orders, runtime.ruleset, runtime.state, item.decision,
                                              item.spec, offers, history, game.language)
            out.append((item, options))
        return step_idx + 1, out

    async def give_phase_orders(self, game_id: int, user_id: int, step: int,
                                chosen: dict[str, dict[str, Any]], key: str) -> list[str]:
        """Submit the orders chosen in the one form, each like /order; the form must be of
        the open step (a form left from a resolved phase is refused)."""
        game = await self._game_in(game_id, "running")
        runtime = await self._current_runtime(game)
        if runtime.step_idx + 1 != step:
            raise ServiceError("phase-moved-on")
        out = []
        for n, (decision_id, payload) in enumerate(chosen.items()):
            result = await self.submit_order(game_id, user_id, decision_id, payload, idempotency_key=f"{key}:{n}")
            out.append(result.message)
        return out


def _pick(rows: list[StandingRow], subject: str, moment: str) -> StandingRow | None:
    """A subject's standing order for this moment if it has one, else its every-phase one."""
    mine = [r for r in rows if r.subject == subject]
    return next((r for r in mine if moment and r.moment == moment), None) or \
        next((r for r in mine if r.moment == EVERY_PHASE), None)
