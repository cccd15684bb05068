"""Numbered migrations: applied once each, in order, recorded; later ones on the next open."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import MIGRATIONS, Database, Migration, MigrationError
from bot.storage.migrations import split_statements

EXTRA = Migration(len(MIGRATIONS) + 1, "nicknames",
                  "CREATE TABLE nicknames (user_id INTEGER PRIMARY KEY, nick TEXT NOT NULL);")


async def _ledger(db: Database) -> list[tuple[int, str]]:
    async with db.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT version, name FROM schema_migrations ORDER BY version"
        )
        return [(int(r[0]), str(r[1])) for r in rows]


async def _tables(db: Database) -> set[str]:
    async with db.read() as conn:
        rows = await conn.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {str(r[0]) for r in rows}


async def test_a_new_database_gets_every_migration_once(db_path: Path) -> None:
    async with Database.open(db_path) as db:
        assert db.applied == tuple(m.version for m in MIGRATIONS)
        assert await _ledger(db) == [(m.version, m.name) for m in MIGRATIONS]
        assert {"lobbies", "lobby_players", "games", "rounds", "matches"} <= await _tables(db)


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    async with Database.open(db_path):
        pass
    async with Database.open(db_path) as db:
        assert db.applied == ()
        assert await _ledger(db) == [(m.version, m.name) for m in MIGRATIONS]


async def test_a_migration_added_later_is_applied_on_the_next_open(db_path: Path) -> None:
    async with Database.open(db_path):
        pass
    async with Database.open(db_path, migrations=(*MIGRATIONS, EXTRA)) as db:
        assert db.applied == (EXTRA.version,)
        assert "nicknames" in await _tables(db)
    async with Database.open(db_path, migrations=(*MIGRATIONS, EXTRA)) as db:
        assert db.applied == ()


async def test_a_failing_migration_leaves_nothing_behind(db_path: Path) -> None:
    broken = Migration(len(MIGRATIONS) + 1, "broken",
                       "CREATE TABLE half (x INTEGER);\nINSERT INTO missing VALUES (1);")
    with pytest.raises(Exception, match="missing"):
        await Database.open(db_path, migrations=(*MIGRATIONS, broken))
    async with Database.open(db_path) as db:  # all of it was rolled back, ledger included
        assert db.applied == tuple(m.version for m in MIGRATIONS)
        assert "half" not in await _tables(db)


async def test_a_database_from_a_newer_bot_is_refused(db_path: Path) -> None:
    async with Database.open(db_path, migrations=(*MIGRATIONS, EXTRA)):
        pass
    with pytest.raises(MigrationError, match="newer"):
        await Database.open(db_path)


async def test_a_renamed_migration_is_refused(db_path: Path) -> None:
    async with Database.open(db_path):
        pass
    renamed = (Migration(1, "other", MIGRATIONS[0].sql), *MIGRATIONS[1:])
    with pytest.raises(MigrationError, match="'initial' in the database"):
        await Database.open(db_path, migrations=renamed)


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
