"""The slash commands as the bot syncs them, in every language (issue 32): Discord's limits on
names, descriptions and choices, a localization for every Discord locale that has a file, and
the language choices each in their own language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord

from bot.engine import PRESET_RULES
from bot.i18n import get_translator
from bot.i18n.commands import DISCORD_LOCALES
from drivers.catalogue import LOCALES

from .harness import Harness

# docs/DISCORD-FACTS.md: a command's or an option's name, lowercase where the script has case.
NAME = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_MAX = 100
DISCORD_LOCALE_VALUES = {locale.value for locale in discord.Locale}


def _walk(commands: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option with its path."""
    stack = [(c["name"], c) for c in commands]
    while stack:
        path, item = stack.pop()
        yield path, item
        stack += [(f"{path} {o['name']}", o) for o in item.get("options") or []]


async def test_every_command_text_fits_in_every_language(harness: Harness) -> None:
    fake = harness.fake
    served = {locale.value for locale, code in DISCORD_LOCALES.items() if code in LOCALES}
    problems = []
    for path, item in _walk(fake.guild_commands + fake.global_commands):
        name, description = item["name"], item.get("description", "")
        if not NAME.match(name) or name != name.lower():
            problems.append(f"{path}: name {name!r}")
        for where, text in (("", description),
                            *(item.get("description_localizations") or {}).items()):
            if not 1 <= len(text) <= DESCRIPTION_MAX:
                problems.append(f"{path}: description {where} of {len(text)} characters")
        localized = set(item.get("description_localizations") or {})
        if localized - DISCORD_LOCALE_VALUES or served - localized:
            problems.append(f"{path}: localized for {sorted(localized)}, not {sorted(served)}")
        assert not item.get("name_localizations"), "names stay English (bot/i18n/commands.py)"
        for choice in item.get("choices") or []:
            for where, text in (("", choice["name"]),
                                *(choice.get("name_localizations") or {}).items()):
                if not 1 <= len(text) <= DESCRIPTION_MAX:
                    problems.append(f"{path}: choice {choice['value']} {where}: {text!r}")
    assert problems == []


async def test_each_language_is_offered_by_its_own_name(harness: Harness) -> None:
    (uno,) = [c for c in harness.fake.guild_commands if c["name"] == "uno"]
    (settings,) = [o for o in uno["options"] if o["name"] == "settings"]
    (language,) = [o for o in settings["options"] if o["name"] == "language"]
    offered = {c["value"]: c for c in language["choices"]}
    assert set(offered) == {"auto", *LOCALES}
    for code in LOCALES:
        own = get_translator().translate(code, "language.name")
        assert offered[code]["name"] == own and not offered[code].get("name_localizations")


async def test_every_preset_option_offers_every_preset_by_its_name(harness: Harness) -> None:
    """Section P: the presets are the engine's registry; each command that takes one (create,
    solo, tournament create, leaderboard, stats) offers all of them, none listed by hand."""
    options = [(path, item) for path, item in _walk(harness.fake.guild_commands)
               if path.endswith(" preset")]
    assert {path for path, _ in options} >= {
        "uno create preset", "uno solo preset", "uno tournament create preset",
        "uno leaderboard preset", "uno stats preset"}
    for path, item in options:
        offered = {c["value"]: c["name"] for c in item["choices"] if c["value"] != "any"}
        expected = {preset.value: get_translator().translate("en", f"preset.{preset}.name")
                    for preset in PRESET_RULES}
        assert offered == expected, path
