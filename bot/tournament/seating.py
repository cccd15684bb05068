"""How many tables a round has, how many seats each, and who sits out (a bye).

Tables of one round are as even as possible (their sizes differ by one at most) and none is
smaller than one seat below the size the host chose (two at least), so every table of a round is
a comparable game. Players who cannot be seated so sit the round out with a bye. When everyone
left fits at one table, that table is the round (the final table of an elimination).
"""

from __future__ import annotations

MIN_TABLE, MAX_TABLE = 2, 10


def smallest_table(size: int) -> int:
    """The fewest seats a table of a round may have when the host chose `size`."""
    return max(MIN_TABLE, size - 1)


def table_sizes(players: int, size: int) -> tuple[list[int], int]:
    """The seats of each table (largest first) and the number of byes for `players` players at
    tables of `size`."""
    if players < MIN_TABLE:
        return [], players
    if players <= size:
        return [players], 0
    low = smallest_table(size)
    tables = -(-players // size)
    if players >= tables * low:
        base, extra = divmod(players, tables)
        return [base + 1] * extra + [base] * (tables - extra), 0
    tables = players // size
    return [size] * tables, players - tables * size
