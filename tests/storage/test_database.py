"""The connection: created on first run, WAL, foreign keys, busy timeout, restarts, transactions.

SQLite only (its file, pragmas and transactions), but for concurrent writers, a contract of
every store."""

from __future__ import annotations

import asyncio
import sqlite3
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


# -- group commit of single statements (the routine save of a move)

_INSERT_LOBBY = ("INSERT INTO lobbies (channel_id, guild_id, host_id, preset, turn_timer, "
                 "created_at, expires_at) VALUES (?, 1, 1, 'classic', 0, 0.0, 0.0)")


async def _statements(db: Database) -> list[str]:
    seen: list[str] = []
    async with db.read() as conn:
        await conn.set_trace_callback(seen.append)
    seen.clear()  # this read's own COMMIT
    return seen


async def test_statements_queued_together_are_committed_in_one_transaction(db: Database) -> None:
    """Saves that arrive while the database thread is busy do not wait in line for each
    other's round trip: they go in the next batch, one transaction for all of them."""
    seen = await _statements(db)
    counts = await asyncio.gather(*(db.write_one(_INSERT_LOBBY, (channel,))
                                    for channel in range(1, 41)))
    assert counts == [1] * 40
    assert sum(s.startswith("INSERT INTO lobbies") for s in seen) == 40
    assert 1 <= seen.count("COMMIT") <= 2  # the first may go alone, the rest together
    lobbies = LobbyRepository(db)
    assert all([await lobbies.get(channel) for channel in (1, 20, 40)])


async def test_a_failing_statement_fails_only_its_own_caller(db: Database) -> None:
    await db.write_one(_INSERT_LOBBY, (7,))
    results = await asyncio.gather(db.write_one(_INSERT_LOBBY, (8,)),
                                   db.write_one(_INSERT_LOBBY, (7,)),  # already there
                                   db.write_one(_INSERT_LOBBY, (9,)), return_exceptions=True)
    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], sqlite3.IntegrityError)
    lobbies = LobbyRepository(db)
    assert await lobbies.get(8) is not None and await lobbies.get(9) is not None


async def test_a_statement_never_lands_inside_an_open_transaction(db: Database) -> None:
    """A single statement waits for a block that is under way; the block's rollback cannot
    take the statement with it."""
    writing: asyncio.Task[int] | None = None
    with pytest.raises(ZeroDivisionError):
        async with db.transaction() as conn:
            await conn.execute(_INSERT_LOBBY, (1,))
            writing = asyncio.create_task(db.write_one(_INSERT_LOBBY, (2,)))
            await asyncio.sleep(0.01)
            assert not writing.done()
            1 / 0  # noqa: B018
    assert writing is not None and await writing == 1
    lobbies = LobbyRepository(db)
    assert await lobbies.get(1) is None and await lobbies.get(2) is not None


async def test_close_writes_what_is_queued_first(db_path: Path) -> None:
    db = await Database.open(db_path)
    writes = [asyncio.create_task(db.write_one(_INSERT_LOBBY, (c,))) for c in (1, 2, 3)]
    await asyncio.sleep(0)
    await db.close()
    assert [await w for w in writes] == [1, 1, 1]
    async with Database.open(db_path) as again:
        assert await LobbyRepository(again).get(3) is not None
