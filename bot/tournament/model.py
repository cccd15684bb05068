"""A tournament's rounds as data: the format, each round's tables and byes, and the results.

Pure like the engine (no Discord, no asyncio, no database): the bot asks `Tournament` what to
seat next and tells it each table's result; a dump to JSON and back is exact.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from .scoring import Placing
from .seating import MAX_TABLE, MIN_TABLE, smallest_table


class Format(enum.StrEnum):
    SWISS = "swiss"
    ELIMINATION = "elimination"


class TournamentError(ValueError):
    """A setting or a step the tournament refuses; `code` names it for the bot's messages."""

    def __init__(self, code: str, **details: object) -> None:
        super().__init__(code)
        self.code = code
        self.details = details


MAX_ROUNDS = 10


@dataclass(frozen=True, slots=True)
class Plan:
    """What the host chose: Swiss for `rounds` rounds, or elimination where the best `advance`
    of each table go on until everyone left fits at one table."""

    format: Format
    table_size: int
    rounds: int = 3
    advance: int = 2
    max_table: int = MAX_TABLE  # No Mercy seats 6 (M-2.1)

    def check(self) -> None:
        if not MIN_TABLE <= self.table_size <= self.max_table:
            raise TournamentError("bad_table_size", min=MIN_TABLE, max=self.max_table)
        if self.format is Format.SWISS and not 1 <= self.rounds <= MAX_ROUNDS:
            raise TournamentError("bad_rounds", min=1, max=MAX_ROUNDS)
        if self.format is Format.ELIMINATION:
            most = max(1, smallest_table(self.table_size) - 1)
            if not 1 <= self.advance <= most:
                raise TournamentError("bad_advance", min=1, max=most)

    def to_json(self) -> dict[str, Any]:
        return {"format": self.format.value, "table_size": self.table_size,
                "rounds": self.rounds, "advance": self.advance, "max_table": self.max_table}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        return cls(Format(data["format"]), int(data["table_size"]), int(data["rounds"]),
                   int(data["advance"]), int(data.get("max_table", MAX_TABLE)))


@dataclass(slots=True)
class Round:
    """One round: its tables (player ids, seat order) and byes; `results[t]` once table t is
    finished."""

    number: int
    tables: list[list[int]]
    byes: list[int]
    results: dict[int, list[Placing]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.tables)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "tables": self.tables, "byes": self.byes,
                "results": {str(t): [[p.player, p.place, p.uno_points] for p in placings]
                            for t, placings in self.results.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        return cls(int(data["number"]), [list(map(int, t)) for t in data["tables"]],
                   list(map(int, data["byes"])),
                   {int(t): [Placing(int(a), int(b), int(c)) for a, b, c in placings]
                    for t, placings in data["results"].items()})
