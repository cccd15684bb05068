"""Tables older than an hour move (issue 36).

Discord lets a message older than an hour be edited only 3 times per 6 seconds per channel, and
answers 30046 past that (docs/DISCORD-FACTS.md, "Old messages"), while a match often lasts more
than an hour and its table is edited at every move. Rather than pace an old table's edits to
that limit (a move every 2 seconds at best, and every click's own answer counted too), the
table is posted anew as it nears an hour (MOVE_AFTER): the publisher's next showing posts it
below, and the old message keeps one line pointing to the new one, with no buttons. So a
running table is never old, a move costs one post and one edit an hour, and that one edit of
the old table is made while it is still younger than an hour (or, after a 30046, once the
channel's 6 seconds have passed). An idle table is not moved by a timer (an abandoned game
would post a table an hour); it moves at its next showing. An ended game's last edit is made
in place: one edit, within the limit.

If Discord answers 30046 anyway (its clock and the bot's disagree), the edit becomes a move at
once (the publisher), and a click whose answer was refused is acknowledged without one and
the table moves (cogs/play.py): nothing is lost and no error is shown.

The table's message id changes: `GameManager.set_message` saves it at once (the posting time
goes with the game's next save; until then a reload takes an earlier time, `Session`'s
`_posted_at`). What follows the id reads `Session.message_id` (the table buttons' check in
cogs/play.py, the busy channel's link in cogs/lobby.py); hands, watchers and pings live in
messages of their own and name no table. A click on the old table before its buttons go is
answered like any stale control.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.clock import Clock
from bot.i18n import get_translator
from bot.services.games import backoff
from bot.services.session import Session
from bot.ui.answers import NOT_DONE
from bot.ui.layout import notice

from .budget import Priority, priority
from .reach import Channels

log = logging.getLogger(__name__)

MOVE_AFTER = 55 * 60.0  # seconds: a table this old is posted anew at its next showing
OLD_MESSAGE_EDITS = 30046  # Discord: maximum number of edits to messages older than 1 hour
OLD_EDIT_WINDOW = 6.0  # seconds over which Discord counts the 3 edits of old messages
POINTER_TRIES = 6  # the old table's pointer is tried this often (about a minute)


def due(session: Session, now: float) -> bool:
    """Whether the table should move rather than be edited: it is near an hour old (or its
    posting time is not known)."""
    return session.message_id is not None and now - session.table_posted_at >= MOVE_AFTER


def too_old(error: discord.HTTPException) -> bool:
    """Whether Discord refused an edit because the message is older than an hour and its
    channel has had its 3 such edits in 6 seconds."""
    return error.code == OLD_MESSAGE_EDITS


def table_link(session: Session, message_id: int) -> str:
    return f"https://discord.com/channels/{session.guild_id}/{session.channel_id}/{message_id}"


class TableMoves:
    """Leaves the pointer on a table that moved: the one edit of the old message."""

    def __init__(self, channels: Channels, clock: Clock) -> None:
        self._channels = channels
        self._clock = clock
        self._pointing: set[asyncio.Task[None]] = set()
        self._refused: set[str] = set()  # games whose table Discord has just found old

    def due(self, session: Session) -> bool:
        return due(session, self._clock.now())

    def found_old(self, session: Session) -> None:
        """Discord refused an edit of the table as one of a message over an hour old (its clock
        and the bot's disagree): the table's next showing moves it, and its pointer waits for
        the channel's window."""
        session.table_posted_at = 0.0
        self._refused.add(session.game_id)

    def moved(self, session: Session, old_id: int, new_id: int, *, refused: bool) -> None:
        """The table moved from `old_id` to `new_id`: the old message points to the new one
        (in the background: the new table is what players wait for). `refused`: Discord has just
        answered 30046 in this channel, so the pointer waits for its window to pass."""
        if session.game_id in self._refused:
            self._refused.discard(session.game_id)
            refused = True
        task = asyncio.create_task(self._point(session, old_id, new_id, refused=refused),
                                   name=f"table pointer {session.game_id}")
        self._pointing.add(task)
        task.add_done_callback(self._pointing.discard)

    async def _point(self, session: Session, old_id: int, new_id: int, *, refused: bool) -> None:
        text = get_translator().translate(session.locale, "table.moved",
                                          link=table_link(session, new_id))
        message = self._channels.get_partial_messageable(
            session.channel_id, guild_id=session.guild_id).get_partial_message(old_id)
        wait = OLD_EDIT_WINDOW if refused else 0.0
        for tries in range(1, POINTER_TRIES + 1):
            if wait:
                await self._clock.sleep(wait)
            if self._channels.is_closed():
                return
            try:
                with priority(Priority.EDIT):
                    await message.edit(**notice(text), attachments=[])
                return
            except discord.NotFound:
                return  # deleted meanwhile: nothing left to point from
            except NOT_DONE as exc:  # refused or unreachable: tried again either way
                log.info("the old table %s of game %s does not point below yet (%r)", old_id,
                         session.game_id, exc)
                old = isinstance(exc, discord.HTTPException) and too_old(exc)
                wait = max(OLD_EDIT_WINDOW, backoff(tries)) if old else backoff(tries)
        log.warning("the old table %s of game %s kept its buttons", old_id, session.game_id)

    async def close(self) -> None:
        for task in self._pointing:
            task.cancel()
        await asyncio.gather(*self._pointing, return_exceptions=True)
