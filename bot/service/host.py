"""The host's tools. Each is allowed to the game's host or, when the adapter says
so, to a server manager; each is audited and announced in the thread.
"""
from __future__ import annotations

from bot import i18n
from bot.service.ladder import LadderMixin
from bot.service.errors import ServiceError
from bot.service.models import DEADLINES, GRACE_MOST, deadline_per
from bot.service.posting import POSTINGS
from db import AlreadySeated, GameRow, SeatRow

MIN_EXTENSION = 60
MAX_EXTENSION = 7 * 86400


class HostMixin(LadderMixin):
    async def _hosted(self, game_id: int, actor_id: int, manager: bool, *statuses: str) -> GameRow:
        game = await self._game_in(game_id, *statuses)
        self._require_host(game, actor_id, manager)
        return game

    async def pause(self, game_id: int, actor_id: int, *, manager: bool = False) -> None:
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "running")
            await self.db.pause(game_id, self.clock.now())
            await self._audit(game, actor_id, "pause")
        await self._notice(game, "notice.paused", actor=i18n.mention(actor_id))
        self._changed(game_id)

    async def resume(self, game_id: int, actor_id: int, *, manager: bool = False) -> None:
        async with self._lock(game_id):
            game = await self._game_in(game_id, "paused", "running", "over")
            self._require_host(game, actor_id, manager)
            if game.status != "paused":
                raise ServiceError("game-not-paused" if game.status == "running" else "game-over")
            await self.db.resume(game_id, self.clock.now())
            await self._audit(game, actor_id, "resume")
            deadline = await self.db.deadline(game_id)
        if deadline is not None:
            await self._notice(game, "notice.resumed", actor=i18n.mention(actor_id),
                               due=i18n.timestamp(deadline.due_at))
        else:
            await self._notice(game, "notice.resumed-plain", actor=i18n.mention(actor_id))
        self._changed(game_id)

    async def extend_deadline(self, game_id: int, actor_id: int, seconds: int, *, manager: bool = False) -> float:
        """Push the open phase's deadline back; returns the new due time."""
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "running", "paused")
            if not MIN_EXTENSION <= seconds <= MAX_EXTENSION:
                raise ServiceError("bad-extension", min=i18n.duration(MIN_EXTENSION, game.language),
                                   max=i18n.duration(MAX_EXTENSION, game.language))
            deadline = await self.db.extend_deadline(game_id, seconds)
            if deadline is None:
                raise ServiceError("no-deadline")
            await self._audit(game, actor_id, "extend", seconds=seconds)
        await self._notice(game, "notice.extended", actor=i18n.mention(actor_id),
                           due=i18n.timestamp(deadline.due_at))
        self._changed(game_id)
        return deadline.due_at

    async def set_posting(self, game_id: int, actor_id: int, posting: str, *, manager: bool = False) -> None:
        """How the thread is told the game from now on (:mod:`bot.service.posting`)."""
        if posting not in POSTINGS:
            raise ServiceError("bad-posting", posting=posting, known=", ".join(POSTINGS))
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "lobby", "running", "paused")
            await self.db.set_posting(game_id, posting)
            await self._audit(game, actor_id, "posting", posting=posting)
        await self._notice(game, "notice.posting", actor=i18n.mention(actor_id),
                           posting=self._t(game, f"posting.{posting}"))
        self._changed(game_id)

    async def set_timing(self, game_id: int, actor_id: int, *, deadline: str | None = None,
                         grace_seconds: float | None = None, manager: bool = False) -> GameRow:
        """The game's grace period (at once) and deadline (per phase or per turn, from the
        next phase on); what is not given stays as it is."""
        if deadline is not None and deadline not in DEADLINES:
            raise ServiceError("bad-deadline", deadline=deadline, known=", ".join(DEADLINES))
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "lobby", "running", "paused")
            if grace_seconds is not None and not 0 <= grace_seconds <= GRACE_MOST:
                raise ServiceError("bad-grace", max=i18n.duration(GRACE_MOST, game.language))
            per = deadline or game.deadline_per
            grace = game.grace_seconds if grace_seconds is None else float(grace_seconds)
            await self.db.set_timing(game_id, per, grace)
            await self._audit(game, actor_id, "timing", deadline=per, grace=grace)
            game = await self.game(game_id)
        grace = self.grace_for(game)
        await self._notice(game, "notice.timing", actor=i18n.mention(actor_id),
                           deadline=self._t(game, f"deadline.{deadline_per(game)}"),
                           grace=(self._t(game, "pacing.grace", grace=i18n.duration(grace, game.language))
                                  if grace > 0 else self._t(game, "pacing.no-grace")))
        self._changed(game_id)
        return game

    async def replace_player(self, game_id: int, actor_id: int, seat_id: str, user_id: int, display_name: str, *,
                             manager: bool = False, confirm: bool = False) -> SeatRow:
        """Give a seat to another member.

        A vacant seat, an absent player's (two missed turns in a row) or a computer's is
        handed over at once. Taking the seat of a player who is present needs ``confirm``:
        the host says they mean it. Either way the orders the seat left open are discarded
        with the change, so the new holder never sees, nor is bound by, what the old one
        ordered (a hidden decision above all)."""
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "lobby", "running", "paused")
            old = await self._seat(game, seat_id)
            if old.user_id == user_id:
                raise ServiceError("user-seated", user=i18n.mention(user_id))
            present = old.user_id is not None and not old.flagged
            if present and not confirm:
                raise ServiceError("replace-present", seat=self.side_name(game, old.side),
                                   user=i18n.mention(old.user_id),
                                   new=i18n.mention(user_id))
            try:
                seat, _ = await self.db.hand_over_seat(
                    game_id, seat_id, user_id=user_id, name=display_name, at=self.clock.now(), actor_id=actor_id,
                    detail={"seat": seat_id, "old": old.user_id, "old_ai": old.ai_level, "new": user_id,
                            "confirmed": present})
            except AlreadySeated:
                raise ServiceError("user-seated", user=i18n.mention(user_id)) from None
        await self._notice(game, "notice.replaced", [user_id], actor=i18n.mention(actor_id),
                           seat=self._held(game, old), user=i18n.mention(user_id))
        self._changed(game_id)
        return seat

    async def hand_to_ai(self, game_id: int, actor_id: int, seat_id: str, level: str, *,
                         manager: bool = False, confirm: bool = False) -> SeatRow:
        """Let a computer player answer for a seat from now on (the level is stored with it).

        As with :meth:`replace_player`, taking the seat of a player who is present needs
        ``confirm``, and the orders the seat left open are discarded: the computer plays
        from the seat's view and its own judgement, never from what the last holder ordered."""
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "lobby", "running", "paused")
            if level not in self.policies:
                raise ServiceError("unknown-ai", level=level, legal=", ".join(sorted(self.policies)))
            old = await self._seat(game, seat_id)
            present = old.user_id is not None and not old.flagged
            if present and not confirm:
                raise ServiceError("hand-present-to-ai", seat=self.side_name(game, old.side),
                                   user=i18n.mention(old.user_id))
            seat, _ = await self.db.hand_over_seat(
                game_id, seat_id, user_id=None, ai_level=level, name=old.display_name, at=self.clock.now(),
                actor_id=actor_id, action="hand-to-ai",
                detail={"seat": seat_id, "old": old.user_id, "old_ai": old.ai_level, "level": level,
                        "confirmed": present})
        await self._notice(game, "notice.ai-took-seat", actor=i18n.mention(actor_id), seat=self._held(game, old),
                           label=self._ai_label(game, level))
        self._changed(game_id)
        return seat

    def _held(self, game: GameRow, seat: SeatRow) -> str:
        """A seat being handed on, named by who held it."""
        if seat.vacant:
            return self._who(game, seat)
        return self._t(game, "seat.of", who=self._who(game, seat), side=self.side_name(game, seat.side))

    async def undo_last(self, game_id: int, actor_id: int, *, manager: bool = False) -> int:
        """Set the last resolution aside and reopen its phase; returns the undone step's index.

        The dice stay where the kept steps left them, so the phase is replayed with the
        same dice: an undo mends a mistaken order, it does not buy a re-roll.
        """
        async with self._lock(game_id):
            # Not once the game is over: its record may have been exported (every secret
            # and the dice seed in it), and reopening the game would let the host play on
            # knowing them.
            game = await self._hosted(game_id, actor_id, manager, "running", "paused")
            step = await self.db.undo_last_step(game_id, self.clock.now())
            if step is None:
                raise ServiceError("nothing-to-undo")
            self._forget_runtime(game_id)
            await self._audit(game, actor_id, "undo", step=step.idx)
        await self._notice(game, "notice.undone", actor=i18n.mention(actor_id), step=step.idx)
        self._changed(game_id)
        return step.idx

    async def end_game(self, game_id: int, actor_id: int, *, manager: bool = False) -> None:
        async with self._lock(game_id):
            game = await self._hosted(game_id, actor_id, manager, "lobby", "running", "paused")
            await self.db.end_game(game_id, self.clock.now())
            self._forget_runtime(game_id)
            await self._audit(game, actor_id, "end")
        await self.settle_quietly(game_id)  # abandoned: in the history, not on the ladder
        await self._notice(game, "notice.ended", actor=i18n.mention(actor_id))
        if game.status != "lobby":
            await self._notice(game, "notice.over")
        self._changed(game_id)
