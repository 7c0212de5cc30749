"""Every event the rules emit has a line in English and in Italian."""
import re
from pathlib import Path

from rules.cannoni.texts import TEMPLATES

SOURCES = Path(__file__).resolve().parents[2] / "rules" / "cannoni"


def emitted_kinds() -> set[str]:
    kinds = set()
    for path in SOURCES.glob("*.py"):
        kinds |= set(re.findall(r'\.emit\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return kinds


def test_every_emitted_event_has_both_languages():
    missing = {k for k in emitted_kinds() if k not in TEMPLATES}
    assert not missing, f"events with no text: {sorted(missing)}"
    for kind, entry in TEMPLATES.items():
        assert "en" in entry and "it" in entry, kind
