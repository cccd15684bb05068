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
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

RENEW_EVERY = 600.0  # seconds between full passes that walk every object (frees old cycles)
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

    def install(self) -> None:
        if self._on_gc not in gc.callbacks:
            self._renewed_at = self._clock()
            gc.callbacks.append(self._on_gc)

    def uninstall(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

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
