"""Campaigns: a series of battles between the same sides, on a server, under one host
(docs/campaigns.md).

Each side keeps a roster (its ships, the damage they carry, their crews) that the
ruleset writes and reads through :mod:`rules.core.campaign`; nothing here knows a
ruleset. Each battle is an ordinary game, created from the rosters, seated with the
campaign's members and started at once; it is settled like any game (the ladder
counts it as usual), and then concluded here: the fates of its ships carried into the
rosters, crews regraded, the refit applied, and the campaign's summary posted in its
channel. A restart concludes what ended while the bot was down, posts a summary that
did not go out, and starts a battle whose game was created but not started.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from bot import i18n
from bot.service.core import logger
from bot.service.errors import ServiceError
from bot.service.ladder import LadderMixin
from bot.service.lobby import LobbyMixin
from bot.service.models import Pacing
from bot.transport import DeliveryError, Place
from db import GameRow, LimitReached, NewGame
from db.campaigns import AlreadyMember, BattleRow, CampaignBusy, CampaignRow, MemberRow
from rules.core.campaign import CampaignRules, Roster, Tally, after_battle, campaign_rules
from rules.core.registry import get_ruleset, manifest, ruleset_names
from rules.core.scenarios import ScenarioHead

POINTS = {"won": 2, "drawn": 1, "lost": 0}  # a battle's points for each side's result
REFIT_DAYS = (0, 60)
FIRST_PATTERN = "scenario"  # the first battle is the scenario itself
EXPORT_KIND = "broadside-campaign"  # the file /campaign export writes (bot/campaign_page.py reads it)


@dataclass
class SideStanding:
    side: str
    members: list[int] = field(default_factory=list)
    points: int = 0
    battles: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    taken: int = 0
    ships_lost: int = 0
    ships: int = 0  # on the roster now


@dataclass
class CampaignView:
    campaign: CampaignRow
    members: list[MemberRow]
    battles: list[BattleRow]
    rosters: list[Roster]
    standings: list[SideStanding]

    @property
    def running(self) -> BattleRow | None:
        return next((b for b in self.battles if b.status == "running"), None)


def standings_of(sides: list[str], members: list[MemberRow], battles: list[BattleRow],
                 rosters: list[Roster]) -> list[SideStanding]:
    """Points (won 2, drawn 1, lost 0; an abandoned battle none), battles, ships taken and lost."""
    table = {s: SideStanding(side=s, members=[m.user_id for m in members if m.side == s]) for s in sides}
    for r in rosters:
        if r.side in table:
            table[r.side].ships = len(r.ships)
    for b in battles:
        if b.status != "concluded":
            continue
        tally = Tally.model_validate(b.tally or {})
        for side, row in table.items():
            row.battles += 1
            row.taken += tally.taken(side)
            row.ships_lost += tally.lost(side)
            if b.kind == "abandoned":
                continue
            result = "drawn" if b.winner is None else "won" if b.winner == side else "lost"
            setattr(row, result, getattr(row, result) + 1)
            row.points += POINTS[result]
    return sorted(table.values(), key=lambda r: (-r.points, -(r.taken - r.ships_lost), sides.index(r.side)))


class CampaignMixin(LadderMixin, LobbyMixin):
    # -- looking ----------------------------------------------------------------------------------
    async def campaign(self, campaign_id: int, guild_id: int | None = None) -> CampaignRow:
        """The campaign, refused as unknown if it is another server's."""
        found = await self.db.campaign(campaign_id)
        if found is None or (guild_id is not None and found.guild_id != guild_id):
            raise ServiceError("unknown-campaign", campaign=campaign_id)
        return found

    async def campaigns_of(self, guild_id: int, *, open_only: bool = True) -> list[CampaignRow]:
        return await self.db.campaigns_of_guild(guild_id, open_only=open_only)

    async def campaign_view(self, campaign_id: int, guild_id: int | None = None) -> CampaignView:
        campaign = await self.campaign(campaign_id, guild_id)
        members = await self.db.campaign_members(campaign_id)
        battles = await self.db.campaign_battles(campaign_id)
        rosters = [Roster.model_validate(r) for r in campaign.rosters]
        return CampaignView(campaign, members, battles, rosters,
                            standings_of([r.side for r in rosters], members, battles, rosters))

    def roster_lines(self, campaign: CampaignRow, roster: Roster, lang: str) -> list[str]:
        return [t.render(lang) for t in self._hooks(campaign.ruleset).roster_lines(roster)]

    # -- creating and joining -------------------------------------------------------------------------
    @staticmethod
    def _hooks(ruleset: str) -> CampaignRules:
        try:
            hooks = campaign_rules(get_ruleset(ruleset))
        except KeyError:
            raise ServiceError("unknown-ruleset", ruleset=ruleset, known=", ".join(ruleset_names())) from None
        if hooks is None:
            raise ServiceError("campaign-unsupported", ruleset=ruleset)
        return hooks

    async def new_campaign(self, guild_id: int, channel_id: int, host_id: int, name: str, ruleset: str,
                           scenario: str, *, language: str = i18n.DEFAULT, refit_days: int = 7,
                           pacing: Pacing | None = None) -> CampaignRow:
        hooks = self._hooks(ruleset)
        setup = self._scenario(get_ruleset(ruleset), scenario)
        if language not in i18n.LANGUAGES:
            raise ServiceError("bad-language", known=", ".join(i18n.LANGUAGES))
        pacing = pacing or Pacing()
        self._check_pacing(pacing, language)
        if not REFIT_DAYS[0] <= refit_days <= REFIT_DAYS[1]:
            raise ServiceError("campaign-bad-refit", low=REFIT_DAYS[0], high=REFIT_DAYS[1])
        rosters = hooks.campaign_rosters(setup)
        if len(rosters) != 2:
            raise ServiceError("campaign-two-sides", sides=len(rosters))
        name = " ".join(name.split())[:80] or scenario
        return await self.db.create_campaign(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, name=name, ruleset=ruleset,
            scenario=scenario, language=language, pacing=pacing.style, phase_seconds=pacing.seconds,
            refit_days=refit_days, rosters=[r.model_dump(mode="json") for r in rosters], created_at=self.clock.now())

    async def campaign_join(self, campaign_id: int, guild_id: int, user_id: int, side: str,
                            display_name: str) -> MemberRow:
        campaign = await self._open_campaign(campaign_id, guild_id)
        sides = [r["side"] for r in campaign.rosters]
        if side not in sides:
            raise ServiceError("unknown-side", side=side, sides=", ".join(sides))
        try:
            await self.db.add_campaign_member(campaign_id, user_id, side, display_name, self.clock.now())
        except AlreadyMember as exc:
            raise ServiceError("campaign-already-joined", side=exc.side) from None
        return MemberRow(campaign_id, user_id, side, display_name)

    async def _open_campaign(self, campaign_id: int, guild_id: int) -> CampaignRow:
        campaign = await self.campaign(campaign_id, guild_id)
        if campaign.status != "open":
            raise ServiceError("campaign-ended", name=campaign.name)
        return campaign

    # -- the next battle ----------------------------------------------------------------------------
    async def check_next_battle(self, campaign_id: int, guild_id: int, actor_id: int,
                                pattern: str | None = None) -> tuple[CampaignView, int, str]:
        """Refuse early what :meth:`next_battle` would refuse, before the adapter opens a
        thread: (the campaign, the battle's number, the pattern)."""
        await self._open_campaign(campaign_id, guild_id)
        view = await self.campaign_view(campaign_id, guild_id)
        if actor_id != view.campaign.host_id and actor_id not in {m.user_id for m in view.members}:
            raise ServiceError("campaign-not-member", name=view.campaign.name)
        if view.running is not None:
            raise ServiceError("campaign-busy", number=view.running.number, game=view.running.game_id)
        for roster in view.rosters:
            if not any(m.side == roster.side for m in view.members):
                raise ServiceError("campaign-side-unmanned", side=roster.side)
        number = len(view.battles) + 1
        hooks = self._hooks(view.campaign.ruleset)
        patterns = hooks.campaign_patterns()
        if number == 1:
            return view, number, FIRST_PATTERN
        chosen = pattern or patterns[(number - 2) % len(patterns)]
        if chosen not in patterns:
            raise ServiceError("campaign-unknown-pattern", pattern=chosen, known=", ".join(patterns))
        return view, number, chosen

    def battle_title(self, campaign: CampaignRow, number: int) -> str:
        return i18n.text("campaign.battle-title", campaign.language, name=campaign.name, n=number)

    async def next_battle(self, campaign_id: int, guild_id: int, actor_id: int, *, channel_id: int,
                          thread_id: int | None = None, pattern: str | None = None) -> GameRow:
        """The campaign's next battle: a game built from the rosters, its sides seated
        with the campaign's members, started. Refused while a battle is running."""
        view, number, pattern = await self.check_next_battle(campaign_id, guild_id, actor_id, pattern)
        campaign = view.campaign
        rules = get_ruleset(campaign.ruleset)
        hooks = self._hooks(campaign.ruleset)
        first = self._scenario(rules, campaign.scenario)
        if pattern == FIRST_PATTERN:
            setup = first
        else:
            try:
                setup = hooks.campaign_setup(view.rosters, pattern, f"{campaign.scenario}-c{campaign.id}-{number}",
                                             getattr(first, "title", campaign.scenario))
            except ValueError as exc:
                raise ServiceError("campaign-setup", reason=str(exc)) from None
        pacing = Pacing(style=campaign.pacing, phase_seconds=campaign.phase_seconds)  # type: ignore[arg-type]
        options = self._options(rules, {}, pacing)
        try:
            game = await self.db.create_game(NewGame(
                guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, ruleset=rules.name,
                scenario=getattr(setup, "name", campaign.scenario), options=options.model_dump(mode="json"),
                setup=setup.model_dump(mode="json"), host_id=campaign.host_id, language=campaign.language,
                pacing=pacing.style, phase_seconds=pacing.seconds, created_at=self.clock.now()),
                games_per_guild=self.limits.games_per_server)
        except LimitReached as exc:
            raise self._limit_error(exc) from None
        try:
            await self.db.add_campaign_battle(campaign.id, number, game.id, pattern,
                                              [r.model_dump(mode="json") for r in view.rosters])
        except CampaignBusy:
            await self.db.end_game(game.id, self.clock.now())  # never begun: no result, nothing to settle
            raise ServiceError("campaign-busy", number=number, game=game.id) from None
        await self._notice(game, "notice.campaign-battle", name=campaign.name, n=number,
                           title=ScenarioHead.of(setup).title_in(campaign.language) or campaign.scenario)
        return await self._begin_battle(game.id, view.members)

    async def _begin_battle(self, game_id: int, members: list[MemberRow]) -> GameRow:
        """Seat the campaign's members on their sides and start the battle's game (again,
        after a restart in between: a seat already taken is kept)."""
        game = await self.game(game_id)
        if game.status != "lobby":
            return game
        seated = {s.user_id for s in await self.db.seats(game_id)}
        for m in members:
            if m.user_id in seated:
                continue
            try:
                await self.join(game_id, m.user_id, m.side, m.display_name)
            except ServiceError as exc:
                if exc.code != "side-full":  # more members than ships: the rest watch this one
                    raise
        return await self.start(game_id, game.host_id, manager=True)

    # -- after a battle -------------------------------------------------------------------------------
    async def settle(self, game_id: int) -> bool:
        settled = await super().settle(game_id)
        await self._conclude_quietly(game_id)
        return settled

    async def settle_unsettled(self) -> int:
        settled = await super().settle_unsettled()
        for battle in await self.db.battles_to_catch_up():
            game = await self.game(battle.game_id)
            if battle.status == "running" and game.status == "lobby":
                try:
                    await self._begin_battle(game.id, await self.db.campaign_members(battle.campaign_id))
                except ServiceError as exc:
                    logger.warning("campaign %s: battle %s could not be started (%s)", battle.campaign_id,
                                   battle.number, exc.code)
            else:
                await self._conclude_quietly(battle.game_id)
        return settled

    async def _conclude_quietly(self, game_id: int) -> None:
        try:
            await self.conclude_battle(game_id)
        except Exception:
            logger.exception("game %s: its campaign battle could not be concluded; the next start will", game_id)

    async def conclude_battle(self, game_id: int) -> bool:
        """Carry a finished battle into its campaign's rosters, once, and post the
        campaign's summary. False if the game is no campaign's battle or not over."""
        battle = await self.db.campaign_battle_of_game(game_id)
        game = await self.game(game_id)
        if battle is None or game.status != "over":
            return False
        campaign = await self.campaign(battle.campaign_id)
        if battle.status == "running":
            winner, kind, rosters, tally = await asyncio.to_thread(self._carry, campaign, battle, game_id,
                                                                   await self._last_state(game_id))
            await self.db.conclude_campaign_battle(
                campaign.id, battle.number, winner=winner, kind=kind, tally=tally.model_dump(mode="json"),
                rosters_after=[r.model_dump(mode="json") for r in rosters], concluded_at=self.clock.now())
        battle = await self.db.campaign_battle_of_game(game_id)
        assert battle is not None
        if not battle.summary_posted:
            await self._post_summary(campaign.id, battle)
        return True

    async def _last_state(self, game_id: int) -> Any | None:
        last = await self.db.last_step(game_id)
        if last is not None:
            return last.state
        start = await self.db.start_record(game_id)
        return start.state if start is not None else None

    def _carry(self, campaign: CampaignRow, battle: BattleRow, game_id: int,
               raw: Any | None) -> tuple[str | None, str, list[Roster], Tally]:
        before = [Roster.model_validate(r) for r in battle.rosters_before]
        if raw is None:  # ended in its lobby: nothing happened at sea
            return None, "abandoned", before, Tally()
        rules = get_ruleset(campaign.ruleset)
        hooks = self._hooks(campaign.ruleset)
        state = rules.load_state(raw)
        outcome = rules.outcome(state)
        after, tally = after_battle(hooks, before, hooks.battle_fates(state),
                                    outcome.winner if outcome is not None else None, outcome is not None,
                                    campaign.refit_days)
        return (outcome.winner if outcome else None), (outcome.kind if outcome else "abandoned"), after, tally

    async def _post_summary(self, campaign_id: int, battle: BattleRow) -> None:
        view = await self.campaign_view(campaign_id)
        lines = summary_lines(self, view, battle)
        try:
            message_id = await self.transport.keep_posted(Place(view.campaign.guild_id, view.campaign.channel_id),
                                                          lines, view.campaign.summary_message_id)
        except DeliveryError as exc:
            logger.warning("campaign %s: the summary after battle %s did not go out (%s); the next start posts it",
                           campaign_id, battle.number, exc.reason)
            return
        await self.db.mark_campaign_summary(campaign_id, battle.number, message_id)

    # -- the host's -----------------------------------------------------------------------------------
    def _require_campaign_host(self, campaign: CampaignRow, actor_id: int, manager: bool) -> None:
        if actor_id != campaign.host_id and not manager:
            raise ServiceError("campaign-not-host", name=campaign.name)

    async def end_campaign(self, campaign_id: int, guild_id: int, actor_id: int, *, manager: bool = False) -> CampaignRow:
        campaign = await self._open_campaign(campaign_id, guild_id)
        self._require_campaign_host(campaign, actor_id, manager)
        running = next((b for b in await self.db.campaign_battles(campaign_id) if b.status == "running"), None)
        if running is not None:
            raise ServiceError("campaign-busy", number=running.number, game=running.game_id)
        if not await self.db.end_campaign(campaign_id, self.clock.now()):
            raise ServiceError("campaign-ended", name=campaign.name)
        return await self.campaign(campaign_id)

    async def export_campaign(self, campaign_id: int, guild_id: int, actor_id: int, *,
                              manager: bool = False) -> str:
        """The whole campaign as one JSON document: its rosters and standings, and each
        finished battle with its game record (which holds every secret of that battle,
        so a running battle's is left out)."""
        view = await self.campaign_view(campaign_id, guild_id)
        self._require_campaign_host(view.campaign, actor_id, manager)
        battles = []
        for b in view.battles:
            record = None
            if b.status == "concluded":
                try:
                    record = json.loads((await self.export_record(b.game_id)).dumps())  # type: ignore[attr-defined]
                except ServiceError:
                    record = None  # ended in its lobby: no game to record
            battles.append({"number": b.number, "game_id": b.game_id, "pattern": b.pattern, "status": b.status,
                            "winner": b.winner, "kind": b.kind, "tally": b.tally, "rosters_before": b.rosters_before,
                            "rosters_after": b.rosters_after, "record": record})
        c = view.campaign
        return json.dumps({
            "kind": EXPORT_KIND, "version": 1,
            "campaign": {"id": c.id, "name": c.name, "ruleset": c.ruleset, "scenario": c.scenario,
                         "language": c.language, "host_id": c.host_id, "refit_days": c.refit_days,
                         "status": c.status, "created_at": c.created_at, "ended_at": c.ended_at},
            "members": [{"user_id": m.user_id, "side": m.side, "name": m.display_name} for m in view.members],
            "rosters": c.rosters,
            "standings": [s.__dict__ for s in view.standings],
            "battles": battles,
        }, ensure_ascii=False, indent=1)


def standings_lines(view: CampaignView, lang: str) -> list[str]:
    lines = [i18n.text("campaign.standings.header", lang, name=view.campaign.name, battles=len(
        [b for b in view.battles if b.status == "concluded"]))]
    for rank, s in enumerate(view.standings, start=1):
        who = ", ".join(i18n.mention(u) for u in s.members) or "—"
        lines.append(i18n.text("campaign.standings.line", lang, rank=rank, side=s.side, who=who, points=s.points,
                               battles=s.battles, won=s.won, drawn=s.drawn, lost=s.lost, taken=s.taken,
                               ships_lost=s.ships_lost, ships=s.ships))
    return lines


def summary_lines(service: CampaignMixin, view: CampaignView, battle: BattleRow) -> list[str]:
    """The campaign's post after a battle: its result, what it cost each side, the
    standings and the rosters as they sail into the next one."""
    lang = view.campaign.language
    if battle.kind == "abandoned":
        result = i18n.text("campaign.summary.abandoned", lang)
    elif battle.winner is None:
        result = i18n.text("campaign.summary.draw", lang)
    else:
        result = i18n.text("campaign.summary.won", lang, side=battle.winner)
    lines = [i18n.text("campaign.summary.header", lang, name=view.campaign.name, n=battle.number, result=result)]
    tally = Tally.model_validate(battle.tally or {})
    for side in (r.side for r in view.rosters):
        sunk = ", ".join(tally.sunk.get(side, [])) or "—"
        taken = ", ".join(tally.captured.get(side, [])) or "—"
        lines.append(i18n.text("campaign.summary.losses", lang, side=side, sunk=sunk, taken=taken))
    lines += standings_lines(view, lang)
    for roster in view.rosters:
        lines.append(i18n.text("campaign.roster.header", lang, side=roster.side, n=len(roster.ships),
                               days=view.campaign.refit_days))
        lines += [f"- {line}" for line in service.roster_lines(view.campaign, roster, lang)]
    lines.append(i18n.text("campaign.summary.next", lang, next=i18n.command("campaign", "next-battle")))
    return lines


def ruleset_title(ruleset: str, lang: str) -> str:
    try:
        return manifest(ruleset).title.render(lang)
    except KeyError:
        return ruleset


__all__ = ["CampaignMixin", "CampaignView", "EXPORT_KIND", "POINTS", "SideStanding", "standings_lines",
           "summary_lines"]
