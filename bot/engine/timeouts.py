"""Old import path, kept so existing imports keep working: import from `bot.engine` instead."""

from ._timeouts import timeout_action

__all__ = ["timeout_action"]
