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
    database_url: str | None = None  # a postgresql:// URL; None: SQLite at database_path
    shard_count: int | None = None  # None: one process, as many shards as Discord says
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs
    # Worker processes drawing table pictures (0: a thread of the bot's own; None: 2 if the
    # machine has several cores, else 0). Hands are drawn in the bot's process.
    picture_workers: int | None = None
    # Requests a second the bot's token may make (Discord allows 50 per token, across every
    # process of the bot: with several processes, give each its share).
    request_budget: float = 45.0
    ai_delay: float = 1.5  # seconds an AI player waits before it acts (issue 19)
    # Card faces as application emoji on buttons and in texts (uploaded by shard 0's process).
    card_emoji: bool = True
    # Where /metrics is served (host, port); None: not served (bot/metrics.py).
    metrics_address: tuple[str, int] | None = None

    @property
    def database(self) -> str | Path:
        """What `bot.storage.open_database` opens: the PostgreSQL URL, else the SQLite file."""
        return self.database_url or self.database_path

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
        # DATABASE_URL: a postgresql:// URL, or else an SQLite file (as DATABASE_PATH says).
        url = env.get("DATABASE_URL", "").strip()
        postgres = url.startswith(("postgresql://", "postgres://"))
        path = url if url and not postgres else env.get("DATABASE_PATH", "").strip()
        count, ids = _shards(env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip())
        if ids is not None and count is not None and len(ids) < count and not postgres:
            raise SettingsError(
                "SHARD_IDS runs only some of the shards, so other processes run the rest: they "
                "must share one database, set DATABASE_URL=postgresql://... in every process.")
        workers = env.get("PICTURE_WORKERS", "").strip()
        if workers and not workers.isdigit():
            raise SettingsError(f"PICTURE_WORKERS must be a number of processes, not {workers!r}.")
        # Discord's 50 a second is per bot, across its processes: by default a process that runs
        # some of the shards takes their share of 45.
        share = len(ids) / count if ids is not None and count else 1.0
        request_budget = _number(env, "REQUEST_BUDGET", round(45.0 * share, 1), 1.0, 50.0,
                                 "a number of requests a second")
        ai_delay = _number(env, "AI_MOVE_DELAY", 1.5, 0.0, MAX_AI_DELAY, "seconds")
        card_emoji = env.get("CARD_EMOJI", "").strip().lower() or "on"
        if card_emoji not in {"on", "off"}:
            raise SettingsError(f"CARD_EMOJI must be on or off, not {card_emoji!r}.")
        return cls(
            metrics_address=_address(env.get("METRICS_ADDRESS", "").strip()),
            discord_token=token,
            database_path=Path(path or "uno.db"),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            database_url=url if postgres else None,
            shard_count=count,
            shard_ids=ids,
            picture_workers=int(workers) if workers else None,
            request_budget=request_budget,
            ai_delay=ai_delay,
            card_emoji=card_emoji == "on",
        )


def _number(env: Mapping[str, str], name: str, default: float, low: float, high: float,
            what: str) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise SettingsError(f"{name} must be {what} from {low:g} to {high:g}, not {text!r}.")
    return value


def _address(text: str) -> tuple[str, int] | None:
    """METRICS_ADDRESS: `host:port` (`127.0.0.1:9464`; `0.0.0.0:9464` for every interface)."""
    if not text:
        return None
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SettingsError(f"METRICS_ADDRESS must be host:port (e.g. 127.0.0.1:9464), "
                            f"not {text!r}.")
    return host.strip("[]"), int(port)


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT (how many shards the bot has in all) and SHARD_IDS (which of them this process
    runs, e.g. `0,1`; all of them when only the count is given)."""
    if not count_text:
        if ids_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: how many shards the bot has in all.")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number of shards (1 or more), "
                            f"not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    parts = [part.strip() for part in ids_text.split(",")]
    if not all(part.isdigit() and int(part) < count for part in parts):
        raise SettingsError(f"SHARD_IDS must list shard numbers from 0 to {count - 1} separated "
                            f"by commas (e.g. 0,1), not {ids_text!r}.")
    ids = tuple(sorted({int(part) for part in parts}))
    return count, ids
