"""The sign-up board's buttons (issue 31): `uno:n:<what>:<tournament>`, read back after a
restart like every other dynamic item (bot/ui/items.py)."""

from __future__ import annotations

import re

import discord

from bot.interactions import Interaction

from .context import handlers
from .controls import TournamentControl
from .items import Button, Style, UnoItem


class TournamentButton(UnoItem[Button], template=r"uno:n:(?P<what>"
                                                 + "|".join(TournamentControl) + r"):"
                                                 r"(?P<tournament>[0-9a-f]{1,16})"):
    def __init__(self, what: TournamentControl, tournament_id: str, *, label: str = "",
                 style: Style = Style.secondary) -> None:
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=f"uno:n:{what}:{tournament_id}"))
        self.what, self.tournament_id = what, tournament_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> TournamentButton:
        return cls(TournamentControl(match["what"]), match["tournament"])

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).tournament.tournament_button(
            interaction, self.what, self.tournament_id)


TOURNAMENT_ITEMS = (TournamentButton,)
