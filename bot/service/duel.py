"""A ready game in one command: ``/duel @friend`` or ``/duel computer``.

A duel is an ordinary game made in one go: the scenario the ruleset's manifest names
for duels (unless the player chose one), the player seated on its first side, and
either a computer captain on the other side and the game started, or an invitation a
friend accepts (seated, and the game starts) or declines (the lobby is closed).

The invitation is the lobby itself: it expires ``invite_seconds`` after the game was
created, and only the member it names may take it. Who is invited travels in the
invitation's button (the adapter reads it back from the message the bot posted); the
service checks the clicker against it and the game against its state.
"""
from __future__ import annotations

from bot import i18n
from bot.service.errors import ServiceError
from bot.service.lobby import LobbyMixin, _ruleset
from bot.service.models import Pacing
from db import GameRow
from rules.core.registry import manifest, manifests

INVITE_SECONDS = 15 * 60  # how long a duel invitation stands


class DuelMixin(LobbyMixin):
    invite_seconds: float = INVITE_SECONDS

    # -- what is played ------------------------------------------------------------------
    @staticmethod
    def duel_choice(ruleset: str | None = None, scenario: str | None = None) -> tuple[str, str]:
        """The ruleset and scenario of a duel: as given, else the manifests' choice (the
        first ruleset by name, or the first that has the scenario named; its duel scenario)."""
        if ruleset is None:
            known = manifests()
            fitting = [m for m in known if scenario is None or scenario in m.scenario_names()]
            if not fitting:
                everything = sorted({s for m in known for s in m.scenario_names()})
                raise ServiceError("unknown-scenario", scenario=scenario, known=", ".join(everything))
            ruleset = fitting[0].name
        rules = _ruleset(ruleset)
        chosen = scenario or manifest(rules.name).duel()
        setup = LobbyMixin._scenario(rules, chosen)
        if len(rules.sides(setup)) != 2:
            raise ServiceError("duel-two-sides", scenario=chosen)
        return rules.name, chosen

    def duel_level(self, ruleset: str, level: str | None = None) -> str:
        """The computer captain a duel sails against: as asked, else the ruleset's strongest."""
        if level is None:
            named = [lv for lv in manifest(ruleset).captains if lv in self.policies]
            level = named[-1] if named else sorted(self.policies)[0]
        self._policy(level)
        return level

    # -- opening ------------------------------------------------------------------------
    async def check_new_duel(self, guild_id: int, user_id: int, thread_id: int | None = None) -> None:
        """:meth:`check_new_game` for a duel, once the member's own invitations that
        expired unanswered are closed (each is a lobby, and lobbies are limited)."""
        await self.close_expired_invitations(guild_id, user_id)
        await self.check_new_game(guild_id, user_id, thread_id)

    async def close_expired_invitations(self, guild_id: int, host_id: int) -> int:
        """Close the member's duel invitations that expired unanswered; returns how many."""
        lobbies, _ = await self.db.games_of_guild(guild_id, ("lobby",), limit=1000)
        closed = 0
        for game in lobbies:
            if game.host_id != host_id or self.clock.now() <= self.invitation_expires(game):
                continue
            if any(row.action == "duel-invite" for row in await self.db.audit_log(game.id)):
                await self._close_invitation(game, "notice.duel-expired", host=i18n.mention(game.host_id))
                closed += 1
        return closed

    async def open_duel(self, guild_id: int, channel_id: int, user_id: int, display_name: str, *,
                        ruleset: str | None = None, scenario: str | None = None, computer: str | None = None,
                        invited: int | None = None, language: str = i18n.DEFAULT,
                        thread_id: int | None = None) -> GameRow:
        """A duel's game, the player seated on the first side (a member cannot invite
        themselves: the adapter refuses that before a thread is opened). ``computer``: a captain of
        that level takes the other side and the game starts; None: the game waits in the
        lobby for the invited friend (:meth:`accept_duel`)."""
        ruleset, scenario = self.duel_choice(ruleset, scenario)
        level = self.duel_level(ruleset, computer) if computer is not None else None
        game = await self.create_game(guild_id, channel_id, user_id, ruleset, scenario, pacing=Pacing(style="live"),
                                      language=language, thread_id=thread_id)
        first, second = await self.sides(game.id)
        await self.join(game.id, user_id, first, display_name)
        if level is None:
            # Noted, so an invitation left unanswered can be told from any other lobby.
            await self._audit(game, user_id, "duel-invite", invited=invited)
            return game
        await self.add_ai_seat(game.id, user_id, second, level)
        return await self.start(game.id, user_id)

    # -- the invitation -------------------------------------------------------------------
    async def accept_duel(self, game_id: int, user_id: int, display_name: str, invited_id: int) -> GameRow:
        """The invited member takes the other side, and the game starts."""
        game = await self._invitation(game_id, user_id, invited_id)
        if user_id == game.host_id:
            raise ServiceError("duel-own-invite")
        seats = await self.db.seats(game_id)
        free = [side for side in await self.sides(game_id) if not any(s.side == side for s in seats)]
        if not free:
            raise ServiceError("duel-answered")
        await self.join(game_id, user_id, free[0], display_name)
        return await self.start(game_id, game.host_id)

    async def decline_duel(self, game_id: int, user_id: int, invited_id: int) -> None:
        """The invited member says no (or the inviter takes the invitation back): the lobby closes."""
        game = await self.game(game_id)
        if user_id not in (invited_id, game.host_id):
            raise ServiceError("not-invited", user=i18n.mention(invited_id))
        if game.status != "lobby":
            raise ServiceError("duel-answered")
        await self._close_invitation(game, "notice.duel-declined", user=i18n.mention(user_id))

    async def _invitation(self, game_id: int, user_id: int, invited_id: int) -> GameRow:
        game = await self.game(game_id)
        if user_id != invited_id:
            raise ServiceError("not-invited", user=i18n.mention(invited_id))
        if game.status != "lobby":
            raise ServiceError("duel-answered")
        if self.clock.now() > game.created_at + self.invite_seconds:
            await self._close_invitation(game, "notice.duel-expired", host=i18n.mention(game.host_id))
            raise ServiceError("duel-expired")
        return game

    async def _close_invitation(self, game: GameRow, code: str, **params: str) -> None:
        async with self._lock(game.id):
            current = await self.game(game.id)
            if current.status != "lobby":
                return
            await self.db.end_game(game.id, self.clock.now())
            await self._audit(game, None, "duel-closed", reason=code)
        await self._notice(game, code, **params)
        self._changed(game.id)

    def invitation_expires(self, game: GameRow) -> float:
        return game.created_at + self.invite_seconds


__all__ = ["DuelMixin", "INVITE_SECONDS"]
