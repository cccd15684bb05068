"""Counting the requests a bot makes with its bot token, per second and per route.

Discord allows a bot token 50 requests per second in all, across every process of the bot
(docs/DISCORD-FACTS.md, "Rate limits"). Interaction endpoints are exempt: the callback
(`/interactions/{id}/{token}/callback`) and the interaction-token webhooks (follow-ups and their
edits, `/webhooks/{application_id}/{token}...`) are authenticated by the interaction's token, not
the bot's (discord.py sends no bot token on them), and Discord's documentation puts "interaction
endpoints" outside the global limit; they are counted apart, per route, for the record.
Everything else (channel posts, edits, deletes, command sync, login) counts.

The counter does not refuse anything: it records, so a benchmark or a test can say how close a
bot came to the limit and in which seconds it went past it. Seconds are fixed one-second slots
from `start()`; the peak over any sliding one-second window is reported too, since Discord does
not document how it aligns its second.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

GLOBAL_LIMIT = 50  # requests per second per bot token
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


@dataclass(frozen=True)
class RateFigures:
    """What a `RequestCounter` saw between `start()` and the moment it was asked."""

    seconds: float                 # length of the period
    total: int                     # bot-token requests
    per_second: list[int]          # counts of the fixed one-second slots, the last one partial
    peak: int                      # the busiest fixed slot
    sliding_peak: int              # the most requests within any one-second window
    limit: int
    breaches: list[tuple[int, int]]  # (slot index, count) of every slot above the limit
    per_route: Counter[str] = field(default_factory=Counter)   # "PATCH /channels/..." -> count
    exempt: int = 0                # interaction-token requests (not counted against the limit)
    exempt_per_route: Counter[str] = field(default_factory=Counter)

    @property
    def mean(self) -> float:
        return self.total / self.seconds if self.seconds > 0 else 0.0


class RequestCounter:
    """Counts bot-token requests (`count(method, route)` for every request the fake serves)."""

    def __init__(self, limit: int = GLOBAL_LIMIT, *,
                 now: Callable[[], float] = time.monotonic,
                 exempt_prefixes: tuple[str, ...] = EXEMPT_PREFIXES) -> None:
        self.limit = limit
        self._now = now
        self._exempt_prefixes = exempt_prefixes
        self.start()

    def start(self) -> None:
        """Forget what was counted; the first one-second slot begins now."""
        self._started = self._now()
        self._times: list[float] = []
        self._routes: Counter[str] = Counter()
        self._exempt: Counter[str] = Counter()

    def is_exempt(self, route: str) -> bool:
        return route.startswith(self._exempt_prefixes)

    def count(self, method: str, route: str) -> None:
        """Note one request to `route` (the template, e.g. /channels/{channel_id}/messages)."""
        key = f"{method.upper()} {route}"
        if self.is_exempt(route):
            self._exempt[key] += 1
            return
        self._times.append(self._now() - self._started)
        self._routes[key] += 1

    def figures(self) -> RateFigures:
        elapsed = max(self._now() - self._started, 0.0)
        slots = [0] * max(1, int(elapsed) + 1 if elapsed % 1 else int(elapsed))
        for at in self._times:
            slots[min(int(at), len(slots) - 1)] += 1
        return RateFigures(
            seconds=elapsed, total=len(self._times), per_second=slots, peak=max(slots),
            sliding_peak=_sliding_peak(self._times), limit=self.limit,
            breaches=[(i, n) for i, n in enumerate(slots) if n > self.limit],
            per_route=Counter(self._routes), exempt=self._exempt.total(),
            exempt_per_route=Counter(self._exempt))


def _sliding_peak(times: list[float]) -> int:
    """The most of `times` (ascending) within any half-open window [t, t + 1)."""
    best, first = 0, 0
    for last, at in enumerate(times):
        while times[first] <= at - 1.0:
            first += 1
        best = max(best, last - first + 1)
    return best
