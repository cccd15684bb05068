"""The process's one SQLite connection: opened once, configured, migrated, shared by repositories.

SQLite allows one writer at a time, and aiosqlite runs every call of a connection on one thread,
so a single connection per process is both enough and safest. Because coroutines share it, every
use goes through `transaction()` / `read()`, which hold an asyncio lock: otherwise one
coroutine's statement could land inside another's open transaction.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Coroutine, Generator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from . import migrations as _migrations
from ._tx import rollback
from .migrations import MIGRATIONS, Migration

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000


class Database:
    """An open, migrated SQLite database.

    `db = await Database.open(path)` or `async with Database.open(path) as db: ...`.
    """

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, applied: Sequence[int] = ()
    ) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self.path = path
        #: The migrations this open applied (empty when the schema was already current).
        self.applied: tuple[int, ...] = tuple(applied)
        self._lock = asyncio.Lock()

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> _Opening:
        """Open (creating the file and its folder on first run), configure and migrate."""
        return _Opening(cls._open(Path(path), migrations, busy_timeout_ms))

    @classmethod
    async def _open(
        cls, path: Path, migrations: Sequence[Migration], busy_timeout_ms: int
    ) -> Database:
        path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions; `transaction()` says BEGIN itself.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # Pragmas are per connection (foreign keys are off by default in SQLite).
            # PRAGMA takes no parameters; the value is forced to an int.
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA foreign_keys = ON")
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(rows[0][0]).lower() if rows else ""
            if mode != "wal":
                log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", path, mode)
            # In WAL mode NORMAL survives a crash of the process; only a power cut can lose the
            # last commits, and it saves an fsync per action.
            await conn.execute("PRAGMA synchronous = NORMAL")
            applied = await _migrations.apply(conn, migrations)
        except BaseException:
            await conn.close()
            raise
        log.info("database %s open (%d migration(s) applied)", path, len(applied))
        return cls(conn, path, applied)

    @property
    def closed(self) -> bool:
        return self._conn is None

    def _connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the database is closed")
        return self._conn

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """Run a block in one transaction: committed at the end, rolled back on any exception.

        Writes begin IMMEDIATE so the write lock is taken up front (waiting up to busy_timeout)
        rather than failing half-way when another process writes.
        """
        conn = self._connection()
        async with self._lock:
            try:
                await conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                await rollback(conn)
                raise

    async def write_one(self, sql: str, params: Sequence[Any]) -> int:
        """One statement as its own transaction (SQLite makes a lone statement atomic): a single
        trip to the database thread instead of BEGIN, the statement and COMMIT. Returns the
        number of rows it changed."""
        conn = self._connection()
        async with self._lock:
            cursor = await conn.execute(sql, params)
            return cursor.rowcount

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read-only transaction: a consistent snapshot across several SELECTs."""
        return self.transaction(write=False)

    async def close(self) -> None:
        """Close the connection (idempotent); WAL contents are checkpointed by SQLite."""
        conn, self._conn = self._conn, None
        if conn is not None:
            async with self._lock:
                await conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


class _Opening:
    """What `Database.open` returns: await it for the database, or use it with `async with`."""

    def __init__(self, opening: Coroutine[Any, Any, Database]) -> None:
        self._opening = opening
        self._db: Database | None = None

    def __await__(self) -> Generator[Any, None, Database]:
        db: Database = yield from self._opening.__await__()
        return db

    async def __aenter__(self) -> Database:
        self._db = await self
        return self._db

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._db is not None:
            await self._db.close()
