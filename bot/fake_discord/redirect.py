"""Points the real discord.py at a fake Discord: the REST base and the gateway URL (see
docs/DISCORD-FACTS.md). Both are class attributes, so this holds for every client in the
process until it is undone."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from bot.discord_private import pointed_at

from .server import FakeDiscord


@contextlib.contextmanager
def discord_py_pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """discord.py talks to `fake` (started) inside the block; what it pointed at is restored."""
    with pointed_at(f"{fake.base_url}/api/v10", fake.gateway.url):
        yield
