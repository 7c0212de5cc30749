"""``broadside campaign-report`` given a campaign's export: the standings and each
battle's section, opened in a real headless Chromium. (The export itself comes from the
service in tests/service/test_campaign.py; here two shipped records stand for its
battles, in the export's shape.)"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bot.cli import main
from tests.test_report import CHROMIUM, Page

RECORDS = Path(__file__).resolve().parent.parent / "records"


def _export(tmp_path: Path) -> Path:
    battles = [{"number": n, "game_id": n, "pattern": p, "status": "concluded", "winner": None, "kind": "doubtful",
                "tally": {}, "rosters_before": [], "rosters_after": [],
                "record": json.loads((RECORDS / name).read_text(encoding="utf-8"))}
               for n, (name, p) in enumerate([("cannoni-frigate-duel.json", "scenario"),
                                              ("cannoni-boarding-capture.json", "meeting")], start=1)]
    standings = [{"side": s, "members": [], "points": 2, "battles": 2, "won": 1, "drawn": 0, "lost": 1,
                  "taken": 1, "ships_lost": 1, "ships": 1} for s in ("britain", "france")]
    data = {"kind": "broadside-campaign", "version": 1,
            "campaign": {"id": 1, "name": "The Channel", "ruleset": "cannoni", "scenario": "frigate-duel"},
            "members": [], "rosters": [], "standings": standings, "battles": battles}
    source = tmp_path / "campaign.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    return source


def test_a_campaign_page_has_its_standings_and_every_battle(tmp_path):
    page = tmp_path / "campaign.html"
    assert main(["campaign-report", str(_export(tmp_path)), "--out", str(page), "--lang", "it"]) == 0
    parsed = Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    text = " ".join(parsed.text)
    assert parsed.battles == 2 and len(parsed.images) == 6  # each battle: its card, last map, replay
    assert "Classifica" in text and "Punti" in text and "The Channel — battaglia 2" in text


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here: the page was not opened in a browser "
                                              "(.ci/run installs Debian's chromium)")
def test_chromium_opens_a_campaign_page(tmp_path):
    page = tmp_path / "campaign.html"
    assert main(["campaign-report", str(_export(tmp_path)), "--out", str(page)]) == 0
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([*flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    parsed = Page()
    parsed.feed(dom.stdout)
    assert parsed.battles == 2 and len(parsed.images) == 6, dom.stderr[-500:]  # a card, a map, a replay each
    assert "Standings" in " ".join(parsed.text)
