"""The only reader of the environment: the bot's whole configuration, as one frozen value."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class SettingsError(Exception):
    """A configuration problem the operator must fix; its message is one line meant for them."""


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    # Worker processes drawing pictures (0: a thread of the bot's own; None: 2 if the machine
    # has several cores, else 0).
    picture_workers: int | None = None
    # Requests a second the bot's token may make (Discord allows 50 per token, across every
    # process of the bot: with several processes, give each its share).
    request_budget: float = 45.0

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
        workers = env.get("PICTURE_WORKERS", "").strip()
        if workers and not workers.isdigit():
            raise SettingsError(f"PICTURE_WORKERS must be a number of processes, not {workers!r}.")
        budget = env.get("REQUEST_BUDGET", "").strip() or "45"
        try:
            request_budget = float(budget)
        except ValueError:
            request_budget = 0.0
        if not 0 < request_budget <= 50:
            raise SettingsError(f"REQUEST_BUDGET must be a number of requests a second from 1 to "
                                f"50, not {budget!r}.")
        return cls(
            discord_token=token,
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "uno.db"),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            picture_workers=int(workers) if workers else None,
            request_budget=request_budget,
        )
