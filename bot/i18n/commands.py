"""Slash commands in the user's language: discord.py asks this translator for every string of
every command at sync time, and Discord shows each user the one for their client's locale.

Keys: `command.<path>.description`, `command.<path>.<parameter>.description` and
`command.choice.<value>`, where `<path>` is the command's qualified name with dots. Command and
parameter *names* stay English on purpose: the help texts, error messages and players of one
table then all type the same `/uno join`, whatever their language.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from .translator import DEFAULT_LOCALE, Translator, get_translator, normalize_locale

# Discord client locales and the locale file of each (es-ES and es-419 both read es.json, pt-BR
# pt.json); English is the commands' own text, and Belarusian has no Discord client locale.
DISCORD_LOCALES = {locale: code for locale in discord.Locale
                   if (code := normalize_locale(locale)) not in (None, DEFAULT_LOCALE)}


def command_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The locale key of one command string, or None for strings we leave as they are."""
    where, data = context.location, context.data
    if where in (Where.command_description, Where.group_description) and isinstance(
            data, app_commands.Command | app_commands.Group):
        return f"command.{data.qualified_name.replace(' ', '.')}.description"
    if where is Where.parameter_description and isinstance(data, app_commands.Parameter):
        path = data.command.qualified_name.replace(" ", ".")
        return f"command.{path}.{data.name}.description"
    if where is Where.choice_name and isinstance(data, app_commands.Choice):
        return f"command.choice.{data.value}"
    return None


class CommandTranslator(app_commands.Translator):
    """discord.py asks for every string in each of Discord's ~30 locales, at every start (some
    6,000 calls for our commands): the cheap refusals come first, and a string's key is worked
    out once for all its locales (the context is the same object for them)."""

    def __init__(self, translator: Translator | None = None) -> None:
        self._tr = translator or get_translator()
        self._codes = frozenset(self._tr.locales)
        self._keys: dict[int, tuple[app_commands.TranslationContextTypes, str | None]] = {}

    def _key(self, context: app_commands.TranslationContextTypes) -> str | None:
        known = self._keys.get(id(context))
        if known is not None and known[0] is context:
            return known[1]
        if len(self._keys) > 64:  # contexts live for one command's payload
            self._keys.clear()
        key = command_key(context)
        self._keys[id(context)] = (context, key)
        return key

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = DISCORD_LOCALES.get(locale)
        if code is None or code not in self._codes:
            return None
        key = self._key(context)
        if key is None:
            return None
        text = self._tr.message(code, key)
        return text if isinstance(text, str) else None


# Translated payloads by their untranslated JSON, for the process's life: discord.py asks the
# translator for every string in each of Discord's ~30 locales (some 6,000 calls, a third of a
# bot start's CPU), and every start of a process (a restart, the tests' hundreds) sends the same
# commands. The strings come from the locale files, which do not change while the process runs.
_TRANSLATED: dict[str, dict[str, Any]] = {}


async def translated_payloads(tree: app_commands.CommandTree[Any],
                              commands: Sequence[app_commands.Command[Any, ..., Any]
                                                 | app_commands.Group
                                                 | app_commands.ContextMenu],
                              translator: app_commands.Translator) -> list[dict[str, Any]]:
    """The commands as `tree.sync` sends them (with their localizations), each translated once
    per process. The payloads are shared: callers only read them."""
    payloads = []
    for command in commands:
        key = json.dumps(command.to_dict(tree), sort_keys=True)
        payload = _TRANSLATED.get(key)
        if payload is None:
            payload = _TRANSLATED[key] = await command.get_translated_payload(tree, translator)
        payloads.append(payload)
    return payloads
