"""Where an app can be used besides the servers that invited its bot (issue 30): the DM with the
bot, group DMs, and servers that never invited it, reached through a user's own install.

What Discord documents for them (docs/DISCORD-FACTS.md, "Playing anywhere") and the fake
enforces here:
- an interaction carries `context` (0 guild, 1 the bot's DM, 2 a group DM or another DM) and
  `authorizing_integration_owners` ({"0": guild id or "0" in the bot's DM} for the server's
  install, {"1": user id} for a user's);
- the bot's token reaches no group DM and no channel of a server the bot is not in: Discord
  answers 403, 50001 Missing Access, and the fake records it, which fails the test;
- an interaction authorized by a user install alone allows at most 5 follow-ups;
- the bot gets no gateway event of a channel it is not in (no MESSAGE_CREATE there).
"""

from __future__ import annotations

from typing import Any

from .replies import DiscordError
from .world import DM_CHANNEL, GROUP_DM, Channel, Guild, Member, StoredMessage

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2  # interaction context types
GUILD_INSTALL, USER_INSTALL = 0, 1  # application integration types
USER_INSTALL_FOLLOWUPS = 5  # follow-ups per interaction authorized by a user install alone
# What the app may do in a DM or group DM (Discord's permissions there: attach files, embed
# links, mention everyone, and external emoji in its own DM), or where it is not a member.
PRIVATE_PERMISSIONS = (1 << 15) | (1 << 14) | (1 << 17) | (1 << 18)
MISSING_ACCESS = 50001


def context_of(channel: Channel) -> int:
    if channel.type == DM_CHANNEL:
        return BOT_DM
    if channel.type == GROUP_DM:
        return PRIVATE_CHANNEL
    return GUILD


def reachable_with_token(channel: Channel, guild: Guild | None) -> bool:
    """Whether the bot's own token reaches the channel: not a group DM, not a server without
    the bot. (The bot's DM is reachable: the fake's DMs of turn pings post there.)"""
    if channel.type == GROUP_DM:
        return False
    return guild is None or guild.has_bot


def refuse_token(channel: Channel, guild: Guild | None) -> None:
    if not reachable_with_token(channel, guild):
        raise DiscordError(403, MISSING_ACCESS, "Missing Access (the bot is not a member of "
                           f"channel {channel.id}: only interaction tokens reach it)")


def member_of(channel: Channel, guild: Guild | None, user: Member) -> bool:
    if channel.private:
        return any(m.id == user.id for m in channel.recipients)
    return guild is not None and user.id in guild.members


def owners(channel: Channel, guild: Guild | None, user: Member, *, installed: bool,
           source: StoredMessage | None) -> dict[str, str]:
    """`authorizing_integration_owners` of an interaction: a click takes those of the
    interaction that made the clicked message (any user who sees a component may use it); a
    command those of the installs it came through (the server's where the bot is, else the
    user's own)."""
    if source is not None:
        meta = source.payload.get("interaction_metadata") or {}
        if meta.get("authorizing_integration_owners"):
            return dict(meta["authorizing_integration_owners"])
    found: dict[str, str] = {}
    if channel.type == DM_CHANNEL:
        found[str(GUILD_INSTALL)] = "0"
    elif guild is not None and guild.has_bot and not channel.private:
        found[str(GUILD_INSTALL)] = str(guild.id)
    if installed:
        found[str(USER_INSTALL)] = str(user.id)
    return found


def check_command_allowed(command: dict[str, Any], context: int, via: dict[str, str]) -> None:
    """Discord offers a command only where its `contexts` and `integration_types` allow:
    anything else is a bug in the test (or in the bot's declaration), raised at once."""
    contexts = command.get("contexts")
    if contexts is not None and context not in contexts:
        raise ValueError(f"/{command['name']} is not offered in context {context} "
                         f"(its contexts: {contexts})")
    installs = command.get("integration_types")
    if installs is None:
        installs = [GUILD_INSTALL]  # Discord's default: the app's guild install only
    if not any(int(key) in installs for key in via):
        raise ValueError(f"/{command['name']} is not offered through installs {sorted(via)} "
                         f"(its integration_types: {installs})")


def check_followup(via: dict[str, str], followups: int) -> None:
    """A user install alone allows 5 follow-ups per interaction (change log of 2024-06-27)."""
    if str(GUILD_INSTALL) not in via and followups >= USER_INSTALL_FOLLOWUPS:
        raise DiscordError(400, 0, f"more than {USER_INSTALL_FOLLOWUPS} follow-ups to an "
                           "interaction of a user-installed app (the status and code of "
                           "Discord's answer are not documented)")


def place_payload(channel: Channel, guild: Guild | None, user: Member, via: dict[str, str],
                  app_permissions: int) -> dict[str, Any]:
    """The parts of an interaction's payload that depend on where it happened."""
    data: dict[str, Any] = {"context": context_of(channel),
                            "authorizing_integration_owners": via,
                            "channel_id": str(channel.id), "channel": channel.payload()}
    if channel.private or guild is None:
        data["user"] = user.user()
        data["app_permissions"] = str(PRIVATE_PERMISSIONS)
        return data
    data.update({"guild_id": str(guild.id),
                 "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                 "member": guild.member_payload(user), "guild_locale": guild.locale,
                 "app_permissions": str(app_permissions if guild.has_bot
                                        else PRIVATE_PERMISSIONS)})
    return data
