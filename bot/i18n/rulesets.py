"""The command words each ruleset brings: the names and descriptions of its order
parameters as options of /order (and of /preview, for a ruleset that previews moves),
read from the rulesets' manifests rather than written here.

Discord gives an option one description: where two rulesets describe an option of
the same name, the first by ruleset name is shown.
"""
from __future__ import annotations

from rules.core.registry import manifests


def order_options() -> dict[str, str]:
    """/order's ruleset options: option name -> the payload parameter it carries."""
    out: dict[str, str] = {}
    for m in manifests():
        for p in m.params:
            out.setdefault(p.option, p.name)
    return out


def preview_options() -> dict[str, str]:
    """/preview's ruleset options (those of rulesets that preview a move)."""
    out: dict[str, str] = {}
    for m in manifests():
        if m.previews:
            for p in m.params:
                if p.preview is not None:
                    out.setdefault(p.option, p.name)
    return out


def command_texts() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for m in manifests():
        for p in m.params:
            out.setdefault(f"cmd.order.{p.option}", p.label.model_dump())
            out.setdefault(f"cmd.order.{p.option}.desc", p.description.model_dump())
            if m.previews and p.preview is not None:
                out.setdefault(f"cmd.preview.{p.option}", p.label.model_dump())
                out.setdefault(f"cmd.preview.{p.option}.desc", p.preview.model_dump())
    return out
