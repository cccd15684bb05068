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
from .games import KEEP, GameRepository
from .lobbies import LobbyRepository
from .migrations import MIGRATIONS, Migration
from .records import GameRecord, LeaderboardRow, LobbyRecord
from .stats import StatsRepository

__all__ = [
    "KEEP", "MIGRATIONS", "AlreadyInLobby", "BotStateRepository", "ChannelBusy", "Database",
    "GameRecord", "GameRepository", "LeaderboardRow", "LobbyFull", "LobbyRecord", "LobbyRepository",
    "Migration", "MigrationError", "NotFound", "NotInLobby", "StaleVersion", "StatsRepository",
    "StorageError",
]
