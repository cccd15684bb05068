"""Points the real discord.py at a fake Discord: the REST base and the gateway URL (see
docs/DISCORD-FACTS.md). Both are class attributes, so this holds for every client in the
process until it is undone."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .server import FakeDiscord


@contextlib.contextmanager
def discord_py_pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """discord.py talks to `fake` (started) inside the block; what it pointed at is restored."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = f"{fake.base_url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway.url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
