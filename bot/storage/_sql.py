"""What the SQL repositories need from a database, whichever it is: the SQLite `Database`
(aiosqlite) and `PostgresDatabase` (asyncpg) both give this, so the repositories' SQL is written
once. Statements use `?` (or `:name`) placeholders; the PostgreSQL connection rewrites them.

Rows are indexable by position and by column name (`sqlite3.Row`, `asyncpg.Record`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import asyncpg

# A broken UNIQUE or PRIMARY KEY constraint: a race with another writer, which the repositories
# turn into their own refusal (`ChannelBusy`).
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (
    sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...


class Connection(Protocol):
    """One connection inside an open transaction."""

    def execute(self, sql: str, parameters: Iterable[Any] | None = None, /
                ) -> Awaitable[Cursor]: ...

    def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None, /
                         ) -> Awaitable[Iterable[Any]]: ...

    def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /
                    ) -> Awaitable[Cursor]: ...


class SqlDatabase(Protocol):
    """An open, migrated database the repositories share (`bot.storage.postgres.is_postgres`
    tells the two apart where their SQL must differ)."""

    def transaction(self, *, write: bool = True) -> AbstractAsyncContextManager[Connection]:
        ...

    def read(self) -> AbstractAsyncContextManager[Connection]: ...

    async def write_one(self, sql: str, params: Sequence[Any]) -> int: ...
