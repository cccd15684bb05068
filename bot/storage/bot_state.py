"""Small process-wide facts kept across restarts (e.g. the last command-sync fingerprint)."""

from __future__ import annotations

from ._sql import SqlDatabase


class BotStateRepository:
    """A key-value store for the bot's own bookkeeping, not for game data."""

    def __init__(self, db: SqlDatabase) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        async with self._db.read() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT value FROM bot_state WHERE key = ?", (key,)
            ))
            return str(rows[0][0]) if rows else None

    async def set(self, key: str, value: str) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
