"""The rules in force, as an ephemeral summary in the reader's language; and each option's full
name, as the lobby and the summary show it."""

from __future__ import annotations

import discord

from bot.engine import RuleSet

from .text import NEUTRAL, tr


def option_title(rules: RuleSet, name: str, locale: str) -> str:
    """An option switched on, named fully: what it does when it says more than its name
    ("Silence after a 2", not "Silence"; "Draw cap: 5 cards")."""
    options = rules.options
    if name == "silence":
        return tr(locale, f"option.silence.full.{options.silence}")
    if name in ("target_score", "draw_cap"):
        value = tr(locale, f"option.{name}.value", count=getattr(options, name))
        return f"{tr(locale, f'option.{name}.name')}: {value}"
    return tr(locale, f"option.{name}.name")


def rules_summary(rules: RuleSet, locale: str) -> discord.Embed:
    preset = rules.preset
    embed = discord.Embed(title=tr(locale, "rules.in_force"), color=NEUTRAL,
                          description=tr(locale, f"preset.{preset}.description"))
    embed.add_field(name=tr(locale, "rules.preset", preset=tr(locale, f"preset.{preset}.name")),
                    value=tr(locale, "rules.target", count=rules.options.target_score),
                    inline=False)
    # Options the preset switched on are part of it; list every option that is on.
    options = [f"**{option_title(rules, name, locale)}** — "
               f"{tr(locale, f'option.{name}.description')}"
               for name in rules.enabled() if name != "target_score"]
    embed.add_field(name=tr(locale, "rules.options"),
                    value="\n".join(options)[:1024] or tr(locale, "rules.no_house_rules"),
                    inline=False)
    return embed
