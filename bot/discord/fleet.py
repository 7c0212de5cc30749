"""``/orders``: one form that orders every ship of a player in a phase.

One select per open decision (four a page, the fifth row for the buttons), each
listing whole orders the service offers — the ship's standing orders worked out for
this phase, the default, and the simple orders of her form — every one accepted by the
rules when the form was drawn; Confirm sends the chosen ones like ``/order``. A ship
left unchosen keeps what she had (an order, a standing order, or the default). A
decision with only one order to offer has it chosen already.

The ids carry the game, the step the form was drawn for and the choices so far:
``bsa1:<kind>:<game>:<step>:<choices>:<n>`` (``s`` select ``n``, ``p`` page ``n``, ``o``
confirm on page ``n``; a choice is its position in its menu, ``-`` for none). A form
left from a phase that has been resolved says so and closes: nothing is sent.
"""
from __future__ import annotations

import logging
import re

import discord

from bot import i18n
from bot.discord import components
from bot.discord.app import BotApp
from bot.discord.legal import clip, decision_label
from bot.discord.replies import Refusal, answer_error, one_message, split_text
from bot.service.quick import QuickOrder, describe_payload
from bot.transport import PendingDecision

log = logging.getLogger("broadside.discord.fleet")

FORMAT = "bsa1"
PAGE = 4
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
UNSET = "-"
_ID = re.compile(rf"^{FORMAT}:(?P<kind>[spo]):(?P<game>[0-9a-z]{{1,13}}):(?P<step>[0-9a-z]{{1,8}})"
                 r":(?P<picks>[0-9a-z-]{0,60}):(?P<n>\d{1,3})$")
MAX_GAME_ID = 2**63 - 1

Menus = list[tuple[PendingDecision, list[QuickOrder]]]


def custom_id(kind: str, game_id: int, step: int, picks: str, n: int) -> str:
    return f"{FORMAT}:{kind}:{components.base36(game_id)}:{components.base36(step)}:{picks}:{n}"


def parse(raw: str | None) -> tuple[str, int, int, str, int] | None:
    match = _ID.match(raw or "")
    if match is None or int(match["game"], 36) > MAX_GAME_ID:
        return None
    return match["kind"], int(match["game"], 36), int(match["step"], 36), match["picks"], int(match["n"])


def first_picks(menus: Menus) -> str:
    """One order to offer: chosen already."""
    return "".join("0" if len(options) == 1 else UNSET for _item, options in menus)


def _pick(picks: str, n: int, count: int) -> int | None:
    ch = picks[n] if n < len(picks) else UNSET
    index = DIGITS.index(ch) if ch in DIGITS else None
    return index if index is not None and index < count else None


def message(game_id: int, step: int, menus: Menus, picks: str, lang: str, page: int = 0,
            status: str | None = None) -> tuple[str, discord.ui.View | None]:
    shown = [n for n, (_item, options) in enumerate(menus) if options]
    pages = max(1, -(-len(shown) // PAGE))
    page = min(max(page, 0), pages - 1)
    lines = [i18n.text("fleet.header", lang)]
    for n, (item, options) in enumerate(menus):
        pick = _pick(picks, n, len(options))
        if pick is not None:
            chosen = options[pick].label
        elif item.submitted is not None:
            chosen = i18n.text("form.given", lang, order=describe_payload(item.spec, item.submitted, lang))
        else:
            chosen = i18n.text("form.nothing-chosen", lang)
        lines.append(f"• {decision_label(item, lang)}: {chosen}")
    if pages > 1:
        lines.append(i18n.text("form.page", lang, page=page + 1, pages=pages))
    if status:
        lines += ["", status]
    content = split_text("\n".join(lines))[0]
    if not shown:
        return content, None
    view = discord.ui.View(timeout=None)
    for row, n in enumerate(shown[page * PAGE:(page + 1) * PAGE]):
        item, options = menus[n]
        pick = _pick(picks, n, len(options))
        view.add_item(discord.ui.Select(
            custom_id=custom_id("s", game_id, step, picks, n), placeholder=clip(decision_label(item, lang), 150),
            options=[discord.SelectOption(label=clip(o.label) or "?", value=DIGITS[i], default=i == pick)
                     for i, o in enumerate(options)], row=row))
    if page > 0:
        view.add_item(discord.ui.Button(label=i18n.text("form.previous", lang), style=discord.ButtonStyle.secondary,
                                        custom_id=custom_id("p", game_id, step, picks, page - 1), row=4))
    if page < pages - 1:
        view.add_item(discord.ui.Button(label=i18n.text("form.next", lang), style=discord.ButtonStyle.secondary,
                                        custom_id=custom_id("p", game_id, step, picks, page + 1), row=4))
    view.add_item(discord.ui.Button(label=i18n.text("form.confirm", lang), style=discord.ButtonStyle.primary,
                                    custom_id=custom_id("o", game_id, step, picks, page), row=4))
    if any(len(getattr(c, "custom_id", "") or "") > 100 for c in view.children):
        log.warning("game %s: too many decisions for one form's ids", game_id)
        return content, None
    view.stop()  # clicks are routed by their ids (Broadside.on_interaction)
    return content, view


async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    ref = parse(interaction.custom_id)
    if ref is None:
        return False
    try:
        kind, game_id, step, picks, n = ref
        if not any(o is not None and o[1:3] == (game_id, step)
                   for o in map(parse, components.ids_on_message(interaction))):
            raise Refusal("reply.stale-component")
        await _handle(client, interaction, kind, game_id, step, picks, n)
    except Exception as exc:  # noqa: BLE001 - every failure gets the one private answer
        await answer_error(interaction, exc)
    return True


async def _handle(client: BotApp, interaction: discord.Interaction, kind: str, game_id: int, step: int,
                  picks: str, n: int) -> None:
    await interaction.response.defer()
    service = client.service
    game = await service.game(game_id)
    lang = game.language
    interaction.extras["lang"] = lang
    open_step, menus = await service.phase_orders(game.id, interaction.user.id)
    if open_step != step:
        await interaction.edit_original_response(content=one_message(client, i18n.text("form.closed", lang)),
                                                  view=None)
        return
    picks = (picks + UNSET * len(menus))[:len(menus)]
    if kind == "s":
        values = (interaction.data or {}).get("values") or []
        index = DIGITS.index(values[0]) if values and values[0] in DIGITS else None
        chosen = DIGITS[index] if index is not None and n < len(menus) and index < len(menus[n][1]) else UNSET
        if n < len(menus):
            picks = picks[:n] + chosen + picks[n + 1:]
        shown = [i for i, (_item, options) in enumerate(menus) if options]
        content, view = message(game.id, step, menus, picks, lang, page=shown.index(n) // PAGE if n in shown else 0)
    elif kind == "p":
        content, view = message(game.id, step, menus, picks, lang, page=n)
    else:
        chosen_orders = {}
        for i, (item, options) in enumerate(menus):
            pick = _pick(picks, i, len(options))
            if pick is not None:
                chosen_orders[item.decision.id] = options[pick].payload
        if not chosen_orders:
            raise Refusal("fleet.none-chosen")
        said = await service.give_phase_orders(game.id, interaction.user.id, step, chosen_orders,
                                               key=str(interaction.id))
        content, view = message(game.id, step, menus, picks, lang, page=n, status="\n".join(said))
    await interaction.edit_original_response(content=one_message(client, content), view=view)
