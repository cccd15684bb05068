"""The lobby message: who has joined, the rules chosen, and how long it stays open."""

from __future__ import annotations

from bot.engine import RuleSet
from bot.services.lobbies import LOBBY_IDLE_SECONDS, max_players
from bot.storage import LobbyRecord

from .events import escape_name
from .rules import option_title
from .shown import Shown
from .text import NEUTRAL, tr


def render_lobby(lobby: LobbyRecord, locale: str) -> Shown:
    shown = Shown(title=tr(locale, "lobby.title"), colour=NEUTRAL,
                  text=tr(locale, "lobby.description", host=f"<@{lobby.host_id}>"))
    preset = tr(locale, f"preset.{lobby.preset}.name")
    rules = RuleSet.build(lobby.preset, lobby.options)
    # Each option by its full name ("Silence after a 2"); the target has its own line.
    house = [option_title(rules, name, locale) for name in rules.enabled()
             if name != "target_score"]
    shown.add(tr(locale, "lobby.rules"),
              f"**{preset}** — {tr(locale, f'preset.{lobby.preset}.description')}\n"
              + tr(locale, "rules.target", count=rules.options.target_score) + "\n"
              + (", ".join(house) if house else tr(locale, "rules.no_house_rules")))
    timer = (tr(locale, "table.timer", seconds=lobby.turn_timer) if lobby.turn_timer
             else tr(locale, "table.timer_off"))
    shown.add(tr(locale, "lobby.turn_timer"), timer)
    players = []
    for seat, user_id in enumerate(lobby.player_ids, start=1):
        name = escape_name(lobby.names.get(user_id) or str(user_id))
        host = f" ({tr(locale, 'lobby.host')})" if user_id == lobby.host_id else ""
        players.append(f"{seat}. {name}{host}")
    shown.add(tr(locale, "lobby.players", count=len(lobby.player_ids),
                 max=max_players(lobby.preset)), "\n".join(players))
    shown.footer = tr(locale, "lobby.expiry", minutes=LOBBY_IDLE_SECONDS // 60)
    return shown


def render_closed_lobby(locale: str, key: str, *, player: str | None = None) -> Shown:
    """A lobby that is over (started, ended, expired): no buttons, one line saying why (and
    who, by their name as typed)."""
    params = {"player": escape_name(player)} if player is not None else {}
    return Shown(title=tr(locale, "lobby.title"), colour=NEUTRAL, text=tr(locale, key, **params))
