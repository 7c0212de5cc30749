"""When the world fails the game: Discord refuses a post for good, or the database
cannot be written. The loop asks here what to do; the choices are in
docs/architecture.md ("When delivery or storage fails").
"""
from __future__ import annotations

from bot import i18n
from bot.service.core import ServiceCore, logger
from bot.service.models import Place
from bot.transport import DeliveryError, PermanentDeliveryError
from db import AnnouncePart, GameRow, StorageUnavailable, WrongStatus


class FaultsMixin(ServiceCore):
    # -- announcing in parts -----------------------------------------------------------------
    async def announce_parts(self, game_id: int, key: int) -> dict[str, tuple[int, bool]]:
        """What of announcement ``key`` (a step's row id, 0 for the start) went out already."""
        return await self.db.announce_parts(game_id, key)

    async def all_announce_parts(self, game_id: int) -> dict[int, dict[str, tuple[int, bool]]]:
        """:meth:`announce_parts` of every announcement of the game not yet marked told, at once."""
        return await self.db.all_announce_parts(game_id)

    async def note_announce_part(self, game_id: int, key: int, part: str, *, pieces: int = 0,
                                 done: bool = True) -> None:
        await self.db.note_announce_part(game_id, key, part, pieces=pieces, done=done)

    async def note_announce_parts(self, game_id: int, parts: list[AnnouncePart]) -> None:
        """Several parts noted in one transaction."""
        await self.db.note_announce_parts(game_id, parts)

    async def note_waiting(self, game_id: int, step_idx: int) -> None:
        await self.db.note_waiting_posted(game_id, step_idx)

    # -- Discord refuses for good ---------------------------------------------------------------
    async def delivery_blocked(self, game_id: int, error: PermanentDeliveryError) -> None:
        """A post failed in a way only a person can fix: pause the game (its clock stops),
        audit it, say so wherever the bot still can, and tell the host what to do.

        A deleted thread cannot come back: the game is moved to its channel, where the
        host resumes it."""
        async with self._lock(game_id):
            game = await self.game(game_id)
            thread_gone = error.gone and game.thread_id is not None and error.target == game.thread_id
            if thread_gone:
                await self.db.set_thread(game_id, None)
            try:
                await self.db.pause(game_id, self.clock.now())
            except WrongStatus:
                pass  # already paused, or over: the host is told all the same
            await self._audit(game, None, "delivery-failed", code=error.code, channel=error.target)
        where = error.target or game.channel_id
        channel_gone = error.gone and not thread_gone
        params = dict(game=game.id, title=self.title(game), host=i18n.mention(game.host_id),
                      place=i18n.channel(where), channel=i18n.channel(game.channel_id), reason=error.reason)
        if game.thread_id is not None and where == game.thread_id:
            # The thread is gone or closed to the bot: its channel may still listen.
            code = "notice.delivery-gone" if thread_gone else "notice.delivery-forbidden"
            await self._say(game, Place(game.guild_id, game.channel_id, None), code, [game.host_id], params)
        code = ("private.delivery-channel-gone" if channel_gone else
                "private.delivery-gone" if thread_gone else "private.delivery-forbidden")
        await self._tell_host(game, code, params)

    async def _say(self, game: GameRow, place: Place, code: str, mentions: list[int], params: dict) -> None:
        try:
            await self.transport.post(place, [i18n.text(code, game.language, **params)], mentions=mentions)
        except DeliveryError as exc:
            logger.warning("game %s: could not say %s in %s either (%s)", game.id, code, place.target, exc.reason)

    async def _tell_host(self, game: GameRow, code: str, params: dict) -> bool:
        try:
            told = await self.transport.private(game.host_id, [i18n.text(code, game.language, **params)])
        except DeliveryError as exc:
            logger.warning("game %s: could not tell the host (%s)", game.id, exc.reason)
            return False
        if not told:
            logger.warning("game %s: the host's direct messages are closed; %s not delivered", game.id, code)
        return told

    # -- the database refuses writes ------------------------------------------------------------
    async def storage_trouble(self, game_id: int, error: StorageUnavailable) -> None:
        """Tell the host, once per outage, that nothing can be stored until it is fixed."""
        if game_id in self._storage_told:
            return
        self._storage_told.add(game_id)
        game = await self.game(game_id)  # reads still work
        await self._tell_host(game, "private.storage-unavailable",
                              dict(game=game.id, title=self.title(game), reason=error.reason))

    def storage_fine(self, game_id: int) -> None:
        """A write went through again: a later outage is told afresh."""
        self._storage_told.discard(game_id)
