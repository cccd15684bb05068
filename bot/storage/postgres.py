"""PostgreSQL (asyncpg): the store several bot processes share. `DATABASE_URL=postgresql://...`.

The repositories are the same classes as on SQLite (`GameRepository`, ...): they run their SQL
on the connection `transaction()` gives, which here rewrites `?` / `:name` placeholders to
PostgreSQL's `$1` and reports changed rows as aiosqlite does. What differs between the dialects
stays here:

- a pool of connections instead of SQLite's one, so transactions of different games run side by
  side (in this process and across processes);
- therefore a read-then-write transaction must lock what it read: `for_update()` adds
  `FOR UPDATE` to such a read (SQLite's write transactions already exclude each other), and
  `lock_keys()` takes transaction-scoped advisory locks (per channel around opening a lobby or a
  game in it, per guild around recording results and the ratings' read-modify-write; Discord ids
  are unique across kinds, so the keys never collide);
- migrations: the same numbered list, each script with its types mapped (`Migration`), under an
  advisory lock so processes starting together apply each once.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import asyncpg

from . import migrations as _migrations
from ._sql import Connection
from .migrations import MIGRATIONS, Migration

log = logging.getLogger(__name__)

SCHEMES = ("postgresql://", "postgres://")
POOL_SIZE = 10  # connections per process: transactions in flight at once
RELISTEN_SECONDS = 1.0  # between attempts to get a lost listening connection back
# A bot started with its database (Compose, a reboot) may come up first: it waits this long for
# the server to accept connections, trying again at growing intervals, before giving up.
CONNECT_WAIT = 60.0
_FIRST_RETRY, _LONGEST_RETRY = 0.25, 5.0
# Raised while a server is down or still starting ("the database system is starting up").
_NOT_UP_YET = (OSError, asyncpg.CannotConnectNowError)
_MIGRATION_LOCK = 0x554E4F  # the advisory lock key held while migrating ("UNO")


def is_url(target: object) -> bool:
    """Whether a DATABASE_URL names a PostgreSQL server (else it is an SQLite file)."""
    return isinstance(target, str) and target.startswith(SCHEMES)


# -- placeholders: ? and :name to $n, outside string literals

_TOKEN = re.compile(r"'(?:[^']|'')*'|\?|(?<![:\w]):([A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def _rewrite(sql: str) -> tuple[str, tuple[str, ...]]:
    """The statement with numbered placeholders, and for named ones the names in number order
    (the same name reuses its number)."""
    names: list[str] = []
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group(0)
        if token.startswith("'"):
            return token
        name = match.group(1)
        if name is None:
            count += 1
            return f"${count}"
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    rewritten = _TOKEN.sub(number, sql)
    if count and names:
        raise ValueError("a statement mixes ? and :name placeholders")
    return rewritten, tuple(names)


def _arguments(names: tuple[str, ...], parameters: Iterable[Any] | None) -> tuple[Any, ...]:
    if parameters is None:
        return ()
    if names:
        if not isinstance(parameters, Mapping):
            raise TypeError("named placeholders need a mapping of parameters")
        return tuple(parameters[name] for name in names)
    return tuple(parameters)


def _rowcount(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 3", "INSERT 0 1", "DELETE 0")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


@dataclass(frozen=True, slots=True)
class _Done:
    rowcount: int


class PgConnection:
    """An asyncpg connection inside a transaction, speaking like aiosqlite's (see `_sql`)."""

    def __init__(self, raw: asyncpg.Connection) -> None:
        self._raw = raw

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> _Done:
        query, names = _rewrite(sql)
        status: str = await self._raw.execute(query, *_arguments(names, parameters))
        return _Done(_rowcount(status))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None, /
                               ) -> list[Any]:
        query, names = _rewrite(sql)
        rows: list[Any] = await self._raw.fetch(query, *_arguments(names, parameters))
        return rows

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> _Done:
        query, names = _rewrite(sql)
        rows = [_arguments(names, p) for p in parameters]
        if rows:
            await self._raw.executemany(query, rows)
        return _Done(-1)


def is_postgres(db: object) -> bool:
    """Whether a database (or one of its connections) is PostgreSQL's, not SQLite's."""
    return isinstance(db, (PostgresDatabase, PgConnection))


def for_update(conn: Connection) -> str:
    """The suffix that locks the rows a write transaction reads before changing them: needed
    where writers run side by side (PostgreSQL), not where they take turns (SQLite)."""
    return " FOR UPDATE" if isinstance(conn, PgConnection) else ""


async def lock_keys(conn: Connection, keys: Iterable[int]) -> None:
    """Hold an advisory lock per key until the transaction ends (in ascending order, so two
    transactions never wait for each other's); nothing in SQLite, where writers take turns."""
    if isinstance(conn, PgConnection):
        for key in sorted(set(keys)):
            await conn.execute("SELECT pg_advisory_xact_lock(?)", (key,))


async def _pool_when_up(url: str, pool_size: int, wait: float) -> asyncpg.Pool:
    """A pool once the server accepts connections, trying for `wait` seconds; a wrong password
    or database name fails at once (waiting would not help)."""
    deadline = asyncio.get_running_loop().time() + wait
    pause = _FIRST_RETRY
    while True:
        try:
            # Statement caching stays on (asyncpg's default): every repository statement is one
            # of a few dozen texts, prepared once per connection.
            return await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        except _NOT_UP_YET as error:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise ConnectionError(f"PostgreSQL did not accept connections within {wait:g} s "
                                      f"({error}); is the server running and DATABASE_URL "
                                      "right?") from error
            log.warning("PostgreSQL is not up yet (%s); trying again in %.1f s", error, pause)
            await asyncio.sleep(min(pause, left))
            pause = min(pause * 2, _LONGEST_RETRY)


class PostgresDatabase:
    """An open, migrated PostgreSQL database: `db = await PostgresDatabase.open(url)`."""

    def __init__(self, pool: asyncpg.Pool, url: str, applied: Sequence[int] = ()) -> None:
        self._pool: asyncpg.Pool | None = pool
        self.url = url
        #: The migrations this open applied (empty when the schema was already current).
        self.applied: tuple[int, ...] = tuple(applied)
        self._listeners: list[_Listener] = []

    @classmethod
    async def open(cls, url: str, *, migrations: Sequence[Migration] = MIGRATIONS,
                   pool_size: int = POOL_SIZE, wait: float = CONNECT_WAIT) -> PostgresDatabase:
        pool = await _pool_when_up(url, pool_size, wait)
        try:
            async with pool.acquire() as raw:
                applied = await apply(raw, migrations)
        except BaseException:
            await pool.close()
            raise
        log.info("PostgreSQL database open (%d migration(s) applied)", len(applied))
        return cls(pool, url, applied)

    @property
    def closed(self) -> bool:
        return self._pool is None

    def _pool_or_fail(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the database is closed")
        return self._pool

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[PgConnection]:
        """A block in one transaction on a connection of its own: committed at the end, rolled
        back on any exception (a cancellation too). Reads see one snapshot (repeatable read)."""
        async with self._pool_or_fail().acquire() as raw:
            isolation = "read_committed" if write else "repeatable_read"
            async with raw.transaction(isolation=isolation, readonly=not write):
                yield PgConnection(raw)

    def read(self) -> AbstractAsyncContextManager[PgConnection]:
        """A read-only transaction: a consistent snapshot across several SELECTs."""
        return self.transaction(write=False)

    async def write_one(self, sql: str, params: Sequence[Any]) -> int:
        """One statement as its own transaction; the number of rows it changed."""
        query, names = _rewrite(sql)
        status: str = await self._pool_or_fail().execute(query, *_arguments(names, params))
        return _rowcount(status)

    async def listen(self, channel: str, on_payload: Callable[[str], None],
                     on_gap: Callable[[], Awaitable[None]]) -> None:
        """Call `on_payload` with each NOTIFY on `channel`, from any process, until closed. It
        listens on a connection of its own, outside the pool, idle all day; if that connection
        is lost it is opened again, then `on_gap` runs (what was sent meanwhile is lost)."""
        self._pool_or_fail()
        listener = _Listener(self.url, channel, on_payload, on_gap)
        await listener.start()
        self._listeners.append(listener)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        listeners, self._listeners = self._listeners, []
        for listener in listeners:
            await listener.close()
        if pool is not None:
            await pool.close()

    async def __aenter__(self) -> PostgresDatabase:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()


class _Listener:
    def __init__(self, url: str, channel: str, on_payload: Callable[[str], None],
                 on_gap: Callable[[], Awaitable[None]]) -> None:
        self._url, self._channel = url, channel
        self._on_payload, self._on_gap = on_payload, on_gap
        self._conn: asyncpg.Connection | None = None
        self._closing = False
        self._back: asyncio.Task[None] | None = None

    async def start(self) -> None:
        conn = await asyncpg.connect(self._url)
        await conn.add_listener(self._channel, self._heard)
        conn.add_termination_listener(self._lost)
        self._conn = conn

    def _heard(self, conn: object, pid: int, channel: str, payload: str) -> None:
        self._on_payload(payload)

    def _lost(self, conn: object) -> None:
        if not self._closing and self._back is None:
            log.warning("lost the connection listening on %s; opening it again", self._channel)
            self._back = asyncio.get_running_loop().create_task(self._come_back())

    async def _come_back(self) -> None:
        try:
            while not self._closing:
                await asyncio.sleep(RELISTEN_SECONDS)
                try:
                    await self.start()
                except (OSError, asyncpg.PostgresError) as exc:
                    log.warning("listening on %s again failed: %s", self._channel, exc)
                    continue
                await self._on_gap()
                return
        finally:
            self._back = None

    async def close(self) -> None:
        self._closing = True
        if self._back is not None:
            self._back.cancel()
        if self._conn is not None and not self._conn.is_closed():
            await self._conn.close()


async def apply(raw: asyncpg.Connection,
                migrations: Sequence[Migration] = MIGRATIONS) -> list[int]:
    """Apply the migrations this database lacks, in one transaction (PostgreSQL's DDL is
    transactional); return their numbers. The advisory lock makes a second process starting at
    the same moment wait, then find them applied."""
    _migrations.check(migrations)
    async with raw.transaction():
        await raw.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await raw.execute(_migrations.to_postgres(_migrations.CREATE_LEDGER))
        rows = await raw.fetch("SELECT version, name FROM schema_migrations")
        pending = _migrations.verify({int(r[0]): str(r[1]) for r in rows}, migrations)
        for migration in pending:
            await raw.execute(migration.postgres_script())
            await raw.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                              migration.version, migration.name)
    _migrations.log_applied(pending)
    return [m.version for m in pending]
