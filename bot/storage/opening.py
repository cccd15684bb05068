"""Which database a process uses: `open_database(settings.database)`."""

from __future__ import annotations

from pathlib import Path

from .database import Database
from .postgres import PostgresDatabase, is_url

SqlStore = Database | PostgresDatabase


async def open_database(target: str | Path) -> SqlStore:
    """A postgresql:// URL opens PostgreSQL (several processes may share it); anything else is
    the path of an SQLite file (one process)."""
    if is_url(target):
        return await PostgresDatabase.open(str(target))
    return await Database.open(target)
