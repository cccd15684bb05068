"""The process's one SQLite connection: opened once, configured, migrated, shared by repositories.

SQLite allows one writer at a time, and aiosqlite runs every call of a connection on one thread,
so a single connection per process is both enough and safest. Because coroutines share it, every
use goes through `transaction()` / `read()`, which hold an asyncio lock: otherwise one
coroutine's statement could land inside another's open transaction.

The routine save of a move is one statement (`write_one`), and there are many at once under load.
Each would hold that lock for a round trip to the database thread, and a round trip ends only
when the busy event loop next runs the callback: the saves of every game would queue behind each
other, one per turn of the loop. So single statements are group-committed instead: those queued
while a batch is in flight go together in the next one, a single trip to the thread and a single
commit, and each caller still resumes only once its own statement is committed.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Generator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

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
        self._queued: list[_Queued] = []
        self._writer: asyncio.Task[None] | None = None

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
        """One statement, committed before this returns; returns the number of rows it changed.

        Statements that arrive while a batch is being written are committed together in the next
        batch (see the module's note). A statement that fails fails only its own caller."""
        self._connection()
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queued.append(_Queued(sql, tuple(params), future))
        if self._writer is None:
            self._writer = asyncio.create_task(self._write_queued(), name="database writes")
        return await future

    async def _write_queued(self) -> None:
        try:
            while self._queued:
                batch, self._queued = self._queued, []
                try:
                    async with self._lock:
                        results = await _in_thread(self._connection(), _write_batch,
                                                   [(q.sql, q.params) for q in batch])
                except BaseException as exc:  # closed, broken, or this task cancelled
                    failure = exc if isinstance(exc, Exception) else RuntimeError(
                        "the write was interrupted")
                    for queued in batch:
                        _settle(queued.future, failure)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                for queued, result in zip(batch, results, strict=True):
                    _settle(queued.future, result)
        finally:
            self._writer = None
            for queued in self._queued:  # only when cancelled: nothing more is written
                _settle(queued.future, RuntimeError("the write was interrupted"))
            self._queued = []

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read-only transaction: a consistent snapshot across several SELECTs."""
        return self.transaction(write=False)

    async def close(self) -> None:
        """Close the connection (idempotent) once the queued statements are written; WAL
        contents are checkpointed by SQLite."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
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


@dataclass(frozen=True, slots=True)
class _Queued:
    sql: str
    params: tuple[Any, ...]
    future: asyncio.Future[int]


def _settle(future: asyncio.Future[int], result: int | BaseException) -> None:
    if future.done():  # its caller was cancelled meanwhile
        return
    if isinstance(result, BaseException):
        future.set_exception(result)
    else:
        future.set_result(result)


def _write_batch(conn: sqlite3.Connection,
                 statements: Sequence[tuple[str, tuple[Any, ...]]]) -> list[int | Exception]:
    """In the database thread: the statements in one transaction (a lone one needs none: SQLite
    makes it atomic). Should one fail, the transaction is rolled back and each is run alone, so
    only the failing one's caller hears of it."""
    if len(statements) > 1:
        try:
            conn.execute("BEGIN IMMEDIATE")
            counts: list[int | Exception] = [conn.execute(sql, params).rowcount
                                             for sql, params in statements]
            conn.execute("COMMIT")
            return counts
        except sqlite3.Error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    results: list[int | Exception] = []
    for sql, params in statements:
        try:
            results.append(conn.execute(sql, params).rowcount)
        except sqlite3.Error as exc:
            results.append(exc)
    return results


_T = TypeVar("_T")
_A = TypeVar("_A")


async def _in_thread(conn: aiosqlite.Connection,
                     fn: Callable[[sqlite3.Connection, _A], _T], arg: _A) -> _T:
    """Run `fn(sqlite3_connection, arg)` on the connection's own thread, in one trip.

    aiosqlite has no public call for several statements in one trip; `_execute` is how its own
    methods reach that thread (pinned in constraints.txt; tests/storage/test_database.py fails
    first should a new aiosqlite change it)."""
    return await conn._execute(fn, conn._conn, arg)  # type: ignore[no-untyped-call,no-any-return]


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
