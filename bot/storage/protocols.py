"""What the bot needs from storage, one protocol per repository, free of any database's types.

The SQLite repositories (`GameRepository`, ...) and the in-memory ones (`bot.storage.memory`)
both satisfy these structurally: `bot.storage._conformance` has mypy check it, and the tests in
`tests/storage` run the same contract against both. A PostgreSQL store only has to do the same.

Each method is atomic: its checks and writes never interleave with another caller's, and a
refusal (the `bot.storage.errors` exceptions, or `ValueError` for a caller's bug) changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

from .records import (
    ALL_TIME,
    ANY_PRESET,
    KEEP,
    PER_PAGE,
    Forgotten,
    GameRecord,
    GuildSettings,
    LeaderboardPage,
    LobbyRecord,
    MatchResult,
    PlayerStats,
    RoundResult,
    TournamentEntry,
    TournamentRecord,
    UserSettings,
    _Keep,
)


class GameStore(Protocol):
    """Running games, one per channel, guarded by the engine state's version (see
    `GameRepository` for the full contract)."""

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
        """Insert or update a game: a new one replaces its channel's lobby (`ChannelBusy` when
        another game holds the channel); an update needs a higher version or the same version
        with the identical state (`StaleVersion`). The results are recorded with the state, and a
        match result removes the game (the record returned is its last state)."""
        ...

    async def update(self, game_id: str, *, state: Mapping[str, Any], version: int,
                     message_id: int | None, turn_deadline: float | None,
                     meta: Mapping[str, Any]) -> None:
        """The common save after an action that ends nothing; `StaleVersion` when a newer state
        is stored or the game is gone."""
        ...

    async def load(self, game_id: str) -> GameRecord | None: ...

    async def by_channel(self, channel_id: int) -> GameRecord | None: ...

    async def unfinished(self) -> list[GameRecord]:
        """Games not marked finished, by `updated_at` then `game_id`."""
        ...

    async def set_deadline(self, game_id: str, turn_deadline: float | None) -> GameRecord:
        """`NotFound` when there is no such game."""
        ...

    async def set_message(self, game_id: str, message_id: int | None) -> GameRecord:
        """`NotFound` when there is no such game."""
        ...

    async def delete(self, game_id: str) -> bool: ...


class LobbyStore(Protocol):
    """Lobbies, one per channel, players in join order (see `LobbyRepository`)."""

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
        """`ChannelBusy` when the channel has a game (kind "game") or a lobby (kind "lobby")."""
        ...

    async def get(self, channel_id: int) -> LobbyRecord | None: ...

    async def all(self) -> list[LobbyRecord]:
        """By `created_at`."""
        ...

    async def expired(self, now: float) -> list[LobbyRecord]:
        """`expires_at <= now`, by `expires_at`."""
        ...

    async def add_player(
        self,
        channel_id: int,
        user_id: int,
        *,
        limit: int | None = None,
        expires_at: float | None = None,
        name: str = "",
    ) -> LobbyRecord:
        """`NotFound`, `AlreadyInLobby`, `LobbyFull`."""
        ...

    async def remove_player(
        self, channel_id: int, user_id: int, *, expires_at: float | None = None
    ) -> LobbyRecord:
        """`NotFound`, `NotInLobby`; the host passes to the earliest joiner left."""
        ...

    async def set_host(self, channel_id: int, host_id: int) -> LobbyRecord:
        """`NotFound`, `NotInLobby`."""
        ...

    async def set_options(self, channel_id: int, options: Mapping[str, Any], *,
                          expires_at: float | None = None) -> LobbyRecord:
        """`NotFound`."""
        ...

    async def set_message(self, channel_id: int, message_id: int | None) -> LobbyRecord:
        """`NotFound`."""
        ...

    async def delete(self, channel_id: int) -> bool: ...


class SettingsStore(Protocol):
    """Server and user settings."""

    async def all_guilds(self) -> list[GuildSettings]: ...

    async def all_users(self) -> list[UserSettings]: ...

    async def save_guild(self, settings: GuildSettings) -> None: ...

    async def save_user(self, settings: UserSettings) -> None: ...

    async def forget_user(self, user_id: int) -> None: ...


class BotStateStore(Protocol):
    """The bot's own small key-value facts."""

    async def get(self, key: str) -> str | None: ...

    async def set(self, key: str, value: str) -> None: ...


class StatsStore(Protocol):
    """Finished rounds and matches, leaderboards, statistics and ratings (see
    `StatsRepository`)."""

    async def record_round(self, result: RoundResult) -> bool:
        """False if it was already recorded."""
        ...

    async def record_match(self, result: MatchResult) -> bool:
        """False if it was already recorded."""
        ...

    async def record_many(self, rounds: Sequence[RoundResult], matches: Sequence[MatchResult],
                          *, batch: int = 2000) -> None: ...

    async def leaderboard(self, guild_id: int, *, board: str = "wins", period: str = ALL_TIME,
                          preset: str = ANY_PRESET, page: int = 0,
                          per_page: int = PER_PAGE) -> LeaderboardPage:
        """`ValueError` for a board not in `BOARDS`."""
        ...

    async def player_stats(self, guild_id: int, user_id: int, *,
                           preset: str = ANY_PRESET) -> PlayerStats | None:
        """A player's all-time results in a guild (their counters: of one preset's matches, or
        of every preset's; the rating and favourite colour always count every preset)."""
        ...

    async def match(self, game_id: str) -> MatchResult | None: ...

    async def rounds(self, game_id: str) -> list[RoundResult]: ...

    async def forget_user(self, user_id: int) -> Forgotten: ...


class TournamentStore(Protocol):
    """Tournaments (issue 31; see `TournamentRepository`)."""

    async def create(self, *, tournament_id: str, guild_id: int, channel_id: int, host_id: int,
                     name: str, state: Mapping[str, Any]) -> TournamentRecord:
        """`TournamentBusy` when the server has a tournament that is not over."""
        ...

    async def get(self, tournament_id: str) -> TournamentRecord | None: ...

    async def current(self, guild_id: int) -> TournamentRecord | None: ...

    async def unfinished(self) -> list[TournamentRecord]: ...

    async def save(self, tournament_id: str, *, status: str, state: Mapping[str, Any],
                   version: int, results: Sequence[TournamentEntry] = ()) -> TournamentRecord:
        """`NotFound`; `StaleVersion` unless `version` is the stored one plus one and the
        tournament is not over."""
        ...

    async def history(self, guild_id: int, user_id: int) -> list[TournamentEntry]: ...

    async def forget_user(self, user_id: int) -> int: ...
