"""The order of manoeuvre ("Ordine di manovra").

"Ogni giocatore in ordine crescente d'iniziativa fa tutte le manovre possibili con un
oggetto [...] escluso sparare. Se il giocatore ha N volte oggetti da far agire rispetto
a quello che manovra per ultimo, muove N oggetti (arrotondato in giù)."

Read as the rulebook's two-player table and both three-player examples require: the
players go round in rising initiative; in each round the last player (the highest
initiative still with objects to act) acts with one object and every other player with
``floor(own left / last's left)`` objects, at least one, the counts taken afresh each
round. A player whose objects are all done drops out; the last carries on alone ("poi
tutto A").

The initiative score itself is lost from the text: each player rolls a die at the start
of every turn, the tied re-roll (docs/rules/pirates.md says why).
"""
from __future__ import annotations

from rules.core.dice import Roller


def manoeuvre_order(counts: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``(player, objects)`` in rising initiative -> the slots ``(player, how many)``."""
    left = {side: n for side, n in counts}
    sides = [side for side, _ in counts]
    out: list[tuple[str, int]] = []
    while any(left.values()):
        active = [s for s in sides if left[s] > 0]
        last = active[-1]
        per_round = {s: 1 if s == last else max(1, left[s] // left[last]) for s in active}
        for side in active:
            n = min(per_round[side], left[side])
            out.append((side, n))
            left[side] -= n
    return out


def as_table_cell(slots: list[tuple[str, int]]) -> str:
    """Slots written as the rulebook's table writes them: "B2-A1-B3-A1"."""
    return "-".join(f"{side}{n}" for side, n in slots)


def roll_initiative(sides: list[str], roller: Roller) -> dict[str, int]:
    """A die for each player; the tied roll again for their places among themselves.
    Returns each side's place key: higher manoeuvres later."""
    scores: dict[str, int] = {}
    groups = [list(sides)]
    base = 0
    rank: dict[str, tuple[int, ...]] = {s: () for s in sides}
    while groups:
        group = groups.pop()
        rolls = {s: roller.roll(6, f"initiative of {s}", side=s) for s in group}
        for s in group:
            rank[s] = rank[s] + (rolls[s],)
        by_value: dict[int, list[str]] = {}
        for s in group:
            by_value.setdefault(rolls[s], []).append(s)
        groups += [g for g in by_value.values() if len(g) > 1]
    ordered = sorted(sides, key=lambda s: rank[s])
    for place, side in enumerate(ordered):
        scores[side] = place + base + 1
    return scores
