"""How the services show what they did, without knowing Discord: the bot builds the
implementations (bot/ui/publisher.py) in `setup_hook` and hands them to the services."""

from __future__ import annotations

from typing import Protocol

from bot.storage import LobbyRecord

from .session import Session


class TableGone(Exception):
    """The table cannot be shown, ever: its channel is deleted, or the bot has lost access to
    it or to its server. (Anything else that fails is worth retrying.)"""


class TableOutlet(Protocol):
    async def show(self, session: Session) -> float | None:
        """Bring the game's public table up to date (edit it, or post it when it has none), and
        mark the version shown only once it is; raise `TableGone` if it can never be shown.

        Returns None when the table is current, picture included, else the seconds after which
        its picture (redrawn at meaningful moments only) is due: then show it again."""

    async def abandoned(self, session: Session) -> None:
        """The game was ended for lack of activity: its table says so."""


class LobbyOutlet(Protocol):
    async def expired(self, lobby: LobbyRecord) -> None:
        """The lobby ran out of time: its message says so."""
