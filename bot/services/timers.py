"""Named one-shot timers on the bot's clock: one per key, rescheduling replaces the old one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

from bot.clock import Clock

log = logging.getLogger(__name__)


class Timers:
    """`schedule(key, at, callback)` runs `callback()` once the clock reaches `at`.

    A key has at most one timer, so "the lobby's expiry" or "this game's turn timer" is simply
    rescheduled after each action; a callback that fails is logged, never lost silently.
    """

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}

    def schedule(self, key: Hashable, at: float,
                 callback: Callable[[], Awaitable[None]]) -> None:
        self.cancel(key)
        self._tasks[key] = asyncio.create_task(self._run(key, at, callback), name=f"timer {key}")

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def scheduled(self, key: Hashable) -> bool:
        return key in self._tasks

    def count(self, kind: str) -> int:
        """Timers whose key is a tuple beginning with `kind` (("lobby", channel): open lobbies)."""
        return sum(isinstance(key, tuple) and key[:1] == (kind,) for key in self._tasks)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, key: Hashable, at: float,
                   callback: Callable[[], Awaitable[None]]) -> None:
        await self._clock.sleep(at - self._clock.now())
        if self._tasks.get(key) is asyncio.current_task():
            del self._tasks[key]
        try:
            await callback()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer %s failed", key)
