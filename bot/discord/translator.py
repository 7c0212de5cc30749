"""Slash commands in the player's own Discord language, from the one catalogue.

Every command, option and choice is declared with :func:`L`, a ``locale_str`` whose
English text comes from the catalogue and whose ``key`` names the catalogue entry; the
translator hands Discord the other languages at sync time. Discord then shows each
member the names and descriptions in their client's language, while the bot always
receives the English names.
"""
from __future__ import annotations

from discord import Locale, app_commands

from bot import i18n

#: Discord locales the catalogue speaks (English is the commands' own text).
LOCALES: dict[Locale, str] = {Locale.italian: "it"}


def L(code: str) -> app_commands.locale_str:  # noqa: N802 - reads like the text it stands for
    return app_commands.locale_str(i18n.text(code, "en"), key=code)


def command(code: str) -> dict[str, app_commands.locale_str]:
    """``name=`` and ``description=`` of the command (or group) ``cmd.<code>``."""
    return {"name": L(f"cmd.{code}"), "description": L(f"cmd.{code}.desc")}


def options(code: str, *names: str):
    """Localised names and descriptions for the options ``names`` of command ``cmd.<code>``."""
    renamed = {n: L(f"cmd.{code}.{n}") for n in names}
    described = {n: L(f"cmd.{code}.{n}.desc") for n in names}

    def decorate(func):
        return app_commands.rename(**renamed)(app_commands.describe(**described)(func))

    return decorate


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = LOCALES.get(locale)
        key = string.extras.get("key")
        if lang is None or key not in i18n.CATALOGUE:
            return None
        return i18n.text(key, lang)
