"""Checks an order's payload against the form of its decision.

This is the generic half of validation (the action exists, every parameter is
present and within its choices or range); a ruleset adds the checks only it knows.
All problems are collected, none is raised.
"""
from __future__ import annotations

import math
from typing import Any

from rules.core import problems as P
from rules.core.decisions import ActionSpec, DecisionSpec, ParamSpec, Problem
from rules.core.texts import Text


def _fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _legal_list(values: list[Any], limit: int = 12) -> Text:
    shown = ", ".join(str(v) for v in values[:limit])
    if not shown:
        return Text(code=P.LEGAL_NONE)
    if len(values) > limit:
        return Text(code=P.LEGAL_MORE, params={"values": shown, "more": len(values) - limit})
    return Text(code=P.LEGAL_LIST, params={"values": shown})


def coerce_param(spec: ParamSpec, raw: Any, action: str) -> tuple[Any, list[Problem]]:
    if spec.kind == "number":
        try:
            value = float(raw)
        except (TypeError, ValueError):
            return None, [P.problem(P.NOT_A_NUMBER, field=spec.name, param=spec.text_of("label"), value=_clip(raw))]
        if math.isnan(value) or math.isinf(value):
            return None, [P.problem(P.NOT_A_NUMBER, field=spec.name, param=spec.text_of("label"), value=_clip(raw))]
        lo = spec.min if spec.min is not None else -math.inf
        hi = spec.max if spec.max is not None else math.inf
        step = spec.step or 0
        off_step = step and abs(round((value - (spec.min or 0)) / step) * step - (value - (spec.min or 0))) > 1e-9
        if value < lo - 1e-9 or value > hi + 1e-9 or off_step:
            return None, [P.problem(
                P.OUT_OF_RANGE, field=spec.name, param=spec.text_of("label"), value=_clip(raw),
                min=_fmt_num(spec.min if spec.min is not None else lo),
                max=_fmt_num(spec.max if spec.max is not None else hi),
                step=_fmt_num(step or 1),
            )]
        return (int(value) if value.is_integer() else value), []
    if spec.kind == "choice":
        for choice in spec.choices:
            if same_value(choice.value, raw):
                return choice.value, []
        return None, [P.problem(P.BAD_CHOICE, field=spec.name, param=spec.text_of("label"), value=_clip(raw),
                                legal=_legal_list(spec.values()))]
    if not isinstance(raw, str):
        raw = str(raw)
    return raw[:200], []


def same_value(a: Any, b: Any) -> bool:
    """Whether a value given for a choice is that choice: case-blind text, or equal
    numbers. Whatever shows a form's values (the bot's menus) matches them by this."""
    if isinstance(a, str) or isinstance(b, str):
        return str(a).strip().lower() == str(b).strip().lower()
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return False


def _clip(raw: Any) -> str:
    text = repr(raw) if not isinstance(raw, str) else raw
    return text if len(text) <= 40 else text[:37] + "..."


def check_form(spec: DecisionSpec, payload: dict[str, Any]) -> tuple[ActionSpec | None, dict[str, Any], list[Problem]]:
    """Return the chosen action, the payload with values coerced, and all problems."""
    if not isinstance(payload, dict):
        payload = {}
    names = [a.action for a in spec.actions]
    action_name = payload.get("action", names[0] if len(names) == 1 else None)
    action = spec.action(str(action_name)) if action_name is not None else None
    if action is None:
        return None, {}, [P.problem(P.UNKNOWN_ACTION, field="action", action=_clip(action_name),
                                    legal=_legal_list(names))]
    problems: list[Problem] = []
    clean: dict[str, Any] = {"action": action.action}
    known = {p.name for p in action.params}
    for key in payload:
        if key != "action" and key not in known:
            problems.append(P.problem(P.UNEXPECTED_PARAM, field=str(key), action=action.text_of("label"),
                                      param=_clip(key), legal=_legal_list(sorted(known)) if known else Text(code=P.LEGAL_NOTHING)))
    for param in action.params:
        if param.name not in payload or payload[param.name] in (None, ""):
            if param.required:
                hint = (Text(code=P.HINT_LEGAL, params={"legal": _legal_list(param.values())})
                        if param.kind == "choice"
                        else Text(code=P.HINT_BETWEEN, params={"min": _fmt_num(param.min or 0),
                                                                  "max": _fmt_num(param.max or 0)})
                        if param.kind == "number" else Text(code=P.HINT_NONE))
                problems.append(P.problem(P.MISSING_PARAM, field=param.name, action=action.text_of("label"),
                                          param=param.text_of("label"), hint=hint))
            continue
        value, errs = coerce_param(param, payload[param.name], action.label)
        problems.extend(errs)
        if not errs:
            clean[param.name] = value
    return action, clean, problems
