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
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.clock import Clock
from bot.services.outlets import TableOutlet
from bot.services.session import Session
from bot.ui.answers import Expired, Sent

from .token_pings import TokenPings

log = logging.getLogger(__name__)

# Seconds of a token's life left under which it is not used any more: an edit sent just before
# the end may arrive after it.
TOKEN_MARGIN = 10.0

Redraw = Callable[[], dict[str, Any]]  # the message's fields as they are now


@dataclass
class _Reach:
    sent: Sent  # the answer whose token edits the message
    redraw: Redraw
    shown: int  # the game version the message shows


class TokenTables:
    """Keeps these tables current through the newest interaction token of each."""

    def __init__(self, clock: Clock, *,
                 after_show: Callable[[Session], None] | None = None) -> None:
        """`after_show`: told after each table shown (the open hands follow it through their
        own tokens)."""
        self._clock = clock
        self._reach: dict[str, _Reach] = {}
        self._after_show = after_show
        self.pings = TokenPings()  # where the bot is not a member: pings as follow-ups

    def reached(self, session: Session, sent: Sent, redraw: Redraw, *, shown: int) -> None:
        """`sent` (an answer that showed the game at version `shown`) is the newest way to its
        message: later changes are edited in through its token, redrawn by `redraw`."""
        self._reach[session.game_id] = _Reach(sent, redraw, shown)

    def reachable(self, game_id: str) -> bool:
        reach = self._reach.get(game_id)
        return reach is not None and self._alive(reach)

    def _alive(self, reach: _Reach) -> bool:
        expires = reach.sent.expires_at
        return expires is not None and expires - self._clock.now() > TOKEN_MARGIN

    async def show(self, session: Session) -> float | None:
        """Edit the game's message through its newest live token; without one, leave it to
        the next click. Either way the version counts as handled: retrying cannot help."""
        async with session.showing:
            version = session.version
            reach = self._reach.get(session.game_id)
            if reach is not None and not self._alive(reach):
                del self._reach[session.game_id]
                reach = None
            if reach is not None and reach.shown != version:
                try:
                    await reach.sent.edit(**reach.redraw())
                    reach.shown = version
                except (Expired, discord.HTTPException) as exc:
                    log.info("table %s not edited (%r); the next click shows it",
                             session.game_id, exc)
                    if self._reach.get(session.game_id) is reach:
                        del self._reach[session.game_id]
            session.rendered_version = version
            newest = self._reach.get(session.game_id)
            if newest is not None and not session.solo:
                await self.pings.shown(session, newest.sent)
            if session.finished and newest is not None and newest.shown == session.version:
                # Shown for good. (A newer answer's token, registered meanwhile, stays: the
                # answer may show an older version and land after this edit.)
                del self._reach[session.game_id]
        if self._after_show is not None and not session.solo:
            self._after_show(session)
        return None

    async def abandoned(self, session: Session) -> None:
        """An abandoned solo game's message keeps what it showed (no token lives for a day)."""
        self._reach.pop(session.game_id, None)


class TableRouter:
    """The game manager's one table outlet: a table reached only through tokens goes through
    them, every other game's through the channel publisher."""

    def __init__(self, channel: TableOutlet, tokens: TableOutlet) -> None:
        self._channel = channel
        self._tokens = tokens

    def _for(self, session: Session) -> TableOutlet:
        return self._tokens if session.via_tokens else self._channel

    async def show(self, session: Session) -> float | None:
        return await self._for(session).show(session)

    async def abandoned(self, session: Session) -> None:
        await self._for(session).abandoned(session)
