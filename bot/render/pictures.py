"""What the table and hand pictures show, taken from a player's view of the game (so a picture
can never show more than the text beside it), and the PNG files to attach."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Sequence

import discord

from bot.engine import Card
from bot.services.session import Session

from . import images
from .events import clean_name
from .painter import Painter

log = logging.getLogger(__name__)

TABLE_FILE, HAND_FILE = "table.png", "hand.png"


def table_picture(session: Session) -> images.TableImage:
    view = session.view()
    waiting = view.turn
    players = [(clean_name(session.names.get(p) or p), view.hand_sizes[seat],
                p == waiting, view.active[seat]) for seat, p in enumerate(view.players)]
    return images.TableImage(
        top=view.top, color=view.color, direction=view.direction, players=players,
        draw_pile_inactive=view.draw_pile_inactive,
        others_inactive=view.others_inactive if len(view.sides) > 1 else None)


def card_numbers(hand: Sequence[Card]) -> dict[Card, int]:
    """The number each card wears in the hand picture, its copies together (issue 34: the
    buttons' numbers run 1, 2, 3 as the picture's do), so a button can say which card it
    plays."""
    return {card: number for number, (card, _) in enumerate(images.hand_groups(hand), start=1)}


class Picture:
    """A picture to attach: at once when it is already drawn, else drawn off the event loop."""

    def __init__(self, filename: str, cached: bytes | None,
                 draw: Callable[[], Awaitable[bytes]], shows: object = None) -> None:
        """`shows`: what the picture shows (equal for equal pictures), to tell whether a
        message has it already."""
        self.filename, self._cached, self._draw = filename, cached, draw
        self.shows = shows

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"

    def ready(self) -> discord.File | None:
        return None if self._cached is None else self._file(self._cached)

    async def file(self) -> discord.File:
        return self._file(self._cached if self._cached is not None else await self._draw())

    async def file_or_none(self) -> discord.File | None:
        """The picture, or None when it could not be drawn: the message goes without it
        rather than not at all (a hand's answer, a live hand)."""
        try:
            return await self.file()
        except Exception as exc:  # noqa: BLE001 - only the picture is lost
            log.debug("%s not drawn: %r", self.filename, exc)
            return None

    def _file(self, png: bytes) -> discord.File:
        return discord.File(io.BytesIO(png), filename=self.filename)


def table_picture_of(session: Session, painter: Painter) -> Picture:
    data = table_picture(session)
    return Picture(TABLE_FILE, painter.cached_table(data),
                   lambda: painter.table(data, slot=("table", session.game_id)), data)


def hand_picture_of(session: Session, player: str, painter: Painter, *,
                    colorblind: bool = False) -> Picture:
    hand = session.view(player).hand
    return Picture(HAND_FILE, painter.cached_hand(hand, colorblind=colorblind),
                   lambda: painter.hand(hand, colorblind=colorblind,
                                        slot=("hand", session.game_id, player)),
                   (tuple(hand), colorblind))
