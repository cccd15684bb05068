"""A lobby's public message, kept up to date: its seats and rules, or why it closed."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.clock import Clock
from bot.i18n import get_translator
from bot.render.lobby import render_closed_lobby
from bot.render.shown import Shown
from bot.services.games import backoff
from bot.storage import LobbyRecord
from bot.ui.layout import Controls, v2
from bot.under_way import UnderWay

from .reach import Channels, Guilds

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _LobbyEdit:
    lobby: LobbyRecord
    shown: Shown
    controls: Callable[[], Controls] | None  # built anew for each try: an item has one view
    lead: str

    def fields(self) -> dict[str, Any]:
        return v2(self.shown, self.controls() if self.controls is not None else None,
                  lead=self.lead)


class LobbyBoard:
    """Edits a lobby's public message: its seats and rules, or why it closed. An edit that
    fails (after discord.py's own retries of a 429) is tried again in the background with
    backoff, the newest content of each message winning, so a lobby never stays stale."""

    def __init__(self, channels: Channels, guilds: Guilds, clock: Clock,
                 under_way: UnderWay) -> None:
        self._channels = channels
        self._guilds = guilds
        self._clock = clock
        self._under_way = under_way
        self._newest: dict[int, _LobbyEdit] = {}  # message id -> what it should show
        self._retrying: dict[int, asyncio.Task[None]] = {}
        self._sending: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())

    async def edit(self, lobby: LobbyRecord, shown: Shown,
                   controls: Callable[[], Controls] | None = None, *, lead: str = "") -> None:
        """Show `shown` (a V2 message: the lobby, or why it closed) with `controls()` below it
        (none: a closed lobby's message loses its buttons), `lead` above it."""
        if lobby.message_id is None:
            return
        message_id = lobby.message_id
        self._newest[message_id] = _LobbyEdit(lobby, shown, controls, lead)
        if message_id in self._retrying:
            return  # the retry under way sends this newest content
        try:
            await self._send(message_id)
        except Exception as exc:  # noqa: BLE001 - retried, never the caller's failure
            log.warning("lobby message %s not updated (%r); retrying", message_id, exc)
            self._retrying[message_id] = asyncio.create_task(
                self._retry(message_id), name=f"lobby message {message_id}")

    async def _send(self, message_id: int) -> None:
        """Send the newest content; one edit of a message at a time, so the last sent is the
        newest."""
        lock = self._sending.get(message_id)
        if lock is None:
            lock = self._sending[message_id] = asyncio.Lock()
        with self._under_way.one():
            await self._send_newest(message_id, lock)

    async def _send_newest(self, message_id: int, lock: asyncio.Lock) -> None:
        async with lock:
            edit = self._newest.get(message_id)
            if edit is None:
                return  # sent meanwhile by the call that held the lock
            lobby = edit.lobby
            channel = self._channels.get_partial_messageable(lobby.channel_id,
                                                             guild_id=lobby.guild_id)
            try:
                await channel.get_partial_message(message_id).edit(**edit.fields())
            except discord.NotFound:
                log.info("lobby message %s is gone", message_id)
            if self._newest.get(message_id) is edit:
                del self._newest[message_id]

    async def _retry(self, message_id: int) -> None:
        failures = 1
        try:
            while message_id in self._newest and not self._channels.is_closed():
                await self._clock.sleep(backoff(failures))
                try:
                    await self._send(message_id)
                except Exception as exc:  # noqa: BLE001 - the next try may work
                    failures += 1
                    log.warning("lobby message %s still not updated (%r)", message_id, exc)
        finally:
            self._retrying.pop(message_id, None)

    async def expired(self, lobby: LobbyRecord) -> None:
        # A lobby that ran out while the bot was down expires during start-up, before the guild
        # (and so the server's language) is known: wait for it rather than fall back to English.
        await self._guilds.wait_until_ready()
        guild = self._guilds.get_guild(lobby.guild_id)
        locale = get_translator().resolve(guild.preferred_locale if guild else "en")
        await self.edit(lobby, render_closed_lobby(locale, "lobby.expired"))
