"""The home guild's parts under the names the one-guild tests use (`fake.channel`,
`fake.members`, `fake.guild_commands`, ...): most tests need one server with one channel, and
the fake has several (`FakeDiscord.guilds`, the home one first)."""

from __future__ import annotations

from typing import Any

from .world import Channel, Guild, Member, Role


class HomeGuildNames:
    """A base of `FakeDiscord`: its home guild's parts by the one-guild names."""

    home: Guild
    channels: dict[int, Channel]
    commands_by_guild: dict[int, list[dict[str, Any]]]

    @property
    def guild_id(self) -> int:
        return self.home.id

    @property
    def guild_name(self) -> str:
        return self.home.name

    @guild_name.setter
    def guild_name(self, value: str) -> None:
        self.home.name = value

    @property
    def guild_locale(self) -> str:
        return self.home.locale

    @guild_locale.setter
    def guild_locale(self, value: str) -> None:
        self.home.locale = value

    @property
    def everyone(self) -> Role:
        return self.home.everyone

    @property
    def roles(self) -> list[Role]:
        return self.home.roles

    @property
    def members(self) -> dict[int, Member]:
        return self.home.members

    @property
    def channel(self) -> Channel:
        """The home guild's first channel, where users act unless told otherwise."""
        return self.home.channels[0]

    @channel.setter
    def channel(self, value: Channel) -> None:
        # A test replacing it: the old channel is gone (Unknown Channel from now on).
        self.channels.pop(self.home.channels[0].id, None)
        self.home.channels[0] = value
        self.channels[value.id] = value

    @property
    def guild_commands(self) -> list[dict[str, Any]]:
        """The commands synced to the home guild."""
        return self.commands_by_guild.get(self.home.id, [])
