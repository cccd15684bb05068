"""`/uno help`: a short guide in the reader's language, built from the same keys as the table
(its buttons' labels), the slash commands (their descriptions) and the Rules button."""

from __future__ import annotations

from .shown import Shown
from .text import NEUTRAL, tr

# The lobby's and the table's buttons, as `help.button.<key>` explains them beside
# `button.<key>`'s label.
TABLE_BUTTONS = ("add_ai", "hand", "uno", "catch", "rules", "watch", "jump_in", "slap",
                 "next_round", "rematch")
ANSWER_BUTTONS = ("challenge", "accept", "stack", "deflect", "bounce", "swap")
# The /uno commands, in the order a newcomer meets them.
COMMANDS = ("create", "join", "start", "leave", "kick", "end", "rules", "help", "settings",
            "defaults", "leaderboard", "stats", "forget-me")


def _buttons(locale: str, keys: tuple[str, ...]) -> str:
    return "\n".join(f"**{tr(locale, f'button.{key}')}** — {tr(locale, f'help.button.{key}')}"
                     for key in keys)


def render_help(locale: str, *, rules_follow: bool = False) -> Shown:
    """How to start, a turn, each table button, the commands; `rules_follow`: the rules in
    force here come next (the Rules button's summary)."""
    labels = {name: tr(locale, f"button.{name}")
              for name in ("join", "start", "hand", "draw", "pass", "uno")}
    intro = tr(locale, "help.intro")
    if rules_follow:
        intro += "\n" + tr(locale, "help.here")
    shown = Shown(title=tr(locale, "help.title"), colour=NEUTRAL, text=intro)
    shown.add(tr(locale, "help.start.name"), tr(locale, "help.start.text", **labels))
    shown.add(tr(locale, "help.turn.name"), tr(locale, "help.turn.text", **labels))
    shown.add(tr(locale, "help.buttons.name"), _buttons(locale, TABLE_BUTTONS))
    shown.add(tr(locale, "help.buttons.answers"), _buttons(locale, ANSWER_BUTTONS))
    shown.add(tr(locale, "help.commands"),
              "\n".join(f"`/uno {name}` — {tr(locale, f'command.uno.{name}.description')}"
                        for name in COMMANDS))
    return shown
