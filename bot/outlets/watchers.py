"""Watch (issue 18 item 6): anyone in the channel may follow a game in a private, live view.

A watcher gets an ephemeral copy of the public table: whose turn, hand sizes, the log, the
scores; never a card of anyone's hand (it is drawn from the public view, as the table is). Their
view is kept current by editing it through the interaction token of their Watch click, which
works for 15 minutes (then they press Watch again). These edits do not use the bot's token, but
they are the first thing to go when requests are short: only the WATCHERS_PER_GAME latest
watchers of a game are kept live, each at most once every WATCH_EVERY seconds, and none while
the request budget has table edits waiting.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass

from bot.clock import Clock
from bot.render.shown import Shown
from bot.render.table import render_table
from bot.render.text import tr
from bot.services.notices import Notice
from bot.services.session import Session
from bot.ui.answers import TOKEN_LIFETIME, TOKEN_NOT_DONE, Sent
from bot.ui.layout import v2

from .budget import RequestBudget

log = logging.getLogger(__name__)

WATCHERS_PER_GAME = 5
WATCH_EVERY = 2.0  # seconds between two edits of one watcher's view, at least
SPARE = 30.0  # seconds before the token expires that a view stops being edited


@dataclass(slots=True)
class _Watcher:
    sent: Sent
    locale: str
    since: float  # when they pressed Watch (the token's age counts from then)
    edited_at: float = 0.0
    version: int = -1


def watched(session: Session, locale: str) -> Shown:
    """The public table, as a watcher sees it, with a line saying it is live (laid out as the
    table is: bot/ui/layout.py)."""
    shown = render_table(session).shown
    shown.footer = tr(locale, "watch.footer")
    return shown


class Watchers:
    def __init__(self, clock: Clock, budget: RequestBudget) -> None:
        self._clock = clock
        self._budget = budget
        self._games: dict[str, OrderedDict[int, _Watcher]] = {}  # game -> user -> watcher
        self._updating: dict[str, asyncio.Task[None]] = {}

    def add(self, session: Session, user_id: int, sent: Sent, locale: str) -> None:
        """`user_id` watches the game through `sent` (their Watch click's answer)."""
        watchers = self._games.setdefault(session.game_id, OrderedDict())
        watchers.pop(user_id, None)
        now = self._clock.now()
        watchers[user_id] = _Watcher(sent, locale, now, now, session.version)
        while len(watchers) > WATCHERS_PER_GAME:
            watchers.popitem(last=False)  # the oldest watcher's view stops being live

    def count(self, game_id: str) -> int:
        return len(self._games.get(game_id, ()))

    def on_notice(self, notice: Notice) -> None:
        """The game changed (the game manager's notice): bring the watchers' views up to date,
        merged."""
        session = notice.session
        if session.game_id not in self._games or session.game_id in self._updating:
            return
        self._updating[session.game_id] = asyncio.create_task(
            self._update(session), name=f"watchers {session.game_id}")

    async def _update(self, session: Session) -> None:
        try:
            watchers = self._games.get(session.game_id, OrderedDict())
            while watchers:
                now = self._clock.now()
                for user_id, watcher in list(watchers.items()):
                    if now - watcher.since > TOKEN_LIFETIME - SPARE:
                        del watchers[user_id]  # their token is about to expire
                due = [w for w in watchers.values() if w.version != session.version]
                if not due:
                    break
                wait = max(0.0, min(w.edited_at + WATCH_EVERY for w in due) - now)
                if wait or self._budget.backlog:  # the table's edits first
                    await self._clock.sleep(max(wait, 0.5))
                    continue
                for watcher in due:
                    if watcher.edited_at + WATCH_EVERY <= now:
                        await self._edit(session, watcher)
            if session.finished:
                self._games.pop(session.game_id, None)
        finally:
            self._updating.pop(session.game_id, None)

    async def _edit(self, session: Session, watcher: _Watcher) -> None:
        version = session.version
        watcher.edited_at = self._clock.now()
        try:
            await watcher.sent.edit(**v2(watched(session, watcher.locale)))
            watcher.version = version
        except TOKEN_NOT_DONE as exc:  # dismissed, too late or unreachable
            log.debug("a watcher's view of game %s not edited: %r", session.game_id, exc)
            watcher.version = version  # not retried: the next change tries again
