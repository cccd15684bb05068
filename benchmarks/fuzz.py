"""The stateful fuzz of issue 14 for thousands of steps (tests/bot/test_fuzz.py runs a few
hundred): random users clicking whatever they see, slash commands, double clicks, restarts,
gateway drops, 429s, with the invariants checked after every step (drivers/fuzzing.py).

Usage, from the repository root::

    python benchmarks/fuzz.py [--steps 5000] [--seed 1] [--episode 300] [--mode default]

The steps are played in episodes of `--episode` steps, each on a new fake Discord, bot and
database (seed, seed+1, ...), so message lists stay short. An episode stops at its first broken
invariant; the failure is printed with its seed and step, and the next episode starts. To replay
one: `--seed S --steps K --episode K` with the seed and step printed (the decks follow the seed;
the timing of concurrent clicks may differ).

Modes: `default` (the mix of the CI test), `race` (users pressing a lobby's Join, Leave and
Start, or anything, at the same moment: issue 14 item 2), `heavy429` (429s that pile up beyond
discord.py's retries: items 3 and 5), `restart-now` (restarts while table edits may still be on
their way), `names` (the default mix by users with markdown, bidi and zero-width characters in
their names, which must never be shown raw: item 7).

Prints steps, clicks (stale ones among them), slash commands, double clicks, restarts,
reconnects, injected 429s, games, rounds and matches recorded, and failures.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from drivers.fuzzing import (  # noqa: E402
    HEAVY_429_WEIGHTS,
    HOSTILE_NAMES,
    RACE_WEIGHTS,
    WEIGHTS,
    Failure,
    Figures,
    Fuzzer,
    fuzz_harness,
)

MODES: dict[str, tuple[dict[str, int], bool]] = {
    "default": (WEIGHTS, False),
    "race": (RACE_WEIGHTS, False),
    "heavy429": (HEAVY_429_WEIGHTS, True),
    "restart-now": (dict(WEIGHTS, restart=0, restart_now=4), False),
    "names": (WEIGHTS, False),
}


async def episode(seed: int, steps: int, mode: str, total: Figures,
                  failures: list[Failure]) -> None:
    weights, stack = MODES[mode]
    with tempfile.TemporaryDirectory(prefix="uno-fuzz-") as folder:
        names = HOSTILE_NAMES if mode == "names" else None
        async with fuzz_harness(Path(folder) / "uno.db", seed, names=names) as (h, users, _):
            fuzzer = Fuzzer(h, users, seed, weights=weights, stack_429s=stack,
                            check_names=mode == "names")
            try:
                await fuzzer.run(steps)
            except Failure as failure:
                failures.append(failure)
                print(f"FAILURE {failure}", flush=True)
                print("  last steps: " + " | ".join(fuzzer.log[-6:]), flush=True)
            await fuzzer.count_records()
            # The next episode's fake must not inherit this one's unanswered problems.
            h.session.take_violations()
            h.session.take_bot_errors()
    figures = fuzzer.figures
    for name in ("steps", "clicks", "stale_clicks", "slash", "double", "restarts",
                 "reconnects", "rate_limits", "clock_jumps", "games_started", "rounds_recorded",
                 "matches_recorded"):
        setattr(total, name, getattr(total, name) + getattr(figures, name))
    total.kinds.update(figures.kinds)


async def main_async(args: argparse.Namespace) -> int:
    total = Figures(kinds=Counter())
    failures: list[Failure] = []
    started = time.perf_counter()
    seed = args.seed
    while total.steps < args.steps:
        steps = min(args.episode, args.steps - total.steps)
        await episode(seed, steps, args.mode, total, failures)
        seed += 1
        if args.progress:
            print(f"... {total.steps} steps, {len(failures)} failures", flush=True)
    elapsed = time.perf_counter() - started
    print(f"mode {args.mode}, seeds {args.seed}..{seed - 1}, {elapsed:.0f} s")
    print(f"steps {total.steps}  clicks {total.clicks} (stale {total.stale_clicks})  "
          f"slash {total.slash}  double {total.double}  restarts {total.restarts}  "
          f"reconnects {total.reconnects}  429s {total.rate_limits}  clock jumps "
          f"{total.clock_jumps}")
    print(f"games {total.games_started}  rounds recorded {total.rounds_recorded}  matches "
          f"recorded {total.matches_recorded}")
    print(f"failures {len(failures)}")
    for failure in failures:
        first = failure.problems[0] if failure.problems else ""
        print(f"  seed {failure.seed} step {failure.step} ({failure.action}): {first[:300]}")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--episode", type=int, default=300, help="steps per fresh bot")
    parser.add_argument("--mode", choices=sorted(MODES), default="default")
    parser.add_argument("--progress", action="store_true", help="a line after each episode")
    args = parser.parse_args(argv)
    # discord.py warns on every 429 it retries; the fuzz injects them on purpose.
    logging.getLogger("discord").setLevel(logging.ERROR)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
