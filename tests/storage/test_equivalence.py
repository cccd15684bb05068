"""The in-memory stats answer exactly as SQLite and PostgreSQL do, over random histories of
results.

The contract tests check chosen cases; this feeds the same random rounds and matches (ties,
anonymous seats, missing names, every scoring, several guilds and months, duplicates, bulk
imports, game saves that end matches, forget-me) to both implementations and compares every
board page, every player's statistics and every stored result."""

from __future__ import annotations

import calendar
import random
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from bot.storage import (
    BOARDS,
    SCORINGS,
    Database,
    GameRepository,
    MatchResult,
    MatchSeat,
    MemoryStorage,
    RoundResult,
    RoundSeat,
    StatsRepository,
    month_of,
)
from bot.storage.postgres import PostgresDatabase
from tests.conftest import fresh_database
from tests.pg_cluster import Cluster
from tests.storage.conftest import FakeClock

GUILDS = (1, 2)
USERS = range(1, 9)
PRESETS = ("classic", "house")
MONTHS = (calendar.timegm((2025, 5, 31, 23, 0, 0)), calendar.timegm((2025, 6, 1, 1, 0, 0)))


def _history(rng: random.Random, games: int) -> list[tuple[list[RoundResult], MatchResult]]:
    history = []
    for n in range(games):
        guild, preset, scoring = rng.choice(GUILDS), rng.choice(PRESETS), rng.choice(SCORINGS)
        at = rng.choice(MONTHS) + rng.randrange(0, 3)  # equal times happen
        users = rng.sample(list(USERS), rng.randint(2, 4))
        seats = [(-1 - i if rng.random() < 0.1 else u) for i, u in enumerate(users)]
        rounds = []
        for number in range(1, rng.randint(1, 3) + 1):
            winner = rng.choice(seats)
            rounds.append(RoundResult(
                game_id=f"g{n}", guild_id=guild, round=number, preset=preset, scoring=scoring,
                winner_id=winner, loser_id=rng.choice(seats) if scoring == "lazy" else None,
                finished_at=at - rng.choice((0, 0, number)),  # often the match's
                seats=tuple(RoundSeat(user_id=u, seat=i, name=rng.choice(("", f"n{u}", "x")),
                                      points=rng.choice((0, 10, 20)) if u == winner else 0,
                                      penalty=rng.randrange(0, 3) * 5,
                                      place=1 if u == winner else None)
                            for i, u in enumerate(seats))))
        places = [rng.randint(1, len(seats)) for _ in seats]  # ties included
        won = places.index(min(places))
        match = MatchResult(
            game_id=f"g{n}", guild_id=guild, preset=preset, options={"n": n % 2},
            scoring=scoring, winner_id=seats[won], started_at=at - 100, finished_at=at,
            rounds=len(rounds), forfeit=rng.random() < 0.1,
            seats=tuple(MatchSeat(
                user_id=u, seat=i, name=rng.choice(("", f"n{u}", "y")), place=places[i],
                won=i == won, forfeited=rng.random() < 0.1, points=rng.randrange(0, 4) * 10,
                penalty=rng.randrange(0, 4) * 7, uno_missed=rng.randrange(0, 2),
                challenges_won=rng.randrange(0, 2), challenges_lost=rng.randrange(0, 2),
                colors={c: rng.randrange(0, 3) for c in rng.sample("RGBY", 2)})
                for i, u in enumerate(seats)))
        history.append((rounds, match))
    return history


async def _everything(stats: StatsRepository | MemoryStorage, game_ids: list[str]) -> object:
    store = stats.stats if isinstance(stats, MemoryStorage) else stats
    pages = []
    for guild in GUILDS:
        for board in BOARDS:
            for period in ("all", *(month_of(m) for m in MONTHS), "2024-01"):
                for preset in ("any", *PRESETS):
                    for per_page in (3, 50):
                        for page in range(4):
                            pages.append(await store.leaderboard(
                                guild, board=board, period=period, preset=preset, page=page,
                                per_page=per_page))
    players = [await store.player_stats(g, u, preset=preset) for g in GUILDS
               for u in (*USERS, -1) for preset in ("any", *PRESETS)]
    results = [(await store.match(g), await store.rounds(g)) for g in game_ids]
    return pages, players, results


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
@pytest.mark.parametrize("seed", range(4))
async def test_memory_stats_equal_sql_stats(db_path: Path, seed: int, dialect: str,
                                            postgres_cluster: Cluster | None) -> None:
    rng = random.Random(seed)
    history = _history(rng, 24)
    clock = FakeClock()
    memory = MemoryStorage(clock=clock)
    async with AsyncExitStack() as stack:
        if dialect == "postgresql":
            url = await stack.enter_async_context(fresh_database(postgres_cluster))
            db: Database | PostgresDatabase = await PostgresDatabase.open(url)
        else:
            db = await Database.open(db_path)
        stack.push_async_callback(db.close)
        sql_games, sql_stats = GameRepository(db, clock=clock), StatsRepository(db, clock=clock)
        # A bulk import of the first third (with a retried duplicate), then one by one: rounds
        # and matches alone, or through the game save that ends the match.
        bulk = history[:8]
        rounds = [r for rs, _ in bulk for r in rs]
        matches = [m for _, m in bulk] + [bulk[0][1]]
        await sql_stats.record_many(rounds, matches, batch=3)
        await memory.stats.record_many(rounds, matches, batch=3)
        for n, (rs, m) in enumerate(history[8:]):
            if n % 2:
                for r in rs:
                    assert await sql_stats.record_round(r) == await memory.stats.record_round(r)
                assert await sql_stats.record_match(m) == await memory.stats.record_match(m)
            else:
                for store in (sql_games, memory.games):
                    base: dict[str, Any] = {"guild_id": m.guild_id, "channel_id": 100 + n}
                    await store.save(m.game_id, state={"version": 0}, version=0, **base)
                    for v, r in enumerate(rs[:-1], start=1):
                        await store.save(m.game_id, state={"version": v}, version=v,
                                         round_result=r, **base)
                    await store.save(m.game_id, state={"version": 9}, version=9,
                                     round_result=rs[-1], match_result=m, **base)
            if n == 6:
                assert await sql_stats.forget_user(3) == await memory.stats.forget_user(3)
        assert await sql_stats.forget_user(5) == await memory.stats.forget_user(5)
        assert await sql_stats.record_match(history[0][1]) is False  # already there
        game_ids = [m.game_id for _, m in history]
        expected = await _everything(sql_stats, game_ids)
    assert await _everything(memory, game_ids) == expected
