"""Storage: SQLite (one aiosqlite connection, WAL) or PostgreSQL (an asyncpg pool, for several
processes), numbered migrations, and one repository per aggregate over either. All SQL of the bot
lives in this package, behind these classes: `open_database` picks the database, and the cogs and
the game manager never see which.

What the bot may rely on is the protocols (`GameStore`, `LobbyStore`, `SettingsStore`,
`BotStateStore`, `StatsStore`); `MemoryStorage` is a second implementation of all five, without
a database, held to the same contract tests.
"""

from .bot_state import BotStateRepository
from .database import Database
from .errors import (
    AlreadyInLobby,
    ChannelBusy,
    LobbyFull,
    MigrationError,
    NotFound,
    NotInLobby,
    StaleVersion,
    StorageError,
    TournamentBusy,
)
from .games import GameRepository
from .lobbies import LobbyRepository
from .memory import MemoryStorage
from .memory_games import MemoryGameRepository
from .memory_lobbies import MemoryLobbyRepository
from .memory_rows import MemoryDatabase
from .memory_settings import MemoryBotStateRepository, MemorySettingsRepository
from .memory_stats import MemoryStatsRepository
from .memory_tournaments import MemoryTournamentRepository
from .migrations import MIGRATIONS, Migration
from .opening import SqlStore, open_database
from .postgres import PostgresDatabase
from .protocols import (
    BotStateStore,
    GameStore,
    LobbyStore,
    SettingsStore,
    StatsStore,
    TournamentStore,
)
from .records import (
    AI_BOARD_ROWS,
    AI_LEVELS,
    AI_ROW_LEVELS,
    ALL_TIME,
    ANY_PRESET,
    BOARDS,
    KEEP,
    PER_PAGE,
    SCORINGS,
    Board,
    Forgotten,
    GameRecord,
    GuildSettings,
    LeaderboardEntry,
    LeaderboardPage,
    LobbyRecord,
    MatchResult,
    MatchSeat,
    Period,
    PlayerStats,
    RoundResult,
    RoundSeat,
    TournamentEntry,
    TournamentRecord,
    UserSettings,
    month_of,
)
from .settings import SettingsRepository
from .stats import StatsRepository
from .tournaments import TournamentRepository

__all__ = [
    "AI_BOARD_ROWS", "AI_LEVELS", "AI_ROW_LEVELS", "ALL_TIME", "ANY_PRESET", "BOARDS", "KEEP",
    "MIGRATIONS", "PER_PAGE", "SCORINGS",
    "AlreadyInLobby", "Board", "BotStateRepository", "BotStateStore", "ChannelBusy", "Database",
    "Forgotten", "GameRecord", "GameRepository", "GameStore", "GuildSettings",
    "LeaderboardEntry", "LeaderboardPage", "LobbyFull", "LobbyRecord", "LobbyRepository",
    "LobbyStore", "MatchResult", "MatchSeat", "MemoryBotStateRepository", "MemoryDatabase",
    "MemoryGameRepository", "MemoryLobbyRepository", "MemorySettingsRepository",
    "MemoryStatsRepository", "MemoryStorage", "Migration", "MigrationError", "NotFound",
    "NotInLobby", "Period", "PlayerStats", "PostgresDatabase", "RoundResult", "RoundSeat",
    "SettingsRepository", "SettingsStore", "SqlStore", "StaleVersion", "StatsRepository",
    "StatsStore", "StorageError", "UserSettings", "month_of", "open_database",
    "MemoryTournamentRepository", "TournamentBusy", "TournamentEntry", "TournamentRecord",
    "TournamentRepository", "TournamentStore",
]
