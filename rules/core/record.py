"""Game records: everything needed to replay a game, and the replayer.

See docs/game-record.md for the format.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.core import game
from rules.core.decisions import Order
from rules.core.dice import DiceSource, ForcedDice, Roll, SeededDice
from rules.core.events import Event
from rules.core.registry import get_ruleset
from rules.core.ruleset import Outcome, Ruleset, Seat

FORMAT = "broadside-record/1"


class RecordStep(BaseModel):
    orders: list[Order] = Field(default_factory=list)
    # The dice this step threw. Absent: thrown from the seed, continuing.
    rolls: list[Roll] | None = None


class GameRecord(BaseModel):
    format: Literal["broadside-record/1"] = FORMAT
    ruleset: str
    options: dict[str, Any] = Field(default_factory=dict)
    scenario: str | None = None  # name, for humans; ``setup`` is authoritative
    setup: dict[str, Any]
    seats: list[Seat]
    seed: int | None = None
    start_rolls: list[Roll] | None = None
    steps: list[RecordStep] = Field(default_factory=list)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        return cls.model_validate_json(Path(path).read_text(encoding="utf-8"))

    def dumps(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude_none=True), indent=1, ensure_ascii=False) + "\n"


class ReplayStep(BaseModel):
    index: int  # 0 = the start
    events: list[Event]


class ReplayError(Exception):
    def __init__(self, step: int, message: str) -> None:
        self.step = step
        super().__init__(message)


class Replay(BaseModel):
    steps: list[ReplayStep]
    final_state: dict[str, Any]
    outcome: Outcome | None
    pending: list[str]


def _dice_for(rolls: list[Roll] | None, seeded: DiceSource | None, where: str) -> DiceSource:
    if rolls is not None:
        return ForcedDice(rolls)
    if seeded is None:
        raise ReplayError(0, f"{where} has no recorded dice and the record has no seed")
    return seeded


def replay(record: GameRecord, *, keep_states: bool = False) -> tuple[Replay, list[Any]]:
    """Replay a record. Returns the replay and (optionally) every intermediate state."""
    ruleset: Ruleset = get_ruleset(record.ruleset)
    seeded = SeededDice(record.seed) if record.seed is not None else None
    setup = ruleset.setup_model.model_validate(record.setup)
    options = ruleset.options_model.model_validate(record.options)
    state, result = game.start(ruleset, setup, options, record.seats,
                               _dice_for(record.start_rolls, seeded, "the start"))
    steps = [ReplayStep(index=0, events=result.events)]
    states: list[Any] = [state] if keep_states else []
    for i, step in enumerate(record.steps, start=1):
        dice = _dice_for(step.rolls, seeded, f"step {i}")
        try:
            state, result = game.resolve(ruleset, state, step.orders, dice)
        except game.OrderRejected as exc:
            raise ReplayError(i, f"step {i}: order for decision {exc.order.decision} "
                                 f"({exc.order.player}) is illegal: {exc}") from exc
        except Exception as exc:  # a diverged record or a rules bug: say where
            raise ReplayError(i, f"step {i}: {exc}") from exc
        if isinstance(dice, ForcedDice) and dice.remaining:
            raise ReplayError(i, f"step {i}: the record holds {dice.remaining} dice the rules did not use")
        steps.append(ReplayStep(index=i, events=result.events))
        if keep_states:
            states.append(state)
    return Replay(steps=steps, final_state=state.model_dump(mode="json"),
                  outcome=ruleset.outcome(state),
                  pending=[d.id for d in ruleset.pending(state)]), states
