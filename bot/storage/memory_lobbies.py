"""`LobbyRepository` without SQL, over a `MemoryDatabase` (see bot/storage/memory.py)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ._json import decode, encode
from .errors import AlreadyInLobby, ChannelBusy, LobbyFull, NotFound, NotInLobby
from .memory_rows import Clock, MemoryDatabase, _Lobby
from .records import LobbyRecord
from .shards import Shards, owns


class MemoryLobbyRepository:
    """`LobbyRepository` without SQL."""

    def __init__(self, db: MemoryDatabase, *, clock: Clock = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._shards = shards

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
        _refuse_busy_channel(self._db, channel_id)
        lobby = _Lobby(guild_id=int(guild_id), host_id=int(host_id), preset=str(preset),
                       options=encode(options), turn_timer=int(turn_timer),
                       created_at=float(self._clock()), expires_at=float(expires_at),
                       message_id=None if message_id is None else int(message_id),
                       players=[(int(host_id), 0, str(host_name))])
        self._db.lobbies[channel_id] = lobby
        return _lobby_record(channel_id, lobby)

    async def get(self, channel_id: int) -> LobbyRecord | None:
        lobby = self._db.lobbies.get(channel_id)
        return None if lobby is None else _lobby_record(channel_id, lobby)

    async def all(self) -> list[LobbyRecord]:
        # SQL: ORDER BY created_at, channel_id.
        found = sorted(((c, lobby) for c, lobby in self._db.lobbies.items()
                        if owns(self._shards, lobby.guild_id)),
                       key=lambda item: (item[1].created_at, item[0]))
        return [_lobby_record(channel, lobby) for channel, lobby in found]

    async def expired(self, now: float) -> list[LobbyRecord]:
        # SQL: ORDER BY expires_at, channel_id.
        found = sorted(((c, lobby) for c, lobby in self._db.lobbies.items()
                        if lobby.expires_at <= now and owns(self._shards, lobby.guild_id)),
                       key=lambda item: (item[1].expires_at, item[0]))
        return [_lobby_record(channel, lobby) for channel, lobby in found]

    async def add_player(
        self,
        channel_id: int,
        user_id: int,
        *,
        limit: int | None = None,
        expires_at: float | None = None,
        name: str = "",
    ) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        ids = [user for user, _, _ in lobby.players]
        if user_id in ids:
            raise AlreadyInLobby(channel_id, user_id)
        if limit is not None and len(ids) >= limit:
            raise LobbyFull(channel_id, limit)
        seat = max((s for _, s, _ in lobby.players), default=-1) + 1
        lobby.players.append((int(user_id), seat, str(name)))
        _touch(lobby, expires_at)
        return _lobby_record(channel_id, lobby)

    async def remove_player(
        self, channel_id: int, user_id: int, *, expires_at: float | None = None
    ) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        if user_id not in [user for user, _, _ in lobby.players]:
            raise NotInLobby(channel_id, user_id)
        lobby.players = [p for p in lobby.players if p[0] != user_id]
        remaining = [user for user, _, _ in sorted(lobby.players, key=lambda p: p[1])]
        if lobby.host_id == user_id and remaining:
            lobby.host_id = remaining[0]
        _touch(lobby, expires_at)
        return _lobby_record(channel_id, lobby)

    async def set_host(self, channel_id: int, host_id: int) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        if host_id not in [user for user, _, _ in lobby.players]:
            raise NotInLobby(channel_id, host_id)
        lobby.host_id = int(host_id)
        return _lobby_record(channel_id, lobby)

    async def set_options(self, channel_id: int, options: Mapping[str, Any], *,
                          expires_at: float | None = None) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        lobby.options = encode(options)
        _touch(lobby, expires_at)
        return _lobby_record(channel_id, lobby)

    async def set_message(self, channel_id: int, message_id: int | None) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        lobby.message_id = None if message_id is None else int(message_id)
        return _lobby_record(channel_id, lobby)

    async def delete(self, channel_id: int) -> bool:
        return self._db.lobbies.pop(channel_id, None) is not None

    def _lobby(self, channel_id: int) -> _Lobby:
        lobby = self._db.lobbies.get(channel_id)
        if lobby is None:
            raise NotFound(f"no lobby in channel {channel_id}")
        return lobby


def _refuse_busy_channel(db: MemoryDatabase, channel_id: int) -> None:
    game_id = db.game_by_channel.get(channel_id)
    if game_id is not None:
        raise ChannelBusy(channel_id, "game", game_id)
    if channel_id in db.lobbies:
        raise ChannelBusy(channel_id, "lobby")


def _touch(lobby: _Lobby, expires_at: float | None) -> None:
    if expires_at is not None:
        lobby.expires_at = float(expires_at)


def _lobby_record(channel_id: int, lobby: _Lobby) -> LobbyRecord:
    players = sorted(lobby.players, key=lambda p: p[1])
    return LobbyRecord(
        guild_id=lobby.guild_id, channel_id=int(channel_id), host_id=lobby.host_id,
        preset=lobby.preset, options=decode(lobby.options), turn_timer=lobby.turn_timer,
        player_ids=tuple(user for user, _, _ in players),
        names={user: name for user, _, name in players},
        created_at=lobby.created_at, expires_at=lobby.expires_at, message_id=lobby.message_id)
