"""Lobby messages where the bot is not a member (issue 30): edited through interaction tokens.

A lobby's message there is the answer to `/uno create`, and every click on it (Join, Leave, a
rule) answers by updating it; the newest of those interactions' tokens edits it when something
else changes it (an AI seated from the host's picker, the start, the expiry). Which channels
are such places is saved, so after a restart no bot-token edit is tried there (Discord would
answer 50001 Missing Access). Everywhere else the channel board edits it as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.clock import Clock
from bot.i18n import get_translator
from bot.render.lobby import render_closed_lobby
from bot.render.shown import Shown
from bot.storage import BotStateRepository, LobbyRecord
from bot.ui.answers import TOKEN_NOT_DONE, Sent
from bot.ui.layout import Controls, v2

from .lobby_board import LobbyBoard

log = logging.getLogger(__name__)

TOKEN_MARGIN = 10.0  # seconds of a token's life under which it is not used


def _key(channel_id: int) -> str:
    return f"token_place:{channel_id}"


@dataclass
class _Reach:
    sent: Sent
    locale: str


class TokenLobbies:
    """The lobby outlet: token places' lobby messages through tokens, the others through the
    channel board."""

    def __init__(self, board: LobbyBoard, clock: Clock, state: BotStateRepository) -> None:
        self._board = board
        self._clock = clock
        self._state = state
        self._places: dict[int, bool] = {}  # channel -> reached only through tokens
        self._reach: dict[int, _Reach] = {}

    async def mark(self, channel_id: int) -> None:
        """A lobby is opened in a place the bot is not a member of."""
        if not self._places.get(channel_id):
            self._places[channel_id] = True
            await self._state.set(_key(channel_id), "1")

    async def is_place(self, channel_id: int) -> bool:
        known = self._places.get(channel_id)
        if known is None:
            known = self._places[channel_id] = await self._state.get(_key(channel_id)) == "1"
        return known

    def reached(self, channel_id: int, sent: Sent, locale: str) -> None:
        """`sent` is the newest answer whose token edits the channel's lobby message."""
        self._reach[channel_id] = _Reach(sent, locale)

    async def edit(self, lobby: LobbyRecord, shown: Shown,
                   controls: Callable[[], Controls] | None = None, *, lead: str = "") -> None:
        if not await self.is_place(lobby.channel_id):
            await self._board.edit(lobby, shown, controls, lead=lead)
            return
        reach = self._reach.get(lobby.channel_id)
        expires = reach.sent.expires_at if reach is not None else None
        if reach is None or expires is None or expires - self._clock.now() < TOKEN_MARGIN:
            return  # the next click on the lobby shows it as it is
        try:
            await reach.sent.edit(**v2(shown, controls() if controls is not None else None,
                                       lead=lead))
        except TOKEN_NOT_DONE as exc:
            log.info("lobby in %s not edited (%r)", lobby.channel_id, exc)

    async def expired(self, lobby: LobbyRecord) -> None:
        if not await self.is_place(lobby.channel_id):
            await self._board.expired(lobby)
            return
        reach = self._reach.get(lobby.channel_id)
        locale = reach.locale if reach is not None else get_translator().resolve("en")
        await self.edit(lobby, render_closed_lobby(locale, "lobby.expired"))
