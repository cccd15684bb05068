"""What the way in needs of the bot while it answers a click or a command: the clock its
deadlines are measured on, the settings (languages), the count of answers under way (a clean
stop waits for them), where the clicks go (the cogs' handlers), whether the bot is closing.

The bot hands these over once, in its setup (`wire`), keyed by the client; an item or an
answer finds them for the client the interaction came to (`wiring_of`), typed, instead of
reaching through the bot object. Any client may be none of ours yet (an answer during start-up):
then there is no wiring, and the answers fall back (English, no deadline of our own)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.clock import Clock
from bot.interactions import Interaction
from bot.services.settings import SettingsService
from bot.under_way import UnderWay

from .handlers import Handlers, NotLoaded


@dataclass(frozen=True, slots=True, eq=False)
class Wiring:
    clock: Clock
    settings: SettingsService
    under_way: UnderWay
    handlers: Handlers
    closed: Callable[[], bool]


_WIRED: weakref.WeakKeyDictionary[discord.Client, Wiring] = weakref.WeakKeyDictionary()


def wire(client: discord.Client, wiring: Wiring) -> None:
    _WIRED[client] = wiring


def wiring_of(interaction: Interaction) -> Wiring | None:
    return _WIRED.get(interaction.client)


def handlers(interaction: Interaction) -> Handlers:
    """Where a click of this bot goes; `NotLoaded` before the bot is wired."""
    wiring = wiring_of(interaction)
    if wiring is None:
        raise NotLoaded("the bot")
    return wiring.handlers
