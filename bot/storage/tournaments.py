"""Tournaments (issue 31): one document per tournament, saved whole under a version, and each
player's final line once it is over."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._json import decode, encode
from ._sql import INTEGRITY_ERRORS, Connection, SqlDatabase
from .errors import NotFound, StaleVersion, TournamentBusy
from .records import TOURNAMENT_OVER, TOURNAMENT_STATUSES, TournamentEntry, TournamentRecord
from .shards import Shards, owned_sql

_COLUMNS = ("tournament_id, guild_id, channel_id, host_id, name, status, state, version, "
            "created_at, updated_at")
HISTORY = 10  # the tournaments `/uno stats` lists, newest first


class TournamentRepository:
    """A server has one tournament not over at a time (`TournamentBusy`); a save must carry the
    next version (`StaleVersion` otherwise), so two tasks never undo each other's step."""

    def __init__(self, db: SqlDatabase, *, clock: Callable[[], float] = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._owned = owned_sql(shards)

    async def create(self, *, tournament_id: str, guild_id: int, channel_id: int, host_id: int,
                     name: str, state: Mapping[str, Any]) -> TournamentRecord:
        now = self._clock()
        async with self._db.transaction() as conn:
            running = await _fetch(conn, "guild_id = ? AND ended = 0", guild_id)
            if running is not None:
                raise TournamentBusy(guild_id, running.tournament_id)
            try:
                await conn.execute(
                    f"INSERT INTO tournaments ({_COLUMNS}, ended) "
                    "VALUES (?, ?, ?, ?, ?, 'signup', ?, 1, ?, ?, 0)",
                    (tournament_id, guild_id, channel_id, host_id, name, encode(state), now, now))
            except INTEGRITY_ERRORS as exc:  # another process created one meanwhile
                raise TournamentBusy(guild_id, "") from exc
        return TournamentRecord(tournament_id, guild_id, channel_id, host_id, name, "signup",
                                dict(state), 1, now, now)

    async def get(self, tournament_id: str) -> TournamentRecord | None:
        async with self._db.read() as conn:
            return await _fetch(conn, "tournament_id = ?", tournament_id)

    async def current(self, guild_id: int) -> TournamentRecord | None:
        """The server's tournament that is not over, if any."""
        async with self._db.read() as conn:
            return await _fetch(conn, "guild_id = ? AND ended = 0", guild_id)

    async def unfinished(self) -> list[TournamentRecord]:
        """Every tournament not over of this process's servers, oldest first."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_COLUMNS} FROM tournaments WHERE ended = 0 AND {self._owned} "
                "ORDER BY created_at, tournament_id")
            return [_record(row) for row in rows]

    async def save(self, tournament_id: str, *, status: str, state: Mapping[str, Any],
                   version: int, results: Sequence[TournamentEntry] = ()) -> TournamentRecord:
        """Store the next version; the save that ends it (`status` finished or cancelled) records
        `results` in the same transaction."""
        if status not in TOURNAMENT_STATUSES:
            raise ValueError(f"unknown tournament status {status!r}")
        now = self._clock()
        async with self._db.transaction() as conn:
            stored = await _fetch(conn, "tournament_id = ?", tournament_id)
            if stored is None:
                raise NotFound(f"no tournament {tournament_id}")
            if version != stored.version + 1 or stored.over:
                raise StaleVersion(tournament_id, stored.version, version)
            await conn.execute(
                "UPDATE tournaments SET status = ?, ended = ?, state = ?, version = ?, "
                "updated_at = ? WHERE tournament_id = ?",
                (status, int(status in TOURNAMENT_OVER), encode(state), version, now,
                 tournament_id))
            if results:
                await conn.executemany(
                    "INSERT INTO tournament_results (tournament_id, guild_id, user_id, place, "
                    "players, points, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(tournament_id, e.guild_id, e.user_id, e.place, e.players, e.points,
                      e.finished_at) for e in results])
        return TournamentRecord(tournament_id, stored.guild_id, stored.channel_id,
                                stored.host_id, stored.name, status, dict(state), version,
                                stored.created_at, now)

    async def history(self, guild_id: int, user_id: int) -> list[TournamentEntry]:
        """A player's finished tournaments in a server, newest first (at most `HISTORY`)."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT r.tournament_id, r.guild_id, r.user_id, t.name, r.place, r.players, "
                "r.points, r.finished_at FROM tournament_results AS r JOIN tournaments AS t "
                "ON t.tournament_id = r.tournament_id WHERE r.guild_id = ? AND r.user_id = ? "
                f"ORDER BY r.finished_at DESC, r.tournament_id LIMIT {HISTORY}",
                (guild_id, user_id))
            return [TournamentEntry(str(r[0]), int(r[1]), int(r[2]), str(r[3]), int(r[4]),
                                    int(r[5]), int(r[6]), float(r[7])) for r in rows]

    async def forget_user(self, user_id: int) -> int:
        """`/uno forget-me`: the user's tournament lines go; the count deleted."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM tournament_results WHERE user_id = ?", (user_id,))
            return max(0, cursor.rowcount)


async def _fetch(conn: Connection, where: str, *params: Any) -> TournamentRecord | None:
    rows = list(await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM tournaments WHERE {where}", params))
    return _record(rows[0]) if rows else None


def _record(row: Any) -> TournamentRecord:
    return TournamentRecord(
        tournament_id=str(row[0]), guild_id=int(row[1]), channel_id=int(row[2]),
        host_id=int(row[3]), name=str(row[4]), status=str(row[5]), state=decode(str(row[6])),
        version=int(row[7]), created_at=float(row[8]), updated_at=float(row[9]))
