"""How the services show what they did, without knowing Discord: the bot builds the
implementations (bot/outlets/) in `setup_hook` and hands them to the services. A game's changes
need none of these: its outlets follow the manager's notices (bot/services/notices.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bot.storage import LobbyRecord

from .session import Session

if TYPE_CHECKING:
    from .tournament_doc import Table, TournamentDoc


class TableGone(Exception):
    """The table cannot be shown, ever: its channel is deleted, or the bot has lost access to
    it or to its server. (Anything else that fails is worth retrying.)"""


class TableOutlet(Protocol):
    def refresh(self, session: Session) -> None:
        """Bring the game's public table up to date in the background (merged with the other
        changes of the moment, retried until it shows the latest state)."""


class LobbyOutlet(Protocol):
    async def expired(self, lobby: LobbyRecord) -> None:
        """The lobby ran out of time: its message says so."""


class TournamentOutlet(Protocol):
    """Where a tournament shows itself (issue 31; bot/outlets/tournament_board.py). The boards' ids
    are kept in `doc.messages`, which the service saves after each call."""

    async def signup(self, tournament_id: str, doc: TournamentDoc, status: str) -> None:
        """Post or edit the sign-up board (Join, Leave, the list, the countdown)."""

    async def open_table(self, doc: TournamentDoc, table: Table, players: list[int]) -> int | None:
        """A thread for the table under the tournament's channel, or None where threads are not
        allowed (the table then plays in the channel itself, after the others)."""

    async def seated(self, doc: TournamentDoc, table: Table, players: list[int]) -> None:
        """Tell the table's players where they sit."""

    async def standings(self, doc: TournamentDoc, status: str) -> None:
        """Post or edit the standings board."""

    async def pairings(self, doc: TournamentDoc, round_number: int) -> None:
        """Post a round's tables."""

    async def podium(self, doc: TournamentDoc) -> None:
        """Post the final podium, with its picture."""
