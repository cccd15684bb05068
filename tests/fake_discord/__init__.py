"""The offline fake Discord for end-to-end bot tests: the fake itself ships with the bot in
bot/fake_discord/ (the playground runs on it too); this folder adds what only tests need.

`fake_discord` (fixtures.py) is the pytest fixture; `FakeDiscord` (bot/fake_discord/server.py)
the server and its world; `VirtualUser` (users.py there) the members a test drives; `FakeClock`
(clock.py there) the time Discord's deadlines are measured on.
"""

from bot.fake_discord.clock import FakeClock
from bot.fake_discord.server import FakeDiscord
from bot.fake_discord.users import InteractionHandle, SeenMessage, VirtualUser
from bot.fake_discord.world import Violation
from drivers.fake_session import FakeDiscordSession, ProblemsSeen, fake_discord_session

from .fixtures import fake_discord

__all__ = [
    "FakeClock", "FakeDiscord", "FakeDiscordSession", "InteractionHandle", "SeenMessage",
    "ProblemsSeen", "Violation", "VirtualUser", "fake_discord", "fake_discord_session",
]
