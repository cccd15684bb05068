"""A solo game's one message (issue 30): the table and the player's hand together, as one
Components V2 message, because the bot reaches it only through the interaction tokens of the
player's own clicks (bot/outlets/token_tables.py) and a second message would need tokens of
its own.

While a round is played it shows the hand (its text, its controls) with the table's players
and latest moves; at a round's end and the match's end it shows the table as a server's table
does (the hands laid down, the points, Next round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.engine import Card
from bot.render.faces import NO_FACES, Faces
from bot.render.hand import render_hand
from bot.render.painter import Painter
from bot.render.pictures import Picture, hand_picture_of, table_picture_of
from bot.render.table import render_table
from bot.render.text import tr
from bot.services.session import Session

from .controls import TableControl
from .items import TableButton
from .layout import v2
from .views import hand_view, table_view


def shows_hand(session: Session, player: str) -> bool:
    """Whether the message shows `player`'s hand (while a round is played) or the table."""
    public = session.view()
    return not (public.round_over or session.finished or session.player(player) is None)


def solo_pictures(session: Session, player: str, painter: Painter, *,
                  colorblind: bool = False) -> list[Picture]:
    """The pictures the message shows as in a server: the table's, and the hand's with it."""
    pictures = [table_picture_of(session, painter)]
    if shows_hand(session, player):
        pictures.append(hand_picture_of(session, player, painter, colorblind=colorblind))
    return pictures


def solo_message(session: Session, player: str, locale: str, *, notes: Sequence[str] = (),
                 page: int = 0, picking: Card | None = None, faces: Faces = NO_FACES,
                 pictures: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of a send or an edit showing the solo game as it is now to `player`, with
    the pictures at `pictures` (urls of its attachments)."""
    public = session.view()
    if not shows_hand(session, player):
        return _table(session, locale, notes, faces, pictures)
    shown = render_hand(session, player, locale, notes=notes, page=page, picking=picking,
                        faces=faces)
    # The players' card counts and the latest moves.
    shown.sections += render_table(session, faces=faces).shown.sections
    controls = hand_view(session, player, locale, page=page, picking=picking, faces=faces)
    owed = public.uno_owed
    if picking is None and owed is not None and owed != player and controls.has_room():
        # C-5: an AI player who forgot UNO! can be caught from here as from a table.
        controls.add_item(TableButton(session.game_id, TableControl.CATCH,
                                      label=tr(locale, "button.catch"),
                                      style=discord.ButtonStyle.danger))
    return v2(shown, controls, pictures=pictures)


def _table(session: Session, locale: str, notes: Sequence[str], faces: Faces,
           pictures: Sequence[str]) -> dict[str, Any]:
    shown = render_table(session, faces=faces).shown
    lines = [*notes, shown.text]
    if session.finished:
        lines.append(tr(locale, "solo.again"))
    shown.text = "\n".join(line for line in lines if line)
    # A round's end: Next round. The match's end: nothing to click (a rematch would open a
    # lobby; another solo game is one command away).
    controls = None if session.finished else table_view(session)
    return v2(shown, controls, pictures=pictures)
