"""The public messages the bot keeps up to date: each game's table and each lobby's message.

The bot builds one `TablePublisher` and one `LobbyBoard` in `setup_hook`. The publisher is the
table's only writer: the table feed (bot/outlets/table_feed.py) shows the game manager's changes
through it, and a click on the table is answered by it with the table (`answer`). What it knows
of each table message (the version shown, the picture drawn, the lock of its edits) is its own.

Issue 29: a table is edited through a click's interaction token where one reaches it (its
*pen*, bot/outlets/table_pens.py), else with the bot token, within its share of the budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import weakref
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

import discord

from bot import metrics
from bot.clock import Clock
from bot.interactions import Interaction
from bot.render.faces import NO_FACES, Faces
from bot.render.images import TableImage
from bot.render.painter import Painter, PaintersBusy, Superseded
from bot.render.pictures import TABLE_FILE, table_picture
from bot.render.table import TableText, render_table
from bot.services.outlets import TableGone
from bot.services.session import Session
from bot.ui.answers import Expired, Sent, acknowledge, send, update
from bot.ui.layout import let_go, v2, without_controls
from bot.ui.views import table_view
from bot.under_way import UnderWay

from .budget import Priority, RequestBudget
from .emoji import CardEmoji
from .reach import Channels, Colorblind, TableIds
from .table_moves import TableMoves, too_old
from .table_pens import PenSource, TablePens

log = logging.getLogger(__name__)


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


# What the picture of a table message of before a restart shows: this process does not know.
PICTURE_OF_BEFORE = ("a picture drawn before the restart",)


@dataclass(eq=False)
class Shown:
    """What one game's table message shows now, as this process knows it."""

    version: int = -1  # the version its text shows
    # Its picture (redrawn at meaningful moments only): its data (None: no picture yet), the
    # moment it belongs to, and when it was drawn.
    pictured: object | None = None
    moment: tuple[object, ...] = ()
    pictured_at: float = 0.0
    # Held while the table is drawn and sent: two edits of one table never cross on the way,
    # so the one that lands last is the one drawn last.
    showing: asyncio.Lock = field(default_factory=asyncio.Lock)


def table_message(session: Session, *, picture: bytes | None = None, pictured: bool = False,
                  ended_by: str | None = None, abandoned: bool = False,
                  faces: Faces = NO_FACES) -> dict[str, Any]:
    """Everything of a table message, a Components V2 layout (bot/ui/layout.py): its text,
    picture and buttons, and who may be pinged. With `picture`, it is attached as `file`
    (`as_edit` makes it the attachments of an edit); without, the layout shows the picture the
    message already has (`pictured`), if any. Content and embeds are cleared, so the edit of a
    table posted before the layout converts it."""
    text = render_table(session, ended_by=ended_by, abandoned=abandoned, faces=faces)
    ended = ended_by is not None or abandoned
    if picture is not None or pictured:
        text.shown.picture = f"attachment://{TABLE_FILE}"
    payload: dict[str, Any] = {
        **v2(text.shown, None if ended else table_view(session), lead=text.content),
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


def picture_wait(session: Session, shown: Shown, data: TableImage, now: float) -> float | None:
    """Seconds until the table's picture should be redrawn (0: now), None when it is current."""
    if shown.pictured == data:
        return None
    if shown.pictured is None:
        return 0.0
    wait = shown.pictured_at + PICTURE_GAP - now
    if _moment(session) == shown.moment:  # nothing meaningful: wait for a pause
        wait = max(wait, session.last_action_at + PICTURE_PAUSE - now)
    return max(0.0, wait)


def _quietly(drawing: asyncio.Future[bytes]) -> None:
    if not drawing.cancelled() and drawing.exception() is not None:
        log.debug("a table picture was not drawn: %r", drawing.exception())


class TablePublisher:
    """Shows each game's public table: one message per game, edited in place, by this writer
    only (through the channel, or through the answer to a click on it)."""

    def __init__(self, channels: Channels, table_ids: TableIds, painter: Painter,
                 budget: RequestBudget, emoji: CardEmoji, settings: Colorblind, clock: Clock,
                 under_way: UnderWay) -> None:
        self._channels = channels
        self._table_ids = table_ids
        self._painter = painter
        self._budget = budget
        self._emoji = emoji
        self._settings = settings
        self._clock = clock
        self._under_way = under_way
        self._shown: weakref.WeakKeyDictionary[Session, Shown] = weakref.WeakKeyDictionary()
        # Issue 37: a table message that shows a round's end (its hands laid down and its
        # points) keeps it, and the next round gets a message of its own: game id -> (that
        # message, its round).
        self._reveals: dict[str, tuple[int, int]] = {}
        self._pens = TablePens(clock)  # which token edits each table (issue 29)
        self.moves = TableMoves(channels, clock)  # tables older than an hour move (issue 36)

    def shown(self, session: Session) -> Shown:
        """What the game's table message shows now. A game met first with a message (restored
        after a restart) has a picture this process did not draw."""
        shown = self._shown.get(session)
        if shown is None:
            shown = self._shown[session] = Shown(
                pictured=PICTURE_OF_BEFORE if session.message_id is not None else None)
        return shown

    def current(self, session: Session) -> bool:
        """Whether the table's text shows the game's version."""
        return self.shown(session).version == session.version

    def picture_current(self, session: Session) -> bool:
        return self.shown(session).pictured == table_picture(session)

    @property
    def pens(self) -> PenSource:
        """Which answers may edit a table through their token (benchmarks compare them)."""
        return self._pens.source

    @pens.setter
    def pens(self, source: PenSource) -> None:
        self._pens.source = source

    def pen(self, session: Session) -> Sent | None:
        """The newest answer whose token edits the game's table now, if one lives."""
        return self._pens.pen(session)

    def edit_wait(self, session: Session) -> float:
        """Seconds before the table's next edit may go (bot/outlets/table_pens.py)."""
        return self._pens.edit_wait(session, self._budget.rate)

    def shown_again(self, session: Session) -> None:
        """The table is to be shown anew at the same version (a seat changed hands)."""
        self.shown(session).version = -1

    async def show(self, session: Session, *, ended_by: str | None = None,
                   abandoned: bool = False) -> float | None:
        """Show the table's current state: edit the table message, or post it when it has none
        (or it was deleted). The version is marked shown only once Discord took the edit; a
        channel that is gone for good raises `TableGone`, anything else is for the caller to
        retry."""
        shown = self.shown(session)
        with self._under_way.one():
            async with shown.showing:
                return await self._show(session, shown, ended_by=ended_by, abandoned=abandoned)

    async def _show(self, session: Session, shown: Shown, *, ended_by: str | None,
                    abandoned: bool) -> float | None:
        now = self._clock.now()
        data, moment = table_picture(session), _moment(session)  # what a new picture shows
        final = ended_by is not None or abandoned
        wait = (0.0 if final or session.message_id is None
                else picture_wait(session, shown, data, now))
        picture = None
        if final:  # the last edit: it waits for its picture
            with contextlib.suppress(PaintersBusy, Superseded):
                picture = await self._painter.table(data, slot=("table", session.game_id))
        elif wait == 0.0:
            picture = await self._picture(session, data)
        # Only the picture is new: it waits behind every table's text when requests are short.
        level = Priority.PICTURE if shown.version == session.version else Priority.EDIT
        by_pen = (session.message_id is not None and not self.moves.due(session)
                  and self.pen(session) is not None)
        # Through a pen the edit is exempt from the bot token's limit: it waits for no turn.
        async with contextlib.nullcontext() if by_pen else self._budget.turn(level):
            version = session.version  # the content is built once it may go: the freshest
            posted, picture = await self._send(session, shown, data, picture,
                                               ended_by=ended_by, abandoned=abandoned)
        shown.version = version
        if picture is not None:
            shown.pictured, shown.pictured_at, shown.moment = data, now, moment
        if posted is not None:
            await self._table_ids.set_message(session, posted.id, posted_at=now)
        self.prepare_hands(session)
        if final:
            self._reveals.pop(session.game_id, None)
            self._pens.forget(session)
            return None
        # Measured now, not when the edit began: it may have waited for the budget meanwhile.
        due = picture_wait(session, shown, table_picture(session), self._clock.now())
        if due == 0.0 and picture is None:  # still being drawn: come back for it soon
            return PICTURE_RETRY
        return due

    async def answer(self, interaction: Interaction, session: Session) -> int | None:
        """A click on the table is answered with the table: its new text and buttons at once
        (an answer is exempt from the channel's rate limit), keeping the picture it has; the
        version shown is returned. A table that moves (bot/outlets/table_moves.py) is not
        edited, the click only acknowledged (None): the next showing moves it. So too when
        Discord refuses the edit as one of a message over an hour old. A table reached
        through tokens (issue 30) is never moved: it is always edited."""
        if session.tokens or not self.moves.due(session):
            shown = self.shown(session)
            version = session.version
            payload = table_message(session, pictured=shown.pictured is not None,
                                    faces=self._emoji.for_interaction(interaction))
            payload.pop("allowed_mentions")
            try:
                await update(interaction, **payload)
                shown.version = version  # only once Discord took it
                self._pens.clicked(session, interaction)
                return version
            except discord.HTTPException as exc:
                if not too_old(exc):
                    raise
                self.moves.found_old(session)
            finally:
                let_go(payload["view"])
        await acknowledge(interaction)
        self._pens.clicked(session, interaction)  # the table moves: a pen only if it stays
        return None

    async def _edit_by_pen(self, session: Session, payload: dict[str, Any]) -> bool:
        """Edit the table through its pen, if it has a live one; False when the bot token must
        do it (no pen, or Discord refused the pen, which is then dropped)."""
        pen = self.pen(session)
        if pen is None:
            return False
        edit = as_edit(payload)
        edit.pop("allowed_mentions", None)  # an edit notifies nobody anyway
        try:
            await pen.edit(**edit)
        except (Expired, discord.HTTPException) as exc:
            log.info("table %s not edited through its pen (%r): the bot token edits it",
                     session.game_id, exc)
            self._pens.refused(session, pen)
            return False
        metrics.table_edited("interaction")
        return True

    async def retire(self, interaction: Interaction) -> None:
        """The clicked table message is no longer its game's table (the game is gone, or it
        keeps a round's end): the click's answer takes its buttons off and keeps the rest."""
        await update(interaction, **without_controls(interaction.message))

    async def _send(self, session: Session, shown: Shown, data: TableImage,
                    picture: bytes | None, *, ended_by: str | None,
                    abandoned: bool) -> tuple[discord.Message | None, bytes | None]:
        """Edit the table message, or post a new one when it has none (with a picture, always).
        Returns the message posted, if one was, and the picture sent, if any."""
        # The cards wear their faces where the bot may show emoji in the table's channel.
        faces = self._emoji.for_channel(self._channels.get_channel(session.channel_id))
        pictured = shown.pictured is not None
        payload = table_message(session, picture=picture, pictured=pictured, ended_by=ended_by,
                                abandoned=abandoned, faces=faces)
        try:
            return await self._send_payload(session, payload, data, picture, faces=faces,
                                            ended_by=ended_by, abandoned=abandoned)
        finally:
            let_go(payload["view"])

    async def _send_payload(self, session: Session, payload: dict[str, Any], data: TableImage,
                            picture: bytes | None, *, faces: Faces, ended_by: str | None,
                            abandoned: bool) -> tuple[discord.Message | None, bytes | None]:
        pictured = self.shown(session).pictured is not None
        channel = self._channels.get_partial_messageable(session.channel_id,
                                                         guild_id=session.guild_id)
        refused = None  # a table Discord would not convert to the V2 layout
        # What the payload shows, read now: the game may move on while it is sent.
        view = session.view()
        round_end = view.round if view.round_over and not (ended_by or abandoned) else None
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
                    if not await self._edit_by_pen(session, payload):
                        await channel.get_partial_message(session.message_id).edit(
                            **as_edit(payload))
                        self._spent_bot_token(session)
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
                    picture = await self._painter.table(data)
                    let_go(payload["view"])
                    payload = table_message(session, picture=picture, pictured=pictured,
                                            ended_by=ended_by, abandoned=abandoned, faces=faces)
                try:
                    posted = await channel.send(**payload)
                    self._spent_bot_token(session)
                except BaseException:
                    if refused is not None or moved is not None:  # still the table, until a
                        session.message_id = refused or moved  # new one is posted
                    raise
                if refused is not None:
                    with contextlib.suppress(discord.HTTPException):
                        await channel.get_partial_message(refused).delete()
                self._revealing(session, posted.id, round_end)
                if moved is not None:
                    self.moves.moved(session, moved, posted.id, refused=answered_30046)
                return posted, picture
        except (discord.NotFound, discord.Forbidden) as exc:
            if exc.code in CHANNEL_GONE:
                raise TableGone(f"{exc.code}: {exc.text}") from exc
            raise
        self._revealing(session, session.message_id, round_end)
        return None, picture

    def _spent_bot_token(self, session: Session) -> None:
        self._pens.spent_bot_token(session)
        metrics.table_edited("bot")

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
            self._painter.table(data, slot=("table", session.game_id)))
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
                self._painter.prepare_hand(
                    session.view(player).hand, colorblind=self._settings.colorblind(
                        int(player)), slot=("hand", session.game_id, player))

    async def abandoned(self, session: Session) -> None:
        await self.show(session, abandoned=True)

    async def post_first(self, interaction: Interaction, session: Session) -> None:
        """The first table of a game, as the answer to the click or command that started it
        (the feed's first merged edit brings the picture)."""
        self.shown(session)  # a new game's: no picture yet
        posted_at = self._clock.now()  # Discord counts the table's age from about now
        try:
            faces = self._emoji.for_interaction(interaction)
            sent = await send(interaction, **table_message(session, faces=faces))
            message = await sent.message()
            if sent.message_id == message.id:  # the table is this answer's @original
                self._pens.posted(session, sent)
        except (discord.HTTPException, Expired) as exc:
            # The game has started whether or not this answer got through: with no message
            # yet, the table is posted in the channel instead.
            log.warning("the first table of game %s was not the answer (%r); posting it",
                        session.game_id, exc)
            return
        await self._table_ids.set_message(session, message.id, posted_at=posted_at)
