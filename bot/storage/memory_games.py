"""`GameRepository` without SQL, over a `MemoryDatabase`: a save that ends a round or match records
its results in the same store's statistics (see bot/storage/memory.py)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal

from ._json import pack
from .errors import ChannelBusy, NotFound, StaleVersion
from .memory_rows import Clock, MemoryDatabase, _Game
from .memory_stats import record_results
from .records import KEEP, GameRecord, MatchResult, RoundResult, _Keep
from .shards import Shards, owns


class MemoryGameRepository:
    """`GameRepository` without SQL; results go to the stats of the same `MemoryDatabase`."""

    def __init__(self, db: MemoryDatabase, *, clock: Clock = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._shards = shards

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
        """See `GameRepository.save`: every check comes before any write, so a refusal
        changes nothing, and the state, the results and the removal land together."""
        finished = finished or match_result is not None
        if "version" in state and state["version"] != version:
            raise ValueError(f"version {version} does not match the state's {state['version']}")
        text = pack(state)
        meta_text = None if meta is KEEP else pack(meta)
        now = float(self._clock())
        stored = self._db.games.get(game_id)
        if stored is None:
            other = self._db.game_by_channel.get(channel_id)
            if other is not None:
                raise ChannelBusy(channel_id, "game", other)
            row = _Game(guild_id=int(guild_id), channel_id=int(channel_id), state=text,
                        version=int(version),
                        message_id=None if message_id is KEEP else _int(message_id),
                        turn_deadline=None if turn_deadline is KEEP else _float(turn_deadline),
                        finished=bool(finished), updated_at=now, meta=meta_text or "{}")
        else:
            if (stored.guild_id, stored.channel_id) != (guild_id, channel_id):
                raise ValueError(f"game {game_id} belongs to channel {stored.channel_id}")
            if not _newer(stored, version, text):
                raise StaleVersion(game_id, stored.version, version)
            row = _Game(guild_id=stored.guild_id, channel_id=stored.channel_id, state=text,
                        version=int(version),
                        message_id=stored.message_id if message_id is KEEP else _int(message_id),
                        turn_deadline=(stored.turn_deadline if turn_deadline is KEEP
                                       else _float(turn_deadline)),
                        finished=bool(finished), updated_at=now,
                        meta=stored.meta if meta_text is None else meta_text)
        saved = _game_record(game_id, row)
        if round_result is not None or match_result is not None:
            record_results(self._db, rounds=[round_result] if round_result else [],
                    matches=[match_result] if match_result else [])
        if stored is None:
            self._db.lobbies.pop(channel_id, None)  # the game starts from the channel's lobby
        if match_result is not None:
            self._drop(game_id)
        else:
            self._db.games[game_id] = row
            self._db.game_by_channel[row.channel_id] = game_id
        return saved

    async def update(self, game_id: str, *, state: Mapping[str, Any], version: int,
                     message_id: int | None, turn_deadline: float | None,
                     meta: Mapping[str, Any]) -> None:
        if state.get("version", version) != version:
            raise ValueError(f"version {version} does not match the state's {state['version']}")
        text = pack(state)
        meta_text = pack(meta)
        now = float(self._clock())
        stored = self._db.games.get(game_id)
        if stored is None or not _newer(stored, version, text):
            raise StaleVersion(game_id, -1, version)
        stored.state, stored.version = text, int(version)
        stored.message_id, stored.turn_deadline = _int(message_id), _float(turn_deadline)
        stored.updated_at, stored.meta = now, meta_text

    async def load(self, game_id: str) -> GameRecord | None:
        row = self._db.games.get(game_id)
        return None if row is None else _game_record(game_id, row)

    async def by_channel(self, channel_id: int) -> GameRecord | None:
        game_id = self._db.game_by_channel.get(channel_id)
        return None if game_id is None else await self.load(game_id)

    async def unfinished(self) -> list[GameRecord]:
        found = sorted((row.updated_at, game_id) for game_id, row in self._db.games.items()
                       if not row.finished and owns(self._shards, row.guild_id))
        return [_game_record(game_id, self._db.games[game_id]) for _, game_id in found]

    async def set_deadline(self, game_id: str, turn_deadline: float | None) -> GameRecord:
        row = self._game(game_id)
        row.turn_deadline = _float(turn_deadline)
        return _game_record(game_id, row)

    async def set_message(self, game_id: str, message_id: int | None) -> GameRecord:
        row = self._game(game_id)
        row.message_id = _int(message_id)
        return _game_record(game_id, row)

    async def delete(self, game_id: str) -> bool:
        return self._drop(game_id)

    def _game(self, game_id: str) -> _Game:
        row = self._db.games.get(game_id)
        if row is None:
            raise NotFound(f"no game {game_id}")
        return row

    def _drop(self, game_id: str) -> bool:
        row = self._db.games.pop(game_id, None)
        if row is None:
            return False
        self._db.game_by_channel.pop(row.channel_id, None)
        return True


def _newer(stored: _Game, version: int, text: str) -> bool:
    """The SQL guard: `version < ? OR (version = ? AND state = ?)`."""
    return stored.version < version or (stored.version == version and stored.state == text)


def _int(value: int | None) -> int | None:
    return None if value is None else int(value)


def _float(value: float | None) -> float | None:
    return None if value is None else float(value)


def _game_record(game_id: str, row: _Game) -> GameRecord:
    return GameRecord(game_id=game_id, guild_id=row.guild_id, channel_id=row.channel_id,
                      state=row.state, version=row.version, message_id=row.message_id,
                      turn_deadline=row.turn_deadline, finished=row.finished,
                      updated_at=row.updated_at, meta=row.meta)
