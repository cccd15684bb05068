"""`/uno tournament ...` and the sign-up board's buttons (issue 31): thin, like the other cogs:
check who may, ask the tournament service, answer in the user's language."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.interactions import Interaction
from bot.outlets.tournament_board import signup_view
from bot.render.events import escape_name
from bot.render.tournament import signup_board, standings_board
from bot.services.errors import Refusal
from bot.services.lobbies import DEFAULT_TURN_TIMER, MAX_TURN_TIMER, TARGET_SCORES
from bot.services.tournament_rounds import Live
from bot.services.tournaments import Choices
from bot.tournament import MAX_ROUNDS, Format
from bot.ui.answers import send
from bot.ui.choices import preset_choices
from bot.ui.controls import TournamentControl
from bot.ui.layout import v2
from bot.ui.replies import guild_locale, refuse, say, tell
from bot.ui.tournament_items import TOURNAMENT_ITEMS

if TYPE_CHECKING:
    from bot.client import UnoBot

log = logging.getLogger(__name__)

PRESETS = preset_choices()
FORMATS = [Choice(name="Swiss", value="swiss"),
           Choice(name="Single elimination", value="elimination")]


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Tournaments(commands.Cog):
    """The tournament commands (a subgroup of /uno) and a `TournamentHandler`."""

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.service = bot.tournaments
        self.preferences = bot.settings
        self.group = _group(self)

    async def cog_load(self) -> None:
        uno = self.bot.tree.get_command("uno")
        if not isinstance(uno, app_commands.Group):
            raise RuntimeError("cogs.tournament adds to the /uno group: load cogs.lobby first")
        uno.add_command(self.group)
        self.bot.add_dynamic_items(*TOURNAMENT_ITEMS)
        self.bot.handlers.tournament_handler = self

    async def cog_unload(self) -> None:
        uno = self.bot.tree.get_command("uno")
        if isinstance(uno, app_commands.Group):
            uno.remove_command(self.group.name)
        self.bot.remove_dynamic_items(*TOURNAMENT_ITEMS)
        self.bot.handlers.tournament_handler = None

    # -- checks

    def _live(self, interaction: Interaction) -> Live:
        return self.service.require(interaction.guild_id or 0)

    @staticmethod
    def _host(interaction: Interaction, live: Live) -> None:
        if live.record.host_id != interaction.user.id and not interaction.permissions.manage_guild:
            raise Refusal("tournament.host_only")

    def _may_open(self, interaction: Interaction) -> None:
        """Manage Server, or the role the server set with `/uno settings tournament_role`."""
        roles = getattr(interaction.user, "roles", ())
        settings = self.preferences
        if settings.may_open_tournaments(interaction.guild_id,
                                         manage_guild=interaction.permissions.manage_guild,
                                         role_ids={role.id for role in roles}):
            return
        role = settings.guild(interaction.guild_id).tournament_role
        if role is None:
            raise Refusal("tournament.manage_guild_only")
        raise Refusal("tournament.role_only", role=f"<@&{role}>")

    # -- commands

    async def create(self, interaction: Interaction, choices: Choices,
                     channel: discord.TextChannel | None) -> None:
        try:
            self._may_open(interaction)
            live = await self.service.create(
                guild_id=interaction.guild_id or 0,
                channel_id=channel.id if channel is not None else interaction.channel_id or 0,
                host_id=interaction.user.id, locale=guild_locale(interaction), choices=choices)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        await tell(interaction, say(interaction, "tournament.created",
                                    name=escape_name(live.doc.name),
                                    channel=f"<#{live.record.channel_id}>"))

    async def control(self, interaction: Interaction, what: str,
                      player: discord.Member | None = None) -> None:
        """start, pause, resume, cancel, kick, add: the host's (or Manage Server's)."""
        try:
            live = self._live(interaction)
            self._host(interaction, live)
            if what == "start":
                await self.service.start(live)
            elif what == "pause":
                await self.service.pause(live)
            elif what == "resume":
                await self.service.resume_paused(live)
            elif what == "cancel":
                await self.service.cancel(live)
            elif what == "kick" and player is not None:
                await self.service.kick(live, player.id)
            elif what == "add" and player is not None:
                await self.service.add(live, player.id, _name(player))
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        name = escape_name(_name(player)) if player is not None else ""
        await tell(interaction, say(interaction, f"tournament.done_{what}", player=name))

    async def status(self, interaction: Interaction) -> None:
        try:
            live = self._live(interaction)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        doc = live.doc
        if doc.tournament is None:
            await send(interaction, ephemeral=True, **v2(
                signup_board(doc, live.status), signup_view(live.id, doc, live.status)))
            return
        await send(interaction, ephemeral=True, **v2(standings_board(doc, live.status)))

    # -- the sign-up board's buttons

    async def tournament_button(self, interaction: Interaction, what: TournamentControl,
                                tournament_id: str) -> None:
        live = self.service.live(tournament_id)
        if live is None:
            raise Refusal("tournament.signup_closed")
        if what is TournamentControl.START:
            self._host(interaction, live)
            await self.service.start(live)
            await tell(interaction, say(interaction, "tournament.done_start"))
            return
        if what is TournamentControl.JOIN:
            await self.service.join(live, interaction.user.id, _name(interaction.user))
        elif what is TournamentControl.LEAVE:
            await self.service.leave(live, interaction.user.id)
        else:
            await self.service.check_in(live, interaction.user.id)
        await tell(interaction, say(interaction, f"tournament.done_{what}",
                                    name=escape_name(live.doc.name)))


def _group(cog: Tournaments) -> app_commands.Group:
    """The subgroup, bound to this cog instance (English here; other languages come from the
    locale files through the command translator)."""
    group = app_commands.Group(name="tournament", description="Run a UNO tournament here")

    @group.command(name="create", description="Open a tournament's sign-up (Manage Server or the "
                   "server's tournament role)")
    @app_commands.describe(
        name="The tournament's name", format="Swiss rounds or single elimination by tables",
        table_size="Players per table", rounds="Rounds (Swiss)",
        advance="Players of each table who go on (single elimination)",
        preset="The rules to play by (else the server's saved defaults)",
        target="Points that win a table's match", turn_timer="Seconds for a move (0 = no limit)",
        starts_in="Minutes until sign-up closes", checkin="Minutes of check-in (0 = none)",
        ai_fill="An AI plays for players who do not show up",
        channel="Where the boards and the tables' threads go (this channel if empty)")
    @app_commands.choices(format=FORMATS, preset=PRESETS)
    async def create(interaction: Interaction, name: app_commands.Range[str, 1, 80],
                     format: str = "swiss", table_size: app_commands.Range[int, 2, 10] = 4,
                     rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
                     advance: app_commands.Range[int, 1, 8] = 2, preset: str | None = None,
                     target: app_commands.Range[int, TARGET_SCORES[0], TARGET_SCORES[1]]
                     | None = None,
                     turn_timer: app_commands.Range[int, 0, MAX_TURN_TIMER] | None = None,
                     starts_in: app_commands.Range[int, 0, 10080] = 10,
                     checkin: app_commands.Range[int, 0, 60] = 0, ai_fill: bool = True,
                     channel: discord.TextChannel | None = None) -> None:
        defaults = cog.bot.settings.guild(interaction.guild_id or 0)
        options: dict[str, Any] = (dict(defaults.options) if preset is None and defaults.preset
                                   else {})
        if target is not None:
            options["target_score"] = target
        timer = turn_timer if turn_timer is not None else (
            defaults.turn_timer if defaults.turn_timer is not None else DEFAULT_TURN_TIMER)
        choices = Choices(name=name, preset=preset or defaults.preset or "classic",
                          options=options, format=Format(format), table_size=table_size,
                          rounds=rounds, advance=advance, turn_timer=timer, ai_fill=ai_fill,
                          starts_in=starts_in * 60, checkin=checkin * 60)
        await cog.create(interaction, choices, channel)

    @group.command(name="status", description="The tournament's standings, privately")
    async def status(interaction: Interaction) -> None:
        await cog.status(interaction)

    for what, text in (("start", "Close sign-up now (host)"),
                       ("pause", "Seat no new round until resumed (host)"),
                       ("resume", "Go on after a pause (host)"),
                       ("cancel", "Cancel the tournament (host)")):
        group.add_command(_control(cog, what, text))
    for what, text in (("kick", "Take a player out of the tournament (host)"),
                       ("add", "Add a player, even late (host)")):
        group.add_command(_player_control(cog, what, text))
    return group


def _control(cog: Tournaments, what: str, text: str) -> app_commands.Command[Any, ..., Any]:
    async def run(interaction: Interaction) -> None:
        await cog.control(interaction, what)

    return app_commands.Command(name=what, description=text, callback=run)


def _player_control(cog: Tournaments, what: str,
                    text: str) -> app_commands.Command[Any, ..., Any]:
    @app_commands.describe(player="The member")
    async def run(interaction: Interaction, player: discord.Member) -> None:
        await cog.control(interaction, what, player)

    return app_commands.Command(name=what, description=text, callback=run)


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Tournaments(bot))
