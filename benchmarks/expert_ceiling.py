"""What the expert's search is worth when it knows the hidden hands (issue #33): a ceiling.

Usage, from the repository root::

    python benchmarks/expert_ceiling.py [--rounds N] [--seed S] [--workers N] [--alone]

Plays `benchmarks/ai.py`'s "expert vs normal" line (classic, seats rotated, game i dealt with
seed S + i) with one change: every table the expert imagines holds the other players' TRUE
hands (the draw pile and the discards under the known ones stay a random deal of the rest).
No player may do this (tests/ai/test_isolation.py forbids it); it measures how much of the
gap to issue 33's target is information (what the hidden hands hold) rather than the search.
`--alone`: the search decides alone, without the hard level's choice as its default.

Measured (600 rounds, seed 40,000, 2 workers, load about 5): 70.8% [67.1, 74.3] with hard's
default, 76.2% [72.6, 79.4] alone; the expert itself, dealing the hidden cards at random among
the unseen ones (less the colours a player lacked when drawing): 56.0% [52.0, 59.9].
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import random  # noqa: E402

import benchmarks.ai as bench  # noqa: E402
import bot.ai.arena as arena  # noqa: E402
import bot.ai.search as search  # noqa: E402
from bot.ai.worlds import Worlds  # noqa: E402
from bot.engine import Game, PlayerView  # noqa: E402
from bot.engine import player_view as engine_view  # noqa: E402
from bot.sim import Table  # noqa: E402
from bot.sim.bridge import ids  # noqa: E402

_current: list[Game] = []  # the game the referee is asking about (one per worker process)


def _peek(alone: bool) -> None:
    """Patch this worker's referee and worlds so the expert's tables hold the true hands."""

    def player_view(game: Game, name: str) -> PlayerView:
        _current[:] = [game]
        return engine_view(game, name)

    deal = Worlds.deal

    def true_deal(self: Worlds, rng: random.Random) -> Table:
        table = deal(self, rng)
        rest = Counter(self.pool)
        for seat, _, _ in self.others:
            table.hands[seat] = ids(_current[0].hands[seat])
            rest.subtract(table.hands[seat])
        cards = list(rest.elements())
        rng.shuffle(cards)
        pile = self.need - sum(size for _, size, _ in self.others)
        table.pile, table.discard = cards[:pile], cards[pile:] + self.known
        return table

    setattr(arena, "player_view", player_view)  # noqa: B010 (arena's own name for it)
    Worlds.deal = true_deal  # type: ignore[method-assign]
    if alone:
        search.MARGIN = search.Z = 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--seed", type=int, default=40_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--alone", action="store_true")
    args = parser.parse_args()
    line = bench.Line("expert", "normal", args.rounds)
    tasks = [(line, args.seed + s, min(bench.CHUNK, args.rounds - s))
             for s in range(0, args.rounds, bench.CHUNK)]
    wins = n = 0
    with Pool(args.workers, initializer=_peek, initargs=(args.alone,)) as pool:
        for w, c, *_ in pool.imap_unordered(bench.play_chunk, tasks):
            wins, n = wins + w, n + c
    low, high = bench.wilson(wins, n)
    print(f"expert seeing the hands vs normal{' (search alone)' if args.alone else ''}: "
          f"{n} rounds, {wins / n:.1%} [{low:.1%}, {high:.1%}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
