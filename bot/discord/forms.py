"""Order menus: one select menu per part of a decision (a ship's secret value, an action
and its parameters), a confirm button, and pages when there are more than four parts.

The menus keep no state in the bot. Each component's ``custom_id`` carries the game,
the decision and every choice made so far, so any click can be answered from the
database alone — after a restart too, by anyone's copy of the bot. A click re-renders
the message with the new choices in its ids; Confirm submits them like ``/order``.
The ids look like ``bs1:s:2n:t3.p4.surprise:0-3:1`` (at most 100 characters):

* ``bs1`` — this format; ``s`` select, ``p`` page button, ``o`` confirm, ``r`` "same as
  last turn" (the order the service offers, checked by the rules when the message is drawn
  and again when it is pressed);
* the game id in base 36; the decision id (or a hash of it if it is long or odd);
* the choices: the action's position in the form, then each parameter's position in
  its menu, ``-`` for none yet; a position always counts within a fresh form, which
  is the same for the same pending decision;
* the field chosen in (select) or the page to show (buttons).

Menus offer only what the form allows (see :mod:`bot.discord.legal`); the engine still
checks every order on submission. A required value with only one legal choice is chosen
already (the player only confirms).

A select lists at most 25 options, and a field may have more legal values (a galley's
wheel from 90° to port to 90° to starboard in fives is 37, a ship of the line's courses
up to some 50). Such a field pages within its own menu: 23 values around the one chosen
(or the form's default), and options that show the values before and after them
instead (their option values start with ``~``: they choose nothing). A position then
counts among all of the field's values, up to :data:`MOST_VALUES`, one character each;
such a form's choices start with ``.``. Choices without it, on a form that has such a
field, come from a menu made before fields paged, whose positions counted among the 25
values it listed: they are read as those values.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import i18n
from bot.discord import components, legal, values
from bot.discord.app import BotApp
from bot.discord.replies import Refusal, one_message, split_text
from bot.transport import PendingDecision
from rules.core.decisions import ActionSpec, DecisionSpec, ParamSpec
from rules.core.forms import same_value


log = logging.getLogger("broadside.discord.forms")

FORMAT = "bs1"
CUSTOM_ID_LIMIT = 100
PAGE_FIELDS = 4  # a message holds five rows: four menus and the row of buttons
# A position in a menu, one character: base 36 as menus always wrote them, then capitals.
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
UNSET = "-"
PAGED = "."  # the choices count among all of a paging field's values
#: Values a field's menu pages through (one character each in the ids); a longer range
#: is spread evenly, and the rest is given with /order.
MOST_VALUES = len(DIGITS)
#: Values a paging field's menu shows at once: with an option before and one after them,
#: Discord's 25.
WINDOW = legal.LIMIT - 2
WINDOW_PREFIX = "~"
# A game id is an SQLite integer (13 base-36 digits at most); a field or page number is small.
_ID = re.compile(rf"^{FORMAT}:(?P<kind>[spor]):(?P<game>[0-9a-z]{{1,13}}):(?P<token>[^:]+)"
                 r":(?P<state>\.?[0-9a-zA-Z-]*):(?P<n>\d{1,3})$")
MAX_GAME_ID = 2**63 - 1
_PLAIN_DECISION = re.compile(r"^[A-Za-z0-9._-]{1,40}$")


# -- custom ids -----------------------------------------------------------------------------------
def decision_token(decision_id: str) -> str:
    """The decision id itself when short and plain (readable in logs), else a hash."""
    if _PLAIN_DECISION.match(decision_id):
        return decision_id
    return "~" + hashlib.sha1(decision_id.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class Ref:
    kind: str
    game_id: int
    token: str
    state: str
    n: int

    def custom_id(self) -> str:
        return f"{FORMAT}:{self.kind}:{components.base36(self.game_id)}:{self.token}:{self.state}:{self.n}"


def parse(custom_id: str | None) -> Ref | None:
    match = _ID.match(custom_id or "")
    if match is None or int(match["game"], 36) > MAX_GAME_ID:
        return None
    return Ref(match["kind"], int(match["game"], 36), match["token"], match["state"], int(match["n"]))


def _digit(ch: str) -> int | None:
    return DIGITS.index(ch) if ch in DIGITS else None


def _from_one_page(f: Field, pick: int) -> int | None:
    """A position from a menu made before fields paged (of the values it listed: the
    first 25, or 25 spread over a range) as a position among all the field's values."""
    assert f.param is not None
    listed, _ = legal.menu_offers(f.param)
    if pick >= len(listed):
        return None
    return next((i for i, o in enumerate(f.offers) if same_value(o.value, listed[pick].value)), None)


# -- a form and its choices ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    param: ParamSpec | None  # None: the choice of action
    label: str
    offers: list[legal.Offer]
    total: int


@dataclass
class Form:
    """A decision's form with the choices made so far."""

    spec: DecisionSpec
    action_index: int | None = None
    picks: list[int | None] = field(default_factory=list)
    # The action's fields by language: the same for the form's life (its action is fixed),
    # and read for every component a message draws.
    _fields: dict[str, list[Field]] = field(default_factory=dict, repr=False, compare=False)

    # -- building ----------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, spec: DecisionSpec, state: str) -> "Form":
        paged = state.startswith(PAGED)
        state = state.removeprefix(PAGED)
        action_index = _digit(state[:1]) if state else None
        if len(spec.actions) == 1:
            action_index = 0
        if action_index is not None and action_index >= len(spec.actions):
            action_index = None
        form = cls(spec, action_index)
        fields = form.param_fields()
        raw = state[1:]
        for n, f in enumerate(fields):
            pick = _digit(raw[n]) if n < len(raw) else None
            if pick is not None and not paged and f.param is not None and len(f.offers) > legal.LIMIT:
                pick = _from_one_page(f, pick)
            if pick is None and f.total == 1 and f.param is not None and f.param.required:
                pick = 0  # one legal choice: filled in for the player
            form.picks.append(pick if pick is not None and pick < len(f.offers) else None)
        return form

    @classmethod
    def from_payload(cls, spec: DecisionSpec, payload: dict[str, Any] | None) -> "Form":
        """A form showing an order already given (a player opening /menus again)."""
        form = cls.from_state(spec, "")
        if not payload:
            return form
        names = [a.action for a in spec.actions]
        if payload.get("action") in names:
            form = cls.from_state(spec, DIGITS[names.index(payload["action"])])
        for n, f in enumerate(form.param_fields()):
            assert f.param is not None
            if f.param.name in payload:
                form.picks[n] = next((i for i, o in enumerate(f.offers) if same_value(o.value, payload[f.param.name])),
                                     None)
        return form

    @property
    def action(self) -> ActionSpec | None:
        return self.spec.actions[self.action_index] if self.action_index is not None else None

    @property
    def state(self) -> str:
        head = DIGITS[self.action_index] if self.action_index is not None else UNSET
        mark = PAGED if any(len(f.offers) > legal.LIMIT for f in self.param_fields()) else ""
        return mark + head + "".join(DIGITS[p] if p is not None else UNSET for p in self.picks)

    def param_fields(self, lang: str = "en") -> list[Field]:
        kept = self._fields.get(lang)
        if kept is not None:
            return kept
        action = self.action
        out = []
        for param in action.params if action else []:
            offers, total = legal.menu_offers(param, lang, MOST_VALUES)
            out.append(Field(param, param.label_in(lang) or param.name, offers, total))
        self._fields[lang] = out
        return out

    def window(self, n: int, f: Field, start: int | None = None) -> int:
        """Where field ``n``'s menu starts (0 when it lists every value): ``start`` if
        given, else around the value chosen, or the form's default."""
        if len(f.offers) <= legal.LIMIT:
            return 0
        if start is None:
            anchor = self._pick(n)
            default_order = self.spec.default or {}
            if anchor is None and f.param is not None and self.action is not None \
                    and default_order.get("action") == self.action.action and f.param.name in default_order:
                default = default_order[f.param.name]
                anchor = next((i for i, o in enumerate(f.offers) if same_value(o.value, default)), None)
            start = (anchor or 0) - WINDOW // 2
        return min(max(start, 0), len(f.offers) - WINDOW)

    def fields(self, lang: str) -> list[Field]:
        """Every part of the form in order: the action (if there is a choice), then its parameters."""
        head = []
        if len(self.spec.actions) > 1:
            offers = [legal.Offer(a.action, a.label_in(lang) or a.action) for a in self.spec.actions]
            head = [Field(None, i18n.text("form.action", lang), offers[:legal.LIMIT], len(offers))]
        return head + self.param_fields(lang)

    def _pick(self, n: int) -> int | None:
        """The choice in field ``n`` (numbering of :meth:`fields`)."""
        offset = 1 if len(self.spec.actions) > 1 else 0
        if n < offset:
            return self.action_index
        return self.picks[n - offset] if n - offset < len(self.picks) else None

    # -- choosing ------------------------------------------------------------------------------------
    def choose(self, n: int, index: int | None) -> "Form":
        offset = 1 if len(self.spec.actions) > 1 else 0
        if n < offset:
            if index == self.action_index:
                return self
            # A new action: its own parameters, none chosen yet.
            return Form.from_state(self.spec, DIGITS[index] if index is not None else UNSET)
        picks = list(self.picks)
        if n - offset < len(picks):
            if index is not None and index >= len(self.param_fields()[n - offset].offers):
                return self  # no such value: the choice stays
            picks[n - offset] = index
        return Form(self.spec, self.action_index, picks, self._fields)

    def payload(self) -> dict[str, Any] | None:
        action = self.action
        if action is None:
            return None
        out: dict[str, Any] = {"action": action.action}
        for f, pick in zip(self.param_fields(), self.picks):
            if pick is not None and f.param is not None:
                out[f.param.name] = f.offers[pick].value
        return out

    # -- pages ---------------------------------------------------------------------------------------
    def shown(self, lang: str) -> list[int]:
        """Fields that can be a menu (a value list to offer), by number."""
        return [n for n, f in enumerate(self.fields(lang)) if f.offers]

    def pages(self, lang: str) -> int:
        return max(1, -(-len(self.shown(lang)) // PAGE_FIELDS))

    def page_of(self, n: int, lang: str) -> int:
        shown = self.shown(lang)
        return shown.index(n) // PAGE_FIELDS if n in shown else 0

    # -- showing ---------------------------------------------------------------------------------------
    def _options(self, n: int, f: Field, lang: str, start: int | None) -> list[discord.SelectOption]:
        """Field ``n``'s options: every value, or a paging field's window of them with an
        option before it and one after it that show the values there."""
        pick = self._pick(n)
        first = self.window(n, f, start)
        last = min(first + (WINDOW if len(f.offers) > legal.LIMIT else legal.LIMIT), len(f.offers))
        options = [discord.SelectOption(label=legal.clip(f.offers[i].label) or "?", value=DIGITS[i],
                                        default=(i == pick)) for i in range(first, last)]
        help_ = legal.clip(i18n.text("form.window-help", lang))
        if first > 0:
            before = max(first - WINDOW, 0)
            words = i18n.text("form.window-before", lang, first=f.offers[before].label,
                              last=f.offers[first - 1].label)
            options.insert(0, discord.SelectOption(label=legal.clip(words), value=f"{WINDOW_PREFIX}{before}",
                                                   description=help_))
        if last < len(f.offers):
            words = i18n.text("form.window-after", lang, first=f.offers[last].label,
                              last=f.offers[min(last + WINDOW, len(f.offers)) - 1].label)
            options.append(discord.SelectOption(label=legal.clip(words), value=f"{WINDOW_PREFIX}{last}",
                                                description=help_))
        return options

    def content(self, item: PendingDecision, lang: str, page: int, status: str | None = None) -> str:
        lines = [f"**{legal.decision_label(item, lang)}**"]
        default = self.spec.words("default_text", lang) or i18n.text("private.default-unknown", lang)
        lines.append(i18n.text("form.default", lang, default=default))
        if item.standing:
            lines.append(i18n.text("form.standing", lang, standing=item.standing))
        chosen = []
        for n, f in enumerate(self.fields(lang)):
            pick = self._pick(n)
            if pick is not None and pick < len(f.offers):
                chosen.append(f"{f.label}: {f.offers[pick].label}")
        lines.append(i18n.text("form.chosen", lang, summary=" · ".join(chosen)) if chosen
                     else i18n.text("form.nothing-chosen", lang))
        for f in self.fields(lang):
            if not f.offers and f.param is not None:
                lines.append(i18n.text("form.no-menu", lang, param=f.label, key=values.key_of(f.param, None)))
            elif f.total > len(f.offers):
                lines.append(i18n.text("form.more", lang, param=f.label, shown=len(f.offers), total=f.total))
        pages = self.pages(lang)
        if pages > 1:
            lines.append(i18n.text("form.page", lang, page=page + 1, pages=pages))
        if status:
            lines.append("")
            lines.append(status)
        return split_text("\n".join(lines))[0]

    def view(self, game_id: int, decision_id: str, lang: str, page: int,
             repeat: bool = False, windows: dict[int, int] | None = None) -> discord.ui.View | None:
        """The menus of one page and the buttons, or None if the ids would not fit Discord's
        limit. ``windows``: where a paging field's menu starts, if not around its choice."""
        token = decision_token(decision_id)
        fields = self.fields(lang)
        shown = self.shown(lang)
        # The longest id a component of this form may have: its largest field number.
        longest = Ref("s", game_id, token, self.state, max(max(shown, default=0), self.pages(lang)))
        if len(longest.custom_id()) > CUSTOM_ID_LIMIT:
            log.warning("game %s: the form of %s has too many parts for menu ids", game_id, token)
            return None
        page = min(max(page, 0), self.pages(lang) - 1)
        view = discord.ui.View(timeout=None)
        for row, n in enumerate(shown[page * PAGE_FIELDS:(page + 1) * PAGE_FIELDS]):
            f = fields[n]
            view.add_item(discord.ui.Select(custom_id=Ref("s", game_id, token, self.state, n).custom_id(),
                                            placeholder=legal.clip(f.label, 150), row=row,
                                            options=self._options(n, f, lang, (windows or {}).get(n))))
        buttons_row = 4
        if page > 0:
            view.add_item(discord.ui.Button(label=i18n.text("form.previous", lang), style=discord.ButtonStyle.secondary,
                                            custom_id=Ref("p", game_id, token, self.state, page - 1).custom_id(),
                                            row=buttons_row))
        if page < self.pages(lang) - 1:
            view.add_item(discord.ui.Button(label=i18n.text("form.next", lang), style=discord.ButtonStyle.secondary,
                                            custom_id=Ref("p", game_id, token, self.state, page + 1).custom_id(),
                                            row=buttons_row))
        view.add_item(discord.ui.Button(label=i18n.text("form.confirm", lang), style=discord.ButtonStyle.primary,
                                        custom_id=Ref("o", game_id, token, self.state, page).custom_id(),
                                        row=buttons_row))
        if repeat:
            view.add_item(discord.ui.Button(label=i18n.text("form.repeat", lang), style=discord.ButtonStyle.success,
                                            custom_id=Ref("r", game_id, token, UNSET, page).custom_id(),
                                            row=buttons_row))
        # The view only lays the components out: clicks are routed by their ids
        # (Broadside.on_interaction), so discord.py must not keep it waiting in memory.
        view.stop()
        return view


def message(game_id: int, item: PendingDecision, lang: str, *, page: int = 0, status: str | None = None,
            form: Form | None = None, windows: dict[int, int] | None = None) -> tuple[str, discord.ui.View | None]:
    """The text and menus of one decision's form (the stored order shown, if any)."""
    form = form or Form.from_payload(item.spec, item.submitted)
    page = min(max(page, 0), form.pages(lang) - 1)
    return form.content(item, lang, page, status), form.view(game_id, item.decision.id, lang, page,
                                                             repeat=item.repeat is not None, windows=windows)


# -- clicks ----------------------------------------------------------------------------------------------
async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    """Answer a click on an order menu; False if the component is not one of ours."""
    return await components.take(interaction, parse, _on_its_message, lambda ref: _handle(client, interaction, ref))


def _on_its_message(interaction: discord.Interaction, ref: Ref) -> bool:
    """Whether the click names the game and decision of the menu it was on. (The choices
    may differ: a click can overtake the edit that showed the previous choice.) Another
    game's id put on this menu would otherwise act on that game, or close this menu."""
    for other in map(parse, components.ids_on_message(interaction)):
        if other is not None and (other.game_id, other.token) == (ref.game_id, ref.token):
            return True
    return False


async def _handle(client: BotApp, interaction: discord.Interaction, ref: Ref) -> None:
    # Acknowledge at once: reading the decision and checking an order wait their turn on
    # the database, and Discord wants an answer within 3 s — under load, well before.
    await interaction.response.defer()
    service = client.service
    game = await service.game(ref.game_id)
    lang = game.language
    interaction.extras["lang"] = lang
    pending = await service.my_pending(game.id, interaction.user.id, helps=True)
    item = next((p for p in pending if decision_token(p.decision.id) == ref.token), None)
    if item is None:
        await interaction.edit_original_response(content=one_message(client, i18n.text("form.closed", lang)),
                                                  view=None)
        return
    form = Form.from_state(item.spec, ref.state)
    if ref.kind == "s":
        values = (interaction.data or {}).get("values") or []
        chosen = str(values[0]) if values else ""
        windows = None
        if chosen.startswith(WINDOW_PREFIX):  # more of the field's values: nothing chosen
            windows = {ref.n: int(chosen[1:])} if chosen[1:].isdigit() and len(chosen) < 5 else None
        elif not values:
            form = form.choose(ref.n, None)
        elif len(chosen) == 1 and _digit(chosen) is not None:
            form = form.choose(ref.n, _digit(chosen))
        # Else a value no menu of ours lists (a forged click): the form is drawn again as it was.
        content, view = message(game.id, item, lang, page=form.page_of(ref.n, lang), form=form, windows=windows)
        await interaction.edit_original_response(content=one_message(client, content), view=view)
    elif ref.kind == "p":
        content, view = message(game.id, item, lang, page=ref.n, form=form)
        await interaction.edit_original_response(content=one_message(client, content), view=view)
    elif ref.kind == "r":
        if item.repeat is None:
            raise Refusal("form.repeat-gone")
        result = await service.submit_order(game.id, interaction.user.id, item.decision.id, item.repeat,
                                            idempotency_key=str(interaction.id))
        form = Form.from_payload(item.spec, item.repeat)
        content, view = message(game.id, item, lang, page=ref.n, status=result.message, form=form)
        await interaction.edit_original_response(content=one_message(client, content), view=view)
    else:
        payload = form.payload()
        if payload is None:
            raise Refusal("form.choose-action")
        result = await service.submit_order(game.id, interaction.user.id, item.decision.id, payload,
                                            idempotency_key=str(interaction.id))
        content, view = message(game.id, item, lang, page=ref.n, status=result.message, form=form)
        await interaction.edit_original_response(content=one_message(client, content), view=view)
