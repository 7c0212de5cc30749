"""How the ladder's ratings move: OpenSkill's Plackett–Luce model (the `openskill`
package), which rates duels and team games alike and keeps each member's uncertainty.

A rating is (mu, sigma); the ladder shows mu − 3σ, the figure a member is surely above,
so a newcomer starts at 0 and climbs as the games make the rating surer. A side's
members are one team; a draw ranks the sides equal.
"""
from __future__ import annotations

from dataclasses import replace

from openskill.models import PlackettLuce

from db.results import Rating

_MODEL = PlackettLuce()


def first(user_id: int, name: str) -> Rating:
    """A member's rating before their first rated game of a ruleset on a server."""
    fresh = _MODEL.rating()
    return Rating(user_id=user_id, display_name=name, mu=fresh.mu, sigma=fresh.sigma)


def rerate(before: dict[int, Rating], sides: dict[int, str], winner: str | None,
           names: dict[int, str]) -> dict[int, Rating]:
    """Every member's rating after a game: ``sides`` puts each member on a side; the
    winner's side ranks first and every other side second; no winner is a draw."""
    order = list(dict.fromkeys(sides[u] for u in before))
    teams = [[u for u in before if sides[u] == side] for side in order]
    ranks = [1 if winner is None or side == winner else 2 for side in order]
    rated = _MODEL.rate([[_MODEL.rating(mu=before[u].mu, sigma=before[u].sigma) for u in team] for team in teams],
                        ranks=ranks)
    after: dict[int, Rating] = {}
    for team, new_team in zip(teams, rated):
        for user, new in zip(team, new_team):
            old = before[user]
            won = winner is not None and sides[user] == winner
            after[user] = replace(old, display_name=names.get(user, old.display_name), mu=new.mu, sigma=new.sigma,
                                  games=old.games + 1, wins=old.wins + won,
                                  losses=old.losses + (winner is not None and not won), draws=old.draws + (winner is None))
    return after
