"""What the repositories take and return: plain frozen values, so callers never see rows or SQL."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Literal

from ._json import unpack


class _Keep(Enum):
    KEEP = "keep"


KEEP: Literal[_Keep.KEEP] = _Keep.KEEP
"""For `save`: leave the stored message id / deadline as they are (None for a new game)."""


@dataclass(frozen=True, slots=True)
class LobbyRecord:
    """A channel's lobby as stored; `player_ids` are in join order (the host is one of them)."""

    guild_id: int
    channel_id: int
    host_id: int
    preset: str
    options: Mapping[str, Any]
    turn_timer: int
    player_ids: tuple[int, ...]
    names: Mapping[int, str]  # the name each player joined with ('' if unknown)
    created_at: float
    expires_at: float
    message_id: int | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A channel's game as stored. `state` is the engine dump as packed JSON text (`_json.pack`),
    kept verbatim so the reload is exact; `data()` parses it for `bot.engine.load`."""

    game_id: str
    guild_id: int
    channel_id: int
    state: str
    version: int
    message_id: int | None
    turn_deadline: float | None
    finished: bool
    updated_at: float
    meta: str = "{}"  # the game manager's JSON beside the engine state (packed too)

    def meta_data(self) -> dict[str, Any]:
        return unpack(self.meta)

    def data(self) -> dict[str, Any]:
        return unpack(self.state)


# -- results: what a finished round or match leaves behind

SCORINGS = ("standard", "lazy", "penalty")
"""How rounds are scored: C-8 / F-9 points to the winner; H-7 a winner and a loser and no points;
H-14 everyone adds their own hand and the lowest total wins. Each is recorded in its own terms."""


@dataclass(frozen=True, slots=True)
class RoundSeat:
    """One player of a finished round. A negative `user_id` is an anonymous seat (forget-me)."""

    user_id: int
    seat: int
    name: str = ""
    points: int = 0  # C-8 / F-9 points scored this round (standard scoring: the winner's)
    penalty: int = 0  # H-14: the points of their own hand, added to their total
    place: int | None = None  # finishing order (1 = out first, H-12); None: still held cards


@dataclass(frozen=True, slots=True)
class RoundResult:
    game_id: str
    guild_id: int
    round: int
    preset: str
    scoring: str  # one of SCORINGS
    winner_id: int | None
    loser_id: int | None  # H-7's loser (who deals next); H-12's last player holding cards
    finished_at: float
    seats: tuple[RoundSeat, ...]


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """One player of a finished match: their place (1 = winner; those who left come after
    everyone who stayed, C-10), final total, and what the bot counted during the match."""

    user_id: int
    seat: int
    name: str = ""
    place: int = 1
    won: bool = False
    forfeited: bool = False  # left or was removed before the end (C-10): a loss
    points: int = 0  # final C-8 total (standard scoring)
    penalty: int = 0  # final H-14 total (penalty scoring)
    uno_missed: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    colors: Mapping[str, int] = field(default_factory=dict)  # colours named with wild cards


@dataclass(frozen=True, slots=True)
class MatchResult:
    game_id: str
    guild_id: int
    preset: str
    options: Mapping[str, Any]  # the options that differ from the classic defaults
    scoring: str  # one of SCORINGS
    winner_id: int | None
    started_at: float
    finished_at: float
    rounds: int
    forfeit: bool  # won because everyone else left (C-10)
    seats: tuple[MatchSeat, ...]

    @property
    def duration(self) -> float:
        return max(0.0, self.finished_at - self.started_at)


# -- what the leaderboards and /uno stats read

class Board(StrEnum):
    """A leaderboard: what its rows are ordered by."""

    WINS = "wins"
    POINTS = "points"
    RATING = "rating"  # all-time only: a rating has no month


BOARDS = tuple(Board)
ALL_TIME = "all"  # the period of every month together (otherwise a UTC month "YYYY-MM")
ANY_PRESET = "any"  # every rule preset together
_MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")


@dataclass(frozen=True, slots=True)
class Period:
    """A board's period: every month together (`month` None), or one UTC month `YYYY-MM`.
    `key` is what the boards are stored under; `read` refuses (ValueError) any other text."""

    month: str | None = None

    def __post_init__(self) -> None:
        if self.month is not None and not _MONTH.fullmatch(self.month):
            raise ValueError(f"not a month: {self.month!r}")

    @property
    def key(self) -> str:
        return self.month or ALL_TIME

    @classmethod
    def read(cls, key: str) -> Period:
        return cls(None if key == ALL_TIME else key)
PER_PAGE = 10  # a board page's default length

# AI players on the boards (issue #19). A table records its AI seats as -(number*10 + level
# digit), easy 1, normal 2, hard 3, expert 4 (`bot.services.seats`): that id is per table, not an
# identity, so the wins and points boards add an AI's results to one row per level instead.
# A level's row id ends in 0, which is no level's digit, so no table's AI ever has it, and it is
# below -10, so it is never one of forget-me's anonymous seats (-1 - seat: -1 to -10). AIs are
# not rated (people are rated only against people): no rating, no /uno stats, no colours.
AI_LEVELS = ("easy", "normal", "hard", "expert")  # by level digit, from 1
AI_BOARD_ROWS = {level: -10 * (digit + 1) for digit, level in enumerate(AI_LEVELS, start=1)}
AI_ROW_LEVELS = {row: level for level, row in AI_BOARD_ROWS.items()}


def board_row(user_id: int) -> int | None:
    """The boards' row of a recorded seat: a person's own, an AI seat's level row, or None for
    an anonymous (forgotten) seat, which counts nowhere."""
    if user_id > 0:
        return user_id
    digit = -user_id % 10
    if user_id <= -11 and 1 <= digit <= len(AI_LEVELS):
        return AI_BOARD_ROWS[AI_LEVELS[digit - 1]]
    return None  # anonymous, or no table's AI (a level row's own id, ending in 0)


def month_of(timestamp: float) -> str:
    """The UTC month a result counts in on the monthly boards."""
    return time.strftime("%Y-%m", time.gmtime(timestamp))


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    place: int
    user_id: int
    name: str  # the name they last played under in this server
    matches: int
    wins: int
    points: int
    rating: float  # openskill ordinal (mu - 3 sigma)
    rated: int  # matches rated


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a board. `page` counts from 0 and is clamped to the pages there are."""

    guild_id: int
    board: str
    period: str
    preset: str
    page: int
    pages: int
    total: int
    entries: tuple[LeaderboardEntry, ...]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's all-time results in one server."""

    user_id: int
    name: str
    matches: int
    wins: int
    forfeits: int
    scored_matches: int  # standard-scoring matches, over which `match_points` are averaged
    match_points: int
    points: int  # C-8 points of every recorded round
    rounds_won: int
    rounds_lost: int  # H-7 lazy scoring rounds lost
    penalty_matches: int  # H-14 penalty scoring matches, over which `penalty_points` average
    penalty_points: int
    uno_missed: int
    challenges_won: int
    challenges_lost: int
    colors: Mapping[str, int]
    rating: float  # openskill ordinal: mu - 3 sigma
    rated: int
    rank: int | None  # place on the rating board; None until ranked
    mu: float = 25.0  # the skill believed ...
    sigma: float = 25.0 / 3  # ... and how unsure of it

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.matches if self.matches else None

    @property
    def average_points(self) -> float | None:
        return self.match_points / self.scored_matches if self.scored_matches else None

    @property
    def average_penalty(self) -> float | None:
        return self.penalty_points / self.penalty_matches if self.penalty_matches else None

    def favourite_color(self, order: str = "RYGBPTOV") -> str | None:
        """The colour named most; a tie goes to the first in C-10's order."""
        named = [(count, -order.find(c) if c in order else -len(order), c)
                 for c, count in self.colors.items() if count > 0]
        return max(named)[2] if named else None


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What `/uno forget-me` changed: records turned into anonymous seats."""

    matches: int
    rounds: int


# -- settings


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    locale: str | None = None  # None: Discord's server language
    preset: str | None = None  # None: no saved default rules
    options: Mapping[str, Any] = field(default_factory=dict)
    turn_timer: int | None = None
    ai_takeover: bool = False  # issue 19: an AI plays on for who leaves (C-10) or idles (C-11)
    turn_ping: str | None = None  # "always", "never" or seconds of waiting; None: the default
    tournament_role: int | None = None  # issue 31: may open tournaments besides Manage Server


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    locale: str | None = None  # None: the server's choice, else Discord's client language
    colorblind: bool = False
    dm_turns: bool = False  # a direct message when the table waits for them, too


TOURNAMENT_STATUSES = ("signup", "running", "paused", "finished", "cancelled")
TOURNAMENT_OVER = ("finished", "cancelled")


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A server's tournament as stored (issue 31): `state` is the bot's JSON document (the sign-up
    list, the pure `bot.tournament` dump, its tables' threads and boards), guarded by `version`."""

    tournament_id: str
    guild_id: int
    channel_id: int
    host_id: int
    name: str
    status: str
    state: Mapping[str, Any]
    version: int
    created_at: float
    updated_at: float

    @property
    def over(self) -> bool:
        return self.status in TOURNAMENT_OVER


@dataclass(frozen=True, slots=True)
class TournamentEntry:
    """One player's final line of a finished tournament: their history in `/uno stats`."""

    tournament_id: str
    guild_id: int
    user_id: int
    name: str  # the tournament's name
    place: int
    players: int
    points: int
    finished_at: float
