"""Every event the rules emit has a line in English and in Italian."""
import re
from pathlib import Path

from rules.cannoni.wording import TEXTS

SOURCES = Path(__file__).resolve().parents[2] / "rules" / "cannoni"


def emitted_kinds() -> set[str]:
    kinds = set()
    for path in SOURCES.glob("*.py"):
        kinds |= set(re.findall(r'\.emit\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return kinds


def test_every_emitted_event_has_both_languages():
    missing = {k for k in emitted_kinds() if f"cannoni.event.{k}" not in TEXTS}
    assert not missing, f"events with no text: {sorted(missing)}"
    for code, entry in TEXTS.entries().items():
        assert set(entry) == {"en", "it"}, code


def _reasons_passed(function: str) -> set[str]:
    """Every literal reason given to ``function(...)`` anywhere in the rules."""
    found = set()
    for path in SOURCES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(function + r'\([^()]*?,\s*"([^"]+)"', text, flags=re.S))
    return found


def test_every_reason_to_strike_or_break_the_line_is_worded_in_both_languages():
    """An Italian table reads the reason in Italian too (it used to come in English)."""
    struck, broken = _reasons_passed("strike_colours"), _reasons_passed("break_squadron")
    assert struck and broken
    entries = TEXTS.entries()
    for table, reasons in (("struck", struck), ("formation", broken)):
        for reason in reasons:
            worded = entries.get(f"cannoni.{table}.{reason.replace(' ', '-')}")
            assert worded is not None, reason
            assert worded["it"] != worded["en"]


def test_a_forced_surrender_reads_in_italian_and_an_old_stored_reason_still_reads():
    from rules.cannoni.texts import describe
    from rules.core.events import Event

    forced = Event(kind="struck", data={"ship": "a", "name": "Ambuscade", "why": "dismasted and raked",
                                        "by": "Bayonnaise"})
    assert describe(forced, "it") == "Ambuscade ammaina la bandiera (disalberata e presa d'infilata da Bayonnaise)."
    assert describe(forced, "en") == "Ambuscade strikes her colours (dismasted and raked by Bayonnaise)."
    old = Event(kind="struck", data={"ship": "a", "name": "Ambuscade", "why": "by her captain's order"})
    assert describe(old, "en") == "Ambuscade strikes her colours (by her captain's order)."


def test_events_carry_values_only_and_read_in_both_languages():
    """No event the rules emit carries words already made for one language."""
    from rules.cannoni.texts import describe
    from rules.core.events import Event

    emitted = "\n".join(path.read_text(encoding="utf-8") for path in SOURCES.glob("*.py"))
    assert not re.search(r"\b\w+_it=", emitted), "an event carries Italian words"
    shift = Event(kind="wind_shift", data={"points": 1, "way": "clockwise", "wind": 2, "wind_name": "NE"})
    assert describe(shift, "en") == "The wind shifts 1 point(s) clockwise: now from NE."
    assert describe(shift, "it") == "Il vento ruota di 1 quarta/e in senso orario: ora da NE."
    over = Event(kind="game_over", data={"winner": "britain", "kind": "partial", "scores": {},
                                         "why": {"code": "cannoni.reason.twice", "params": {"side": "britain"}}})
    # A side is named as players name it, in each language.
    assert describe(over, "en") == "Game over: partial victory for Britain — Britain scored at least twice the other side."
    assert describe(over, "it") == ("Partita finita: vittoria parziale per Gran Bretagna — Gran Bretagna ha totalizzato "
                                    "almeno il doppio dei punti avversari.")
    from rules.cannoni.texts import PROBLEMS
    from rules.cannoni.wording import word
    from rules.core.problems import problem, stored

    lapsed = Event(kind="order_void", data={"ship": "s", "name": "Speedy", "problems": stored(
        [problem(PROBLEMS.NOT_LOADED, side=word("side", "port"))])})
    assert describe(lapsed, "en") == "Speedy's order lapses: The port broadside is not loaded: load it first (one action)."
    assert describe(lapsed, "it").startswith("L'ordine di Speedy decade: La fiancata di babordo non è carica")
