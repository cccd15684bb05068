"""The pytest fixture: a running fake Discord, the real discord.py pointed at it, and bots
(drivers/fake_session.py).

Usage (see test_fake_discord.py):

    async def test_something(fake_discord: FakeDiscordSession) -> None:
        bot = await fake_discord.start_bot(lambda: MyBot(...))   # or a bot instance
        ann = fake_discord.user("Ann", permissions=["manage_channels"])
        handle = await ann.slash("uno echo", text="hi")

Other test folders use it with `from tests.fake_discord.fixtures import fake_discord` (a fixture
is found where it is imported), or `async with fake_discord_session() as session:` directly.
The test fails (`ProblemsSeen`) if Discord would have refused a call, an interaction was never
acknowledged, or discord.py logged an error the test did not take.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from drivers.fake_session import FakeDiscordSession, ProblemsSeen, fake_discord_session

__all__ = ["FakeDiscordSession", "ProblemsSeen", "fake_discord", "fake_discord_session"]


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscordSession]:
    async with fake_discord_session() as session:
        yield session
