"""One asyncio task per running game, driven by the engine's pending decisions.

Each pass of a game's loop: post whatever was stored but not yet announced; let
computer seats answer; if every decision is in or the deadline has passed, resolve
(the service stores the step and the orders it used in one transaction) and go
round again; otherwise prompt whoever has not been asked yet, send the reminders
that are due, and sleep until the next reminder, the deadline, or a wake-up (an
order, a host's action). Everything the loop knows is read back from the database,
so a restarted bot carries on where it stopped: the stored deadline stands, stored
orders count, and a step already stored is never resolved again.

When delivery fails, the transport says how: a transient failure is retried with a
growing pause, and what went out already (the public story, each player's private
lines, the "Waiting for" line) is noted so no public line is posted twice; a permanent
one (the thread gone, access lost) pauses the game and tells the host. A database that
refuses writes is retried the same way, and the host is told once.
"""
from __future__ import annotations

import asyncio
import logging
import math
from typing import Callable

from bot import i18n
from bot.service import EngineFailure, GameService, PhaseStatus
from bot.service.clock import Waker
from bot.service.models import Announcement
from bot.transport import (DeliveryError, Image, ImageProvider, PermanentDeliveryError, Place,
                           TransientDeliveryError)
from db import StorageUnavailable

log = logging.getLogger("broadside.loop")

RETRY_FIRST = 5.0  # after a failed pass; doubled after each failure in a row ...
RETRY_MAX = 300.0  # ... up to this
SLICE_SECONDS = 60.0  # the longest sleep before the wall clock is looked at again
REMINDERS = (0.5, 0.85)  # fractions of the phase's time: half time, and the last call
REPLAY_FRAMES = 150  # public views a game's closing replay is drawn from, at most

#: Draws a game's replay from its public views, oldest first: (GIF bytes under the upload
#: limit, how many views it shows). Runs in a worker thread.
ReplayProvider = Callable[[list[dict]], "tuple[bytes, int]"]


class GameLoop:
    def __init__(self, game_id: int, service: GameService, images: ImageProvider | None = None,
                 replays: ReplayProvider | None = None) -> None:
        self.game_id = game_id
        self.service = service
        self.transport = service.transport
        self.clock = service.clock
        self.images = images
        self.replays = replays
        self.waker = Waker()

    async def run(self) -> None:
        failures = 0
        while True:
            seen = self.waker.requested
            try:
                wake_at = await self._tick()
                failures = 0
                self.service.storage_fine(self.game_id)
            except Exception as exc:
                failures += 1
                wake_at = await self._failed(exc, min(RETRY_FIRST * 2 ** (failures - 1), RETRY_MAX))
            if wake_at is None:
                return
            self.waker.event.clear()
            self.waker.handled = seen
            if self.waker.requested != seen or wake_at <= self.clock.now():
                continue
            await self._sleep(wake_at)

    async def _sleep(self, wake_at: float) -> None:
        """Until ``wake_at`` by the wall clock, or a wake-up. Timers run on a monotonic
        clock, so the wall clock is looked at again at least every SLICE_SECONDS: set
        forward past a deadline, the phase resolves within a slice, not when the timer
        set before the jump runs out."""
        self.waker.sleeping = True
        try:
            while not self.waker.event.is_set():
                now = self.clock.now()
                if now >= wake_at:
                    return
                await self.clock.wait(min(wake_at, now + SLICE_SECONDS), self.waker)
        finally:
            self.waker.sleeping = False

    async def _failed(self, exc: Exception, delay: float) -> float:
        """What to do after a failed pass: when to look again."""
        try:
            if isinstance(exc, PermanentDeliveryError):
                log.warning("game %s: Discord refuses to deliver (code %s): pausing the game", self.game_id,
                            exc.code)
                await self.service.delivery_blocked(self.game_id, exc)
                return math.inf  # paused: the host's /host resume wakes the loop
            if isinstance(exc, StorageUnavailable):
                log.warning("game %s: the database refuses writes (%s); retrying in %ss", self.game_id,
                            exc.reason, delay)
                await self.service.storage_trouble(self.game_id, exc)
            elif isinstance(exc, TransientDeliveryError):
                log.warning("game %s: delivery failed for now (%s); retrying in %ss", self.game_id, exc.reason,
                            delay)
            else:
                log.error("game %s: loop pass failed; retrying in %ss", self.game_id, delay, exc_info=exc)
        except Exception:
            log.exception("game %s: could not deal with a failed pass; retrying in %ss", self.game_id, delay)
        return self.clock.now() + delay

    async def _tick(self) -> float | None:
        """One pass; returns when to look again (None: the game needs no loop)."""
        if (await self.service.game(self.game_id)).status == "paused":
            return math.inf  # nothing is posted while paused: the host may be fixing the thread
        await self._announce_backlog()
        status = await self.service.phase_status(self.game_id)
        if status.game.status == "paused":
            return math.inf
        if status.game.status != "running":
            await self._announce_backlog()
            return None
        if await self.service.answer_ai(self.game_id):
            status = await self.service.phase_status(self.game_id)
        now = self.clock.now()
        if status.all_in and now < (settles := status.resolves_at(self.service.grace_seconds)):
            return settles  # the grace period: the last order may still be changed
        if status.all_in or (status.deadline is not None and now >= status.deadline.due_at):
            await self._resolve(status.step_idx)
            return now
        await self._prompt(status)
        await self._remind(status, now)
        return self._next_wake(status, now)

    # -- resolving and telling ------------------------------------------------------------
    async def _resolve(self, step_idx: int) -> None:
        try:
            resolution = await self.service.resolve_phase(self.game_id, step_idx)
        except EngineFailure:
            log.exception("game %s: the rules failed; pausing the game", self.game_id)
            await self.service.halt(self.game_id)
            return
        await self._announce_backlog()
        if resolution is None or not resolution.flagged:
            return
        game = await self.service.game(self.game_id)
        for seat in resolution.flagged:
            text = i18n.text("notice.flagged", game.language, seat=f"{seat.seat_id} ({self.service.who(game, seat)})",
                             host=i18n.mention(game.host_id))
            await self.transport.post(Place.of(game), [text], mentions=[game.host_id])

    async def _announce_backlog(self) -> None:
        for idx in await self.service.unannounced(self.game_id):
            await self._announce(idx)
            await self.service.mark_announced(self.game_id, idx)

    async def _announce(self, idx: int) -> None:
        """Post a step's story, send each player their lines, then the end of the game if
        it ended. Each part is noted as it goes out, so a retry sends only what is missing."""
        announcement = await self.service.announcement(self.game_id, idx)
        if announcement is None:
            return
        game = await self.service.game(self.game_id)
        parts = await self.service.announce_parts(self.game_id, announcement.key)
        if not parts.get("public", (0, False))[1]:
            image = await self._image(announcement.public_view, announcement.lang)
            if announcement.lines or image is not None:
                await self._post_part(announcement, parts, "public", Place.of(game), announcement.lines, image)
        header = i18n.text("private.events", game.language, title=self.service.title(game))
        for user_id, lines in announcement.private.items():
            part = f"private:{user_id}"
            if parts.get(part, (0, False))[1]:
                continue
            if not await self.transport.private(user_id, [header, *lines]):
                log.info("game %s: private lines for %s not delivered (direct messages closed)", game.id, user_id)
            await self.service.note_announce_part(self.game_id, announcement.key, part)
        if announcement.over and not parts.get("over", (0, False))[1]:
            lines, replay = await self._ending()
            await self._post_part(announcement, parts, "over", Place.of(game), lines, replay)

    async def _ending(self) -> tuple[list[str], Image | None]:
        """The last post: the result, each side's score and losses, and the replay GIF
        (drawn under the upload limit; without it if it cannot be drawn)."""
        frames, image = None, None
        if self.replays is not None:
            try:
                views = await self.service.replay_views(self.game_id, most=REPLAY_FRAMES)
                gif, frames = await asyncio.to_thread(self.replays, views)
                image = Image(gif, await self.service.replay_alt(self.game_id, frames),
                              filename=f"game-{self.game_id}-replay.gif")
            except Exception:
                log.exception("game %s: the replay could not be drawn", self.game_id)
                frames, image = None, None
        return await self.service.final_lines(self.game_id, frames), image

    async def _post_part(self, announcement: Announcement, parts: dict[str, tuple[int, bool]], part: str,
                         place: Place, lines: list[str], image: Image | None = None) -> None:
        """One public part; if it breaks off, the messages that went out are noted and skipped next time."""
        skip = parts.get(part, (0, False))[0]
        try:
            await self.transport.post(place, lines, image=image, skip=skip)
        except DeliveryError as exc:
            if exc.delivered > skip:
                await self.service.note_announce_part(self.game_id, announcement.key, part, pieces=exc.delivered,
                                                      done=False)
            raise
        await self.service.note_announce_part(self.game_id, announcement.key, part)

    async def _image(self, public_view: dict, lang: str) -> Image | None:
        if self.images is None:
            return None
        try:
            drawn = await asyncio.to_thread(self.images, public_view, lang)
        except Exception:
            log.exception("game %s: the map could not be drawn", self.game_id)
            return None
        return Image(drawn[0], drawn[1]) if drawn else None

    # -- asking and reminding -------------------------------------------------------------
    async def _prompt(self, status: PhaseStatus) -> None:
        prompted = await self.service.prompted(self.game_id, status.step_idx)
        todo = [s for s in status.owing if s.seat_id not in prompted]
        if not todo:
            return
        game, place = status.game, Place.of(status.game)
        if not prompted and status.deadline is not None and not status.deadline.waiting_posted:
            who = ", ".join(self.service.who(game, s) for s in status.owing)
            await self.transport.post(place, [i18n.text("notice.waiting", game.language, who=who,
                                                        due=i18n.timestamp(status.deadline.due_at))],
                                      mentions=[s.user_id for s in status.owing if s.user_id])
            # Noted before any prompt: a direct message failing next must not bring it back.
            await self.service.note_waiting(self.game_id, status.step_idx)
        for seat in todo:
            via = "thread"
            if seat.user_id is not None and seat.dm_ok:
                prompt = await self.service.prompt_for(status, seat)
                if prompt is None:
                    return
                if await self.transport.prompt(seat.user_id, prompt):
                    via = "dm"
                else:
                    await self.service.dm_failed(self.game_id, seat.seat_id)
                    await self.transport.post(place, [i18n.text("notice.dm-failed", game.language,
                                                                user=i18n.mention(seat.user_id))],
                                              mentions=[seat.user_id])
            await self.service.note_prompt(self.game_id, status.step_idx, seat.seat_id, via)

    async def _remind(self, status: PhaseStatus, now: float) -> None:
        deadline = status.deadline
        if deadline is None:
            return
        due = sum(1 for at in self._reminder_times(status) if now >= at)
        if due <= deadline.reminders_sent:
            return
        users = [s.user_id for s in status.owing if s.user_id is not None]
        if users:
            code = "notice.reminder-last" if due == len(REMINDERS) else "notice.reminder-half"
            text = i18n.text(code, status.game.language, who=", ".join(i18n.mention(u) for u in users),
                             due=i18n.timestamp(deadline.due_at))
            await self.transport.remind(Place.of(status.game), users, text)
        await self.service.note_reminders(self.game_id, deadline.step_idx, due)

    @staticmethod
    def _reminder_times(status: PhaseStatus) -> list[float]:
        assert status.deadline is not None
        opened, due = status.deadline.opened_at, status.deadline.due_at
        return [opened + (due - opened) * share for share in REMINDERS]

    def _next_wake(self, status: PhaseStatus, now: float) -> float:
        if status.deadline is None:
            return math.inf
        later = [at for at in self._reminder_times(status)[status.deadline.reminders_sent:] if at > now]
        return min([status.deadline.due_at, *later])


class LoopManager:
    """Keeps one :class:`GameLoop` per running or paused game, and starts them after a restart."""

    def __init__(self, service: GameService, *, images: ImageProvider | None = None,
                 image_factory: Callable[[], ImageProvider] | None = None,
                 replays: ReplayProvider | None = None) -> None:
        """``images`` draws every game's maps; ``image_factory`` instead makes one
        provider per game, so a renderer can keep that game's map scale between phases;
        ``replays`` draws the replay GIF of a game's last post."""
        self.service = service
        self.images = images
        self.image_factory = image_factory
        self.replays = replays
        self._loops: dict[int, tuple[GameLoop, asyncio.Task[None]]] = {}
        self._stopped = False
        service.subscribe(self.wake)

    async def start(self) -> None:
        """Resume every unfinished game; timers come back from the stored deadlines."""
        self._stopped = False
        for game in await self.service.db.games_with_status("running", "paused"):
            self.wake(game.id)

    def wake(self, game_id: int) -> None:
        """Something changed in a game: wake its loop, starting one if it has none."""
        if self._stopped:
            return
        entry = self._loops.get(game_id)
        if entry is not None and not entry[1].done():
            entry[0].waker.poke()
            return
        images = self.image_factory() if self.image_factory is not None else self.images
        loop = GameLoop(game_id, self.service, images, self.replays)
        task = asyncio.get_running_loop().create_task(loop.run(), name=f"broadside-game-{game_id}")
        self._loops[game_id] = (loop, task)
        task.add_done_callback(lambda t, gid=game_id: self._finished(gid, t))

    def _finished(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._loops.get(game_id, (None, None))[1] is task:
            del self._loops[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: loop ended with an error", game_id, exc_info=task.exception())

    def running(self) -> list[int]:
        return sorted(gid for gid, (_, task) in self._loops.items() if not task.done())

    async def stop(self) -> None:
        """Cancel every loop (a shutdown). Nothing is lost: all state is in the database."""
        self._stopped = True
        tasks = [task for _, task in self._loops.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._loops.clear()

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait until every loop has caught up and sleeps (for tests and the offline demo)."""
        loop = asyncio.get_running_loop()
        limit = loop.time() + timeout
        while not all(game_loop.waker.idle for game_loop, task in list(self._loops.values()) if not task.done()):
            if loop.time() > limit:
                raise TimeoutError(f"game loops still busy after {timeout}s: {self.running()}")
            await asyncio.sleep(0.001)
