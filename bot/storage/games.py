"""Running games: the engine state saved after every applied action, guarded by its version."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Literal

from ._json import pack
from ._sql import INTEGRITY_ERRORS, Connection, SqlDatabase
from .errors import ChannelBusy, NotFound, StaleVersion
from .postgres import lock_keys
from .records import KEEP as KEEP
from .records import GameRecord, MatchResult, RoundResult, _Keep
from .shards import Shards, owned_sql
from .stats import record as record_results

_COLUMNS = ("game_id, guild_id, channel_id, state, version, message_id, turn_deadline, finished, "
            "updated_at, meta")


class GameRepository:
    """Save and find games. Optimistic concurrency: a save carries the engine `version`, and one
    that would replace a newer (or a different, same-version) state is refused with
    `StaleVersion`, so two hosts or two racing tasks can never silently undo an action."""

    def __init__(self, db: SqlDatabase, *, clock: Callable[[], float] = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._owned = owned_sql(shards)

    async def save(
        self,
        game_id: str,
        *,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        version: int,
        message_id: int | None | Literal[_Keep.KEEP] = KEEP,
        turn_deadline: float | None | Literal[_Keep.KEEP] = KEEP,
        finished: bool = False,
        meta: Mapping[str, Any] | Literal[_Keep.KEEP] = KEEP,
        round_result: RoundResult | None = None,
        match_result: MatchResult | None = None,
    ) -> GameRecord:
        """Insert or update a game (`state` is `bot.engine.dump(game)`).

        A new game replaces the channel's lobby in the same transaction (it is started from it),
        and is refused with `ChannelBusy` when another game holds the channel. An update needs a
        higher version, or the same version with the identical state (a re-save that only
        changes the message or the deadline).

        The save of the state that ends a round records `round_result`, and the one that ends the
        match records `match_result` and removes the game (the record returned is its last
        state), all in this one transaction: a crash can never record a result twice, lose one,
        or leave a finished match to be reloaded at the next start.
        """
        finished = finished or match_result is not None
        if "version" in state and state["version"] != version:
            raise ValueError(f"version {version} does not match the state's {state['version']}")
        text = pack(state)
        meta_text = None if meta is KEEP else pack(meta)
        now = self._clock()
        async with self._db.transaction() as conn:
            stored = await _fetch(conn, "game_id = ?", game_id)
            if stored is None:
                await _insert(conn, game_id, guild_id, channel_id, text, version,
                              None if message_id is KEEP else message_id,
                              None if turn_deadline is KEEP else turn_deadline, finished, now,
                              meta_text or "{}")
            else:
                if (stored.guild_id, stored.channel_id) != (guild_id, channel_id):
                    raise ValueError(f"game {game_id} belongs to channel {stored.channel_id}")
                cursor = await conn.execute(
                    "UPDATE games SET state = ?, version = ?, message_id = ?, turn_deadline = ?, "
                    "finished = ?, updated_at = ?, meta = ? "
                    "WHERE game_id = ? AND (version < ? OR (version = ? AND state = ?))",
                    (text, version,
                     stored.message_id if message_id is KEEP else message_id,
                     stored.turn_deadline if turn_deadline is KEEP else turn_deadline,
                     int(finished), now, stored.meta if meta_text is None else meta_text,
                     game_id, version, version, text),
                )
                if cursor.rowcount == 0:
                    raise StaleVersion(game_id, stored.version, version)
            saved = await _fetch(conn, "game_id = ?", game_id)
            assert saved is not None
            if round_result is not None or match_result is not None:
                await record_results(conn, rounds=[round_result] if round_result else [],
                                     matches=[match_result] if match_result else [])
            if match_result is not None:
                await conn.execute("DELETE FROM games WHERE game_id = ?", (game_id,))
            return saved

    async def update(self, game_id: str, *, state: Mapping[str, Any], version: int,
                     message_id: int | None, turn_deadline: float | None,
                     meta: Mapping[str, Any]) -> None:
        """The common save, after an action that ends nothing: one guarded UPDATE statement,
        atomic on its own, so the game's lock is held for one trip to the database instead of
        five (every action is saved before anyone is answered). `StaleVersion` when a newer
        state is stored (or the game is gone)."""
        if state.get("version", version) != version:
            raise ValueError(f"version {version} does not match the state's {state['version']}")
        text = pack(state)
        changed = await self._db.write_one(
            "UPDATE games SET state = ?, version = ?, message_id = ?, turn_deadline = ?, "
            "updated_at = ?, meta = ? "
            "WHERE game_id = ? AND (version < ? OR (version = ? AND state = ?))",
            (text, version, message_id, turn_deadline, self._clock(), pack(meta), game_id,
             version, version, text))
        if changed == 0:
            raise StaleVersion(game_id, -1, version)

    async def load(self, game_id: str) -> GameRecord | None:
        """The game with this id (what a button's custom_id names), or None."""
        async with self._db.read() as conn:
            return await _fetch(conn, "game_id = ?", game_id)

    async def by_channel(self, channel_id: int) -> GameRecord | None:
        """The channel's game, or None."""
        async with self._db.read() as conn:
            return await _fetch(conn, "channel_id = ?", channel_id)

    async def unfinished(self) -> list[GameRecord]:
        """Every game not marked finished, oldest activity first, to reload them at start (of
        this process's shards' guilds only)."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_COLUMNS} FROM games WHERE finished = 0 AND {self._owned} "
                "ORDER BY updated_at, game_id"
            )
            return [_record(row) for row in rows]

    async def set_deadline(self, game_id: str, turn_deadline: float | None) -> GameRecord:
        """Store the turn timer's deadline (a timestamp, or None when off) so it survives a
        restart, without touching the state or its version."""
        return await self._set(game_id, "turn_deadline", turn_deadline)

    async def set_message(self, game_id: str, message_id: int | None) -> GameRecord:
        """Remember the table message to edit in place (also after a restart)."""
        return await self._set(game_id, "message_id", message_id)

    async def delete(self, game_id: str) -> bool:
        """Forget a game; False when there was none."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute("DELETE FROM games WHERE game_id = ?", (game_id,))
            return cursor.rowcount > 0

    async def _set(self, game_id: str, column: Literal["turn_deadline", "message_id"],
                   value: float | int | None) -> GameRecord:
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE games SET {column} = ? WHERE game_id = ?", (value, game_id)
            )
            if cursor.rowcount == 0:
                raise NotFound(f"no game {game_id}")
            record = await _fetch(conn, "game_id = ?", game_id)
            assert record is not None
            return record


async def _insert(conn: Connection, game_id: str, guild_id: int, channel_id: int,
                  text: str, version: int, message_id: int | None, turn_deadline: float | None,
                  finished: bool, now: float, meta: str) -> None:
    # A new game and a new lobby of one channel take turns where writers run side by side
    # (PostgreSQL): each checks the channel is free only once it holds the channel.
    await lock_keys(conn, [channel_id])
    other = await _fetch(conn, "channel_id = ?", channel_id)
    if other is not None:
        raise ChannelBusy(channel_id, "game", other.game_id)
    await conn.execute("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))
    try:
        await conn.execute(
            f"INSERT INTO games ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, guild_id, channel_id, text, version, message_id, turn_deadline,
             int(finished), now, meta),
        )
    except INTEGRITY_ERRORS as exc:  # lost a race with another process
        raise ChannelBusy(channel_id, "game") from exc


async def _fetch(conn: Connection, where: Literal["game_id = ?", "channel_id = ?"],
                 key: str | int) -> GameRecord | None:
    rows = list(await conn.execute_fetchall(f"SELECT {_COLUMNS} FROM games WHERE {where}", (key,)))
    return _record(rows[0]) if rows else None


def _record(row: Any) -> GameRecord:
    return GameRecord(
        game_id=str(row["game_id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        state=str(row["state"]),
        version=int(row["version"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        turn_deadline=None if row["turn_deadline"] is None else float(row["turn_deadline"]),
        finished=bool(row["finished"]),
        updated_at=float(row["updated_at"]),
        meta=str(row["meta"]),
    )
