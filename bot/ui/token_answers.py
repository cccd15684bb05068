"""The answers that keep a lobby or a table reachable where the bot is not a member (issue 30):
each answer on such a message is noted as the newest way to edit it (bot/outlets/
token_lobbies.py, token_tables.py), and a game's first table is the answer to Start."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.outlets.publisher import table_message
from bot.render.pictures import Picture, table_picture_of
from bot.services.session import Session

from .answers import Expired, Sent, send
from .places import without_bot
from .replies import guild_locale

if TYPE_CHECKING:
    from bot.client import UnoBot
    from bot.interactions import Interaction

log = logging.getLogger(__name__)


def clicked(interaction: Interaction) -> Sent:
    """The answer of a click that updated its message: that message is its token's original."""
    message = interaction.message
    return Sent(interaction, None, message_id=message.id if message else None)


async def lobby_answered(bot: UnoBot, interaction: Interaction, sent: Sent) -> None:
    """`sent` shows a lobby: where the bot is not a member, its token edits the lobby next."""
    channel_id = interaction.channel_id or 0
    if without_bot(interaction) or await bot.lobby_board.is_place(channel_id):
        bot.lobby_board.reached(channel_id, sent, guild_locale(interaction))


def table_answered(bot: UnoBot, interaction: Interaction, session: Session, sent: Sent,
                   shown: int) -> None:
    """`sent` shows a token table at version `shown`: its token edits it next."""
    faces = bot.card_emoji.for_interaction(interaction)

    def redraw(pictures: Sequence[str]) -> dict[str, Any]:
        payload = table_message(session, pictured=bool(pictures), faces=faces)
        payload.pop("allowed_mentions")  # nobody is pinged by an edit anyway
        return payload

    def pictures() -> list[Picture]:  # the table's picture, as a server's table shows it
        return [table_picture_of(session, bot.painter)]

    bot.token_tables.reached(session, sent, redraw, shown=shown, pictures=pictures)


async def post_token_table(bot: UnoBot, interaction: Interaction, session: Session) -> None:
    """The first table of a game where the bot is not a member: the answer to Start, a new
    message whose token keeps it current; its picture follows with the token's first edit."""
    version = session.version
    try:
        payload = table_message(session, faces=bot.card_emoji.for_interaction(interaction))
        payload.pop("allowed_mentions")
        sent = await send(interaction, **payload)
        message = await sent.message()
    except (discord.HTTPException, Expired) as exc:  # the next click on it shows it again
        log.warning("the first table of game %s was not the answer (%r)", session.game_id, exc)
        return
    bot.token_tables.pings.announced(session)
    await bot.games.set_message(session, message.id, posted_at=bot.clock.now())
    table_answered(bot, interaction, session, sent, version)
    await bot.token_tables.show(session)  # a move made meanwhile (an AI's) shows too


async def end_token_table(bot: UnoBot, interaction: Interaction, session: Session,
                          ended_by: str) -> None:
    """`/uno end` of a game where the bot is not a member: its table says who ended it,
    edited through the newest live token (without one, the next click retires it)."""
    await bot.token_tables.ended(session, ended_by=ended_by,
                                 faces=bot.card_emoji.for_interaction(interaction))
