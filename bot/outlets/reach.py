"""The narrow things the outlets are built with, as protocols: how to reach a channel's messages
by id, whether the client is closing, a setting they read, where a table's new message id is
kept. The bot (a `discord.Client`, the game manager, the settings) satisfies them at wiring; an
outlet never holds the bot itself (issue 35)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import discord

if TYPE_CHECKING:
    from bot.services.session import Session


class Channels(Protocol):
    """A channel's messages, reached by id (as `discord.Client` reaches them)."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None,
                                ) -> discord.PartialMessageable: ...

    def get_channel(self, id: int, /) -> (discord.abc.GuildChannel | discord.Thread
                                         | discord.abc.PrivateChannel | None): ...

    def is_closed(self) -> bool: ...


class Colorblind(Protocol):
    """The one setting a picture of cards depends on (bot/services/settings.py)."""

    def colorblind(self, user_id: int) -> bool: ...


class TableIds(Protocol):
    """Where a game's table message id is kept (the game manager saves it with the game)."""

    async def set_message(self, session: Session, message_id: int, *,
                          posted_at: float | None = None) -> None: ...


class Guilds(Protocol):
    """The servers the client knows, once it is ready (a server's language)."""

    async def wait_until_ready(self) -> None: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class Users(Protocol):
    """A user, reached by id (for a direct message)."""

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...
