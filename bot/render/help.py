"""`/uno help`: a short guide in the reader's language, built from the same keys as the table
(its buttons' labels), the slash commands (their descriptions) and the Rules button."""

from __future__ import annotations

import discord

from .text import NEUTRAL, tr

# The lobby's and the table's buttons, as `help.button.<key>` explains them beside
# `button.<key>`'s label.
TABLE_BUTTONS = ("add_ai", "hand", "uno", "catch", "rules", "watch", "jump_in", "slap",
                 "next_round", "rematch")
ANSWER_BUTTONS = ("challenge", "accept", "stack", "deflect", "bounce", "swap")
# The /uno commands, in the order a newcomer meets them.
COMMANDS = ("create", "join", "start", "leave", "kick", "end", "rules", "help", "settings",
            "defaults", "leaderboard", "stats", "forget-me")
FIELD_LIMIT = 1024


def _fit(lines: list[str]) -> str:
    text = "\n".join(lines)
    return text if len(text) <= FIELD_LIMIT else text[:FIELD_LIMIT - 1] + "…"


def _buttons(locale: str, keys: tuple[str, ...]) -> str:
    return _fit([f"**{tr(locale, f'button.{key}')}** — {tr(locale, f'help.button.{key}')}"
                 for key in keys])


def render_help(locale: str, *, rules_follow: bool = False) -> discord.Embed:
    """How to start, a turn, each table button, the commands; `rules_follow`: the rules in
    force here come next (the Rules button's summary)."""
    labels = {name: tr(locale, f"button.{name}")
              for name in ("join", "start", "hand", "draw", "pass", "uno")}
    intro = tr(locale, "help.intro")
    if rules_follow:
        intro += "\n" + tr(locale, "help.here")
    embed = discord.Embed(title=tr(locale, "help.title"), color=NEUTRAL, description=intro)
    embed.add_field(name=tr(locale, "help.start.name"),
                    value=tr(locale, "help.start.text", **labels), inline=False)
    embed.add_field(name=tr(locale, "help.turn.name"),
                    value=tr(locale, "help.turn.text", **labels), inline=False)
    embed.add_field(name=tr(locale, "help.buttons.name"), value=_buttons(locale, TABLE_BUTTONS),
                    inline=False)
    embed.add_field(name=tr(locale, "help.buttons.answers"),
                    value=_buttons(locale, ANSWER_BUTTONS), inline=False)
    commands = [f"`/uno {name}` — {tr(locale, f'command.uno.{name}.description')}"
                for name in COMMANDS]
    embed.add_field(name=tr(locale, "help.commands"), value=_fit(commands), inline=False)
    return embed
