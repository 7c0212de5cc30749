"""``/ladder``, ``/stats`` and ``/history``: what finished games came to on this server.

Private answers, a page at a time. The Previous / Next buttons' ids carry the server, the
page and (for the ladder) the ruleset — ``bsr1:<server>:<ruleset>:<page>`` and
``bsh1:<server>:<page>``, numbers in base 36 — so a press is answered from the database
alone, after a restart too; a press from another server's page is refused, and a page
that no longer exists shows the last one.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands

from bot import i18n
from bot.discord import components, legal
from bot.discord.app import BotApp
from bot.discord.replies import Refusal, answer_error, defer, one_message, reader_language, reply, split_text
from bot.discord.translator import command, options
from bot.service.ladder import HistoryPage, LadderPage, Stats
from db.results import ordinal
from rules.core.registry import manifest, manifests
from rules.core.texts import catalogues

LADDER, HISTORY = "bsr1", "bsh1"
PER_PAGE = 10
_LADDER_ID = re.compile(rf"^{LADDER}:(?P<guild>[0-9a-z]{{1,13}}):(?P<ruleset>[a-z0-9_-]{{1,40}}):(?P<page>[0-9a-z]{{1,6}})$")
_HISTORY_ID = re.compile(rf"^{HISTORY}:(?P<guild>[0-9a-z]{{1,13}}):(?P<page>[0-9a-z]{{1,6}})$")


def _app(interaction: discord.Interaction) -> BotApp:
    return interaction.client  # type: ignore[return-value]


def _figure(value: float) -> str:
    return f"{value:.1f}"


def _title(ruleset: str, lang: str) -> str:
    try:
        return manifest(ruleset).title.render(lang)
    except KeyError:
        return ruleset  # a ruleset this bot no longer has: its games stay in the history


def kind_word(ruleset: str, kind: str, lang: str) -> str:
    """A result's kind in the ruleset's own words (``<ruleset>.kind.<kind>``), else as stored."""
    found = catalogues().get(ruleset)
    return found.word(f"{ruleset}.kind", kind, lang) if found is not None else kind


# -- the pages --------------------------------------------------------------------------------
def ladder_text(page: LadderPage, lang: str) -> str:
    if not page.ratings:
        return i18n.text("ladder.none", lang)
    lines = [i18n.text("ladder.header", lang, ruleset=_title(page.ruleset, lang),
                       players=page.total),
             i18n.text("ladder.explain", lang)]
    for rank, r in enumerate(page.ratings, start=page.first_rank):
        lines.append(i18n.text("ladder.line", lang, rank=rank, who=i18n.mention(r.user_id),
                               rating=_figure(ordinal(r)), games=r.games, wins=r.wins, losses=r.losses, draws=r.draws))
    if page.pages > 1:
        lines.append(i18n.text("reply.list-page", lang, page=page.page + 1, pages=page.pages))
    return "\n".join(lines)


def stats_text(stats: Stats, user_id: int, lang: str) -> str:
    who = i18n.mention(user_id)
    if not stats.games:
        return i18n.text("stats.none", lang, who=who)
    lines = [i18n.text("stats.header", lang, who=who, games=stats.games, won=stats.won, lost=stats.lost,
                       drawn=stats.drawn, abandoned=stats.abandoned, rated=stats.rated)]
    if len(stats.by_ruleset) > 1:
        items = ", ".join(i18n.text("stats.item", lang, what=_title(r, lang), n=n) for r, n in stats.by_ruleset.items())
        lines.append(i18n.text("stats.games-by-ruleset", lang, items=items))
    if stats.wins_by_kind:
        rulesets = list(stats.by_ruleset)
        items = ", ".join(i18n.text("stats.item", lang, what=kind_word(rulesets[0], k, lang) if len(rulesets) == 1
                                    else k, n=n) for k, n in stats.wins_by_kind.items())
        lines.append(i18n.text("stats.wins", lang, items=items))
    lines.append(i18n.text("stats.ships", lang, taken=stats.taken, lost=stats.ships_lost))
    if stats.favourite:
        lines.append(i18n.text("stats.favourite", lang, ship=stats.favourite, games=stats.favourite_games))
    if stats.average_turns is not None:
        lines.append(i18n.text("stats.turns", lang, turns=f"{stats.average_turns:g}"))
    for ruleset, rating in stats.ratings.items():
        lines.append(i18n.text("stats.rating", lang, ruleset=_title(ruleset, lang), rating=_figure(ordinal(rating)),
                               games=rating.games))
    return "\n".join(lines)


def history_text(page: HistoryPage, lang: str) -> str:
    if not page.results:
        return i18n.text("history.none", lang)
    lines = [i18n.text("history.header", lang, total=page.total)]
    for r in page.results:
        if r.kind == "abandoned":
            result = i18n.text("history.abandoned", lang)
        elif r.winner is None:
            result = i18n.text("history.draw", lang, kind=kind_word(r.ruleset, r.kind, lang))
        else:
            result = i18n.text("history.won", lang, side=r.winner, kind=kind_word(r.ruleset, r.kind, lang))
        if not r.rated and r.kind != "abandoned":
            result += f" ({i18n.text('history.unrated', lang)})"
        players = [f"{i18n.mention(p.user_id)} ({p.side})" for p in page.players.get(r.game_id, [])]
        players += [i18n.text("history.computer", lang)] * bool(r.summary.get("computers"))
        lines.append(i18n.text("history.line", lang, when=i18n.timestamp(r.ended_at),
                               title=str(r.summary.get("title") or r.ruleset), ruleset=_title(r.ruleset, lang),
                               turns=i18n.text("history.turns", lang, n=r.turns or 0), result=result,
                               players=", ".join(players) or "—", place=i18n.channel(r.thread_id or r.channel_id or 0)))
    if page.pages > 1:
        lines.append(i18n.text("reply.list-page", lang, page=page.page + 1, pages=page.pages))
    return "\n".join(lines)


def _buttons(lang: str, number: int, pages: int, make_id) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=i18n.text("form.previous", lang), style=discord.ButtonStyle.secondary,
                                    custom_id=make_id(max(number - 1, 0)), disabled=number == 0))
    view.add_item(discord.ui.Button(label=i18n.text("form.next", lang), style=discord.ButtonStyle.secondary,
                                    custom_id=make_id(min(number + 1, pages - 1)), disabled=number >= pages - 1))
    view.stop()  # laid out only: presses are routed by their ids (Broadside.on_interaction)
    return view


async def ladder_page(client: BotApp, guild_id: int, ruleset: str | None, lang: str,
                      number: int) -> tuple[str, discord.ui.View | None]:
    page = await client.service.ladder_page(guild_id, ruleset, number, PER_PAGE)
    ids = lambda n: f"{LADDER}:{components.base36(guild_id)}:{page.ruleset}:{components.base36(n)}"  # noqa: E731
    return ladder_text(page, lang), _buttons(lang, page.page, page.pages, ids)


async def history_page(client: BotApp, guild_id: int, lang: str, number: int) -> tuple[str, discord.ui.View | None]:
    page = await client.service.history_page(guild_id, number, PER_PAGE)
    ids = lambda n: f"{HISTORY}:{components.base36(guild_id)}:{components.base36(n)}"  # noqa: E731
    return split_text(history_text(page, lang))[0], _buttons(lang, page.page, page.pages, ids)


# -- the commands -----------------------------------------------------------------------------
@app_commands.command(**command("ladder"))
@app_commands.guild_only()
@options("ladder", "ruleset")
async def ladder(interaction: discord.Interaction, ruleset: str | None = None) -> None:
    assert interaction.guild_id is not None
    await defer(interaction)
    content, view = await ladder_page(_app(interaction), interaction.guild_id, ruleset or None,
                                      reader_language(interaction), 0)
    await reply(interaction, content, view=view)


@ladder.autocomplete("ruleset")
async def _rulesets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    lang = reader_language(interaction)
    offers = [legal.Offer(m.name, f"{m.title.render(lang)} ({m.name})") for m in manifests()]
    return [app_commands.Choice(name=legal.clip(o.label), value=o.text) for o in offers
            if (current or "").lower() in o.label.lower()][:legal.LIMIT]


@app_commands.command(**command("stats"))
@app_commands.guild_only()
@options("stats", "member", "ruleset")
async def stats(interaction: discord.Interaction, member: discord.Member | None = None,
                ruleset: str | None = None) -> None:
    assert interaction.guild_id is not None
    await defer(interaction)
    user_id = (member or interaction.user).id
    found = await _app(interaction).service.stats(interaction.guild_id, user_id, ruleset or None)
    await reply(interaction, stats_text(found, user_id, reader_language(interaction)))


stats.autocomplete("ruleset")(_rulesets)


@app_commands.command(**command("history"))
@app_commands.guild_only()
async def history(interaction: discord.Interaction) -> None:
    assert interaction.guild_id is not None
    await defer(interaction)
    content, view = await history_page(_app(interaction), interaction.guild_id, reader_language(interaction), 0)
    await reply(interaction, content, view=view)


COMMANDS = (ladder, stats, history)


def register(tree: app_commands.CommandTree) -> None:
    for cmd in COMMANDS:
        tree.add_command(cmd)


# -- the buttons ------------------------------------------------------------------------------
async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    """Turn a page of /ladder or /history; False if the component is neither's button."""
    found_ladder = _LADDER_ID.match(interaction.custom_id or "")  # type: ignore[attr-defined]
    found_history = _HISTORY_ID.match(interaction.custom_id or "")  # type: ignore[attr-defined]
    if found_ladder is None and found_history is None:
        return False
    found = found_ladder or found_history
    assert found is not None
    try:
        if interaction.guild_id is None or int(found["guild"], 36) != interaction.guild_id:
            raise Refusal("reply.stale-component")
        await interaction.response.defer()
        lang = reader_language(interaction)
        number = int(found["page"], 36)
        if found_ladder is not None:
            content, view = await ladder_page(client, interaction.guild_id, found["ruleset"], lang, number)
        else:
            content, view = await history_page(client, interaction.guild_id, lang, number)
        await interaction.edit_original_response(content=one_message(client, content), view=view)
    except Exception as exc:  # noqa: BLE001 - every failure gets the one private answer
        await answer_error(interaction, exc)
    return True
