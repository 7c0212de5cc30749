"""One way to translate: catalogues of texts by code, complete in every language.

A text a player reads is a code and its parameters; a :class:`Catalogue` turns them
into words in the reader's language. The core rules, each ruleset and the bot each own
one catalogue (a ruleset's in its own ``wording.py``, named for it); codes are
unique across all of them, so a problem or a form label can be worded knowing only its
code. Every catalogue must hold every code in English and Italian with the same
placeholders (``tests/core/test_catalogues.py`` checks it), so no language falls back
to another at run time.
"""
from __future__ import annotations

from string import Formatter
from typing import Any, Callable

from pydantic import BaseModel, Field

LANGUAGES = ("en", "it")

_CATALOGUES: dict[str, "Catalogue"] = {}
_OWNER: dict[str, "Catalogue"] = {}
# A ruleset's catalogue is loaded with its manifest, and a process loads the manifests it
# needs when it needs them (a restart only its running games'). The registry hands in how
# to load the others: called when a code is not found, or every catalogue is asked for.
_load_the_rest: Callable[[], None] | None = None


def when_incomplete(load: Callable[[], None]) -> None:
    """``load`` makes every catalogue known; called before a code is judged unknown."""
    global _load_the_rest
    _load_the_rest = load


def _owner(code: str) -> "Catalogue | None":
    owner = _OWNER.get(code)
    if owner is None and _load_the_rest is not None:
        _load_the_rest()
        owner = _OWNER.get(code)
    return owner


class Catalogue:
    def __init__(self, name: str) -> None:
        if name in _CATALOGUES:
            raise ValueError(f"catalogue {name!r} made twice")
        self.name = name
        self._entries: dict[str, dict[str, str]] = {}
        _CATALOGUES[name] = self

    def add(self, code: str, en: str, it: str) -> str:
        """Add one text; returns the code, so a module can keep it in a constant."""
        entry = {"en": en, "it": it}
        owner = _OWNER.get(code)
        if owner is not None and (owner is not self or self._entries[code] != entry):
            raise ValueError(f"text code {code!r} defined twice ({owner.name}, {self.name})")
        self._entries[code] = entry
        _OWNER[code] = self
        return code

    def add_all(self, entries: dict[str, dict[str, str]]) -> None:
        for code, texts in entries.items():
            self.add(code, texts["en"], texts["it"])

    def add_pairs(self, entries: dict[str, tuple[str, str]]) -> None:
        """Texts given as ``code -> (English, Italian)``, the shape a ruleset's tables use."""
        for code, (en, it) in entries.items():
            self.add(code, en, it)

    def add_words(self, prefix: str, words: dict[str, tuple[str, str]]) -> None:
        """Words for the values a field takes (``side.starboard``), found by :meth:`word`."""
        for value, (en, it) in words.items():
            self.add(word_code(prefix, value), en, it)

    def __contains__(self, code: object) -> bool:
        return code in self._entries

    def entries(self) -> dict[str, dict[str, str]]:
        return {code: dict(texts) for code, texts in self._entries.items()}

    def text(self, code: str, lang: str = "en", /, **params: Any) -> str:
        texts = self._entries[code]
        template = texts.get(lang, texts["en"])
        # Most labels have no parameters: formatting them would only cost time.
        return template.format(**params) if params or "{" in template else template

    def word(self, prefix: str, value: Any, lang: str = "en") -> str:
        """The word for a stored value; a value with no word is shown as it is stored
        (an event written by an older version may hold one)."""
        code = word_code(prefix, value)
        if code not in self._entries:
            return str(value)
        return self.text(code, lang)


class Speaker:
    """A ruleset's words in one language, for the functions that build its event lines:
    ``say(code, **params)`` a line, ``say.word(prefix, value)`` a stored value's word
    (looked up under the ruleset's own prefix)."""

    def __init__(self, catalogue: Catalogue, lang: str) -> None:
        self.catalogue = catalogue
        self.lang = lang

    def __call__(self, code: str, **params: Any) -> str:
        return self.catalogue.text(code, self.lang, **params)

    def word(self, prefix: str, value: Any) -> str:
        return self.catalogue.word(f"{self.catalogue.name}.{prefix}", value, self.lang)


def word_code(prefix: str, value: Any) -> str:
    return f"{prefix}.{str(value).replace(' ', '-')}"


def catalogues() -> dict[str, Catalogue]:
    if _load_the_rest is not None:
        _load_the_rest()
    return dict(_CATALOGUES)


def known(code: str) -> bool:
    return _owner(code) is not None


def text(code: str, lang: str = "en", /, **params: Any) -> str:
    """The words for a code of any catalogue."""
    owner = _owner(code)
    if owner is None:
        raise KeyError(code)
    return owner.text(code, lang, **params)


def side_name(ruleset: str, side: str, lang: str = "en") -> str:
    """A side as a player names it: the ruleset's word for it (``<ruleset>.nation.<side>``
    in its catalogue), else its id as a name ("royal_navy" -> "Royal Navy")."""
    code = f"{ruleset}.nation.{side}"
    if known(code):
        return text(code, lang)
    return str(side).replace("_", " ").replace("-", " ").title()


def placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template) if name}


class Text(BaseModel):
    """A text to show later in the reader's language: a code and its parameters.

    Parameters that are texts themselves are given as ``Text`` too and worded in the
    same language.
    """

    code: str
    params: dict[str, Any] = Field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        if not self.params:
            return text(self.code, lang)
        params = {k: _render_param(v, lang) for k, v in self.params.items()}
        return text(self.code, lang, **params)

    def __str__(self) -> str:
        return self.render("en")


def _render_param(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, dict) and set(value) == {"code", "params"}:
        return Text.model_validate(value).render(lang)
    return value


def worded(value: Any, lang: str = "en") -> Any:
    """A parameter as shown: a text (or its stored form) in ``lang``, a value as it is."""
    return _render_param(value, lang)


def say(code: str, /, **params: Any) -> Text:
    """A text to word later: ``label=say("cannoni.form.fire")``."""
    if not params:
        plain = _PLAIN.get(code)
        if plain is None:
            plain = _PLAIN[code] = Text(code=code)
        return plain
    # Built as pydantic's validation would (the fields, the fields set, no extra, no
    # private) without validating: a code is a string and ``params`` a fresh dict of
    # keywords, and a form or a pending decision makes dozens of these.
    made = _new_text(Text)
    _set(made, "__dict__", {"code": code, "params": params})
    _set(made, "__pydantic_fields_set__", {"code", "params"})
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


# Texts without parameters, made once: most labels are (nothing changes a Text).
_PLAIN: dict[str, Text] = {}
_new_text = Text.__new__
_set = object.__setattr__
