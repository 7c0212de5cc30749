"""Events: what happened, in machine form, with a one-line human form.

An event's text is not stored: it is rendered from its kind and data through the
ruleset's message catalogue, so the same record reads in English or Italian.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Event(BaseModel):
    kind: str
    data: dict[str, Any] = Field(default_factory=dict)
    # None: public. Otherwise the seats that may see it (a chit, a hidden load).
    to: list[str] | None = None

    def visible_to(self, viewer: str | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)


class EventLog:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def emit(self, kind: str, /, *, to: list[str] | None = None, **data: Any) -> Event:
        return self.add(Event(kind=kind, data=data, to=to))


def visible_events(events: list[Event], viewer: str | None) -> list[Event]:
    """The events a viewer may see (None = the public)."""
    return [e for e in events if e.visible_to(viewer)]
