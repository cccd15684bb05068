"""Short full passes of the garbage collector while the bot runs (issue 29).

The bot freezes what it loaded at start (`gc.freeze()` in `UnoBot.setup_hook`), but the games,
players and messages that arrive later are long-lived too, and every full pass walks all of them
again: measured in `benchmarks/bot_load.py --games 100 --pace 5`, three full passes in 30 s,
up to 311 ms each, the event loop stopped meanwhile (every click waiting then answers that much
later) and a fifth of the event loop's CPU in the collector.

So what survives a full pass is frozen after it: the next full pass walks only what came since
(in the same benchmark: full passes of 49 ms at most). A frozen object freed by its reference
count is freed as always; only a reference cycle among frozen objects that becomes garbage waits,
so every `renew_every` seconds the survivors are thawed instead, and the next full pass walks
everything once and finds those cycles: one long pass per renewal, not several a minute.

While installed, the youngest generation is also collected after YOUNG_PASS new objects rather
than CPython's 700: most of a move's objects (requests, payloads, views let go) are freed by their
reference counts well before that, so a young pass walks fewer of them and promotes fewer to the
older generations, whose passes come ten times less often. Measured with `bot_load.py --games
100 --pace 5 --duration 40`, two runs interleaved: the collector's time 99 and 152 ms against 281
and 256 ms, about 0.2 ms a move.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

RENEW_EVERY = 600.0  # seconds between full passes that walk every object (frees old cycles)
YOUNG_PASS = 10_000  # new objects between two passes of the youngest generation (CPython: 700)
OLDEST = len(gc.get_threshold()) - 1  # the generation a full pass collects (2 in CPython)


class FrozenSurvivors:
    """Freezes the survivors of each full pass (installed while the bot runs)."""

    def __init__(self, *, renew_every: float = RENEW_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._renew_every = renew_every
        self._clock = clock
        self._renewed_at = clock()
        self.freezes = 0
        self.renewals = 0
        self._thresholds: tuple[int, ...] | None = None  # the collector's before `install`

    def install(self) -> None:
        if self._on_gc not in gc.callbacks:
            self._renewed_at = self._clock()
            gc.callbacks.append(self._on_gc)
            self._thresholds = gc.get_threshold()
            gc.set_threshold(YOUNG_PASS, *self._thresholds[1:])

    def uninstall(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        # Called by the collector itself, in whichever thread triggered the pass, once the pass
        # is over ("stop"): the generations' lists are whole again, and freezing or thawing
        # only moves them to or from the permanent generation.
        if phase != "stop" or info["generation"] != OLDEST:
            return
        now = self._clock()
        if now - self._renewed_at >= self._renew_every:
            self._renewed_at = now
            self.renewals += 1
            gc.unfreeze()  # the next full pass walks everything once, old cycles included
        else:
            self.freezes += 1
            gc.freeze()
