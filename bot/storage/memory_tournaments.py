"""`TournamentRepository` without SQL, over a `MemoryDatabase`'s `tournaments` and
`tournament_results`, held to the same contract tests."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from .errors import NotFound, StaleVersion, TournamentBusy
from .records import TOURNAMENT_STATUSES, TournamentEntry, TournamentRecord
from .shards import Shards, owns
from .tournaments import HISTORY


class TournamentTables(Protocol):
    """The tables of a `MemoryDatabase` (bot/storage/memory.py) this repository keeps, named
    here so that the two modules do not import each other."""

    tournaments: dict[str, TournamentRecord]  # by id
    tournament_results: dict[tuple[str, int], TournamentEntry]  # (id, user)


class MemoryTournamentRepository:
    def __init__(self, db: TournamentTables, *, clock: Callable[[], float] = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._shards = shards

    async def create(self, *, tournament_id: str, guild_id: int, channel_id: int, host_id: int,
                     name: str, state: Mapping[str, Any]) -> TournamentRecord:
        running = self._running(guild_id)
        if running is not None:
            raise TournamentBusy(guild_id, running.tournament_id)
        now = self._clock()
        record = TournamentRecord(tournament_id, guild_id, channel_id, host_id, name, "signup",
                                  copy.deepcopy(dict(state)), 1, now, now)
        self._db.tournaments[tournament_id] = record
        return _copy(record)

    async def get(self, tournament_id: str) -> TournamentRecord | None:
        record = self._db.tournaments.get(tournament_id)
        return None if record is None else _copy(record)

    async def current(self, guild_id: int) -> TournamentRecord | None:
        record = self._running(guild_id)
        return None if record is None else _copy(record)

    async def unfinished(self) -> list[TournamentRecord]:
        found = sorted((r for r in self._db.tournaments.values()
                        if not r.over and owns(self._shards, r.guild_id)),
                       key=lambda r: (r.created_at, r.tournament_id))
        return [_copy(r) for r in found]

    async def save(self, tournament_id: str, *, status: str, state: Mapping[str, Any],
                   version: int, results: Sequence[TournamentEntry] = ()) -> TournamentRecord:
        if status not in TOURNAMENT_STATUSES:
            raise ValueError(f"unknown tournament status {status!r}")
        stored = self._db.tournaments.get(tournament_id)
        if stored is None:
            raise NotFound(f"no tournament {tournament_id}")
        if version != stored.version + 1 or stored.over:
            raise StaleVersion(tournament_id, stored.version, version)
        record = replace(stored, status=status, state=copy.deepcopy(dict(state)),
                         version=version, updated_at=self._clock())
        self._db.tournaments[tournament_id] = record
        for entry in results:
            self._db.tournament_results[(tournament_id, entry.user_id)] = replace(
                entry, name=stored.name)
        return _copy(record)

    async def history(self, guild_id: int, user_id: int) -> list[TournamentEntry]:
        found = [e for e in self._db.tournament_results.values()
                 if e.guild_id == guild_id and e.user_id == user_id]
        found.sort(key=lambda e: (-e.finished_at, e.tournament_id))
        return found[:HISTORY]

    async def forget_user(self, user_id: int) -> int:
        keys = [k for k in self._db.tournament_results if k[1] == user_id]
        for key in keys:
            del self._db.tournament_results[key]
        return len(keys)

    def _running(self, guild_id: int) -> TournamentRecord | None:
        return next((r for r in self._db.tournaments.values()
                     if r.guild_id == guild_id and not r.over), None)


def _copy(record: TournamentRecord) -> TournamentRecord:
    return replace(record, state=copy.deepcopy(dict(record.state)))
