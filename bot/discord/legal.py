"""The legal values of a decision's form, shaped for Discord: at most 25 at a time.

Select menus and autocomplete both list at most 25 entries, while a form may allow
more (a length of 0.5 to 20 in halves is 40 values). Everything here
only ever offers values the form allows: a long range is thinned evenly (always
keeping both ends), or narrowed to the values nearest what the player has typed.
Nothing here knows a rule; it reads :class:`~rules.core.decisions.DecisionSpec`.
Labels are shown in the reader's language (``lang``); a name typed in English is
still understood in an Italian game.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from bot.transport import PendingDecision
from rules.core.decisions import ActionSpec, DecisionSpec, ParamSpec

LIMIT = 25  # Discord: choices per autocomplete answer, options per select menu
NAME_LIMIT = 100  # Discord: characters in a choice's or option's name and value


@dataclass(frozen=True, slots=True)
class Offer:
    """One legal value: what the engine gets (``value``) and what a person reads."""

    value: Any
    label: str

    @property
    def text(self) -> str:
        return fmt(self.value)


def fmt(value: Any) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)


def clip(text: str, limit: int = NAME_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def thin(items: Sequence[Any], limit: int = LIMIT) -> list[Any]:
    """At most ``limit`` items spread evenly over ``items``, first and last kept."""
    n = len(items)
    if n <= limit:
        return list(items)
    picks = sorted({round(k * (n - 1) / (limit - 1)) for k in range(limit)})
    return [items[i] for i in picks]


# -- numbers -------------------------------------------------------------------------------
def _grid(param: ParamSpec) -> tuple[float, float, int] | None:
    """(first value, step, how many values) of a number parameter, or None if unbounded."""
    if param.min is None or param.max is None or param.max < param.min:
        return None
    span = param.max - param.min
    step = param.step or (span / (LIMIT - 1) if span > 0 else 1.0)
    return param.min, step, int(math.floor(span / step + 1e-9)) + 1


def _number(value: float) -> int | float:
    value = round(value, 9)
    return int(value) if float(value).is_integer() else value


def number_count(param: ParamSpec) -> int:
    grid = _grid(param)
    return grid[2] if grid else 0


def number_offers(param: ParamSpec, typed: str = "", limit: int = LIMIT) -> list[Offer]:
    """Legal values of a number parameter: the nearest to ``typed``, or spread evenly."""
    grid = _grid(param)
    if grid is None:
        return []
    first, step, count = grid
    try:
        wanted = float(typed.replace(",", "."))
    except ValueError:
        wanted = None
    if wanted is not None and math.isfinite(wanted):
        # The values around the one typed, nearest first, then shown in order.
        centre = min(max(round((wanted - first) / step), 0), count - 1)
        indexes = sorted(range(count), key=lambda i: (abs(i - centre), i))[:limit]
        indexes.sort()
    else:
        indexes = thin(range(count), limit)
        if typed.strip():
            matching = [i for i in range(count) if fmt(_number(first + i * step)).startswith(typed.strip())]
            indexes = thin(matching, limit) or indexes
    return [Offer(v, fmt(v)) for v in (_number(first + i * step) for i in indexes)]


# -- any parameter ---------------------------------------------------------------------------
def _choice_offers(param: ParamSpec, lang: str) -> list[Offer]:
    return [Offer(c.value, c.label_in(lang) or fmt(c.value)) for c in param.choices]


def param_offers(param: ParamSpec, typed: str = "", limit: int = LIMIT, lang: str = "en") -> list[Offer]:
    """The legal values of one parameter matching what was typed, at most ``limit``."""
    if param.kind == "number":
        return number_offers(param, typed, limit)
    if param.kind != "choice":
        return []
    offers = _choice_offers(param, lang)
    needle = typed.strip().lower()
    if needle:
        offers = [o for o in offers if needle in o.label.lower() or needle in o.text.lower()]
    return offers[:limit]


def menu_offers(param: ParamSpec, lang: str = "en", most: int = LIMIT) -> tuple[list[Offer], int]:
    """What a select menu pages through for a parameter (at most ``most`` values: a range
    spread evenly, choices the first ones), and how many legal values there are in all.
    With ``most`` at :data:`LIMIT`, what a menu of one page lists (and what menus made
    before they paged listed)."""
    if param.kind == "number":
        return number_offers(param, limit=most), number_count(param)
    if param.kind == "choice":
        offers = _choice_offers(param, lang)
        return offers[:most], len(offers)
    return [], 0


# -- decisions and actions ----------------------------------------------------------------------
def decision_label(item: PendingDecision, lang: str = "en") -> str:
    return item.decision.label_in(lang) or item.decision.id


def find_decision(pending: Sequence[PendingDecision], given: str | None) -> PendingDecision | None:
    """The decision a player named: by id (what autocomplete fills in), label or subject."""
    if given is None:
        return pending[0] if len(pending) == 1 else None
    needle = given.strip().lower()
    for match in (lambda p: p.decision.id.lower() == needle,
                  lambda p: decision_label(p).lower() == needle,
                  lambda p: decision_label(p, "it").lower() == needle,
                  lambda p: (p.decision.subject or "").lower() == needle):
        found = [p for p in pending if match(p)]
        if len(found) == 1:
            return found[0]
    return None


def decision_offers(pending: Sequence[PendingDecision], typed: str = "", lang: str = "en") -> list[Offer]:
    needle = typed.strip().lower()
    offers = [Offer(p.decision.id, decision_label(p, lang)) for p in pending]
    if needle:
        offers = [o for o in offers if needle in o.label.lower() or needle in str(o.value).lower()]
    return offers[:LIMIT]


def action_offers(spec: DecisionSpec, typed: str = "", lang: str = "en") -> list[Offer]:
    needle = typed.strip().lower()
    offers = [Offer(a.action, a.label_in(lang) or a.action) for a in spec.actions]
    if needle:
        offers = [o for o in offers if needle in o.label.lower() or needle in str(o.value).lower()]
    return offers[:LIMIT]


def find_action(spec: DecisionSpec, given: str | None, params: Sequence[str] = ()) -> ActionSpec | None:
    """The action a player named, or the only one the parameters given can belong to.

    With no action named: the form's only action; else the one action that has every
    parameter given; else, among those, the one whose required parameters are all given
    (one value alone picks the action that needs only it, not one that needs more). None leaves it to the engine,
    which then names the legal actions.
    """
    if given:
        needle = given.strip().lower()
        return next((a for a in spec.actions if a.action.lower() == needle
                     or needle in {a.label_in("en").lower(), a.label_in("it").lower()}), None)
    if len(spec.actions) == 1:
        return spec.actions[0]
    if not params:
        return None
    having = [a for a in spec.actions if all(a.param(p) is not None for p in params)]
    if len(having) == 1:
        return having[0]
    complete = [a for a in having if all(p.name in params for p in a.params if p.required)]
    return complete[0] if len(complete) == 1 else None
