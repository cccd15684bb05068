"""How long the bot's event loop waits while expert AI players think (issue #33).

Usage, from the repository root::

    python benchmarks/ai_loop.py [--tables 4] [--seconds 20]

The bot's autoplayer (`bot.services.autoplay`) copies a seat's `Observation` on the loop and
runs the expert's decision in one search process (a `ProcessPoolExecutor` of one fork-server
worker; the other levels in a worker thread, `asyncio.to_thread`). Here `--tables` tasks do the
same (`process`), or in threads as the other levels do (`thread`, for comparison), without the
bot's 1.5 s pause between moves (the worst case: every table thinking all the time),
each on positions of classic rounds where the expert searches (its own turn with more than one
answer), while a probe sleeps 10 ms again and again on the loop and records how late it wakes:
that lateness is what every other coroutine of the bot (interactions, the gateway heartbeat)
would wait. It prints the probe's lateness (p50, p99, max) without the tables first, then with
them, and the decisions' own times.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.ai import NormalPolicy, Observation, decide, observe  # noqa: E402
from bot.engine import ActionType, Event, Game, player_view  # noqa: E402

TICK = 0.010


def positions(count: int, seed: int) -> list[Observation]:
    """Observations of classic rounds (normal players) where the seat has a choice to make."""
    found: list[Observation] = []
    policy = NormalPolicy()
    while len(found) < count:
        game, log = Game.start(["a", "b", "c", "d"], seed=seed)
        rng = random.Random(seed)
        seed += 1
        while not game.round_over and len(found) < count:
            name = game.players[game.waiting_for or 0]
            obs = observe(player_view(game, name), log)
            plays = [a for a in obs.legal_actions if a.type is ActionType.PLAY]
            if len(plays) >= 2:
                found.append(obs)
            action = policy.decide(obs, rng)
            assert action is not None
            new: list[Event] = game.apply(action)
            log += new
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def probe(seconds: float) -> list[float]:
    lateness: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        await asyncio.sleep(TICK)
        lateness.append(time.perf_counter() - start - TICK)
    return lateness


async def table(obs_list: list[Observation], stop: asyncio.Event, times: list[float],
                pool: Executor | None) -> None:
    loop = asyncio.get_running_loop()
    i = 0
    while not stop.is_set():
        obs = obs_list[i % len(obs_list)]
        i += 1
        started = time.perf_counter()
        if pool is None:
            await asyncio.to_thread(decide, "expert", obs, str(i))
        else:
            await loop.run_in_executor(pool, decide, "expert", obs, str(i))
        times.append(time.perf_counter() - started)


async def run(tables: int, seconds: float, mode: str) -> None:
    obs_list = positions(40, 33_000)
    idle = await probe(min(5.0, seconds))
    report("loop lateness, no tables", idle)
    for kind in (["thread", "process"] if mode == "both" else [mode]):
        pool = None
        if kind == "process":  # as bot.services.autoplay does
            pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))
            await asyncio.get_running_loop().run_in_executor(pool, decide, "expert",
                                                             obs_list[0], "warm")
        stop = asyncio.Event()
        times: list[float] = []
        workers = [asyncio.create_task(table(obs_list[t::tables], stop, times, pool))
                   for t in range(tables)]
        busy = await probe(seconds)
        stop.set()
        await asyncio.gather(*workers)
        if pool is not None:
            pool.shutdown()
        report(f"loop lateness, {tables} tables ({kind})", busy)
        report(f"expert decision, wall ({kind})", times)


def report(label: str, values: list[float]) -> None:
    print(f"{label:40} n={len(values):5d}  p50 {percentile(values, 0.5) * 1000:7.2f} ms  "
          f"p99 {percentile(values, 0.99) * 1000:7.2f} ms  max {max(values) * 1000:7.2f} ms",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--mode", choices=("process", "thread", "both"), default="both")
    args = parser.parse_args(argv)
    asyncio.run(run(args.tables, args.seconds, args.mode))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
