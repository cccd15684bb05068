"""Storage fixtures: every test gets its own SQLite file under tmp_path (or PostgreSQL database)
and a settable clock.

`storage` runs a test against each implementation of the protocols in `bot.storage.protocols`,
SQLite, PostgreSQL (a database of its own on the session's throwaway server, see
`tests/conftest.py`) and in-memory, so the same assertions define the contract all three keep.
Tests that take `db` instead are about SQLite itself (the file, its pragmas, migrations, raw SQL,
query plans).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
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
    TournamentRepository,
    TournamentStore,
)
from bot.storage.postgres import PostgresDatabase
from bot.storage.shards import Shards
from tests.conftest import fresh_database
from tests.pg_cluster import Cluster

IMPLEMENTATIONS = ("sqlite", "postgresql", "memory")


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
    """One implementation's six repositories over one store, sharing the test's clock."""

    kind: str  # "sqlite", "postgresql" or "memory"
    games: GameStore
    lobbies: LobbyStore
    settings: SettingsStore
    state: BotStateStore
    stats: StatsStore
    tournaments: TournamentStore
    db: Database | PostgresDatabase | None = None  # the SQL database (None in memory)
    _backend: _Backend | None = field(default=None, repr=False)

    def owned_by(self, shards: Shards) -> tuple[GameStore, LobbyStore]:
        """The games and lobbies as a process running only `shards` sees them."""
        assert self._backend is not None
        if self.db is None:
            view = MemoryStorage(self._backend.memory, clock=self._backend.clock, shards=shards)
            return view.games, view.lobbies
        return (GameRepository(self.db, clock=self._backend.clock, shards=shards),
                LobbyRepository(self.db, clock=self._backend.clock, shards=shards))

    async def restart(self) -> Stores:
        """New repositories over the same data: SQL closes and reopens the database; in memory
        (which a real restart would empty, by design) they share the same `MemoryDatabase`."""
        assert self._backend is not None
        return await self._backend.restart()


class _Backend:
    def __init__(self, kind: str, path: Path, clock: FakeClock, url: str = "") -> None:
        self.kind, self.path, self.clock, self.url = kind, path, clock, url
        self.memory = MemoryDatabase()
        self.opened: list[Database | PostgresDatabase] = []

    async def open(self) -> Stores:
        if self.kind == "memory":
            bundle = MemoryStorage(self.memory, clock=self.clock)
            return Stores("memory", bundle.games, bundle.lobbies, bundle.settings, bundle.state,
                          bundle.stats, bundle.tournaments, None, self)
        database: Database | PostgresDatabase = (
            await PostgresDatabase.open(self.url) if self.kind == "postgresql"
            else await Database.open(self.path))
        self.opened.append(database)
        return Stores(self.kind, GameRepository(database, clock=self.clock),
                      LobbyRepository(database, clock=self.clock), SettingsRepository(database),
                      BotStateRepository(database), StatsRepository(database, clock=self.clock),
                      TournamentRepository(database, clock=self.clock), database, self)

    async def restart(self) -> Stores:
        for database in self.opened:
            await database.close()
        return await self.open()

    async def close(self) -> None:
        for database in self.opened:
            await database.close()


@pytest.fixture(params=IMPLEMENTATIONS)
async def storage(request: pytest.FixtureRequest, db_path: Path, clock: FakeClock,
                  postgres_cluster: Cluster | None) -> AsyncIterator[Stores]:
    async with AsyncExitStack() as stack:
        url = ""
        if request.param == "postgresql":
            url = await stack.enter_async_context(fresh_database(postgres_cluster))
        backend = _Backend(request.param, db_path, clock, url)
        stack.push_async_callback(backend.close)
        yield await backend.open()
