"""What one in-memory store holds (`MemoryDatabase`): the rows the SQL tables hold, mutable and
private to the memory repositories (bot/storage/memory.py says how they keep the SQL behaviour)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .records import TournamentEntry, TournamentRecord
from .totals import COUNTERS

Clock = Callable[[], float]

_COUNTERS = COUNTERS
_INDEX = {name: i for i, name in enumerate(_COUNTERS)}


# -- the stored rows (mutable, private: records handed out are built from them)


@dataclass
class _Lobby:
    guild_id: int
    host_id: int
    preset: str
    options: str  # JSON text, as stored by SQL
    turn_timer: int
    created_at: float
    expires_at: float
    message_id: int | None
    players: list[tuple[int, int, str]] = field(default_factory=list)  # (user, seat, name)


@dataclass
class _Game:
    guild_id: int
    channel_id: int
    state: str
    version: int
    message_id: int | None
    turn_deadline: float | None
    finished: bool
    updated_at: float
    meta: str


@dataclass
class _RoundRow:
    guild_id: int
    winner_id: int | None
    loser_id: int | None
    finished_at: float
    scoring: str
    preset: str
    seats: list[_RoundPoints]


@dataclass
class _RoundPoints:
    user_id: int
    seat: int
    points: int
    penalty: int
    place: int | None


@dataclass
class _MatchRow:
    guild_id: int
    winner_id: int | None
    finished_at: float
    preset: str
    options: str  # JSON text
    scoring: str
    rounds: int
    forfeit: bool
    started_at: float | None
    players: list[_MatchPlayer]
    colors: dict[tuple[int, str], int]  # (user, colour) -> named, only counts above 0


@dataclass
class _MatchPlayer:
    user_id: int
    seat: int
    place: int
    won: bool
    forfeited: bool
    points: int
    penalty: int
    uno_missed: int
    challenges_won: int
    challenges_lost: int


@dataclass
class _GuildPlayer:
    name: str
    mu: float
    sigma: float
    ordinal: float
    rated: int


class MemoryDatabase:
    """Everything one in-memory store holds: what the SQLite file's tables hold."""

    def __init__(self) -> None:
        self.lobbies: dict[int, _Lobby] = {}  # by channel
        self.games: dict[str, _Game] = {}  # by game id
        self.game_by_channel: dict[int, str] = {}
        self.bot_state: dict[str, str] = {}
        self.guild_settings: dict[int, tuple[str | None, str | None, str, int | None,
                                             bool, str | None, int | None]] = {}
        self.user_settings: dict[int, tuple[str | None, bool, bool]] = {}
        self.rounds: dict[str, dict[int, _RoundRow]] = {}  # by game, then round number
        self.matches: dict[str, _MatchRow] = {}  # by game
        # (guild, period, preset, user) -> counters in `_COUNTERS` order
        self.totals: dict[tuple[int, str, str, int], list[int]] = {}
        self.colors: dict[tuple[int, int, str], int] = {}  # (guild, user, colour) -> named
        self.players: dict[tuple[int, int], _GuildPlayer] = {}  # (guild, user)
        self.tournaments: dict[str, TournamentRecord] = {}  # by id (issue 31)
        self.tournament_results: dict[tuple[str, int], TournamentEntry] = {}  # (id, user)
