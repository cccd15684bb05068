"""Slash-command choices built from the game's registries, so a preset added to the engine's
`PRESET_RULES` is offered by every command that takes one, under its own name (the English
`preset.<name>.name`; other languages come from `command.choice.<value>` through the command
translator, bot/i18n/commands.py)."""

from __future__ import annotations

from discord.app_commands import Choice

from bot.engine import PRESET_RULES
from bot.render.text import tr


def preset_choices() -> list[Choice[str]]:
    """One choice per preset, in the registry's order."""
    return [Choice(name=tr("en", f"preset.{preset}.name"), value=preset.value)
            for preset in PRESET_RULES]
