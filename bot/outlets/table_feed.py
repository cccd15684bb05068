"""When each game's public table is shown: it follows the game manager's notices
(bot/services/notices.py) with merged edits, one task per game.

A change asks for an edit that waits the refresh delay, so a burst of moves is one edit; an edit
with the bot token also waits for its table's share of the request budget (`edit_wait`, issue
29), so a short budget makes each edit carry more moves; a failed edit is retried with backoff
until the table shows the latest state; a table whose picture is
due later waits for that moment, or for the next change. What is drawn and sent is the
publisher's (bot/outlets/publisher.py); a channel gone for good ends the game through the hub.

What a spectator sees (issue 29). The players follow the game in their own hands (live edits
through their tokens, their moves' notes there); the table is for everyone else: the top card,
colour, direction, each player's card count, whom it waits for, and the last LOG_LINES events
(bot/render/table.py), its picture redrawn at meaningful moments. While a click's token reaches
the table (the Start answer's for its first 15 minutes, then any UNO!, Catch!, decision or Next
round answered on it) every change is shown within the refresh delay, at no cost to the bot
token. Without one, the bot token's table edits share half the request budget: at 300 such
tables each is edited about every 13 s (300 / 22.5 a second), and that edit shows the state
then and the events it missed (two or three moves at a 5 s pace, within the log's lines).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, Protocol

from bot import metrics
from bot.clock import Clock, sleep_or_wake
from bot.interactions import Interaction
from bot.services.games import backoff
from bot.services.notices import Change, Notice
from bot.services.outlets import TableGone
from bot.services.session import Session

log = logging.getLogger(__name__)

REFRESH_DELAY = 0.25  # seconds a table edit waits, so a burst of actions is one edit
TABLE_EDITS_AT_ONCE = 16  # table edits in flight at once (the request budget paces them)
FINAL_TABLE_TRIES = 10  # an ended game's last table is tried this often (about 20 minutes)


class Tables(Protocol):
    """The publisher, as the feed uses it."""

    async def show(self, session: Session, *, abandoned: bool = False) -> float | None: ...

    def current(self, session: Session) -> bool: ...

    def edit_wait(self, session: Session) -> float: ...

    def shown_again(self, session: Session) -> None: ...

    async def answer(self, interaction: Interaction, session: Session) -> int | None: ...

    async def post_first(self, interaction: Interaction, session: Session) -> None: ...


class Ending(Protocol):
    """The hub, as far as a table lost for good concerns it."""

    async def lost(self, session: Session) -> None: ...


class TableFeed:
    def __init__(self, tables: Tables, hub: Ending, clock: Clock, *,
                 refresh_delay: float = REFRESH_DELAY) -> None:
        """`refresh_delay`: how long a table edit waits for more changes to merge with (real
        seconds)."""
        self._tables = tables
        self._hub = hub
        self._clock = clock
        self._refresh_delay = refresh_delay
        self._running: dict[str, Session] = {}  # the games whose notices say they go on
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}  # set by `refresh` for a waiting table task
        self._idle: dict[str, bool] = {}  # tables whose task waits only for a picture's time
        self._edits = asyncio.Semaphore(TABLE_EDITS_AT_ONCE)
        self._again: set[asyncio.Task[None]] = set()  # see `_show_again`

    def on_notice(self, notice: Notice) -> None:
        session = notice.session
        if not notice.change.over:
            self._running[session.game_id] = session
        else:
            self._running.pop(session.game_id, None)
        if notice.change is Change.STARTED:
            return  # the first table is the starter's answer (`post_first`), or its refresh
        if notice.change in (Change.ENDED, Change.ABANDONED):
            self._stop(session.game_id)  # what an ended game's table says is shown once
            if notice.change is Change.ABANDONED:
                self._spawn(self._abandoned(session), f"table abandoned {session.game_id}")
            return
        if notice.change is Change.SEATS:
            self._show_again(session)
            return
        self.refresh(session)

    async def answer(self, interaction: Interaction, session: Session) -> int | None:
        """A click on the table: the publisher answers it with the table (returned: the
        version it shows, None when the click was only acknowledged), then the table catches
        up (its picture, a move made meanwhile), whether or not the answer got through."""
        try:
            return await self._tables.answer(interaction, session)
        finally:
            self.refresh(session)

    async def post_first(self, interaction: Interaction, session: Session) -> None:
        """A new game's first table, as the answer to what started it; the first merged edit
        brings its picture (or posts it, if the answer did not get through)."""
        try:
            await self._tables.post_first(interaction, session)
        finally:
            self.refresh(session)

    def refresh(self, session: Session) -> None:
        """Ask for a table edit; requests within the refresh delay become one edit, and a
        failed edit is retried with backoff until the table shows the latest state."""
        task = self._refreshing.get(session.game_id)
        if task is not None:
            self._wake[session.game_id].set()  # it may be waiting for the picture's turn
            return
        self._wake[session.game_id] = asyncio.Event()
        self._refreshing[session.game_id] = asyncio.create_task(
            self._refresh_later(session), name=f"table {session.game_id}")

    def edits_pending(self, game_id: str | None = None, *, pictures: bool = False) -> bool:
        """Whether a table edit (of `game_id`, or of any game) is waiting or under way (tests
        wait for none; a picture merely waiting for its time counts only with `pictures`)."""
        return bool(self._again) or any((pictures or not self._idle.get(game))
                                        for game in self._refreshing
                                        if game_id is None or game == game_id)

    async def close(self) -> None:
        for task in [*self._refreshing.values(), *self._again]:
            task.cancel()
        await asyncio.gather(*self._refreshing.values(), *self._again, return_exceptions=True)
        self._refreshing.clear()

    def _stop(self, game_id: str) -> None:
        task = self._refreshing.pop(game_id, None)
        self._wake.pop(game_id, None)
        if task is not None:
            task.cancel()

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._again.add(task)
        task.add_done_callback(self._again.discard)

    async def _abandoned(self, session: Session) -> None:
        try:
            await self._tables.show(session, abandoned=True)
        except Exception as exc:  # the game is ended whether or not its table says so
            log.warning("the table of abandoned game %s was not updated: %s",
                        session.game_id, exc)

    def _show_again(self, session: Session) -> None:
        """Show the table anew although the game's version is the same (a seat changed hands):
        after an edit already under way, which may have drawn the table before the change."""
        running = self._refreshing.get(session.game_id)

        async def again() -> None:
            # An edit under way is let land first; a task that only waits for its picture's
            # moment is not (it is woken by `refresh` instead).
            while (running is not None and not running.done()
                   and not self._idle.get(session.game_id)):
                await asyncio.sleep(0.01)
            self._tables.shown_again(session)
            self.refresh(session)

        self._spawn(again(), f"table again {session.game_id}")

    async def _refresh_later(self, session: Session) -> None:
        failures = 0
        game_id = session.game_id
        wake = self._wake[game_id]
        try:
            await asyncio.sleep(self._refresh_delay)
            while True:
                wake.clear()
                wait = self._tables.edit_wait(session)
                if wait > 0:  # the bot token's share for this table: what changes meanwhile
                    await self._clock.sleep(wait)  # is shown by the same edit (issue 29)
                    continue
                try:
                    behind, acted = not self._tables.current(session), session.last_action_at
                    async with self._edits:
                        picture_due = await self._tables.show(session)  # marks what it showed
                    if behind:  # this edit showed a move: its lag (bot/metrics.py)
                        metrics.table_shown(self._clock.now() - acted)
                    failures = 0
                except TableGone:
                    await self._lost(session)
                    return
                except Exception as exc:
                    failures += 1
                    if failures > FINAL_TABLE_TRIES and self._running.get(
                            session.game_id) is not session:
                        log.warning("the last table of ended game %s was not shown: %s",
                                    session.game_id, exc)
                        return  # a game that has ended is not retried forever
                    delay = backoff(failures)
                    log.warning("the table of game %s could not be updated (%s); retrying in "
                                "%.0f s", session.game_id, exc, delay)
                    await self._clock.sleep(delay)
                    continue
                if not self._tables.current(session):
                    await asyncio.sleep(self._refresh_delay)  # changes made meanwhile merge
                    continue
                if picture_due is None or self._running.get(game_id) is not session:
                    return
                # The text is current; the picture waits for its moment, or for a new change.
                self._idle[game_id] = True
                try:
                    await sleep_or_wake(self._clock, wake, picture_due)
                finally:
                    self._idle.pop(game_id, None)
                if wake.is_set():
                    await asyncio.sleep(self._refresh_delay)
        finally:
            if self._refreshing.get(game_id) is asyncio.current_task():
                del self._refreshing[game_id]
                self._wake.pop(game_id, None)

    async def _lost(self, session: Session) -> None:
        """The table's channel is gone for good: the hub ends the game (its notice finds this
        very task gone from the list, so it is not cancelled)."""
        self._refreshing.pop(session.game_id, None)
        self._wake.pop(session.game_id, None)
        try:
            await self._hub.lost(session)
        except Exception:  # the database failed: the game is ended at the next start instead
            log.exception("game %s could not be ended", session.game_id)
