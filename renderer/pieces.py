"""The pieces of a view as every board reads them: a piece's identity, its side's
place in the palette and its side's name in words.

A board wraps each piece's dict of the public view in its own class (a Cannoni
ship, a Nauta galley, a coastal battery); what they all read the same way is here,
so that a side keeps one colour and one name on the map, the card and the alt text.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol, TypeVar

from renderer.board import View
from rules.core.tables.open_table import Pose
from rules.core.view import PublicView
from rules.core.view import side_indices as contract_side_indices

P = TypeVar("P")


class ViewPiece:
    """Identity of a piece read from its view dict ``data`` (the contract's
    ``rules.core.view.PieceView`` keys), for the boards' frozen dataclasses to inherit
    (they declare ``data`` as a field)."""

    data: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def side(self) -> str:
        return str(self.data["side"])


class ShipOnTable(Protocol):
    """A board's ship (Cannoni's Ship, Nauta's Galley) as the shared drawing and
    words read her: her side, whether she is afloat, and her base on the table."""

    @property
    def side(self) -> str: ...

    @property
    def afloat(self) -> bool: ...

    @property
    def pose(self) -> Pose: ...

    @property
    def length(self) -> float: ...

    @property
    def width(self) -> float: ...

    def to_world(self, along: float, across: float) -> tuple[float, float]: ...


def side_indices(view: View) -> dict[str, int]:
    """Each side's place in the view's list of sides: it fixes the side's colour for
    the whole game, whatever ships are left (``PublicView.side_indices``)."""
    return contract_side_indices(view)


def side_label(side: str) -> str:
    return side.replace("_", " ").replace("-", " ").title()


def find_ship(view: View, ship_id: str, wrap: Callable[[dict[str, Any], int], P]) -> P:
    """The view's ship ``ship_id``, wrapped by ``wrap(data, side_index)``; a KeyError
    that lists the ships there are otherwise (a card asked for a ship not in view)."""
    head = PublicView.read(view)
    head.piece(ship_id)  # a KeyError naming the ships there are
    idx = head.side_indices()
    data = next(d for d in view["ships"] if d["id"] == ship_id)
    return wrap(data, idx[str(data["side"])])
