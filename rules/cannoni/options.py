"""Switches of a Cannoni game. Each option is named in the game record."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class CannoniOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # "sequential": the tabletop way — active ships give their action one at a time
    # in initiative order, each seeing the moves before it (a run of consecutive
    # ships of one player is asked together). "simultaneous": every active ship's
    # action of a phase is collected together, hidden, then carried out in
    # initiative order (campaign play, a decision a day).
    order_mode: Literal["sequential", "simultaneous"] = "sequential"
