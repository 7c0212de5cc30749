"""The keys every ruleset's view shares: the typed contract the adapter and the
renderer read.

A ruleset's ``view(state, viewer)`` returns a JSON-ready dict (the public view when
``viewer`` is None). Whatever else it holds is the ruleset's own business and is read
only by that ruleset's board (``renderer/<ruleset>/``); what is read without knowing the
ruleset — which board draws it, which sides there are, which pieces there are, where
they stand and which way they face — is declared here. ``PublicView.read(view)`` checks a
view against it; extra keys are kept (a ruleset's view extends the contract), so the
dict a view produces is unchanged by being read.
"""
from __future__ import annotations

from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict


class PieceView(BaseModel):
    """One piece of a view (a ship, for every ruleset so far), as every reader sees it.

    ``x``, ``y`` are the piece's place in the board's own coordinates (table units on
    an open table; a hex's or a square's coordinates on a map of cells) and
    ``heading`` its facing in compass degrees; a piece not on the board yet may leave
    them out."""

    model_config = ConfigDict(extra="allow", frozen=True)

    id: str
    name: str = ""
    side: str
    player: str | None = None
    status: str = "afloat"
    x: float | None = None
    y: float | None = None
    heading: float | None = None
    # The turn she was lost (sunk, wrecked): the map leaves a wreck with her name there
    # for the rest of that turn.
    lost_turn: int | None = None
    # Marks a ruleset may give a piece beside her ``status`` (Cannoni's ship keeps
    # sailing, status "afloat", when she has struck, is sinking or has been taken).
    struck: bool = False
    sinking: bool = False
    captured_by: str | None = None

    @property
    def label(self) -> str:
        """The name to show, the id when the piece has none."""
        return self.name or self.id

    @property
    def fate(self) -> str | None:
        """How she is out of the fight, in one shared word — ``taken``, ``sunk``,
        ``sinking``, ``wrecked``, ``burning``, ``struck``, ``left`` (the table) — the
        ruleset's own status word for any other, or None while she fights on."""
        if self.captured_by or self.status in ("captured", "taken"):
            return "taken"
        if self.status in ("sunk", "wrecked", "burning"):
            return self.status
        if self.sinking:
            return "sinking"
        if self.struck or self.status == "struck":
            return "struck"
        if self.status in ("off_table", "left"):
            return "left"
        return None if self.status in ("afloat", "undeployed") else self.status


class ShotView(BaseModel):
    """A shot the map draws as a line from the firer to the target (piece ids), with its
    result: ``hits`` boxes or points of damage (0 a miss), a ``critical`` hit, or no
    ``effect`` at all (a load fired where it cannot harm). Public: the events say it."""

    model_config = ConfigDict(extra="allow", frozen=True)

    firer: str
    target: str
    hits: int = 0
    critical: bool = False
    effect: bool = True


class PublicView(BaseModel):
    """The keys shared by every ruleset's view."""

    model_config = ConfigDict(extra="allow", frozen=True)

    ruleset: str
    # The kind of map: absent (the ruleset's default board), a name ("hex"), or a dict
    # describing it with its "kind" (Nauta: {"kind": "open", "unit": "segment", ...}).
    board: str | dict[str, Any] | None = None
    viewer: str | None = None
    title: str | None = None
    scenario: str | None = None
    turn: int | None = None
    turns_limit: int | None = None
    step: str | None = None
    phase: int | None = None
    sides: list[str] = []
    ships: list[PieceView] = []
    # Pieces no longer on the map (sunk, a prize taken away), for a ruleset whose map
    # leaves them out of ``ships``: the summary still reads how they left.
    gone: list[PieceView] = []
    # What was just fired: the shots of this phase and of the last one with action.
    shots: list[ShotView] = []

    @classmethod
    def read(cls, view: Mapping[str, Any]) -> "PublicView":
        """The view checked against the contract (a ValidationError names what is wrong)."""
        return cls.model_validate(view)

    @property
    def board_kind(self) -> str | None:
        return board_kind(self.board)

    def piece(self, piece_id: str) -> PieceView:
        for p in self.ships:
            if p.id == piece_id:
                return p
        raise KeyError(f"no ship {piece_id!r} in this view; ships: {', '.join(p.id for p in self.ships)}")

    def side_indices(self) -> dict[str, int]:
        return side_indices(self.model_dump(include={"sides", "ships"}))


# Readers of single keys, for code that reads them many times a frame (the renderer):
# the same answers as the model's, without checking the whole view each time.

def board_kind(board: Any) -> str | None:
    """The kind of map a view's ``board`` names: a name, or a dict with its ``kind``."""
    kind = board.get("kind") if isinstance(board, dict) else board
    return None if kind is None else str(kind)


def side_indices(view: Mapping[str, Any]) -> dict[str, int]:
    """Each side's place in the view's ``sides`` (then in order of first appearance
    among its pieces): it fixes the side's colour for the whole game."""
    out = {str(s): i for i, s in enumerate(view.get("sides", []))}
    for piece in view.get("ships", []):
        out.setdefault(str(piece["side"]), len(out))
    return out
