"""Kill-and-restart trials of issue 14, many of them (tests/bot/test_kill_restart.py runs two):
the bot as a real process, SIGKILLed at seeded points of a match and restarted on the same
SQLite file while virtual players go on from what they see (drivers/killing.py).

Usage, from the repository root::

    python benchmarks/kill_restart.py [--trials 1000] [--seed 1] [--kills 3] [--concurrency 2]

Trial `seed + i` draws its players (2 or 3), its preset (classic, CNUNO, Flip) and its kill
points from its seed; a failed trial is printed with its seed, and
`--seed S --trials 1 --kills K` replays it (the bot deals from the seed too, through
bot_process.py's --game-seed; a click killed in flight may land or not, so a replay can part
from the original after its first such kill). `--concurrency` trials run at once, each with its
own fake Discord and bot process.

Prints trials, kills (and how many hit a click in flight), clicks lost with a killed bot,
actions, rounds, the time, and failures.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from drivers.killing import TrialResult, run_trial  # noqa: E402


def options_of(seed: int, kills: int) -> dict[str, object]:
    rng = random.Random(f"trial-{seed}")
    return {"players": rng.choice([2, 2, 3]), "preset": rng.choice(["classic", "cnuno", "flip"]),
            "kills": kills, "kill_window": rng.choice([20, 40, 60])}


async def main_async(args: argparse.Namespace) -> int:
    results: list[TrialResult] = []
    queue = list(range(args.seed, args.seed + args.trials))
    started = time.perf_counter()

    async def worker() -> None:
        while queue:
            seed = queue.pop(0)
            options = options_of(seed, args.kills)
            result = await run_trial(seed, **options)
            results.append(result)
            if not result.ok:
                print(f"FAILURE seed {seed} {options}:", flush=True)
                for problem in result.problems:
                    print(f"  {problem[:2000]}", flush=True)
            if args.progress and len(results) % 10 == 0:
                failed = sum(not r.ok for r in results)
                print(f"... {len(results)} trials, {failed} failed", flush=True)

    await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    elapsed = time.perf_counter() - started
    failed = [r for r in results if not r.ok]
    print(f"trials {len(results)} (seeds {args.seed}..{args.seed + args.trials - 1}), "
          f"{elapsed:.0f} s")
    in_flight = sum(r.in_flight_kills for r in results)
    lost = sum(r.lost_clicks for r in results)
    print(f"kills {sum(r.kills for r in results)} (in flight {in_flight})  "
          f"clicks lost with a killed bot {lost}  "
          f"clicks {sum(r.clicks for r in results)}  actions {sum(r.actions for r in results)}  "
          f"rounds {sum(r.rounds for r in results)}")
    print(f"failures {len(failed)}" + (": seeds " + ", ".join(str(r.seed) for r in failed)
                                       if failed else ""))
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kills", type=int, default=3, help="SIGKILLs per trial")
    parser.add_argument("--concurrency", type=int, default=2, help="trials at once")
    parser.add_argument("--progress", action="store_true", help="a line every 10 trials")
    args = parser.parse_args(argv)
    logging.getLogger("discord").setLevel(logging.ERROR)
    # A killed bot cuts its uploads short; the fake's HTTP server logs each cut request.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
