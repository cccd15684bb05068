"""The fake Discord's clock: real time plus whatever a test has skipped ahead.

Discord measures the 3-second first-response deadline and the 15-minute token life on its own
clock. The fake reads this one, so a slow handler still misses the deadline for real, while a test
can jump 15 minutes ahead without waiting. The bot's own timers may share the same object
(`now()` and `await sleep()`), so lobby expiry and turn timers move with the same jumps.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import Any


class FakeClock:
    """Monotonic seconds that follow real time and can be advanced by a test."""

    def __init__(self, *, start: float = 1_000_000.0, follow_real_time: bool = True) -> None:
        self._start = start
        self._real_origin = time.monotonic()
        self._follow = follow_real_time
        self._skipped = 0.0
        # Set (then replaced) on every advance so sleepers re-check their deadline at once.
        self._advanced = asyncio.Event()

    def now(self) -> float:
        real = time.monotonic() - self._real_origin if self._follow else 0.0
        return self._start + real + self._skipped

    def advance(self, seconds: float) -> None:
        """Jump ahead; every `sleep` that is now due wakes up."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._skipped += seconds
        event, self._advanced = self._advanced, asyncio.Event()
        event.set()

    def sleep(self, seconds: float) -> Coroutine[Any, Any, None]:
        """Sleep on this clock: woken by real time passing or by `advance`. The deadline is
        fixed when the sleep is asked for, not when its task first runs: a test that advances
        the clock in between (`sleep_or_wake` runs it as a task) still wakes it on time."""
        return self._sleep_until(self.now() + seconds)

    async def _sleep_until(self, deadline: float) -> None:
        while (remaining := deadline - self.now()) > 0:
            event = self._advanced
            timeout = remaining if self._follow else None
            try:
                await asyncio.wait_for(event.wait(), timeout)
            except TimeoutError:
                pass
