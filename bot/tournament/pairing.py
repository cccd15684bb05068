"""Who sits with whom: round 1 by seed, later Swiss rounds by standing without rematches.

No maintained library fits: Swiss pairing programs (bbpPairings, JaVaFo, the `swissdutch`
package) pair two players per board under FIDE's Dutch rules, whereas a table seats 2-10. Seating
a Swiss round is a partition of the standings into tables, so it is done here by a
branch-and-bound search over partitions: it minimises first the number of pairs seated together
again (a rematch), then how far down the standings each table reaches from its first player
(players of similar score sit together). The search opens each table with the best-placed player
not yet seated and tries the others in standings order, so its first answer is the plain fold
(the top four at table 1, the next four at table 2, ...) and every later answer must be strictly
better. It looks among the plans without a rematch first, and weighs rematches only when it
finds none. It is exact for the sizes of a server's night within its node budget, and past the
budget it keeps the best answer found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .seating import table_sizes

Met = Callable[[int, int], bool]
NODE_BUDGET = 200_000


def snake(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Seeds dealt to the tables back and forth (1 2 3 3 2 1 ...), so each table gets a share of
    the strong and the weak: round 1, when nobody has a score yet."""
    tables: list[list[int]] = [[] for _ in sizes]
    step, index = 1, 0
    for player in order:
        while len(tables[index]) >= sizes[index]:
            index, step = _next(index, step, len(tables))
        tables[index].append(player)
        index, step = _next(index, step, len(tables))
    return tables


def _next(index: int, step: int, count: int) -> tuple[int, int]:
    if 0 <= index + step < count:
        return index + step, step
    return index, -step


def choose_byes(order: Sequence[int], count: int, byes_had: Callable[[int], int], *,
                from_top: bool) -> list[int]:
    """The `count` players who sit out: those with the fewest byes so far, then the lowest in
    the standings (Swiss) or the highest seeds (elimination, `from_top`)."""
    ranked = list(order) if from_top else list(reversed(order))
    ranked.sort(key=byes_had)  # stable: standings order within equal bye counts
    return ranked[:count]


def swiss_tables(order: Sequence[int], size: int, met: Met,
                 budget: int = NODE_BUDGET) -> list[list[int]]:
    """The tables of a Swiss round for `order` (the standings, best first, byes removed)."""
    sizes, byes = table_sizes(len(order), size)
    if byes:
        raise ValueError(f"{len(order)} players do not fill tables of {size}: remove the byes")
    return partition(order, sizes, met, budget)


def rematches(tables: Sequence[Sequence[int]], met: Met) -> int:
    """How many pairs seated together have met before."""
    return sum(1 for table in tables for i, a in enumerate(table) for b in table[i + 1:]
               if met(a, b))


def partition(order: Sequence[int], sizes: Sequence[int], met: Met,
              budget: int = NODE_BUDGET) -> list[list[int]]:
    """Split `order` into tables of `sizes` (any arrangement of them) with the fewest rematches,
    then the least reach down the standings; see the module's docstring."""
    search = _Search(order, sizes, met, budget)
    search.run()
    return [[order[i] for i in table] for table in search.best]


class _Search:
    def __init__(self, order: Sequence[int], sizes: Sequence[int], met: Met,
                 budget: int) -> None:
        n = len(order)
        if sum(sizes) != n:
            raise ValueError("the tables' seats must add up to the players")
        self.clash = [[i != j and met(order[i], order[j]) for j in range(n)] for i in range(n)]
        self.free = [True] * n
        self.left: dict[int, int] = {}
        for s in sizes:
            self.left[s] = self.left.get(s, 0) + 1
        self.tables: list[list[int]] = []
        self.best: list[list[int]] = []
        self.best_cost = (float("inf"), float("inf"))
        self.nodes, self.budget = 0, budget
        self.strict = False  # seat nobody with someone they met (the first pass)

    def run(self) -> None:
        # First among the plans without a rematch alone: in standings order the search meets
        # plans with rematches first (the fold), and a night of 16 could spend its whole budget
        # improving on those before reaching one without. Only if there is none (or none is
        # found within the budget) does the second pass weigh rematches against each other.
        self.strict = True
        self._open(0, 0)
        if not self.best:
            self.strict, self.nodes = False, 0
            self._open(0, 0)

    def _open(self, clashes: int, reach: int) -> None:
        """Start the next table with the first free player, trying each size still to place."""
        opener = next((i for i, free in enumerate(self.free) if free), None)
        if opener is None:
            if (clashes, reach) < self.best_cost:
                self.best_cost = (clashes, reach)
                self.best = [list(t) for t in self.tables]
            return
        for size in sorted(self.left, reverse=True):
            if not self.left[size]:
                continue
            self.left[size] -= 1
            self.free[opener] = False
            self.tables.append([opener])
            self._fill(size, opener + 1, clashes, reach)
            self.tables.pop()
            self.free[opener] = True
            self.left[size] += 1

    def _fill(self, size: int, start: int, clashes: int, reach: int) -> None:
        table = self.tables[-1]
        if len(table) == size:
            self._open(clashes, reach)
            return
        for i in range(start, len(self.free)):
            if self.nodes > self.budget and (self.best or self.strict):
                return
            if not self.free[i]:
                continue
            more = sum(1 for j in table if self.clash[i][j])
            if more and self.strict:
                continue
            cost = (clashes + more, reach + i - table[0])
            if cost >= self.best_cost:
                if more == 0:
                    return  # reach only grows further down the standings
                continue
            self.nodes += 1
            self.free[i] = False
            table.append(i)
            self._fill(size, i + 1, *cost)
            table.pop()
            self.free[i] = True
