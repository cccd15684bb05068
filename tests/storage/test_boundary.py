"""All SQL lives in bot/storage: nothing else in the bot imports a database driver."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DRIVERS = {"aiosqlite", "sqlite3", "asyncpg", "psycopg", "psycopg2"}


def _drivers_imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names & DRIVERS


def test_only_bot_storage_talks_to_the_database() -> None:
    storage = ROOT / "bot" / "storage"
    offenders = {
        str(path.relative_to(ROOT)): sorted(found)
        for folder in (ROOT / "bot", ROOT / "cogs") if folder.is_dir()
        for path in folder.rglob("*.py")
        if storage not in path.parents and (found := _drivers_imported(path))
    }
    assert offenders == {}
