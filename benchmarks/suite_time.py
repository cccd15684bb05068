"""How long the whole test suite takes, in wall time and CPU, in one or more checkouts (issue 28).

Usage, from the repository root::

    python benchmarks/suite_time.py [--runs 3] [--python PY] TREE [TREE ...] [-- PYTEST ARGS]

    # before and after, on a quiet machine (the target: the median at most 150 s)
    python benchmarks/suite_time.py --runs 3 /path/to/main-checkout .

Each run is `python3 dev.py test` of that checkout, without its install step: the pytest command
and environment the checkout's own dev.py gives (`test_arguments`, and `test_environment` where it
has one), run with `--python` (default: this interpreter, whose virtual environment must hold the
dev extra). The checkouts take turns, run by run, so that a change in the machine's load falls on
both. Printed for each run: wall seconds, CPU seconds (user + system of pytest and everything it
started and waited for; a PostgreSQL server daemonizes and is not counted), the load average
before it, and pytest's last line; then per checkout the median [range] of wall and CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

# Run inside the checkout: its dev.py, not this one, says how it runs its tests.
_COMMAND = """
import json, os, sys, dev
env = dev.test_environment(os.environ) if hasattr(dev, "test_environment") else dict(os.environ)
print(json.dumps({"args": dev.test_arguments(sys.argv[1:]), "env": env}))
"""


def command_of(python: str, tree: Path, extra: list[str]) -> tuple[list[str], dict[str, str]]:
    out = subprocess.run([python, "-c", _COMMAND, *extra], cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    found = json.loads(out.strip().splitlines()[-1])
    return [python, "-m", "pytest", *found["args"]], found["env"]


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(command: list[str], env: dict[str, str], tree: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of one run, and pytest's last line."""
    cpu, started = children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    wall, used = time.perf_counter() - started, children_cpu() - cpu
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return wall, used, (lines[-1] if lines else f"exit {done.returncode}")


def fig(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} [{min(values):.1f}-{max(values):.1f}]"


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else argv
    extra = args_in[args_in.index("--") + 1:] if "--" in args_in else []
    own = args_in[:args_in.index("--")] if "--" in args_in else args_in
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="checkouts to time, in turn")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter with the dev extra (default: this one)")
    args = parser.parse_args(own)
    trees = [tree.resolve() for tree in args.trees]
    commands = {tree: command_of(args.python, tree, extra) for tree in trees}
    figures: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
    for number in range(1, args.runs + 1):
        for tree in trees:
            command, env = commands[tree]
            load = os.getloadavg()[0]
            wall, cpu, last = run_once(command, env, tree)
            figures[tree].append((wall, cpu))
            print(f"run {number} {tree}: {wall:.1f} s wall, {cpu:.1f} s CPU, load {load:.2f} "
                  f"before | {last}", flush=True)
    for tree, runs in figures.items():
        print(f"{tree}: wall {fig([w for w, _ in runs])} s, CPU {fig([c for _, c in runs])} s "
              f"(median [range] of {len(runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
