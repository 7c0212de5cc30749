"""A campaign's story as one page: ``broadside campaign-report`` given the JSON file that
``/campaign export`` writes. The standings first, then each battle's section as a game
record's page has it (:func:`bot.report.battle_report`), built from public things only.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot import i18n
from bot.report import BattleReport, battle_report, page_html
from bot.service.campaign import EXPORT_KIND
from rules.core.record import GameRecord


def is_campaign(data: Any) -> bool:
    return isinstance(data, dict) and data.get("kind") == EXPORT_KIND


def campaign_html(data: dict[str, Any], lang: str = "en") -> str:
    """The page of an exported campaign: its standings and every battle with a record
    (a battle ended in its lobby has none, and a running one is not exported)."""
    battles: list[BattleReport] = []
    for battle in data.get("battles", []):
        if battle.get("record"):
            report = battle_report(GameRecord.model_validate(battle["record"]), lang)
            report.title = i18n.text("campaign.battle-title", lang, name=data["campaign"]["name"],
                                     n=battle["number"]) + f" — {report.title}"
            battles.append(report)
    head = tuple(i18n.text(f"report.campaign-head.{c}", lang)
                 for c in ("side", "points", "battles", "record", "taken", "lost"))
    rows = [(s["side"], str(s["points"]), str(s["battles"]), f"{s['won']} / {s['drawn']} / {s['lost']}",
             str(s["taken"]), str(s["ships_lost"])) for s in data.get("standings", [])]
    return page_html(data["campaign"]["name"], battles, lang, standings=rows, standings_head=head)


def write_report(source: Path, out: Path, lang: str = "en") -> Path:
    """The page for a game record (``/host export``, ``records/*.json``) or a whole
    campaign (``/campaign export``)."""
    text = source.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if is_campaign(data):
        out.write_text(campaign_html(data, lang), encoding="utf-8")
        return out
    record = GameRecord.model_validate_json(text)
    battle = battle_report(record, lang)
    out.write_text(page_html(battle.title, [battle], lang), encoding="utf-8")
    return out
