"""Fixtures of the bot tests: the real bot on an offline fake Discord, and its players.
The helpers that read what users see are in drivers/screen.py, those that drive the bot in
drivers/harness.py (the rigged deals in harness.py here), and the texts to compare with in
drivers/catalogue.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fake_discord import VirtualUser, fake_discord_session

from .harness import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with fake_discord_session() as session:
        h = Harness(session, tmp_path / "uno.db")
        await h.start()
        yield h


@pytest.fixture
def players(harness: Harness) -> list[VirtualUser]:
    """Three virtual users: Ann (who opens the lobby and plays first), Bob and Cid."""
    return [harness.user("Ann"), harness.user("Bob"), harness.user("Cid")]
