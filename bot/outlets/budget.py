"""The bot's request budget: Discord allows a bot token 50 requests a second across all of its
processes, and past that answers 429 to everything for a while, the clicks' edits included.

Every request the bot makes with its token (channel messages posted, edited or deleted, DMs,
command sync) passes through `RequestBudget.take` first; interaction answers and follow-ups do
not use the token and are never held. The budget is a token bucket of `rate` a second holding at
most `burst` (pacing: requests go evenly spaced, not in clumps), and a sliding window that lets no
more than `rate` go in any one second, whatever the bucket holds. When requests must wait,
they go out by priority: table and lobby edits first, then pictures redrawn after a pause, then
turn pings, then background work (the card emoji). A game's table edits are merged already (one
in flight per table, the latest state winning), so a busy budget makes each edit carry more moves
rather than queue more edits.

Which priority a request has is said with `priority(...)` around the code that makes it: the
request runs in the same task, and a context variable carries it there. A table edit takes its
turn before its content is built (`turn`), so that what it sends is as fresh as it can be.

A turn granted early may be sent late (its content took long to build, or the event loop was
behind), together with turns granted after it: a second window, of the moments requests are
actually sent, holds each back until it would not be one more than `rate` in any second
(issue 29: the busiest second Discord saw was over 50 while the grants were 45).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import enum
import heapq
import itertools
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar
from typing import Any

from discord.http import HTTPClient, Route

from bot import metrics
from bot.discord_private import Requester, wrap_requests

DEFAULT_RATE = 45.0  # a second: Discord's 50, with room for what it counts that we do not
BURST = 2  # requests that may go at once after a quiet moment


class Priority(enum.IntEnum):
    EDIT = 0  # table and lobby messages, commands, anything not said otherwise
    PICTURE = 1  # a table's picture redrawn after a pause
    PING = 2  # a turn ping and the removal of the previous one
    BACKGROUND = 3  # work no player waits for: the card faces' emoji uploads


_PRIORITY: ContextVar[Priority] = ContextVar("request_priority", default=Priority.EDIT)
_PAID: ContextVar[list[bool] | None] = ContextVar("request_paid", default=None)
_TURN: ContextVar[Priority] = ContextVar("request_turn", default=Priority.EDIT)  # for metrics


@contextlib.contextmanager
def priority(level: Priority) -> Iterator[None]:
    """Requests made inside this block wait with `level` when the budget is spent."""
    token = _PRIORITY.set(level)
    try:
        yield
    finally:
        _PRIORITY.reset(token)


class RequestBudget:
    def __init__(self, rate: float = DEFAULT_RATE, *, burst: int = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("the request budget must be positive")
        self.rate = rate
        self._burst = float(burst)
        self._tokens = float(burst)
        self._clock = clock
        self._updated = clock()
        self._window: collections.deque[float] = collections.deque()  # the last second's
        self._sent: collections.deque[float] = collections.deque()  # ... requests sent
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None
        self.taken = 0

    @property
    def backlog(self) -> int:
        """Requests waiting for their turn now."""
        return sum(not future.done() for _, _, future in self._waiting)

    def pressure(self) -> float:
        """Seconds the requests waiting now need to go out: how far behind the budget is."""
        return self.backlog / self.rate

    async def take(self, level: Priority | None = None) -> None:
        """Wait until a request may go (at once while the budget has room)."""
        level = _PRIORITY.get() if level is None else level
        if not self._waiting and self._wait() == 0:
            self._grant()
            metrics.budget_waited(0.0)
            return
        asked = time.monotonic()
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(level), next(self._order), future))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch(), name="request budget")
        await future
        metrics.budget_waited(time.monotonic() - asked)

    def _wait(self) -> float:
        """Seconds until a request may go (0: now)."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._updated) * self.rate)
        self._updated = now
        window = self._window
        while window and window[0] <= now - 1.0:
            window.popleft()
        wait = 0.0 if self._tokens >= 1 else (1 - self._tokens) / self.rate
        if len(window) >= int(self.rate):
            wait = max(wait, window[0] + 1.0 - now)
        return wait

    def _grant(self) -> None:
        self._tokens -= 1
        self._window.append(self._clock())
        self.taken += 1

    async def _dispatch(self) -> None:
        while self._waiting:
            wait = self._wait()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            _, _, future = heapq.heappop(self._waiting)
            if future.done():  # its request was cancelled while it waited
                continue
            self._grant()
            future.set_result(None)

    @contextlib.asynccontextmanager
    async def turn(self, level: Priority) -> AsyncIterator[None]:
        """Wait for a request's turn now; the first request made inside the block has it."""
        await self.take(level)
        paid = [True]
        token, turn = _PAID.set(paid), _TURN.set(level)
        try:
            yield
        finally:
            _PAID.reset(token)
            _TURN.reset(turn)
            if paid[0]:  # not used: given back
                self._tokens = min(self._burst, self._tokens + 1)
                if self._window:
                    self._window.pop()
                self.taken -= 1

    async def sending(self) -> None:
        """Just before a request goes: wait while `rate` requests went in the last second."""
        sent = self._sent
        while True:
            now = self._clock()
            while sent and sent[0] <= now - 1.0:
                sent.popleft()
            if len(sent) < int(self.rate):
                sent.append(now)
                return
            await asyncio.sleep(sent[0] + 1.0 - now)

    def spend_from(self, http: HTTPClient) -> None:
        """Make every request of the bot's HTTP client (those with its token) take its turn."""
        def budget(request: Requester) -> Requester:
            async def budgeted(route: Route, **kwargs: Any) -> Any:
                paid = _PAID.get()
                if paid is not None and paid[0]:
                    paid[0] = False
                    metrics.bot_request(_TURN.get().name)
                else:
                    await self.take()
                    metrics.bot_request(_PRIORITY.get().name)
                await self.sending()
                return await request(route, **kwargs)

            return budgeted

        wrap_requests(http, budget)

    def close(self) -> None:
        if self._dispatcher is not None:
            self._dispatcher.cancel()
