"""Numbered migrations: applied once each, in order, recorded; later ones on the next open. The
same list serves SQLite and PostgreSQL (types mapped), and both keep the same ledger and checks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.storage import MIGRATIONS, Database, Migration, MigrationError
from bot.storage.migrations import split_statements, to_postgres
from bot.storage.postgres import PostgresDatabase, is_postgres
from tests.conftest import fresh_database
from tests.pg_cluster import Cluster

EXTRA = Migration(len(MIGRATIONS) + 1, "nicknames",
                  "CREATE TABLE nicknames (user_id INTEGER PRIMARY KEY, nick TEXT NOT NULL);")

SqlDb = Database | PostgresDatabase
Opener = Callable[..., Any]  # open(migrations=...) -> an awaitable, async-with-able database


@pytest.fixture(params=["sqlite", "postgresql"])
async def open_db(request: pytest.FixtureRequest, db_path: Path,
                  postgres_cluster: Cluster | None) -> AsyncIterator[Opener]:
    """Opens one database (a new file, or a new empty PostgreSQL database), as often as asked."""
    if request.param == "sqlite":
        yield lambda migrations=MIGRATIONS: Database.open(db_path, migrations=migrations)
        return
    async with fresh_database(postgres_cluster, migrated=False) as url:
        yield lambda migrations=MIGRATIONS: _PgOpening(url, migrations)


class _PgOpening:
    """`PostgresDatabase.open` as `Database.open` is used here: awaited, or with `async with`."""

    def __init__(self, url: str, migrations: Sequence[Migration]) -> None:
        self.url, self.migrations = url, migrations
        self.db: PostgresDatabase | None = None

    def __await__(self) -> Any:
        return PostgresDatabase.open(self.url, migrations=self.migrations).__await__()

    async def __aenter__(self) -> PostgresDatabase:
        self.db = await PostgresDatabase.open(self.url, migrations=self.migrations)
        return self.db

    async def __aexit__(self, *exc: object) -> None:
        assert self.db is not None
        await self.db.close()


async def _ledger(db: SqlDb) -> list[tuple[int, str]]:
    async with db.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT version, name FROM schema_migrations ORDER BY version"
        )
        return [(int(r[0]), str(r[1])) for r in rows]


async def _tables(db: SqlDb) -> set[str]:
    sql = ("SELECT tablename FROM pg_tables WHERE schemaname = 'public'" if is_postgres(db)
           else "SELECT name FROM sqlite_master WHERE type = 'table'")
    async with db.read() as conn:
        rows = await conn.execute_fetchall(sql)
        return {str(r[0]) for r in rows}


async def test_a_new_database_gets_every_migration_once(open_db: Opener) -> None:
    async with open_db() as db:
        assert db.applied == tuple(m.version for m in MIGRATIONS)
        assert await _ledger(db) == [(m.version, m.name) for m in MIGRATIONS]
        assert {"lobbies", "lobby_players", "games", "rounds", "matches"} <= await _tables(db)


async def test_reopening_applies_nothing_twice(open_db: Opener) -> None:
    async with open_db():
        pass
    async with open_db() as db:
        assert db.applied == ()
        assert await _ledger(db) == [(m.version, m.name) for m in MIGRATIONS]


async def test_a_migration_added_later_is_applied_on_the_next_open(open_db: Opener) -> None:
    async with open_db():
        pass
    async with open_db(migrations=(*MIGRATIONS, EXTRA)) as db:
        assert db.applied == (EXTRA.version,)
        assert "nicknames" in await _tables(db)
    async with open_db(migrations=(*MIGRATIONS, EXTRA)) as db:
        assert db.applied == ()


async def test_a_failing_migration_leaves_nothing_behind(open_db: Opener) -> None:
    broken = Migration(len(MIGRATIONS) + 1, "broken",
                       "CREATE TABLE half (x INTEGER);\nINSERT INTO missing VALUES (1);")
    with pytest.raises(Exception, match="missing"):
        await open_db(migrations=(*MIGRATIONS, broken))
    async with open_db() as db:  # all of it was rolled back, ledger included
        assert db.applied == tuple(m.version for m in MIGRATIONS)
        assert "half" not in await _tables(db)


async def test_a_database_from_a_newer_bot_is_refused(open_db: Opener) -> None:
    async with open_db(migrations=(*MIGRATIONS, EXTRA)):
        pass
    with pytest.raises(MigrationError, match="newer"):
        await open_db()


async def test_a_renamed_migration_is_refused(open_db: Opener) -> None:
    async with open_db():
        pass
    renamed = (Migration(1, "other", MIGRATIONS[0].sql), *MIGRATIONS[1:])
    with pytest.raises(MigrationError, match="'initial' in the database"):
        await open_db(migrations=renamed)


async def test_ids_and_times_get_postgresql_types_wide_enough(postgres_url: str) -> None:
    """SQLite's INTEGER holds 64 bits and REAL is a double; mapped, PostgreSQL keeps both (a
    Discord id needs more than 32 bits)."""
    assert to_postgres("a INTEGER, b REAL, c TEXT, INTEGERS") == \
        "a BIGINT, b DOUBLE PRECISION, c TEXT, INTEGERS"
    async with await PostgresDatabase.open(postgres_url) as db, db.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_name = 'games' AND column_name IN ('channel_id', 'turn_deadline')")
    assert dict((r[0], r[1]) for r in rows) == {"channel_id": "bigint",
                                                 "turn_deadline": "double precision"}


@pytest.mark.parametrize("versions", [(1, 3), (2,), (1, 1)])
async def test_numbers_must_run_1_2_3(db_path: Path, versions: tuple[int, ...]) -> None:
    migrations = [Migration(v, f"m{i}", "SELECT 1;") for i, v in enumerate(versions)]
    with pytest.raises(MigrationError, match="numbered"):
        await Database.open(db_path, migrations=migrations)


def test_scripts_split_into_statements_keeping_triggers_whole() -> None:
    script = """
    -- a comment
    CREATE TABLE a (x INTEGER); -- trailing
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        UPDATE a SET x = x + 1; DELETE FROM a WHERE x > 9;
    END;
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


def test_an_unfinished_statement_is_refused() -> None:
    with pytest.raises(MigrationError):
        split_statements("CREATE TABLE a (x INTEGER)")
