"""How the services show what they did, without knowing Discord: the bot builds the
implementations (bot/outlets/publisher.py) in `setup_hook` and hands them to the services."""

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
