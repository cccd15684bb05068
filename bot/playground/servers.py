"""The playground's Discord: the offline fake with two servers and several channels.

The fake's home guild gets a second channel and a second server joins with a channel of its own
(the fake itself routes interactions and messages to the guild and channel they happen in, and
checks the bot's REST calls against them). Every change is numbered, so the web page can wait
for the next one.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.fake_discord.server import FakeDiscord
from bot.fake_discord.world import Member, Role


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
        return member

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
