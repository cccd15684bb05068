"""The public messages the bot keeps up to date: each game's table and each lobby's message.

The bot builds one `TablePublisher` and one `LobbyBoard` in `setup_hook`; the game manager and
the lobby service show their changes through them (as `TableOutlet` and `LobbyOutlet`), and the
cogs use them for what a command or click shows, so there is one way to show a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import get_translator
from bot.interactions import Interaction
from bot.render.faces import NO_FACES, Faces
from bot.render.images import TableImage
from bot.render.lobby import render_closed_lobby
from bot.render.painter import PaintersBusy, Superseded
from bot.render.pictures import TABLE_FILE, table_picture
from bot.render.table import TableText, render_table
from bot.services.games import backoff
from bot.services.outlets import TableGone
from bot.services.session import Session
from bot.storage import LobbyRecord
from bot.ui.answers import Expired, send
from bot.ui.layout import v2
from bot.ui.views import table_view

from .budget import Priority
from .table_moves import TableMoves, too_old

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


# The table's picture is redrawn at meaningful moments only (a new colour or direction, a round
# starting or ending) or once the table has been quiet for a moment, and never more often than
# every few seconds: the text beside it, edited at every move, says everything it shows.
PICTURE_GAP = 5.0  # seconds between two pictures of one table, at least
PICTURE_PAUSE = 2.0  # seconds without a move, after which an outdated picture is redrawn
PICTURE_WAIT = 0.1  # seconds a text edit may wait for its picture to be drawn, at most
PICTURE_RETRY = 0.5  # seconds after which a picture still being drawn is looked for again


def table_message(session: Session, *, picture: bytes | None = None,
                  ended_by: str | None = None, abandoned: bool = False,
                  faces: Faces = NO_FACES) -> dict[str, Any]:
    """Everything of a table message, a Components V2 layout (bot/ui/layout.py): its text,
    picture and buttons, and who may be pinged. With `picture`, it is attached as `file`
    (`as_edit` makes it the attachments of an edit); without, the layout shows the picture the
    message already has, if any. Content and embeds are cleared, so the edit of a table posted
    before the layout converts it."""
    text = render_table(session, ended_by=ended_by, abandoned=abandoned, faces=faces)
    ended = ended_by is not None or abandoned
    if picture is not None or session.pictured is not None:
        text.embed.set_image(url=f"attachment://{TABLE_FILE}")
    payload: dict[str, Any] = {
        **v2(text.embed, None if ended else table_view(session), lead=text.content),
        "allowed_mentions": _mentions(text)}
    if picture is not None:
        payload["file"] = discord.File(io.BytesIO(picture), filename=TABLE_FILE)
    return payload


def as_edit(payload: dict[str, Any]) -> dict[str, Any]:
    """An edit with a new picture replaces the message's attachments with it; one without
    keeps the picture the message has."""
    edit = dict(payload)
    if "file" in edit:
        edit["attachments"] = [edit.pop("file")]
    return edit


def _moment(session: Session) -> tuple[object, ...]:
    view = session.view()
    return view.color, view.direction, view.round, view.round_over


def picture_wait(session: Session, data: TableImage, now: float) -> float | None:
    """Seconds until the table's picture should be redrawn (0: now), None when it is current."""
    if session.pictured == data:
        return None
    if session.pictured is None:
        return 0.0
    wait = session.pictured_at + PICTURE_GAP - now
    if _moment(session) == session.pictured_moment:  # nothing meaningful: wait for a pause
        wait = max(wait, session.last_action_at + PICTURE_PAUSE - now)
    return max(0.0, wait)


def _quietly(drawing: asyncio.Future[bytes]) -> None:
    if not drawing.cancelled() and drawing.exception() is not None:
        log.debug("a table picture was not drawn: %r", drawing.exception())


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

    @property
    def busy(self) -> bool:
        """Whether an edit or a click is under way."""
        return self._count > 0

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
        # Issue 37: a table message that shows a round's end (its hands laid down and its
        # points) keeps it, and the next round gets a message of its own: game id -> (that
        # message, its round).
        self._reveals: dict[str, tuple[int, int]] = {}
        self.moves = TableMoves(bot)  # tables older than an hour move (issue 36)

    async def show(self, session: Session, *, ended_by: str | None = None,
                   abandoned: bool = False) -> float | None:
        """Show the table's current state: edit the table message, or post it when it has none
        (or it was deleted). The version is marked shown only once Discord took the edit; a
        channel that is gone for good raises `TableGone`, anything else is for the caller to
        retry."""
        with self._under_way.one():
            async with session.showing:
                return await self._show(session, ended_by=ended_by, abandoned=abandoned)

    async def _show(self, session: Session, *, ended_by: str | None,
                    abandoned: bool) -> float | None:
        now = self._bot.clock.now()
        data, moment = table_picture(session), _moment(session)  # what a new picture shows
        final = ended_by is not None or abandoned
        wait = 0.0 if final or session.message_id is None else picture_wait(session, data, now)
        picture = None
        if final:  # the last edit: it waits for its picture
            with contextlib.suppress(PaintersBusy, Superseded):
                picture = await self._bot.painter.table(data, slot=("table", session.game_id))
        elif wait == 0.0:
            picture = await self._picture(session, data)
        # Only the picture is new: it waits behind every table's text when requests are short.
        level = Priority.PICTURE if session.rendered_version == session.version else Priority.EDIT
        async with self._bot.budget.turn(level):
            version = session.version  # the content is built once it may go: the freshest
            posted, picture = await self._send(session, data, picture, ended_by=ended_by,
                                               abandoned=abandoned)
        session.rendered_version = version
        if picture is not None:
            session.pictured, session.pictured_at, session.pictured_moment = data, now, moment
        if posted is not None:
            await self._bot.games.set_message(session, posted.id, posted_at=now)
        self.prepare_hands(session)
        self._bot.pings.shown(session)
        self._bot.watchers.shown(session)
        self._bot.hands.changed(session)  # the open hands catch up (through their own tokens)
        if final:
            self._reveals.pop(session.game_id, None)
            return None
        # Measured now, not when the edit began: it may have waited for the budget meanwhile.
        due = picture_wait(session, table_picture(session), self._bot.clock.now())
        if due == 0.0 and picture is None:  # still being drawn: come back for it soon
            return PICTURE_RETRY
        return due

    async def _send(self, session: Session, data: TableImage, picture: bytes | None, *,
                    ended_by: str | None,
                    abandoned: bool) -> tuple[discord.Message | None, bytes | None]:
        """Edit the table message, or post a new one when it has none (with a picture, always).
        Returns the message posted, if one was, and the picture sent, if any."""
        # The cards wear their faces where the bot may show emoji in the table's channel.
        faces = self._bot.card_emoji.for_channel(self._bot.get_channel(session.channel_id))
        payload = table_message(session, picture=picture, ended_by=ended_by,
                                abandoned=abandoned, faces=faces)
        channel = self._bot.get_partial_messageable(session.channel_id,
                                                    guild_id=session.guild_id)
        refused = None  # a table Discord would not convert to the V2 layout
        # What the payload shows, read now: the game may move on while it is sent.
        view = session.view()
        shown = view.round if view.round_over and not (ended_by or abandoned) else None
        reveal = self._reveals.get(session.game_id)
        if reveal is not None and reveal[1] != view.round:
            del self._reveals[session.game_id]
            if reveal[0] == session.message_id:  # it keeps the round's end: a new message
                session.message_id = None
        # A table near an hour old is posted anew, not edited (bot/outlets/table_moves.py); an
        # ended game's last edit is one edit, and stays where the game was played.
        final = ended_by is not None or abandoned
        moved, answered_30046 = None, False
        if not final and self.moves.due(session):
            moved, session.message_id = session.message_id, None
        try:
            if session.message_id is not None:
                try:
                    await channel.get_partial_message(session.message_id).edit(
                        **as_edit(payload))
                except discord.NotFound as exc:
                    if exc.code != UNKNOWN_MESSAGE:
                        raise
                    log.info("table message of game %s was deleted; posting a new one",
                             session.game_id)
                    session.message_id = None
                except discord.HTTPException as exc:
                    if too_old(exc):  # Discord counts it as over an hour old: it moves now
                        moved, session.message_id = session.message_id, None
                        answered_30046 = True
                    elif exc.status != HTTPStatus.BAD_REQUEST:
                        raise  # rate limits, outages: tried again later
                    else:  # the edit itself is refused: a table posted before the V2 layout
                        # that Discord will not convert, posted anew (and the old one deleted)
                        log.warning("table message of game %s not converted (%s); posting a "
                                    "new one", session.game_id, exc)
                        refused, session.message_id = session.message_id, None
            if session.message_id is None:
                if picture is None:  # a new message has no picture yet: it needs one now
                    picture = await self._bot.painter.table(data)
                    payload = table_message(session, picture=picture, ended_by=ended_by,
                                            abandoned=abandoned, faces=faces)
                try:
                    posted = await channel.send(**payload)
                except BaseException:
                    if refused is not None or moved is not None:  # still the table, until a
                        session.message_id = refused or moved  # new one is posted
                    raise
                if refused is not None:
                    with contextlib.suppress(discord.HTTPException):
                        await channel.get_partial_message(refused).delete()
                self._revealing(session, posted.id, shown)
                if moved is not None:
                    self.moves.moved(session, moved, posted.id, refused=answered_30046)
                return posted, picture
        except (discord.NotFound, discord.Forbidden) as exc:
            if exc.code in CHANNEL_GONE:
                raise TableGone(f"{exc.code}: {exc.text}") from exc
            raise
        self._revealing(session, session.message_id, shown)
        return None, picture

    def _revealing(self, session: Session, message_id: int | None,
                   round_end: int | None) -> None:
        """`message_id` was sent showing the end of round `round_end` (None: not a round's
        end): it keeps it once the next round begins (a match's end stays anyway)."""
        if round_end is not None and message_id is not None and not session.finished:
            self._reveals[session.game_id] = (message_id, round_end)

    async def _picture(self, session: Session, data: TableImage) -> bytes | None:
        """The table's new picture, if it is drawn within PICTURE_WAIT: a text edit is never
        held up longer. The drawing goes on, and the next edit finds the picture drawn."""
        drawing = asyncio.ensure_future(
            self._bot.painter.table(data, slot=("table", session.game_id)))
        done, _ = await asyncio.wait((drawing,), timeout=PICTURE_WAIT)
        if not done:
            drawing.add_done_callback(_quietly)
            return None
        try:
            return drawing.result()
        except (PaintersBusy, Superseded) as exc:  # the text goes now, the picture later
            log.debug("table %s shown without its new picture: %r", session.game_id, exc)
            return None

    async def close(self) -> None:
        await self.moves.close()

    def prepare_hands(self, session: Session) -> None:
        """Draw each player's hand picture now, in the background, so that it is ready when
        they open or use their hand (only new hands cost anything)."""
        public = session.view()
        for player, active in zip(public.players, public.active, strict=True):
            if active and player.isdigit():
                self._bot.painter.prepare_hand(
                    session.view(player).hand, colorblind=self._bot.settings.colorblind(
                        int(player)), slot=("hand", session.game_id, player))

    async def abandoned(self, session: Session) -> None:
        await self.show(session, abandoned=True)

    async def post_first(self, interaction: Interaction, session: Session) -> None:
        """The first table of a game, as the answer to the click or command that started it."""
        # Answered at once; the first merged edit brings the picture.
        posted_at = self._bot.clock.now()  # Discord counts the table's age from about now
        try:
            faces = self._bot.card_emoji.for_interaction(interaction)
            sent = await send(interaction, **table_message(session, faces=faces))
            message = await sent.message()
        except (discord.HTTPException, Expired) as exc:
            # The game has started whether or not this answer got through: with no message
            # yet, the table is posted in the channel instead.
            log.warning("the first table of game %s was not the answer (%r); posting it",
                        session.game_id, exc)
            self._bot.games.refresh(session)
            return
        await self._bot.games.set_message(session, message.id, posted_at=posted_at)
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
