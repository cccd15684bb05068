"""Storage: one SQLite connection (aiosqlite, WAL), numbered migrations, and one repository per
aggregate. All SQL of the bot lives in this package, behind these classes, so a PostgreSQL store
can replace it without touching the cogs or the game manager.
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
)
from .games import GameRepository
from .lobbies import LobbyRepository
from .migrations import MIGRATIONS, Migration
from .records import (
    ALL_TIME,
    ANY_PRESET,
    BOARDS,
    KEEP,
    PER_PAGE,
    SCORINGS,
    Forgotten,
    GameRecord,
    GuildSettings,
    LeaderboardEntry,
    LeaderboardPage,
    LobbyRecord,
    MatchResult,
    MatchSeat,
    PlayerStats,
    RoundResult,
    RoundSeat,
    UserSettings,
    month_of,
)
from .settings import SettingsRepository
from .stats import StatsRepository

__all__ = [
    "ALL_TIME", "ANY_PRESET", "BOARDS", "KEEP", "MIGRATIONS", "PER_PAGE", "SCORINGS",
    "AlreadyInLobby", "BotStateRepository", "ChannelBusy", "Database", "Forgotten", "GameRecord",
    "GameRepository", "GuildSettings", "LeaderboardEntry", "LeaderboardPage", "LobbyFull",
    "LobbyRecord", "LobbyRepository", "MatchResult", "MatchSeat", "Migration", "MigrationError",
    "NotFound", "NotInLobby", "PlayerStats", "RoundResult", "RoundSeat", "SettingsRepository",
    "StaleVersion", "StatsRepository", "StorageError", "UserSettings", "month_of",
]
