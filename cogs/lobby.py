"""`/uno ...`: lobbies (create, join, leave, kick, start), ending a game, the rules. One game per
channel; the host runs the lobby and anyone with Manage Channels can end what is in a channel,
so no channel is ever stuck.

Every `/uno` subcommand of this cog is declared here, in its order; the lobby message's controls
are built in lobby_view.py, the host's AI seats are added and taken out in lobby_ai.py, and the
work of `/uno settings` and `/uno defaults` is done in lobby_settings.py."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import RuleSet
from bot.interactions import Interaction
from bot.render.events import escape_name
from bot.render.help import render_help
from bot.render.lobby import render_closed_lobby, render_lobby
from bot.render.rules import rules_summary
from bot.services.errors import Refusal
from bot.services.lobbies import DEFAULT_TURN_TIMER, MAX_TURN_TIMER, TARGET_SCORES, rules_of
from bot.services.solo import solo_channel
from bot.storage import LobbyRecord, NotFound, StatsRepository, StatsStore
from bot.ui.answers import send, update
from bot.ui.choices import preset_choices
from bot.ui.controls import LobbyControl
from bot.ui.layout import v2
from bot.ui.places import may_moderate, place_id, without_bot
from bot.ui.replies import guild_locale, refuse, say, tell, user_locale
from bot.ui.token_answers import clicked, end_token_table, lobby_answered, post_token_table

from .leaving import leave_game
from .lobby_ai import AiSeats
from .lobby_settings import LANGUAGE_CHOICES, TURN_PING_CHOICES, SettingsCommands
from .lobby_view import lobby_view

if TYPE_CHECKING:
    from bot.client import UnoBot

log = logging.getLogger(__name__)


def _display_name(user: discord.abc.User) -> str:
    return user.display_name


class Lobby(commands.Cog):
    # Installable to servers and to users, usable in servers, the bot's DM and group DMs
    # (issue 30): both lists are sent, as leaving them out offers the command in fewer places
    # (docs/DISCORD-FACTS.md). Where the bot is not in a server, only some subcommands work
    # (`ANYWHERE`, bot/ui/errors.py).
    uno = app_commands.Group(
        name="uno", description="Play UNO in this channel",
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                        private_channel=True),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True))

    """The `/uno` commands and the lobby's buttons (a `LobbyHandler` for the dynamic items)."""

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.lobbies = bot.lobbies
        self.games = bot.games
        self.board = bot.lobby_board
        self.preferences = bot.settings  # (`settings` is the /uno settings command)
        self.tables = bot.tables  # the table's one writer
        self.table_feed = bot.table_feed
        self.settings_commands = SettingsCommands(bot.settings, bot.lobbies)
        self.ai_seats = AiSeats(bot.lobbies, self._not_started, self._show_lobby)
        # The records of finished matches: a rematch seats their players again.
        self.results: StatsStore = StatsRepository(bot.db, clock=bot.clock.now)

    async def cog_load(self) -> None:
        self.bot.handlers.lobby_handler = self

    async def cog_unload(self) -> None:
        self.bot.handlers.lobby_handler = None

    # -- commands

    # A command whose answer is public says so, for the watchdog's deferral (bot/ui/answers.py).
    @uno.command(name="create", description="Open a game of UNO in this channel",
                 extras={"public": True})
    @app_commands.describe(preset="The rules to play by",
                           turn_timer="Seconds each player has for a move (0 = no limit)",
                           target="Points that win the match: 50 to 1000 (500 by default)")
    @app_commands.choices(preset=preset_choices())
    async def create(self, interaction: Interaction, preset: str | None = None,
                     turn_timer: app_commands.Range[int, 0, MAX_TURN_TIMER] | None = None,
                     target: app_commands.Range[int, TARGET_SCORES[0], TARGET_SCORES[1]] | None
                     = None) -> None:
        assert interaction.channel_id is not None
        guild_id = interaction.guild_id or 0  # none in a group DM (issue 30)
        if without_bot(interaction):  # its messages are reached through tokens only
            await self.board.mark(interaction.channel_id)
        # What the command leaves open comes from the server's saved defaults (/uno defaults).
        defaults = self.preferences.guild(guild_id)
        options = dict(defaults.options) if preset is None and defaults.preset else {}
        preset = preset or defaults.preset or "classic"
        if turn_timer is None:
            turn_timer = (defaults.turn_timer if defaults.turn_timer is not None
                          else DEFAULT_TURN_TIMER)
        try:
            lobby = await self.lobbies.create(
                guild_id=guild_id, channel_id=interaction.channel_id,
                host_id=interaction.user.id, host_name=_display_name(interaction.user),
                preset=preset, turn_timer=turn_timer, target=target, options=options)
        except Refusal as refusal:
            await self._refuse_busy(interaction, refusal)
            return
        await self._post_lobby(interaction, lobby)

    @uno.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: Interaction) -> None:
        await self._lobby_change(interaction, LobbyControl.JOIN)

    @uno.command(name="leave", description="Leave this channel's lobby or game")
    async def leave(self, interaction: Interaction) -> None:
        session = self.games.in_channel(interaction.channel_id or 0)
        if session is None and interaction.context.dm_channel:  # the bot's DM: a solo game
            solo = self.games.in_channel(solo_channel(interaction.user.id))
            if solo is not None:  # leaving it ends it, unrecorded (issue 30)
                await self.games.end(solo)
                await tell(interaction, say(interaction, "lobby.game_ended"))
                return
        if session is not None:
            await leave_game(self.games, interaction, session, interaction.user.id,
                             kicked=False)
            return
        await self._lobby_change(interaction, LobbyControl.LEAVE)

    @uno.command(name="kick", description="Remove a player from this channel's lobby or game")
    @app_commands.describe(player="The player to remove")
    async def kick(self, interaction: Interaction, player: discord.Member) -> None:
        session = self.games.in_channel(interaction.channel_id or 0)
        if session is not None:
            if session.host != str(interaction.user.id) and not may_moderate(interaction):
                await refuse(interaction, Refusal("error.host_only"))
                return
            if player.id == interaction.user.id:
                await refuse(interaction, Refusal("lobby.kick_self"))
                return
            await leave_game(self.games, interaction, session, player.id, kicked=True)
            return
        channel_id = interaction.channel_id or 0
        async with self.lobbies.changing(channel_id):
            before = await self.lobbies.get(channel_id)
            try:
                self._not_started(channel_id)
                lobby = await self.lobbies.kick(channel_id, interaction.user.id, player.id,
                                                may_manage=may_moderate(interaction))
            except Refusal as refusal:
                await refuse(interaction, refusal)
                return
            await tell(interaction, say(interaction, "lobby.kicked",
                                        player=escape_name(player.display_name)))
            if lobby is None:  # a moderator removed the last player: the lobby is closed
                if before is not None:
                    await self.board.edit(before, render_closed_lobby(
                        guild_locale(interaction), "lobby.emptied"))
                return
            await self._show_lobby(interaction, lobby)

    @uno.command(name="start", description="Deal the cards (host only)", extras={"public": True})
    async def start(self, interaction: Interaction) -> None:
        await self._start(interaction)

    @uno.command(name="end", description="End this channel's lobby or game (host or moderators)")
    async def end(self, interaction: Interaction) -> None:
        channel_id = interaction.channel_id or 0
        name = _display_name(interaction.user)
        session = self.games.in_channel(channel_id)
        if session is not None:
            if session.host != str(interaction.user.id) and not may_moderate(interaction):
                await refuse(interaction, Refusal(
                    "anywhere.end_refused" if session.tokens else "error.host_only"))
                return
            await self.games.end(session)
            await tell(interaction, say(interaction, "lobby.game_ended"))
            await (end_token_table(self.bot, interaction, session, name) if session.tokens
                   else self.tables.show(session, ended_by=name))
            return
        lobby = await self.lobbies.get(channel_id)
        if lobby is None:
            await refuse(interaction, Refusal("lobby.none"))
            return
        if lobby.host_id != interaction.user.id and not may_moderate(interaction):
            await refuse(interaction, Refusal("error.host_only"))
            return
        await self.lobbies.close(channel_id)
        await tell(interaction, say(interaction, "lobby.lobby_ended"))
        await self.board.edit(lobby, render_closed_lobby(
            guild_locale(interaction), "lobby.closed_by", player=name))

    @uno.command(name="settings", description="Your language and card faces; the server's "
                 "language")
    @app_commands.describe(language="The language the bot speaks to you",
                           colorblind="Card faces with a letter and pattern for each colour",
                           server_language="The language of this server's tables (Manage Server)",
                           ai_takeover="Let an AI play on for players who leave or idle out "
                           "(Manage Server)",
                           turn_ping="When the player a table waits for is pinged (Manage Server)",
                           dm_turns="Also a direct message when it is your move",
                           tournament_role="Who may also open tournaments (Manage Server; "
                           "@everyone: nobody else)")
    @app_commands.choices(language=LANGUAGE_CHOICES, server_language=LANGUAGE_CHOICES,
                          turn_ping=TURN_PING_CHOICES)
    async def settings(self, interaction: Interaction, language: str | None = None,
                       colorblind: bool | None = None,
                       server_language: str | None = None,
                       ai_takeover: bool | None = None, turn_ping: str | None = None,
                       dm_turns: bool | None = None,
                       tournament_role: discord.Role | None = None) -> None:
        # The work is done in cogs/lobby_settings.py, as is /uno defaults'.
        await self.settings_commands.change(
            interaction, language=language, colorblind=colorblind,
            server_language=server_language, ai_takeover=ai_takeover, turn_ping=turn_ping,
            dm_turns=dm_turns, tournament_role=tournament_role)

    @uno.command(name="defaults", description="Save this lobby's rules as the server's default "
                 "(Manage Server)")
    @app_commands.describe(clear="Forget the saved default rules")
    async def defaults(self, interaction: Interaction, clear: bool = False) -> None:
        await self.settings_commands.save_defaults(interaction, clear=clear)

    @uno.command(name="rules", description="Show the rules of this channel's game")
    async def rules(self, interaction: Interaction) -> None:
        channel_id = interaction.channel_id or 0
        locale = user_locale(interaction)
        session = self.games.in_channel(channel_id)
        if session is not None:
            rules = session.view().rules
        else:
            lobby = await self.lobbies.get(channel_id)
            rules = RuleSet.build(lobby.preset, lobby.options) if lobby else RuleSet.classic()
        await send(interaction, **v2(rules_summary(rules, locale)), ephemeral=True)

    @uno.command(name="help", description="A short guide: starting, a turn, the buttons and "
                 "commands")
    async def help(self, interaction: Interaction) -> None:
        """A short guide in the user's language, with the rules in force here when a game (or
        a lobby) is on: the Rules button's summary."""
        channel_id = interaction.channel_id or 0
        locale = user_locale(interaction)
        session = self.games.in_channel(channel_id)
        lobby = await self.lobbies.get(channel_id) if session is None else None
        rules = (session.view().rules if session is not None
                 else rules_of(lobby) if lobby is not None else None)
        # Two messages: the guide and the rules together can pass the 4,000 characters of a
        # V2 message's text (4,136 in French, docs/DISCORD-FACTS.md).
        await send(interaction, **v2(render_help(locale, rules_follow=rules is not None)),
                   ephemeral=True)
        if rules is not None:
            await send(interaction, **v2(rules_summary(rules, locale)), ephemeral=True)

    # -- lobby buttons

    async def lobby_button(self, interaction: Interaction, what: LobbyControl,
                           channel_id: int) -> None:
        lobby = await self._clicked_lobby(interaction, channel_id)
        # A button of an older lobby of this channel is stale (the id is recorded right after the
        # lobby message is posted, so a very fast first click may come before it).
        if lobby is None or (interaction.message is not None and lobby.message_id is not None
                             and lobby.message_id != interaction.message.id):
            await refuse(interaction, Refusal("lobby.gone"))
            return
        if what is LobbyControl.START:
            await self._start(interaction)
        elif what is LobbyControl.ADD_AI:
            await self.ai_seats.pick_level(interaction, lobby)
        elif what is LobbyControl.REMOVE_AI:
            await self.ai_seats.pick_seat(interaction, lobby)
        elif what in (LobbyControl.JOIN, LobbyControl.LEAVE):
            await self._lobby_change(interaction, what)
        else:  # the pickers' own buttons come through add_ai and remove_ai
            await refuse(interaction, Refusal("error.stale_button"))

    async def add_ai(self, interaction: Interaction, channel_id: int, level: str) -> None:
        """The Add AI picker's button of one level (its own message, not the lobby's)."""
        if await self._clicked_lobby(interaction, channel_id) is None:
            await refuse(interaction, Refusal("lobby.gone"))
            return
        await self.ai_seats.add(interaction, channel_id, level)

    async def remove_ai(self, interaction: Interaction, channel_id: int, ai_user: int) -> None:
        """The Remove AI picker's button of one seated AI (its own message)."""
        if await self._clicked_lobby(interaction, channel_id) is None:
            await refuse(interaction, Refusal("lobby.gone"))
            return
        await self.ai_seats.remove(interaction, channel_id, ai_user)

    async def _clicked_lobby(self, interaction: Interaction,
                             channel_id: int) -> LobbyRecord | None:
        """The lobby of the channel clicked in: a button naming another channel must not act
        at all (here or there)."""
        return (await self.lobbies.get(channel_id)
                if channel_id == interaction.channel_id else None)

    async def rules_select(self, interaction: Interaction, group: str, channel_id: int,
                           values: list[str]) -> None:
        """The host changed a group of options: the lobby message shows the new rules."""
        async with self.lobbies.changing(channel_id):
            lobby = await self.lobbies.get(channel_id)
            try:
                self._not_started(channel_id)
                if lobby is None or (interaction.message is not None
                                     and lobby.message_id is not None
                                     and lobby.message_id != interaction.message.id):
                    raise Refusal("lobby.gone")
                if group == "silence" and values != ["off"] and without_bot(interaction):
                    raise Refusal("anywhere.no_silence")  # no message events reach the bot
                lobby = await self.lobbies.set_rules(channel_id, interaction.user.id, group,
                                                     values)
            except Refusal as refusal:
                await refuse(interaction, refusal)
                return
            await update(interaction, **_lobby_fields(interaction, lobby))
            await lobby_answered(self.bot, interaction, clicked(interaction))

    async def rematch(self, interaction: Interaction, game_id: str, rules: RuleSet,
                      turn_timer: int, host_seat: int) -> None:
        """Rematch under a won match's table: a new lobby in this channel with the match's
        players (those who stayed to the end) seated, its rules, timer and host. The players
        come from the match's record (a player who used forget-me is not seated again)."""
        channel_id, guild_id = interaction.channel_id or 0, interaction.guild_id or 0
        match = await self.results.match(game_id)
        if match is None or match.guild_id != place_id(interaction):  # a group DM's: its own
            await refuse(interaction, Refusal("rematch.gone"))
            return
        if all(seat.user_id != interaction.user.id for seat in match.seats):
            await refuse(interaction, Refusal("rematch.not_player"))
            return
        busy = ("lobby.busy_game" if self.games.in_channel(channel_id) is not None
                else "lobby.busy_lobby" if await self.lobbies.get(channel_id) else None)
        if busy is not None:
            await self._refuse_busy(interaction, Refusal(busy))
            return
        seats = sorted((s for s in match.seats if not s.forfeited and s.user_id > 0),
                       key=lambda s: s.seat)
        host = next((s.user_id for s in seats if s.seat == host_seat), interaction.user.id)
        names = {s.user_id: s.name for s in seats}
        names[interaction.user.id] = _display_name(interaction.user)
        # The host sits first, the others in the order they sat, from the host on.
        order = [s.user_id for s in seats]
        if host in order:
            order = order[order.index(host):] + order[:order.index(host)]
        async with self.lobbies.changing(channel_id):
            try:
                lobby = await self.lobbies.rematch(
                    guild_id=guild_id, channel_id=channel_id, host_id=host,
                    players=[(user_id, names.get(user_id, "")) for user_id in order],
                    rules=rules, turn_timer=turn_timer)
            except Refusal as refusal:
                await self._refuse_busy(interaction, refusal)
                return
            await self._post_lobby(interaction, lobby)

    # -- the work behind commands and buttons

    def _not_started(self, channel_id: int) -> None:
        """A lobby change that comes after the start is refused, saying why."""
        if self.games.in_channel(channel_id) is not None:
            raise Refusal("lobby.game_running")

    async def _lobby_change(self, interaction: Interaction, what: LobbyControl) -> None:
        channel_id = interaction.channel_id or 0
        async with self.lobbies.changing(channel_id):
            await self._change_lobby(interaction, channel_id, what)

    async def _change_lobby(self, interaction: Interaction, channel_id: int,
                           what: LobbyControl) -> None:
        user = interaction.user
        before = await self.lobbies.get(channel_id)
        lobby: LobbyRecord | None
        try:
            self._not_started(channel_id)
            if what is LobbyControl.JOIN:
                lobby = await self.lobbies.join(channel_id, user.id, _display_name(user))
            else:
                lobby = await self.lobbies.leave(channel_id, user.id)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        if lobby is None:  # the last player left: the lobby is closed
            closed = render_closed_lobby(guild_locale(interaction), "lobby.emptied")
            if self._on_lobby_message(interaction):
                await update(interaction, **v2(closed))
            else:
                await tell(interaction, say(interaction, "lobby.left"))
                if before is not None:
                    await self.board.edit(before, closed)
            return
        if self._on_lobby_message(interaction):
            await update(interaction, **_lobby_fields(interaction, lobby))
            await lobby_answered(self.bot, interaction, clicked(interaction))
            return
        joined = what is LobbyControl.JOIN
        await tell(interaction, say(interaction, "lobby.joined" if joined else "lobby.left"))
        await self._show_lobby(interaction, lobby)

    async def _start(self, interaction: Interaction) -> None:
        channel_id = interaction.channel_id or 0
        async with self.lobbies.changing(channel_id):
            try:
                lobby = await self.lobbies.check_start(channel_id, interaction.user.id)
                tokens = await self.board.is_place(channel_id)  # issue 30: no bot there
                session = await self.games.start(lobby, locale=guild_locale(interaction),
                                                 tokens=tokens)
            except Refusal as refusal:
                await refuse(interaction, refusal)
                return
            self.lobbies.started(channel_id)
        if session.tokens:
            await post_token_table(self.bot, interaction, session)
        else:
            await self.table_feed.post_first(interaction, session)
        await self.board.edit(lobby, render_closed_lobby(
            guild_locale(interaction), "lobby.started"))

    # -- lobby message helpers

    async def _post_lobby(self, interaction: Interaction, lobby: LobbyRecord) -> None:
        """A new lobby's message, as the answer; its id is kept so its buttons find it."""
        # Its text names the host: shown, not pinged.
        sent = await send(interaction, allowed_mentions=discord.AllowedMentions.none(),
                          **_lobby_fields(interaction, lobby))
        await lobby_answered(self.bot, interaction, sent)
        message = await sent.message()
        try:
            await self.lobbies.set_message(lobby.channel_id, message.id)
        except NotFound:
            # Joined and started (or ended) through this very message before its id could be
            # stored: no lobby is left to remember it for.
            log.info("lobby in channel %s gone before its message was stored", lobby.channel_id)

    def _on_lobby_message(self, interaction: Interaction) -> bool:
        return interaction.type is discord.InteractionType.component

    async def _show_lobby(self, interaction: Interaction, lobby: LobbyRecord) -> None:
        locale = guild_locale(interaction)
        await self.board.edit(lobby, render_lobby(lobby, locale),
                              lambda: lobby_view(lobby, locale), lead=_limits(interaction))

    async def _refuse_busy(self, interaction: Interaction, refusal: Refusal) -> None:
        """A second game in a channel: point at the one already there."""
        channel_id = interaction.channel_id or 0
        session = self.games.in_channel(channel_id)
        message_id = session.message_id if session else None
        if message_id is None:
            lobby = await self.lobbies.get(channel_id)
            message_id = lobby.message_id if lobby else None
        link = (f"https://discord.com/channels/{interaction.guild_id}/{channel_id}/{message_id}"
                if message_id else "")
        await tell(interaction, say(interaction, refusal.key, link=link, **refusal.params))


def _limits(interaction: Interaction) -> str:
    """Where the bot is not a member, the lobby says what cannot work there (issue 30)."""
    return say(interaction, "anywhere.limits") if without_bot(interaction) else ""


def _lobby_fields(interaction: Interaction, lobby: LobbyRecord) -> dict[str, Any]:
    """The lobby message's fields: the lobby in the server's language, its controls."""
    locale = guild_locale(interaction)
    return v2(render_lobby(lobby, locale), lobby_view(lobby, locale), lead=_limits(interaction))


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Lobby(bot))
