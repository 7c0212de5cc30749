"""``/standing``'s menus: one select per ship, listing the standing orders the ruleset
offers her (and "no standing order"). A choice is stored at once — one tap a ship —
and the message is drawn again with what is now standing.

Like the order menus, the menus keep no state in the bot: a component's ``custom_id``
is ``bss1:<game>:<moment>:<ship>`` (``*``: every phase), so a click is answered from
the database alone, after a restart too. The service decides whose ship it is and
which orders and moments are possible; a forged id for another player's ship is
refused there.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass

import discord

from bot import i18n
from bot.discord import components
from bot.discord.app import BotApp
from bot.discord.legal import clip
from bot.discord.replies import one_message, split_text
from bot.service import ServiceError
from bot.service.standing import StandingBoard
from rules.core.standing import EVERY_PHASE

log = logging.getLogger("broadside.discord.standing")

FORMAT = "bss1"
EVERY = "*"
REST_OF_TURN = "turn"  # /standing when:turn — a message for each phase still to come
NONE = "-"
PER_MESSAGE = 5  # five rows of selects: no buttons on these messages
_ID = re.compile(rf"^{FORMAT}:(?P<game>[0-9a-z]{{1,13}}):(?P<moment>\*|[A-Za-z0-9._-]{{1,30}})"
                 r":(?P<subject>[A-Za-z0-9._-]{1,60})$")
MAX_GAME_ID = 2**63 - 1


@dataclass(frozen=True, slots=True)
class StandingRef:
    game_id: int
    moment: str  # EVERY_PHASE or a moment
    subject: str

    def custom_id(self) -> str:
        return f"{FORMAT}:{components.base36(self.game_id)}:{self.moment or EVERY}:{self.subject}"


def parse(custom_id: str | None) -> StandingRef | None:
    match = _ID.match(custom_id or "")
    if match is None or int(match["game"], 36) > MAX_GAME_ID:
        return None
    moment = "" if match["moment"] == EVERY else match["moment"]
    return StandingRef(int(match["game"], 36), moment, match["subject"])


def moments(board: StandingBoard) -> list[str]:
    """The moments still to come this turn for any of the seat's ships, in order."""
    out: list[str] = []
    # The ship with the most still to come first: the others' moments are among hers.
    for offer in sorted(board.offers, key=lambda o: -len(o.moments)):
        out += [str(m.value) for m in offer.moments if str(m.value) not in out]
    return out


def when_label(board: StandingBoard, moment: str, lang: str) -> str:
    if moment == EVERY_PHASE:
        return i18n.text("standing.every-phase", lang)
    for offer in board.offers:
        for m in offer.moments:
            if str(m.value) == moment:
                return m.label_in(lang)
    return moment


def messages(game_id: int, board: StandingBoard, moment: str, lang: str,
             status: str | None = None) -> list[tuple[str, discord.ui.View | None]]:
    """The messages of the form for one moment (five ships a message)."""
    offers = [o for o in board.offers if o.has_moment(moment) and o.kinds]
    if not offers:
        return [(i18n.text("standing.nothing", lang), None)]
    out = []
    for start in range(0, len(offers), PER_MESSAGE):
        part = offers[start:start + PER_MESSAGE]
        lines = [i18n.text("standing.header", lang, when=when_label(board, moment, lang))]
        note = next((o.words("note", lang) for o in part if o.note), "")
        if note:
            lines.append(note)
        view = discord.ui.View(timeout=None)
        for row, offer in enumerate(part):
            current = board.kind_of(offer.subject, moment)
            kind = offer.kind(current) if current else None
            lines.append(i18n.text("standing.ship", lang, ship=offer.label_in(lang),
                                   order=kind.label_in(lang) if kind else i18n.text("standing.no-order", lang)))
            ref = StandingRef(game_id, moment, offer.subject)
            if len(ref.custom_id()) > 100 or parse(ref.custom_id()) != ref:
                log.warning("game %s: no standing menu for %s (its id does not fit)", game_id, offer.subject)
                continue
            options = [discord.SelectOption(label=i18n.text("standing.none-option", lang), value=NONE,
                                            default=current is None)]
            options += [discord.SelectOption(label=clip(k.label_in(lang)) or k.kind, value=k.kind,
                                             description=clip(k.words("help", lang)) or None,
                                             default=k.kind == current) for k in offer.kinds[:24]]
            view.add_item(discord.ui.Select(custom_id=ref.custom_id(), placeholder=clip(offer.label_in(lang), 150),
                                            options=options, row=row))
        if status and start == 0:
            lines += ["", status]
        view.stop()  # clicks are routed by their ids (Broadside.on_interaction)
        out.append((split_text("\n".join(lines))[0], view))
    return out


async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    """Answer a choice in a standing-order menu; False if the component is not one."""
    return await components.take(interaction, parse, _on_its_message, lambda ref: _handle(client, interaction, ref))


def _on_its_message(interaction: discord.Interaction, ref: StandingRef) -> bool:
    """The click names the game and moment of the menu it was on (which ship is for the
    service to judge: only the player's own are taken)."""
    return any(other is not None and (other.game_id, other.moment) == (ref.game_id, ref.moment)
               for other in map(parse, components.ids_on_message(interaction)))


async def _handle(client: BotApp, interaction: discord.Interaction, ref: StandingRef) -> None:
    await interaction.response.defer()
    service = client.service
    game = await service.game(ref.game_id)
    lang = game.language
    interaction.extras["lang"] = lang
    chosen = ((interaction.data or {}).get("values") or [NONE])[0]
    if chosen == NONE:
        try:
            status = await service.cancel_standing(game.id, interaction.user.id, ref.subject, ref.moment)
        except ServiceError as exc:
            if exc.code != "standing-none":
                raise
            status = None  # nothing was standing: nothing to say
    else:
        status = await service.give_standing(game.id, interaction.user.id, ref.subject, chosen, ref.moment)
    board = await service.standing_board(game.id, interaction.user.id)
    # Redraw the message the click came from: the part of the form that holds this ship.
    drawn = messages(game.id, board, ref.moment, lang, status)
    content, view = next(((c, v) for c, v in drawn if v is not None and ref.custom_id() in _ids(v)), drawn[0])
    if status and status not in content:
        content = split_text(f"{content}\n\n{status}")[0]
    await interaction.edit_original_response(content=one_message(client, content), view=view)


def _ids(view: discord.ui.View) -> set[str]:
    return {getattr(item, "custom_id", None) or "" for item in view.children}
