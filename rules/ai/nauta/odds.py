"""The odds of the galleys' dice, worked out exactly: a ramming (§11-12) and a fight
aboard (§13-15), in the points of the ships at stake.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.ai.nauta.board import Board, Galley

FACES = range(1, 7)
# A damaged galley rows two segments slower, rams at -2 and sinks at the next blow:
# she is worth about this share of a sinking.
DAMAGE_SHARE = 0.45
# Fighting aboard: assaults looked ahead (three a turn), and the chance a lone
# boarding takes (4-6 on a die).
MELEE_ASSAULTS = 6


def beats(edge: int) -> tuple[float, float, float]:
    """(P win, P tie, P lose) of a d6 + ``edge`` against a plain d6."""
    win = tie = 0
    for a in FACES:
        for b in FACES:
            if a + edge > b:
                win += 1
            elif a + edge == b:
                tie += 1
    return win / 36, tie / 36, (36 - win - tie) / 36


def effect_odds(medieval: bool, friendly: bool = False) -> tuple[float, float]:
    """(P damaged, P sunk) of the winner's effect die."""
    damaged = sunk = 0
    for die in FACES:
        value = die - (1 if friendly else 0)
        if medieval:
            damaged += 3 <= value <= 5
            sunk += value >= 6
        else:
            damaged += value <= 3
            sunk += value >= 4
    return damaged / 6, sunk / 6


def blow(board: Board, on: Galley, friendly: bool = False) -> float:
    """The points a won ramming takes off ``on``, on average."""
    damaged, sunk = effect_odds(board.medieval, friendly)
    worth = board.worth(on)
    if on.damage:  # a second damage sinks her
        return (damaged + sunk) * worth
    return sunk * worth + damaged * DAMAGE_SHARE * worth


@dataclass(frozen=True)
class Ram:
    mover: Galley
    target: Galley
    mover_speed: int
    target_speed: int  # her speed at that moment, as well as this seat can tell
    rammer: str | None  # "us" (the mover's prow on her flank), "them", or None (frontal)


def _total(board: Board, ship: Galley, speed: int, other_speed: int, rams: bool, rammed: bool) -> int:
    edge = ship.size + (1 if speed > other_speed else 0) - (2 if ship.damage else 0)
    if rammed and speed == 0:
        edge -= 1
    if ship.has("prow") and rams:
        edge += 1
    return edge


def ram_value(board: Board, ram: Ram) -> float:
    """Points the mover's side gains (less what it loses) from this ramming."""
    us, them = ram.mover, ram.target
    friendly = us.side == them.side
    a = _total(board, us, ram.mover_speed, ram.target_speed, ram.rammer in (None, "us"), ram.rammer in (None, "them"))
    b = _total(board, them, ram.target_speed, ram.mover_speed, ram.rammer in (None, "them"),
               ram.rammer in (None, "us"))
    win, tie, lose = beats(a - b)
    hit_them, hit_us = blow(board, them, friendly), blow(board, us, friendly)
    if friendly:  # any ramming of a friend is a loss to our own side
        hit_them = -hit_them
    if ram.rammer == "us":
        return win * hit_them
    if ram.rammer == "them":
        return -lose * hit_us
    return win * hit_them - lose * hit_us + tie * (hit_them - hit_us)


@lru_cache(maxsize=4096)
def melee_odds(ours: int, theirs: int, ours_left: int, theirs_left: int, assaults: int = MELEE_ASSAULTS) -> tuple[float, float]:
    """(P we take her, P she takes us) within ``assaults`` assaults: each a d6 plus the
    melee strength, the higher kills one soldier, a ship with none left surrenders.
    ``ours``/``theirs``: the fixed bonuses (admiral, rowers); ``*_left``: soldiers."""
    if theirs_left <= 0 and ours_left <= 0:
        # Two ships without soldiers grappled: the rules do not say which gives in first.
        return 0.5, 0.5
    if theirs_left <= 0:
        return 1.0, 0.0
    if ours_left <= 0:
        return 0.0, 1.0
    if assaults == 0:
        return 0.0, 0.0
    win, tie, lose = beats(ours + ours_left - theirs - theirs_left)
    a1, b1 = melee_odds(ours, theirs, ours_left, theirs_left - 1, assaults - 1)
    a2, b2 = melee_odds(ours, theirs, ours_left - 1, theirs_left, assaults - 1)
    a3, b3 = melee_odds(ours, theirs, ours_left, theirs_left, assaults - 1)
    return win * a1 + lose * a2 + tie * a3, win * b1 + lose * b2 + tie * b3


def fight_value(board: Board, us: Galley, them: Galley) -> float:
    """Points our side can expect from a fight aboard between the two, once grappled."""
    fixed_us = (1 if us.admiral else 0) + (2 if us.medieval else 0)
    fixed_them = (1 if them.admiral else 0) + (2 if them.medieval else 0)
    take, taken = melee_odds(fixed_us, fixed_them, us.soldiers, them.soldiers)
    return take * board.worth(them) - taken * board.worth(us)


def grapple_chance(board: Board, us: Galley, them: Galley, frontal: bool) -> float:
    """A lone boarding: 4-6 (medieval 3-6), +1 corvus, +1 harpax in a frontal contact."""
    need = (3 if board.medieval else 4) - (1 if us.has("corvus") else 0) - (1 if us.has("harpax") and frontal else 0)
    return min(1.0, max(0.0, (7 - need) / 6))
