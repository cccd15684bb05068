"""The interaction every handler of this bot receives. Its client is any `discord.Client`: what
the way in needs of the bot is handed over at wiring (bot/ui/context.py), not reached through
`interaction.client`, so nothing here imports the bot back for its type."""

from __future__ import annotations

from typing import TypeAlias

import discord

Interaction: TypeAlias = discord.Interaction[discord.Client]
