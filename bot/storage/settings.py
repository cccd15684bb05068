"""Server and user settings: languages, colour-blind faces, a server's default rules."""

from __future__ import annotations

from typing import Any

from ._json import decode, encode
from .database import Database
from .records import GuildSettings as GuildSettings
from .records import UserSettings as UserSettings


class SettingsRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def all_guilds(self) -> list[GuildSettings]:
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT guild_id, locale, preset, options, turn_timer, ai_takeover "
                "FROM guild_settings")
            return [_guild(row) for row in rows]

    async def all_users(self) -> list[UserSettings]:
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT user_id, locale, colorblind FROM user_settings")
            return [UserSettings(int(r[0]), r[1], bool(r[2])) for r in rows]

    async def save_guild(self, settings: GuildSettings) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, locale, preset, options, turn_timer, "
                "ai_takeover) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "locale = excluded.locale, preset = excluded.preset, "
                "options = excluded.options, turn_timer = excluded.turn_timer, "
                "ai_takeover = excluded.ai_takeover",
                (settings.guild_id, settings.locale, settings.preset, encode(settings.options),
                 settings.turn_timer, int(settings.ai_takeover)))

    async def save_user(self, settings: UserSettings) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, locale, colorblind) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, "
                "colorblind = excluded.colorblind",
                (settings.user_id, settings.locale, int(settings.colorblind)))

    async def forget_user(self, user_id: int) -> None:
        async with self._db.transaction() as conn:
            await conn.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))


def _guild(row: Any) -> GuildSettings:
    return GuildSettings(guild_id=int(row[0]), locale=row[1], preset=row[2],
                         options=decode(row[3]) if row[3] else {},
                         turn_timer=None if row[4] is None else int(row[4]),
                         ai_takeover=bool(row[5]))
