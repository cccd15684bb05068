"""Tournament points for a placing at a table, and the standings with their tie-breaks.

docs/TOURNAMENTS.md states these rules for players; the numbers here are the ones it shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIN_POINTS = 12  # the winner of any table; the last place scores 0 (see `placing_points`)
BYE_POINTS = WIN_POINTS // 2  # a bye is neither a win nor a loss: the middle of the scale


@dataclass(frozen=True, slots=True)
class Placing:
    """One seat's result at a finished table: `place` 1 is the winner (equal places share);
    `uno_points` the match points scored (C-8), the second tie-break."""

    player: int
    place: int
    uno_points: int = 0


def placing_points(place: int, seats: int) -> int:
    """12 for the winner, 0 for the last, evenly between (rounded down), whatever the table's
    size: a win at a table of three is worth a win at a table of four. Equal places share the
    better place's points."""
    if seats < 2:
        return WIN_POINTS
    place = min(max(place, 1), seats)
    return (seats - place) * WIN_POINTS // (seats - 1)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the standings board; `rank` 1 is first."""

    player: int
    rank: int
    points: int
    buchholz: int
    uno_points: int
    tables: int
    byes: int
    out_in_round: int | None = None  # single elimination: the round that put them out


def table_points(result: Sequence[Placing]) -> dict[int, int]:
    seats = len(result)
    return {p.player: placing_points(p.place, seats) for p in result}
