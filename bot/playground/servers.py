"""The playground's Discord: the offline fake with two servers and several channels, plus
the places of issue 30: a server that never invited the bot and a group DM of everyone, where
the people use the app they installed themselves.

The fake's home guild gets a second channel and a second server joins with a channel of its own
(the fake itself routes interactions and messages to the guild and channel they happen in, and
checks the bot's REST calls against them). Every change is numbered, so the web page can wait
for the next one.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.fake_discord.server import FakeDiscord
from bot.fake_discord.world import Channel, Member, Role


class PlaygroundDiscord(FakeDiscord):
    """FakeDiscord with a second channel at home and a second server (`guilds`, home first)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.guild_name = "UNO Playground"
        self.add_channel("uno-2")
        self.add_guild("Другий сервер", "uk", channels=("уно",))
        # A role without permissions in each server, known to the bot from its start: a server
        # may let it open tournaments (/uno settings tournament_role).
        self.organisers = [self.add_role("Organisers", 0, guild) for guild in self.guilds.values()]
        self.without_bot = self.add_guild("No bot here", channels=("uno",), has_bot=False)
        self.group_dm: Channel | None = None  # made once people are there (`open_group_dm`)
        self.version = 0  # bumped on every change the page may want to show
        self._tick = asyncio.Event()

    def add_person(self, name: str, *, permissions: int = 0,
                   organiser: bool = False) -> Member:
        """A member of every server, with a role granting `permissions` in each (if any), and
        the Organisers role in each if `organiser`."""
        guilds = list(self.guilds.values())
        roles: list[Role] = [self.add_role(f"{name}'s role", permissions, guild)
                             for guild in guilds] if permissions else []
        roles += self.organisers if organiser else []
        member = self.add_member(name, roles=roles)
        for guild in guilds[1:]:
            self.join(member, guild)
        self.install_for(member)  # each added the app to their account (a user install)
        return member

    def open_group_dm(self) -> Channel:
        """A group DM of everyone so far (the bot is never in one)."""
        members = list(self.home.members.values())
        self.group_dm = self.add_group_dm("group DM", members)
        return self.group_dm

    # --- changes the page waits for --------------------------------------------------------

    def changed(self) -> None:
        super().changed()
        self.version += 1
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    async def next_change(self, seen: int, timeout: float) -> int:
        """The version after `seen`, or the same one if nothing changed within `timeout`."""
        if self.version == seen:
            try:
                await asyncio.wait_for(self._tick.wait(), timeout)
            except TimeoutError:
                pass
        return self.version
