"""Old import path, kept so existing imports keep working: import from `bot.engine` instead."""

from ._view import PendingView, PlayerView, StaleView, ViewSnapshot, player_view

__all__ = ["PendingView", "PlayerView", "StaleView", "ViewSnapshot", "player_view"]
