from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fake_discord import fake_discord_session

from .harness import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with fake_discord_session() as session:
        h = Harness(session, tmp_path / "uno.db")
        await h.start()
        yield h
