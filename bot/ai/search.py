"""The expert's search: determinized Monte Carlo on the simulation core, spent by halving.

Each candidate action is played on the same imagined tables (`worlds.world`: common random
numbers, so the comparison measures the actions, not the deals), and each table is then played
to the end of the round by `playout.playout` for every seat, with the same random draws for
every candidate. A round won scores 1. The budget (simulations per decision) is spent by
sequential halving: every candidate gets the same share, the worse half is dropped, and the
survivors share the next round's budget, so the close calls get the most simulations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from bot.sim import Table

from .playout import playout

BUDGET = 400  # simulations per decision (each a whole round on the core)


def search(candidates: Sequence[int], make_world: Callable[[], Table], me: int,
           rng: random.Random, budget: int = BUDGET) -> int:
    """The candidate that won the most simulated rounds for seat `me`."""
    if len(candidates) == 1:
        return candidates[0]
    survivors = list(candidates)
    wins = dict.fromkeys(survivors, 0)
    played = dict.fromkeys(survivors, 0)
    rounds = max(1, math.ceil(math.log2(len(survivors))))
    worlds: list[tuple[Table, int]] = []
    used = 0
    for _ in range(rounds):
        share = max(1, budget // rounds // len(survivors))
        while len(worlds) < used + share:
            worlds.append((make_world(), rng.getrandbits(32)))
        for action in survivors:
            for table, seed in worlds[used:used + share]:
                game = table.clone(random.Random(seed))
                game.apply(action)
                wins[action] += playout(game, game.rng) == me
            played[action] += share
        used += share
        survivors.sort(key=lambda a: wins[a] / played[a], reverse=True)  # stable: ties keep order
        survivors = survivors[:(len(survivors) + 1) // 2]
        if len(survivors) == 1:
            break
    return survivors[0]
