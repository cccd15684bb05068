"""The only reader of the environment: the bot's whole configuration, as one frozen value."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

MAX_AI_DELAY = 10.0  # seconds: longer would feel like a stuck table


class SettingsError(Exception):
    """A configuration problem the operator must fix; its message is one line meant for them."""


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    ai_delay: float = 1.5  # seconds an AI player waits before it acts (issue 19)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token "
                "there (Discord Developer Portal > your application > Bot > Reset Token)."
            )
        guild = env.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
        level = (env.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        delay = env.get("AI_MOVE_DELAY", "").strip() or "1.5"
        try:
            ai_delay = float(delay)
        except ValueError:
            ai_delay = -1.0
        if not 0 <= ai_delay <= MAX_AI_DELAY:
            raise SettingsError(f"AI_MOVE_DELAY must be seconds from 0 to {MAX_AI_DELAY:g}, "
                                f"not {delay!r}.")
        return cls(
            discord_token=token,
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "uno.db"),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_delay=ai_delay,
        )
