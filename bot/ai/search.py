"""The expert's search: determinized Monte Carlo on the simulation core, spent by halving.

Each candidate action is played on the same imagined tables (`worlds.Worlds`: common random
numbers, so the comparison measures the actions, not the deals), and each table is then played
on by `playout.playout` for every seat, with the same random draws for every candidate, for
`HORIZON` core steps or to the round's end. A round won scores 1, one lost 0, and one still
under way the seat's chance from the hand sizes (`playout.value`); whole rounds measured best
(see `HORIZON`). The budget (simulations per decision) is spent by
sequential halving: every candidate gets the same share, the worse half is dropped, and the
survivors share the next round's budget, so the close calls get the most simulations.

The search has a default (the hard level's heuristic choice) and overrules it only on evidence:
the best candidate must win more often than the default on the tables both were played on, by
`MARGIN` and by `Z` standard errors of the paired differences. Most choices between coloured
cards make no difference the simulations can see, and there the heuristics know better than
noise; where the simulations see a difference (a colour the next player lacks, a Draw Two
before someone goes out, a challenge), the search decides.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from bot.sim import Table

from .playout import MAX_STEPS, playout, value

BUDGET = 300  # simulations per decision (each a whole round on the core)
# Core steps per decision at most, whatever the simulations: long rounds (big hands, many
# candidates) would otherwise take several times the usual think time. A count, not a clock,
# so that a seeded decision stays the same on any machine. On 800 fixed positions against a
# true-hands oracle (`benchmarks/expert_regret.py`) 24,000 steps (600 rounds) cut the regret of
# 12,000 by 0.0014 [0.0000, 0.0028] a decision, 36,000 no further; over the same first 1,000
# whole rounds against normal players 24,000 won 54.1% [51.0, 57.2] and 12,000 55.5% [52.4,
# 58.6]: no gain that whole games show, for twice the CPU, so 12,000 stays. (`MARGIN`/`Z`
# measured there too: Z 0.5 or 2, MARGIN 0.01, or no default at all did not do better.)
STEPS = 12_000
MARGIN = 0.02  # how much more often (rounds won per simulation) the best must win
Z = 1.0  # and by how many standard errors of the paired differences
# Core steps a simulation plays before the hand sizes judge it (`value`): whole rounds. With 40
# (some six turns a seat) the expert won 52.8% [50.6, 55.0] against normal players over the
# 2,000 rounds where whole rounds won 55.2% [53.0, 57.4] (600 rounds had said 56.0 vs 53.8%).
HORIZON = MAX_STEPS


def search(candidates: Sequence[int], make_world: Callable[[], Table], me: int,
           rng: random.Random, budget: int = BUDGET, default: int | None = None) -> int:
    """The candidate that won the most simulated rounds for seat `me` (or `default`, unless
    the winner beat it clearly: see the module)."""
    if len(candidates) == 1:
        return candidates[0]
    # `results[a][i]`: whether candidate a won on world i (worlds shared: common numbers).
    survivors = list(candidates)
    results: dict[int, list[float]] = {a: [] for a in survivors}
    rounds = max(1, math.ceil(math.log2(len(survivors))))
    worlds: list[tuple[Table, int]] = []
    used = steps = 0
    for _ in range(rounds):
        if steps >= STEPS:
            break
        share = max(1, budget // rounds // len(survivors))
        for i in range(used, used + share):  # world by world: the candidates stay paired
            if steps >= STEPS:
                break
            if i == len(worlds):  # dealt when first needed, always in the same order
                worlds.append((make_world(), rng.getrandbits(32)))
            table, seed = worlds[i]
            for action in survivors:
                game = table.clone(random.Random(seed))
                game.apply(action)
                _, took = playout(game, game.rng, HORIZON)
                results[action].append(value(game, me))
                steps += took
        used += share
        survivors.sort(key=lambda a: sum(results[a]) / len(results[a]), reverse=True)
        survivors = survivors[:(len(survivors) + 1) // 2]
        if len(survivors) == 1:
            break
    best = survivors[0]
    if default is None or default == best or default not in results:
        return best
    return best if _clearly_better(results[best], results[default]) else default


def _clearly_better(best: list[float], default: list[float]) -> bool:
    """Paired on the worlds both were played on (a prefix: the default's)."""
    n = min(len(best), len(default))
    if n < 2:
        return True
    gains = [a - b for a, b in zip(best[:n], default[:n], strict=True)]
    gain = sum(gains) / n
    spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / (n - 1) / n)
    return gain >= MARGIN and gain >= Z * spread
