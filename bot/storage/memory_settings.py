"""`SettingsRepository` and `BotStateRepository` without SQL, over a `MemoryDatabase` (see
bot/storage/memory.py)."""

from __future__ import annotations

from ._json import decode, encode
from .memory_rows import MemoryDatabase
from .records import GuildSettings, UserSettings


class MemorySettingsRepository:
    """`SettingsRepository` without SQL."""

    def __init__(self, db: MemoryDatabase) -> None:
        self._db = db

    async def all_guilds(self) -> list[GuildSettings]:
        return [GuildSettings(guild_id=guild, locale=locale, preset=preset,
                              options=decode(options) if options else {}, turn_timer=timer,
                              ai_takeover=takeover, turn_ping=ping, tournament_role=role)
                for guild, (locale, preset, options, timer, takeover, ping, role)
                in sorted(self._db.guild_settings.items())]

    async def all_users(self) -> list[UserSettings]:
        return [UserSettings(user, locale, colorblind, dm_turns)
                for user, (locale, colorblind, dm_turns)
                in sorted(self._db.user_settings.items())]

    async def save_guild(self, settings: GuildSettings) -> None:
        self._db.guild_settings[int(settings.guild_id)] = (
            settings.locale, settings.preset, encode(settings.options),
            None if settings.turn_timer is None else int(settings.turn_timer),
            bool(settings.ai_takeover), settings.turn_ping,
            None if settings.tournament_role is None else int(settings.tournament_role))

    async def save_user(self, settings: UserSettings) -> None:
        self._db.user_settings[int(settings.user_id)] = (
            settings.locale, bool(settings.colorblind), bool(settings.dm_turns))

    async def forget_user(self, user_id: int) -> None:
        self._db.user_settings.pop(user_id, None)


class MemoryBotStateRepository:
    """`BotStateRepository` without SQL."""

    def __init__(self, db: MemoryDatabase) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        return self._db.bot_state.get(key)

    async def set(self, key: str, value: str) -> None:
        self._db.bot_state[key] = str(value)
