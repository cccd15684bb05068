"""Turn pings where the bot is not a member (issue 30): follow-ups of the table's newest token.

The bot cannot post there with its own token, and a mention added by an edit notifies nobody
(docs/DISCORD-FACTS.md), so the ping of the player the table waits for is a follow-up message
of the newest interaction that reaches the table, while its token lives. An interaction of a
user-installed app may create 5 follow-ups at most: pings take 3 of them, the rest stay for the
interaction's own answers (a hand, a private line). The previous ping is deleted through its
own token when the turn it announced ends, while that token lives; with no live token nobody is
pinged, as the lobby says.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import get_translator
from bot.services.seats import is_ai
from bot.services.session import Session
from bot.ui.answers import Expired, Sent

log = logging.getLogger(__name__)

PINGS_PER_INTERACTION = 3


class TokenPings:
    def __init__(self) -> None:
        self._awaited: dict[str, str | None] = {}  # game -> the player last announced
        self._pings: dict[str, Sent] = {}  # game -> its last ping
        # game -> the interaction its pings go through now, and how many it carried
        self._sent: dict[str, tuple[int, int]] = {}

    def announced(self, session: Session) -> None:
        """The table was just posted, its lead mentioning the player it waits for: a new
        message notifies its mention, so no follow-up pings them again."""
        self._awaited[session.game_id] = session.view().turn

    async def ended(self, session: Session) -> None:
        """The game was ended (`/uno end`): its last ping goes, while its token lives."""
        self._awaited.pop(session.game_id, None)
        self._sent.pop(session.game_id, None)
        previous = self._pings.pop(session.game_id, None)
        if previous is not None:
            try:
                await previous.delete()
            except (Expired, discord.HTTPException) as exc:
                log.debug("ping of game %s not deleted: %r", session.game_id, exc)

    async def shown(self, session: Session, reach: Sent) -> None:
        """The table shows the game now: ping the player it starts waiting for."""
        public = session.view()
        waiting = None if session.finished or public.round_over else public.turn
        if self._awaited.get(session.game_id, "") == waiting:
            return
        self._awaited[session.game_id] = waiting
        previous = self._pings.pop(session.game_id, None)
        if previous is not None:
            try:
                await previous.delete()
            except (Expired, discord.HTTPException) as exc:
                log.debug("ping of game %s not deleted: %r", session.game_id, exc)
        if session.finished:
            self._awaited.pop(session.game_id, None)
            self._sent.pop(session.game_id, None)
            return
        if waiting is None or is_ai(waiting) or waiting in session.stand_ins:
            return
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
        except (Expired, discord.HTTPException) as exc:
            log.info("ping of game %s not sent: %r", session.game_id, exc)
