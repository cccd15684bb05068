"""Numbered schema migrations, applied once each at open and recorded in `schema_migrations`.

A migration is never edited once released: a change to the schema is a new, higher number. The
list lives in code (not in `.sql` files) so it ships with the package without package-data setup.
Migrations run inside one transaction, so `PRAGMA foreign_keys` and other pragmas that are
no-ops inside a transaction do not belong in them.

Each migration serves both dialects: PostgreSQL runs the same script with SQLite's storage classes
mapped to its types (`postgres_script`), unless the migration gives its own `postgres` text (for
a step whose SQL differs). `bot.storage.postgres` applies them there, with the same ledger and the
same checks (`verify`).
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from ._tx import rollback
from .errors import MigrationError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: its number (1, 2, ... in order), a short name, and its SQL script;
    `postgres` only when PostgreSQL needs other SQL than the mapped script."""

    version: int
    name: str
    sql: str
    postgres: str | None = None

    def postgres_script(self) -> str:
        return self.postgres if self.postgres is not None else to_postgres(self.sql)


# SQLite's INTEGER is up to 64 bits (Discord ids need them) and REAL is a double: PostgreSQL's
# INTEGER and REAL are half that. TEXT is TEXT in both.
_POSTGRES_TYPES = {"INTEGER": "BIGINT", "REAL": "DOUBLE PRECISION"}
_TYPE_WORD = re.compile(r"\b(INTEGER|REAL)\b")


def to_postgres(script: str) -> str:
    """A schema script written for SQLite, with its column types mapped to PostgreSQL's."""
    return _TYPE_WORD.sub(lambda m: _POSTGRES_TYPES[m.group(1)], script)


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

_0004_SCORING = """
-- Issue 7. Rounds and matches in their own terms (C-8 points, H-7 loser, H-14 own-hand totals),
-- who played and how each did; then what the leaderboards read, kept up to date in the same
-- transaction as each record so a page is one range read of an index.
ALTER TABLE rounds ADD COLUMN scoring TEXT NOT NULL DEFAULT 'standard'; -- standard|lazy|penalty
ALTER TABLE rounds ADD COLUMN preset TEXT NOT NULL DEFAULT 'classic';
ALTER TABLE rounds ADD COLUMN loser_id INTEGER;  -- H-7's loser; H-12's last player with cards
-- Now one row per player of the round. A negative user_id is an anonymous seat (-1 - seat).
ALTER TABLE round_points ADD COLUMN seat INTEGER NOT NULL DEFAULT 0;
ALTER TABLE round_points ADD COLUMN penalty INTEGER NOT NULL DEFAULT 0;  -- H-14: own hand
ALTER TABLE round_points ADD COLUMN place INTEGER;  -- finishing order; NULL: still held cards

ALTER TABLE matches ADD COLUMN preset TEXT NOT NULL DEFAULT 'classic';
ALTER TABLE matches ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
ALTER TABLE matches ADD COLUMN scoring TEXT NOT NULL DEFAULT 'standard';
ALTER TABLE matches ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0;  -- won as the last one left
ALTER TABLE matches ADD COLUMN started_at REAL;

CREATE TABLE match_players (
    game_id         TEXT    NOT NULL REFERENCES matches (game_id) ON DELETE CASCADE,
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,  -- negative: an anonymous seat (-1 - seat)
    seat            INTEGER NOT NULL,
    place           INTEGER NOT NULL,  -- 1 = winner; those who left (C-10) after all who stayed
    won             INTEGER NOT NULL,
    forfeited       INTEGER NOT NULL,
    points          INTEGER NOT NULL,  -- final C-8 total (standard scoring), else 0
    penalty         INTEGER NOT NULL,  -- final H-14 total (penalty scoring), else 0
    uno_missed      INTEGER NOT NULL,
    challenges_won  INTEGER NOT NULL,
    challenges_lost INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, seat)
);
CREATE INDEX match_players_user ON match_players (user_id);

CREATE TABLE match_colors (
    game_id TEXT    NOT NULL REFERENCES matches (game_id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    color   TEXT    NOT NULL,
    named   INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id, color)
);

-- Per server, per period ('all' or a UTC month 'YYYY-MM') and preset ('any' or one preset).
CREATE TABLE player_totals (
    guild_id        INTEGER NOT NULL,
    period          TEXT    NOT NULL,
    preset          TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    matches         INTEGER NOT NULL DEFAULT 0,
    wins            INTEGER NOT NULL DEFAULT 0,
    forfeits        INTEGER NOT NULL DEFAULT 0,
    scored_matches  INTEGER NOT NULL DEFAULT 0,  -- standard-scoring matches ...
    match_points    INTEGER NOT NULL DEFAULT 0,  -- ... and their final totals (average points)
    points          INTEGER NOT NULL DEFAULT 0,  -- C-8 points of every round (the points board)
    rounds_won      INTEGER NOT NULL DEFAULT 0,
    rounds_lost     INTEGER NOT NULL DEFAULT 0,  -- H-7
    penalty_matches INTEGER NOT NULL DEFAULT 0,  -- H-14 matches ...
    penalty_points  INTEGER NOT NULL DEFAULT 0,  -- ... and their final totals
    uno_missed      INTEGER NOT NULL DEFAULT 0,
    challenges_won  INTEGER NOT NULL DEFAULT 0,
    challenges_lost INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, period, preset, user_id)
);
CREATE INDEX player_totals_wins ON player_totals (guild_id, period, preset, wins DESC, matches,
                                                  user_id);
CREATE INDEX player_totals_points ON player_totals (guild_id, period, preset, points DESC,
                                                    user_id);

CREATE TABLE player_colors (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    color    TEXT    NOT NULL,
    named    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, color)
);

-- A player as a server knows them: the name they last played under and their openskill rating
-- (all-time; `ordinal` = mu - 3 sigma is what the rating board sorts by).
CREATE TABLE guild_players (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    ordinal  REAL    NOT NULL,
    rated    INTEGER NOT NULL DEFAULT 0,  -- matches rated
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX guild_players_rating ON guild_players (guild_id, ordinal DESC, user_id);
CREATE INDEX guild_players_user ON guild_players (user_id);
"""

_0005_SETTINGS = """
-- A server's choices: its language (over Discord's) and its default rules for new lobbies.
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    locale     TEXT,
    preset     TEXT,
    options    TEXT,
    turn_timer INTEGER
);
-- A user's choices, the same in every server: language and colour-blind card faces.
CREATE TABLE user_settings (
    user_id    INTEGER PRIMARY KEY,
    locale     TEXT,
    colorblind INTEGER NOT NULL DEFAULT 0
);
"""

_0006_AI_TAKEOVER = """
-- Issue 19: whether an AI player takes over the seat of a player who leaves or idles out.
ALTER TABLE guild_settings ADD COLUMN ai_takeover INTEGER NOT NULL DEFAULT 0;
"""

_0007_TURN_PINGS = """
-- Issue 18: turn pings that notify. When a server pings the player its tables wait for
-- ('always', 'never', or seconds of waiting; NULL: the default), and whether a user also wants
-- a direct message.
ALTER TABLE guild_settings ADD COLUMN turn_ping TEXT;
ALTER TABLE user_settings ADD COLUMN dm_turns INTEGER NOT NULL DEFAULT 0;
"""

_0008_TOURNAMENTS = """
-- Issue 31: a server's tournaments. `state` is the bot's JSON document of one tournament (its
-- sign-ups, rounds, tables and boards), saved whole under `version`; one tournament per server
-- is not over at a time. `tournament_results` is each player's final line, for /uno stats.
CREATE TABLE tournaments (
    tournament_id TEXT    PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    host_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    ended         INTEGER NOT NULL DEFAULT 0,
    state         TEXT    NOT NULL,
    version       INTEGER NOT NULL,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);
CREATE UNIQUE INDEX tournaments_running ON tournaments (guild_id) WHERE ended = 0;
CREATE TABLE tournament_results (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    place         INTEGER NOT NULL,
    players       INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    finished_at   REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_results_player ON tournament_results (guild_id, user_id);
"""

_0009_TOURNAMENT_ROLE = """
-- Issue 31: a role whose members may open tournaments besides those with Manage Server (NULL:
-- Manage Server only).
ALTER TABLE guild_settings ADD COLUMN tournament_role INTEGER;
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial", _0001_INITIAL),
    Migration(2, "stats", _0002_STATS),
    Migration(3, "table_meta", _0003_TABLE_META),
    Migration(4, "scoring", _0004_SCORING),
    Migration(5, "settings", _0005_SETTINGS),
    Migration(6, "ai_takeover", _0006_AI_TAKEOVER),
    Migration(7, "turn_pings", _0007_TURN_PINGS),
    Migration(8, "tournaments", _0008_TOURNAMENTS),
    Migration(9, "tournament_role", _0009_TOURNAMENT_ROLE),
)

CREATE_LEDGER = """
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
        await conn.execute(CREATE_LEDGER)
        rows = await conn.execute_fetchall("SELECT version, name FROM schema_migrations")
        pending = verify({int(row[0]): str(row[1]) for row in rows}, migrations)
        done: list[int] = []
        for migration in pending:
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
    log_applied(pending)
    return done


def verify(applied: dict[int, str], migrations: Sequence[Migration]) -> list[Migration]:
    """The migrations still to apply, given the ledger's {version: name}; refuse a database
    written by a newer bot, or whose migration names differ from the code's."""
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
    return [m for m in migrations if m.version not in applied]


def log_applied(migrations: Sequence[Migration]) -> None:
    for migration in migrations:
        log.info("applied migration %04d_%s", migration.version, migration.name)
