"""Discord's limit on edits of old messages: a message older than one hour may be edited only 3
times per 6 seconds in its channel; past that Discord answers HTTP 429 with JSON error code 30046
(docs/DISCORD-FACTS.md, "Old messages" and the facts found by this project).

That 429 is not one of Discord's rate-limit answers: it has no `retry_after` and no `Via` header,
so discord.py raises `HTTPException` (status 429, code 30046) at once instead of waiting and
trying again; the caller sees the refusal. Ages are measured on the fake's clock, so a test can
make a message an hour old by advancing it.

Discord does not say whether an interaction's answer that edits a message (a click's
UPDATE_MESSAGE, an edit through the interaction's token) is counted; the fake counts every edit
of an old message whatever the route, so a bot that passes here passes either way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

OLD_AFTER = 3600.0  # seconds: a message this old is "older than 1 hour"
EDITS_PER_WINDOW = 3  # edits of old messages per channel ...
WINDOW = 6.0  # ... within this many seconds
CODE = 30046
STATUS = 429
MESSAGE = "Maximum number of edits to messages older than 1 hour reached. Try again later"


class OldMessageEdits:
    """When each message was posted, and the recent edits of old messages in each channel."""

    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now
        self._posted: dict[int, float] = {}  # message id -> when it was posted (fake clock)
        self._edits: dict[int, deque[float]] = {}  # channel id -> old-message edits, in WINDOW
        self.allowed = 0  # edits of old messages let through
        self.refused = 0  # edits of old messages answered 30046

    def posted(self, message_id: int) -> None:
        self._posted[message_id] = self._now()

    def backdate(self, message_id: int, seconds: float) -> None:
        """Make a message `seconds` older than it is, on this limit's reckoning alone (a test's
        table that Discord counts as old while the bot's clock does not)."""
        self._posted[message_id] -= seconds

    def age(self, message_id: int) -> float | None:
        """Seconds since the message was posted (None: not posted through the fake)."""
        posted = self._posted.get(message_id)
        return None if posted is None else self._now() - posted

    def allow(self, message_id: int, channel_id: int) -> bool:
        """Whether Discord takes an edit of the message now; a taken edit of an old message is
        counted against its channel's window."""
        age = self.age(message_id)
        if age is None or age <= OLD_AFTER:
            return True
        now = self._now()
        window = self._edits.setdefault(channel_id, deque())
        while window and window[0] <= now - WINDOW:
            window.popleft()
        if len(window) >= EDITS_PER_WINDOW:
            self.refused += 1
            return False
        window.append(now)
        self.allowed += 1
        return True
