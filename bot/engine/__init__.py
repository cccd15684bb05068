"""The rules engine: pure, deterministic, standard library only.

No Discord, no asyncio, no database and no user-facing text live here (see shared/STYLE.md); the
bot and AI players read a game through `player_view` and change it only through `Game.apply`.
"""

from .actions import Action, ActionType
from .cards import Card, Color, Rank, card, classic_deck
from .errors import ErrorCode, IllegalAction, RulesError
from .events import Event
from .game import Game
from .rules import Options, RuleSet
from .serialize import dump, load
from .state import Pending
from .view import PendingView, PlayerView, StaleView, ViewSnapshot, player_view

__all__ = [
    "Action", "ActionType", "Card", "Color", "ErrorCode", "Event", "Game", "IllegalAction",
    "Options", "Pending", "PendingView", "PlayerView", "Rank", "RuleSet", "RulesError",
    "StaleView", "ViewSnapshot", "card", "classic_deck", "dump", "load", "player_view",
]
