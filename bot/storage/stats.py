"""Finished rounds and matches per guild, and the leaderboard computed from them in SQL.

Results are rows keyed by (game, round) rather than running totals, so recording the same round
twice (a retry after a restart) changes nothing and totals can always be recomputed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from .database import Database
from .records import LeaderboardRow


class StatsRepository:
    """Record results and read a guild's leaderboard."""

    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    async def record_round(
        self,
        *,
        game_id: str,
        round_number: int,
        guild_id: int,
        winner_id: int | None,
        points: Mapping[int, int],
    ) -> bool:
        """Store a finished round's points per player; False if it was already recorded."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO rounds (game_id, round, guild_id, winner_id, finished_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, round) DO NOTHING",
                (game_id, round_number, guild_id, winner_id, self._clock()),
            )
            if cursor.rowcount == 0:
                return False
            await conn.executemany(
                "INSERT INTO round_points (game_id, round, guild_id, user_id, points) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, round_number, guild_id, user, pts) for user, pts in points.items()],
            )
            return True

    async def record_match(self, *, game_id: str, guild_id: int, winner_id: int | None) -> bool:
        """Store a finished match's winner; False if it was already recorded."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO matches (game_id, guild_id, winner_id, finished_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, guild_id, winner_id, self._clock()),
            )
            return cursor.rowcount > 0

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[LeaderboardRow]:
        """The guild's top `limit` players by points (then matches won, rounds won, id)."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                """
                WITH players AS (
                    SELECT user_id FROM round_points WHERE guild_id = ?
                    UNION SELECT winner_id FROM matches
                        WHERE guild_id = ? AND winner_id IS NOT NULL
                ),
                pts AS (
                    SELECT user_id, SUM(points) AS points FROM round_points
                    WHERE guild_id = ? GROUP BY user_id
                ),
                rw AS (
                    SELECT winner_id AS user_id, COUNT(*) AS n FROM rounds
                    WHERE guild_id = ? AND winner_id IS NOT NULL GROUP BY winner_id
                ),
                mw AS (
                    SELECT winner_id AS user_id, COUNT(*) AS n FROM matches
                    WHERE guild_id = ? AND winner_id IS NOT NULL GROUP BY winner_id
                )
                SELECT p.user_id AS user_id,
                       COALESCE(pts.points, 0) AS points,
                       COALESCE(rw.n, 0) AS rounds_won,
                       COALESCE(mw.n, 0) AS matches_won
                FROM players AS p
                LEFT JOIN pts ON pts.user_id = p.user_id
                LEFT JOIN rw ON rw.user_id = p.user_id
                LEFT JOIN mw ON mw.user_id = p.user_id
                ORDER BY points DESC, matches_won DESC, rounds_won DESC, user_id
                LIMIT ?
                """,
                (guild_id, guild_id, guild_id, guild_id, guild_id, limit),
            )
            return [
                LeaderboardRow(int(r["user_id"]), int(r["points"]), int(r["rounds_won"]),
                               int(r["matches_won"]))
                for r in rows
            ]
