"""A tournament's messages (issue 31): the sign-up board with its buttons, the standings board
edited as tables finish, each round's tables, the podium, and the thread of each table.

`TournamentBoard` is the `TournamentOutlet` the bot hands the tournament service: the service
knows no Discord. A board that cannot be edited (deleted) is posted anew; threads that Discord
refuses (Missing Permissions) make the service play those tables in the channel instead.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any, Literal

import discord

from bot.i18n import get_translator
from bot.render.events import escape_name
from bot.render.tournament import (
    pairings_board,
    podium_board,
    podium_picture,
    signup_board,
    standings_board,
)
from bot.services.tournament_doc import Table, TournamentDoc
from bot.ui.controls import TournamentControl
from bot.ui.layout import Controls, v2
from bot.ui.tournament_items import TournamentButton

from .reach import Channels

log = logging.getLogger(__name__)

ARCHIVE_MINUTES: Literal[1440] = 1440  # a table's thread stays listed a day after its last post
THREAD_NAME_LIMIT = 100
NO_PINGS = discord.AllowedMentions.none()
FORBIDDEN = 50013


def signup_view(tournament_id: str, doc: TournamentDoc, status: str) -> Controls | None:
    if status != "signup":
        return None
    tr = get_translator().translate
    view = Controls()
    buttons = [(TournamentControl.JOIN, "button.join", discord.ButtonStyle.success),
               (TournamentControl.LEAVE, "button.leave", discord.ButtonStyle.secondary)]
    if doc.checkin_ends is not None:
        buttons.append((TournamentControl.CHECKIN, "button.check_in",
                        discord.ButtonStyle.primary))
    buttons.append((TournamentControl.START, "button.start", discord.ButtonStyle.primary))
    for what, key, style in buttons:
        view.add_item(TournamentButton(what, tournament_id, label=tr(doc.locale, key),
                                       style=style))
    return view


def _new(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields of a new message: those an edit clears (content, embeds) are left out."""
    return {key: value for key, value in fields.items() if value is not None}


class TournamentBoard:
    def __init__(self, channels: Channels, http: discord.http.HTTPClient) -> None:
        """`http`: the client's, for the one route discord.py has no object for (a thread
        without a message)."""
        self._channels = channels
        self._http = http

    def _channel(self, doc: TournamentDoc) -> discord.PartialMessageable:
        return self._channels.get_partial_messageable(doc.channel_id, guild_id=doc.guild_id)

    async def _post_or_edit(self, doc: TournamentDoc, board: str, **fields: Any) -> None:
        channel = self._channel(doc)
        message_id = doc.messages.get(board)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(**fields)
                return
            except discord.NotFound:
                log.info("tournament board %s was deleted; posting it anew", board)
        fields.setdefault("allowed_mentions", NO_PINGS)
        posted = await channel.send(**_new(fields))
        doc.messages[board] = posted.id

    async def signup(self, tournament_id: str, doc: TournamentDoc, status: str) -> None:
        await self._post_or_edit(doc, "signup", **v2(signup_board(doc, status),
                                                      signup_view(tournament_id, doc, status)))

    async def standings(self, doc: TournamentDoc, status: str) -> None:
        await self._post_or_edit(doc, "standings", **v2(standings_board(doc, status)))

    async def pairings(self, doc: TournamentDoc, round_number: int) -> None:
        await self._channel(doc).send(allowed_mentions=NO_PINGS,
                                      **_new(v2(pairings_board(doc, round_number))))

    async def podium(self, doc: TournamentDoc) -> None:
        assert doc.tournament is not None
        names = [doc.name_of(s.player) for s in doc.tournament.podium()]
        drawn = await asyncio.to_thread(podium_picture, names)
        picture = discord.File(io.BytesIO(drawn), filename="podium.png")
        await self._channel(doc).send(file=picture, allowed_mentions=NO_PINGS,
                                      **_new(v2(podium_board(doc))))

    async def open_table(self, doc: TournamentDoc, table: Table, players: list[int]) -> int | None:
        name = get_translator().translate(doc.locale, "tournament.thread_name", name=doc.name,
                                          round=table.round, table=table.table + 1)
        try:
            data = await self._http.start_thread_without_message(
                doc.channel_id, name=name[:THREAD_NAME_LIMIT],
                auto_archive_duration=ARCHIVE_MINUTES, type=11)  # public: the default is private
        except discord.Forbidden as refused:
            if refused.code != FORBIDDEN:
                raise
            log.info("no threads allowed in channel %s: its tables play there in turn",
                     doc.channel_id)
            return None
        return int(data["id"])

    async def seated(self, doc: TournamentDoc, table: Table, players: list[int]) -> None:
        if table.channel_id is None:
            return
        text = get_translator().translate(
            doc.locale, "tournament.seated", players=" ".join(f"<@{p}>" for p in players),
            round=table.round, table=table.table + 1, name=escape_name(doc.name))
        channel = self._channels.get_partial_messageable(table.channel_id,
                                                         guild_id=doc.guild_id)
        await channel.send(content=text,
                           allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                    everyone=False))
