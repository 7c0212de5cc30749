"""The bot's catalogue: complete in every language, and every code used exists."""
from __future__ import annotations

import re
from pathlib import Path

from bot import i18n
from bot.markup import plain

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "bot" / "service").glob("*.py")), ROOT / "bot" / "loop.py"]


def test_every_text_exists_in_every_language_with_the_same_placeholders():
    for code, texts in i18n.CATALOGUE.items():
        assert set(texts) == set(i18n.LANGUAGES), code
        assert all(t.strip() for t in texts.values()), code
        shapes = {lang: i18n.placeholders(t) for lang, t in texts.items()}
        assert len({frozenset(s) for s in shapes.values()}) == 1, (code, shapes)


def test_every_code_the_service_and_loop_use_is_catalogued():
    used: set[str] = set()
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'"((?:notice|private|confirm|problem|pacing|word|seat|ai|duration)\.[a-z-]+)"',
                               source))
        used |= {f"error.{c}" for c in re.findall(r'ServiceError\(\s*"([a-z-]+)"', source)}
        used |= {f"error.{c}" for c in re.findall(r'"((?:game-not-started|game-paused|game-over|not-lobby))"',
                                                   source)}
    assert used, "the scan found nothing: the pattern is stale"
    missing = sorted(c for c in used if c not in i18n.CATALOGUE)
    assert missing == []


def test_durations_and_timestamps_read_naturally():
    assert i18n.duration(90) == "90 s"
    assert i18n.duration(300) == "5 min"
    assert i18n.duration(86400, "it") == "24 h"
    assert i18n.duration(3 * 86400, "it") == "3 giorni"
    assert i18n.timestamp(1700000300.7) == "\u27e6t:1700000300:R\u27e7"
    assert plain(i18n.timestamp(1700000300.7)) == "2023-11-14 22:18 UTC"


def test_an_unknown_language_falls_back_to_english():
    assert i18n.text("error.game-over", "de") == "The game is over."
