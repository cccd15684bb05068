"""Old import path, kept so existing imports keep working: import from `bot.engine` instead."""

from ._state import AnswerMode, Pending, PendingKind

__all__ = ["AnswerMode", "Pending", "PendingKind"]
