"""The rules engine: pure, deterministic, standard library only.

No Discord, no asyncio, no database and no user-facing text live here (see docs/STYLE.md); the
bot and AI players read a game through `player_view` and change it only through `Game.apply`.
What this package exports is the engine's public surface; everything else is private.
"""

from ._arrange import arranged
from ._flip import FlipGame
from ._game import Game, variant_of
from ._nomercy import KNOCKOUT_POINTS, NoMercyGame
from ._serialize import dump, load
from ._state import AnswerMode, Pending, PendingKind, Silence, Slap
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
    PRESET_RULES,
    PRESETS,
    REFUSED_IN_FLIP,
    REFUSED_IN_NO_MERCY,
    SILENCE_VALUES,
    SUPPORTED_PRESETS,
    Options,
    Preset,
    PresetRules,
    RuleSet,
    ScoringMode,
    SilenceMode,
    preset_of,
)

__all__ = [
    "CONFLICTS", "DARK_COLORS", "KNOCKOUT_POINTS", "LIGHT_COLORS", "OPTION_NAMES", "PRESETS",
    "PRESET_RULES", "REFUSED_IN_FLIP", "REFUSED_IN_NO_MERCY", "SILENCE_VALUES",
    "SUPPORTED_PRESETS", "Action", "ActionType", "AnswerMode", "Card", "CardParseError", "Color",
    "ErrorCode", "Event", "EventReason", "EventType", "FlipCard", "FlipGame", "Game",
    "IllegalAction", "NoMercyGame", "Options", "Pending", "PendingKind", "PendingView",
    "PlayerView", "Preset", "PresetRules", "Rank", "RuleSet", "RulesError", "ScoringMode", "Side",
    "Silence", "SilenceMode", "Slap", "StaleView", "ViewSnapshot", "all_cards", "arranged", "card",
    "classic_deck", "dump", "flip_card", "flip_faces", "load", "no_mercy_deck", "player_view",
    "preset_of", "timeout_action", "variant_of",
]
