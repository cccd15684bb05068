"""Why an action was refused, as the stable codes of docs/REPLAY.md.

The engine carries no user-facing text: `message` is for logs and replay output; the bot maps
`code` to a localized sentence.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    # Declared in REPLAY.md's precedence order: when several apply, the first is reported.
    UNKNOWN_PLAYER = "unknown_player"
    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    NOT_ALLOWED_NOW = "not_allowed_now"
    CARD_DOES_NOT_MATCH = "card_does_not_match"
    COLOR_REQUIRED = "color_required"
    INVALID_TARGET = "invalid_target"


class IllegalAction(ValueError):
    """An action the rules refuse right now. The game state is left exactly as it was."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code.value}: {message}")
        self.code = code
        self.message = message


class RulesError(ValueError):
    """A rule set that cannot be played: unknown option, bad value or a refused combination."""
