"""Where an interaction comes from (issue 30): a server that added the bot, the bot's DM, or a
place the bot is not a member of (a group DM, a server reached through a user's install), where
only interaction tokens reach the channel (docs/DISCORD-FACTS.md, "Playing anywhere")."""

from __future__ import annotations

from bot.interactions import Interaction


def in_bots_server(interaction: Interaction) -> bool:
    """Whether the interaction comes from a server that added the bot (its guild install)."""
    return interaction.guild_id is not None and interaction.is_guild_integration()


def place_id(interaction: Interaction) -> int:
    """Where results are kept and read: the server; in a group DM, the group DM itself (its
    leaderboard is its own); in the bot's DM, 0: the player's own (solo games)."""
    if interaction.guild_id is not None:
        return interaction.guild_id
    if interaction.context.private_channel:
        return interaction.channel_id or 0
    return 0


def without_bot(interaction: Interaction) -> bool:
    """A shared place the bot is not a member of: a group DM, or a server that never added it.
    (The bot's DM is neither: only its one user is there.)"""
    return not in_bots_server(interaction) and interaction.context.dm_channel is not True


def may_moderate(interaction: Interaction) -> bool:
    """Whether the user may end what others host: Manage Channels; where the bot is not a
    member, Manage Server too, as the interaction's member permissions say (a group DM's
    say nothing: there only the host may)."""
    permissions = interaction.permissions
    return bool(permissions.manage_channels
                or (without_bot(interaction) and permissions.manage_guild))
