"""The connection: created on first run, WAL, foreign keys, busy timeout, restarts, transactions.

SQLite only (its file, pragmas and transactions), but for concurrent writers, a contract of
every store."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import Database, LobbyRepository
from tests.storage.conftest import Stores


async def _pragma(db: Database, name: str) -> object:
    async with db.read() as conn:
        rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
        return rows[0][0]


async def test_open_creates_the_file_and_its_folder(db_path: Path) -> None:
    assert not db_path.parent.exists()
    async with Database.open(db_path) as db:
        assert db_path.is_file()
        assert not db.closed
    assert db.closed


async def test_wal_mode_foreign_keys_and_busy_timeout_are_on(db: Database) -> None:
    assert await _pragma(db, "journal_mode") == "wal"
    assert await _pragma(db, "foreign_keys") == 1
    assert await _pragma(db, "busy_timeout") == 5000


async def test_await_then_async_with_also_closes(db_path: Path) -> None:
    db = await Database.open(db_path)
    async with db:
        pass
    assert db.closed
    await db.close()  # idempotent


async def test_a_closed_database_refuses_use(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.close()
    with pytest.raises(RuntimeError):
        async with db.read():
            pass


async def test_reopening_the_same_file_keeps_the_data(db_path: Path) -> None:
    async with Database.open(db_path) as db:
        await LobbyRepository(db).create(guild_id=1, channel_id=2, host_id=3, preset="classic",
                                         options={"x": 1}, turn_timer=90, expires_at=5.0)
    async with Database.open(db_path) as db:  # a restart
        lobby = await LobbyRepository(db).get(2)
    assert lobby is not None and lobby.player_ids == (3,) and lobby.options == {"x": 1}


async def test_a_failing_block_is_rolled_back(db: Database) -> None:
    with pytest.raises(ZeroDivisionError):
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO lobbies (channel_id, guild_id, host_id, preset, turn_timer, "
                "created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (1, 1, 1, "classic", 0, 0.0, 0.0),
            )
            1 / 0  # noqa: B018
    lobbies = LobbyRepository(db)
    assert await lobbies.get(1) is None
    # The connection is free again (lock released, no transaction left open).
    await lobbies.create(guild_id=1, channel_id=1, host_id=1, preset="classic", options={},
                         turn_timer=0, expires_at=0.0)


async def test_a_cancelled_block_is_rolled_back_and_frees_the_connection(db: Database) -> None:
    started = asyncio.Event()

    async def slow() -> None:
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO lobbies (channel_id, guild_id, host_id, preset, turn_timer, "
                "created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (7, 1, 1, "classic", 0, 0.0, 0.0),
            )
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await LobbyRepository(db).get(7) is None


async def test_concurrent_writers_do_not_interleave(storage: Stores) -> None:
    """Many coroutines on the one connection (or store): each transaction sees only its own
    writes."""
    lobbies = storage.lobbies
    await lobbies.create(guild_id=1, channel_id=1, host_id=0, preset="classic", options={},
                         turn_timer=0, expires_at=0.0)
    await asyncio.gather(*(lobbies.add_player(1, user) for user in range(1, 10)))
    lobby = await lobbies.get(1)
    assert lobby is not None
    assert sorted(lobby.player_ids) == list(range(10))


@pytest.mark.parametrize("steps", range(6))
async def test_cancelling_at_any_point_never_leaves_a_transaction_open(
    db: Database, steps: int
) -> None:
    """Cancelled while BEGIN, a statement or COMMIT is still queued on aiosqlite's thread."""
    lobbies = LobbyRepository(db)
    task = asyncio.create_task(lobbies.create(
        guild_id=1, channel_id=1, host_id=1, preset="classic", options={}, turn_timer=0,
        expires_at=0.0))
    for _ in range(steps):
        await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    # Whether or not the cancelled create landed, the connection works and is not stuck.
    await lobbies.create(guild_id=1, channel_id=2, host_id=1, preset="classic", options={},
                         turn_timer=0, expires_at=0.0)
    async with db.read() as conn:
        assert conn.in_transaction
    assert not db.closed
