"""The interaction every handler of this bot receives, typed with the bot that owns it, so
`interaction.client` is an `UnoBot` with its services (RoboDanny's `Interaction[RoboDanny]`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord

if TYPE_CHECKING:
    from bot.client import UnoBot

Interaction: TypeAlias = "discord.Interaction[UnoBot]"
