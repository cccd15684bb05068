"""The lobby message: who has joined, the rules chosen, and how long it stays open."""

from __future__ import annotations

import discord

from bot.engine import RuleSet
from bot.services.lobbies import LOBBY_IDLE_SECONDS, max_players
from bot.storage import LobbyRecord

from .events import escape_name
from .rules import option_title
from .text import NEUTRAL, tr


def render_lobby(lobby: LobbyRecord, locale: str) -> discord.Embed:
    embed = discord.Embed(title=tr(locale, "lobby.title"), color=NEUTRAL,
                          description=tr(locale, "lobby.description", host=f"<@{lobby.host_id}>"))
    preset = tr(locale, f"preset.{lobby.preset}.name")
    rules = RuleSet.build(lobby.preset, lobby.options)
    # Each option by its full name ("Silence after a 2"); the target has its own line.
    house = [option_title(rules, name, locale) for name in rules.enabled()
             if name != "target_score"]
    embed.add_field(name=tr(locale, "lobby.rules"), inline=False,
                    value=f"**{preset}** — {tr(locale, f'preset.{lobby.preset}.description')}\n"
                          + tr(locale, "rules.target", count=rules.options.target_score) + "\n"
                          + (", ".join(house) if house else tr(locale, "rules.no_house_rules")))
    timer = (tr(locale, "table.timer", seconds=lobby.turn_timer) if lobby.turn_timer
             else tr(locale, "table.timer_off"))
    embed.add_field(name=tr(locale, "lobby.turn_timer"), value=timer, inline=False)
    players = []
    for seat, user_id in enumerate(lobby.player_ids, start=1):
        name = escape_name(lobby.names.get(user_id) or str(user_id))
        host = f" ({tr(locale, 'lobby.host')})" if user_id == lobby.host_id else ""
        players.append(f"{seat}. {name}{host}")
    embed.add_field(name=tr(locale, "lobby.players", count=len(lobby.player_ids),
                            max=max_players(lobby.preset)), value="\n".join(players), inline=False)
    embed.set_footer(text=tr(locale, "lobby.expiry", minutes=LOBBY_IDLE_SECONDS // 60))
    return embed


def render_closed_lobby(locale: str, key: str, *, player: str | None = None) -> discord.Embed:
    """A lobby that is over (started, ended, expired): no buttons, one line saying why (and
    who, by their name as typed)."""
    params = {"player": escape_name(player)} if player is not None else {}
    return discord.Embed(title=tr(locale, "lobby.title"), color=NEUTRAL,
                         description=tr(locale, key, **params))
