"""``/game fleet``: the form that buys a side's ships by points, showing points left.

One private message: a menu of the designs on sale (the ruleset's, 25 a page), a menu
for each choice the chosen design takes (at most three, e.g. a nation, guns and
crew), and a row of buttons — Buy, Sell a ship, the design pages. Sell shows a menu of
the side's ships instead. Everything is priced and checked by the service and the
rules; the form only carries the choices.

The menus keep no state in the bot: each id is
``bsy1:<kind>:<game>:<side>:<page>:<design>:<choices>`` (numbers in base 36, ``-`` for
nothing chosen; kind ``d`` design, ``0``-``2`` a choice, ``b`` buy, ``s`` sell mode,
``x`` the ship to sell, ``k`` back, ``n`` next page), so a click is answered from the
database alone. Which side a member may buy for is the service's to say: an id forged
for another side is refused there, and a form left open after the start is refused as
the game is no longer in its lobby.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace

import io

import discord
from discord import app_commands

from bot import i18n
from bot.discord import commands, components
from bot.discord.app import BotApp, app
from bot.discord.legal import clip
from bot.discord.replies import Refusal, defer, one_message, reply, split_text
from bot.discord.translator import command, options
from bot.service.fleets import FleetView
from rules.core.fleets import Design
from rules.core.texts import worded

log = logging.getLogger("broadside.discord.shipyard")

FORMAT = "bsy1"
PAGE = 25
UNSET = "-"
MAX_PARAMS = 3  # rows 1-3; row 0 is the design, row 4 the buttons
_ID = re.compile(rf"^{FORMAT}:(?P<kind>[d012bsxkn]):(?P<game>[0-9a-z]{{1,13}}):(?P<side>[0-9a-z]{{1,2}})"
                 r":(?P<page>[0-9a-z]{1,2}):(?P<design>[0-9a-z-]{1,2}):(?P<choices>[0-9a-z-]{0,3})$")
MAX_GAME_ID = 2**63 - 1


@dataclass(frozen=True, slots=True)
class Ref:
    kind: str
    game_id: int
    side: int
    page: int = 0
    design: int | None = None
    choices: str = ""

    def custom_id(self, kind: str | None = None) -> str:
        design = UNSET if self.design is None else components.base36(self.design)
        return (f"{FORMAT}:{kind or self.kind}:{components.base36(self.game_id)}:{components.base36(self.side)}"
                f":{components.base36(self.page)}:{design}:{self.choices}")


def parse(raw: str | None) -> Ref | None:
    match = _ID.match(raw or "")
    if match is None or int(match["game"], 36) > MAX_GAME_ID:
        return None
    design = None if match["design"] == UNSET else int(match["design"], 36)
    return Ref(match["kind"], int(match["game"], 36), int(match["side"], 36), int(match["page"], 36), design,
               match["choices"])


def _fmt(points: float) -> str:
    return f"{points:g}"


def _design(view: FleetView, ref: Ref) -> Design | None:
    if ref.design is None or ref.design >= len(view.designs):
        return None
    return view.designs[ref.design]


def _params(design: Design, choices: str) -> dict[str, str] | None:
    """The chosen values by name; None while one is missing (or past its menu)."""
    out = {}
    for i, param in enumerate(design.params):
        ch = choices[i] if i < len(choices) else UNSET
        if ch == UNSET or int(ch, 36) >= len(param.choices):
            return None
        out[param.name] = param.choices[int(ch, 36)][0]
    return out


def head(view: FleetView, lang: str) -> list[str]:
    lines = [i18n.text("fleet.head", lang, side=view.side, spent=_fmt(view.spent), budget=_fmt(view.budget),
                       left=_fmt(view.left), n=len(view.ships), most=view.max_ships)]
    lines += [i18n.text("fleet.ship", lang, n=s.n, name=s.name, points=_fmt(s.points)) for s in view.ships] \
        or [i18n.text("fleet.none", lang)]
    return lines


def buy_form(view: FleetView, ref: Ref, lang: str, status: str = "", price: str = "") -> tuple[str, discord.ui.View]:
    """The buying form: design, its choices, Buy / Sell / next page."""
    form = discord.ui.View(timeout=None)
    pages = max(1, -(-len(view.designs) // PAGE))
    page = min(ref.page, pages - 1)
    ref = replace(ref, page=page)
    shown = list(enumerate(view.designs))[page * PAGE:(page + 1) * PAGE]
    options = [discord.SelectOption(
        label=clip(worded(d.label, lang)) or d.id, value=components.base36(i), default=i == ref.design,
        description=i18n.text("fleet.points-option", lang, points=_fmt(d.points)) if d.points is not None
        else i18n.text("fleet.price-varies", lang)) for i, d in shown]
    form.add_item(discord.ui.Select(custom_id=ref.custom_id("d"), placeholder=i18n.text("fleet.choose", lang),
                                    options=options, row=0))
    design = _design(view, ref)
    for n, param in enumerate((design.params if design else ())[:MAX_PARAMS]):
        chosen = ref.choices[n] if n < len(ref.choices) else UNSET
        values = [discord.SelectOption(label=clip(worded(label, lang)) or value, value=components.base36(i),
                                       default=chosen != UNSET and int(chosen, 36) == i)
                  for i, (value, label) in enumerate(param.choices[:PAGE])]
        form.add_item(discord.ui.Select(custom_id=ref.custom_id(str(n)), options=values, row=1 + n,
                                        placeholder=i18n.text("fleet.choose-param", lang,
                                                              what=worded(param.label, lang))))
    ready = design is not None and _params(design, ref.choices) is not None
    form.add_item(discord.ui.Button(custom_id=ref.custom_id("b"), label=i18n.text("fleet.buy", lang),
                                    style=discord.ButtonStyle.success, disabled=not ready, row=4))
    form.add_item(discord.ui.Button(custom_id=ref.custom_id("s"), label=i18n.text("fleet.sell", lang),
                                    style=discord.ButtonStyle.secondary, disabled=not view.ships, row=4))
    if pages > 1:
        nxt = replace(ref, page=(page + 1) % pages, design=None, choices="")
        form.add_item(discord.ui.Button(custom_id=nxt.custom_id("n"), row=4,
                                        label=i18n.text("fleet.page", lang, page=(page + 1) % pages + 1)))
    lines = head(view, lang)
    if pages > 1:
        lines.append(i18n.text("fleet.more", lang, page=page + 1, pages=pages))
    lines += [x for x in ("", price, status) if x] if (price or status) else []
    form.stop()  # clicks are routed by their ids (Broadside.on_interaction)
    return split_text("\n".join(lines))[0], form


def sell_form(view: FleetView, ref: Ref, lang: str) -> tuple[str, discord.ui.View]:
    form = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=clip(i18n.text("fleet.ship", lang, n=s.n, name=s.name,
                                                         points=_fmt(s.points))), value=components.base36(s.n))
               for s in view.ships[:PAGE]]
    if options:
        form.add_item(discord.ui.Select(custom_id=ref.custom_id("x"), options=options, row=0,
                                        placeholder=i18n.text("fleet.sell", lang)))
    form.add_item(discord.ui.Button(custom_id=ref.custom_id("k"), label=i18n.text("fleet.choose", lang), row=1))
    form.stop()
    return split_text("\n".join(head(view, lang)))[0], form


def first(view: FleetView) -> Ref:
    return Ref("d", view.game_id, view.sides.index(view.side))


async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    """Answer a click on a fleet builder; False if the component is not one."""
    return await components.take(interaction, parse, _on_its_message, lambda ref: _handle(client, interaction, ref))


def _value(interaction: discord.Interaction) -> int | None:
    """The menu's chosen value (a number in base 36), None for a button; a value no menu
    of ours offers is refused like an unknown id."""
    values = (interaction.data or {}).get("values") or [None]  # type: ignore[union-attr]
    if values[0] is None:
        return None
    if not re.fullmatch(r"[0-9a-z]{1,4}", str(values[0])):
        raise Refusal("reply.stale-component")
    return int(values[0], 36)


def _on_its_message(interaction: discord.Interaction, ref: Ref) -> bool:
    """The click names the game and side of the form it was on."""
    return any(other is not None and (other.game_id, other.side) == (ref.game_id, ref.side)
               for other in map(parse, components.ids_on_message(interaction)))


async def _handle(client: BotApp, interaction: discord.Interaction, ref: Ref) -> None:
    service = client.service
    game = await service.game(ref.game_id)
    lang = game.language
    interaction.extras["lang"] = lang
    manager = bool(interaction.permissions.manage_guild)
    sides = await service.sides(game.id)
    if ref.side >= len(sides):
        raise Refusal("reply.stale-component")
    side = sides[ref.side]
    user = interaction.user.id
    value = _value(interaction)
    view = await service.fleet(game.id, user, side, manager=manager)
    status = price = ""
    if ref.kind == "d" and value is not None:
        chosen = value
        design = view.designs[chosen] if chosen < len(view.designs) else None
        auto = "".join("0" if len(p.choices) == 1 else UNSET for p in (design.params if design else ()))
        ref = replace(ref, design=chosen, choices=auto)
    elif ref.kind in "012" and value is not None:
        n = int(ref.kind)
        design = _design(view, ref)
        if design is None or n >= len(design.params) or value >= min(len(design.params[n].choices), PAGE):
            raise Refusal("reply.stale-component")  # no menu of this form offers it
        choices = ref.choices.ljust(n + 1, UNSET)
        ref = replace(ref, choices=choices[:n] + components.base36(value)[:1] + choices[n + 1:])
    elif ref.kind == "b":
        design = _design(view, ref)
        params = _params(design, ref.choices) if design else None
        if design is None or params is None:
            raise Refusal("reply.stale-component")
        ship, view = await service.buy_ship(game.id, user, design.id, params, side, manager=manager)
        status = i18n.text("fleet.bought", lang, ship=ship.name, points=_fmt(ship.points))
    elif ref.kind == "s":
        content, form = sell_form(view, ref, lang)
        await interaction.response.edit_message(content=one_message(client, content), view=form)
        return
    elif ref.kind == "x" and value is not None:
        view = await service.sell_ship(game.id, user, value, side, manager=manager)
        status = i18n.text("fleet.sold", lang, n=value)
    design = _design(view, ref)
    params = _params(design, ref.choices) if design else None
    if design is not None:
        label = worded(design.label, lang)
        if params is None:
            price = i18n.text("fleet.price-pending", lang, ship=label)
        else:
            bought = await service.price_ship(game.id, user, design.id, params, side, manager=manager)
            price = i18n.text("fleet.price", lang, ship=bought.name or label, points=_fmt(bought.points))
            if bought.about is not None:
                price += "\n" + worded(bought.about, lang)
    content, form = buy_form(view, ref, lang, status, price)
    await interaction.response.edit_message(content=one_message(client, content), view=form)


# -- the commands -----------------------------------------------------------------------------
@commands.game_group.command(**command("game.fleet"))
@options("game.fleet", "side")
async def game_fleet(interaction: discord.Interaction, side: str | None = None) -> None:
    game = await commands.here(interaction)
    await defer(interaction)
    view = await app(interaction).service.fleet(game.id, interaction.user.id, side,
                                                manager=commands.manager(interaction))
    content, form = buy_form(view, first(view), game.language, i18n.text("fleet.open", game.language))
    await reply(interaction, content, view=form)


game_fleet.autocomplete("side")(commands._sides)

scenario_group = app_commands.Group(**command("scenario"), guild_only=True)


@scenario_group.command(**command("scenario.save"))
@options("scenario.save", "name")
async def scenario_save(interaction: discord.Interaction, name: str) -> None:
    game = await commands.here(interaction)
    await defer(interaction)
    saved = await app(interaction).service.save_scenario(game.id, interaction.user.id, name,
                                                         manager=commands.manager(interaction))
    ships = sum(len(v) for v in saved.body["fleets"].values())
    await reply(interaction, i18n.text("scenario.saved", game.language, name=saved.name, ships=ships,
                                       pattern=i18n.text(f"choice.layout.{saved.body['pattern']}", game.language)))


@scenario_group.command(**command("scenario.list"))
async def scenario_list(interaction: discord.Interaction) -> None:
    assert interaction.guild_id is not None
    await defer(interaction)
    lang = commands.reader_language(interaction)
    saved = await app(interaction).service.saved_scenarios(interaction.guild_id)
    names = ", ".join(f"{s.name} ({s.ruleset})" for s in saved)
    await reply(interaction, i18n.text("scenario.list", lang, names=names) if saved else i18n.text("scenario.none", lang))


@scenario_group.command(**command("scenario.export"))
@options("scenario.export", "name")
async def scenario_export(interaction: discord.Interaction, name: str) -> None:
    assert interaction.guild_id is not None
    await defer(interaction)
    lang = commands.reader_language(interaction)
    filename, text = await app(interaction).service.export_scenario(interaction.guild_id, name)
    await reply(interaction, i18n.text("scenario.export", lang, name=filename),
                file=discord.File(io.BytesIO(text.encode()), filename=filename))


def register(tree: app_commands.CommandTree) -> None:
    tree.add_command(scenario_group)
