"""Discord's rules for application commands, checked when the bot sends its commands (PUT):
names of 1-32 lowercase characters, descriptions and choice names of 1-100, at most 25 options
and 25 choices, and localizations only for Discord's locales, each under the same rules
(docs/DISCORD-FACTS.md). Readable problems, answered as 400 / 50035 like Discord's."""

from __future__ import annotations

import re
from typing import Any

import discord

NAME = re.compile(r"^[-_'\w]{1,32}$")  # Discord: [-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}
DESCRIPTION_MAX = 100
CHOICE_NAME_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
LOCALES = frozenset(locale.value for locale in discord.Locale)
CHAT_INPUT = 1


def _texts(path: str, what: str, default: str, localized: dict[str, str] | None,
           check: Any) -> list[str]:
    problems = [f"{path}: {what} {default!r}"] if not check(default) else []
    for locale, text in (localized or {}).items():
        if locale not in LOCALES:
            problems.append(f"{path}: {what} localized for {locale!r}, not a Discord locale")
        elif not check(text):
            problems.append(f"{path}: {what} in {locale} {text!r}")
    return problems


def _is_name(text: str) -> bool:
    return bool(NAME.match(text)) and text == text.lower()


def _is_description(text: str) -> bool:
    return 1 <= len(text) <= DESCRIPTION_MAX


def _is_choice(text: str) -> bool:
    return 1 <= len(text) <= CHOICE_NAME_MAX


def check_command(item: dict[str, Any], path: str = "") -> list[str]:
    """One command, or one of its options, and everything inside it."""
    path = f"{path} {item.get('name', '?')}".strip()
    problems = _texts(path, "name", str(item.get("name", "")), item.get("name_localizations"),
                      _is_name)
    if item.get("type", CHAT_INPUT) == CHAT_INPUT or "description" in item:
        problems += _texts(path, "description", str(item.get("description", "")),
                           item.get("description_localizations"), _is_description)
    options, choices = item.get("options") or [], item.get("choices") or []
    if len(options) > OPTIONS_MAX or len(choices) > CHOICES_MAX:
        problems.append(f"{path}: {len(options)} options, {len(choices)} choices")
    for choice in choices:
        problems += _texts(f"{path} choice {choice.get('value')!r}", "name",
                           str(choice.get("name", "")), choice.get("name_localizations"),
                           _is_choice)
    for option in options:
        problems += check_command(option, path)
    return problems


def check_commands(commands: list[dict[str, Any]]) -> list[str]:
    return [problem for command in commands for problem in check_command(command)]
