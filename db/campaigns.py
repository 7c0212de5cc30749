"""Campaigns: their members, their rosters and their battles (migration 0008).

A battle row ties a campaign to one ordinary game. At most one battle of a campaign is
running (a partial unique index, so a doubled next-battle is refused by the database
itself); concluding a battle stores what it did and the rosters after it in one
transaction, guarded by its status, so a battle is concluded once however often a
restart or a retry asks.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from db.backend import integrity_errors



class CampaignBusy(Exception):
    """A battle of the campaign is running already."""


class AlreadyMember(Exception):
    def __init__(self, side: str) -> None:
        super().__init__(side)
        self.side = side


@dataclass(frozen=True, slots=True)
class CampaignRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    name: str
    ruleset: str
    scenario: str
    language: str
    pacing: str
    phase_seconds: int
    refit_days: int
    status: str
    rosters: list[dict[str, Any]]
    created_at: float
    ended_at: float | None
    summary_message_id: int | None = None  # the message that holds the summary, edited after each battle


@dataclass(frozen=True, slots=True)
class MemberRow:
    campaign_id: int
    user_id: int
    side: str
    display_name: str


@dataclass(frozen=True, slots=True)
class BattleRow:
    campaign_id: int
    number: int
    game_id: int
    pattern: str
    status: str
    rosters_before: list[dict[str, Any]]
    rosters_after: list[dict[str, Any]] | None
    winner: str | None
    kind: str | None
    tally: dict[str, Any] | None
    concluded_at: float | None
    summary_posted: bool


def _campaign(row: Any) -> CampaignRow:
    return CampaignRow(id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], host_id=row["host_id"],
                       name=row["name"], ruleset=row["ruleset"], scenario=row["scenario"], language=row["language"],
                       pacing=row["pacing"], phase_seconds=row["phase_seconds"], refit_days=row["refit_days"],
                       status=row["status"], rosters=json.loads(row["rosters"]), created_at=row["created_at"],
                       ended_at=row["ended_at"], summary_message_id=row["summary_message_id"])


def _battle(row: Any) -> BattleRow:
    def maybe(v: str | None) -> Any:
        return json.loads(v) if v is not None else None
    return BattleRow(campaign_id=row["campaign_id"], number=row["number"], game_id=row["game_id"],
                     pattern=row["pattern"], status=row["status"], rosters_before=json.loads(row["rosters_before"]),
                     rosters_after=maybe(row["rosters_after"]), winner=row["winner"], kind=row["kind"],
                     tally=maybe(row["tally"]), concluded_at=row["concluded_at"],
                     summary_posted=bool(row["summary_posted"]))


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class CampaignsMixin:
    """The campaigns' part of :class:`db.database.Database` (its plumbing: ``_write``,
    whose transaction has ``execute``/``one``, and ``_read``)."""

    async def create_campaign(self, *, guild_id: int, channel_id: int, host_id: int, name: str, ruleset: str,
                              scenario: str, language: str, pacing: str, phase_seconds: int, refit_days: int,
                              rosters: list[dict[str, Any]], created_at: float) -> CampaignRow:
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            made = await conn.one(
                "INSERT INTO campaigns (guild_id, channel_id, host_id, name, ruleset, scenario, language, pacing,"
                " phase_seconds, refit_days, status, rosters, created_at) VALUES (?,?,?,?,?,?,?,?,?,?, 'open', ?, ?)"
                " RETURNING id",
                (guild_id, channel_id, host_id, name, ruleset, scenario, language, pacing, phase_seconds, refit_days,
                 _json(rosters), created_at))
            new_id = made["id"]
        found = await self.campaign(int(new_id))  # type: ignore[arg-type]
        assert found is not None
        return found

    async def campaign(self, campaign_id: int) -> CampaignRow | None:
        rows = await self._read("SELECT * FROM campaigns WHERE id = ?", (campaign_id,))  # type: ignore[attr-defined]
        return _campaign(rows[0]) if rows else None

    async def campaigns_of_guild(self, guild_id: int, *, open_only: bool = False) -> list[CampaignRow]:
        sql = "SELECT * FROM campaigns WHERE guild_id = ?" + (" AND status = 'open'" if open_only else "")
        rows = await self._read(sql + " ORDER BY id DESC", (guild_id,))  # type: ignore[attr-defined]
        return [_campaign(r) for r in rows]

    async def add_campaign_member(self, campaign_id: int, user_id: int, side: str, display_name: str,
                                  joined_at: float) -> None:
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            found = await conn.one("SELECT side FROM campaign_members WHERE campaign_id = ? AND user_id = ?",
                                    (campaign_id, user_id))
            if found is not None:
                raise AlreadyMember(found["side"])
            await conn.execute("INSERT INTO campaign_members (campaign_id, user_id, side, display_name, joined_at)"
                               " VALUES (?, ?, ?, ?, ?)", (campaign_id, user_id, side, display_name, joined_at))

    async def campaign_members(self, campaign_id: int) -> list[MemberRow]:
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT * FROM campaign_members WHERE campaign_id = ? ORDER BY joined_at, user_id", (campaign_id,))
        return [MemberRow(r["campaign_id"], r["user_id"], r["side"], r["display_name"]) for r in rows]

    async def add_campaign_battle(self, campaign_id: int, number: int, game_id: int, pattern: str,
                                  rosters_before: list[dict[str, Any]]) -> None:
        """Record a battle as running; :class:`CampaignBusy` if one is running already,
        or if this number was taken meanwhile (a second next-battle at the same moment)."""
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            # checked in the transaction (the writer's lock serialises it); the unique
            # indexes refuse it again should a second process write the same file
            busy = await conn.one("SELECT 1 FROM campaign_battles WHERE campaign_id = ?"  # type: ignore[attr-defined]
                                         " AND (status = 'running' OR number = ?)", (campaign_id, number))
            if busy is not None:
                raise CampaignBusy()
            try:
                await conn.execute(
                    "INSERT INTO campaign_battles (campaign_id, number, game_id, pattern, status, rosters_before)"
                    " VALUES (?, ?, ?, ?, 'running', ?)", (campaign_id, number, game_id, pattern, _json(rosters_before)))
            except integrity_errors():
                raise CampaignBusy() from None

    async def campaign_battles(self, campaign_id: int) -> list[BattleRow]:
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT * FROM campaign_battles WHERE campaign_id = ? ORDER BY number", (campaign_id,))
        return [_battle(r) for r in rows]

    async def campaign_battle_of_game(self, game_id: int) -> BattleRow | None:
        rows = await self._read("SELECT * FROM campaign_battles WHERE game_id = ?", (game_id,))  # type: ignore[attr-defined]
        return _battle(rows[0]) if rows else None

    async def battles_to_catch_up(self) -> list[BattleRow]:
        """Battles whose game is over but which are not concluded, or whose summary has
        not gone out, and running battles whose game is still in its lobby (a restart
        between creating a battle's game and starting it)."""
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT b.* FROM campaign_battles b JOIN games g ON g.id = b.game_id"
            " WHERE (b.status = 'running' AND g.status IN ('over', 'lobby'))"
            " OR (b.status = 'concluded' AND b.summary_posted = 0) ORDER BY b.campaign_id, b.number")
        return [_battle(r) for r in rows]

    async def conclude_campaign_battle(self, campaign_id: int, number: int, *, winner: str | None, kind: str,
                                       tally: dict[str, Any], rosters_after: list[dict[str, Any]],
                                       concluded_at: float) -> bool:
        """Store what a battle did and the campaign's rosters after it, once. False if it
        was concluded already (nothing changes then)."""
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            changed = await conn.execute(
                "UPDATE campaign_battles SET status = 'concluded', winner = ?, kind = ?, tally = ?, rosters_after = ?,"
                " concluded_at = ? WHERE campaign_id = ? AND number = ? AND status = 'running'",
                (winner, kind, _json(tally), _json(rosters_after), concluded_at, campaign_id, number))
            if changed != 1:
                return False
            await conn.execute("UPDATE campaigns SET rosters = ? WHERE id = ?", (_json(rosters_after), campaign_id))
            return True

    async def mark_campaign_summary(self, campaign_id: int, number: int, message_id: int | None = None) -> None:
        """The summary after battle ``number`` went out, in message ``message_id`` (the
        campaign's one summary post, remembered to be edited after the next battle)."""
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            await conn.execute("UPDATE campaign_battles SET summary_posted = 1 WHERE campaign_id = ? AND number = ?",
                               (campaign_id, number))
            if message_id is not None:
                await conn.execute("UPDATE campaigns SET summary_message_id = ? WHERE id = ?", (message_id, campaign_id))

    async def end_campaign(self, campaign_id: int, ended_at: float) -> bool:
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            ended = await conn.execute("UPDATE campaigns SET status = 'ended', ended_at = ? WHERE id = ?"
                                       " AND status = 'open'", (ended_at, campaign_id))
            return ended == 1
