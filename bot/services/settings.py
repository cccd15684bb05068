"""Languages and display choices: who sees which language, and server default rules.

Resolution: a user's own choice, then the server's, then the user's Discord language,
then English; the public table: the server's choice, then Discord's server language. Belarusian
has no Discord client locale, so it is reached only through these settings.

The settings are few and read on every click, so this process keeps them in memory (loaded at
start, written through). With several processes on PostgreSQL, the changes the others make are
applied here as they commit (`changed`, see `bot.storage.settings` for why LISTEN/NOTIFY).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from bot.i18n import get_translator
from bot.storage import GuildSettings, SettingsStore, UserSettings
from bot.storage.settings import SettingsChange, UserForgotten

from .errors import Refusal


class SettingsService:
    def __init__(self, repo: SettingsStore) -> None:
        self._repo = repo
        self._guilds: dict[int, GuildSettings] = {}
        self._users: dict[int, UserSettings] = {}
        self._heard_while_loading: list[SettingsChange] | None = None

    async def load(self) -> None:
        # What other processes change while this reads may be missing from what it reads:
        # heard meanwhile, those changes are applied again after it (in commit order).
        self._heard_while_loading = []
        try:
            guilds = await self._repo.all_guilds()
            users = await self._repo.all_users()
        finally:
            heard, self._heard_while_loading = self._heard_while_loading, None
        self._guilds = {g.guild_id: g for g in guilds}
        self._users = {u.user_id: u for u in users}
        for change in heard:
            self.changed(change)

    def changed(self, change: SettingsChange) -> None:
        """A change another process made (or this one's own, heard back: the same value)."""
        if self._heard_while_loading is not None:
            self._heard_while_loading.append(change)
        if isinstance(change, GuildSettings):
            self._guilds[change.guild_id] = change
        elif isinstance(change, UserSettings):
            self._users[change.user_id] = change
        elif isinstance(change, UserForgotten):
            self._users.pop(change.user_id, None)

    # -- reading (synchronous: every click asks)

    def guild(self, guild_id: int | None) -> GuildSettings:
        return self._guilds.get(guild_id or 0) or GuildSettings(guild_id or 0)

    def user(self, user_id: int) -> UserSettings:
        return self._users.get(user_id) or UserSettings(user_id)

    def user_locale(self, user_id: int, guild_id: int | None, discord_locale: object) -> str:
        tr = get_translator()
        chosen = self.user(user_id).locale or self.guild(guild_id).locale
        return tr.resolve(chosen if chosen else discord_locale)

    def guild_locale(self, guild_id: int | None, discord_locale: object) -> str:
        return get_translator().resolve(self.guild(guild_id).locale or discord_locale or "en")

    def colorblind(self, user_id: int) -> bool:
        return self.user(user_id).colorblind

    def may_open_tournaments(self, guild_id: int | None, *, manage_guild: bool,
                             role_ids: Iterable[int]) -> bool:
        """Issue 31: Manage Server, or the role the server chose for tournaments."""
        role = self.guild(guild_id).tournament_role
        return manage_guild or (role is not None and role in role_ids)

    # -- changing

    async def set_user(self, user_id: int, *, locale: str | None | object = ...,
                       colorblind: bool | None = None,
                       dm_turns: bool | None = None) -> UserSettings:
        current = self.user(user_id)
        changes: dict[str, Any] = {}
        if locale is not ...:
            changes["locale"] = _checked_locale(locale)
        if colorblind is not None:
            changes["colorblind"] = colorblind
        if dm_turns is not None:
            changes["dm_turns"] = dm_turns
        updated = replace(current, **changes)
        await self._repo.save_user(updated)
        self._users[user_id] = updated
        return updated

    async def set_guild(self, guild_id: int, **changes: Any) -> GuildSettings:
        if "locale" in changes:
            changes["locale"] = _checked_locale(changes["locale"])
        updated = replace(self.guild(guild_id), **changes)
        await self._repo.save_guild(updated)
        self._guilds[guild_id] = updated
        return updated

    async def forget_user(self, user_id: int) -> None:
        await self._repo.forget_user(user_id)
        self._users.pop(user_id, None)


def _checked_locale(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in get_translator().locales:
        raise Refusal("settings.unknown_language")
    return value
