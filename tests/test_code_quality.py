"""Architecture and hygiene checks that keep the codebase the shape STYLE.md describes."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "bot" / "engine"
STDLIB = sys.stdlib_module_names
FORBIDDEN_IN_ENGINE = {"asyncio", "discord", "aiosqlite", "sqlite3", "socket", "threading"}
# The module's tests run one after another, in one worker under pytest-xdist (pyproject's
# `--dist loadfile`): the strictness probe writes a file into bot/ that a mypy or ruff run
# beside it would read, and the mypy runs share one cache.


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


def _mypy(*paths: str) -> subprocess.CompletedProcess[str]:
    _tool("mypy")
    # The settings are pyproject's [tool.mypy]: strict for bot and cogs.
    return subprocess.run([sys.executable, "-m", "mypy", *paths], cwd=ROOT,
                          capture_output=True, text=True)


def test_the_bot_passes_a_strict_type_check() -> None:
    result = _mypy("bot", "cogs")
    assert result.returncode == 0, result.stdout + result.stderr


def test_tests_and_benchmarks_pass_the_type_check() -> None:
    """Everything pyproject names (bot, cogs, tests, benchmarks), tests and benchmarks less
    strictly: a helper called with the wrong arguments fails here, not in a long run."""
    result = _mypy()
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_strict_settings_apply_to_the_bot() -> None:
    """A check that would pass by being lenient proves nothing: an untyped function in the
    bot's package must be reported under the project's settings."""
    probe = ROOT / "bot" / "_mypy_probe.py"
    probe.write_text("def untyped(x):\n    return x\n", encoding="utf-8")
    try:
        result = _mypy(str(probe.relative_to(ROOT)))
    finally:
        probe.unlink()
    assert result.returncode != 0 and "no-untyped-def" in result.stdout, result.stdout


def test_no_any_stands_for_the_bot_or_an_interaction() -> None:
    """Handlers receive `bot.interactions.Interaction` (what they need of the bot comes through
    bot/ui/context.py, not `interaction.client`) and cogs take `bot: UnoBot`: `Interaction[Any]`
    or `bot: Any` would switch the type check off there. The exceptions: replies and answers
    serve any client (the bot not yet set up too), and an item's `from_custom_id` and the click
    store's dispatch keep discord.py's signatures."""
    pattern = re.compile(r"Interaction\[Any\]|\bbot: Any\b|get_cog\(")
    allowed = {ROOT / "bot" / "ui" / name for name in ("replies.py", "answers.py", "items.py",
                                                          "click_store.py")}
    allowed.add(ROOT / "bot" / "discord_private.py")  # discord.py's own signatures, for any client
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for folder in ("bot", "cogs") for path in sorted((ROOT / folder).rglob("*.py"))
             if path not in allowed
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)


def test_cogs_renderers_and_views_read_a_game_through_its_view() -> None:
    """What Discord shows comes from `session.view(...)` (the engine's player view), never from
    the game's own fields: a renderer reading `game.hands` could show a hidden card."""
    pattern = re.compile(r"\.game\b(?!_id)")
    folders = [ROOT / "cogs", ROOT / "bot" / "render", ROOT / "bot" / "ui"]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for folder in folders for path in sorted(folder.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)


def test_tests_and_benchmarks_do_not_import_each_other() -> None:
    """What both drive the bot with lives in drivers/ (installed with the project): a benchmark
    that imported a test module, or a test a benchmark, would tie one to the other's layout."""
    apart = {"tests": {"benchmarks"}, "benchmarks": {"tests"}, "drivers": {"tests", "benchmarks"}}
    found = [f"{path.relative_to(ROOT)} imports {sorted(_imports(path) & others)}"
             for folder, others in apart.items() for path in sorted((ROOT / folder).rglob("*.py"))
             if _imports(path) & others]
    assert not found, "\n".join(found)
