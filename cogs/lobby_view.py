"""The lobby message's controls (Join, Leave, Start, Add/Remove AI and the host's rules editor)
and the host's AI pickers, built from a lobby record; the lobby cog (cogs/lobby.py) sends them."""

from __future__ import annotations

import discord

from bot.ai import LEVELS
from bot.engine import SILENCE_VALUES
from bot.i18n import get_translator
from bot.render.text import shortened
from bot.services.lobbies import RULE_GROUPS, editable_options, rules_of
from bot.services.seats import is_ai_user
from bot.storage import LobbyRecord
from bot.ui.controls import LobbyControl
from bot.ui.items import LobbyButton, RulesSelect
from bot.ui.layout import Controls

Style = discord.ButtonStyle


def lobby_view(lobby: LobbyRecord, locale: str) -> Controls:
    """Join / Leave / Start, and the host's rules editor: a select per group of options, showing
    the rules in force (the preset's plus the host's choices)."""
    tr = get_translator()
    view = Controls()
    view.add_item(LobbyButton(LobbyControl.JOIN, lobby.channel_id, style=Style.success,
                              label=tr.translate(locale, "button.join")))
    view.add_item(LobbyButton(LobbyControl.LEAVE, lobby.channel_id,
                              label=tr.translate(locale, "button.leave")))
    view.add_item(LobbyButton(LobbyControl.START, lobby.channel_id, style=Style.primary,
                              label=tr.translate(locale, "button.start")))
    view.add_item(LobbyButton(LobbyControl.ADD_AI, lobby.channel_id,
                              label=tr.translate(locale, "button.add_ai")))
    if any(is_ai_user(user_id) for user_id in lobby.player_ids):
        view.add_item(LobbyButton(LobbyControl.REMOVE_AI, lobby.channel_id,
                                  label=tr.translate(locale, "button.remove_ai")))
    rules = rules_of(lobby).options
    for row, group in enumerate(RULE_GROUPS, start=1):
        names = editable_options(lobby.preset, group)
        if not names:
            continue
        options = [discord.SelectOption(
            label=shortened(tr.translate(locale, f"option.{name}.name"), 100), value=name,
            description=shortened(tr.translate(locale, f"option.{name}.description"), 100),
            default=bool(getattr(rules, name))) for name in names]
        view.add_item(RulesSelect(group, lobby.channel_id, options=options, row=row,
                                  placeholder=tr.translate(locale, f"lobby.group.{group}"),
                                  max_values=len(options)))
    # Discord shows the chosen option in place of the placeholder: each label names the rule.
    silence = [discord.SelectOption(label=tr.translate(locale, f"option.silence.full.{value}"),
                                    value=value, default=rules.silence == value)
               for value in SILENCE_VALUES]
    view.add_item(RulesSelect("silence", lobby.channel_id, options=silence, row=4, min_values=1,
                              placeholder=tr.translate(locale, "option.silence.name")))
    return view


def ai_level_picker(channel_id: int, locale: str) -> discord.ui.View:
    """Add AI: a button per level, for the host's eyes only."""
    tr = get_translator()
    view = discord.ui.View(timeout=None)
    for level in LEVELS:
        view.add_item(LobbyButton(LobbyControl.AI_LEVEL, channel_id, level=level,
                                  label=tr.translate(locale, f"button.ai_{level}")))
    return view


def ai_seat_picker(lobby: LobbyRecord) -> discord.ui.View:
    """Remove AI: a button per seated AI player, for the host's eyes only."""
    view = discord.ui.View(timeout=None)
    for user_id in lobby.player_ids:
        if is_ai_user(user_id):
            view.add_item(LobbyButton(LobbyControl.UNSEAT, lobby.channel_id, ai_user=user_id,
                                      label=lobby.names.get(user_id, "")[:80] or "🤖"))
    return view
