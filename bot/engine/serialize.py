"""Old import path, kept so existing imports keep working: import from `bot.engine` instead."""

from ._serialize import FORMAT_VERSION, dump, load

__all__ = ["FORMAT_VERSION", "dump", "load"]
