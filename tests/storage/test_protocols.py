"""Each repository, SQL and in-memory, has exactly its protocol's methods and signatures.

mypy --strict already checks that each class satisfies its protocol (bot/storage/_conformance.py);
this is stricter: the same parameter names, kinds, defaults and annotations, and no public
method the protocol lacks (but the SQL stores' `query_plans`, deliberately left out of StatsStore,
and `watch`, which hears the settings changes of other processes sharing a PostgreSQL)."""

from __future__ import annotations

import importlib
import inspect
import typing

import pytest

from bot.storage import (
    BotStateRepository,
    BotStateStore,
    GameRepository,
    GameStore,
    LobbyRepository,
    LobbyStore,
    MemoryBotStateRepository,
    MemoryDatabase,
    MemoryGameRepository,
    MemoryLobbyRepository,
    MemorySettingsRepository,
    MemoryStatsRepository,
    MemoryStorage,
    SettingsRepository,
    SettingsStore,
    StatsRepository,
    StatsStore,
)

PAIRS = [
    (GameStore, GameRepository), (GameStore, MemoryGameRepository),
    (LobbyStore, LobbyRepository), (LobbyStore, MemoryLobbyRepository),
    (SettingsStore, SettingsRepository), (SettingsStore, MemorySettingsRepository),
    (BotStateStore, BotStateRepository), (BotStateStore, MemoryBotStateRepository),
    (StatsStore, StatsRepository), (StatsStore, MemoryStatsRepository),
]
SQL_ONLY = {"query_plans", "watch"}


def _public_methods(cls: type) -> set[str]:
    return {name for name, value in vars(cls).items()
            if not name.startswith("_") and inspect.isfunction(value)}


@pytest.mark.parametrize(("protocol", "cls"), PAIRS, ids=lambda c: c.__name__)
def test_same_methods_and_signatures(protocol: type, cls: type) -> None:
    assert _public_methods(cls) - SQL_ONLY == _public_methods(protocol)
    for name in _public_methods(protocol):
        wanted, got = getattr(protocol, name), getattr(cls, name)
        assert inspect.iscoroutinefunction(got), name
        expected, actual = inspect.signature(wanted), inspect.signature(got)
        assert [(p.name, p.kind, p.default) for p in actual.parameters.values()] == [
            (p.name, p.kind, p.default) for p in expected.parameters.values()], name
        assert typing.get_type_hints(got) == typing.get_type_hints(wanted), name


def test_the_protocols_know_no_database() -> None:
    source = inspect.getsource(importlib.import_module("bot.storage.protocols"))
    for driver in ("aiosqlite", "sqlite3", "asyncpg", "psycopg"):
        assert driver not in source


def test_memory_storage_is_one_consistent_set() -> None:
    storage = MemoryStorage(clock=lambda: 5.0)
    assert isinstance(storage.db, MemoryDatabase)
    assert isinstance(storage.games, MemoryGameRepository)
    assert isinstance(storage.lobbies, MemoryLobbyRepository)
    assert isinstance(storage.settings, MemorySettingsRepository)
    assert isinstance(storage.state, MemoryBotStateRepository)
    assert isinstance(storage.stats, MemoryStatsRepository)
    assert MemoryStorage(storage.db).db is storage.db


async def test_memory_storages_over_one_database_share_it_and_others_do_not() -> None:
    first = MemoryStorage(clock=lambda: 5.0)
    second, apart = MemoryStorage(first.db), MemoryStorage()
    lobby = await first.lobbies.create(guild_id=1, channel_id=2, host_id=3, preset="classic",
                                       options={}, turn_timer=0, expires_at=9.0)
    assert lobby.created_at == 5.0  # the bundle's clock
    assert await second.lobbies.get(2) == lobby
    assert await apart.lobbies.get(2) is None
