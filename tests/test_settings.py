"""The bot's configuration and the run command's behaviour before the Discord part exists."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parent.parent


def test_settings_defaults_with_only_a_token() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": " abc "})
    assert s.discord_token == "abc"
    assert s.database_path == Path("uno.db")
    assert s.dev_guild_id is None
    assert s.log_level == "INFO"
    assert s.ai_delay == 1.5


def test_settings_reads_every_variable() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/tmp/x.db",
                           "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug", "AI_MOVE_DELAY": "0.5"})
    assert (s.database_path, s.dev_guild_id, s.log_level) == (Path("/tmp/x.db"), 123, "DEBUG")
    assert s.ai_delay == 0.5


@pytest.mark.parametrize("env, word", [
    ({}, "DISCORD_TOKEN"),
    ({"DISCORD_TOKEN": "   "}, "DISCORD_TOKEN"),
    ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
    ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "loud"}, "LOG_LEVEL"),
    ({"DISCORD_TOKEN": "t", "AI_MOVE_DELAY": "soon"}, "AI_MOVE_DELAY"),
    ({"DISCORD_TOKEN": "t", "AI_MOVE_DELAY": "60"}, "AI_MOVE_DELAY"),
])
def test_settings_refuse_bad_values_with_one_line(env: dict[str, str], word: str) -> None:
    with pytest.raises(SettingsError) as info:
        Settings.from_env(env)
    assert word in str(info.value) and "\n" not in str(info.value)


def _run_bot(tmp_path: Path, env_file: str | None,
             extra_env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    if env_file is not None:
        (tmp_path / ".env").write_text(env_file)
    env = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DEV_GUILD_ID"}}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra_env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


def test_run_without_token_explains_in_one_line_and_exits_2(tmp_path: Path) -> None:
    result = _run_bot(tmp_path, None, {})
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr and ".env" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_run_reads_dotenv(tmp_path: Path) -> None:
    # A bad LOG_LEVEL in .env is reported (before any connection), so .env was read.
    bad = _run_bot(tmp_path, "DISCORD_TOKEN=x\nLOG_LEVEL=loud\n", {})
    assert bad.returncode == 2 and "LOG_LEVEL" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_the_environment_wins_over_dotenv(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # In-process: a valid configuration would make `python -m bot` connect to Discord.
    from bot.__main__ import environment

    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\nLOG_LEVEL=loud\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LOG_LEVEL", "warning")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    settings = Settings.from_env(environment())
    assert (settings.discord_token, settings.log_level) == ("from-file", "WARNING")
