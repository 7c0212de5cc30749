"""What the database refuses, as exceptions the service can map to its own codes."""
from __future__ import annotations


class DatabaseError(Exception):
    """Base of every refusal by :class:`db.Database`."""


class StepConflict(DatabaseError):
    """A step is being stored at an index that is not the next one (already resolved)."""


class StaleStep(DatabaseError):
    """An order was meant for a step that has been resolved meanwhile."""


class AlreadySeated(DatabaseError):
    """The user already holds a seat in this game."""


class UnknownSeat(DatabaseError):
    """No such seat in this game (it may have been removed meanwhile)."""


class PickTaken(DatabaseError):
    """Another seat already picked that ship."""


class WrongStatus(DatabaseError):
    """The game is not in the status the operation needs."""

    def __init__(self, status: str) -> None:
        self.status = status
        super().__init__(f"the game is {status}")


class ThreadTaken(DatabaseError):
    """An unfinished game is already played in that thread."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id} is played in that thread")


class LimitReached(DatabaseError):
    """A server-wide or per-member limit on unfinished games or seats is reached."""

    def __init__(self, kind: str, limit: int) -> None:
        self.kind = kind  # "lobbies" (per member), "games" (per server), "side" (seats of a side)
        self.limit = limit
        super().__init__(f"limit on {kind} reached ({limit})")


class StorageUnavailable(DatabaseError):
    """The database cannot be written (disk full, file read-only, I/O error). Nothing of
    the write was kept; the same write may succeed once the cause is fixed."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)
