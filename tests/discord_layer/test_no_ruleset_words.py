"""The bot knows no ruleset by name and no ruleset's parameters: what it needs of a
ruleset comes from the ruleset's manifest and the decision's form at run time."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.i18n.chat import CHAT
from rules.core.registry import manifests

BOT = Path(__file__).resolve().parents[2] / "bot"

# The bot's own words that happen to be words some ruleset's parameters use too. Each
# names a thing of the bot's, not a parameter: the bot's own commands and options (from
# its catalogue, below) and these.
OWN_WORDS = {
    "other",  # forms.py: the other component ids of a message
    "turn",  # a game's turn, and the posting that tells the thread once a turn (bot/service/posting.py)
    "points",  # a ship's points in a lobby's pick (bot/service/picks.py)
    "target",  # where a transport sends a message (bot/transport.py)
    "template",  # a catalogue text before it is filled (bot/i18n)
    "to",  # the CLI's "replay to" argument and the service's time ranges
}


def _command_words() -> set[str]:
    """The names of the bot's commands and their options, in English and Italian."""
    out = set()
    for code, texts in CHAT.items():
        if code.startswith("cmd.") and not code.endswith(".desc"):
            out |= set(texts.values()) if isinstance(texts, dict) else set(texts)
    return out


def _sources() -> list[Path]:
    return sorted(BOT.rglob("*.py"))


def _code_words(tree: ast.AST) -> list[tuple[str, int]]:
    """Identifiers, argument and keyword names, and whole string constants, with their lines."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append((node.value, node.lineno))
        elif isinstance(node, ast.Name):
            out.append((node.id, node.lineno))
        elif isinstance(node, ast.Attribute):
            out.append((node.attr, node.lineno))
        elif isinstance(node, ast.arg):
            out.append((node.arg, node.lineno))
        elif isinstance(node, ast.keyword) and node.arg:
            out.append((node.arg, node.lineno))
    return out


def test_no_ruleset_is_named_in_the_bot():
    names = [m.name for m in manifests()]
    assert len(names) >= 2
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.IGNORECASE)
    found = [f"{path.relative_to(BOT.parent)}:{n}: {line.strip()}" for path in _sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert found == []


def test_no_rulesets_parameter_is_named_in_the_bots_code():
    words = set()
    for m in manifests():
        for p in m.params:
            words |= {p.name, p.option, p.label.render("en"), p.label.render("it")}
    own = _command_words() | OWN_WORDS
    watched = words - own
    assert len(watched) >= 15  # most of the parameters are watched: this is not an empty check
    found = [f"{path.relative_to(BOT.parent)}:{line}: {word}" for path in _sources()
             for word, line in _code_words(ast.parse(path.read_text(encoding="utf-8"))) if word in watched]
    assert found == []


# A ruleset's own names for things, which the bot's code and words must not use: Cannoni
# calls its secret decisions "chits" (its own catalogue may), the bot says "menus" and
# "orders" for every ruleset (its command for them is /menus, docs/commands.md).
RULESET_TERMS = re.compile(r"\b(chits?|gettoni|gettone)\b", re.IGNORECASE)


def test_no_rulesets_own_term_is_in_the_bot():
    found = [f"{path.relative_to(BOT.parent)}:{n}: {line.strip()}" for path in _sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if RULESET_TERMS.search(line)]
    assert found == []
