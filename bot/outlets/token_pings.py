"""Turn pings where the bot is not a member (issue 30): follow-ups of the table's newest token.

The bot cannot post there with its own token, and a mention added by an edit notifies nobody
(docs/DISCORD-FACTS.md), so the ping of the player the table waits for is a follow-up message of
the newest interaction that reaches the table, while its token lives. An interaction of a user-
installed app may create 5 follow-ups at most: pings take 3 of them, the rest stay for the
interaction's own answers (a hand, a private line). The previous ping is deleted through its own
token when the turn it announced ends, while that token lives; with no live token nobody is
pinged, as the lobby says.

When: as a channel's ping, by the server's `/uno settings turn_ping` (at once, after N seconds
of waiting counted from the game's last move, or never), through the newest token that lives
when it is due. A move that leaves the same player awaited (their draw keeps the turn) starts
the count again while their ping is not sent yet; "at once" pings only a player newly awaited. A
group DM has no server and nobody may set it there (no Manage Server in a group DM): its pings
go at once, as they always did.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.i18n import get_translator
from bot.services.seats import is_ai
from bot.services.session import Session
from bot.services.settings import SettingsService
from bot.services.timers import Timers
from bot.ui.answers import TOKEN_NOT_DONE, Sent

from .pings import ALWAYS, ping_delay

log = logging.getLogger(__name__)

PINGS_PER_INTERACTION = 3


Newest = Callable[[str], Sent | None]  # the newest live answer that reaches a game's table


class TokenPings:
    def __init__(self, settings: SettingsService, timers: Timers, newest: Newest) -> None:
        self._settings = settings
        self._timers = timers
        self._newest = newest
        self._awaited: dict[str, str | None] = {}  # game -> the player last announced
        self._due: dict[str, int] = {}  # game -> the version its pending ping announces
        self._pings: dict[str, Sent] = {}  # game -> its last ping
        # game -> the interaction its pings go through now, and how many it carried
        self._sent: dict[str, tuple[int, int]] = {}

    def announced(self, session: Session) -> None:
        """The table was just posted, its lead mentioning the player it waits for: a new
        message notifies its mention, so no follow-up pings them again."""
        self._awaited[session.game_id] = session.view().turn

    async def _drop_ping(self, game_id: str) -> None:
        """The game's last ping goes, while its token lives (an expired one keeps it)."""
        previous = self._pings.pop(game_id, None)
        if previous is not None:
            try:
                await previous.delete()
            except TOKEN_NOT_DONE as exc:
                log.debug("ping of game %s not deleted: %r", game_id, exc)

    async def ended(self, session: Session) -> None:
        """The game was ended (`/uno end`): its last ping goes, while its token lives."""
        self._timers.cancel(_key(session.game_id))
        self._due.pop(session.game_id, None)
        self._awaited.pop(session.game_id, None)
        self._sent.pop(session.game_id, None)
        await self._drop_ping(session.game_id)

    async def shown(self, session: Session, reach: Sent) -> None:
        """The table shows the game now: ping the player it starts waiting for."""
        public = session.view()
        waiting = None if session.finished or public.round_over else public.turn
        if self._awaited.get(session.game_id, "") == waiting:
            self._still_awaited(session, waiting)
            return
        self._awaited[session.game_id] = waiting
        self._timers.cancel(_key(session.game_id))
        self._due.pop(session.game_id, None)
        await self._drop_ping(session.game_id)
        if session.finished:
            self._awaited.pop(session.game_id, None)
            self._sent.pop(session.game_id, None)
            return
        if waiting is None or not self._pinged_here(session, waiting):
            return
        delay = self._delay(session)
        if delay is None:
            return
        if delay <= 0:
            await self._ping(session, waiting, reach)
            return
        self._arm(session, waiting, delay)

    def _pinged_here(self, session: Session, waiting: str) -> bool:
        """Whether `waiting` is someone pings are for (a person, not an AI or its stand-in)."""
        return not (is_ai(waiting) or waiting in session.stand_ins)

    def _still_awaited(self, session: Session, waiting: str | None) -> None:
        """A move left the same player awaited (a drawn card keeps the turn): their wait counts
        from this move, so a ping not sent yet is due N seconds after it (the game's start
        announced them in the table's first post, with no ping pending). At once, or once
        pinged for this turn, nothing more: they know."""
        known = self._due.get(session.game_id)
        if (waiting is None or known == session.version or session.game_id in self._pings
                or not self._pinged_here(session, waiting)):
            return
        delay = self._delay(session)
        if delay is None or delay <= 0:
            return
        self._arm(session, waiting, delay)

    def _arm(self, session: Session, waiting: str, delay: float) -> None:
        """`waiting`'s ping, due `delay` seconds after the game's last move."""
        self._timers.cancel(_key(session.game_id))
        version = self._due[session.game_id] = session.version

        async def due() -> None:
            if (self._awaited.get(session.game_id) != waiting
                    or self._due.get(session.game_id) != version):
                return  # they moved (or the game did) before their ping was due
            del self._due[session.game_id]
            newest = self._newest(session.game_id)
            if newest is not None:  # with no live token nobody is pinged, as the lobby says
                await self._ping(session, waiting, newest)

        # Counted from the game's last move, as a channel's ping is.
        self._timers.schedule(_key(session.game_id), session.last_action_at + delay, due)

    def _delay(self, session: Session) -> float | None:
        """The server's `turn_ping` setting; a group DM (no server) pings at once."""
        if not session.guild_id:
            return ping_delay(ALWAYS)
        return ping_delay(self._settings.guild(session.guild_id).turn_ping)

    async def _ping(self, session: Session, waiting: str, reach: Sent) -> None:
        through, used = self._sent.get(session.game_id, (reach.interaction_id, 0))
        if through != reach.interaction_id:
            used = 0  # a newer interaction: its own follow-ups
        if used >= PINGS_PER_INTERACTION:
            return
        text = get_translator().translate(session.locale, "table.your_move",
                                          mention=f"<@{waiting}>")
        try:
            self._pings[session.game_id] = await reach.follow_up(
                content=text,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(waiting))]))
            self._sent[session.game_id] = (reach.interaction_id, used + 1)
        except TOKEN_NOT_DONE as exc:  # this ping is not sent; the next turn's may be
            log.info("ping of game %s not sent: %r", session.game_id, exc)


def _key(game_id: str) -> tuple[str, str]:
    return ("token ping", game_id)
