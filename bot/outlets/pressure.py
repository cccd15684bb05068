"""How busy the bot's event loop is, so that what is not urgent waits when it is saturated.

At 600 games on one core the event loop is never idle (issue 29): every click's answer and every
turn notice queues behind the background edits. The edit of an open hand that only shows what
changed at the table (a new top card, another player's turn), while nothing in it is for its
owner to do, is the one that can wait: their own turn edits it at once anyway, a few seconds
later. `LoopPressure` is the bot's one probe of its event loop: it measures how late a short
sleep wakes (each wake-up goes to `/metrics` too, bot/metrics.py), smoothed over about a
second, and says when the loop is busy (with a gap between the two levels, so it does not
flicker). Each probe counts for at most LATE_CAP: one long stall (a big table, a full
collection) is not pressure; sleepers waking late probe after probe are.

Measured with `benchmarks/bot_load.py --pace 5 --duration 40`, runs interleaved: at 600 games
3.31 and 2.89 webhook edits a move against 3.34-3.56 without it (and with the lighter edits of
the same day, first-response p99 224 [193-256] ms against 341 [307-372], turn notices 279
against 388 ms); at 100 and 300 games it does not engage (3.72 and 3.76 edits a move, as
before).
"""

from __future__ import annotations

import asyncio
import contextlib

from bot import metrics

PROBE_EVERY = 0.1  # seconds between two probes
SMOOTHING = 0.1  # weight of the newest probe: about the last second counts
BUSY_FROM = 0.008  # seconds of smoothed lateness from which the loop is busy
CALM_BELOW = 0.003  # ... and below which it is not any more
LATE_CAP = 2 * BUSY_FROM  # the most one probe counts for


class LoopPressure:
    """`busy`: whether the event loop has been waking sleepers late for about a second."""

    def __init__(self) -> None:
        self.busy = False
        self.late = 0.0  # smoothed seconds a probe woke late
        self._probe: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._probe is None:
            self._probe = asyncio.create_task(self._watch(), name="loop pressure")

    def observe(self, late: float) -> None:
        self.late += SMOOTHING * (min(late, LATE_CAP) - self.late)
        if self.late >= BUSY_FROM:
            self.busy = True
        elif self.late < CALM_BELOW:
            self.busy = False

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            started = loop.time()
            await asyncio.sleep(PROBE_EVERY)
            late = max(0.0, loop.time() - started - PROBE_EVERY)
            metrics.loop_late(late)
            self.observe(late)

    async def close(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._probe
            self._probe = None
