"""The catalogue of refusals: one coded error, rendered in the game's language.

Handlers never build refusal texts themselves; they catch :class:`ServiceError`
in one place and reply privately with :meth:`ServiceError.message`.
"""
from __future__ import annotations

from bot import i18n
from rules.core.texts import worded


class ServiceError(Exception):
    def __init__(self, code: str, /, **params: object) -> None:
        if f"error.{code}" not in i18n.CATALOGUE:
            raise KeyError(f"uncatalogued service error {code!r}")
        self.code = code
        self.params = params
        super().__init__(self.message())

    def message(self, lang: str = i18n.DEFAULT) -> str:
        # A parameter may be a rules text (a fleet's problem): worded in the reader's language.
        return i18n.text(f"error.{self.code}", lang, **{k: worded(v, lang) for k, v in self.params.items()})


__all__ = ["ServiceError"]
