"""`/uno leaderboard`, `/uno stats`, `/uno forget-me`: a server's standings. Thin:
parse, ask the standings service, render.

The `/uno` group belongs to the lobby cog (`Lobby.uno`). A group object cannot be shared by two
cogs — each cog binds a copy of it, and every subcommand in it, to itself — so these subcommands
are built per cog instance here and added to the lobby's group in `cog_load` (the lobby
extension loads first), before the commands are synced. Results are recorded by the game
manager with the state that ends each round and match, not here.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.engine import Preset
from bot.interactions import Interaction
from bot.render.standings import render_leaderboard, render_stats
from bot.services.errors import Refusal
from bot.services.standings import Standings
from bot.storage import ANY_PRESET, Board, Period, StatsRepository, TournamentRepository
from bot.ui.answers import send, update
from bot.ui.choices import preset_choices
from bot.ui.layout import v2
from bot.ui.places import place_id
from bot.ui.replies import guild_locale, refuse, say, user_locale
from bot.ui.standings import SCORING_ITEMS, forget_view, leaderboard_view

if TYPE_CHECKING:
    from bot.client import UnoBot

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()

BOARD_CHOICES = [Choice(name="Match wins", value="wins"), Choice(name="Points", value="points"),
                 Choice(name="Skill rating", value="rating")]
PERIOD_CHOICES = [Choice(name="All time", value="all-time"),
                  Choice(name="This month", value="this-month")]
PRESET_CHOICES = [Choice(name="All rule sets", value=ANY_PRESET), *preset_choices()]


class Scoring(commands.Cog):
    """Standings commands and their buttons (a `ScoringHandler` for the dynamic items)."""

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.standings = Standings(StatsRepository(bot.db, clock=bot.clock.now), bot.clock)
        self.tournaments = TournamentRepository(bot.db)  # each player's history (issue 31)
        self._commands: list[app_commands.Command[Any, ..., Any]] = []

    async def cog_load(self) -> None:
        group = self._uno_group()
        self._commands = _subcommands(self)
        for command in self._commands:
            group.add_command(command)
        self.bot.add_dynamic_items(*SCORING_ITEMS)
        self.bot.handlers.scoring_handler = self

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("uno")
        if isinstance(group, app_commands.Group):
            for command in self._commands:
                group.remove_command(command.name)
        self.bot.remove_dynamic_items(*SCORING_ITEMS)
        self.bot.handlers.scoring_handler = None

    def _uno_group(self) -> app_commands.Group:
        group = self.bot.tree.get_command("uno")
        if not isinstance(group, app_commands.Group):
            raise RuntimeError("cogs.scoring adds to the /uno group: load cogs.lobby first")
        return group

    # -- /uno leaderboard and its buttons

    async def leaderboard(self, interaction: Interaction, board: str, period: str,
                          preset: str) -> None:
        """Posted in the channel in the server's language: standings are for everyone."""
        month = Period(self.standings.this_month())
        try:  # the command's choices are these words; anything else is a malformed option
            chosen = (Board(board), None if preset == ANY_PRESET else Preset(preset))
        except ValueError:
            await refuse(interaction, Refusal("error.bad_option", value=f"{board} {preset}"))
            return
        await self._show_board(interaction, chosen[0],
                               Period() if period == "all-time" else month, chosen[1],
                               this_month=month)

    async def leaderboard_button(self, interaction: Interaction, board: Board, period: Period,
                                 preset: Preset | None, page: int) -> None:
        """Anyone may page a posted board: it is edited in place for everyone."""
        await self._show_board(interaction, board, period, preset, page=page,
                               this_month=Period(self.standings.this_month()))

    async def _show_board(self, interaction: Interaction, board: Board, period: Period,
                          preset: Preset | None, *, this_month: Period,
                          page: int | None = None) -> None:
        """A board's page: a new message for the command (`page` None), else the clicked one
        edited."""
        try:
            shown = await self.standings.page(place_id(interaction), board=board,
                                              period=period.key, preset=preset or ANY_PRESET,
                                              page=page or 0)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        locale = guild_locale(interaction)
        answer = send if page is None else update
        controls = leaderboard_view(shown, locale, period=period, preset=preset,
                                    this_month=this_month)
        await answer(interaction, allowed_mentions=NO_PINGS,
                     **v2(render_leaderboard(shown, locale), controls))

    # -- /uno stats

    async def stats(self, interaction: Interaction, user: discord.Member | None,
                    preset: str = "any") -> None:
        """Privately, in the asker's language (`preset`: only matches of that rule set)."""
        target = user or interaction.user
        preset_key = ANY_PRESET if preset == "any" else preset
        try:
            stats = await self.standings.stats(place_id(interaction), target.id, preset_key)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        name = target.display_name
        if stats is None:
            await refuse(interaction, Refusal("stats.nothing", player=name))
            return
        history = await self.tournaments.history(place_id(interaction), target.id)
        await send(interaction, embed=render_stats(stats, name, user_locale(interaction),
                                                   preset=preset_key, tournaments=history),
                   ephemeral=True)

    # -- /uno forget-me

    async def forget_me(self, interaction: Interaction) -> None:
        await send(
            interaction, content=say(interaction, "forget.confirm"), ephemeral=True,
            view=forget_view(interaction.user.id, user_locale(interaction)))

    async def forget_button(self, interaction: Interaction, user_id: int) -> None:
        if interaction.user.id != user_id:
            await refuse(interaction, Refusal("forget.not_yours"))
            return
        forgotten = await self.standings.forget(user_id)
        await self.tournaments.forget_user(user_id)
        log.info("user %s asked to be forgotten: %d match and %d round records anonymised",
                 user_id, forgotten.matches, forgotten.rounds)
        key = "forget.done" if forgotten.matches or forgotten.rounds else "forget.nothing"
        await update(interaction, content=say(interaction, key), view=None)


def _subcommands(cog: Scoring) -> list[app_commands.Command[Any, ..., Any]]:
    """The subcommands, bound to this cog instance (English here; other languages come from the
    locale files through the command translator)."""

    @app_commands.command(name="leaderboard", description="Show this server's UNO standings",
                          extras={"public": True})
    @app_commands.describe(board="What to rank players by",
                           period="Which matches to count (the rating is always all-time)",
                           preset="Only matches played by these rules")
    @app_commands.choices(board=BOARD_CHOICES, period=PERIOD_CHOICES, preset=PRESET_CHOICES)
    async def leaderboard(interaction: Interaction, board: str = "wins",
                          period: str = "all-time", preset: str = "any") -> None:
        await cog.leaderboard(interaction, board, period, preset)

    @app_commands.command(name="stats", description="Show a player's UNO statistics here")
    @app_commands.describe(user="The member to show (you, if left empty)",
                           preset="Only matches played by these rules")
    @app_commands.choices(preset=PRESET_CHOICES)
    async def stats(interaction: Interaction, user: discord.Member | None = None,
                    preset: str = "any") -> None:
        await cog.stats(interaction, user, preset)

    @app_commands.command(name="forget-me",
                          description="Delete your UNO records (you are asked to confirm)")
    async def forget_me(interaction: Interaction) -> None:
        await cog.forget_me(interaction)

    return [leaderboard, stats, forget_me]


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Scoring(bot))
