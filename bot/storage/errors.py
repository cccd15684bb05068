"""Storage refusals as small domain exceptions, so the bot can map each one to a clear message.

They name what was refused (a channel, a game, a version) rather than carry SQL errors, so a
PostgreSQL store can raise the same ones.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base of every refusal raised by `bot.storage`."""


class MigrationError(StorageError):
    """The database schema does not match this code's migrations (renumbered, or newer)."""


class NotFound(StorageError, LookupError):
    """The lobby or game asked for does not exist (any more)."""


class ChannelBusy(StorageError):
    """A channel already holds a lobby or a game: one table per channel.

    `kind` is "lobby" or "game" and `game_id` is set for a game, so the refusal can point the
    user to the existing table.
    """

    def __init__(self, channel_id: int, kind: str, game_id: str | None = None) -> None:
        super().__init__(f"channel {channel_id} already has a {kind}")
        self.channel_id = channel_id
        self.kind = kind
        self.game_id = game_id


class AlreadyInLobby(StorageError):
    """The player has already joined this lobby."""

    def __init__(self, channel_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} is already in the lobby of channel {channel_id}")
        self.channel_id = channel_id
        self.user_id = user_id


class NotInLobby(StorageError):
    """The player is not in this lobby (so cannot leave it or become its host)."""

    def __init__(self, channel_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} is not in the lobby of channel {channel_id}")
        self.channel_id = channel_id
        self.user_id = user_id


class LobbyFull(StorageError):
    """The lobby already seats the most players allowed."""

    def __init__(self, channel_id: int, limit: int) -> None:
        super().__init__(f"the lobby of channel {channel_id} is full ({limit} players)")
        self.channel_id = channel_id
        self.limit = limit


class StaleVersion(StorageError):
    """A save lost an optimistic-concurrency race: the stored game is newer, or differs at the
    same version. The caller should reload the game instead of overwriting it."""

    def __init__(self, game_id: str, stored: int, attempted: int) -> None:
        super().__init__(
            f"game {game_id}: stored version {stored}, refused to save version {attempted}"
        )
        self.game_id = game_id
        self.stored = stored
        self.attempted = attempted


class TournamentBusy(StorageError):
    """A server runs one tournament at a time: `tournament_id` is the one not over yet."""

    def __init__(self, guild_id: int, tournament_id: str) -> None:
        super().__init__(f"guild {guild_id} already has tournament {tournament_id}")
        self.guild_id = guild_id
        self.tournament_id = tournament_id
