"""The rows every interaction asks for, kept in memory between the writes that change them.

An autocomplete answer cannot be deferred: Discord wants it within 3 s and players feel
anything over a tenth of a second. It needs the game of the thread, the caller's seat, the
open orders and the deadline, on every keystroke. The :class:`~db.database.Database` owns
every write, so it knows exactly when a remembered row stops being true: each write names
what it changes, and those entries are dropped when it begins.

Reads run on their own connection, beside the writes, so a read may start before a write
commits and finish after: it is remembered only if no write to its game (for the lists of
games of a place: no write to any games row) was under way or ended while it ran. That is
what the tokens are for.

With SQLite only this process writes the database (one bot per database file), which is
what makes the memo exact rather than a best guess. With PostgreSQL other processes write
too: each of their writes arrives as a notice (:mod:`db.notices`, LISTEN/NOTIFY, in
commit order) and is forgotten here as a local write is (:meth:`RowMemo.remote_write`).
A remembered row is then never older than the last notice this process has handled; a
read that overlapped a remote write is not kept. While notices cannot be heard (the
listening connection lost) the memo is ``deaf``: it keeps nothing.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import Enum
from typing import Any, Hashable

from db.models import DeadlineRow, GameRow, OrderRow, SeatRow, StandingRow


class Rows(Enum):
    """What a write may change, as the memo knows it."""

    GAME = "game"  # the games row; where the game is played and its status move with it
    SEATS = "seats"
    OPEN_ORDERS = "open orders"
    DEADLINE = "deadline"
    STANDING = "standing orders"  # the live ones; a game's loop reads them on every pass
    # Not remembered here: a resolution or an undo, which other processes must hear of to
    # drop the engine state they keep of the game (bot.service).
    STEPS = "steps"


MISSING: Any = object()

# A server that has run for months has thousands of finished games; past this many
# remembered games the memo starts over rather than grow without end.
MAX_GAMES = 4096


class RowMemo:
    def __init__(self) -> None:
        self._by_kind: dict[Rows, dict[int, Any]] = {kind: {} for kind in Rows}
        # place id -> ids of the unfinished games played there, newest first
        self._places: dict[int, tuple[int, ...]] = {}
        # Writes under way, and a stamp (never reused) of the last one ended: per game,
        # and for the games rows as a whole.
        self._busy: dict[int, int] = {}
        self._ended: dict[int, int] = {}
        self._rows_busy = 0
        self._rows_ended = 0
        self._stamps = itertools.count(1)
        # True while another process's writes may go unheard: nothing read is kept.
        self.deaf = False

    # -- may a read be remembered ----------------------------------------------------------
    def token(self, game_id: int) -> Hashable | None:
        """Taken before a read of one game's rows and compared after; None while a write
        to the game is under way (what is read then may be gone when it commits)."""
        if self.deaf or self._busy.get(game_id):
            return None
        return self._ended.get(game_id, 0)

    def places_token(self) -> Hashable | None:
        return None if self.deaf or self._rows_busy else self._rows_ended

    # -- reading -------------------------------------------------------------------------
    def game(self, game_id: int) -> GameRow | None:
        return self._by_kind[Rows.GAME].get(game_id, MISSING)

    def seats(self, game_id: int) -> list[SeatRow]:
        found = self._by_kind[Rows.SEATS].get(game_id, MISSING)
        return found if found is MISSING else list(found)

    def open_orders(self, game_id: int) -> list[OrderRow]:
        found = self._by_kind[Rows.OPEN_ORDERS].get(game_id, MISSING)
        return found if found is MISSING else list(found)

    def standing(self, game_id: int) -> list[StandingRow]:
        found = self._by_kind[Rows.STANDING].get(game_id, MISSING)
        return found if found is MISSING else list(found)

    def deadline(self, game_id: int) -> DeadlineRow | None:
        return self._by_kind[Rows.DEADLINE].get(game_id, MISSING)

    def games_in_place(self, place_id: int) -> list[GameRow]:
        ids = self._places.get(place_id)
        if ids is None:
            return MISSING
        games = [self.game(i) for i in ids]
        if any(g is MISSING or g is None for g in games):
            return MISSING
        return games

    # -- remembering ---------------------------------------------------------------------
    def keep(self, kind: Rows, game_id: int, value: Any) -> None:
        kept = self._by_kind[kind]
        if game_id not in kept and len(kept) >= MAX_GAMES:
            self.clear()
            kept = self._by_kind[kind]
        kept[game_id] = tuple(value) if isinstance(value, list) else value

    def keep_place(self, place_id: int, games: list[GameRow]) -> None:
        if len(self._places) >= MAX_GAMES:
            self._places.clear()
        for game in games:
            self.keep(Rows.GAME, game.id, game)
        self._places[place_id] = tuple(g.id for g in games)

    # -- writes ----------------------------------------------------------------------------
    def begin_write(self, game_id: int | None, changes: tuple[Rows, ...], places: set[int]) -> "_Write":
        spot = _Write(game_id, changes)
        self.forget(game_id, changes, places)
        if game_id is not None:
            self._busy[game_id] = self._busy.get(game_id, 0) + 1
        if Rows.GAME in changes:
            self._rows_busy += 1
        return spot

    def end_write(self, spot: "_Write") -> None:
        """Committed or rolled back: stamp the end, so a read that overlapped the write
        is not kept. (Nothing needs forgetting again: no read was kept meanwhile.)"""
        if spot.game_id is not None:
            left = self._busy.get(spot.game_id, 0) - 1
            if left > 0:
                self._busy[spot.game_id] = left
            else:
                self._busy.pop(spot.game_id, None)
            self._ended[spot.game_id] = next(self._stamps)
        if Rows.GAME in spot.changes:
            self._rows_busy -= 1
            self._rows_ended = next(self._stamps)

    def remote_write(self, game_id: int | None, changes: tuple[Rows, ...], places: set[int]) -> None:
        """Another process committed a write: drop what it changed, and stamp its end so a
        read that overlapped it is not kept."""
        self.forget(game_id, changes, places)
        if game_id is not None:
            self._ended[game_id] = next(self._stamps)
        if Rows.GAME in changes:
            self._rows_ended = next(self._stamps)

    # -- forgetting ----------------------------------------------------------------------
    def forget(self, game_id: int | None, changes: tuple[Rows, ...], places: set[int]) -> None:
        """Drop what a write may change; a change to a games row also drops the lists of
        games of ``places`` (where that game is, or is about to be, played) and, in case
        a list outlived a move, of every place listing it."""
        for kind in changes:
            if game_id is not None:
                self._by_kind[kind].pop(game_id, None)
        if Rows.GAME in changes:
            for place in [p for p, ids in self._places.items() if p in places or game_id in ids]:
                del self._places[place]

    def clear(self) -> None:
        for kept in self._by_kind.values():
            kept.clear()
        self._places.clear()
        # Stamps are never reused, so a read that overlapped a write still finds a
        # different token (0) after this.
        self._ended.clear()


@dataclass(frozen=True, slots=True)
class _Write:
    game_id: int | None
    changes: tuple[Rows, ...]
