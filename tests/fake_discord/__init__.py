"""An offline fake Discord that the real discord.py connects to, for end-to-end bot tests.

`fake_discord` (fixtures.py) is the pytest fixture; `FakeDiscord` (server.py) the server and
its world; `VirtualUser` (users.py) the members a test drives; `FakeClock` (clock.py) the time
Discord's deadlines are measured on.
"""

from .clock import FakeClock
from .fixtures import FakeDiscordSession, fake_discord, fake_discord_session
from .server import FakeDiscord
from .users import InteractionHandle, SeenMessage, VirtualUser
from .world import Violation

__all__ = [
    "FakeClock", "FakeDiscord", "FakeDiscordSession", "InteractionHandle", "SeenMessage",
    "Violation", "VirtualUser", "fake_discord", "fake_discord_session",
]
