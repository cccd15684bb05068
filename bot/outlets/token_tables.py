"""Tables reached through interaction tokens only (issue 30): a solo game's message (in the
bot's DM, or answered privately in a server channel), and the public table of a game where the
bot is not a member (a group DM, a server reached through a user's install).

The bot's own token is not relied on there (docs/DISCORD-FACTS.md, "Playing anywhere"): the
message is the answer to `/uno solo` or to a click on it, and each such interaction's token may
edit it for 15 minutes (a click's `@original` is the clicked message). This outlet keeps, per
game, the newest token that reaches its message, and edits the message through it when the
game moves on (an AI player's move). With no live token (after a restart, or a quarter of an
hour without a click) it shows nothing: the next click on the message answers with the game as
it is then, so nothing is lost. Interaction edits are exempt from the global rate limit, so
these edits do not wait for the request budget.

The message shows the pictures a server's table (and hand) shows: attachments of interaction
responses and webhook edits (docs/DISCORD-FACTS.md). An answer to a click keeps the pictures
the clicked message has (it has 3 seconds); the token's next edit, which has no deadline,
attaches the pictures of the game as it is then when they are not the ones the message has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.clock import Clock
from bot.interactions import Interaction
from bot.render.faces import Faces
from bot.render.painter import PaintersBusy, Superseded
from bot.render.pictures import TABLE_FILE, Picture
from bot.services.session import Session
from bot.services.settings import SettingsService
from bot.services.timers import Timers
from bot.ui.answers import Expired, Sent, update

from .emoji import CardEmoji
from .publisher import TablePublisher, table_message
from .token_pings import TokenPings

log = logging.getLogger(__name__)

# Seconds of a token's life left under which it is not used any more: an edit sent just before
# the end may arrive after it.
TOKEN_MARGIN = 10.0

# The message's fields as they are now, showing the pictures at these urls.
Redraw = Callable[[Sequence[str]], dict[str, Any]]
Pictures = Callable[[], list[Picture]]  # the pictures the message shows as the game is now


def has_file(message: discord.Message | None, filename: str) -> bool:
    """Whether `message` has an attachment of this name (an answer may show it again)."""
    return message is not None and any(a.filename == filename for a in message.attachments)


@dataclass
class _Reach:
    sent: Sent  # the answer whose token edits the message
    redraw: Redraw
    shown: int  # the game version the message shows
    pictures: Pictures


@dataclass(eq=False)
class _Handled:
    """What this outlet knows of one game's message: the version it last handled, and the
    lock of its edits (two never cross)."""

    version: int = -1
    showing: asyncio.Lock = field(default_factory=asyncio.Lock)


class TokenTables:
    """Keeps these tables current through the newest interaction token of each. The open hands
    and watchers follow the game manager's notices, as they do for a channel's table."""

    def __init__(self, clock: Clock, emoji: CardEmoji, settings: SettingsService,
                 timers: Timers) -> None:
        self._clock = clock
        self._emoji = emoji
        # game -> the message whose pictures are known, and what they show
        self._pictured: dict[str, tuple[int, tuple[object, ...]]] = {}
        self._reach: dict[str, _Reach] = {}
        self._handled: weakref.WeakKeyDictionary[Session, _Handled] = (
            weakref.WeakKeyDictionary())
        # Where the bot is not a member: pings as follow-ups of the newest live token.
        self.pings = TokenPings(settings, timers, self.newest)

    def _state(self, session: Session) -> _Handled:
        state = self._handled.get(session)
        if state is None:
            state = self._handled[session] = _Handled()
        return state

    def current(self, session: Session) -> bool:
        return self._state(session).version == session.version

    def shown_again(self, session: Session) -> None:
        self._state(session).version = -1

    def reached(self, session: Session, sent: Sent, redraw: Redraw, *, shown: int,
                pictures: Pictures) -> None:
        """`sent` (an answer that showed the game at version `shown`) is the newest way to its
        message: later changes are edited in through its token, redrawn by `redraw` with
        `pictures`."""
        self._reach[session.game_id] = _Reach(sent, redraw, shown, pictures)

    def _pictures_current(self, game_id: str, reach: _Reach) -> bool:
        known = self._pictured.get(game_id)
        message = reach.sent.message_id
        return (known is not None and message is not None and known[0] == message
                and known[1] == tuple(p.shows for p in reach.pictures()))

    async def _edit(self, game_id: str, reach: _Reach) -> None:
        """Edit the message through the reach's token, with the game's pictures attached when
        they are not the ones it has (drawn now: an edit through a token has no deadline)."""
        pictures = reach.pictures()
        fields: dict[str, Any] = {}
        current = self._pictures_current(game_id, reach)
        if not current:
            with contextlib.suppress(PaintersBusy, Superseded):  # then the next edit tries
                fields["attachments"] = [await picture.file() for picture in pictures]
        message = reach.sent.message_id
        known_message = self._pictured.get(game_id, (None,))[0]
        had = message is not None and known_message == message  # outdated pictures, kept
        known = current or had or "attachments" in fields
        await reach.sent.edit(**reach.redraw([p.url for p in pictures] if known else []),
                              **fields)
        if "attachments" in fields and message is not None:
            self._pictured[game_id] = (message, tuple(p.shows for p in pictures))

    async def ended(self, session: Session, *, ended_by: str, faces: Faces) -> bool:
        """An ended game's last table (`/uno end` where the bot is not a member), edited
        through the newest live token: the table says who ended it, without buttons. Without
        one it is left to the next click, which takes the buttons off a gone game's table.
        Returns whether the table was edited."""
        reach = self._reach.pop(session.game_id, None)
        pictured = self._pictured.pop(session.game_id, None)
        if reach is None or not self._alive(reach):
            return False
        message = reach.sent.message_id
        payload = table_message(session, ended_by=ended_by, faces=faces, pictured=(
            pictured is not None and message is not None and pictured[0] == message))
        payload.pop("allowed_mentions")
        async with self._state(session).showing:
            try:
                await reach.sent.edit(**payload)
            except (Expired, discord.HTTPException) as exc:
                log.info("ended table %s not edited (%r)", session.game_id, exc)
                return False
        await self.pings.ended(session)
        return True

    async def answer(self, interaction: Interaction, session: Session) -> int:
        """A click on the public table: the answer is the table as it is now, with the picture
        the clicked message has (the token's next edit brings a newer one)."""
        version = session.version
        payload = table_message(session, pictured=has_file(interaction.message, TABLE_FILE),
                                faces=self._emoji.for_interaction(interaction))
        payload.pop("allowed_mentions")
        await update(interaction, **payload)
        return version

    def newest(self, game_id: str) -> Sent | None:
        """The newest answer whose token still reaches the game's message, if any."""
        reach = self._reach.get(game_id)
        return reach.sent if reach is not None and self._alive(reach) else None

    def reachable(self, game_id: str) -> bool:
        reach = self._reach.get(game_id)
        return reach is not None and self._alive(reach)

    def _alive(self, reach: _Reach) -> bool:
        expires = reach.sent.expires_at
        return expires is not None and expires - self._clock.now() > TOKEN_MARGIN

    async def show(self, session: Session, *, abandoned: bool = False) -> float | None:
        """Edit the game's message through its newest live token; without one, leave it to
        the next click. Either way the version counts as handled: retrying cannot help. An
        abandoned game's message keeps what it showed (no token lives for a day)."""
        if abandoned:
            self._reach.pop(session.game_id, None)
            self._pictured.pop(session.game_id, None)
            return None
        state = self._state(session)
        async with state.showing:
            version = session.version
            reach = self._reach.get(session.game_id)
            if reach is not None and not self._alive(reach):
                del self._reach[session.game_id]
                reach = None
            if reach is not None and (reach.shown != version
                                      or not self._pictures_current(session.game_id, reach)):
                try:
                    await self._edit(session.game_id, reach)
                    reach.shown = version
                except (Expired, discord.HTTPException) as exc:
                    log.info("table %s not edited (%r); the next click shows it",
                             session.game_id, exc)
                    if self._reach.get(session.game_id) is reach:
                        del self._reach[session.game_id]
            state.version = version
            newest = self._reach.get(session.game_id)
            if newest is not None and not session.solo:
                await self.pings.shown(session, newest.sent)
            if session.finished and newest is not None and newest.shown == session.version:
                # Shown for good. (A newer answer's token, registered meanwhile, stays: the
                # answer may show an older version and land after this edit.)
                del self._reach[session.game_id]
                self._pictured.pop(session.game_id, None)
        return None


class TableRouter:
    """The table feed's one table writer: a table reached only through tokens goes through
    them, every other game's through the channel publisher (which also answers a click on a
    table with the table, wherever it is)."""

    def __init__(self, channel: TablePublisher, tokens: TokenTables) -> None:
        self._channel = channel
        self._tokens = tokens

    def _for(self, session: Session) -> TablePublisher | TokenTables:
        return self._tokens if session.via_tokens else self._channel

    async def show(self, session: Session, *, abandoned: bool = False) -> float | None:
        return await self._for(session).show(session, abandoned=abandoned)

    def current(self, session: Session) -> bool:
        return self._for(session).current(session)

    def edit_wait(self, session: Session) -> float:
        """Tokens' edits are exempt from the bot token's limit: only a channel's table waits."""
        return 0.0 if session.via_tokens else self._channel.edit_wait(session)

    def shown_again(self, session: Session) -> None:
        self._for(session).shown_again(session)

    async def answer(self, interaction: Interaction, session: Session) -> int | None:
        if session.via_tokens:
            return await self._tokens.answer(interaction, session)
        return await self._channel.answer(interaction, session)

    async def post_first(self, interaction: Interaction, session: Session) -> None:
        await self._channel.post_first(interaction, session)
