"""A fast simulation core for the AI's searches and the benchmarks (issue #33).

Pure like the engine (standard library only; `bridge` and `lockstep` alone read the engine:
the numbering of its cards and actions, and the check of the core against it). Cards and
actions are small integers (`cards`), a table is plain lists with one API for every rule set:
classic (RULES.md C, `table.Table`), classic with the house rules it simulates (`house`), No
Mercy (M, `nomercy`) and UNO Flip (F, `flip`), each a module of its own. `bridge.core_for`
names the table and numbering of a rule set, and `lockstep.check` proves each plays exactly as
`bot.engine` does.
"""

from .cards import ACCEPT, CHALLENGE, COLOR_BASE, DRAW, NEXT_ROUND, PASS, UNO
from .table import Table

__all__ = ["ACCEPT", "CHALLENGE", "COLOR_BASE", "DRAW", "NEXT_ROUND", "PASS", "UNO", "Table"]
