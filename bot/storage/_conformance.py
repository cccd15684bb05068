"""Static proof that every repository satisfies its protocol: mypy --strict checks these
assignments (nothing runs them). A method missing, renamed, or with a different signature in the
SQL or the in-memory classes fails the type check, and so does a database (SQLite or PostgreSQL)
that the SQL repositories cannot run on."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .bot_state import BotStateRepository
    from .database import Database
    from .games import GameRepository
    from .lobbies import LobbyRepository
    from .memory import MemoryStorage
    from .memory_games import MemoryGameRepository
    from .memory_lobbies import MemoryLobbyRepository
    from .memory_rows import MemoryDatabase
    from .memory_settings import MemoryBotStateRepository, MemorySettingsRepository
    from .memory_stats import MemoryStatsRepository
    from .memory_tournaments import MemoryTournamentRepository
    from .postgres import PostgresDatabase
    from .protocols import (
        BotStateStore,
        GameStore,
        LobbyStore,
        SettingsStore,
        StatsStore,
        TournamentStore,
    )
    from .settings import SettingsRepository
    from .stats import StatsRepository
    from .tournaments import TournamentRepository

    def _sqlite(db: Database) -> None:
        games: GameStore = GameRepository(db)
        lobbies: LobbyStore = LobbyRepository(db)
        settings: SettingsStore = SettingsRepository(db)
        state: BotStateStore = BotStateRepository(db)
        stats: StatsStore = StatsRepository(db)
        tournaments: TournamentStore = TournamentRepository(db)
        del games, lobbies, settings, state, stats, tournaments

    def _postgres(db: PostgresDatabase) -> None:
        games: GameStore = GameRepository(db)
        lobbies: LobbyStore = LobbyRepository(db)
        settings: SettingsStore = SettingsRepository(db)
        state: BotStateStore = BotStateRepository(db)
        stats: StatsStore = StatsRepository(db)
        tournaments: TournamentStore = TournamentRepository(db)
        del games, lobbies, settings, state, stats, tournaments

    def _memory(db: MemoryDatabase) -> None:
        games: GameStore = MemoryGameRepository(db)
        lobbies: LobbyStore = MemoryLobbyRepository(db)
        settings: SettingsStore = MemorySettingsRepository(db)
        state: BotStateStore = MemoryBotStateRepository(db)
        stats: StatsStore = MemoryStatsRepository(db)
        tournaments: TournamentStore = MemoryTournamentRepository(db)
        del games, lobbies, settings, state, stats, tournaments

    def _bundle(storage: MemoryStorage) -> tuple[GameStore, LobbyStore, SettingsStore,
                                                  BotStateStore, StatsStore]:
        return storage.games, storage.lobbies, storage.settings, storage.state, storage.stats
