"""In-memory repositories: the same behaviour as the SQLite ones, with nothing on disk.

For tests and for running the bot without a database. One `MemoryDatabase` holds everything the
SQLite file would (lobbies, games, results, totals, ratings, settings); repositories over the same
`MemoryDatabase` see each other's writes, as SQL repositories over one `Database` do:

    storage = MemoryStorage(clock=clock)
    await storage.games.save(..., match_result=result)   # recorded in storage.stats

Each method runs without awaiting anything, so it is atomic on the event loop (no other coroutine
runs between its checks and its writes), and it checks everything before it writes, so a refusal
changes nothing. Values are stored as the SQL tables store them (JSON documents as text, results
as rows), and every record returned is built afresh: a caller cannot change the store through
one. The statistics keep the same totals, colours and ratings tables as `stats.py`, updated the
same way, so boards, ties and ratings come out identical.

One module per repository (memory_lobbies, memory_games, memory_settings, memory_stats,
memory_tournaments) over the rows of memory_rows; this one puts a consistent set together.
"""

from __future__ import annotations

import time

from .memory_games import MemoryGameRepository
from .memory_lobbies import MemoryLobbyRepository
from .memory_rows import Clock, MemoryDatabase
from .memory_settings import MemoryBotStateRepository, MemorySettingsRepository
from .memory_stats import MemoryStatsRepository
from .memory_tournaments import MemoryTournamentRepository
from .shards import Shards


class MemoryStorage:
    """All five in-memory repositories over one `MemoryDatabase` (a new, empty one unless given),
    sharing one clock: `MemoryStorage(clock=clock).games`, `.lobbies`, `.settings`, `.state`,
    `.stats`. Another `MemoryStorage(storage.db)` is a second view of the same data."""

    def __init__(self, db: MemoryDatabase | None = None, *, clock: Clock = time.time,
                 shards: Shards | None = None) -> None:
        self.db = MemoryDatabase() if db is None else db
        self.games = MemoryGameRepository(self.db, clock=clock, shards=shards)
        self.lobbies = MemoryLobbyRepository(self.db, clock=clock, shards=shards)
        self.settings = MemorySettingsRepository(self.db)
        self.state = MemoryBotStateRepository(self.db)
        self.stats = MemoryStatsRepository(self.db, clock=clock)
        self.tournaments = MemoryTournamentRepository(self.db, clock=clock, shards=shards)
