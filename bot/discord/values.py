"""An order's values as a player types them in one option: ``name=value`` words.

Discord needs every option of a command declared before the bot starts, and allows 25
a command, so /order and /preview cannot carry one option per parameter of every
ruleset. They carry one text option, ``values``, read here: words such as
``speed=2.5 sail=B`` (a value with spaces in quotes: ``target="Le Téméraire"``),
matched to the decision's form. A parameter is named by its payload name, its option
name or its label in either language, as the ruleset's manifest gives them; a word
without a name is the next value of the action, in the form's order.

Autocomplete completes the word being typed with the legal values of the next
parameter (:mod:`bot.discord.legal`), keeping the words before it, so a player picks
an order one tap per value. Nothing here knows a ruleset or a rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from bot.discord import legal
from bot.discord.replies import Refusal
from rules.core.decisions import ActionSpec, DecisionSpec, ParamSpec
from rules.core.manifest import Manifest
from rules.core.texts import LANGUAGES

# A word: anything up to a space, where a quoted stretch may hold spaces (an unclosed
# quote, while typing, runs to the end).
_WORD = re.compile(r'(?:[^\s"]|"[^"]*"?)+')


@dataclass(frozen=True, slots=True)
class Word:
    key: str | None  # the name before '=', None for a bare value
    value: str


def _unquote(text: str) -> str:
    return text.replace('"', "")


def split(text: str | None) -> list[Word]:
    out = []
    for raw in _WORD.findall(text or ""):
        key, sep, value = raw.partition("=")
        if sep and key and '"' not in key:
            out.append(Word(key.strip().lower(), _unquote(value)))
        else:
            out.append(Word(None, _unquote(raw)))
    return out


def quote(value: str) -> str:
    return f'"{value}"' if re.search(r'[\s"=]', value) or not value else value


# -- the words that name a parameter --------------------------------------------------------------
def key_of(param: ParamSpec, manifest: Manifest | None) -> str:
    """The name autocomplete writes for a parameter: its option name, else its payload name."""
    declared = manifest.param(param.name) if manifest else None
    return (declared.option if declared else param.name).lower()


def _names(param: ParamSpec, manifest: Manifest | None) -> set[str]:
    names = {param.name.lower(), key_of(param, manifest)}
    declared = manifest.param(param.name) if manifest else None
    if declared is not None:
        names |= {declared.label.render(lang).lower() for lang in LANGUAGES}
    return names


def _params(actions: Sequence[ActionSpec]) -> list[ParamSpec]:
    """The parameters of ``actions``, each name once, in the form's order."""
    seen: dict[str, ParamSpec] = {}
    for action in actions:
        for p in action.params:
            seen.setdefault(p.name, p)
    return list(seen.values())


def _ordered(params: Sequence[ParamSpec]) -> list[ParamSpec]:
    """Required parameters first, each group in the form's order."""
    return [p for p in params if p.required] + [p for p in params if not p.required]


def _lookup(params: Sequence[ParamSpec], manifest: Manifest | None, key: str) -> ParamSpec | None:
    return next((p for p in params if key in _names(p, manifest)), None)


def _known(params: Sequence[ParamSpec], manifest: Manifest | None) -> str:
    return ", ".join(key_of(p, manifest) for p in params) or "-"


# -- reading an order ---------------------------------------------------------------------------------
def read(spec: DecisionSpec, action: str | None, text: str | None,
         manifest: Manifest | None) -> tuple[ActionSpec | None, dict[str, str]]:
    """The action meant and the values given, by the payload's parameter names.

    Raises :class:`Refusal` for a name no action of the form has, or a bare value that
    has no parameter to go to; the values themselves are the engine's to judge."""
    words = split(text)
    named = [legal.find_action(spec, action)] if action else []
    if action and named[0] is None:
        return None, {}  # an action the form does not know: the engine names the legal ones
    pool = _params(named or spec.actions)
    given: dict[str, str] = {}
    for word in words:
        if word.key is None:
            continue
        param = _lookup(pool, manifest, word.key)
        if param is None:
            raise Refusal("reply.unknown-value-name", name=legal.clip(word.key, 40), known=_known(pool, manifest))
        given[param.name] = word.value.strip()
    chosen = legal.find_action(spec, action, list(given))
    bare = [w.value.strip() for w in words if w.key is None]
    if bare:
        if chosen is None:
            raise Refusal("reply.value-without-name", value=legal.clip(bare[0], 40), known=_known(pool, manifest))
        free = [p for p in _ordered(chosen.params) if p.name not in given]
        if len(bare) > len(free):
            raise Refusal("reply.too-many-values", value=legal.clip(bare[len(free)], 40),
                          known=_known(chosen.params, manifest))
        given.update({p.name: value for p, value in zip(free, bare)})
    return chosen, {k: v for k, v in given.items() if v}


# -- completing what is being typed --------------------------------------------------------------------
def complete(spec: DecisionSpec, action: str | None, typed: str, manifest: Manifest | None,
             only: set[str] | None = None) -> list[legal.Offer]:
    """The text typed so far with its last word completed by legal values only (at most 25).

    ``only``: the parameters that may be offered (a preview offers a move's)."""
    typed = typed or ""
    spans = list(_WORD.finditer(typed))
    partial = "" if not spans or spans[-1].end() < len(typed) else spans[-1].group()
    head = typed[: len(typed) - len(partial)].strip()
    try:
        chosen, given = read(spec, action, head, manifest)
    except Refusal:
        return []
    if action and chosen is None:
        return []
    having = [chosen] if chosen else [a for a in spec.actions if all(a.param(n) for n in given)]
    left = [p for p in _ordered(_params(having)) if p.name not in given and (only is None or p.name in only)]
    if not left:
        return [legal.Offer(head, head)] if head else []
    key, sep, value = partial.partition("=")
    if sep:
        param = _lookup(left, manifest, key.strip().lower())
        wanted = _unquote(value)
    else:
        param = next((p for p in left if partial and any(n.startswith(partial.lower())
                                                            for n in _names(p, manifest))), None)
        wanted = "" if param is not None else _unquote(partial)
        param = param or left[0]
    if param is None:
        return []
    out = []
    for offer in legal.param_offers(param, wanted):
        full = f"{head} {key_of(param, manifest)}={quote(offer.text)}".strip()
        if len(full) <= legal.NAME_LIMIT:
            out.append(legal.Offer(full, full))
    return out
