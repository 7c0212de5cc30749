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
import inspect
import logging
import math
from typing import Any, Awaitable, Callable

from bot import i18n
from bot.service import EngineFailure, GameService, PhaseStatus
from bot.service.clock import Waker
from bot.service.posting import Segment, StoredStep, cut, phase_lines, posting_of, wholly_told
from bot.transport import (DeliveryError, Image, ImageProvider, PermanentDeliveryError, Place,
                           TransientDeliveryError)
from bot.leases import LeaseKeeper
from bot.pass_gate import PassGate
from db import AnnouncePart, StorageUnavailable
from db.memo import Rows
from db.notices import Notice

log = logging.getLogger("broadside.loop")

#: Draws an animated map of public views, one frame each with its caption: (GIF bytes,
#: alt text of the last frame), or None. Like every picture provider here, either a
#: coroutine function (drawing in a process pool) or a plain one, run in a worker thread.
Animator = Callable[[list[dict], list[str], str], "tuple[bytes, str] | None | Awaitable[tuple[bytes, str] | None]"]


async def _draw(provider: Callable[..., Any], *args: Any) -> Any:
    """A picture provider's result, never drawn on the event loop."""
    if inspect.iscoroutinefunction(provider):
        return await provider(*args)
    return await asyncio.to_thread(provider, *args)


def _turn(view: dict) -> int | None:
    turn = view.get("turn")
    return turn if isinstance(turn, int) else None


def _pieces(view: dict) -> list[dict]:
    found = view.get("ships")
    return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []

RETRY_FIRST = 5.0  # after a failed pass; doubled after each failure in a row ...
RETRY_MAX = 300.0  # ... up to this
SLICE_SECONDS = 60.0  # the longest sleep before the wall clock is looked at again
#: Game loops in a pass at once, in one process, at least. A restart with hundreds of
#: phases due started every pass together: hundreds of ready tasks took turns on the event
#: loop and the database pool, and interactions (each a task among them) waited seconds,
#: past Discord's 3 s, before their first line ran. Bounded, a pass still overlaps its
#: waits for Discord, the render pool and the database with others', and an interaction
#: queues behind at most this many.
PASSES_AT_ONCE = 16
#: Passes at once for each database connection and each render worker (:func:`passes_for`).
PASSES_PER_WORKER = 4


def passes_for(connections: int, render_workers: int) -> int:
    """How many game loops of a process make a pass at once. A pass spends its time
    waiting: for a database connection, a render worker, Discord's answers. With 16 (the
    bound before the commands acknowledged first) one process resolving 2,000 phases kept
    1.44 of 2 cores busy, its throughput set by 16 passes' waits rather than by a core;
    enough passes to keep every connection and worker fed lifts that, and an interaction
    now acknowledges before it needs a connection, so only the event loop's turn is left
    for it to wait for. Measured on a quiet 2-core machine, 16, 40 and 64 resolved alike
    (one process was bound by the cores there) and kept `/pending` well under 3 s
    (bench/README.md, "The burst's CPU per game"). This is the most: while the event loop
    has no time to spare, :class:`~bot.pass_gate.PassGate` lets in fewer."""
    return max(PASSES_AT_ONCE, PASSES_PER_WORKER * (connections + render_workers))
REMINDERS = (0.5, 0.85)  # fractions of the phase's time: half time, and the last call
REPLAY_FRAMES = 150  # public views a game's closing replay is drawn from, at most

#: Draws a game's replay from its public views, oldest first: (GIF bytes under the upload
#: limit, how many views it shows). Async, or run in a worker thread.
ReplayProvider = Callable[[list[dict]], "tuple[bytes, int] | Awaitable[tuple[bytes, int]]"]

#: Draws a finished game's summary card (``GameService.game_summary``) in the game's
#: language: (PNG bytes, alt text). Async, or run in a worker thread.
CardProvider = Callable[[dict, str], "tuple[bytes, str] | Awaitable[tuple[bytes, str]]"]


class GameLoop:
    def __init__(self, game_id: int, service: GameService, images: ImageProvider | None = None,
                 replays: ReplayProvider | None = None, animate: Animator | None = None,
                 fence: Callable[[int], Awaitable[bool]] | None = None,
                 cards: CardProvider | None = None, passes: PassGate | asyncio.Semaphore | None = None) -> None:
        """``passes``: shared by the loops of one manager, bounds how many make a pass at
        once (:class:`~bot.pass_gate.PassGate`). ``fence``: with leases, whether this
        process still holds the game (asked at the start of every pass, so a process that
        stalled past its lease posts nothing more once another has taken the game over).
        ``cards``: draws the summary card posted after a game's last post."""
        self.game_id = game_id
        self.fence = fence
        self.service = service
        self.transport = service.transport
        self.clock = service.clock
        self.images = images
        self.replays = replays
        self.animate = animate
        self.cards = cards
        self.waker = Waker()
        self.passes = passes if passes is not None else asyncio.Semaphore(1)
        self._parts: dict[int, dict[str, tuple[int, bool]]] | None = None  # a pass's announced parts
        self._unwritten: list[AnnouncePart] = []  # noted in ``_parts``, not yet in the database

    async def run(self) -> None:
        failures = 0
        while True:
            seen = self.waker.requested
            try:
                async with self.passes:
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
        if self.fence is not None and not await self.fence(self.game_id):
            log.warning("game %s: another process holds it now; this loop stops", self.game_id)
            return None
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
        if status.all_in and now < (settles := status.resolves_at(self.service.grace_for(status.game))):
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
            text = i18n.text("notice.flagged", game.language, seat=self.service.seat_name(game, seat),
                             host=i18n.mention(game.host_id))
            await self.transport.post(Place.of(game), [text], mentions=[game.host_id])

    async def _announce_backlog(self) -> None:
        """Tell what was stored and not yet told, cut into posts by the game's posting
        (:mod:`bot.service.posting`): each post that is complete, then the private lines of
        the steps it told. A step is marked announced once all of its events lie in posts
        that went out (or in filler that is never posted), so a restart cuts the same posts
        again and skips those noted as sent. Private lines of steps still waiting for their
        phase go out at once."""
        # What went out of each announcement comes with it, read once for the pass and
        # kept in step with what the pass notes (this loop, under the game's lease, is the
        # only writer of its game's parts).
        backlog, self._parts = await self.service.backlog(self.game_id)
        if not backlog:
            self._parts = None
            return
        try:
            await self._tell_backlog(backlog)
        except BaseException:
            # A post broken off, a refused mark, a shutdown: what went out is noted all the same.
            try:
                await self._write_notes()
            except Exception:
                log.warning("game %s: could not note what went out", self.game_id, exc_info=True)
            raise
        else:
            await self._write_notes()
        finally:
            self._parts = None
            self._unwritten = []

    async def _tell_backlog(self, backlog: list[StoredStep]) -> None:
        game = await self.service.game(self.game_id)
        mode = posting_of(game)
        # The step that ends a game sets its status in the same transaction; a game the
        # host ended has no result, so no end-of-game line.
        over = game.status == "over" and (await self.service.told_view(self.game_id, backlog[-1].idx))[1]
        # A post a turn waits for the turn's end, unless the ruleset marks no turns.
        flush = game.status != "running" or (
            (mode != "turn" or not await self.service.marks_turns(self.game_id))
            and await self.service.person_must_act(self.game_id))
        marked = 0
        noted = [await self._parts_of(step.key) for step in backlog]
        cuts = frozenset((pos, int(part.split(":", 1)[1])) for pos, parts in enumerate(noted)
                         for part in parts if part.startswith("public:"))
        segments = cut(backlog, mode, flush, cuts, final=game.status == "over")
        for segment in segments:
            await self._post_segment(game, backlog, segment)
            done = wholly_told(backlog, segment.end)
            # The ending goes with the first post after which everything is told: marking
            # the last step told forgets its parts, "over" among them. (A retry may cut a
            # further, empty segment after the one that ends the game.)
            if over and len(done) == len(backlog) > marked:
                await self._post_over(game, backlog[-1])
            for pos in done[marked:]:
                # Each player's lines go after the public story they belong to (noted
                # under the step, so a retry does not send them twice).
                await self._send_private(game, backlog[pos])
                await self._mark(backlog[pos])
            marked = max(marked, len(done))
        for step in backlog[marked:]:
            await self._send_private(game, step)  # a player's own secrets do not wait for the phase to close

    async def _mark(self, step: StoredStep) -> None:
        """Mark a step told, in one transaction with the notes not yet written: those of this
        step are dropped (marking forgets its parts), the others' written."""
        others = [note for note in self._unwritten if note.step_id != step.key]
        await self.service.mark_announced(self.game_id, step.idx, key=step.key, notes=others)
        self._unwritten = []
        if self._parts is not None:
            self._parts.pop(step.key, None)

    async def _write_notes(self) -> None:
        """Write the notes of what went out. A note waits, at most, for the next thing sent
        or drawn or the step's mark (which takes it in its own transaction, or drops it):
        one transaction where there were two or three, and nothing goes out before what
        went out before it is noted."""
        if self._unwritten:
            notes, self._unwritten = self._unwritten, []
            try:
                await self.service.note_announce_parts(self.game_id, notes)
            except BaseException:
                self._unwritten = notes + self._unwritten
                raise

    async def _send_private(self, game, step: StoredStep) -> None:
        if not step.private:
            return
        parts = await self._parts_of(step.key)
        header = i18n.text("private.events", game.language, title=self.service.title(game))
        for user_id, lines in step.private.items():
            part = f"private:{user_id}"
            if parts.get(part, (0, False))[1]:
                continue
            await self._write_notes()
            if not await self.transport.private(user_id, [header, *lines]):
                log.info("game %s: private lines for %s not delivered (direct messages closed)", game.id, user_id)
            await self._note(step.key, part)

    async def _ending(self) -> tuple[list[str], Image | None]:
        """The last post: the result, each side's score and losses, and the replay GIF
        (drawn under the upload limit; without it if it cannot be drawn)."""
        frames, image = None, None
        if self.replays is not None:
            try:
                views = await self.service.replay_views(self.game_id, most=REPLAY_FRAMES)
                gif, frames = await _draw(self.replays, views)
                image = Image(gif, await self.service.replay_alt(self.game_id, frames),
                              filename=f"game-{self.game_id}-replay.gif")
            except Exception:
                log.exception("game %s: the replay could not be drawn", self.game_id)
                frames, image = None, None
        return await self.service.final_lines(self.game_id, frames), image

    async def _post_segment(self, game, backlog: list[StoredStep], segment: Segment) -> None:
        """One post: the phases with action, their lines grouped, and one map (animated
        when the post tells several phases). Noted under the step where it ends."""
        acted = segment.acted
        if not acted:
            return
        pos, off = segment.end
        key, part = backlog[pos].key, f"public:{off}"
        parts = await self._parts_of(key)
        if parts.get(part, (0, False))[1]:
            return
        await self._write_notes()
        views = [(await self.service.told_view(self.game_id, backlog[p.at].idx))[0] for p in acted]
        sides = {str(s.get("id")): str(s.get("side") or "") for s in _pieces(views[-1])}

        def revealed(side: str, items: list[str]) -> str:
            if not side:
                return "; ".join(items) + "."
            return i18n.text("post.revealed", game.language, side=self.service.side_name(game, side),
                             items="; ".join(items))

        lines = [line for p in acted for line in phase_lines(p, lambda ship: sides.get(str(ship), ""), revealed)]
        turns = [None if _turn(v) is None else _turn(v) - (1 if p.next_turn else 0)  # type: ignore[operator]
                 for v, p in zip(views, acted)]
        image = await self._picture(game, views, turns)
        await self._post_part(key, parts, part, Place.of(game), lines, image)

    async def _post_over(self, game, last: StoredStep) -> None:
        await self._write_notes()
        parts = await self._parts_of(last.key)
        if not parts.get("over", (0, False))[1]:
            lines, replay = await self._ending()
            await self._post_part(last.key, parts, "over", Place.of(game), lines, replay)
        if self.cards is not None and not parts.get("summary", (0, False))[1]:
            await self._write_notes()
            card = await self._card(game)
            if card is not None:
                await self._post_part(last.key, parts, "summary", Place.of(game), [], card)

    async def _card(self, game) -> Image | None:
        """The summary card (the result, the losses, the decisive moments), or None if
        it cannot be drawn: the last post stands without it."""
        assert self.cards is not None
        try:
            summary = await self.service.game_summary(self.game_id)
            png, alt = await _draw(self.cards, summary, game.language)
        except Exception:
            log.exception("game %s: the summary card could not be drawn", self.game_id)
            return None
        return Image(png, alt, filename=f"game-{self.game_id}-summary.png")

    async def _post_part(self, key: int, parts: dict[str, tuple[int, bool]], part: str,
                         place: Place, lines: list[str], image: Image | None = None) -> None:
        """One public part; if it breaks off, the messages that went out are noted and skipped next time."""
        skip = parts.get(part, (0, False))[0]
        await self._write_notes()
        try:
            await self.transport.post(place, lines, image=image, skip=skip)
        except DeliveryError as exc:
            if exc.delivered > skip:
                await self._note(key, part, pieces=exc.delivered, done=False)
            raise
        await self._note(key, part)

    async def _parts_of(self, key: int) -> dict[str, tuple[int, bool]]:
        """What of announcement ``key`` went out already: the pass's copy, else the database's."""
        if self._parts is not None:
            return dict(self._parts.get(key, {}))
        return await self.service.announce_parts(self.game_id, key)

    async def _note(self, key: int, part: str, *, pieces: int = 0, done: bool = True) -> None:
        if self._parts is None:
            await self.service.note_announce_part(self.game_id, key, part, pieces=pieces, done=done)
            return
        self._parts.setdefault(key, {})[part] = (pieces, done)
        self._unwritten.append(AnnouncePart(key, part, pieces, done))

    async def _picture(self, game, views: list[dict], turns: list[int | None]) -> Image | None:
        """The map of a post: still for one phase, animated (a frame per phase, each with
        its turn) for several when the loop can animate."""
        if len(views) > 1 and self.animate is not None:
            captions = [i18n.text("post.turn-frame", game.language, turn="?" if t is None else t) for t in turns]
            try:
                drawn = await _draw(self.animate, views, captions, game.language)
            except Exception:
                log.exception("game %s: the animated map could not be drawn", self.game_id)
                drawn = None
            if drawn:
                alt = i18n.text("post.animated-alt", game.language, frames=len(views), alt=drawn[1])
                return Image(drawn[0], alt, filename="turn.gif")
        return await self._image(views[-1], game.language)

    async def _image(self, public_view: dict, lang: str) -> Image | None:
        if self.images is None:
            return None
        try:
            drawn = await _draw(self.images, public_view, lang)
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
    """Keeps one :class:`GameLoop` per running or paused game, and starts them after a restart.

    With a :class:`~bot.leases.LeaseKeeper` (several processes on one PostgreSQL database)
    it runs only the games whose lease this process holds: a game is claimed before its
    loop starts, a loop whose lease was taken over is stopped, and another process's
    write to a game run here (an order clicked in a DM that reached shard 0) wakes the
    loop through the database's notices."""

    def __init__(self, service: GameService, *, images: ImageProvider | None = None,
                 image_factory: Callable[[], ImageProvider] | None = None,
                 replays: ReplayProvider | None = None, animate: Animator | None = None,
                 leases: LeaseKeeper | None = None, cards: CardProvider | None = None,
                 passes_at_once: int | None = None) -> None:
        """``images`` draws every game's maps; ``image_factory`` instead makes one
        provider per game, so a renderer can keep that game's map scale between phases;
        ``replays`` draws the replay GIF of a game's last post; ``animate`` draws the
        animated map of a post that tells several phases (without it such a post shows
        the last phase's map); ``cards`` draws the summary card posted after the last post;
        ``passes_at_once`` bounds the loops in a pass at once (default ``PASSES_AT_ONCE``),
        fewer while the event loop has no time to spare (:class:`~bot.pass_gate.PassGate`)."""
        self.service = service
        self.images = images
        self.image_factory = image_factory
        self.replays = replays
        self.animate = animate
        self.leases = leases
        self.cards = cards
        self._loops: dict[int, tuple[GameLoop, asyncio.Task[None]]] = {}
        self._claiming: dict[int, asyncio.Task[None]] = {}
        self._passes = PassGate(passes_at_once or PASSES_AT_ONCE)
        self._starting: asyncio.Task[None] | None = None
        self._stopped = False
        service.subscribe(self.wake)
        notices = service.db.notices
        if notices is not None:
            notices.listeners.append(self._heard)
        if leases is not None:
            leases.start_game = self._start_loop
            leases.stop_game = self._drop_loop

    async def start(self) -> None:
        """Resume every unfinished game; timers come back from the stored deadlines."""
        self._stopped = False
        await self.service.settle_unsettled()
        if self.leases is not None:
            # The heartbeat first: claiming hundreds of games takes a while, and the first
            # leases claimed must not expire meanwhile.
            self.leases.start()
            await self.leases.claimed.wait()  # its first round claimed this process's games
            return
        games = await self.service.db.games_with_status("running", "paused")
        await self._read_ahead([game.id for game in games])
        for game in games:
            self.wake(game.id)
        for game in await self.service.db.over_and_untold():
            self.wake(game.id)  # its last post and card are still to go out

    async def _read_ahead(self, game_ids: list[int]) -> None:
        """What the resumed games' first passes read, for all of them at once: their rows
        (a statement each kind) and their engine states (one statement, parsed in one batch
        off the event loop). A restart of N games made some 9 N statements, 7 N of them
        these, and parsed the states on the event loop. Only a saving: a loop finds
        whatever failed here missing, and reads it itself."""
        if not game_ids:
            return
        # The states first: they are parsed in a worker thread while the rows are read.
        for failed in await asyncio.gather(self.service.load_running_runtimes(),
                                           self.service.db.remember_games(game_ids), return_exceptions=True):
            if isinstance(failed, Exception):
                log.warning("the resumed games' rows could not be read at once; each game reads its own",
                            exc_info=failed)

    def start_in_background(self) -> asyncio.Task[None]:
        """:meth:`start` as a task of its own, so the caller goes on (the bot connects to
        the gateway and answers interactions while its games are claimed and resumed);
        :meth:`settle` waits for it."""
        self._starting = asyncio.get_running_loop().create_task(self._start_logged(), name="broadside-resume")
        return self._starting

    async def _start_logged(self) -> None:
        try:
            await self.start()
        except Exception:
            # Each game's loop still starts when the game is touched (an order wakes it).
            log.exception("the stored games could not all be resumed")

    def wake(self, game_id: int) -> None:
        """Something changed in a game: wake its loop, starting one if it has none (with
        leases: once this process holds the game's lease)."""
        if self._stopped:
            return
        entry = self._loops.get(game_id)
        if entry is not None and not entry[1].done():
            entry[0].waker.poke()
            return
        if self.leases is not None:
            if game_id not in self._claiming:
                self._claiming[game_id] = asyncio.get_running_loop().create_task(
                    self._claim(game_id), name=f"broadside-claim-{game_id}")
            return
        self._start_loop(game_id)

    async def _claim(self, game_id: int) -> None:
        try:
            assert self.leases is not None
            game = await self.service.db.game(game_id)
            if game is None or game.status not in ("running", "paused"):
                return
            if await self.leases.held_elsewhere(game_id):
                return  # its holder runs it, woken there by this write's notice
            if await self.leases.claim(game_id):
                self._start_loop(game_id)
        except Exception:
            log.exception("game %s: could not claim its lease", game_id)
        finally:
            self._claiming.pop(game_id, None)

    def _heard(self, notice: Notice) -> None:
        """Another process wrote to a game: its resolution or undo (or a games row) makes
        the engine state kept here stale; a loop run here looks again."""
        if notice.game_id is None:
            return
        if Rows.STEPS in notice.changes or Rows.GAME in notice.changes:
            self.service.forget_runtime(notice.game_id)
        entry = self._loops.get(notice.game_id)
        if entry is not None and not entry[1].done():
            entry[0].waker.poke()

    def _drop_loop(self, game_id: int) -> None:
        """The lease went to another process: this one stops running the game."""
        entry = self._loops.pop(game_id, None)
        if entry is not None:
            entry[1].cancel()
        self.service.forget_runtime(game_id)

    def _start_loop(self, game_id: int) -> None:
        if self._stopped:
            return
        entry = self._loops.get(game_id)
        if entry is not None and not entry[1].done():
            entry[0].waker.poke()
            return
        images = self.image_factory() if self.image_factory is not None else self.images
        loop = GameLoop(game_id, self.service, images, self.replays, self.animate,
                        fence=self.leases.holds if self.leases is not None else None, cards=self.cards,
                        passes=self._passes)
        task = asyncio.get_running_loop().create_task(loop.run(), name=f"broadside-game-{game_id}")
        self._loops[game_id] = (loop, task)
        task.add_done_callback(lambda t, gid=game_id: self._finished(gid, t))

    def _finished(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._loops.get(game_id, (None, None))[1] is task:
            del self._loops[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: loop ended with an error", game_id, exc_info=task.exception())
        elif not task.cancelled() and self.leases is not None and not self._stopped:
            # The game is over: nobody needs to run it.
            asyncio.get_running_loop().create_task(self.leases.release(game_id))

    def running(self) -> list[int]:
        return sorted(gid for gid, (_, task) in self._loops.items() if not task.done())

    async def stop(self) -> None:
        """Cancel every loop (a shutdown). Nothing is lost: all state is in the database."""
        self._stopped = True
        if self._starting is not None and not self._starting.done():
            self._starting.cancel()
            await asyncio.gather(self._starting, return_exceptions=True)
        # The claims on their way too, before the leases are given up: one that ended after
        # the release left its game leased to a process gone, for a whole lease.
        tasks = [task for _, task in self._loops.values()] + list(self._claiming.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._loops.clear()
        self._claiming.clear()
        self._passes.close()
        if self.leases is not None:
            await self.leases.stop()  # another process takes the games over at once

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait until every lease claim on its way has ended and every loop has caught up
        and sleeps (for tests and the offline demo). A claim may start a loop, so the
        claims are waited for first, then the loops."""
        loop = asyncio.get_running_loop()
        limit = loop.time() + timeout
        if self._starting is not None and not self._starting.done():
            await asyncio.wait_for(asyncio.shield(self._starting), timeout)
        while self._claiming:
            if loop.time() > limit:
                raise TimeoutError(f"lease claims still on their way after {timeout}s: {sorted(self._claiming)}")
            await asyncio.wait(list(self._claiming.values()), timeout=max(0.0, limit - loop.time()))
        while not all(game_loop.waker.idle for game_loop, task in list(self._loops.values()) if not task.done()):
            if loop.time() > limit:
                raise TimeoutError(f"game loops still busy after {timeout}s: {self.running()}")
            await asyncio.sleep(0.001)
