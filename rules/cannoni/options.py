"""Switches of a Cannoni game. Each option is named in the game record."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator


class CannoniOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # "sequential": the tabletop way — active ships give their action one at a time
    # in initiative order, each seeing the moves before it (a run of consecutive
    # ships of one player is asked together). "simultaneous": every active ship's
    # action of a phase is collected together, hidden, then carried out in
    # initiative order (campaign play, a decision a day).
    order_mode: Literal["sequential", "simultaneous"] = "sequential"

    # *Regola opzionale per la scelta dei gettoni di attivazione*: the last player to
    # place his chits (in chat: the last to send them before the deadline) gets random
    # ones that turn.
    chit_pressure: bool = False
    # *Giocatori recidivi*: three times last, and a player's chits are drawn at random
    # for the rest of the game. Part of the chit-pressure rule.
    repeat_offenders: bool = False
    # *Partita rapida*: every die is a d6 (2d6 for the wind tables).
    quick_play: bool = False
    # *Squadre*: the scenario's squadrons sail in line ahead under their commodores;
    # off, every ship acts on her own.
    squadrons: bool = False
    # *Regole opzionali per la cattura e l'affondamento*: a ship that loses her last
    # hull box is gravely damaged instead of sinking; honour forbids firing at her
    # except to take her, and a broadside that hits her makes her strike.
    optional_capture: bool = False
    # *Regole opzionali per il tiro*: ball, chain, double and grape shot, each
    # broadside's load hidden until it is fired.
    ammunition: bool = False
    # *Danno critico*: a critical hit may blow up the magazine, carry away the rudder
    # or kill the captain.
    critical_damage: bool = False
    # *Equipaggio disordinato*: grounding, collision, a critical hit, a mast lost or a
    # prize to sail disorder the crew (-2 to manoeuvre tests) until it is rallied.
    disorder: bool = False
    # *Riparazioni*: five consecutive action phases of work give back one rigging box.
    repairs: bool = False
    # *Pescaggio e profondità*: the scenario's depth zones shallower than a ship's
    # draught are coast to her (test, back off an inch or run aground); refloating from
    # them costs the difference between depth and draught. Off, only land grounds ships.
    depth: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> "CannoniOptions":
        if self.repeat_offenders and not self.chit_pressure:
            raise ValueError("repeat_offenders is part of the chit_pressure rule: switch that on too")
        return self
