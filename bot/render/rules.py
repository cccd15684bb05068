"""The rules in force, as an ephemeral summary in the reader's language; and each option's full
name, as the lobby and the summary show it."""

from __future__ import annotations

from bot.engine import RuleSet

from .shown import Shown
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


def rules_summary(rules: RuleSet, locale: str) -> Shown:
    """The preset (what it is, the target) and every option that is on, each with what it
    does: options the preset switched on are part of it, so they are listed too."""
    preset = rules.preset
    shown = Shown(title=tr(locale, "rules.in_force"), colour=NEUTRAL,
                  text=tr(locale, f"preset.{preset}.description"))
    shown.add(tr(locale, "rules.preset", preset=tr(locale, f"preset.{preset}.name")),
              tr(locale, "rules.target", count=rules.options.target_score))
    options = [f"**{option_title(rules, name, locale)}** — "
               f"{tr(locale, f'option.{name}.description')}"
               for name in rules.enabled() if name != "target_score"]
    shown.add(tr(locale, "rules.options"),
              "\n".join(options) or tr(locale, "rules.no_house_rules"))
    return shown
