"""The bot's clock: wall-clock seconds and a sleep, injectable so tests can move time.

Timers (lobby expiry, the turn timer, abandoned games) store their deadlines as timestamps of
this clock, so they survive a restart; tests pass the fake Discord's clock, which can jump ahead.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """Real time: `time.time()` and `asyncio.sleep`."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))
