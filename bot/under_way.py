"""Edits under way to the bot's public messages, counted, so that a clean stop lets them land
(`drain`): the table's and the lobby's edits, and the answers to clicks. A leaf both the way in
(bot/ui/) and the way out (bot/outlets/) use."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

log = logging.getLogger(__name__)


class UnderWay:
    """Counts the edits under way, so a clean stop can let them land (`drain`)."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def one(self) -> Iterator[None]:
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if not self._count:
                self._idle.set()

    @property
    def busy(self) -> bool:
        """Whether an edit or a click is under way."""
        return self._count > 0

    async def drain(self, timeout: float) -> None:
        """Wait until nothing is under way, `timeout` seconds at most."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning("stopping with %d edits under way", self._count)
