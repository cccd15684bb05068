"""Benchmark of the standings: leaderboard pages, /uno stats and recording a match on a
database of 100,000 recorded matches over 1,000 servers.

Usage, from the repository root (no installation needed)::

    python benchmarks/leaderboard.py [--matches N] [--guilds G] [--runs R] [--seed S] [--keep DB]
                                     [--database postgresql://...]

`--database` runs it on PostgreSQL instead of a temporary SQLite file: give an empty database
(it is migrated, filled and left as it is), e.g. on a local server over its socket:
`--database "postgresql://postgres@/bench?host=/var/run/postgresql"`.

The data
    Servers are as unequal as real ones: server i gets a share of the matches proportional to
    1/(i+1) (Zipf), so with the defaults the largest holds about 13,000 matches and 1,600
    players, the median one about 30. A match has 2 to 6 of its server's players, 1 to 6 rounds
    whose winner scores C-8 points, a rule preset (70 % classic, 20 % CNUNO, 10 % Flip), UNO
    misses, challenges and colours named, and finished in the last twelve months. Everything is
    written through `StatsRepository.record_many`, the same `record()` code that records a
    single match, openskill ratings included (a transaction per 2,000 matches).

What is measured (each figure the median of R runs after warm-up, with the fastest and slowest
run, through the repositories the bot uses: on SQLite the one aiosqlite connection, so a thread
hop per query is included; on PostgreSQL the pool, so a round trip per statement)
    * one page (10 rows, and its row count) of each board — wins, points, rating — for the
      largest server and the median one; the wins board also for this month, for one preset and
      for its last page;
    * `/uno stats` for the most active player of the largest server;
    * recording a match: the save of the state that ends a match, which records its last round,
      the match, the totals and the ratings and removes the game, in one transaction.
Then the database's plan for each read (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN), to show
the indexes at work. Target: a page and
a stats query under 20 ms each (PASS / MISS); recording a match is reported without a target.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.storage import (  # noqa: E402
    Database,
    GameRepository,
    MatchResult,
    MatchSeat,
    PostgresDatabase,
    RoundResult,
    RoundSeat,
    SqlStore,
    StatsRepository,
)
from bot.storage.postgres import is_postgres  # noqa: E402
from bot.storage.stats import month_of  # noqa: E402

DEFAULT_MATCHES = 100_000
DEFAULT_GUILDS = 1_000
DEFAULT_RUNS = 25
DEFAULT_SEED = 7
TARGET_MS = 20.0
PRESETS = (("classic", 0.7), ("cnuno", 0.2), ("flip", 0.1))
COLORS = "RYGB"
YEAR = 365 * 24 * 3600


def generate(matches: int, guilds: int, seed: int, now: float) -> tuple[
        list[RoundResult], list[MatchResult]]:
    rng = random.Random(seed)
    weights = [1 / (i + 1) for i in range(guilds)]
    total = sum(weights)
    counts = [max(1, round(matches * w / total)) for w in weights]
    counts[0] += matches - sum(counts)  # exactly `matches` in all
    presets = [name for name, _ in PRESETS]
    preset_weights = [weight for _, weight in PRESETS]
    rounds: list[RoundResult] = []
    results: list[MatchResult] = []
    for g, count in enumerate(counts):
        guild = 10_000 + g
        pool = max(4, count // 8)  # players of this server
        for m in range(count):
            game_id = f"{g:04x}{m:05x}"
            size = rng.choice((2, 2, 3, 3, 4, 4, 5, 6))
            players = [guild * 100_000 + p for p in rng.sample(range(pool), min(size, pool))]
            finished = now - rng.random() * YEAR
            preset = rng.choices(presets, preset_weights)[0]
            points = dict.fromkeys(players, 0)
            n_rounds = rng.randint(1, 6)
            for r in range(1, n_rounds + 1):
                winner = rng.choice(players)
                scored = rng.randint(10, 200)
                points[winner] += scored
                at = finished - (n_rounds - r) * 300
                rounds.append(RoundResult(
                    game_id=game_id, guild_id=guild, round=r, preset=preset, scoring="standard",
                    winner_id=winner, loser_id=None, finished_at=at,
                    seats=tuple(RoundSeat(user_id=u, seat=i, name=f"player {u % 100_000}",
                                          points=scored if u == winner else 0,
                                          place=1 if u == winner else None)
                                for i, u in enumerate(players))))
            ranking = sorted(players, key=lambda u: (-points[u], u))
            seats = tuple(
                MatchSeat(user_id=u, seat=i, name=f"player {u % 100_000}",
                          place=ranking.index(u) + 1, won=u == ranking[0], points=points[u],
                          uno_missed=rng.randint(0, 2), challenges_won=rng.randint(0, 1),
                          challenges_lost=rng.randint(0, 1),
                          colors={rng.choice(COLORS): rng.randint(1, 3)})
                for i, u in enumerate(players))
            results.append(MatchResult(
                game_id=game_id, guild_id=guild, preset=preset, options={}, scoring="standard",
                winner_id=ranking[0], started_at=finished - n_rounds * 300, finished_at=finished,
                rounds=n_rounds, forfeit=False, seats=seats))
    return rounds, results


Timing = tuple[float, float, float]  # median, fastest, slowest (ms)


def summary(times: list[float]) -> Timing:
    return statistics.median(times), min(times), max(times)


async def median_ms(action: Callable[[], Awaitable[Any]], runs: int) -> Timing:
    for _ in range(3):  # warm the page cache and the statement cache
        await action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await action()
        times.append((time.perf_counter() - start) * 1000)
    return summary(times)


def verdict(ms: float, target: float | None) -> str:
    if target is None:
        return "(no target)"
    return f"{'PASS' if ms < target else 'MISS'} (target < {target:g} ms)"


async def open_empty(target: str | Path) -> SqlStore:
    if isinstance(target, Path):
        return await Database.open(target)
    db = await PostgresDatabase.open(target)
    async with db.read() as conn:
        recorded = list(await conn.execute_fetchall("SELECT COUNT(*) FROM matches"))[0][0]
    if recorded:
        await db.close()
        raise SystemExit(f"the database already holds {recorded:,} matches: give an empty one")
    return db


async def size_mib(db: SqlStore, target: str | Path) -> float:
    if isinstance(target, Path):
        return sum(f.stat().st_size for f in (target, Path(f"{target}-wal")) if f.exists()) / 2**20
    async with db.read() as conn:
        rows = list(await conn.execute_fetchall("SELECT pg_database_size(current_database())"))
    return float(rows[0][0]) / 2**20


async def run(args: argparse.Namespace, target: str | Path) -> int:
    now = time.time()
    started = time.perf_counter()
    rounds, matches = generate(args.matches, args.guilds, args.seed, now)
    print(f"generated {len(matches):,} matches, {len(rounds):,} rounds over {args.guilds:,} "
          f"servers in {time.perf_counter() - started:.1f} s")
    db = await open_empty(target)
    print(f"database: {'PostgreSQL' if is_postgres(db) else 'SQLite'}")
    async with db:
        stats = StatsRepository(db, clock=lambda: now)
        games = GameRepository(db, clock=lambda: now)
        started = time.perf_counter()
        await stats.record_many(rounds, matches)
        built = time.perf_counter() - started
        size = await size_mib(db, target)
        print(f"recorded them through StatsRepository.record_many in {built:.1f} s "
              f"({len(matches) / built:,.0f} matches/s); database {size:.0f} MiB")

        by_guild: dict[int, int] = {}
        activity: dict[int, int] = {}
        for m in matches:
            by_guild[m.guild_id] = by_guild.get(m.guild_id, 0) + 1
            if m.guild_id == 10_000:
                for s in m.seats:
                    activity[s.user_id] = activity.get(s.user_id, 0) + 1
        ordered = sorted(by_guild, key=lambda g: -by_guild[g])
        largest, median = ordered[0], ordered[len(ordered) // 2]
        busiest = max(activity, key=lambda u: activity[u])
        this_month = month_of(now)
        rows: list[tuple[str, Timing, float | None]] = []
        for label, guild in (("largest", largest), ("median", median)):
            players = (await stats.leaderboard(guild, board="wins")).total
            print(f"{label} server {guild}: {by_guild[guild]:,} matches, {players:,} players")
            for board in ("wins", "points", "rating"):
                timing = await median_ms(
                    functools.partial(stats.leaderboard, guild, board=board), args.runs)
                rows.append((f"{board} page 1, {label} server", timing, TARGET_MS))
        last = (await stats.leaderboard(largest, board="wins")).pages - 1
        extra: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
            ("wins page 1, largest, this month",
             lambda: stats.leaderboard(largest, board="wins", period=this_month)),
            ("wins page 1, largest, preset cnuno",
             lambda: stats.leaderboard(largest, board="wins", preset="cnuno")),
            (f"wins page {last + 1} (the last), largest",
             lambda: stats.leaderboard(largest, board="wins", page=last)),
            ("/uno stats, busiest player of the largest",
             lambda: stats.player_stats(largest, busiest)),
        ]
        for label, action in extra:
            rows.append((label, await median_ms(action, args.runs), TARGET_MS))

        # Recording: the final save of a 4-player match of the largest server (last round, match,
        # totals, ratings, game row removed), each run a new game.
        counter = iter(range(10**6))
        sample = matches[0]

        async def finish_a_match() -> None:
            n = next(counter)
            game_id = f"bench{n:06d}"
            seats = sample.seats[:4] if len(sample.seats) >= 4 else sample.seats
            await games.save(game_id, guild_id=largest, channel_id=9_000_000 + n,
                             state={"version": 1}, version=1)
            match = MatchResult(
                game_id=game_id, guild_id=largest, preset="classic", options={},
                scoring="standard", winner_id=seats[0].user_id, started_at=now - 900,
                finished_at=now, rounds=1, forfeit=False, seats=seats)
            last_round = RoundResult(
                game_id=game_id, guild_id=largest, round=1, preset="classic",
                scoring="standard", winner_id=seats[0].user_id, loser_id=None, finished_at=now,
                seats=tuple(RoundSeat(user_id=s.user_id, seat=s.seat, name=s.name,
                                      points=50 if s.won else 0) for s in seats))
            start = time.perf_counter()
            await games.save(game_id, guild_id=largest, channel_id=9_000_000 + n,
                             state={"version": 2}, version=2, round_result=last_round,
                             match_result=match)
            timings.append((time.perf_counter() - start) * 1000)

        timings: list[float] = []
        for _ in range(args.runs + 3):
            await finish_a_match()
        rows.append(("record a match (its final save)", summary(timings[3:]), None))

        print()
        width = max(len(label) for label, _, _ in rows)
        print(f"{'':<{width}}  {'median':>10}  {'fastest - slowest':>19}")
        for label, (ms, low, high), goal in rows:
            print(f"{label:<{width}}  {ms:7.2f} ms  {low:7.2f} - {high:7.2f} ms  "
                  f"{verdict(ms, goal)}")
        print()
        print(f"{'EXPLAIN' if is_postgres(db) else 'EXPLAIN QUERY PLAN'} (largest server):")
        for name, plan in (await stats.query_plans(largest, busiest)).items():
            print(f"  {name}:")
            for line in plan:
                print(f"    {line}")
    misses = sum(1 for _, (ms, _, _), goal in rows if goal is not None and ms >= goal)
    print()
    print("all reads under target" if not misses else f"{misses} read(s) missed the target")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=DEFAULT_MATCHES,
                        help=f"matches to record (default {DEFAULT_MATCHES:,})")
    parser.add_argument("--guilds", type=int, default=DEFAULT_GUILDS,
                        help=f"servers they are spread over (default {DEFAULT_GUILDS:,})")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS,
                        help=f"timed runs per figure, median reported (default {DEFAULT_RUNS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--keep", type=Path, default=None,
                        help="write the database here (a new file) instead of a temporary one")
    parser.add_argument("--database", default=None, metavar="postgresql://...",
                        help="an empty PostgreSQL database to run on instead of SQLite")
    args = parser.parse_args(argv)
    if args.matches < args.guilds or args.guilds < 1 or args.runs < 1:
        parser.error("need at least one server, one match per server and one run")
    print(f"UNO standings benchmark: {args.matches:,} matches, {args.guilds:,} servers, "
          f"median of {args.runs} runs, Python {sys.version.split()[0]}")
    if args.database is not None:
        if not args.database.startswith(("postgresql://", "postgres://")):
            parser.error("--database takes a postgresql:// URL (SQLite is the default)")
        return asyncio.run(run(args, args.database))
    if args.keep is not None:
        if args.keep.exists():
            parser.error(f"{args.keep} exists: give a new file")
        return asyncio.run(run(args, args.keep))
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(run(args, Path(folder) / "bench.db"))


if __name__ == "__main__":
    sys.exit(main())
