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
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.rating import MIN_RATED_MATCHES, NEW_PLAYER, Skill

from ._json import decode, encode, pack
from .errors import AlreadyInLobby, ChannelBusy, LobbyFull, NotFound, NotInLobby, StaleVersion
from .memory_tournaments import MemoryTournamentRepository
from .records import (
    ALL_TIME,
    ANY_PRESET,
    BOARDS,
    KEEP,
    PER_PAGE,
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
    TournamentEntry,
    TournamentRecord,
    UserSettings,
    _Keep,
)
from .shards import Shards, owns
from .totals import COUNTERS, latest_names, rate_in_order, sum_results

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


# -- lobbies


class MemoryLobbyRepository:
    """`LobbyRepository` without SQL."""

    def __init__(self, db: MemoryDatabase, *, clock: Clock = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._shards = shards

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
        """Open a lobby with its host as the first player; refuse if the channel is busy."""
        _refuse_busy_channel(self._db, channel_id)
        lobby = _Lobby(guild_id=int(guild_id), host_id=int(host_id), preset=str(preset),
                       options=encode(options), turn_timer=int(turn_timer),
                       created_at=float(self._clock()), expires_at=float(expires_at),
                       message_id=None if message_id is None else int(message_id),
                       players=[(int(host_id), 0, str(host_name))])
        self._db.lobbies[channel_id] = lobby
        return _lobby_record(channel_id, lobby)

    async def get(self, channel_id: int) -> LobbyRecord | None:
        lobby = self._db.lobbies.get(channel_id)
        return None if lobby is None else _lobby_record(channel_id, lobby)

    async def all(self) -> list[LobbyRecord]:
        # SQL: ORDER BY created_at, channel_id.
        found = sorted(((c, lobby) for c, lobby in self._db.lobbies.items()
                        if owns(self._shards, lobby.guild_id)),
                       key=lambda item: (item[1].created_at, item[0]))
        return [_lobby_record(channel, lobby) for channel, lobby in found]

    async def expired(self, now: float) -> list[LobbyRecord]:
        # SQL: ORDER BY expires_at, channel_id.
        found = sorted(((c, lobby) for c, lobby in self._db.lobbies.items()
                        if lobby.expires_at <= now and owns(self._shards, lobby.guild_id)),
                       key=lambda item: (item[1].expires_at, item[0]))
        return [_lobby_record(channel, lobby) for channel, lobby in found]

    async def add_player(
        self,
        channel_id: int,
        user_id: int,
        *,
        limit: int | None = None,
        expires_at: float | None = None,
        name: str = "",
    ) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        ids = [user for user, _, _ in lobby.players]
        if user_id in ids:
            raise AlreadyInLobby(channel_id, user_id)
        if limit is not None and len(ids) >= limit:
            raise LobbyFull(channel_id, limit)
        seat = max((s for _, s, _ in lobby.players), default=-1) + 1
        lobby.players.append((int(user_id), seat, str(name)))
        _touch(lobby, expires_at)
        return _lobby_record(channel_id, lobby)

    async def remove_player(
        self, channel_id: int, user_id: int, *, expires_at: float | None = None
    ) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        if user_id not in [user for user, _, _ in lobby.players]:
            raise NotInLobby(channel_id, user_id)
        lobby.players = [p for p in lobby.players if p[0] != user_id]
        remaining = [user for user, _, _ in sorted(lobby.players, key=lambda p: p[1])]
        if lobby.host_id == user_id and remaining:
            lobby.host_id = remaining[0]
        _touch(lobby, expires_at)
        return _lobby_record(channel_id, lobby)

    async def set_host(self, channel_id: int, host_id: int) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        if host_id not in [user for user, _, _ in lobby.players]:
            raise NotInLobby(channel_id, host_id)
        lobby.host_id = int(host_id)
        return _lobby_record(channel_id, lobby)

    async def set_options(self, channel_id: int, options: Mapping[str, Any], *,
                          expires_at: float | None = None) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        lobby.options = encode(options)
        _touch(lobby, expires_at)
        return _lobby_record(channel_id, lobby)

    async def set_message(self, channel_id: int, message_id: int | None) -> LobbyRecord:
        lobby = self._lobby(channel_id)
        lobby.message_id = None if message_id is None else int(message_id)
        return _lobby_record(channel_id, lobby)

    async def delete(self, channel_id: int) -> bool:
        return self._db.lobbies.pop(channel_id, None) is not None

    def _lobby(self, channel_id: int) -> _Lobby:
        lobby = self._db.lobbies.get(channel_id)
        if lobby is None:
            raise NotFound(f"no lobby in channel {channel_id}")
        return lobby


def _refuse_busy_channel(db: MemoryDatabase, channel_id: int) -> None:
    game_id = db.game_by_channel.get(channel_id)
    if game_id is not None:
        raise ChannelBusy(channel_id, "game", game_id)
    if channel_id in db.lobbies:
        raise ChannelBusy(channel_id, "lobby")


def _touch(lobby: _Lobby, expires_at: float | None) -> None:
    if expires_at is not None:
        lobby.expires_at = float(expires_at)


def _lobby_record(channel_id: int, lobby: _Lobby) -> LobbyRecord:
    players = sorted(lobby.players, key=lambda p: p[1])
    return LobbyRecord(
        guild_id=lobby.guild_id, channel_id=int(channel_id), host_id=lobby.host_id,
        preset=lobby.preset, options=decode(lobby.options), turn_timer=lobby.turn_timer,
        player_ids=tuple(user for user, _, _ in players),
        names={user: name for user, _, name in players},
        created_at=lobby.created_at, expires_at=lobby.expires_at, message_id=lobby.message_id)


# -- games


class MemoryGameRepository:
    """`GameRepository` without SQL; results go to the stats of the same `MemoryDatabase`."""

    def __init__(self, db: MemoryDatabase, *, clock: Clock = time.time,
                 shards: Shards | None = None) -> None:
        self._db = db
        self._clock = clock
        self._shards = shards

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
        """See `GameRepository.save`: every check comes before any write, so a refusal
        changes nothing, and the state, the results and the removal land together."""
        finished = finished or match_result is not None
        if "version" in state and state["version"] != version:
            raise ValueError(f"version {version} does not match the state's {state['version']}")
        text = pack(state)
        meta_text = None if meta is KEEP else pack(meta)
        now = float(self._clock())
        stored = self._db.games.get(game_id)
        if stored is None:
            other = self._db.game_by_channel.get(channel_id)
            if other is not None:
                raise ChannelBusy(channel_id, "game", other)
            row = _Game(guild_id=int(guild_id), channel_id=int(channel_id), state=text,
                        version=int(version),
                        message_id=None if message_id is KEEP else _int(message_id),
                        turn_deadline=None if turn_deadline is KEEP else _float(turn_deadline),
                        finished=bool(finished), updated_at=now, meta=meta_text or "{}")
        else:
            if (stored.guild_id, stored.channel_id) != (guild_id, channel_id):
                raise ValueError(f"game {game_id} belongs to channel {stored.channel_id}")
            if not _newer(stored, version, text):
                raise StaleVersion(game_id, stored.version, version)
            row = _Game(guild_id=stored.guild_id, channel_id=stored.channel_id, state=text,
                        version=int(version),
                        message_id=stored.message_id if message_id is KEEP else _int(message_id),
                        turn_deadline=(stored.turn_deadline if turn_deadline is KEEP
                                       else _float(turn_deadline)),
                        finished=bool(finished), updated_at=now,
                        meta=stored.meta if meta_text is None else meta_text)
        saved = _game_record(game_id, row)
        if round_result is not None or match_result is not None:
            _record(self._db, rounds=[round_result] if round_result else [],
                    matches=[match_result] if match_result else [])
        if stored is None:
            self._db.lobbies.pop(channel_id, None)  # the game starts from the channel's lobby
        if match_result is not None:
            self._drop(game_id)
        else:
            self._db.games[game_id] = row
            self._db.game_by_channel[row.channel_id] = game_id
        return saved

    async def update(self, game_id: str, *, state: Mapping[str, Any], version: int,
                     message_id: int | None, turn_deadline: float | None,
                     meta: Mapping[str, Any]) -> None:
        if state.get("version", version) != version:
            raise ValueError(f"version {version} does not match the state's {state['version']}")
        text = pack(state)
        meta_text = pack(meta)
        now = float(self._clock())
        stored = self._db.games.get(game_id)
        if stored is None or not _newer(stored, version, text):
            raise StaleVersion(game_id, -1, version)
        stored.state, stored.version = text, int(version)
        stored.message_id, stored.turn_deadline = _int(message_id), _float(turn_deadline)
        stored.updated_at, stored.meta = now, meta_text

    async def load(self, game_id: str) -> GameRecord | None:
        row = self._db.games.get(game_id)
        return None if row is None else _game_record(game_id, row)

    async def by_channel(self, channel_id: int) -> GameRecord | None:
        game_id = self._db.game_by_channel.get(channel_id)
        return None if game_id is None else await self.load(game_id)

    async def unfinished(self) -> list[GameRecord]:
        found = sorted((row.updated_at, game_id) for game_id, row in self._db.games.items()
                       if not row.finished and owns(self._shards, row.guild_id))
        return [_game_record(game_id, self._db.games[game_id]) for _, game_id in found]

    async def set_deadline(self, game_id: str, turn_deadline: float | None) -> GameRecord:
        row = self._game(game_id)
        row.turn_deadline = _float(turn_deadline)
        return _game_record(game_id, row)

    async def set_message(self, game_id: str, message_id: int | None) -> GameRecord:
        row = self._game(game_id)
        row.message_id = _int(message_id)
        return _game_record(game_id, row)

    async def delete(self, game_id: str) -> bool:
        return self._drop(game_id)

    def _game(self, game_id: str) -> _Game:
        row = self._db.games.get(game_id)
        if row is None:
            raise NotFound(f"no game {game_id}")
        return row

    def _drop(self, game_id: str) -> bool:
        row = self._db.games.pop(game_id, None)
        if row is None:
            return False
        self._db.game_by_channel.pop(row.channel_id, None)
        return True


def _newer(stored: _Game, version: int, text: str) -> bool:
    """The SQL guard: `version < ? OR (version = ? AND state = ?)`."""
    return stored.version < version or (stored.version == version and stored.state == text)


def _int(value: int | None) -> int | None:
    return None if value is None else int(value)


def _float(value: float | None) -> float | None:
    return None if value is None else float(value)


def _game_record(game_id: str, row: _Game) -> GameRecord:
    return GameRecord(game_id=game_id, guild_id=row.guild_id, channel_id=row.channel_id,
                      state=row.state, version=row.version, message_id=row.message_id,
                      turn_deadline=row.turn_deadline, finished=row.finished,
                      updated_at=row.updated_at, meta=row.meta)


# -- settings and the bot's own state


class MemorySettingsRepository:
    """`SettingsRepository` without SQL."""

    def __init__(self, db: MemoryDatabase) -> None:
        self._db = db

    async def all_guilds(self) -> list[GuildSettings]:
        return [GuildSettings(guild_id=guild, locale=locale, preset=preset,
                              options=decode(options) if options else {}, turn_timer=timer,
                              ai_takeover=takeover, turn_ping=ping, tournament_role=role)
                for guild, (locale, preset, options, timer, takeover, ping, role)
                in sorted(self._db.guild_settings.items())]

    async def all_users(self) -> list[UserSettings]:
        return [UserSettings(user, locale, colorblind, dm_turns)
                for user, (locale, colorblind, dm_turns)
                in sorted(self._db.user_settings.items())]

    async def save_guild(self, settings: GuildSettings) -> None:
        self._db.guild_settings[int(settings.guild_id)] = (
            settings.locale, settings.preset, encode(settings.options),
            None if settings.turn_timer is None else int(settings.turn_timer),
            bool(settings.ai_takeover), settings.turn_ping,
            None if settings.tournament_role is None else int(settings.tournament_role))

    async def save_user(self, settings: UserSettings) -> None:
        self._db.user_settings[int(settings.user_id)] = (
            settings.locale, bool(settings.colorblind), bool(settings.dm_turns))

    async def forget_user(self, user_id: int) -> None:
        self._db.user_settings.pop(user_id, None)


class MemoryBotStateRepository:
    """`BotStateRepository` without SQL."""

    def __init__(self, db: MemoryDatabase) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        return self._db.bot_state.get(key)

    async def set(self, key: str, value: str) -> None:
        self._db.bot_state[key] = str(value)


# -- results and statistics


class MemoryStatsRepository:
    """`StatsRepository` without SQL: the same rows, totals and ratings, kept in dictionaries
    and read the way the SQL queries read them (filters, order, ties, paging)."""

    def __init__(self, db: MemoryDatabase, *, clock: Clock = time.time) -> None:
        self._db = db
        self._clock = clock

    # -- recording

    async def record_round(self, result: RoundResult) -> bool:
        rounds, _ = _record(self._db, rounds=[result])
        return rounds == 1

    async def record_match(self, result: MatchResult) -> bool:
        _, matches = _record(self._db, matches=[result])
        return matches == 1

    async def record_many(self, rounds: Sequence[RoundResult], matches: Sequence[MatchResult],
                          *, batch: int = 2000) -> None:
        """The batches of `StatsRepository.record_many`, so names and ratings come out the same
        (each batch is one step, as each is one transaction there)."""
        by_game: dict[str, list[RoundResult]] = {}
        for result in rounds:
            by_game.setdefault(result.game_id, []).append(result)
        ordered = sorted(matches, key=lambda m: (m.guild_id, m.finished_at))
        for start in range(0, len(ordered), batch):
            chunk = ordered[start:start + batch]
            chunk_rounds = [r for m in chunk for r in by_game.pop(m.game_id, [])]
            _record(self._db, rounds=chunk_rounds, matches=chunk)
        rest = [r for group in by_game.values() for r in group]
        if rest:
            _record(self._db, rounds=rest)

    # -- reading

    async def leaderboard(self, guild_id: int, *, board: str = "wins", period: str = ALL_TIME,
                          preset: str = ANY_PRESET, page: int = 0,
                          per_page: int = PER_PAGE) -> LeaderboardPage:
        if board not in BOARDS:
            raise ValueError(f"unknown board {board!r}")
        if board == "rating":
            period, preset = ALL_TIME, ANY_PRESET
        rows = self._board(guild_id, board, period, preset)
        total = len(rows)
        pages = max(1, math.ceil(total / per_page))
        page = min(max(page, 0), pages - 1)
        offset = page * per_page
        # SQLite reads a negative LIMIT as no limit at all.
        shown = rows[offset:] if per_page < 0 else rows[offset:offset + per_page]
        entries = tuple(replace(entry, place=offset + i + 1) for i, entry in enumerate(shown))
        return LeaderboardPage(guild_id, board, period, preset, page, pages, total, entries)

    def _board(self, guild_id: int, board: str, period: str,
               preset: str) -> list[LeaderboardEntry]:
        """Every row of a board in its order (place 0: set when paged)."""
        db = self._db
        if board == "rating":
            rated = [(user, p) for (guild, user), p in db.players.items()
                     if guild == guild_id and p.rated >= MIN_RATED_MATCHES]
            rated.sort(key=lambda item: (-item[1].ordinal, item[0]))
            entries = []
            for user, p in rated:
                t = db.totals.get((guild_id, ALL_TIME, ANY_PRESET, user))
                entries.append(LeaderboardEntry(
                    place=0, user_id=user, name=p.name,
                    matches=t[_INDEX["matches"]] if t else 0, wins=t[_INDEX["wins"]] if t else 0,
                    points=t[_INDEX["points"]] if t else 0, rating=p.ordinal, rated=p.rated))
            return entries
        column = "matches" if board == "wins" else "points"
        found = [(user, t) for (guild, per, rules, user), t in db.totals.items()
                 if (guild, per, rules) == (guild_id, period, preset) and t[_INDEX[column]] > 0]
        if board == "wins":
            found.sort(key=lambda item: (-item[1][_INDEX["wins"]], item[1][_INDEX["matches"]],
                                         item[0]))
        else:
            found.sort(key=lambda item: (-item[1][_INDEX["points"]], item[0]))
        entries = []
        for user, t in found:
            known = db.players.get((guild_id, user))  # SQL: a LEFT JOIN
            entries.append(LeaderboardEntry(
                place=0, user_id=user, name=known.name if known else "",
                matches=t[_INDEX["matches"]], wins=t[_INDEX["wins"]], points=t[_INDEX["points"]],
                rating=known.ordinal if known else 0.0, rated=known.rated if known else 0))
        return entries

    async def player_stats(self, guild_id: int, user_id: int, *,
                           preset: str = ANY_PRESET) -> PlayerStats | None:
        db = self._db
        player = db.players.get((guild_id, user_id))
        if player is None:
            return None
        totals = db.totals.get((guild_id, ALL_TIME, preset, user_id)) or [0] * len(_COUNTERS)
        colors = dict(sorted((color, n) for (guild, user, color), n in db.colors.items()
                             if (guild, user) == (guild_id, user_id)))
        rank = None
        if player.rated >= MIN_RATED_MATCHES:
            rank = 1 + sum(
                1 for (guild, user), p in db.players.items()
                if guild == guild_id and p.rated >= MIN_RATED_MATCHES
                and (p.ordinal > player.ordinal
                     or (p.ordinal == player.ordinal and user < user_id)))
        counters = dict(zip(_COUNTERS, totals, strict=True))
        return PlayerStats(user_id=user_id, name=player.name, colors=colors,
                           rating=player.ordinal, rated=player.rated, rank=rank, mu=player.mu,
                           sigma=player.sigma, **counters)

    async def match(self, game_id: str) -> MatchResult | None:
        m = self._db.matches.get(game_id)
        if m is None:
            return None
        colors: dict[int, dict[str, int]] = {}
        for (user, color), n in sorted(m.colors.items()):
            colors.setdefault(user, {})[color] = n
        seats = []
        for p in sorted(m.players, key=lambda p: p.seat):
            known = self._db.players.get((m.guild_id, p.user_id)) if p.user_id > 0 else None
            seats.append(MatchSeat(
                user_id=p.user_id, seat=p.seat, name=known.name if known else "", place=p.place,
                won=p.won, forfeited=p.forfeited, points=p.points, penalty=p.penalty,
                uno_missed=p.uno_missed, challenges_won=p.challenges_won,
                challenges_lost=p.challenges_lost, colors=colors.get(p.user_id, {})))
        return MatchResult(
            game_id=game_id, guild_id=m.guild_id, preset=m.preset, options=decode(m.options),
            scoring=m.scoring, winner_id=m.winner_id,
            started_at=m.started_at if m.started_at is not None else m.finished_at,
            finished_at=m.finished_at, rounds=m.rounds, forfeit=m.forfeit, seats=tuple(seats))

    async def rounds(self, game_id: str) -> list[RoundResult]:
        stored = self._db.rounds.get(game_id, {})
        return [RoundResult(
            game_id=game_id, guild_id=r.guild_id, round=number, preset=r.preset,
            scoring=r.scoring, winner_id=r.winner_id, loser_id=r.loser_id,
            finished_at=r.finished_at,
            seats=tuple(RoundSeat(user_id=s.user_id, seat=s.seat, points=s.points,
                                  penalty=s.penalty, place=s.place)
                        for s in sorted(r.seats, key=lambda s: s.seat)))
            for number, r in sorted(stored.items())]

    # -- forgetting

    async def forget_user(self, user_id: int) -> Forgotten:
        """See `StatsRepository.forget_user`: the same rows change, in the same order."""
        db = self._db
        guilds = {guild for guild, user in db.players if user == user_id}
        for m in db.matches.values():
            if m.guild_id in guilds and m.winner_id == user_id:
                m.winner_id = next((-1 - p.seat for p in m.players if p.user_id == user_id),
                                   None)
        rounds = 0
        for by_number in db.rounds.values():
            for r in by_number.values():
                if r.guild_id not in guilds:
                    continue
                seat = next((s.seat for s in r.seats if s.user_id == user_id), None)
                anonymous = None if seat is None else -1 - seat
                if r.winner_id == user_id:
                    r.winner_id = anonymous
                if r.loser_id == user_id:
                    r.loser_id = anonymous
                for s in r.seats:
                    if s.user_id == user_id:
                        s.user_id = -1 - s.seat
                        rounds += 1
        matches = 0
        for m in db.matches.values():
            if any(p.user_id == user_id for p in m.players):
                m.colors = {k: n for k, n in m.colors.items() if k[0] != user_id}
            for p in m.players:
                if p.user_id == user_id:
                    p.user_id = -1 - p.seat
                    p.uno_missed = p.challenges_won = p.challenges_lost = 0
                    matches += 1
        db.totals = {k: v for k, v in db.totals.items() if not (k[3] == user_id
                                                                 and k[0] in guilds)}
        db.colors = {k: n for k, n in db.colors.items() if not (k[1] == user_id
                                                                 and k[0] in guilds)}
        db.players = {k: p for k, p in db.players.items() if k[1] != user_id}
        return Forgotten(matches=matches, rounds=rounds)


def _record(db: MemoryDatabase, *, rounds: Sequence[RoundResult] = (),
            matches: Sequence[MatchResult] = ()) -> tuple[int, int]:
    """`stats.record` in memory: results already stored are skipped whole; the rows, totals,
    colours, names and ratings of the new ones are computed first and then stored together."""
    unique_rounds = list({(r.game_id, r.round): r for r in reversed(rounds)}.values())[::-1]
    new_rounds = [r for r in unique_rounds if r.round not in db.rounds.get(r.game_id, {})]
    unique_matches = list({m.game_id: m for m in reversed(matches)}.values())[::-1]
    new_matches = [m for m in unique_matches if m.game_id not in db.matches]
    if not new_rounds and not new_matches:
        return 0, 0
    players = _rated_players(db, new_rounds, new_matches)  # the one step that could raise
    for r in new_rounds:
        db.rounds.setdefault(r.game_id, {})[r.round] = _RoundRow(
            guild_id=r.guild_id, winner_id=r.winner_id, loser_id=r.loser_id,
            finished_at=float(r.finished_at), scoring=r.scoring, preset=r.preset,
            seats=[_RoundPoints(s.user_id, s.seat, s.points, s.penalty, s.place)
                   for s in r.seats])
    for m in new_matches:
        db.matches[m.game_id] = _MatchRow(
            guild_id=m.guild_id, winner_id=m.winner_id, finished_at=float(m.finished_at),
            preset=m.preset, options=encode(m.options), scoring=m.scoring, rounds=m.rounds,
            forfeit=bool(m.forfeit), started_at=float(m.started_at),
            players=[_MatchPlayer(s.user_id, s.seat, s.place, bool(s.won), bool(s.forfeited),
                                  s.points, s.penalty, s.uno_missed, s.challenges_won,
                                  s.challenges_lost) for s in m.seats],
            colors={(s.user_id, color): n for s in m.seats
                    for color, n in sorted(s.colors.items()) if n > 0})
    _add_totals(db, new_rounds, new_matches)
    for key, (name, skill, rated) in players.items():
        old = db.players.get(key)
        db.players[key] = _GuildPlayer(name=name if name != "" or old is None else old.name,
                                       mu=skill.mu, sigma=skill.sigma, ordinal=skill.ordinal,
                                       rated=rated)
    return len(new_rounds), len(new_matches)


def _add_totals(db: MemoryDatabase, rounds: Sequence[RoundResult],
                matches: Sequence[MatchResult]) -> None:
    """`stats._add_totals`, on the dictionaries: the batch summed, then added."""
    totals, colors = sum_results(rounds, matches)
    for total_key, values in totals.items():
        stored = db.totals.setdefault(total_key, [0] * len(_COUNTERS))
        for i, value in enumerate(values):
            stored[i] += value
    for color_key, n in colors.items():
        if n > 0:
            db.colors[color_key] = db.colors.get(color_key, 0) + n


def _rated_players(db: MemoryDatabase, rounds: Sequence[RoundResult],
                   matches: Sequence[MatchResult]) -> dict[tuple[int, int],
                                                           tuple[str, Skill, int]]:
    """`stats._update_players` without the write: for each player of these results, the name
    (the latest they played under; '' keeps the stored one), skill and matches rated after
    rating the matches in finishing order."""
    names = latest_names(rounds, matches)
    skills: dict[tuple[int, int], tuple[Skill, int]] = {}
    for key in names:
        stored = db.players.get(key)
        skills[key] = ((Skill(stored.mu, stored.sigma), stored.rated) if stored is not None
                       else (NEW_PLAYER, 0))
    rate_in_order(skills, matches)
    return {key: (names[key], skill, n) for key, (skill, n) in skills.items()}


# -- a consistent set


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
