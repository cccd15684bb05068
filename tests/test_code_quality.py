"""Architecture and hygiene checks that keep the codebase the shape STYLE.md describes."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "bot" / "engine"
STDLIB = sys.stdlib_module_names
FORBIDDEN_IN_ENGINE = {"asyncio", "discord", "aiosqlite", "sqlite3", "socket", "threading"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_imports_only_the_standard_library(path: Path) -> None:
    """The engine stays pure: no Discord, no asyncio, no database, no third-party package."""
    imported = _imports(path) - {"__future__"}
    assert not imported & FORBIDDEN_IN_ENGINE
    assert imported <= STDLIB, f"{path.name} imports {sorted(imported - STDLIB)}"


def test_importing_the_engine_loads_no_discord_or_database() -> None:
    code = ("import sys, bot, bot.engine, bot.engine.replay; "
            "bad = [m for m in ('discord', 'aiosqlite', 'asyncio') if m in sys.modules]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


def _tool(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{module} is not installed (it is in the dev extra)")


def test_ruff_finds_nothing() -> None:
    _tool("ruff")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_bot_passes_a_strict_type_check() -> None:
    _tool("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "bot", "cogs"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
