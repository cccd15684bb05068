"""Numbered schema migrations, applied once each at open and recorded in `schema_migrations`.

A migration is never edited once released: a change to the schema is a new, higher number. The
list lives in code (not in `.sql` files) so it ships with the package without package-data setup.
Migrations run inside one transaction, so `PRAGMA foreign_keys` and other pragmas that are
no-ops inside a transaction do not belong in them.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from ._tx import rollback
from .errors import MigrationError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: its number (1, 2, ... in order), a short name, and its SQL script."""

    version: int
    name: str
    sql: str


_0001_INITIAL = """
-- One lobby per channel; players in join order (seat rises with each join).
CREATE TABLE lobbies (
    channel_id  INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    preset      TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    turn_timer  INTEGER NOT NULL,
    created_at  REAL    NOT NULL,
    expires_at  REAL    NOT NULL,
    message_id  INTEGER
);
CREATE INDEX lobbies_expires_at ON lobbies (expires_at);

CREATE TABLE lobby_players (
    channel_id  INTEGER NOT NULL REFERENCES lobbies (channel_id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id),
    UNIQUE (channel_id, seat)
);

-- One game per channel; `state` is the engine dump as JSON text, `version` its action count.
CREATE TABLE games (
    game_id       TEXT    PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL UNIQUE,
    state         TEXT    NOT NULL,
    version       INTEGER NOT NULL,
    message_id    INTEGER,
    turn_deadline REAL,
    finished      INTEGER NOT NULL DEFAULT 0,
    updated_at    REAL    NOT NULL
);
CREATE INDEX games_unfinished ON games (finished);
"""

_0002_STATS = """
-- Finished rounds and matches, keyed by game so recording one twice changes nothing.
CREATE TABLE rounds (
    game_id     TEXT    NOT NULL,
    round       INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    winner_id   INTEGER,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, round)
);

CREATE TABLE round_points (
    game_id  TEXT    NOT NULL,
    round    INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    points   INTEGER NOT NULL,
    PRIMARY KEY (game_id, round, user_id),
    FOREIGN KEY (game_id, round) REFERENCES rounds (game_id, round) ON DELETE CASCADE
);
CREATE INDEX round_points_guild_user ON round_points (guild_id, user_id);
CREATE INDEX rounds_guild_winner ON rounds (guild_id, winner_id);

CREATE TABLE matches (
    game_id     TEXT    PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    winner_id   INTEGER,
    finished_at REAL    NOT NULL
);
CREATE INDEX matches_guild_winner ON matches (guild_id, winner_id);
"""

_0003_TABLE_META = """
-- The name a player joined with: the table shows names without asking Discord for members.
ALTER TABLE lobby_players ADD COLUMN name TEXT NOT NULL DEFAULT '';
-- What the bot keeps beside the engine state: display names, the table's language, the turn
-- timer, timeouts in a row, recent events (JSON, owned by the game manager).
ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
-- Small process-wide facts, e.g. the fingerprint of the last command sync.
CREATE TABLE bot_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial", _0001_INITIAL),
    Migration(2, "stats", _0002_STATS),
    Migration(3, "table_meta", _0003_TABLE_META),
)

_CREATE_LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP
)
"""


def split_statements(script: str) -> list[str]:
    """Cut a script into single statements (trigger bodies stay whole).

    `executescript` would commit the open transaction first, so migrations run statement by
    statement inside ours instead.
    """
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if _has_code(statement):
                statements.append(statement)
            buffer = ""
    if _has_code(buffer):
        raise MigrationError(f"incomplete SQL statement at the end of a script: {buffer.strip()!r}")
    return statements


def _has_code(text: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in text.splitlines())
    return any(line and line != ";" for line in lines)


def check(migrations: Sequence[Migration]) -> None:
    """Refuse a list that is not numbered 1, 2, 3 ... in order (a gap hides a lost migration)."""
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"migrations must be numbered 1, 2, ... in order; "
                f"found {migration.version} at position {expected}"
            )


async def apply(
    conn: aiosqlite.Connection, migrations: Sequence[Migration] = MIGRATIONS
) -> list[int]:
    """Apply the migrations this database lacks, in one transaction; return their numbers.

    `BEGIN IMMEDIATE` takes the write lock before reading the ledger, so two processes starting
    together cannot both apply the same migration.
    """
    check(migrations)
    try:
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute(_CREATE_LEDGER)
        rows = await conn.execute_fetchall("SELECT version, name FROM schema_migrations")
        applied = {int(row[0]): str(row[1]) for row in rows}
        known = {m.version: m for m in migrations}
        for version, name in sorted(applied.items()):
            if version not in known:
                raise MigrationError(
                    f"the database has migration {version} ({name}) that this code does not "
                    f"know: it was written by a newer version of the bot"
                )
            if known[version].name != name:
                raise MigrationError(
                    f"migration {version} is {name!r} in the database but "
                    f"{known[version].name!r} in the code"
                )
        done: list[int] = []
        for migration in migrations:
            if migration.version in applied:
                continue
            for statement in split_statements(migration.sql):
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
                (migration.version, migration.name),
            )
            done.append(migration.version)
        await conn.execute("COMMIT")
    except BaseException:
        await rollback(conn)
        raise
    for version in done:
        log.info("applied migration %04d_%s", version, known[version].name)
    return done
