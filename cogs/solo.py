"""`/uno solo` (issue 30): a match against AI players at once, in the bot's DM or privately in
any channel, and the clicks on its one message (the play cog hands them here). Thin: parse,
ask the game manager, answer with the message as it is now.

Everything goes through interaction tokens (docs/DISCORD-FACTS.md, "Playing anywhere"): the
message is the command's answer, each click answers by updating it, and the newest token keeps
it current while the AI players move (bot/outlets/token_tables.py).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.ai import LEVELS
from bot.engine import Card
from bot.interactions import Interaction
from bot.outlets.token_tables import has_file
from bot.render.events import describe_all
from bot.render.faces import Faces
from bot.render.pictures import Picture
from bot.render.why import explain
from bot.services.errors import Refusal
from bot.services.games import current
from bot.services.lobbies import TARGET_SCORES
from bot.services.session import Session
from bot.services.solo import DEFAULT_AIS, MAX_AIS, solo_channel, solo_table
from bot.ui.answers import Sent, send, update
from bot.ui.choices import preset_choices
from bot.ui.handlers import Builder
from bot.ui.replies import refuse, said, say, user_locale
from bot.ui.solo_view import solo_message, solo_pictures

if TYPE_CHECKING:
    from bot.client import UnoBot

log = logging.getLogger(__name__)

LEVEL_CHOICES = [Choice(name=level.capitalize(), value=level) for level in LEVELS]
PRESET_CHOICES = preset_choices()


class Solo(commands.Cog):
    """`/uno solo` and the answers of a solo game's message (a `SoloHandler`)."""

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot  # for binding itself when it loads (`cog_load`)
        # What its answers use, taken once here (the bot only wires).
        self.games = bot.games
        self.clock = bot.clock
        self.token_tables = bot.token_tables
        self.card_emoji = bot.card_emoji
        self.preferences = bot.settings
        self.painter = bot.painter
        self._commands: list[app_commands.Command[Any, ..., Any]] = []

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command("uno")
        if not isinstance(group, app_commands.Group):
            raise RuntimeError("cogs.solo adds to the /uno group: load cogs.lobby first")
        self._commands = [_solo_command(self)]
        for command in self._commands:
            group.add_command(command)
        self.bot.handlers.solo_handler = self

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("uno")
        if isinstance(group, app_commands.Group):
            for command in self._commands:
                group.remove_command(command.name)
        self.bot.handlers.solo_handler = None

    # -- the command

    async def start(self, interaction: Interaction, ais: int, level: str, preset: str,
                    target: int | None) -> None:
        """Deal a solo game, or show the one under way again (options then change nothing)."""
        user = interaction.user
        # In the bot's DM the message is the player's own; anywhere else it is private.
        private = not interaction.context.dm_channel
        session = self.games.in_channel(solo_channel(user.id))
        notes = []
        if session is None:
            try:
                table = solo_table(guild_id=interaction.guild_id or 0, user_id=user.id,
                                   name=user.display_name, ais=ais, level=level,
                                   preset=preset, target=target, now=self.clock.now())
                session = await self.games.start(table, locale=user_locale(interaction),
                                                 solo=True)
            except Refusal as refusal:
                await refuse(interaction, refusal)
                return
        else:
            notes.append(say(interaction, "solo.resumed"))
        player = str(user.id)
        locale, faces = user_locale(interaction), self._faces(interaction)
        version = session.version
        sent = await send(interaction, **solo_message(session, player, locale, notes=notes,
                                                      faces=faces), ephemeral=private)
        await self._reached(session, sent, player, locale, faces, page=0, shown=version)

    # -- clicks on its message (from the play cog)

    async def act(self, interaction: Interaction, game_id: str, version: int | None,
                  build: Builder, context: int | None = None) -> None:
        notes: list[str] = []
        try:
            outcome = await self.games.act(game_id, interaction.user.id, build,
                                           version=version, context=context)
        except Refusal as refusal:
            session = self.games.get(game_id)
            if session is None or session.player(interaction.user.id) is None:
                await refuse(interaction, refusal)
                return
            notes.append(said(interaction, refusal))
        else:
            session = outcome.session
            notes += describe_all(outcome.events, session.names, viewer=outcome.action.by,
                                  locale=user_locale(interaction))
        await self.show(interaction, session, notes=notes)

    async def table_button(self, interaction: Interaction, session: Session,
                           build: Builder | None) -> None:
        """A table button on its message (Next round, Catch!): its action acts; any other
        shows the game as it is now."""
        if build is None:
            await self.show(interaction, session)
        else:
            await self.act(interaction, session.game_id, None, build)

    async def why(self, interaction: Interaction, session: Session, player: str, card: Card,
                  version: int, context: int | None) -> None:
        """A card that cannot be played: the reason goes on the message, which catches up."""
        reason = (explain(session, player, card, user_locale(interaction))
                  if current(session, player, version, context)
                  else Refusal("error.stale_button"))
        await self.show(interaction, session, notes=[said(interaction, reason)])

    async def show(self, interaction: Interaction, session: Session, *,
                   notes: list[str] | None = None, page: int = 0,
                   picking: Card | None = None) -> None:
        """Answer a click by updating the clicked message to the game as it is now (after a
        restart, or a quarter of an hour without a click, this is what catches it up)."""
        player = str(interaction.user.id)
        if not session.seated(interaction.user.id):
            await refuse(interaction, Refusal("error.not_in_game"))
            return
        locale, faces = user_locale(interaction), self._faces(interaction)
        version = session.version
        # The pictures the clicked message has are kept; the token's next edit brings newer
        # ones (bot/outlets/token_tables.py): this answer has 3 seconds, that edit no deadline.
        kept = [picture.url for picture in self._pictures(session, player)
                if has_file(interaction.message, picture.filename)]
        await update(interaction, **solo_message(session, player, locale, notes=notes or [],
                                                 page=page, picking=picking, faces=faces,
                                                 pictures=kept))
        clicked = interaction.message
        sent = Sent(interaction, None, message_id=clicked.id if clicked else None)
        await self._reached(session, sent, player, locale, faces, page=page, shown=version)

    async def _reached(self, session: Session, sent: Sent, player: str, locale: str, faces: Faces,
                 *, page: int, shown: int) -> None:
        def redraw(pictures: Sequence[str]) -> dict[str, Any]:
            return solo_message(session, player, locale, page=page, faces=faces,
                                pictures=pictures)

        self.token_tables.reached(session, sent, redraw, shown=shown,
                                  pictures=lambda: self._pictures(session, player))
        # A move made while this answer was on its way (an AI's) shows now, through this
        # newest token: the edit an older token sent meanwhile may land before this answer.
        await self.token_tables.show(session)

    def _pictures(self, session: Session, player: str) -> list[Picture]:
        return solo_pictures(session, player, self.painter,
                             colorblind=self.preferences.colorblind(int(player)))

    def _faces(self, interaction: Interaction) -> Faces:
        return self.card_emoji.for_interaction(
            interaction, colorblind=self.preferences.colorblind(interaction.user.id))


def _solo_command(cog: Solo) -> app_commands.Command[Any, ..., Any]:
    @app_commands.command(name="solo", description="Play against AI players at once, on your "
                          "own")
    @app_commands.describe(ais="How many AI players: 1 to 9 (3 by default)",
                           level="How well the AI players play",
                           preset="The rules to play by",
                           target="Points that win the match: 50 to 1000 (500 by default)")
    @app_commands.choices(level=LEVEL_CHOICES, preset=PRESET_CHOICES)
    async def solo(interaction: Interaction,
                   ais: app_commands.Range[int, 1, MAX_AIS] = DEFAULT_AIS,
                   level: str = "normal", preset: str = "classic",
                   target: app_commands.Range[int, TARGET_SCORES[0], TARGET_SCORES[1]] | None
                   = None) -> None:
        await cog.start(interaction, ais, level, preset, target)

    return solo


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Solo(bot))
