"""Lobbies: who sits at a channel's table before the game starts, and the rules of joining.

Every change goes through the `LobbyStore` (one transaction each), so the database stays the
single source of truth across restarts and processes; this class adds the product's rules (2-10
players, 2-6 for No Mercy; host powers, the 15-minute idle expiry) and turns storage refusals
into `Refusal`s.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import replace
from typing import Any

from bot.clock import Clock
from bot.engine import (
    CONFLICTS,
    OPTION_NAMES,
    PRESET_RULES,
    PRESETS,
    SILENCE_VALUES,
    SUPPORTED_PRESETS,
    RulesError,
    RuleSet,
    preset_of,
    variant_of,
)
from bot.storage import (
    AlreadyInLobby,
    ChannelBusy,
    LobbyFull,
    LobbyRecord,
    LobbyStore,
    NotFound,
    NotInLobby,
)

from .errors import Key, Refusal
from .outlets import LobbyOutlet
from .seats import LEVEL_DIGITS, ai_display_name, ai_number, ai_user_id, is_ai_user
from .timers import Timers

log = logging.getLogger(__name__)

MIN_PLAYERS, MAX_PLAYERS = 2, 10
LOBBY_IDLE_SECONDS = 15 * 60
DEFAULT_TURN_TIMER = 90
MAX_TURN_TIMER = 600
TARGET_SCORES = (50, 1000)  # the host may shorten or lengthen a match (C-8.3's 500 by default)

# The rules editor's groups of on/off options (RULES.md sections C, H and N), in display order.
RULE_GROUPS: dict[str, tuple[str, ...]] = {
    "play": ("draw_until_playable", "jump_in", "seven_zero", "swap_on_five", "uno_slap",
             "colours_around", "false_uno_penalty"),
    "penalties": ("stacking", "stack_mixed", "draw_ten_blanks", "reverse_bounce", "deflect_skip",
                  "deflect_draw_two", "reverse_chain", "wild_four_deflect",
                  "wild_four_challenge_returns"),
    "scoring": ("lazy_scoring", "play_to_last", "seven_stages", "penalty_scoring"),
}


def editable_options(preset: str, group: str) -> tuple[str, ...]:
    """The options of a group the host may switch for this preset: those its registry entry
    does not refuse (Flip and No Mercy refuse some, P). An unknown preset: RulesError."""
    refused = PRESET_RULES[preset_of(preset)].refused
    return tuple(name for name in RULE_GROUPS[group] if name not in refused)


def max_players(preset: str) -> int:
    """How many may sit at a table of this preset: 10 (C-2), No Mercy 6 (M-2.1)."""
    return min(MAX_PLAYERS, variant_of(preset).max_players)  # an unknown preset: RulesError


def rules_of(lobby: LobbyRecord) -> RuleSet:
    return RuleSet.build(lobby.preset, lobby.options)


class LobbyService:
    def __init__(self, repo: LobbyStore, clock: Clock, timers: Timers,
                 board: LobbyOutlet) -> None:
        self._repo = repo
        self._clock = clock
        self._timers = timers
        self._board = board
        self._changing: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())

    def changing(self, channel_id: int) -> asyncio.Lock:
        """Held by every change of a channel's lobby and by its start, so they happen one at a
        time: a Join, a Leave or a rule change is either in the game that starts or refused."""
        lock = self._changing.get(channel_id)
        if lock is None:
            lock = self._changing[channel_id] = asyncio.Lock()
        return lock

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
                     preset: str, turn_timer: int, target: int | None = None,
                     options: dict[str, Any] | None = None) -> LobbyRecord:
        """`options`: the rules chosen over the preset (a server's saved defaults)."""
        if preset not in SUPPORTED_PRESETS:
            raise Refusal("lobby.preset_unsupported", preset=preset)
        if not 0 <= turn_timer <= MAX_TURN_TIMER:
            raise Refusal("lobby.bad_timer", max=MAX_TURN_TIMER)
        options = dict(options or {})
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

    async def rematch(self, *, guild_id: int, channel_id: int, host_id: int,
                      players: list[tuple[int, str]], rules: RuleSet,
                      turn_timer: int) -> LobbyRecord:
        """A new lobby for the same table (issue 18): `players` (user id, name) seated in their
        order, the same rules and timer, `host_id` hosting; the host only has to Start."""
        preset = PRESETS[rules.preset]
        options = {name: getattr(rules.options, name) for name in OPTION_NAMES
                   if getattr(rules.options, name) != getattr(preset, name)}
        names = dict(players)
        most = max_players(rules.preset)
        lobby = await self.create(guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                                  host_name=names.get(host_id, ""), preset=rules.preset,
                                  turn_timer=turn_timer, options=options)
        for user_id, name in players:
            if user_id != host_id and len(lobby.player_ids) < most:
                lobby = await self.join(channel_id, user_id, name)
        return lobby

    async def set_rules(self, channel_id: int, by: int, group: str,
                        values: list[str]) -> LobbyRecord:
        """The host switches a group of options (`values`: those on; for `silence`, its one
        value). A combination section P forbids is refused, naming both options."""
        lobby = await self.require(channel_id)
        if by != lobby.host_id:
            raise Refusal("error.host_only")
        options = dict(lobby.options)
        if group == "silence":
            if len(values) != 1 or values[0] not in SILENCE_VALUES:
                raise Refusal("error.stale_button")
            options["silence"] = values[0]
        elif group in RULE_GROUPS:
            names = editable_options(lobby.preset, group)
            if not set(values) <= set(names):
                raise Refusal("error.stale_button")
            options.update({name: name in values for name in names})
        else:
            raise Refusal("error.stale_button")
        _check_combination(lobby.preset, options)
        lobby = await self._repo.set_options(channel_id, options, expires_at=self._expiry())
        self._arm(lobby)
        return lobby

    async def set_message(self, channel_id: int, message_id: int) -> LobbyRecord:
        return await self._repo.set_message(channel_id, message_id)

    async def join(self, channel_id: int, user_id: int, name: str) -> LobbyRecord:
        most = max_players((await self.require(channel_id)).preset)
        try:
            lobby = await self._repo.add_player(channel_id, user_id, limit=most,
                                                expires_at=self._expiry(), name=name)
        except AlreadyInLobby as exc:
            raise Refusal("lobby.already_joined") from exc
        except LobbyFull as exc:
            raise Refusal("lobby.full", max=most) from exc
        except NotFound as exc:  # closed meanwhile (by a process that holds no lock here)
            raise Refusal("lobby.none") from exc
        self._arm(lobby)
        return lobby

    async def add_ai(self, channel_id: int, by: int, level: str) -> LobbyRecord:
        """The host seats an AI player of `level` (issue #19); it counts toward the 10 seats."""
        lobby = await self.require(channel_id)
        if by != lobby.host_id:
            raise Refusal("error.host_only")
        if level not in LEVEL_DIGITS:
            raise Refusal("error.stale_button")
        # The lowest number free: after a removal, a count could repeat a seated AI's id.
        taken = {ai_number(user_id) for user_id in lobby.player_ids if is_ai_user(user_id)}
        number = next(n for n in range(1, MAX_PLAYERS + 1) if n not in taken)
        return await self.join(channel_id, ai_user_id(number, level),
                               ai_display_name(number, level))

    async def remove_ai(self, channel_id: int, by: int, user_id: int) -> LobbyRecord:
        """The host takes an AI player out of the lobby again (issue #19). The lobby stays: its
        host, a person, is still in it."""
        lobby = await self.require(channel_id)
        if by != lobby.host_id:
            raise Refusal("error.host_only")
        if not is_ai_user(user_id) or user_id not in lobby.player_ids:
            raise Refusal("lobby.ai_gone")  # a picker of an AI removed meanwhile
        left = await self.leave(channel_id, user_id)
        if left is None:  # cannot happen while the host, a person, sits in it
            raise Refusal("lobby.none")
        return left

    async def leave(self, channel_id: int, user_id: int) -> LobbyRecord | None:
        """Unseat a player; the host passes on (to a person). None: no person is left, so the
        lobby is closed."""
        await self.require(channel_id)
        try:
            lobby = await self._repo.remove_player(channel_id, user_id, expires_at=self._expiry())
        except NotInLobby as exc:
            raise Refusal("lobby.not_joined") from exc
        except NotFound as exc:
            raise Refusal("lobby.none") from exc
        people = [p for p in lobby.player_ids if not is_ai_user(p)]
        if not people:
            await self.close(channel_id)
            return None
        if is_ai_user(lobby.host_id):
            lobby = await self._repo.set_host(channel_id, people[0])
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
            await self._board.expired(current)

        self._timers.schedule(("lobby", channel_id), lobby.expires_at, expire)


def _check_combination(preset: str, options: dict[str, Any]) -> None:
    """Section P, as a refusal naming both options in the reader's language."""
    merged = replace(PRESETS[preset], **options)
    on = {name for name in _ALL_SWITCHES if getattr(merged, name)}
    for a, b in CONFLICTS:
        if a in on and b in on:
            raise Refusal("lobby.conflict", first=Key(f"option.{a}.name"),
                          second=Key(f"option.{b}.name"))
    if "stack_mixed" in on and "stacking" not in on:
        raise Refusal("lobby.needs", first=Key("option.stack_mixed.name"),
                      second=Key("option.stacking.name"))
    try:
        RuleSet.build(preset, options)
    except RulesError as exc:  # anything else the engine refuses: a safety net
        raise Refusal("lobby.rules_refused") from exc


_ALL_SWITCHES = frozenset(name for names in RULE_GROUPS.values() for name in names)
