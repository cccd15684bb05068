"""benchmarks/bot_load.py run as its users run it, on three games for a few seconds, so the script
cannot rot: the bot in its own process, open-loop players, every figure computed and printed.
(The figures themselves are the benchmark's business, not a test's: only their presence and sense
are checked.) The script is run, not imported: tests and benchmarks share only drivers/."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A summary row: `  <name padded to 24> <median>  [<low> .. <high>]`, then PASS/MISS if judged.
ROW = re.compile(r"^  (?P<name>.{24}) +(?P<median>\S+)  \[(?P<low>\S+) \.\. (?P<high>\S+)\]"
                 r"(?: +(?P<verdict>PASS|MISS) \((?P<target>[^)]+)\))?$")


def test_a_short_run_measures_moves_requests_and_cpu() -> None:
    run = subprocess.run(
        [sys.executable, "benchmarks/bot_load.py", "--short-waits", "--games", "3",
         "--pace", "0.5", "--duration", "3", "--table-pens", "none", "--split-first"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = [m for line in run.stdout.splitlines() if (m := ROW.match(line))]
    figures = {m["name"].strip(): float(m["median"]) for m in rows}

    assert figures["games"] == 3 and figures["players"] >= 6
    assert figures["offered/s"] > 0 and 0 < figures["applied/s"] <= figures["offered/s"]
    assert figures["unanswered"] == 0 and figures["violations"] == 0
    # (As printed: p50 and p99 to 0.1 ms, the maximum to 1 ms.)
    assert 0 < figures["first p50 ms"] <= figures["first p99 ms"] <= figures["first max ms"] + 0.5
    # The bot's own split of its first responses (--split-first): every span took some time.
    for span in ("to bot", "in bot", "answer"):
        assert 0 < figures[f"first {span} p99 ms"] < 3000
        assert 0 < figures[f"first {span} slowest ms"] < 3000
    assert figures["edit lag p50 ms"] > 0
    # With no click's token for the tables (--table-pens none, issue 29), table edits go
    # through the bot token; hands and answers through interaction tokens.
    assert figures["req/s mean"] > 0 and figures["req/move"] > 0
    assert figures["exempt req/s"] > 0
    assert figures["bot CPU ms/move"] > 0 and not math.isnan(figures["RSS KB/game"])

    assert "load average" in run.stdout
    # Every figure is printed once; those with a target are judged against it, in words.
    assert len(figures) == len(rows) > 20
    judged = [m for m in rows if m["verdict"]]
    assert judged and all(m["target"] for m in judged)
    assert run.stdout.count("PASS") + run.stdout.count("MISS") == len(judged)
