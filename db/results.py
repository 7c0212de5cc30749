"""Finished games' results, the members who played them, and the ladder's ratings.

A result is written once per game: its row is the guard (the primary key), and the
ratings it moves change in the same transaction, so a game counts once on the ladder
however often its end is settled (a retry, a restart between the last phase and the
result). How ratings move is the caller's (``rerate``: a pure function of the ratings
before); this module only stores them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable



@dataclass(frozen=True, slots=True)
class PlayerResult:
    user_id: int
    display_name: str
    side: str
    outcome: str  # 'won', 'lost', 'drawn', 'abandoned'
    ships: list[str] = field(default_factory=list)
    taken: int = 0
    lost: int = 0
    # the ladder's figure before and after the game (read back; None: unrated)
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True, slots=True)
class NewResult:
    game_id: int
    guild_id: int
    ruleset: str
    kind: str
    winner: str | None
    rated: bool
    turns: int | None
    summary: dict[str, Any]
    ended_at: float
    players: list[PlayerResult]


@dataclass(frozen=True, slots=True)
class Rating:
    user_id: int
    display_name: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(frozen=True, slots=True)
class ResultRow:
    game_id: int
    guild_id: int
    ruleset: str
    kind: str
    winner: str | None
    rated: bool
    turns: int | None
    summary: dict[str, Any]
    ended_at: float
    thread_id: int | None = None
    channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class PlayedRow:
    """One member's part in one finished game."""
    game_id: int
    ruleset: str
    kind: str
    rated: bool
    turns: int | None
    side: str
    outcome: str
    ships: list[str]
    taken: int
    lost: int
    rating_before: float | None
    rating_after: float | None


# Every rated member's rating before the game -> after it (by member).
Rerate = Callable[[dict[int, Rating]], dict[int, Rating]]


def _result_row(row: Any) -> ResultRow:
    return ResultRow(game_id=row["game_id"], guild_id=row["guild_id"], ruleset=row["ruleset"], kind=row["kind"],
                     winner=row["winner"], rated=bool(row["rated"]), turns=row["turns"],
                     summary=json.loads(row["summary"]), ended_at=row["ended_at"],
                     thread_id=row["thread_id"], channel_id=row["channel_id"])


def _rating_row(row: Any) -> Rating:
    return Rating(user_id=row["user_id"], display_name=row["display_name"], mu=row["mu"], sigma=row["sigma"],
                  games=row["games"], wins=row["wins"], losses=row["losses"], draws=row["draws"])


class ResultsMixin:
    """The results' part of :class:`db.database.Database` (its plumbing: ``_write``,
    whose transaction has ``execute``/``one``, and ``_read``)."""

    async def record_result(self, result: NewResult, rerate: Rerate | None = None,
                            start: Callable[[int, str], Rating] | None = None) -> bool:
        """Store a finished game's result; for a rated one, move its members' ratings with
        ``rerate`` (each member's rating before, or ``start(user, name)`` for a first
        game). False if the game's result was stored already: nothing changes then."""
        async with self._write(result.game_id) as conn:  # type: ignore[attr-defined]
            if await conn.one("SELECT 1 FROM results WHERE game_id = ?", (result.game_id,)) is not None:
                return False
            before: dict[int, Rating] = {}
            after: dict[int, Rating] = {}
            if result.rated and rerate is not None and start is not None:
                for p in result.players:
                    row = await conn.one("SELECT * FROM ratings WHERE guild_id = ? AND ruleset = ? AND user_id = ?",
                                         (result.guild_id, result.ruleset, p.user_id))
                    before[p.user_id] = _rating_row(row) if row is not None else start(p.user_id, p.display_name)
                after = rerate(before)
            await conn.execute(
                "INSERT INTO results (game_id, guild_id, ruleset, kind, winner, rated, turns, summary, ended_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (result.game_id, result.guild_id, result.ruleset, result.kind, result.winner, int(bool(after)),
                 result.turns, json.dumps(result.summary, ensure_ascii=False), result.ended_at))
            for p in result.players:
                old, new = before.get(p.user_id), after.get(p.user_id)
                await conn.execute(
                    "INSERT INTO result_players (game_id, user_id, display_name, side, outcome, ships, taken, lost,"
                    " rating_before, rating_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (result.game_id, p.user_id, p.display_name, p.side, p.outcome,
                     json.dumps(p.ships, ensure_ascii=False), p.taken, p.lost,
                     ordinal(old) if old and new else None, ordinal(new) if new else None))
                if new is None:
                    continue
                await conn.execute(
                    "INSERT INTO ratings (guild_id, ruleset, user_id, display_name, mu, sigma, games, wins, losses,"
                    " draws, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (guild_id, ruleset, user_id) DO UPDATE SET display_name = excluded.display_name,"
                    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
                    " losses = excluded.losses, draws = excluded.draws, updated_at = excluded.updated_at",
                    (result.guild_id, result.ruleset, p.user_id, p.display_name, new.mu, new.sigma,
                     new.games, new.wins, new.losses, new.draws, result.ended_at))
            return True

    async def result(self, game_id: int) -> ResultRow | None:
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT r.*, g.thread_id, g.channel_id FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE r.game_id = ?", (game_id,))
        return _result_row(rows[0]) if rows else None

    async def unsettled_games(self) -> list[int]:
        """Games over (a result of the rules, or ended by their host after they began)
        whose result is not stored yet: what a restart settles."""
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT g.id FROM games g JOIN starts s ON s.game_id = g.id"
            " WHERE g.status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)"
            " ORDER BY g.id")
        return [r["id"] for r in rows]

    async def ladder(self, guild_id: int, ruleset: str, *, offset: int = 0,
                     limit: int = 10) -> tuple[list[Rating], int]:
        """One page of a server's ladder for a ruleset, best first (by the rating a member
        is surely above: mu − 3σ), and how many members it holds."""
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT * FROM ratings WHERE guild_id = ? AND ruleset = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, ruleset, limit, offset))
        total = await self._read(  # type: ignore[attr-defined]
            "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND ruleset = ?", (guild_id, ruleset))
        return [_rating_row(r) for r in rows], int(total[0]["n"])

    async def ladder_rulesets(self, guild_id: int) -> list[str]:
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT ruleset, COUNT(*) AS n FROM ratings WHERE guild_id = ? GROUP BY ruleset ORDER BY n DESC, ruleset",
            (guild_id,))
        return [r["ruleset"] for r in rows]

    async def rating(self, guild_id: int, ruleset: str, user_id: int) -> Rating | None:
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT * FROM ratings WHERE guild_id = ? AND ruleset = ? AND user_id = ?", (guild_id, ruleset, user_id))
        return _rating_row(rows[0]) if rows else None

    async def played(self, guild_id: int, user_id: int, ruleset: str | None = None) -> list[PlayedRow]:
        """Every finished game of a member on a server, newest first."""
        sql = ("SELECT r.game_id, r.ruleset, r.kind, r.rated, r.turns, p.side, p.outcome, p.ships, p.taken, p.lost,"
               " p.rating_before, p.rating_after FROM result_players p JOIN results r ON r.game_id = p.game_id"
               " WHERE r.guild_id = ? AND p.user_id = ?")
        params: list[Any] = [guild_id, user_id]
        if ruleset is not None:
            sql += " AND r.ruleset = ?"
            params.append(ruleset)
        rows = await self._read(sql + " ORDER BY r.ended_at DESC, r.game_id DESC", params)  # type: ignore[attr-defined]
        return [PlayedRow(game_id=r["game_id"], ruleset=r["ruleset"], kind=r["kind"], rated=bool(r["rated"]),
                          turns=r["turns"], side=r["side"], outcome=r["outcome"], ships=json.loads(r["ships"]),
                          taken=r["taken"], lost=r["lost"], rating_before=r["rating_before"],
                          rating_after=r["rating_after"]) for r in rows]

    async def history(self, guild_id: int, *, offset: int = 0, limit: int = 10) -> tuple[list[ResultRow], int]:
        """One page of a server's finished games, newest first, and how many there are."""
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT r.*, g.thread_id, g.channel_id FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE r.guild_id = ? ORDER BY r.ended_at DESC, r.game_id DESC LIMIT ? OFFSET ?",
            (guild_id, limit, offset))
        total = await self._read("SELECT COUNT(*) AS n FROM results WHERE guild_id = ?",  # type: ignore[attr-defined]
                                 (guild_id,))
        return [_result_row(r) for r in rows], int(total[0]["n"])

    async def result_players(self, game_ids: Iterable[int]) -> dict[int, list[PlayerResult]]:
        ids = list(game_ids)
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._read(  # type: ignore[attr-defined]
            f"SELECT * FROM result_players WHERE game_id IN ({marks}) ORDER BY game_id, side, user_id", ids)
        out: dict[int, list[PlayerResult]] = {i: [] for i in ids}
        for r in rows:
            out[r["game_id"]].append(PlayerResult(user_id=r["user_id"], display_name=r["display_name"], side=r["side"],
                                                  outcome=r["outcome"], ships=json.loads(r["ships"]),
                                                  taken=r["taken"], lost=r["lost"],
                                                  rating_before=r["rating_before"], rating_after=r["rating_after"]))
        return out


def ordinal(rating: Rating) -> float:
    """The figure the ladder shows: the rating a member is surely above (mu − 3σ)."""
    return rating.mu - 3 * rating.sigma
