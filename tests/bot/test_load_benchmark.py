"""benchmarks/bot_load.py's machinery on three games for a few seconds, so the script cannot rot:
the bot in its own process, open-loop players, every figure computed and printed. (The figures
themselves are the benchmark's business, not a test's: only their presence and sense are checked.)
"""

from __future__ import annotations

import math

import pytest

from benchmarks import bot_load


async def test_a_short_run_measures_moves_requests_and_cpu(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Shorter warm-up and settling than a real run: the machinery is the same.
    monkeypatch.setattr(bot_load, "WARM_UP_PLAY", 0.5)
    monkeypatch.setattr(bot_load, "RSS_SETTLE", 0.2)
    monkeypatch.setattr(bot_load, "SETTLE", 0.5)
    args = bot_load.parse_args(["--quick", "--games", "3", "--pace", "0.5", "--duration", "3"])
    results = await bot_load.run_games(args)

    [figures] = results[3]
    assert figures["games"] == 3 and figures["players"] >= 6
    assert figures["offered/s"] > 0 and 0 < figures["applied/s"] <= figures["offered/s"]
    assert figures["unanswered"] == 0 and figures["violations"] == 0
    assert 0 < figures["first p50 ms"] <= figures["first p99 ms"] <= figures["first max ms"]
    assert figures["edit lag p50 ms"] > 0
    # Table edits go through the bot token; hands and answers through interaction tokens.
    assert figures["req/s mean"] > 0 and figures["req/move"] > 0
    assert figures["exempt req/s"] > 0
    assert figures["bot CPU ms/move"] > 0 and not math.isnan(figures["RSS KB/game"])

    bot_load.print_summary("smoke", results[3], judge=True)
    printed = capsys.readouterr().out
    assert "load average" in printed
    assert all(name in printed for name, _, _ in bot_load.FIGURES)
    assert printed.count("PASS") + printed.count("MISS") == sum(
        target is not None for _, _, target in bot_load.FIGURES)
