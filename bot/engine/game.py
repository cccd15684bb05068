"""Old import path, kept so existing imports keep working: import from `bot.engine` instead."""

from ._game import MAX_PLAYERS, MIN_PLAYERS, Game

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Game"]
