"""The public messages the bot keeps up to date: each game's table and each lobby's message.

The bot builds one `TablePublisher` and one `LobbyBoard` in `setup_hook`; the game manager and
the lobby service show their changes through them (as `TableOutlet` and `LobbyOutlet`), and the
cogs use them for what a command or click shows, so there is one way to show a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import get_translator
from bot.interactions import Interaction
from bot.render.lobby import render_closed_lobby
from bot.render.pictures import table_picture_of
from bot.render.table import TableText, render_table
from bot.services.games import backoff
from bot.services.outlets import TableGone
from bot.services.session import Session
from bot.storage import LobbyRecord

from .answers import Expired, send
from .views import table_view

if TYPE_CHECKING:
    from bot.client import UnoBot

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _LobbyEdit:
    lobby: LobbyRecord
    embed: discord.Embed
    view: discord.ui.View | None

UNKNOWN_MESSAGE = 10008
# Discord's answers that mean the table can never be shown: Unknown Channel, Unknown Guild (the
# bot was removed from the server), Missing Access. Missing Permissions (50013) can be fixed by
# the server's admins, so it is retried.
CHANNEL_GONE = frozenset({10003, 10004, 50001})


def _mentions(text: TableText) -> discord.AllowedMentions:
    users = [discord.Object(text.mention)] if text.mention is not None else []
    return discord.AllowedMentions(users=users, roles=False, everyone=False)


async def table_message(session: Session, *, picture: bool = True, ended_by: str | None = None,
                        abandoned: bool = False) -> dict[str, Any]:
    """Everything of a table message: text, embed with its picture, buttons, and who may be
    pinged. `file` is for sending; `as_edit` turns it into the attachments of an edit."""
    text = render_table(session, ended_by=ended_by, abandoned=abandoned)
    ended = ended_by is not None or abandoned
    payload: dict[str, Any] = {
        "content": text.content, "embed": text.embed, "allowed_mentions": _mentions(text),
        "view": discord.ui.View(timeout=None) if ended else table_view(session)}
    if picture:
        drawn = table_picture_of(session)
        text.embed.set_image(url=drawn.url)
        payload["file"] = await drawn.file()
    return payload


def as_edit(payload: dict[str, Any]) -> dict[str, Any]:
    """An edit replaces the message's attachments with the new picture."""
    edit = dict(payload)
    edit["attachments"] = [edit.pop("file")]
    return edit


class UnderWay:
    """Counts the edits under way, so a clean stop can let them land (`drain`)."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def one(self) -> Iterator[None]:
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if not self._count:
                self._idle.set()

    async def drain(self, timeout: float) -> None:
        """Wait until nothing is under way, `timeout` seconds at most."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning("stopping with %d edits under way", self._count)


class TablePublisher:
    """Shows each game's public table: one message per game, edited in place."""

    def __init__(self, bot: UnoBot, under_way: UnderWay) -> None:
        self._bot = bot
        self._under_way = under_way

    async def show(self, session: Session, *, ended_by: str | None = None,
                   abandoned: bool = False) -> None:
        """Show the table's current state: edit the table message, or post it when it has none
        (or it was deleted). The version is marked shown only once Discord took the edit; a
        channel that is gone for good raises `TableGone`, anything else is for the caller to
        retry."""
        with self._under_way.one():
            async with session.showing:
                await self._show(session, ended_by=ended_by, abandoned=abandoned)

    async def _show(self, session: Session, *, ended_by: str | None,
                    abandoned: bool) -> None:
        version = session.version
        payload = await table_message(session, ended_by=ended_by, abandoned=abandoned)
        channel = self._bot.get_partial_messageable(session.channel_id,
                                                    guild_id=session.guild_id)
        try:
            if session.message_id is not None:
                try:
                    await channel.get_partial_message(session.message_id).edit(
                        **as_edit(payload))
                    session.rendered_version = session.pictured_version = version
                    return
                except discord.NotFound as exc:
                    if exc.code != UNKNOWN_MESSAGE:
                        raise
                    log.info("table message of game %s was deleted; posting a new one",
                             session.game_id)
            message = await channel.send(**payload)
        except (discord.NotFound, discord.Forbidden) as exc:
            if exc.code in CHANNEL_GONE:
                raise TableGone(f"{exc.code}: {exc.text}") from exc
            raise
        session.rendered_version = session.pictured_version = version
        await self._bot.games.set_message(session, message.id)

    async def abandoned(self, session: Session) -> None:
        await self.show(session, abandoned=True)

    async def post_first(self, interaction: Interaction, session: Session) -> None:
        """The first table of a game, as the answer to the click or command that started it."""
        # Answered at once; the first merged edit brings the picture.
        try:
            sent = await send(interaction, **await table_message(session, picture=False))
            message = await sent.message()
        except (discord.HTTPException, Expired) as exc:
            # The game has started whether or not this answer got through: with no message
            # yet, the table is posted in the channel instead.
            log.warning("the first table of game %s was not the answer (%r); posting it",
                        session.game_id, exc)
            self._bot.games.refresh(session)
            return
        await self._bot.games.set_message(session, message.id)
        self._bot.games.refresh(session)


class LobbyBoard:
    """Edits a lobby's public message: its seats and rules, or why it closed. An edit that
    fails (after discord.py's own retries of a 429) is tried again in the background with
    backoff, the newest content of each message winning, so a lobby never stays stale."""

    def __init__(self, bot: UnoBot, under_way: UnderWay) -> None:
        self._bot = bot
        self._under_way = under_way
        self._newest: dict[int, _LobbyEdit] = {}  # message id -> what it should show
        self._retrying: dict[int, asyncio.Task[None]] = {}
        self._sending: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())

    async def edit(self, lobby: LobbyRecord, embed: discord.Embed,
                   view: discord.ui.View | None = None) -> None:
        if lobby.message_id is None:
            return
        message_id = lobby.message_id
        self._newest[message_id] = _LobbyEdit(lobby, embed, view)
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
            channel = self._bot.get_partial_messageable(lobby.channel_id,
                                                        guild_id=lobby.guild_id)
            try:
                await channel.get_partial_message(message_id).edit(embed=edit.embed,
                                                                   view=edit.view)
            except discord.NotFound:
                log.info("lobby message %s is gone", message_id)
            if self._newest.get(message_id) is edit:
                del self._newest[message_id]

    async def _retry(self, message_id: int) -> None:
        failures = 1
        try:
            while message_id in self._newest and not self._bot.is_closed():
                await self._bot.clock.sleep(backoff(failures))
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
        await self._bot.wait_until_ready()
        guild = self._bot.get_guild(lobby.guild_id)
        locale = get_translator().resolve(guild.preferred_locale if guild else "en")
        await self.edit(lobby, render_closed_lobby(locale, "lobby.expired"))
