"""Lobbies: who sits at a channel's table before the game starts, and the rules of joining.

Every change goes through `LobbyRepository` (one transaction each), so the database stays the
single source of truth across restarts and processes; this class adds the product's rules (2-10
players, host powers, the 15-minute idle expiry) and turns storage refusals into `Refusal`s.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.clock import Clock
from bot.engine.rules import SUPPORTED_PRESETS
from bot.storage import (
    AlreadyInLobby,
    ChannelBusy,
    LobbyFull,
    LobbyRecord,
    LobbyRepository,
    NotInLobby,
)

from .errors import Refusal
from .timers import Timers

log = logging.getLogger(__name__)

MIN_PLAYERS, MAX_PLAYERS = 2, 10
LOBBY_IDLE_SECONDS = 15 * 60
DEFAULT_TURN_TIMER = 90
MAX_TURN_TIMER = 600
TARGET_SCORES = (50, 1000)  # the host may shorten or lengthen a match (C-8.3's 500 by default)

ExpiryHandler = Callable[[LobbyRecord], Awaitable[None]]


class LobbyService:
    def __init__(self, repo: LobbyRepository, clock: Clock, timers: Timers,
                 on_expired: ExpiryHandler) -> None:
        self._repo = repo
        self._clock = clock
        self._timers = timers
        self._on_expired = on_expired

    # -- reading

    async def get(self, channel_id: int) -> LobbyRecord | None:
        return await self._repo.get(channel_id)

    async def require(self, channel_id: int) -> LobbyRecord:
        lobby = await self._repo.get(channel_id)
        if lobby is None:
            raise Refusal("lobby.none")
        return lobby

    # -- changes

    async def create(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
                     preset: str, turn_timer: int, target: int | None = None) -> LobbyRecord:
        if preset not in SUPPORTED_PRESETS:
            raise Refusal("lobby.preset_unsupported", preset=preset)
        if not 0 <= turn_timer <= MAX_TURN_TIMER:
            raise Refusal("lobby.bad_timer", max=MAX_TURN_TIMER)
        options: dict[str, int] = {}
        if target is not None:
            low, high = TARGET_SCORES
            if not low <= target <= high:
                raise Refusal("lobby.bad_target", min=low, max=high)
            options["target_score"] = target
        try:
            lobby = await self._repo.create(
                guild_id=guild_id, channel_id=channel_id, host_id=host_id, host_name=host_name,
                preset=preset, options=options, turn_timer=turn_timer, expires_at=self._expiry())
        except ChannelBusy as busy:
            key = "lobby.busy_game" if busy.kind == "game" else "lobby.busy_lobby"
            raise Refusal(key) from busy
        self._arm(lobby)
        return lobby

    async def set_message(self, channel_id: int, message_id: int) -> LobbyRecord:
        return await self._repo.set_message(channel_id, message_id)

    async def join(self, channel_id: int, user_id: int, name: str) -> LobbyRecord:
        await self.require(channel_id)
        try:
            lobby = await self._repo.add_player(channel_id, user_id, limit=MAX_PLAYERS,
                                                expires_at=self._expiry(), name=name)
        except AlreadyInLobby as exc:
            raise Refusal("lobby.already_joined") from exc
        except LobbyFull as exc:
            raise Refusal("lobby.full", max=MAX_PLAYERS) from exc
        self._arm(lobby)
        return lobby

    async def leave(self, channel_id: int, user_id: int) -> LobbyRecord | None:
        """Unseat a player; the host passes on. None: the lobby was left empty and is closed."""
        await self.require(channel_id)
        try:
            lobby = await self._repo.remove_player(channel_id, user_id, expires_at=self._expiry())
        except NotInLobby as exc:
            raise Refusal("lobby.not_joined") from exc
        if not lobby.player_ids:
            await self.close(channel_id)
            return None
        self._arm(lobby)
        return lobby

    async def kick(self, channel_id: int, by: int, target: int, *,
                   may_manage: bool) -> LobbyRecord | None:
        lobby = await self.require(channel_id)
        if by != lobby.host_id and not may_manage:
            raise Refusal("error.host_only")
        if target == by:
            raise Refusal("lobby.kick_self")
        if target not in lobby.player_ids:
            raise Refusal("lobby.target_not_joined")
        return await self.leave(channel_id, target)

    async def check_start(self, channel_id: int, by: int) -> LobbyRecord:
        lobby = await self.require(channel_id)
        if by != lobby.host_id:
            raise Refusal("error.host_only")
        if len(lobby.player_ids) < MIN_PLAYERS:
            raise Refusal("lobby.too_few", min=MIN_PLAYERS)
        return lobby

    async def close(self, channel_id: int) -> bool:
        """Forget the lobby (ended, expired, emptied or started) and its timer."""
        self._timers.cancel(("lobby", channel_id))
        return await self._repo.delete(channel_id)

    def started(self, channel_id: int) -> None:
        """The lobby became a game (the game's first save removed its row)."""
        self._timers.cancel(("lobby", channel_id))

    async def restore(self) -> list[LobbyRecord]:
        """After a restart: re-arm every stored lobby's expiry (an overdue one expires now)."""
        lobbies = await self._repo.all()
        for lobby in lobbies:
            self._arm(lobby)
        return lobbies

    # -- expiry

    def _expiry(self) -> float:
        return self._clock.now() + LOBBY_IDLE_SECONDS

    def _arm(self, lobby: LobbyRecord) -> None:
        channel_id = lobby.channel_id

        async def expire() -> None:
            current = await self._repo.get(channel_id)
            if current is None:
                return
            if current.expires_at > self._clock.now():  # touched meanwhile: wait again
                self._arm(current)
                return
            await self._repo.delete(channel_id)
            log.info("lobby in channel %s expired", channel_id)
            await self._on_expired(current)

        self._timers.schedule(("lobby", channel_id), lobby.expires_at, expire)
