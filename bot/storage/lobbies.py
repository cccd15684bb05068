"""Lobbies: one per channel, stored so a restart in the middle of one loses nothing."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from ._json import decode, encode
from ._sql import INTEGRITY_ERRORS, Connection, SqlDatabase
from .errors import AlreadyInLobby, ChannelBusy, LobbyFull, NotFound, NotInLobby
from .postgres import for_update, lock_keys
from .records import LobbyRecord
from .shards import Shards, owned_sql

_COLUMNS = ("channel_id, guild_id, host_id, preset, options, turn_timer, created_at, expires_at, "
            "message_id")


class LobbyRepository:
    """Create, read and change lobbies. Each method is one transaction, so checks and writes
    cannot interleave with another coroutine's or another process's."""

    def __init__(self, db: SqlDatabase, *, clock: Callable[[], float] = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        # `all` and `expired` list this process's shards' guilds only: a process restores and
        # expires its own lobbies (see bot.shards).
        self._owned = owned_sql(shards)

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        preset: str,
        options: Mapping[str, Any],
        turn_timer: int,
        expires_at: float,
        message_id: int | None = None,
        host_name: str = "",
    ) -> LobbyRecord:
        """Open a lobby with its host as the first player; refuse if the channel is busy."""
        async with self._db.transaction() as conn:
            await lock_keys(conn, [channel_id])  # the channel's new table: see games._insert
            await _refuse_busy_channel(conn, channel_id)
            try:
                await conn.execute(
                    f"INSERT INTO lobbies ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (channel_id, guild_id, host_id, preset, encode(options), turn_timer,
                     self._clock(), expires_at, message_id),
                )
            except INTEGRITY_ERRORS as exc:  # a racing creator in another process
                raise ChannelBusy(channel_id, "lobby") from exc
            await conn.execute(
                "INSERT INTO lobby_players (channel_id, user_id, seat, name) VALUES (?, ?, 0, ?)",
                (channel_id, host_id, host_name),
            )
            return await _fetch(conn, channel_id)

    async def get(self, channel_id: int) -> LobbyRecord | None:
        """The channel's lobby, or None."""
        async with self._db.read() as conn:
            return await _fetch_or_none(conn, channel_id)

    async def all(self) -> list[LobbyRecord]:
        """Every stored lobby, to restore their buttons and expiry timers at start."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT channel_id FROM lobbies WHERE {self._owned} "
                "ORDER BY created_at, channel_id")
            return [await _fetch(conn, int(row[0])) for row in rows]

    async def expired(self, now: float) -> list[LobbyRecord]:
        """Lobbies whose `expires_at` is at or before `now`."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT channel_id FROM lobbies WHERE expires_at <= ? AND {self._owned} "
                "ORDER BY expires_at, channel_id", (now,)
            )
            return [await _fetch(conn, int(row[0])) for row in rows]

    async def add_player(
        self,
        channel_id: int,
        user_id: int,
        *,
        limit: int | None = None,
        expires_at: float | None = None,
        name: str = "",
    ) -> LobbyRecord:
        """Seat a player last; refuse a second join or a full table. `expires_at` extends an
        idle lobby's life."""
        async with self._db.transaction() as conn:
            lobby = await _fetch(conn, channel_id, lock=True)
            if user_id in lobby.player_ids:
                raise AlreadyInLobby(channel_id, user_id)
            if limit is not None and len(lobby.player_ids) >= limit:
                raise LobbyFull(channel_id, limit)
            await conn.execute(
                "INSERT INTO lobby_players (channel_id, user_id, seat, name) VALUES (?, ?, "
                "(SELECT COALESCE(MAX(seat), -1) + 1 FROM lobby_players WHERE channel_id = ?), ?)",
                (channel_id, user_id, channel_id, name),
            )
            await _touch(conn, channel_id, expires_at)
            return await _fetch(conn, channel_id)

    async def remove_player(
        self, channel_id: int, user_id: int, *, expires_at: float | None = None
    ) -> LobbyRecord:
        """Unseat a player. When the host leaves, the host passes to the earliest joiner left
        (in the same transaction, so no lobby is ever led by someone who left). A lobby left
        empty is returned with no players; deleting it is the caller's decision."""
        async with self._db.transaction() as conn:
            lobby = await _fetch(conn, channel_id, lock=True)
            if user_id not in lobby.player_ids:
                raise NotInLobby(channel_id, user_id)
            await conn.execute(
                "DELETE FROM lobby_players WHERE channel_id = ? AND user_id = ?",
                (channel_id, user_id),
            )
            remaining = [p for p in lobby.player_ids if p != user_id]
            if lobby.host_id == user_id and remaining:
                await conn.execute(
                    "UPDATE lobbies SET host_id = ? WHERE channel_id = ?",
                    (remaining[0], channel_id),
                )
            await _touch(conn, channel_id, expires_at)
            return await _fetch(conn, channel_id)

    async def set_host(self, channel_id: int, host_id: int) -> LobbyRecord:
        """Hand the lobby to another of its players."""
        async with self._db.transaction() as conn:
            lobby = await _fetch(conn, channel_id, lock=True)
            if host_id not in lobby.player_ids:
                raise NotInLobby(channel_id, host_id)
            await conn.execute(
                "UPDATE lobbies SET host_id = ? WHERE channel_id = ?", (host_id, channel_id)
            )
            return await _fetch(conn, channel_id)

    async def set_options(self, channel_id: int, options: Mapping[str, Any], *,
                          expires_at: float | None = None) -> LobbyRecord:
        """Replace the lobby's rule options (the host's choices over the preset)."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE lobbies SET options = ? WHERE channel_id = ?", (encode(options), channel_id)
            )
            if cursor.rowcount == 0:
                raise NotFound(f"no lobby in channel {channel_id}")
            await _touch(conn, channel_id, expires_at)
            return await _fetch(conn, channel_id)

    async def set_message(self, channel_id: int, message_id: int | None) -> LobbyRecord:
        """Remember the lobby message (posted after the lobby is created) to edit it later."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE lobbies SET message_id = ? WHERE channel_id = ?", (message_id, channel_id)
            )
            if cursor.rowcount == 0:
                raise NotFound(f"no lobby in channel {channel_id}")
            return await _fetch(conn, channel_id)

    async def delete(self, channel_id: int) -> bool:
        """Remove the channel's lobby and its players; False when there was none."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))
            return cursor.rowcount > 0


async def _refuse_busy_channel(conn: Connection, channel_id: int) -> None:
    """One table per channel: a lobby or a game already there is a refusal naming it."""
    rows = list(await conn.execute_fetchall(
        "SELECT game_id FROM games WHERE channel_id = ?", (channel_id,)
    ))
    if rows:
        raise ChannelBusy(channel_id, "game", str(rows[0][0]))
    rows = list(await conn.execute_fetchall(
        "SELECT 1 FROM lobbies WHERE channel_id = ?", (channel_id,)
    ))
    if rows:
        raise ChannelBusy(channel_id, "lobby")


async def _touch(conn: Connection, channel_id: int, expires_at: float | None) -> None:
    if expires_at is not None:
        await conn.execute(
            "UPDATE lobbies SET expires_at = ? WHERE channel_id = ?", (expires_at, channel_id)
        )


async def _fetch_or_none(conn: Connection, channel_id: int) -> LobbyRecord | None:
    rows = list(await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM lobbies WHERE channel_id = ?", (channel_id,)
    ))
    if not rows:
        return None
    row = rows[0]
    players = await conn.execute_fetchall(
        "SELECT user_id, name FROM lobby_players WHERE channel_id = ? ORDER BY seat",
        (channel_id,),
    )
    return LobbyRecord(
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        host_id=int(row["host_id"]),
        preset=str(row["preset"]),
        options=decode(row["options"]),
        turn_timer=int(row["turn_timer"]),
        player_ids=tuple(int(p[0]) for p in players),
        names={int(p[0]): str(p[1]) for p in players},
        created_at=float(row["created_at"]),
        expires_at=float(row["expires_at"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
    )


async def _fetch(conn: Connection, channel_id: int, *, lock: bool = False) -> LobbyRecord:
    """The lobby (`NotFound` if none); `lock` for a write transaction that checks it first, so
    two joins of one lobby take turns (see `for_update`)."""
    if lock:
        await conn.execute(f"SELECT 1 FROM lobbies WHERE channel_id = ?{for_update(conn)}",
                           (channel_id,))
    lobby = await _fetch_or_none(conn, channel_id)
    if lobby is None:
        raise NotFound(f"no lobby in channel {channel_id}")
    return lobby
