"""Answering an interaction in the clicking user's language, whatever state it is in."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import get_translator
from bot.services.errors import Key, Refusal
from bot.services.settings import SettingsService

from .answers import Expired, send
from .context import wiring_of

log = logging.getLogger(__name__)

# Any client, not only the UnoBot: an answer must still be possible while the bot starts up,
# before its settings are loaded.
Interaction = discord.Interaction[Any]


def _settings(interaction: Interaction) -> SettingsService | None:
    wiring = wiring_of(interaction)
    return wiring.settings if wiring is not None else None


def user_locale(interaction: Interaction) -> str:
    """Ephemeral answers speak the user's language: their own choice, the server's, their
    Discord client's, else English (bot/services/settings.py)."""
    settings = _settings(interaction)
    if settings is None:
        return get_translator().resolve(interaction.locale)
    return settings.user_locale(interaction.user.id, interaction.guild_id, interaction.locale)


def guild_locale(interaction: Interaction) -> str:
    """The public table speaks the server's language (its choice, else Discord's); outside a
    server (a group DM: issue 30), the language of whoever acts."""
    settings = _settings(interaction)
    spoken = interaction.guild_locale if interaction.guild_id else interaction.locale
    if settings is None:
        return get_translator().resolve(spoken or "en")
    return settings.guild_locale(interaction.guild_id, spoken)


def say(interaction: Interaction, key: str, /, **params: object) -> str:
    return get_translator().translate(user_locale(interaction), key, **params)


async def tell(interaction: Interaction, text: str) -> None:
    """An ephemeral line to the user: the response if none was sent yet, else a follow-up."""
    try:
        await send(interaction, content=text, ephemeral=True)
    except Expired as expired:
        log.info("answer dropped: %s", expired)
    except discord.HTTPException as exc:  # Discord refused it (a 429 past discord.py's tries)
        log.warning("answer to interaction %s refused by Discord: %s", interaction.id, exc)


def said(interaction: Interaction, refusal: Refusal) -> str:
    """A refusal's text in the user's language."""
    params = {name: say(interaction, value) if isinstance(value, Key) else value
              for name, value in refusal.params.items()}
    return say(interaction, refusal.key, **params)


async def refuse(interaction: Interaction, refusal: Refusal) -> None:
    await tell(interaction, said(interaction, refusal))


async def apologise(interaction: Interaction) -> None:
    """The answer to a failure of our own: short, in the user's language, and never a second
    failure (the interaction may have expired, or already been answered)."""
    try:
        await tell(interaction, say(interaction, "error.unexpected"))
    except Exception as exc:  # noqa: BLE001 - the apology must not become a second failure
        log.warning("could not apologise for interaction %s: %r", interaction.id, exc)
