"""Finished rounds and matches per guild, the totals the leaderboards read, and skill ratings.

Two layers, always written together in one transaction by `record()`:

- the record of what happened: `rounds` + `round_points` (a row per player of a round) and
  `matches` + `match_players` + `match_colors`, keyed by game, so recording the same result twice
  (a retry, a restart) changes nothing;
- what the boards and `/uno stats` read, updated as each result arrives: `player_totals` per
  (guild, period, preset, player) — period `all` or a UTC month `YYYY-MM`, preset `any` or one
  preset — so any page of any board is one range read of an index, whatever the server's size;
  `player_colors`; and `guild_players`, a player's name and openskill rating per server.

`GameRepository.save` calls `record()` inside the transaction that saves the state ending a round
or a match, so a crash can neither record a result twice nor lose one.
"""

from __future__ import annotations

import math
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.rating import MIN_RATED_MATCHES, NEW_PLAYER, Skill

from ._json import decode, encode
from ._sql import Connection, SqlDatabase
from .postgres import is_postgres, lock_keys
from .records import (
    ALL_TIME,
    ANY_PRESET,
    BOARDS,
    Forgotten,
    LeaderboardEntry,
    LeaderboardPage,
    MatchResult,
    MatchSeat,
    PlayerStats,
    RoundResult,
    RoundSeat,
)
from .records import PER_PAGE as PER_PAGE
from .records import month_of as month_of
from .totals import COUNTERS, latest_names, rate_in_order, sum_results

BULK_CACHE_KIB = 256 * 1024  # SQLite's page cache during `record_many` (then set back)
_CHUNK = 400  # host parameters per IN (...) list, well under SQLite's limit

_COUNTERS = COUNTERS
_UPSERT_TOTALS = (
    f"INSERT INTO player_totals (guild_id, period, preset, user_id, {', '.join(_COUNTERS)}) "
    f"VALUES (?, ?, ?, ?, {', '.join('?' for _ in _COUNTERS)}) "
    "ON CONFLICT (guild_id, period, preset, user_id) DO UPDATE SET "
    + ", ".join(f"{c} = player_totals.{c} + excluded.{c}" for c in _COUNTERS)
)

# -- the boards' queries (also shown by `query_plans`)

_PAGE_COLUMNS = ("t.user_id, COALESCE(p.name, '') AS name, t.matches, t.wins, t.points, "
                 "COALESCE(p.ordinal, 0.0) AS ordinal, COALESCE(p.rated, 0) AS rated")
_BOARD_FILTER = {"wins": "t.matches > 0", "points": "t.points > 0"}
_BOARD_ORDER = {"wins": "t.wins DESC, t.matches, t.user_id", "points": "t.points DESC, t.user_id"}
_TOTALS_PAGE = (
    "SELECT {columns} FROM player_totals AS t "
    "LEFT JOIN guild_players AS p ON p.guild_id = t.guild_id AND p.user_id = t.user_id "
    "WHERE t.guild_id = ? AND t.period = ? AND t.preset = ? AND {where} "
    "ORDER BY {order} LIMIT ? OFFSET ?"
)
_TOTALS_COUNT = ("SELECT COUNT(*) FROM player_totals AS t "
                 "WHERE t.guild_id = ? AND t.period = ? AND t.preset = ? AND {where}")
_RATING_PAGE = (
    "SELECT p.user_id, p.name, COALESCE(t.matches, 0) AS matches, COALESCE(t.wins, 0) AS wins, "
    "COALESCE(t.points, 0) AS points, p.ordinal, p.rated FROM guild_players AS p "
    "LEFT JOIN player_totals AS t ON t.guild_id = p.guild_id AND t.period = 'all' "
    "AND t.preset = 'any' AND t.user_id = p.user_id "
    "WHERE p.guild_id = ? AND p.rated >= ? ORDER BY p.ordinal DESC, p.user_id LIMIT ? OFFSET ?"
)
_RATING_COUNT = "SELECT COUNT(*) FROM guild_players WHERE guild_id = ? AND rated >= ?"
_STATS = (
    "SELECT p.name, p.mu, p.sigma, p.ordinal, p.rated, "
    + ", ".join(f"COALESCE(t.{c}, 0) AS {c}" for c in _COUNTERS)
    + " FROM guild_players AS p LEFT JOIN player_totals AS t ON t.guild_id = p.guild_id "
    "AND t.period = 'all' AND t.preset = ? AND t.user_id = p.user_id "
    "WHERE p.guild_id = ? AND p.user_id = ?"
)
_STATS_COLORS = "SELECT color, named FROM player_colors WHERE guild_id = ? AND user_id = ?"
_RATING_RANK = ("SELECT COUNT(*) FROM guild_players WHERE guild_id = ? AND rated >= ? "
                "AND (ordinal > ? OR (ordinal = ? AND user_id < ?))")


class StatsRepository:
    """Record results and read a guild's leaderboards and a player's statistics."""

    def __init__(self, db: SqlDatabase, *, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    # -- recording

    async def record_round(self, result: RoundResult) -> bool:
        """Store a finished round; False if it was already recorded."""
        async with self._db.transaction() as conn:
            rounds, _ = await record(conn, rounds=[result])
            return rounds == 1

    async def record_match(self, result: MatchResult) -> bool:
        """Store a finished match (and rate it); False if it was already recorded."""
        async with self._db.transaction() as conn:
            _, matches = await record(conn, matches=[result])
            return matches == 1

    async def record_many(self, rounds: Sequence[RoundResult], matches: Sequence[MatchResult],
                          *, batch: int = 2000) -> None:
        """Bulk import (benchmarks, migrations of old data): the same code as every record, a
        transaction per `batch` matches. Rounds are written with the batch of their match."""
        by_game: dict[str, list[RoundResult]] = {}
        for result in rounds:
            by_game.setdefault(result.game_id, []).append(result)
        # Ratings need time order only within a guild; guild order keeps each batch local.
        ordered = sorted(matches, key=lambda m: (m.guild_id, m.finished_at))
        async with self._bulk():
            for start in range(0, len(ordered), batch):
                chunk = ordered[start:start + batch]
                chunk_rounds = [r for m in chunk for r in by_game.pop(m.game_id, [])]
                async with self._db.transaction() as conn:
                    await record(conn, rounds=chunk_rounds, matches=chunk)
            rest = [r for group in by_game.values() for r in group]
            if rest:
                async with self._db.transaction() as conn:
                    await record(conn, rounds=rest)

    @asynccontextmanager
    async def _bulk(self) -> AsyncIterator[None]:
        """SQLite gets a bigger page cache while importing (set back after). PostgreSQL's
        buffers are the server's business, but its planner needs fresh statistics of the tables
        just filled (autovacuum would gather them only later) to choose the boards' indexes."""
        if is_postgres(self._db):
            yield
            async with self._db.transaction() as conn:
                await conn.execute("ANALYZE")
            return
        async with self._db.read() as conn:
            cache = int((await _one(conn, "PRAGMA cache_size", ()))[0])
        try:
            async with self._db.read() as conn:
                await conn.execute(f"PRAGMA cache_size = {-BULK_CACHE_KIB}")
            yield
        finally:
            async with self._db.read() as conn:
                await conn.execute(f"PRAGMA cache_size = {int(cache)}")

    # -- reading

    async def leaderboard(self, guild_id: int, *, board: str = "wins", period: str = ALL_TIME,
                          preset: str = ANY_PRESET, page: int = 0,
                          per_page: int = PER_PAGE) -> LeaderboardPage:
        """One page of a board: `wins` (matches won, then fewer matches played), `points` (C-8
        points of every round) or `rating` (openskill, all-time and every preset; players with
        MIN_RATED_MATCHES or more). A page past the end gives the last page."""
        if board not in BOARDS:
            raise ValueError(f"unknown board {board!r}")
        if board == "rating":
            period, preset = ALL_TIME, ANY_PRESET
        async with self._db.read() as conn:
            count_sql, count_args = (
                (_RATING_COUNT, (guild_id, MIN_RATED_MATCHES)) if board == "rating"
                else (_TOTALS_COUNT.format(where=_BOARD_FILTER[board]), (guild_id, period, preset)))
            total = int((await _one(conn, count_sql, count_args))[0])
            pages = max(1, math.ceil(total / per_page))
            page = min(max(page, 0), pages - 1)
            sql, args = _page_query(board, guild_id, period, preset, per_page, page * per_page)
            rows = await conn.execute_fetchall(sql, args)
        entries = tuple(
            LeaderboardEntry(place=page * per_page + i + 1, user_id=int(r["user_id"]),
                             name=str(r["name"]), matches=int(r["matches"]), wins=int(r["wins"]),
                             points=int(r["points"]), rating=float(r["ordinal"]),
                             rated=int(r["rated"]))
            for i, r in enumerate(rows))
        return LeaderboardPage(guild_id, board, period, preset, page, pages, total, entries)

    async def player_stats(self, guild_id: int, user_id: int, *,
                           preset: str = ANY_PRESET) -> PlayerStats | None:
        """A player's all-time results in one guild (the counters of one preset's matches, or
        of all), or None if they have none there."""
        async with self._db.read() as conn:
            rows = list(await conn.execute_fetchall(_STATS, (preset, guild_id, user_id)))
            if not rows:
                return None
            row = rows[0]
            colors = {str(r["color"]): int(r["named"])
                      for r in await conn.execute_fetchall(_STATS_COLORS, (guild_id, user_id))}
            rating, rated = float(row["ordinal"]), int(row["rated"])
            rank = None
            if rated >= MIN_RATED_MATCHES:
                above = await _one(conn, _RATING_RANK,
                                   (guild_id, MIN_RATED_MATCHES, rating, rating, user_id))
                rank = int(above[0]) + 1
        counters = {c: int(row[c]) for c in _COUNTERS}
        return PlayerStats(user_id=user_id, name=str(row["name"]), colors=colors, rating=rating,
                           rated=rated, rank=rank, mu=float(row["mu"]),
                           sigma=float(row["sigma"]), **counters)

    async def match(self, game_id: str) -> MatchResult | None:
        """A recorded match as stored (anonymous seats included), or None."""
        async with self._db.read() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT guild_id, preset, options, scoring, winner_id, started_at, finished_at, "
                "rounds, forfeit FROM matches WHERE game_id = ?", (game_id,)))
            if not rows:
                return None
            m = rows[0]
            players = await conn.execute_fetchall(
                "SELECT user_id, seat, place, won, forfeited, points, penalty, uno_missed, "
                "challenges_won, challenges_lost FROM match_players WHERE game_id = ? "
                "ORDER BY seat", (game_id,))
            colors: dict[int, dict[str, int]] = {}
            for r in await conn.execute_fetchall(
                    "SELECT user_id, color, named FROM match_colors WHERE game_id = ?",
                    (game_id,)):
                colors.setdefault(int(r["user_id"]), {})[str(r["color"])] = int(r["named"])
            names = await _names(conn, int(m["guild_id"]), [int(p["user_id"]) for p in players])
        seats = tuple(
            MatchSeat(user_id=int(p["user_id"]), seat=int(p["seat"]),
                      name=names.get(int(p["user_id"]), ""), place=int(p["place"]),
                      won=bool(p["won"]), forfeited=bool(p["forfeited"]), points=int(p["points"]),
                      penalty=int(p["penalty"]), uno_missed=int(p["uno_missed"]),
                      challenges_won=int(p["challenges_won"]),
                      challenges_lost=int(p["challenges_lost"]),
                      colors=colors.get(int(p["user_id"]), {}))
            for p in players)
        return MatchResult(
            game_id=game_id, guild_id=int(m["guild_id"]), preset=str(m["preset"]),
            options=decode(str(m["options"])), scoring=str(m["scoring"]),
            winner_id=None if m["winner_id"] is None else int(m["winner_id"]),
            started_at=float(m["started_at"] if m["started_at"] is not None
                             else m["finished_at"]),
            finished_at=float(m["finished_at"]), rounds=int(m["rounds"]),
            forfeit=bool(m["forfeit"]), seats=seats)

    async def rounds(self, game_id: str) -> list[RoundResult]:
        """A game's recorded rounds as stored, in order."""
        async with self._db.read() as conn:
            rounds = await conn.execute_fetchall(
                "SELECT round, guild_id, preset, scoring, winner_id, loser_id, finished_at "
                "FROM rounds WHERE game_id = ? ORDER BY round", (game_id,))
            seats: dict[int, list[RoundSeat]] = {}
            for r in await conn.execute_fetchall(
                    "SELECT round, user_id, seat, points, penalty, place FROM round_points "
                    "WHERE game_id = ? ORDER BY round, seat", (game_id,)):
                seats.setdefault(int(r["round"]), []).append(RoundSeat(
                    user_id=int(r["user_id"]), seat=int(r["seat"]), points=int(r["points"]),
                    penalty=int(r["penalty"]),
                    place=None if r["place"] is None else int(r["place"])))
        return [RoundResult(
            game_id=game_id, guild_id=int(r["guild_id"]), round=int(r["round"]),
            preset=str(r["preset"]), scoring=str(r["scoring"]),
            winner_id=None if r["winner_id"] is None else int(r["winner_id"]),
            loser_id=None if r["loser_id"] is None else int(r["loser_id"]),
            finished_at=float(r["finished_at"]), seats=tuple(seats.get(int(r["round"]), ())))
            for r in rounds]

    # -- forgetting

    async def forget_user(self, user_id: int) -> Forgotten:
        """`/uno forget-me`, in every guild: the user's totals, colours, name and ratings are
        deleted; in the records of the rounds and matches they played, their seat becomes an
        anonymous one (so the other players' results still add up). Other players' ratings are
        not recomputed."""
        guilds = "SELECT guild_id FROM guild_players WHERE user_id = :user"
        async with self._db.transaction() as conn:
            params = {"user": user_id}
            # The same guild locks as `record` takes, so a result recorded meanwhile in one of
            # the user's guilds neither waits in a deadlock nor brings their name back.
            await lock_keys(conn, [int(r[0]) for r in await conn.execute_fetchall(
                "SELECT guild_id FROM guild_players WHERE user_id = ?", (user_id,))])
            # Winners and losers first, while the seats still name the user. An anonymous seat's
            # user id is -1 - seat: negative, and unique within its game.
            await conn.execute(
                "UPDATE matches SET winner_id = (SELECT -1 - mp.seat FROM match_players AS mp "
                "WHERE mp.game_id = matches.game_id AND mp.user_id = :user) "
                f"WHERE guild_id IN ({guilds}) AND winner_id = :user", params)
            for column in ("winner_id", "loser_id"):
                await conn.execute(
                    f"UPDATE rounds SET {column} = (SELECT -1 - rp.seat FROM round_points AS rp "
                    "WHERE rp.game_id = rounds.game_id AND rp.round = rounds.round "
                    f"AND rp.user_id = :user) WHERE guild_id IN ({guilds}) "
                    f"AND {column} = :user", params)
            cursor = await conn.execute(
                "UPDATE round_points SET user_id = -1 - seat "
                f"WHERE guild_id IN ({guilds}) AND user_id = :user", params)
            rounds = cursor.rowcount
            await conn.execute(
                "DELETE FROM match_colors WHERE user_id = :user AND game_id IN "
                "(SELECT game_id FROM match_players WHERE user_id = :user)", params)
            cursor = await conn.execute(
                "UPDATE match_players SET user_id = -1 - seat, uno_missed = 0, "
                "challenges_won = 0, challenges_lost = 0 WHERE user_id = :user", params)
            matches = cursor.rowcount
            for table in ("player_totals", "player_colors"):
                await conn.execute(f"DELETE FROM {table} WHERE guild_id IN ({guilds}) "
                                   "AND user_id = :user", params)
            await conn.execute("DELETE FROM guild_players WHERE user_id = :user", params)
            return Forgotten(matches=matches, rounds=rounds)

    # -- for the benchmark

    async def query_plans(self, guild_id: int, user_id: int) -> dict[str, list[str]]:
        """The database's plan for each read the boards and /uno stats make (to show index
        use): SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's EXPLAIN lines."""
        plans: dict[str, list[str]] = {}
        queries: list[tuple[str, str, tuple[object, ...]]] = []
        for board in BOARDS:
            sql, args = _page_query(board, guild_id, ALL_TIME, ANY_PRESET, PER_PAGE, 0)
            queries.append((f"{board} page", sql, args))
        sql, args = _page_query("wins", guild_id, month_of(self._clock()), "classic", PER_PAGE, 0)
        queries.append(("wins page, month + preset", sql, args))
        queries.append(("wins count", _TOTALS_COUNT.format(where=_BOARD_FILTER["wins"]),
                        (guild_id, ALL_TIME, ANY_PRESET)))
        queries.append(("stats", _STATS, (ANY_PRESET, guild_id, user_id)))
        queries.append(("stats colours", _STATS_COLORS, (guild_id, user_id)))
        queries.append(("stats rank", _RATING_RANK,
                        (guild_id, MIN_RATED_MATCHES, 0.0, 0.0, user_id)))
        async with self._db.read() as conn:
            for name, sql, args in queries:
                if not is_postgres(self._db):
                    rows = await conn.execute_fetchall(f"EXPLAIN QUERY PLAN {sql}", args)
                    plans[name] = [str(r["detail"]) for r in rows]
                else:
                    rows = await conn.execute_fetchall(f"EXPLAIN {sql}", args)
                    plans[name] = [str(r[0]) for r in rows]
        return plans


def _page_query(board: str, guild_id: int, period: str, preset: str, limit: int,
                offset: int) -> tuple[str, tuple[object, ...]]:
    if board == "rating":
        return _RATING_PAGE, (guild_id, MIN_RATED_MATCHES, limit, offset)
    sql = _TOTALS_PAGE.format(columns=_PAGE_COLUMNS, where=_BOARD_FILTER[board],
                              order=_BOARD_ORDER[board])
    return sql, (guild_id, period, preset, limit, offset)


async def _one(conn: Connection, sql: str, args: Sequence[object]) -> Any:
    rows = list(await conn.execute_fetchall(sql, args))
    return rows[0]


async def _names(conn: Connection, guild_id: int,
                 user_ids: Iterable[int]) -> dict[int, str]:
    wanted = [u for u in user_ids if u > 0]
    names: dict[int, str] = {}
    for chunk in _chunks(wanted):
        marks = ", ".join("?" for _ in chunk)
        for r in await conn.execute_fetchall(
                f"SELECT user_id, name FROM guild_players WHERE guild_id = ? "
                f"AND user_id IN ({marks})", (guild_id, *chunk)):
            names[int(r["user_id"])] = str(r["name"])
    return names


_T = TypeVar("_T")


def _chunks(items: Sequence[_T]) -> Iterable[Sequence[_T]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start:start + _CHUNK]


# -- recording: one function for a single result and for a bulk import


@dataclass
class _Player:
    skill: Skill
    rated: int  # matches rated so far
    name: str


async def record(conn: Connection, *, rounds: Sequence[RoundResult] = (),
                 matches: Sequence[MatchResult] = ()) -> tuple[int, int]:
    """Record results inside the caller's transaction: the raw rows, the totals, the colours, the
    names and (for matches, in the order they finished) the ratings. Results already stored are
    skipped whole, so a retry changes nothing. Returns how many rounds and matches were new."""
    # A guild's ratings are read, updated and written back: where transactions run side by side
    # (PostgreSQL), two results of one guild take turns, and a result is checked for being new
    # only once its guild is held.
    await lock_keys(conn, {r.guild_id for r in rounds} | {m.guild_id for m in matches})
    new_rounds = await _unrecorded_rounds(conn, rounds)
    new_matches = await _unrecorded_matches(conn, matches)
    if not new_rounds and not new_matches:
        return 0, 0
    await conn.executemany(
        "INSERT INTO rounds (game_id, round, guild_id, winner_id, finished_at, scoring, preset, "
        "loser_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(r.game_id, r.round, r.guild_id, r.winner_id, r.finished_at, r.scoring, r.preset,
          r.loser_id) for r in new_rounds])
    await conn.executemany(
        "INSERT INTO round_points (game_id, round, guild_id, user_id, points, seat, penalty, "
        "place) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(r.game_id, r.round, r.guild_id, s.user_id, s.points, s.seat, s.penalty, s.place)
         for r in new_rounds for s in r.seats])
    await conn.executemany(
        "INSERT INTO matches (game_id, guild_id, winner_id, finished_at, preset, options, "
        "scoring, rounds, forfeit, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(m.game_id, m.guild_id, m.winner_id, m.finished_at, m.preset, encode(m.options),
          m.scoring, m.rounds, int(m.forfeit), m.started_at) for m in new_matches])
    await conn.executemany(
        "INSERT INTO match_players (game_id, guild_id, user_id, seat, place, won, forfeited, "
        "points, penalty, uno_missed, challenges_won, challenges_lost) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(m.game_id, m.guild_id, s.user_id, s.seat, s.place, int(s.won), int(s.forfeited),
          s.points, s.penalty, s.uno_missed, s.challenges_won, s.challenges_lost)
         for m in new_matches for s in m.seats])
    await conn.executemany(
        "INSERT INTO match_colors (game_id, user_id, color, named) VALUES (?, ?, ?, ?)",
        [(m.game_id, s.user_id, color, n) for m in new_matches for s in m.seats
         for color, n in sorted(s.colors.items()) if n > 0])
    await _add_totals(conn, new_rounds, new_matches)
    await _update_players(conn, new_rounds, new_matches)
    return len(new_rounds), len(new_matches)


async def _unrecorded_rounds(conn: Connection,
                             results: Sequence[RoundResult]) -> list[RoundResult]:
    unique = list({(r.game_id, r.round): r for r in reversed(results)}.values())[::-1]
    games = sorted({r.game_id for r in unique})
    stored: set[tuple[str, int]] = set()
    for chunk in _chunks(games):
        marks = ", ".join("?" for _ in chunk)
        rows = await conn.execute_fetchall(
            f"SELECT game_id, round FROM rounds WHERE game_id IN ({marks})", tuple(chunk))
        stored |= {(str(r["game_id"]), int(r["round"])) for r in rows}
    return [r for r in unique if (r.game_id, r.round) not in stored]


async def _unrecorded_matches(conn: Connection,
                              results: Sequence[MatchResult]) -> list[MatchResult]:
    unique = list({m.game_id: m for m in reversed(results)}.values())[::-1]
    stored: set[str] = set()
    for chunk in _chunks([m.game_id for m in unique]):
        marks = ", ".join("?" for _ in chunk)
        rows = await conn.execute_fetchall(
            f"SELECT game_id FROM matches WHERE game_id IN ({marks})", tuple(chunk))
        stored |= {str(r["game_id"]) for r in rows}
    return [m for m in unique if m.game_id not in stored]


async def _add_totals(conn: Connection, rounds: Sequence[RoundResult],
                      matches: Sequence[MatchResult]) -> None:
    totals, colors = sum_results(rounds, matches)
    await conn.executemany(_UPSERT_TOTALS, [(*key, *values) for key, values in totals.items()])
    await conn.executemany(
        "INSERT INTO player_colors (guild_id, user_id, color, named) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (guild_id, user_id, color) DO UPDATE SET "
        "named = player_colors.named + excluded.named",
        [(*key, n) for key, n in colors.items() if n > 0])


async def _update_players(conn: Connection, rounds: Sequence[RoundResult],
                          matches: Sequence[MatchResult]) -> None:
    """Names (the latest each player played under) and ratings, match by match in finishing
    order, each rated from the ratings the previous one left."""
    players = await _load_players(conn, latest_names(rounds, matches))
    ratings = {key: (p.skill, p.rated) for key, p in players.items()}
    rate_in_order(ratings, matches)
    for key, (skill, rated) in ratings.items():
        players[key].skill, players[key].rated = skill, rated
    await conn.executemany(
        "INSERT INTO guild_players (guild_id, user_id, name, mu, sigma, ordinal, rated) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
        "name = CASE WHEN excluded.name != '' THEN excluded.name ELSE guild_players.name END, "
        "mu = excluded.mu, "
        "sigma = excluded.sigma, ordinal = excluded.ordinal, rated = excluded.rated",
        [(g, u, p.name, p.skill.mu, p.skill.sigma, p.skill.ordinal, p.rated)
         for (g, u), p in players.items()])


async def _load_players(conn: Connection,
                        names: dict[tuple[int, int], str]) -> dict[tuple[int, int], _Player]:
    by_guild: dict[int, list[int]] = {}
    for guild, user in names:
        by_guild.setdefault(guild, []).append(user)
    players: dict[tuple[int, int], _Player] = {}
    for guild, users in by_guild.items():
        for chunk in _chunks(users):
            marks = ", ".join("?" for _ in chunk)
            for r in await conn.execute_fetchall(
                    "SELECT user_id, mu, sigma, rated FROM guild_players WHERE guild_id = ? "
                    f"AND user_id IN ({marks})", (guild, *chunk)):
                key = (guild, int(r["user_id"]))
                players[key] = _Player(Skill(float(r["mu"]), float(r["sigma"])),
                                       int(r["rated"]), names[key])
    for key, name in names.items():
        players.setdefault(key, _Player(NEW_PLAYER, 0, name))
    return players
