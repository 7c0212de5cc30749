"""What finished games come to: each game's result, the ladder, members' statistics and
a server's history.

A game's result is settled once, when it ends: by the rules (its last phase) or by its
host (abandoned). It is built from the ruleset's interface only (``outcome``, ``losses``
and the public view), and stored with the ratings it moves in one transaction
(:mod:`db.results`); a restart settles whatever ended without its result.

What the ladder counts (docs/ladder.md):
- a game the rules decided, between members only (a computer seat makes it unrated),
  with members on at least two sides;
- a side's members play as a team; a draw ranks the sides equal;
- a game its host ended before the rules decided it is abandoned: in the history and
  the statistics, never on the ladder. A side that gives up does so by the rules
  (striking its colours), and the rules' result counts like any other.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field

from bot.service import ratings
from bot.service.core import ServiceCore, logger
from bot.service.errors import ServiceError
from db.results import NewResult, PlayedRow, PlayerResult, Rating, ResultRow, ordinal
from db import GameRow, SeatRow
from rules.core.registry import get_ruleset, ruleset_names
from rules.core.ruleset import Outcome
from rules.core.view import PublicView


@dataclass(frozen=True)
class LadderPage:
    ruleset: str
    ratings: list[Rating]
    page: int  # from 0
    pages: int
    first_rank: int
    total: int = 0  # members on this ladder


@dataclass(frozen=True)
class HistoryPage:
    results: list[ResultRow]
    players: dict[int, list[PlayerResult]]
    page: int
    pages: int
    total: int = 0  # finished games on this server


@dataclass(frozen=True)
class Stats:
    games: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    abandoned: int = 0
    rated: int = 0
    wins_by_kind: dict[str, int] = field(default_factory=dict)
    taken: int = 0
    ships_lost: int = 0
    favourite: str | None = None
    favourite_games: int = 0
    average_turns: float | None = None
    ratings: dict[str, Rating] = field(default_factory=dict)
    by_ruleset: dict[str, int] = field(default_factory=dict)


def _pages(total: int, per_page: int) -> int:
    return max(1, -(-total // per_page))


class LadderMixin(ServiceCore):
    # -- settling a game ----------------------------------------------------------------------
    async def settle(self, game_id: int) -> bool:
        """Store a finished game's result, and move the ladder if it is rated. False if
        there is nothing to settle: not over, never begun, or settled already."""
        game = await self.game(game_id)
        if game.status != "over" or await self.db.result(game_id) is not None:
            return False
        start = await self.db.start_record(game_id)
        if start is None:
            return False  # ended in the lobby: no game was played
        last = await self.db.last_step(game_id)
        raw = last.state if last is not None else start.state
        result = await asyncio.to_thread(self._result_of, game, raw, await self.db.seats(game_id))
        sides = {p.user_id: p.side for p in result.players}
        names = {p.user_id: p.display_name for p in result.players}

        def rerate(before: dict[int, Rating]) -> dict[int, Rating]:
            return ratings.rerate(before, sides, result.winner, names)

        return await self.db.record_result(result, rerate if result.rated else None, ratings.first)

    def _result_of(self, game: GameRow, raw: object, seats: list[SeatRow]) -> NewResult:
        rules = get_ruleset(game.ruleset)
        state = rules.load_state(raw)
        outcome: Outcome | None = rules.outcome(state)
        losses = rules.losses(state)
        view = PublicView.read(rules.view(state, None))
        members = [s for s in seats if s.user_id is not None]
        computers = sorted({s.ai_level for s in seats if s.ai_level})
        rated = (outcome is not None and not computers
                 and len({s.side for s in members}) >= 2)
        players = [PlayerResult(
            user_id=int(s.user_id or 0), display_name=s.display_name, side=s.side,
            outcome=("abandoned" if outcome is None else "drawn" if outcome.winner is None
                     else "won" if outcome.winner == s.side else "lost"),
            ships=[p.name or p.id for p in view.ships if p.player == s.seat_id],
            taken=sum(len(names) for side, names in losses.items() if side != s.side),
            lost=len(losses.get(s.side, []))) for s in members]
        summary = {"title": self.title(game), "scores": outcome.scores if outcome else {},
                   "losses": losses, "computers": computers}
        return NewResult(game_id=game.id, guild_id=game.guild_id, ruleset=game.ruleset,
                         kind=outcome.kind if outcome is not None else "abandoned",
                         winner=outcome.winner if outcome is not None else None, rated=rated, turns=view.turn,
                         summary=summary, ended_at=game.ended_at or self.clock.now(), players=players)

    async def settle_quietly(self, game_id: int) -> None:
        """:meth:`settle` where a game has just ended: a failure is logged, not raised (the
        game's end stands; the next start settles it)."""
        try:
            await self.settle(game_id)
        except Exception:
            logger.exception("game %s: its result could not be settled; the next start will", game_id)

    async def settle_unsettled(self) -> int:
        """Settle every game that ended without its result (a restart in between)."""
        settled = 0
        for game_id in await self.db.unsettled_games():
            settled += await self.settle(game_id)
        return settled

    # -- looking ----------------------------------------------------------------------------------
    async def ladder_page(self, guild_id: int, ruleset: str | None, page: int, per_page: int = 10) -> LadderPage:
        """One page of a server's ladder; without a ruleset, the one most played there."""
        if ruleset is not None and ruleset not in ruleset_names():
            raise ServiceError("unknown-ruleset", ruleset=ruleset, known=", ".join(ruleset_names()))
        if ruleset is None:
            played = await self.db.ladder_rulesets(guild_id)
            ruleset = played[0] if played else None
        if ruleset is None:
            return LadderPage("", [], 0, 1, 1)
        _, total = await self.db.ladder(guild_id, ruleset, limit=1)
        pages = _pages(total, per_page)
        page = min(max(page, 0), pages - 1)
        rows, _ = await self.db.ladder(guild_id, ruleset, offset=page * per_page, limit=per_page)
        return LadderPage(ruleset, rows, page, pages, page * per_page + 1, total)

    async def history_page(self, guild_id: int, page: int, per_page: int = 10) -> HistoryPage:
        _, total = await self.db.history(guild_id, limit=1)
        pages = _pages(total, per_page)
        page = min(max(page, 0), pages - 1)
        rows, _ = await self.db.history(guild_id, offset=page * per_page, limit=per_page)
        return HistoryPage(rows, await self.db.result_players(r.game_id for r in rows), page, pages, total)

    async def stats(self, guild_id: int, user_id: int, ruleset: str | None = None) -> Stats:
        played = await self.db.played(guild_id, user_id, ruleset)
        rulesets = sorted({p.ruleset for p in played})
        rated = {r: found for r in rulesets if (found := await self.db.rating(guild_id, r, user_id)) is not None}
        return summarise(played, rated)


def summarise(played: list[PlayedRow], rated: dict[str, Rating]) -> Stats:
    """A member's statistics from the games they finished."""
    if not played:
        return Stats(ratings=rated)
    outcomes = Counter(p.outcome for p in played)
    ships = Counter(name for p in played for name in dict.fromkeys(p.ships))
    favourite, favourite_games = ships.most_common(1)[0] if ships else (None, 0)
    turns = [p.turns for p in played if p.turns is not None and p.outcome != "abandoned"]
    return Stats(games=len(played), won=outcomes["won"], lost=outcomes["lost"], drawn=outcomes["drawn"],
                 abandoned=outcomes["abandoned"], rated=sum(p.rated for p in played),
                 wins_by_kind=dict(Counter(p.kind for p in played if p.outcome == "won").most_common()),
                 taken=sum(p.taken for p in played), ships_lost=sum(p.lost for p in played),
                 favourite=favourite, favourite_games=favourite_games,
                 average_turns=round(sum(turns) / len(turns), 1) if turns else None,
                 ratings=rated, by_ruleset=dict(Counter(p.ruleset for p in played).most_common()))


__all__ = ["HistoryPage", "LadderMixin", "LadderPage", "Stats", "ordinal", "summarise"]
