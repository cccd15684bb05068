"""A fast simulation core for the AI's searches and the benchmarks (issue #33).

Pure like the engine (standard library only; `lockstep` alone reads the engine, to check the
core against it). Classic rules (RULES.md C) today: cards and actions are small integers
(`cards`), a table is plain lists (`table.Table`), and `lockstep.check` proves it plays exactly
as `bot.engine.Game` does.
"""

from .cards import ACCEPT, CHALLENGE, COLOR_BASE, DRAW, NEXT_ROUND, PASS, UNO
from .table import Table

__all__ = ["ACCEPT", "CHALLENGE", "COLOR_BASE", "DRAW", "NEXT_ROUND", "PASS", "UNO", "Table"]
