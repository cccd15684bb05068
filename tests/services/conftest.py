"""The services on in-memory storage and a clock that moves only when a test moves it: the game
manager, the lobby service and the timers without Discord or a database file."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.fake_discord.clock import FakeClock
from bot.services.games import GameManager
from bot.services.lobbies import LobbyService
from bot.services.notices import Change, Notice
from bot.services.timers import Timers
from bot.storage import LobbyRecord, MemoryStorage


class Outlets:
    """What the bot's outlets would be told, recorded: the game manager's notices (as the
    table's feed hears them) and a `LobbyOutlet`."""

    def __init__(self) -> None:
        self.shown: list[int] = []  # the game versions announced for the table to show
        self.abandoned_games: list[str] = []
        self.expired_lobbies: list[int] = []  # channel ids

    def on_notice(self, notice: Notice) -> None:
        if notice.change is Change.ABANDONED:
            self.abandoned_games.append(notice.session.game_id)
        elif not notice.change.over:
            self.shown.append(notice.version)

    async def expired(self, lobby: LobbyRecord) -> None:
        self.expired_lobbies.append(lobby.channel_id)


async def settle() -> None:
    """Let tasks the services started (timer callbacks, merged table edits) run."""
    import asyncio

    for _ in range(20):
        await asyncio.sleep(0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(follow_real_time=False)


@pytest.fixture
def storage(clock: FakeClock) -> MemoryStorage:
    return MemoryStorage(clock=clock.now)


@pytest.fixture
def outlets() -> Outlets:
    return Outlets()


@pytest.fixture
async def timers(clock: FakeClock) -> AsyncIterator[Timers]:
    timers = Timers(clock)
    yield timers
    await timers.close()


@pytest.fixture
async def manager(storage: MemoryStorage, clock: FakeClock, timers: Timers,
                  outlets: Outlets) -> AsyncIterator[GameManager]:
    manager = GameManager(storage.games, clock, timers)
    manager.notices.subscribe(outlets.on_notice)
    yield manager


@pytest.fixture
def lobbies(storage: MemoryStorage, clock: FakeClock, timers: Timers,
            outlets: Outlets) -> LobbyService:
    return LobbyService(storage.lobbies, clock, timers, outlets)
