"""Storage fixtures: every test gets its own SQLite file under tmp_path and a settable clock.

`storage` runs a test against each implementation of the protocols in `bot.storage.protocols`,
SQLite and in-memory, so the same assertions define the contract both keep. Tests that take `db`
instead are about SQLite itself (the file, its pragmas, migrations, raw SQL, query plans).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.storage import (
    BotStateRepository,
    BotStateStore,
    Database,
    GameRepository,
    GameStore,
    LobbyRepository,
    LobbyStore,
    MemoryDatabase,
    MemoryStorage,
    SettingsRepository,
    SettingsStore,
    StatsRepository,
    StatsStore,
)

IMPLEMENTATIONS = ("sqlite", "memory")


class FakeClock:
    """A clock the test moves by hand, so timestamps are exact."""

    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    # A folder that does not exist yet: opening must create it.
    return tmp_path / "data" / "uno.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


@dataclass
class Stores:
    """One implementation's five repositories over one store, sharing the test's clock."""

    kind: str  # "sqlite" or "memory"
    games: GameStore
    lobbies: LobbyStore
    settings: SettingsStore
    state: BotStateStore
    stats: StatsStore
    db: Database | None = None  # the SQLite database (None in memory)
    _backend: _Backend | None = field(default=None, repr=False)

    async def restart(self) -> Stores:
        """New repositories over the same data: SQLite closes and reopens the file; in memory
        (which a real restart would empty, by design) they share the same `MemoryDatabase`."""
        assert self._backend is not None
        return await self._backend.restart()


class _Backend:
    def __init__(self, kind: str, path: Path, clock: FakeClock) -> None:
        self.kind, self.path, self.clock = kind, path, clock
        self.memory = MemoryDatabase()
        self.opened: list[Database] = []

    async def open(self) -> Stores:
        if self.kind == "memory":
            bundle = MemoryStorage(self.memory, clock=self.clock)
            return Stores("memory", bundle.games, bundle.lobbies, bundle.settings, bundle.state,
                          bundle.stats, None, self)
        database = await Database.open(self.path)
        self.opened.append(database)
        return Stores("sqlite", GameRepository(database, clock=self.clock),
                      LobbyRepository(database, clock=self.clock), SettingsRepository(database),
                      BotStateRepository(database), StatsRepository(database, clock=self.clock),
                      database, self)

    async def restart(self) -> Stores:
        for database in self.opened:
            await database.close()
        return await self.open()

    async def close(self) -> None:
        for database in self.opened:
            await database.close()


@pytest.fixture(params=IMPLEMENTATIONS)
async def storage(request: pytest.FixtureRequest, db_path: Path,
                  clock: FakeClock) -> AsyncIterator[Stores]:
    backend = _Backend(request.param, db_path, clock)
    try:
        yield await backend.open()
    finally:
        await backend.close()
