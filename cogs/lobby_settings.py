"""The work of `/uno settings` (a player's language, card faces and turn DMs; the server's
language, AI takeover and turn pings) and `/uno defaults` (a lobby's rules as the server's
default). The commands themselves are declared in the lobby cog, in their place in the `/uno`
group, so the commands Discord is sent stay as they were."""

from __future__ import annotations

import discord
from discord.app_commands import Choice

from bot.i18n import KNOWN_LOCALES, get_translator
from bot.interactions import Interaction
from bot.outlets.pings import ping_delay
from bot.render.rules import rules_summary
from bot.services.errors import Refusal
from bot.services.lobbies import LobbyService, rules_of
from bot.services.settings import SettingsService
from bot.ui.answers import send
from bot.ui.layout import v2
from bot.ui.replies import refuse, say, tell, user_locale

# When a server's tables ping the player they wait for (bot/outlets/pings.py); "after-N" is
# stored N.
TURN_PING_CHOICES = [Choice(name="At once", value="always"),
                     Choice(name="After 10 seconds of waiting", value="after-10"),
                     Choice(name="After 30 seconds of waiting", value="after-30"),
                     Choice(name="After a minute of waiting", value="after-60"),
                     Choice(name="Never", value="never")]
# Every language with a locale file, each by its own name (`language.name`, never translated: a
# reader looks for their language's name as they write it).
LANGUAGE_CHOICES = [Choice(name="Automatic", value="auto"), *(
    Choice(name=get_translator().translate(code, "language.name"), value=code)
    for code in KNOWN_LOCALES if code in get_translator().locales)]


class SettingsCommands:
    """What `/uno settings` and `/uno defaults` change, and what they answer."""

    def __init__(self, settings: SettingsService, lobbies: LobbyService) -> None:
        self.settings = settings
        self.lobbies = lobbies

    async def change(self, interaction: Interaction, *, language: str | None,
                     colorblind: bool | None, server_language: str | None,
                     ai_takeover: bool | None, turn_ping: str | None,
                     dm_turns: bool | None, tournament_role: discord.Role | None) -> None:
        settings = self.settings
        try:
            if any(choice is not None for choice in (server_language, ai_takeover, turn_ping,
                                                     tournament_role)):
                if not interaction.permissions.manage_guild:
                    raise Refusal("settings.manage_guild_only")
            if tournament_role is not None:  # @everyone: Manage Server only again
                await settings.set_guild(interaction.guild_id or 0, tournament_role=None
                                         if tournament_role.is_default() else tournament_role.id)
            if turn_ping is not None:
                await settings.set_guild(interaction.guild_id or 0,
                                         turn_ping=turn_ping.removeprefix("after-"))
            if server_language is not None:
                await settings.set_guild(interaction.guild_id or 0,
                                         locale=None if server_language == "auto"
                                         else server_language)
            if ai_takeover is not None:
                await settings.set_guild(interaction.guild_id or 0, ai_takeover=ai_takeover)
            if language is not None:
                await settings.set_user(interaction.user.id,
                                        locale=None if language == "auto" else language)
            if colorblind is not None or dm_turns is not None:
                await settings.set_user(interaction.user.id, colorblind=colorblind,
                                        dm_turns=dm_turns)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        await tell(interaction, self._settings_text(interaction))

    def _settings_text(self, interaction: Interaction) -> str:
        """The settings in force for this user here, in the language they now get."""
        settings = self.settings
        user, guild = (settings.user(interaction.user.id),
                       settings.guild(interaction.guild_id))

        def language(code: str | None) -> str:  # a language's name in that language
            return (say(interaction, "settings.auto") if code is None
                    else get_translator().translate(code, "language.name"))

        return "\n".join((
            say(interaction, "settings.summary", language=language(user.locale),
                server_language=language(guild.locale),
                colorblind=say(interaction, "rules.on" if user.colorblind else "rules.off")),
            say(interaction, "settings.ai_takeover",
                state=say(interaction, "rules.on" if guild.ai_takeover else "rules.off")),
            say(interaction, "settings.turn_ping", when=self._ping_when(interaction,
                                                                         guild.turn_ping)),
            say(interaction, "settings.dm_turns",
                state=say(interaction, "rules.on" if user.dm_turns else "rules.off")),
            say(interaction, "settings.tournament_role", who=say(
                interaction, "settings.tournament_role_none") if guild.tournament_role is None
                else say(interaction, "settings.tournament_role_some",
                         role=f"<@&{guild.tournament_role}>"))))

    @staticmethod
    def _ping_when(interaction: Interaction, setting: str | None) -> str:
        delay = ping_delay(setting)
        if delay is None:
            return say(interaction, "settings.ping_never")
        if not delay:
            return say(interaction, "settings.ping_always")
        return say(interaction, "settings.ping_after", seconds=f"{delay:g}")

    async def save_defaults(self, interaction: Interaction, *, clear: bool) -> None:
        try:
            if not interaction.permissions.manage_guild:
                raise Refusal("settings.manage_guild_only")
            guild_id = interaction.guild_id or 0
            if clear:
                await self.settings.set_guild(guild_id, preset=None, options={},
                                              turn_timer=None)
                await tell(interaction, say(interaction, "settings.defaults_cleared"))
                return
            lobby = await self.lobbies.get(interaction.channel_id or 0)
            if lobby is None:
                raise Refusal("settings.defaults_need_lobby")
            await self.settings.set_guild(guild_id, preset=lobby.preset,
                                          options=dict(lobby.options),
                                          turn_timer=lobby.turn_timer)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        await send(interaction, ephemeral=True, **v2(
            rules_summary(rules_of(lobby), user_locale(interaction)),
            lead=say(interaction, "settings.defaults_saved")))
