"""Persistence: one :class:`Database` owns the SQLite connection and all the SQL."""
from db.database import Database, migrations
from db.errors import (AlreadySeated, DatabaseError, LimitReached, PickTaken, StaleStep, StepConflict,
                       StorageUnavailable, ThreadTaken,
                       UnknownSeat, WrongStatus)
from db.models import (AnnouncePart, AuditRow, DeadlineRow, GameRow, NewGame, NewOrder, NewStanding, NewStep, OrderRow, PickRow,
                       SeatRow, StandingRow, StartRow, StepRow, StoredOrder)

__all__ = [
    "AlreadySeated", "AnnouncePart", "AuditRow", "Database", "DatabaseError", "DeadlineRow", "GameRow", "LimitReached", "NewGame",
    "NewOrder", "NewStanding", "StandingRow",
    "NewStep", "OrderRow", "PickRow", "PickTaken", "SeatRow", "StaleStep", "StartRow", "StepConflict", "StepRow",
    "StorageUnavailable", "StoredOrder", "ThreadTaken", "UnknownSeat", "WrongStatus", "migrations",
]
