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


async def sleep_or_wake(clock: Clock, wake: asyncio.Event, seconds: float) -> None:
    """Sleep `seconds` on `clock`, or until `wake` is set (a waiting task told to look again)."""
    woken = asyncio.ensure_future(wake.wait())
    slept = asyncio.ensure_future(clock.sleep(seconds))
    try:
        await asyncio.wait((woken, slept), return_when=asyncio.FIRST_COMPLETED)
    finally:
        woken.cancel()
        slept.cancel()


class SystemClock:
    """Real time: `time.time()` and `asyncio.sleep`."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))
