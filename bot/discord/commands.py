"""The slash commands. Each is a thin adapter: find the game played here, make one
service call, and answer privately with what it returned.

No rules and no SQL here: legal values come from the decision forms the service hands
out (:mod:`bot.discord.legal`), refusals are raised by the service (or, for the few the
adapter makes itself, as :class:`~bot.discord.replies.Refusal`) and answered in one
place (:func:`~bot.discord.replies.answer_error`, the tree's error handler). Anything
that may take more than Discord's 3 seconds (a drawing, the engine checking an order,
a direct message) is deferred first: before anything else, finding the game included
(a process just started reads it from the database, behind the game passes of a restart,
and the acknowledgement would wait for that read).
"""
from __future__ import annotations

import functools
import io
import logging
import math
import re
import typing
from typing import Any, Awaitable, Callable, Sequence

import discord
from discord import app_commands

from bot import i18n
from bot.discord import fleet, forms, legal, listing, pictures, standing_menus
from bot.discord import values as words
from bot.discord.app import app
from bot.discord.replies import (FILE_LIMIT, MESSAGE_LIMIT, Refusal, defer, picture, reader_language, reply,
                                 server_language, split_text)
from bot.discord.translator import L, command, options
from bot.service import Pacing, ServiceError, fleet_terms
from bot.service.quick import describe_payload
from bot.transport import PendingDecision
from db import GameRow
from rules.core.manifest import Manifest
from rules.core.registry import get_ruleset, manifest, manifests, ruleset_names
from rules.core.scenarios import ScenarioHead
from rules.core.texts import known, worded


log = logging.getLogger("broadside.discord.commands")

LOG_INLINE_PIECES = 3  # a longer log comes as a file, with its end shown inline


# -- shared steps -------------------------------------------------------------------------------------
async def here(interaction: discord.Interaction, *, finished: bool = False) -> GameRow:
    """The game played in this thread (or, failing that, the newest in this channel);
    ``finished``: a thread's game also once it is over (for looking back at it)."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    game = await app(interaction).service.find_game(interaction.channel_id, finished=finished)
    # From here on every answer, refusals included, speaks the game's language.
    interaction.extras["lang"] = game.language
    return game


def manager(interaction: discord.Interaction) -> bool:
    """Manage Server lets a member use the host's tools in any game of the server."""
    return bool(interaction.permissions.manage_guild)


def say(interaction: discord.Interaction, code: str, **params: Any) -> str:
    return i18n.text(code, reader_language(interaction), **params)


def choose_decision(pending: Sequence[PendingDecision], given: str | None) -> PendingDecision:
    """The open decision a player means; only their own are ever candidates."""
    if not pending:
        raise Refusal("reply.nothing-pending")
    found = legal.find_decision(pending, given)
    if found is not None:
        return found
    listing = ", ".join(f"{legal.decision_label(p)} ({p.decision.id})" for p in pending)
    if given is None:
        raise Refusal("reply.which-decision", choices=listing)
    raise Refusal("reply.unknown-decision", decision=legal.clip(given, 60), choices=listing)


def suggest(func: Callable[[discord.Interaction, str], Awaitable[list[legal.Offer]]]):
    """An autocomplete callback: at most 25 legal values; a refusal simply offers nothing
    (an autocomplete cannot answer with a message)."""

    @functools.wraps(func)
    async def wrapper(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            offers = await func(interaction, current or "")
        except (ServiceError, Refusal, app_commands.NoPrivateMessage):
            return []
        except Exception:
            log.exception("autocomplete %s failed", func.__name__)
            return []
        return [app_commands.Choice(name=legal.clip(o.label), value=legal.clip(o.text)) for o in offers[:legal.LIMIT]]

    return wrapper


async def my_pending(interaction: discord.Interaction) -> tuple[GameRow, list[PendingDecision]]:
    """For autocomplete: the caller's open decisions and their forms. Discord asks on every
    keystroke and the choices are the first answer, so the service answers from what it
    keeps (the forms of the state, the rows in memory), without the stored orders."""
    game = await here(interaction)
    return game, await app(interaction).service.my_forms(game.id, interaction.user.id)


# -- parsing what people type ------------------------------------------------------------------------
_DURATION = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(s|sec|m|min|h|d|g|days?|giorn[oi])?\s*$", re.IGNORECASE)
_UNIT = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "d": 86400, "day": 86400, "days": 86400, "g": 86400,
         "giorno": 86400, "giorni": 86400}


def parse_duration(text: str, *, bare: str = "m") -> int:
    """Seconds from '90s', '5m', '12h', '2d' (a bare number is in ``bare`` units: minutes,
    or seconds for a grace period)."""
    match = _DURATION.match(text)
    if match is None:
        raise Refusal("reply.bad-duration", value=legal.clip(text, 40))
    seconds = float(match[1].replace(",", ".")) * _UNIT[(match[2] or bare).lower()]
    if not math.isfinite(seconds):  # '999…9' (hundreds of digits) reads as infinity
        raise Refusal("reply.bad-duration", value=legal.clip(text, 40))
    return int(seconds)


def parse_rules(text: str | None) -> dict[str, Any]:
    """Optional rules as typed: 'a_rule another_rule order_mode=simultaneous'.

    The ruleset's options model judges names and values (and the service says what is
    wrong in plain words); here the text is only cut into names and values.
    """
    chosen: dict[str, Any] = {}
    for token in re.split(r"[\s,;]+", text or ""):
        if not token:
            continue
        name, sep, value = token.partition("=")
        chosen[name.strip().lower().replace("-", "_")] = value.strip() if sep else True
    return chosen


def rule_names(ruleset: str) -> list[str]:
    """What the rules option can hold: every switch, and each named setting as name=value."""
    model = get_ruleset(ruleset).options_model
    out = []
    for name, info in model.model_fields.items():
        if info.annotation is bool:
            out.append(name)
        elif typing.get_origin(info.annotation) is typing.Literal:
            out.extend(f"{name}={v}" for v in typing.get_args(info.annotation) if v != info.default)
    return out


# -- /game ----------------------------------------------------------------------------------------------
game_group = app_commands.Group(**command("game"), guild_only=True)

PACING_CHOICES = [app_commands.Choice(name=L("choice.pacing.live"), value="live"),
                  app_commands.Choice(name=L("choice.pacing.campaign"), value="campaign")]
POSTING_CHOICES = [app_commands.Choice(name=L(f"choice.posting.{p}"), value=p) for p in ("phase", "turn", "act")]
DEADLINE_CHOICES = [app_commands.Choice(name=L(f"choice.deadline.{p}"), value=p) for p in ("phase", "turn")]
LANGUAGE_CHOICES = [app_commands.Choice(name=L(f"choice.language.{lang}"), value=lang) for lang in i18n.LANGUAGES]


LAYOUT_CHOICES = [app_commands.Choice(name=L(f"choice.layout.{p}"), value=p) for p in fleet_terms.PATTERNS]


@game_group.command(**command("game.new"))
@options("game.new", "ruleset", "scenario", "rules", "pacing", "phase", "language", "posting", "deadline", "grace",
         "budget", "layout", "wind", "table", "sides")
@app_commands.choices(pacing=PACING_CHOICES, language=LANGUAGE_CHOICES, posting=POSTING_CHOICES,
                      deadline=DEADLINE_CHOICES, layout=LAYOUT_CHOICES)
async def game_new(interaction: discord.Interaction, ruleset: str, scenario: str, rules: str | None = None,
                   pacing: str = "live", phase: str | None = None, language: str | None = None,
                   posting: str | None = None, deadline: str | None = None, grace: str | None = None,
                   budget: float | None = None, layout: str | None = None,
                   wind: app_commands.Range[int, 0, 15] | None = None, table: str | None = None,
                   sides: app_commands.Range[int, 2, 8] | None = None) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    await defer(interaction)
    lang = language or server_language(interaction)
    interaction.extras["lang"] = lang
    pace = Pacing(style=pacing, phase_seconds=parse_duration(phase) if phase else None, posting=posting,
                  deadline=deadline, grace_seconds=parse_duration(grace, bare="s") if grace else None)
    chosen = parse_rules(rules)
    channel = interaction.channel
    opened: discord.Thread | None = None
    service = app(interaction).service
    in_thread = isinstance(channel, discord.Thread)
    # Refused before a thread is opened for it: a thread that plays a game already, or
    # a member (or server) at the limit of unfinished games.
    await service.check_new_game(interaction.guild_id, interaction.user.id,
                                 interaction.channel_id if in_thread else None)
    if isinstance(channel, discord.Thread):
        # Given inside a thread: the game plays in it.
        channel_id, thread_id = channel.parent_id or channel.id, channel.id
    else:
        channel_id = interaction.channel_id
        opened = await open_thread(channel, thread_title(ruleset, scenario, lang), pace.style)
        thread_id = opened.id if opened else None
    try:
        points = fleet_terms.points_choice(scenario)
        if points is None and (budget, layout, wind, table, sides) != (None, None, None, None, None):
            raise Refusal("reply.points-only")
        if points is None:
            game = await service.create_game(
                interaction.guild_id, channel_id, interaction.user.id, ruleset, scenario, options=chosen, pacing=pace,
                language=lang, thread_id=thread_id)
        else:  # fleets by points: the sides buy their ships (/game fleet)
            width, height = parse_table(table)
            game = await service.create_points_game(
                interaction.guild_id, channel_id, interaction.user.id, ruleset, budget=budget, pattern=layout,
                wind=wind, width=width, height=height, saved=points or None, options=chosen, pacing=pace,
                language=lang, thread_id=thread_id, sides=sides)
    except Exception:
        if opened is not None:
            await close_thread(opened)
        raise
    if thread_id is not None:
        await reply(interaction, say(interaction, "reply.created", game=game.id, thread=f"<#{thread_id}>"))
    else:
        await reply(interaction, say(interaction, "reply.created-here", game=game.id))


def parse_table(given: str | None) -> tuple[float | None, float | None]:
    """``72x48`` (width x height in the ruleset's unit); nothing given: the ruleset's table."""
    if not given:
        return None, None
    width, sep, height = given.lower().replace(" ", "").partition("x")
    try:
        return float(width), float(height)
    except ValueError:
        raise Refusal("reply.bad-table", given=given) from None


def thread_title(ruleset: str, scenario: str, lang: str) -> str:
    if fleet_terms.points_choice(scenario) is not None:
        return legal.clip(i18n.text("fleet.thread", lang), 100)
    try:
        setup = get_ruleset(ruleset).scenarios().get(scenario)
    except KeyError:
        setup = None
    return legal.clip(ScenarioHead.of(setup).title_in(lang) or scenario, 100)


async def open_thread(channel: Any, name: str, style: str) -> discord.Thread | None:
    """A public thread for the game; None (the game talks in the channel) if that is not possible."""
    if not isinstance(channel, discord.TextChannel):
        return None
    try:
        return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                           auto_archive_duration=1440 if style == "live" else 10080)
    except discord.HTTPException as exc:
        log.warning("could not open a thread in channel %s (HTTP %s, code %s)", channel.id, exc.status, exc.code)
        return None


async def close_thread(thread: discord.Thread) -> None:
    """The game could not be created: take its empty thread away again."""
    try:
        await thread.delete()
    except discord.HTTPException as exc:
        log.warning("could not delete the unused thread %s (HTTP %s)", thread.id, exc.status)


@game_new.autocomplete("ruleset")
@suggest
async def _ruleset_names(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    lang = reader_language(interaction)
    offers = [legal.Offer(m.name, f"{m.title.render(lang)} ({m.name})") for m in manifests()]
    return [o for o in offers if typed.lower() in o.label.lower()]


@game_new.autocomplete("scenario")
@suggest
async def _scenario_names(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    name = interaction.namespace.ruleset or ""
    if name not in ruleset_names():
        return []
    lang = reader_language(interaction)
    offers = [legal.Offer(key, f"{ScenarioHead.of(setup).title_in(lang)} ({key})")
              for key, setup in sorted(get_ruleset(name).scenarios().items())]
    if get_ruleset(name).fleets() is not None:  # fleets by points, and the server's saved scenarios
        offers.append(legal.Offer(fleet_terms.SCENARIO, i18n.text("fleet.offer", lang)))
        saved = await app(interaction).service.saved_scenarios(interaction.guild_id or 0)
        offers += [legal.Offer(f"{fleet_terms.SAVED}{s.name}", i18n.text("fleet.offer-saved", lang, name=s.name))
                   for s in saved if s.ruleset == name]
    return [o for o in offers if typed.lower() in o.label.lower()]


@game_new.autocomplete("rules")
@suggest
async def _rule_names(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    name = interaction.namespace.ruleset or ""
    if name not in ruleset_names():
        return []
    # Complete the word being typed; the words before it are kept as they are.
    words = typed.split()
    finished = words if typed.endswith(" ") or not words else words[:-1]
    partial = "" if finished is words else words[-1]
    head = " ".join(finished)
    done = set(parse_rules(head))
    out = []
    for rule in rule_names(name):
        if rule.partition("=")[0] in done or not rule.startswith(partial):
            continue
        full = f"{head} {rule}".strip()
        if len(full) <= legal.NAME_LIMIT:
            out.append(legal.Offer(full, full))
    return out


@game_new.autocomplete("phase")
@suggest
async def _phase_lengths(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    live = ["1m", "2m", "3m", "5m", "10m", "15m", "30m", "1h"]
    campaign = ["1h", "6h", "12h", "1d", "2d", "3d", "7d"]
    offers = campaign if interaction.namespace.pacing == "campaign" else live
    return [legal.Offer(v, v) for v in offers if v.startswith(typed.strip())] or (
        [legal.Offer(typed.strip(), typed.strip())] if typed.strip() else [])


@game_group.command(**command("game.join"))
@options("game.join", "side")
async def game_join(interaction: discord.Interaction, side: str) -> None:
    await defer(interaction)
    game = await here(interaction)
    client = app(interaction)
    user = interaction.user
    seat = await client.service.join(game.id, user.id, side, user.display_name)
    side = client.service.side_name(game, seat.side)
    welcome = i18n.text("dm.welcome", game.language, title=client.service.title(game), game=game.id, side=side)
    if await client.transport.hello(user.id, welcome):
        dm = say(interaction, "reply.dm-ok")
    else:
        await client.service.dm_failed(game.id, seat.seat_id)
        dm = say(interaction, "reply.dm-closed")
    await reply(interaction, say(interaction, "reply.joined", side=side) + "\n" + dm)


@game_join.autocomplete("side")
@suggest
async def _sides(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game = await here(interaction)
    service = app(interaction).service
    names = [(s, service.side_name(game, s)) for s in await service.sides(game.id)]
    return [legal.Offer(s, name) for s, name in names if typed.lower() in f"{s} {name}".lower()]


@game_group.command(**command("game.leave"))
async def game_leave(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.leave(game.id, interaction.user.id)
    await reply(interaction, say(interaction, "reply.left"))


@game_group.command(**command("game.pick"))
@options("game.pick", "ship")
async def game_pick(interaction: discord.Interaction, ship: str) -> None:
    await defer(interaction)
    game = await here(interaction)
    option = await app(interaction).service.pick_ship(game.id, interaction.user.id, ship)
    await reply(interaction, say(interaction, "reply.picked", ship=option.label))


@game_group.command(**command("game.unpick"))
@options("game.unpick", "ship")
async def game_unpick(interaction: discord.Interaction, ship: str) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.release_ship(game.id, interaction.user.id, ship)
    await reply(interaction, say(interaction, "reply.unpicked", ship=ship))


async def _my_seat(interaction: discord.Interaction, game: GameRow):
    seats = await app(interaction).service.seats(game.id)
    return next((s for s in seats if s.user_id == interaction.user.id), None)


@game_pick.autocomplete("ship")
@suggest
async def _pickable_ships(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game = await here(interaction)
    seat = await _my_seat(interaction, game)
    out = []
    for o in await app(interaction).service.ship_choices(game.id):
        if seat is not None and (o.side != seat.side or o.taken_by not in (None, seat.seat_id)):
            continue
        label = f"{o.label} ({o.side})" + (f", {o.points:g}" if o.points is not None else "")
        if typed.lower() in label.lower() or typed.lower() in o.ship_id.lower():
            out.append(legal.Offer(o.ship_id, label))
    return out


@game_unpick.autocomplete("ship")
@suggest
async def _picked_ships(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game = await here(interaction)
    seat = await _my_seat(interaction, game)
    if seat is None:
        return []
    return [legal.Offer(o.ship_id, o.label) for o in await app(interaction).service.ship_choices(game.id)
            if o.taken_by == seat.seat_id and typed.lower() in o.label.lower()]


@game_group.command(**command("game.start"))
async def game_start(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.start(game.id, interaction.user.id, manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.started"))


@game_group.command(**command("game.list"))
async def game_list(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    await defer(interaction)
    content, view = await listing.page(app(interaction), interaction.guild_id, reader_language(interaction), 0)
    await reply(interaction, content, view=view)


@game_group.command(**command("game.dms"))
async def game_dms(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    client = app(interaction)
    welcome = i18n.text("reply.dms-ok", game.language)
    if await client.transport.hello(interaction.user.id, welcome):
        await client.service.reopen_dms(game.id, interaction.user.id)
        await reply(interaction, say(interaction, "reply.dms-ok"))
    else:
        await reply(interaction, say(interaction, "reply.dm-closed"))


# -- playing --------------------------------------------------------------------------------------------
@app_commands.command(**command("menus"))
@app_commands.guild_only()
async def menus(interaction: discord.Interaction) -> None:
    """The direct-message menus, here and private: the way in when DMs are closed."""
    await defer(interaction)
    game = await here(interaction)
    pending = await app(interaction).service.my_pending(game.id, interaction.user.id, helps=True)
    if not pending:
        await reply(interaction, say(interaction, "reply.nothing-pending"))
        return
    for item in pending:
        content, view = forms.message(game.id, item, game.language)
        await reply(interaction, content, view=view)


async def _order(interaction: discord.Interaction, decision: str | None = None, action: str | None = None,
                 values: str | None = None) -> None:
    await defer(interaction)
    game = await here(interaction)
    service = app(interaction).service
    item = choose_decision(await service.my_pending(game.id, interaction.user.id, helps=not values), decision)
    chosen, given = words.read(item.spec, action, values, manifest(game.ruleset))
    if not given and (chosen.params if chosen else action is None):
        # Nothing to send yet: the decision's menus to choose from, the action named (if
        # any) already chosen, else the order already given (if any).
        form = forms.Form.from_payload(item.spec, {"action": chosen.action} if chosen else item.submitted)
        content, view = forms.message(game.id, item, game.language, form=form)
        await reply(interaction, content, view=view)
        return
    payload: dict[str, Any] = dict(given)
    if chosen is not None or action is not None:
        # An action the form does not know goes as typed: the engine names the legal ones.
        payload["action"] = chosen.action if chosen else action
    result = await service.submit_order(game.id, interaction.user.id, item.decision.id, payload,
                                        idempotency_key=str(interaction.id))
    await reply(interaction, result.message)


#: /order has the same three options whatever the rulesets: the decision, the action
#: and its values as words (:mod:`bot.discord.values`); without values it opens the menus.
order = app_commands.command(**command("order"))(
    app_commands.guild_only()(options("order", "decision", "action", "values")(_order)))


@order.autocomplete("decision")
@suggest
async def _decisions(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    return legal.decision_offers(pending, typed, game.language)


@order.autocomplete("action")
@suggest
async def _actions(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    item = legal.find_decision(pending, interaction.namespace.decision)
    return legal.action_offers(item.spec, typed, game.language) if item else []


@order.autocomplete("values")
@suggest
async def _values(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    item = legal.find_decision(pending, interaction.namespace.decision)
    if item is None:
        return []
    return words.complete(item.spec, interaction.namespace.action, typed, manifest(game.ruleset))


@app_commands.command(**command("pending"))
@app_commands.guild_only()
async def pending(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    service = app(interaction).service
    items = await service.my_pending(game.id, interaction.user.id, helps=True)
    standing = await service.standing_board(game.id, interaction.user.id)
    given = [say(interaction, "standing.ship", ship=g.subject_label,
                 order=f"{g.kind_label} ({g.moment_label})" if g.moment_label else g.kind_label)
             for g in standing.given]
    if not items:
        lines = [say(interaction, "reply.nothing-pending")]
        if given:
            lines.append(say(interaction, "reply.pending-standing-list", orders="; ".join(given)))
        await reply(interaction, "\n".join(lines))
        return
    due = next((p.due_at for p in items if p.due_at is not None), None)
    lines = [say(interaction, "reply.pending-header", due=i18n.timestamp(due)) if due is not None
             else say(interaction, "reply.pending-header-plain")]
    for item in items:
        label = legal.decision_label(item, game.language)
        if item.submitted is not None:
            lines.append(say(interaction, "reply.pending-given", label=label,
                             order=describe_payload(item.spec, item.submitted, game.language)))
        elif item.standing is not None:
            lines.append(say(interaction, "reply.pending-standing", label=label, standing=item.standing))
        else:
            default = item.spec.words("default_text", game.language) or say(interaction, "private.default-unknown")
            lines.append(say(interaction, "reply.pending-open", label=label, default=default))
    if given:
        lines.append(say(interaction, "reply.pending-standing-list", orders="; ".join(given)))
    lines.append(say(interaction, "reply.pending-how"))
    await reply(interaction, "\n".join(lines))


@app_commands.command(**command("standing"))
@app_commands.guild_only()
@options("standing", "when")
async def standing(interaction: discord.Interaction, when: str | None = None) -> None:
    """Standing orders, one menu per ship, stored as they are chosen."""
    await defer(interaction)
    game = await here(interaction)
    board = await app(interaction).service.standing_board(game.id, interaction.user.id)
    if when == standing_menus.REST_OF_TURN:
        # Every phase still to come, a message each: the whole turn written at once.
        moments = standing_menus.moments(board)
        if not moments:
            raise ServiceError("standing-moment-passed")
    elif when and when != standing_menus.EVERY:
        if not any(o.has_moment(when) for o in board.offers):
            raise ServiceError("standing-moment-passed")
        moments = [when]
    else:
        moments = [""]
    for moment in moments:
        for content, view in standing_menus.messages(game.id, board, moment, game.language):
            await reply(interaction, content, view=view)


@standing.autocomplete("when")
@suggest
async def _moments(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game = await here(interaction)
    board = await app(interaction).service.standing_board(game.id, interaction.user.id)
    offers = [legal.Offer(standing_menus.EVERY, i18n.text("standing.every-phase", game.language))]
    labels = {str(m.value): m.label_in(game.language) for o in board.offers for m in o.moments}
    moments = standing_menus.moments(board)
    if moments:
        offers.append(legal.Offer(standing_menus.REST_OF_TURN, i18n.text("standing.rest-of-turn", game.language)))
    offers += [legal.Offer(m, labels[m]) for m in moments]
    needle = typed.strip().lower()
    return [o for o in offers if needle in o.label.lower() or needle in o.text.lower()][:legal.LIMIT]


@app_commands.command(**command("orders"))
@app_commands.guild_only()
async def orders(interaction: discord.Interaction) -> None:
    """One form for every ship of the phase."""
    await defer(interaction)
    game = await here(interaction)
    step, menus = await app(interaction).service.phase_orders(game.id, interaction.user.id)
    if not menus:
        await reply(interaction, say(interaction, "fleet.nothing"))
        return
    content, view = fleet.message(game.id, step, menus, fleet.first_picks(menus), game.language)
    await reply(interaction, content, view=view)


def _find_ship(view: dict[str, Any], given: str) -> dict[str, Any]:
    ships = pictures.ships(view)
    needle = given.strip().lower()
    found = next((s for s in ships if str(s["id"]).lower() == needle), None) or next(
        (s for s in ships if pictures.ship_name(s).lower() == needle), None)
    if found is None:
        raise Refusal("reply.no-ship", ship=legal.clip(given, 60),
                      known=", ".join(str(s["id"]) for s in ships) or "-")
    return found


async def _preview(interaction: discord.Interaction, decision: str | None = None, action: str | None = None,
                   values: str | None = None, ship: str | None = None) -> None:
    """Privately, where a move would take my ship — the same values as /order, nothing sent.

    With no move given (or for a ruleset that draws no preview) it shows the map around
    the ship with her reach and arcs."""
    await defer(interaction)
    game = await here(interaction)
    service = app(interaction).service
    moved = None
    if (values and values.strip()) or action:
        item = choose_decision(await service.my_pending(game.id, interaction.user.id), decision)
        chosen, given = words.read(item.spec, action, values, manifest(game.ruleset))
        payload: dict[str, Any] = {**given, "action": chosen.action if chosen else action}
        moved, problems = await service.preview_order(game.id, interaction.user.id, item.decision.id, payload)
        if problems:
            await reply(interaction, "\n".join(p.message for p in problems))
            return
        # The ship is the decision's, or, where a decision is a fleet's (which of her ships
        # acts is in the order), the one the preview moved or the order names.
        named = (moved or {}).get("preview", {}).get("ship") if isinstance(moved, dict) else None
        ship = ship or item.decision.subject or named or (str(given["ship"]) if given.get("ship") else None)
    view = moved or await service.public_view(game.id)
    found = _find_ship(view, ship or "")
    png, alt = await pictures.map_png(view, focus=str(found["id"]))
    text = preview_text(interaction, pictures.ship_name(found), moved.get("preview") if moved else None)
    await reply(interaction, text, file=picture(png, "preview.png", alt))


def preview_text(interaction: discord.Interaction, ship: str, facts: dict[str, Any] | None) -> str:
    """The words under a preview: what the move would do is the ruleset's to say (its
    preview's ``said``, a text of its catalogue), passed on in the reader's language; a
    preview that says nothing gets the plain words."""
    if facts is None:
        return say(interaction, "reply.preview", ship=ship)
    said = facts.get("said")
    if isinstance(said, dict) and known(str(said.get("code"))):
        return say(interaction, "reply.preview-move", ship=ship, said=worded(said, reader_language(interaction)))
    return say(interaction, "reply.preview-moved", ship=ship)


#: /preview, like /order, has its values in one option whatever the rulesets.
preview = app_commands.command(**command("preview"))(
    app_commands.guild_only()(options("preview", "decision", "action", "values", "ship")(_preview)))


@preview.autocomplete("decision")
@suggest
async def _preview_decisions(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    return legal.decision_offers(pending, typed, game.language)


@preview.autocomplete("action")
@suggest
async def _preview_actions(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    item = legal.find_decision(pending, interaction.namespace.decision)
    return legal.action_offers(item.spec, typed, game.language) if item else []


@preview.autocomplete("values")
@suggest
async def _preview_values(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    item = legal.find_decision(pending, interaction.namespace.decision)
    ruleset = manifest(game.ruleset)
    if item is None or not ruleset.previews:
        return []
    # The values a preview draws, as the manifest marks them (every value if it marks none).
    moving = {p.name for p in ruleset.params if p.preview is not None} or None
    return words.complete(item.spec, interaction.namespace.action, typed, ruleset, only=moving)


@preview.autocomplete("ship")
@suggest
async def _my_ships(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game, pending = await my_pending(interaction)
    seat = await _my_seat(interaction, game)
    view = await app(interaction).service.public_view(game.id)
    subjects = {p.decision.subject for p in pending}
    ships = pictures.ships(view)
    mine = [s for s in ships if s["id"] in subjects or (seat is not None and s.get("player") == seat.seat_id)]
    return [legal.Offer(s["id"], pictures.ship_name(s)) for s in (mine or ships)
            if typed.lower() in pictures.ship_name(s).lower() or typed.lower() in str(s["id"]).lower()]


@app_commands.command(**command("map"))
@app_commands.guild_only()
@options("map", "ship")
async def map_(interaction: discord.Interaction, ship: str | None = None) -> None:
    await defer(interaction)
    game = await here(interaction, finished=True)
    view = await app(interaction).service.public_view(game.id)
    focus = str(_find_ship(view, ship)["id"]) if ship else None
    png, alt = await pictures.map_png(view, focus=focus, pool=app(interaction).render_pool)
    await reply(interaction, say(interaction, "reply.map"), file=picture(png, "map.png", alt))


@app_commands.command(**command("card"))
@app_commands.guild_only()
@options("card", "ship")
async def card(interaction: discord.Interaction, ship: str) -> None:
    await defer(interaction)
    game = await here(interaction, finished=True)
    view = await app(interaction).service.public_view(game.id)
    found = _find_ship(view, ship)
    png = await pictures.card_png(view, str(found["id"]), game.language)
    await reply(interaction, f"**{pictures.ship_name(found)}**", file=picture(png, f"{found['id']}.png"))


@suggest
async def _all_ships(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game = await here(interaction, finished=True)
    view = await app(interaction).service.public_view(game.id)
    return [legal.Offer(s["id"], pictures.ship_name(s)) for s in pictures.ships(view)
            if typed.lower() in pictures.ship_name(s).lower() or typed.lower() in str(s["id"]).lower()]


map_.autocomplete("ship")(_all_ships)
card.autocomplete("ship")(_all_ships)


@app_commands.command(**command("log"))
@app_commands.guild_only()
@options("log", "last")
async def log_(interaction: discord.Interaction, last: app_commands.Range[int, 1, 1000] | None = None) -> None:
    await defer(interaction)
    game = await here(interaction, finished=True)
    lines = await app(interaction).service.log(game.id, last=last)
    if not lines:
        await reply(interaction, say(interaction, "reply.log-empty"))
        return
    text = "\n".join(lines)
    pieces = split_text(text)
    if len(pieces) <= LOG_INLINE_PIECES:
        await reply(interaction, text)
        return
    # A long story: its end inline, the whole of it as a file (one message, not dozens).
    tail = split_text(text[-(MESSAGE_LIMIT - 10):])[-1]
    whole = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"game-{game.id}-log.txt")
    await reply(interaction, tail, file=whole)


@app_commands.command(**command("replay"))
@app_commands.guild_only()
async def replay(interaction: discord.Interaction) -> None:
    """The game from its start to now as an animated map, drawn from public views only."""
    await defer(interaction)
    game = await here(interaction, finished=True)
    service = app(interaction).service

    async def draw() -> tuple[bytes, int]:
        views = await service.replay_views(game.id, most=pictures.REPLAY_FRAMES)
        return await pictures.replay_gif(views, FILE_LIMIT, pool=app(interaction).render_pool)

    gif, frames = await app(interaction).replays.get(await service.story_mark(game.id), draw)
    await reply(interaction, say(interaction, "reply.replay", frames=frames),
                file=picture(gif, f"game-{game.id}-replay.gif"))


@app_commands.command(**command("rules"))
@app_commands.guild_only()
async def rules(interaction: discord.Interaction) -> None:
    try:
        game: GameRow | None = await here(interaction, finished=True)
    except ServiceError:
        game = None
    # In a game, its ruleset's quick reference and the full key of its maps (a map's own
    # key lists only what that map shows); elsewhere, every ruleset's quick reference.
    names = [game.ruleset] if game else ruleset_names()
    lang = reader_language(interaction)
    key = None
    if game is not None and game.status != "lobby":  # a game gathering players has no map yet
        view = await app(interaction).service.public_view(game.id)
        key = picture(await pictures.key_png(view, lang), "map-key.png", i18n.text("reply.map-key", lang))
    await reply(interaction, "\n\n".join(quick_reference(manifest(name), lang) for name in names), file=key)


def quick_reference(ruleset: Manifest, lang: str) -> str:
    if ruleset.quickref is not None:
        return ruleset.quickref.render(lang)
    return i18n.text("quickref.generic", lang, title=ruleset.title.render(lang))


@app_commands.command(**command("help"))
async def help_(interaction: discord.Interaction) -> None:
    await reply(interaction, f'{say(interaction, "help.text")}\n{say(interaction, "help.taps")}')


# -- /host ------------------------------------------------------------------------------------------------
host_group = app_commands.Group(**command("host"), guild_only=True)


@host_group.command(**command("host.pause"))
async def host_pause(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.pause(game.id, interaction.user.id, manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.resume"))
async def host_resume(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.resume(game.id, interaction.user.id, manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.extend"))
@options("host.extend", "minutes")
async def host_extend(interaction: discord.Interaction, minutes: app_commands.Range[int, 1, 7 * 24 * 60]) -> None:
    await defer(interaction)
    game = await here(interaction)
    due = await app(interaction).service.extend_deadline(game.id, interaction.user.id, minutes * 60,
                                                         manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.extended", due=i18n.timestamp(due)))


@host_group.command(**command("host.posting"))
@options("host.posting", "posting")
@app_commands.choices(posting=POSTING_CHOICES)
async def host_posting(interaction: discord.Interaction, posting: str) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.set_posting(game.id, interaction.user.id, posting, manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.timing"))
@options("host.timing", "deadline", "grace")
@app_commands.choices(deadline=DEADLINE_CHOICES)
async def host_timing(interaction: discord.Interaction, deadline: str | None = None, grace: str | None = None) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.set_timing(game.id, interaction.user.id, deadline=deadline,
                                              grace_seconds=parse_duration(grace, bare="s") if grace else None,
                                              manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.replace"))
@options("host.replace", "seat", "user", "confirm")
async def host_replace(interaction: discord.Interaction, seat: str, user: discord.Member,
                       confirm: bool = False) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.replace_player(game.id, interaction.user.id, seat, user.id, user.display_name,
                                                  manager=manager(interaction), confirm=confirm)
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.ai"))
@options("host.ai", "seat", "level", "confirm")
async def host_ai(interaction: discord.Interaction, seat: str, level: str, confirm: bool = False) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.hand_to_ai(game.id, interaction.user.id, seat, level, manager=manager(interaction),
                                              confirm=confirm)
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.add-ai"))
@options("host.add-ai", "side", "level")
async def host_add_ai(interaction: discord.Interaction, side: str, level: str) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.add_ai_seat(game.id, interaction.user.id, side, level,
                                               manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.done"))


@suggest
async def _seats(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    game = await here(interaction)
    service = app(interaction).service
    # Offered by who holds them and their side's name; the seat id is only the value sent.
    return [legal.Offer(s.seat_id, f"{s.display_name or '-'} ({service.side_name(game, s.side)})")
            for s in await service.seats(game.id) if typed.lower() in f"{s.seat_id} {s.display_name}".lower()]


@suggest
async def _levels(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    service = app(interaction).service
    game = await here(interaction)
    lang = reader_language(interaction)
    return [legal.Offer(name, f"{name}: {service.ai_label(name, game.ruleset, lang)}")
            for name in sorted(service.policies) if typed.lower() in name.lower()]


host_replace.autocomplete("seat")(_seats)
host_ai.autocomplete("seat")(_seats)
host_ai.autocomplete("level")(_levels)
host_add_ai.autocomplete("level")(_levels)
host_add_ai.autocomplete("side")(_sides)


@host_group.command(**command("host.undo"))
async def host_undo(interaction: discord.Interaction) -> None:
    # A finished game's thread too: the service says why its game cannot be undone.
    await defer(interaction)
    game = await here(interaction, finished=True)
    step = await app(interaction).service.undo_last(game.id, interaction.user.id, manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.undone", step=step))


@host_group.command(**command("host.end"))
async def host_end(interaction: discord.Interaction) -> None:
    await defer(interaction)
    game = await here(interaction)
    await app(interaction).service.end_game(game.id, interaction.user.id, manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.done"))


@host_group.command(**command("host.export"))
async def host_export(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    client = app(interaction)
    game = await client.service.find_game(interaction.channel_id, finished=True)
    interaction.extras["lang"] = game.language
    # export_record takes no actor; the host's tools are the host's (or a manager's).
    if interaction.user.id != game.host_id and not manager(interaction):
        raise ServiceError("not-host")
    await defer(interaction)
    record = await client.service.export_record(game.id)
    data = record.dumps().encode("utf-8")
    filename = f"broadside-game-{game.id}.json"
    file = picture(data, filename)
    if file is None:
        raise Refusal("reply.too-big", size=f"{len(data) / 2**20:.1f}")
    await reply(interaction, say(interaction, "reply.export", game=game.id, file=filename), file=file)


# -- the tree ------------------------------------------------------------------------------------------------
TOP_LEVEL = (menus, order, orders, standing, pending, preview, map_, card, log_, replay, rules, help_)


def register(tree: app_commands.CommandTree) -> None:
    for cmd in (game_group, host_group, *TOP_LEVEL):
        tree.add_command(cmd)


__all__ = ["parse_duration", "parse_rules", "register"]
