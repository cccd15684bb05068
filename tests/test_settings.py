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
    assert s.picture_workers is None  # automatic: processes where there are several cores
    assert s.request_budget == 45.0
    assert s.ai_delay == 1.5


def test_settings_reads_every_variable() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/tmp/x.db",
                           "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug", "PICTURE_WORKERS": "0",
                           "REQUEST_BUDGET": "22.5", "AI_MOVE_DELAY": "0.5",
                           "CARD_EMOJI": "Off"})
    assert (s.database_path, s.dev_guild_id, s.log_level) == (Path("/tmp/x.db"), 123, "DEBUG")
    assert (s.picture_workers, s.request_budget, s.ai_delay, s.card_emoji) == (0, 22.5, 0.5,
                                                                                False)
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).card_emoji


def test_metrics_are_served_only_where_metrics_address_says() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).metrics_address is None
    assert Settings.from_env({"DISCORD_TOKEN": "t", "METRICS_ADDRESS": " 127.0.0.1:9464 "}
                             ).metrics_address == ("127.0.0.1", 9464)
    assert Settings.from_env({"DISCORD_TOKEN": "t", "METRICS_ADDRESS": "[::1]:9464"}
                             ).metrics_address == ("::1", 9464)
    for wrong in ("9464", "localhost:", "localhost:http", "127.0.0.1:70000"):
        with pytest.raises(SettingsError, match="METRICS_ADDRESS"):
            Settings.from_env({"DISCORD_TOKEN": "t", "METRICS_ADDRESS": wrong})


def test_database_url_chooses_postgresql_or_an_sqlite_file() -> None:
    pg = Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://bot@db/uno",
                            "DATABASE_PATH": "/tmp/x.db"})
    assert (pg.database_url, pg.database) == ("postgresql://bot@db/uno", "postgresql://bot@db/uno")
    file = Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": "/data/uno.db"})
    assert (file.database_url, file.database) == (None, Path("/data/uno.db"))
    default = Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/tmp/x.db"})
    assert default.database == Path("/tmp/x.db")


def test_shards_are_all_of_the_count_unless_listed() -> None:
    base = {"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://bot@db/uno"}
    assert Settings.from_env(base).shard_count is None
    every = Settings.from_env({**base, "SHARD_COUNT": "3"})
    assert (every.shard_count, every.shard_ids) == (3, (0, 1, 2))
    some = Settings.from_env({**base, "SHARD_COUNT": "4", "SHARD_IDS": " 3, 1,1"})
    assert (some.shard_count, some.shard_ids) == (4, (1, 3))
    # Discord's request limit is per bot: a process running half the shards takes half.
    assert (every.request_budget, some.request_budget) == (45.0, 22.5)
    assert Settings.from_env({**base, "SHARD_COUNT": "4", "SHARD_IDS": "1",
                              "REQUEST_BUDGET": "30"}).request_budget == 30.0


@pytest.mark.parametrize("env, word", [
    ({}, "DISCORD_TOKEN"),
    ({"DISCORD_TOKEN": "   "}, "DISCORD_TOKEN"),
    ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
    ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "loud"}, "LOG_LEVEL"),
    ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "0"}, "SHARD_COUNT"),
    ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "two"}, "SHARD_COUNT"),
    ({"DISCORD_TOKEN": "t", "SHARD_IDS": "0"}, "SHARD_COUNT"),
    ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "SHARD_IDS"),
    ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "a"}, "SHARD_IDS"),
    # Only some shards here: the others run elsewhere, and an SQLite file is not shared.
    ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1"}, "DATABASE_URL"),
    ({"DISCORD_TOKEN": "t", "PICTURE_WORKERS": "two"}, "PICTURE_WORKERS"),
    ({"DISCORD_TOKEN": "t", "REQUEST_BUDGET": "fast"}, "REQUEST_BUDGET"),
    ({"DISCORD_TOKEN": "t", "REQUEST_BUDGET": "60"}, "REQUEST_BUDGET"),
    ({"DISCORD_TOKEN": "t", "AI_MOVE_DELAY": "soon"}, "AI_MOVE_DELAY"),
    ({"DISCORD_TOKEN": "t", "AI_MOVE_DELAY": "60"}, "AI_MOVE_DELAY"),
    ({"DISCORD_TOKEN": "t", "CARD_EMOJI": "maybe"}, "CARD_EMOJI"),
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
