"""A finished game in brief: the result, each side's losses and the decisive moments
(first blood, and each ship struck, sunk or taken, with the turn). The summary card at
the end of a game and the report page draw it.

Built from public things only, through the ruleset's interface: each stored state's
public view (``view(state, None)``), ``losses`` and the last state's ``outcome``. A
ship's leaving the fight is found by comparing the losses of consecutive states; how
she left is read from her piece in the public view (``PieceView.fate``); first blood is
the first shot of the views' ``shots`` that struck home (hits or a critical).

A moment happened during the step that produced the state it is first seen in, so it
belongs to the turn that step was resolved in: the turn of the state before (a step
that ends a turn may already show the next turn's number). A ship's own ``lost_turn``,
where the view has one, is the rules' word for when she went down and is used instead.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from pydantic import BaseModel, Field

from rules.core.ruleset import Outcome, Ruleset
from rules.core.view import PieceView, ShotView

FIRST_BLOOD = "first_blood"


class Moment(BaseModel):
    """One decisive moment: ``kind`` is ``first_blood`` or a ship's fate
    (:meth:`PieceView.fate`); ``name``/``side`` the ship it happened to (for first blood:
    the target), ``by``/``by_side`` the firer of first blood."""

    turn: int | None = None
    kind: str
    name: str
    side: str
    by: str | None = None
    by_side: str | None = None
    hits: int = 0
    critical: bool = False


class SideSummary(BaseModel):
    side: str
    score: float | None = None
    lost: list[str] = Field(default_factory=list)


class GameSummary(BaseModel):
    ruleset: str
    title: str | None = None  # the scenario's title, a code of its ruleset's catalogue or words
    turns: int | None = None
    outcome: Outcome | None = None
    sides: list[SideSummary] = Field(default_factory=list)
    moments: list[Moment] = Field(default_factory=list)


def _pieces(view: Mapping[str, Any]) -> list[PieceView]:
    """The pieces on the map and those a view lists as ``gone`` from it (sunk, a prize
    taken away: the map no longer draws them, but how they left is still theirs)."""
    return [PieceView.model_validate(p) for key in ("ships", "gone") for p in view.get(key, []) or []
            if isinstance(p, Mapping)]


def _piece_named(pieces: Sequence[PieceView], name: str, side: str, taken: set[str]) -> PieceView | None:
    """The piece a loss names: by name, not one named by an earlier loss (two ships may
    share a name), one out of the fight first, then her home side's (a prize may sail
    for her captor)."""
    named = [p for p in pieces if p.label == name and p.id not in taken]
    return min(named, key=lambda p: (p.fate is None, p.side != side), default=None)


def _blood(view: Mapping[str, Any]) -> ShotView | None:
    for raw in view.get("shots", []) or []:
        if isinstance(raw, Mapping):
            shot = ShotView.model_validate(raw)
            if shot.effect and (shot.hits > 0 or shot.critical):
                return shot
    return None


def find_moments(frames: Iterable[tuple[Mapping[str, Any], Mapping[str, Sequence[str]]]]) -> list[Moment]:
    """The moments of a game from each stored state's public view and losses, oldest
    first (the start included)."""
    moments: list[Moment] = []
    fates: dict[tuple[str, str], str] = {}  # (side, piece id) of a ship out of the fight -> her fate
    bled = False
    before_turn: int | None = None
    for n, (view, losses) in enumerate(frames):
        turn = view.get("turn") if isinstance(view.get("turn"), int) else None
        at = before_turn if n else turn
        pieces = _pieces(view)
        if not bled and (shot := _blood(view)) is not None:
            bled = True
            firer = next((p for p in pieces if p.id == shot.firer), None)
            target = next((p for p in pieces if p.id == shot.target), None)
            moments.append(Moment(turn=at, kind=FIRST_BLOOD, name=target.label if target else shot.target,
                                  side=target.side if target else "", by=firer.label if firer else shot.firer,
                                  by_side=firer.side if firer else None, hits=shot.hits, critical=shot.critical))
        lost_now: dict[tuple[str, str], tuple[str, PieceView | None]] = {}
        for side, names in losses.items():
            taken: set[str] = set()
            for n, name in enumerate(names):
                piece = _piece_named(pieces, name, side, taken)
                if piece is not None:
                    taken.add(piece.id)
                lost_now[(side, piece.id if piece is not None else f"{name}#{n}")] = (name, piece)
        for key in [k for k in fates if k not in lost_now]:
            del fates[key]  # back in the fight (a prize retaken): a later loss is a new moment
        for (side, key), (name, piece) in lost_now.items():
            fate = (piece.fate if piece is not None else None) or "out"
            if fates.get((side, key)) == fate:
                continue
            fates[(side, key)] = fate
            when = piece.lost_turn if piece is not None and piece.lost_turn is not None else at
            moments.append(Moment(turn=when, kind=fate, name=name, side=side))
        before_turn = turn
    return moments


def _turns(views: Sequence[Mapping[str, Any]]) -> int | None:
    """How many turns were played: the turn the last step was resolved in (it may have
    opened the next turn before the game ended)."""
    turn = views[-2 if len(views) > 1 else -1].get("turn")
    return turn if isinstance(turn, int) else None


def summarise(rules: Ruleset, states: Sequence[Any]) -> GameSummary:
    """The summary of a game from its stored states, the start first."""
    views = [rules.view(s, None) for s in states]
    losses = [rules.losses(s) for s in states]
    last = views[-1]
    outcome = rules.outcome(states[-1])
    sides = list(dict.fromkeys([*map(str, last.get("sides", [])), *losses[-1],
                                *(outcome.scores if outcome else {})]))
    return GameSummary(
        ruleset=rules.name, title=last.get("title"), turns=_turns(views), outcome=outcome,
        sides=[SideSummary(side=s, score=outcome.scores.get(s) if outcome else None, lost=list(losses[-1].get(s, [])))
               for s in sides],
        moments=find_moments(zip(views, losses)))
