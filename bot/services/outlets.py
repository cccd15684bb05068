"""How the services show what they did, without knowing Discord: the bot builds the
implementations (bot/ui/publisher.py) in `setup_hook` and hands them to the services."""

from __future__ import annotations

from typing import Protocol

from bot.storage import LobbyRecord

from .session import Session


class TableOutlet(Protocol):
    async def show(self, session: Session) -> None:
        """Bring the game's public table up to date (edit it, or post it when it has none)."""

    async def abandoned(self, session: Session) -> None:
        """The game was ended for lack of activity: its table says so."""


class LobbyOutlet(Protocol):
    async def expired(self, lobby: LobbyRecord) -> None:
        """The lobby ran out of time: its message says so."""
