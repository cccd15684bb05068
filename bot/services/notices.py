"""What the game manager announces after each saved change (docs/STYLE.md: the manager is the
hub, and what goes out follows it): one typed `Notice` per change, handed to every subscriber
in the order they subscribed. The table's publisher, live hands, turn pings, watchers, the AI
players and the tournaments subscribe; none of them is called back any other way, and none asks
the manager what changed."""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import Event

from .session import Session

log = logging.getLogger(__name__)


class Change(enum.Enum):
    STARTED = enum.auto()  # a new game, saved; its first table is the starter's to post
    RESTORED = enum.auto()  # back in memory after a restart, as it was saved
    APPLIED = enum.auto()  # an action applied and saved; the game goes on
    SEATS = enum.auto()  # who plays a seat changed (an AI stands in, or a person is back)
    FINISHED = enum.auto()  # the action that won the match, saved: the game is over
    ENDED = enum.auto()  # stopped without a winner (/uno end, its channel lost)
    ABANDONED = enum.auto()  # stopped for lack of activity: its table says so

    @property
    def over(self) -> bool:
        """The game is no longer running after this change."""
        return self in (Change.FINISHED, Change.ENDED, Change.ABANDONED)


@dataclass(frozen=True, slots=True)
class Notice:
    session: Session
    version: int  # the game's version once saved
    events: tuple[Event, ...]  # what the change did (none for a start, a restore, an end)
    change: Change


Subscriber = Callable[[Notice], None]


class Notices:
    """The subscribers of one game manager. A subscriber only takes note (it starts its own
    work in the background): it runs while the game's lock is held."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.append(subscriber)

    def publish(self, notice: Notice) -> None:
        for subscriber in self._subscribers:
            try:
                subscriber(notice)
            except Exception:  # one outlet's fault never keeps the others from the change
                log.exception("a subscriber failed on %s of game %s", notice.change.name,
                              notice.session.game_id)
