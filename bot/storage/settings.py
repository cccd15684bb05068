"""Server and user settings: languages, colour-blind faces, a server's default rules.

Every process keeps them in memory (`bot.services.settings`), read on every click. With several
processes on one PostgreSQL, a change made in one must show in the others within a second: each
change is announced with NOTIFY in the transaction that makes it (so it is delivered exactly when
it commits, in commit order, and never for a change rolled back), carrying the new value, and
`watch` applies what the others announce. A short cache lifetime was the other choice: it would
re-read the settings on clicks all day long to catch the rare change, and still show a stale one
for up to its lifetime; LISTEN/NOTIFY costs one idle connection per process. SQLite serves one
process, so there is nothing to announce.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any

from ._json import decode, encode
from ._sql import Connection, SqlDatabase
from .postgres import PostgresDatabase, is_postgres
from .records import GuildSettings as GuildSettings
from .records import UserSettings as UserSettings

log = logging.getLogger(__name__)

CHANNEL = "uno_settings"  # the NOTIFY channel of settings changes


@dataclass(frozen=True, slots=True)
class UserForgotten:
    """`/uno forget-me`: the user's settings are gone."""

    user_id: int


SettingsChange = GuildSettings | UserSettings | UserForgotten


class SettingsRepository:
    def __init__(self, db: SqlDatabase) -> None:
        self._db = db

    async def watch(self, on_change: Callable[[SettingsChange], None],
                    on_gap: Callable[[], Awaitable[None]]) -> None:
        """Hear the changes other processes make from now on (PostgreSQL; nothing to hear with
        SQLite). `on_gap` runs when changes may have been missed (the listening connection was
        lost and is back): reload everything then."""
        if not isinstance(self._db, PostgresDatabase):
            return  # SQLite: this process is the only one

        def heard(payload: str) -> None:
            try:
                change = _decode_change(payload)
            except (ValueError, KeyError, TypeError):
                log.warning("ignored a settings change that does not parse: %r", payload)
                return
            on_change(change)

        await self._db.listen(CHANNEL, heard, on_gap)

    async def all_guilds(self) -> list[GuildSettings]:
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT guild_id, locale, preset, options, turn_timer, ai_takeover, turn_ping, "
                "tournament_role FROM guild_settings ORDER BY guild_id")
            return [_guild(row) for row in rows]

    async def all_users(self) -> list[UserSettings]:
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT user_id, locale, colorblind, dm_turns FROM user_settings "
                "ORDER BY user_id")
            return [UserSettings(int(r[0]), r[1], bool(r[2]), bool(r[3])) for r in rows]

    async def save_guild(self, settings: GuildSettings) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, locale, preset, options, turn_timer, "
                "ai_takeover, turn_ping, tournament_role) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET "
                "locale = excluded.locale, preset = excluded.preset, "
                "options = excluded.options, turn_timer = excluded.turn_timer, "
                "ai_takeover = excluded.ai_takeover, turn_ping = excluded.turn_ping, "
                "tournament_role = excluded.tournament_role",
                (settings.guild_id, settings.locale, settings.preset, encode(settings.options),
                 settings.turn_timer, int(settings.ai_takeover), settings.turn_ping,
                 settings.tournament_role))
            await self._announce(conn, settings)

    async def save_user(self, settings: UserSettings) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, locale, colorblind, dm_turns) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "locale = excluded.locale, colorblind = excluded.colorblind, "
                "dm_turns = excluded.dm_turns",
                (settings.user_id, settings.locale, int(settings.colorblind),
                 int(settings.dm_turns)))
            await self._announce(conn, settings)

    async def forget_user(self, user_id: int) -> None:
        async with self._db.transaction() as conn:
            await conn.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await self._announce(conn, UserForgotten(user_id))

    async def _announce(self, conn: Connection, change: SettingsChange) -> None:
        if is_postgres(self._db):
            await conn.execute("SELECT pg_notify(?, ?)", (CHANNEL, _encode_change(change)))


def _encode_change(change: SettingsChange) -> str:
    # Every field of the record, whatever fields it gains later.
    if isinstance(change, GuildSettings):
        return encode({"guild": asdict(change)})
    if isinstance(change, UserSettings):
        return encode({"user": asdict(change)})
    return encode({"forget": change.user_id})


def _decode_change(payload: str) -> SettingsChange:
    data = json.loads(payload)
    if "guild" in data:
        return GuildSettings(**data["guild"])
    if "user" in data:
        return UserSettings(**data["user"])
    return UserForgotten(int(data["forget"]))


def _guild(row: Any) -> GuildSettings:
    return GuildSettings(guild_id=int(row[0]), locale=row[1], preset=row[2],
                         options=decode(row[3]) if row[3] else {},
                         turn_timer=None if row[4] is None else int(row[4]),
                         ai_takeover=bool(row[5]), turn_ping=row[6],
                         tournament_role=None if row[7] is None else int(row[7]))
