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


def _reasons_passed(function: str) -> set[str]:
    """Every literal reason given to ``function(...)`` anywhere in the rules."""
    found = set()
    for path in SOURCES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(function + r'\([^()]*?,\s*"([^"]+)"', text, flags=re.S))
    return found


def test_every_reason_to_strike_or_break_the_line_is_worded_in_both_languages():
    """An Italian table reads the reason in Italian too (it used to come in English)."""
    from rules.cannoni.texts import FORMATION_WHY, STRUCK_WHY

    struck, broken = _reasons_passed("strike_colours"), _reasons_passed("break_squadron")
    assert struck and broken
    assert struck <= set(STRUCK_WHY), struck - set(STRUCK_WHY)
    assert broken <= set(FORMATION_WHY), broken - set(FORMATION_WHY)
    for table in (STRUCK_WHY, FORMATION_WHY):
        for worded in table.values():
            assert worded["it"] != worded["en"] and set(worded) == {"en", "it"}


def test_a_forced_surrender_reads_in_italian_and_an_old_stored_reason_still_reads():
    from rules.cannoni.texts import describe
    from rules.core.events import Event

    forced = Event(kind="struck", data={"ship": "a", "name": "Ambuscade", "why": "dismasted and raked",
                                        "by": "Bayonnaise"})
    assert describe(forced, "it") == "Ambuscade ammaina la bandiera (disalberata e presa d'infilata da Bayonnaise)."
    assert describe(forced, "en") == "Ambuscade strikes her colours (dismasted and raked by Bayonnaise)."
    old = Event(kind="struck", data={"ship": "a", "name": "Ambuscade", "why": "by her captain's order"})
    assert describe(old, "en") == "Ambuscade strikes her colours (by her captain's order)."
