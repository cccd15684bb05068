"""No silent failures: every slash command and every click gets an answer, even when it fails.

discord.py only logs an exception raised in a command without a `tree.on_error`, and a click on
an id that no dynamic item reads is dropped; in both cases the user would see Discord's
"The application did not respond". Buttons answer their own failures (bot/ui/items.py).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.discord_private import GuardedCommandTree
from bot.interactions import Interaction
from bot.render.events import escape_name
from bot.services.errors import Refusal

from .answers import Expired
from .context import wiring_of
from .items import unread_click
from .places import in_bots_server, without_bot
from .replies import apologise, refuse

log = logging.getLogger(__name__)


# What works outside a server that added the bot (its DM, a group DM, a server reached through
# a user's install: issue 30): these answer through the interaction alone and need no server.
# A lobby there is run with its buttons (bot/outlets/token_lobbies.py).
ANYWHERE = frozenset({"uno solo", "uno help", "uno settings", "uno stats", "uno leave"})
# And these in a group DM or a server without the bot (results are kept per group DM).
WITHOUT_BOT = frozenset({"uno create", "uno leaderboard", "uno end"})


class CommandTree(GuardedCommandTree[Any]):
    async def interaction_check(self, interaction: Interaction) -> bool:
        """Elsewhere than in the bot's servers, a command that needs one says so."""
        command = interaction.command
        if command is None or in_bots_server(interaction) or (
                command.qualified_name in ANYWHERE) or (
                without_bot(interaction) and command.qualified_name in WITHOUT_BOT):
            return True
        allowed = ANYWHERE | (WITHOUT_BOT if without_bot(interaction) else frozenset())
        await refuse(interaction, Refusal("error.not_here",
                                          commands=", ".join(f"/{c}" for c in sorted(allowed))))
        return False

    def command_guard(self, interaction: Interaction) -> contextlib.AbstractContextManager[object]:
        # A command under way is waited for by a clean stop, as a click is (bot/ui/items.py).
        wiring = wiring_of(interaction)
        return contextlib.nullcontext() if wiring is None else wiring.under_way.one()

    async def on_error(self, interaction: Interaction,
                       error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", None)
        try:
            if isinstance(original, Expired):
                log.warning("/%s: answer dropped (%s)", _name(interaction), original)
            elif isinstance(original, Refusal):
                await refuse(interaction, original)
            elif isinstance(original, discord.HTTPException):  # Discord refused a request
                log.warning("/%s: Discord refused a request: %s", _name(interaction), original)
                await apologise(interaction)
            elif isinstance(error, app_commands.TransformerError):
                # e.g. a member option naming a user who is not in this server
                name = getattr(error.value, "display_name", None) or str(error.value)
                await refuse(interaction, Refusal("error.bad_option", value=escape_name(name)))
            elif isinstance(error, app_commands.CheckFailure):
                await refuse(interaction, Refusal("error.not_allowed_now"))
            else:
                log.error("command /%s failed", _name(interaction), exc_info=original or error)
                await apologise(interaction)
        except discord.HTTPException as exc:  # the answer itself failed: nothing more to do
            log.warning("could not answer a failed command: %s", exc)


def _name(interaction: Interaction) -> str:
    return interaction.command.qualified_name if interaction.command else "?"


async def answer_unread_click(interaction: Interaction,
                              items: Iterable[type[discord.ui.DynamicItem[Any]]]) -> None:
    if not unread_click(interaction, items):
        return
    data: Any = interaction.data or {}
    log.info("click on an unreadable id %r", data.get("custom_id"))
    try:
        await refuse(interaction, Refusal("error.stale_button"))
    except discord.HTTPException as exc:
        log.warning("could not answer an unreadable click: %s", exc)
