"""Routine saves under load: group commit (today's `Database.write_one`) against the lock it
replaced (each statement holding the connection's lock for its own trip to the database thread).

Usage, from the repository root::

    python benchmarks/saves.py [--games 200] [--saves 20] [--busy-ms 2] [--repeat 5]

`--games` games save concurrently, each `--saves` times in a row (the next save once the last is
committed, as a game's lock makes it), with the packed state and meta of a real four-player game.
Meanwhile the event loop is kept busy the way a loaded bot's is: a task burns `--busy-ms` of CPU,
yields, and burns again, so every wake-up of a waiting save waits for the loop. The two modes run
interleaved, `--repeat` times each, on fresh SQLite files; printed are medians and ranges of the
saves committed per second and of one save's latency (p50, p99).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.engine import ActionType, Game, RuleSet, dump
from bot.storage import Database, GameRepository
from bot.storage._json import pack


class LockedDatabase(Database):
    """The design before group commit: one lock held across each statement's round trip."""

    async def write_one(self, sql: str, params: Sequence[Any]) -> int:
        conn = self._connection()
        async with self._lock:
            cursor = await conn.execute(sql, params)
            return cursor.rowcount


def _game_state() -> tuple[dict[str, Any], dict[str, Any]]:
    rng = random.Random(5)
    game, _ = Game.start([str(10**17 + i) for i in range(4)], RuleSet.classic(), seed=3)
    for _ in range(40):
        player = game.players[game.waiting_for or 0]
        legal = [a for a in game.legal_actions(player) if a.type is not ActionType.CATCH]
        game.apply(rng.choice(legal))
    meta = {"names": {p: f"Player {i}" for i, p in enumerate(game.players)},
            "recent": [{"type": "drew", "by": game.players[0], "card": "R5"}] * 40}
    return dump(game), meta


async def _busy(ms: float, stop: asyncio.Event) -> None:
    while not stop.is_set():
        end = time.perf_counter() + ms / 1000
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0)


async def run(kind: type[Database], games: int, saves: int, busy_ms: float) -> dict[str, float]:
    state, meta = _game_state()
    with tempfile.TemporaryDirectory() as folder:
        db = await kind.open(Path(folder) / "uno.db")
        repo = GameRepository(db)
        for g in range(games):
            await repo.save(f"g{g}", guild_id=1, channel_id=g, state={**state, "version": 0},
                            version=0)
        latencies: list[float] = []

        async def play(g: int) -> None:
            for version in range(1, saves + 1):
                start = time.perf_counter()
                await repo.update(f"g{g}", state={**state, "version": version}, version=version,
                                  message_id=None, turn_deadline=None, meta=meta)
                latencies.append(time.perf_counter() - start)

        stop = asyncio.Event()
        burner = asyncio.create_task(_busy(busy_ms, stop))
        start = time.perf_counter()
        await asyncio.gather(*(play(g) for g in range(games)))
        elapsed = time.perf_counter() - start
        stop.set()
        await burner
        await db.close()
    latencies.sort()
    return {"saves/s": len(latencies) / elapsed,
            "p50 ms": latencies[len(latencies) // 2] * 1000,
            "p99 ms": latencies[int(len(latencies) * 0.99)] * 1000,
            "bytes": len(pack(state)) + len(pack(meta))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--busy-ms", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    modes: dict[str, type[Database]] = {"group commit": Database, "lock per save": LockedDatabase}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in modes}
    for _ in range(args.repeat):  # interleaved, so both see the same machine
        for name, kind in modes.items():
            results[name].append(asyncio.run(run(kind, args.games, args.saves, args.busy_ms)))
    print(f"{args.games} games x {args.saves} saves, loop busy {args.busy_ms:g} ms a turn, "
          f"{args.repeat} interleaved runs each; median [min-max]")
    first = next(iter(results.values()))[0]
    print(f"a routine save writes {first['bytes']:.0f} bytes (state and meta, packed)")
    for name, runs in results.items():
        cells = []
        for figure in ("saves/s", "p50 ms", "p99 ms"):
            values = sorted(r[figure] for r in runs)
            cells.append(f"{figure} {statistics.median(values):8.1f} "
                         f"[{values[0]:.1f}-{values[-1]:.1f}]")
        print(f"{name:<15}" + "   ".join(cells))


if __name__ == "__main__":
    main()
