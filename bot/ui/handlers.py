"""What a button's click is handed to, and where the bot keeps those handlers.

The dynamic items (bot/ui/items.py) parse their own ids and then call one of these protocols (a
handler may raise `Refusal`: the item answers it); the cogs implement them and bind themselves
into the bot's `Handlers` when they load (and unbind when they unload), so an item never looks a
cog up by name and the type checker sees every call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bot.engine import Action, Card, Preset, RuleSet
from bot.interactions import Interaction
from bot.services.session import Session
from bot.storage import Board, Period

from .controls import LobbyControl, TableControl, TournamentControl

Builder = Callable[[Session, str], Action]  # the action a click asks for, once its player is known


class LobbyHandler(Protocol):
    async def lobby_button(self, interaction: Interaction, what: LobbyControl,
                           channel_id: int) -> None: ...

    async def add_ai(self, interaction: Interaction, channel_id: int, level: str) -> None: ...

    async def remove_ai(self, interaction: Interaction, channel_id: int,
                        ai_user: int) -> None: ...

    async def rules_select(self, interaction: Interaction, group: str, channel_id: int,
                           values: list[str]) -> None: ...

    async def rematch(self, interaction: Interaction, game_id: str, rules: RuleSet,
                      turn_timer: int, host_seat: int) -> None: ...


class PlayHandler(Protocol):
    async def table_button(self, interaction: Interaction, game_id: str,
                           what: TableControl) -> None: ...

    async def match_rules(self, interaction: Interaction, rules: RuleSet) -> None: ...

    # `context`: the player's context mark the control was drawn with (None on an id of an
    # older release): an older version still acts while it is unchanged.
    async def act(self, interaction: Interaction, game_id: str, version: int,
                  build: Builder, context: int | None = None) -> None: ...

    async def pick(self, interaction: Interaction, game_id: str, version: int, card: Card,
                   uno: bool, page: int, context: int | None = None) -> None: ...

    async def page(self, interaction: Interaction, game_id: str, page: int) -> None: ...

    async def why(self, interaction: Interaction, game_id: str, version: int,
                  card: Card, context: int | None = None) -> None: ...


class SoloHandler(Protocol):
    """A solo game's message (issue 30): the play cog hands its clicks here."""

    async def act(self, interaction: Interaction, game_id: str, version: int | None,
                  build: Builder, context: int | None = None) -> None: ...

    async def show(self, interaction: Interaction, session: Session, *,
                   notes: list[str] | None = None, page: int = 0,
                   picking: Card | None = None) -> None: ...

    async def table_button(self, interaction: Interaction, session: Session,
                           build: Builder | None) -> None: ...

    async def why(self, interaction: Interaction, session: Session, player: str, card: Card,
                  version: int, context: int | None) -> None: ...


class ScoringHandler(Protocol):
    async def leaderboard_button(self, interaction: Interaction, board: Board, period: Period,
                                 preset: Preset | None, page: int) -> None: ...

    async def forget_button(self, interaction: Interaction, user_id: int) -> None: ...


class TournamentHandler(Protocol):
    async def tournament_button(self, interaction: Interaction, what: TournamentControl,
                                tournament_id: str) -> None: ...


class NotLoaded(RuntimeError):
    """A click arrived for a part of the bot that is not loaded (during start-up or unload)."""


@dataclass
class Handlers:
    lobby_handler: LobbyHandler | None = None
    play_handler: PlayHandler | None = None
    scoring_handler: ScoringHandler | None = None
    solo_handler: SoloHandler | None = None
    tournament_handler: TournamentHandler | None = None

    @property
    def lobby(self) -> LobbyHandler:
        if self.lobby_handler is None:
            raise NotLoaded("lobby")
        return self.lobby_handler

    @property
    def play(self) -> PlayHandler:
        if self.play_handler is None:
            raise NotLoaded("play")
        return self.play_handler

    @property
    def solo(self) -> SoloHandler:
        if self.solo_handler is None:
            raise NotLoaded("solo")
        return self.solo_handler

    @property
    def scoring(self) -> ScoringHandler:
        if self.scoring_handler is None:
            raise NotLoaded("scoring")
        return self.scoring_handler

    @property
    def tournament(self) -> TournamentHandler:
        if self.tournament_handler is None:
            raise NotLoaded("tournament")
        return self.tournament_handler
