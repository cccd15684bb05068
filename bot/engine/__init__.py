"""The rules engine: pure, deterministic, standard library only.

No Discord, no asyncio, no database and no user-facing text live here (see docs/STYLE.md); the
bot and AI players read a game through `player_view` and change it only through `Game.apply`.
What this package exports is the engine's public surface; everything else is private.
"""

from ._flip import FlipGame
from ._game import VARIANTS, Game
from ._nomercy import KNOCKOUT_POINTS, NoMercyGame
from ._serialize import dump, load
from ._state import AnswerMode, Pending, PendingKind
from ._timeouts import timeout_action
from ._view import PendingView, PlayerView, StaleView, ViewSnapshot, player_view
from .actions import Action, ActionType
from .cards import (
    DARK_COLORS,
    LIGHT_COLORS,
    Card,
    CardParseError,
    Color,
    FlipCard,
    Rank,
    Side,
    all_cards,
    card,
    classic_deck,
    flip_card,
    flip_faces,
    no_mercy_deck,
)
from .errors import ErrorCode, IllegalAction, RulesError
from .events import Event, EventReason, EventType
from .rules import (
    CONFLICTS,
    OPTION_NAMES,
    PRESETS,
    REFUSED_IN_FLIP,
    REFUSED_IN_NO_MERCY,
    SILENCE_VALUES,
    SUPPORTED_PRESETS,
    Options,
    RuleSet,
    ScoringMode,
    SilenceMode,
)

__all__ = [
    "CONFLICTS", "DARK_COLORS", "KNOCKOUT_POINTS", "LIGHT_COLORS", "OPTION_NAMES", "PRESETS",
    "REFUSED_IN_FLIP", "REFUSED_IN_NO_MERCY", "SILENCE_VALUES", "SUPPORTED_PRESETS", "VARIANTS",
    "Action", "ActionType", "AnswerMode", "Card", "CardParseError", "Color", "ErrorCode", "Event",
    "EventReason", "EventType", "FlipCard", "FlipGame", "Game", "IllegalAction", "NoMercyGame",
    "Options", "Pending", "PendingKind", "PendingView", "PlayerView", "Rank", "RuleSet",
    "RulesError", "ScoringMode", "Side", "SilenceMode", "StaleView", "ViewSnapshot", "all_cards",
    "card", "classic_deck", "dump", "flip_card", "flip_faces", "load", "no_mercy_deck",
    "player_view", "timeout_action",
]
