"""The game's random generator, saved as its seed and a log of what was drawn from it.

`random.Random`'s own state is 625 numbers, about 7 KB of JSON: four fifths of every save, though
a game draws from its generator only when it shuffles (or draws for the dealer). So the generator
keeps its seed and a run-length log of its calls, and loading replays them: a few hundred calls
a round, well under a millisecond, for the identical state. The numbers drawn are exactly those
of a plain `random.Random(seed)`: seeded games deal the same cards as before.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

_RANDOM = 0  # the log's kind for a random() call; k > 0 stands for getrandbits(k)


class SeededRandom(random.Random):
    """A `random.Random` that can say how to rebuild itself (`saved` / `from_saved`).

    Every other method of `random.Random` draws through `random()` or `getrandbits()` (for
    this class as for its base, which `random.Random.__init_subclass__` sees to), so logging these
    two logs everything."""

    def __init__(self, seed: int | None = None) -> None:
        self.origin = secrets.randbits(64) if seed is None else int(seed)
        self._calls: list[list[int]] = []  # [kind, how many in a row]
        super().__init__(self.origin)

    def random(self) -> float:
        self._log(_RANDOM)
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._log(k)
        return super().getrandbits(k)

    def _log(self, kind: int) -> None:
        calls = self._calls
        if calls and calls[-1][0] == kind:
            calls[-1][1] += 1
        else:
            calls.append([kind, 1])

    def saved(self) -> dict[str, Any]:
        return {"seed": self.origin, "calls": [list(run) for run in self._calls]}

    @classmethod
    def from_saved(cls, saved: dict[str, Any]) -> SeededRandom:
        rng = cls(int(saved["seed"]))
        draw, bits = random.Random.random, random.Random.getrandbits  # unlogged: replaying
        for kind, count in saved["calls"]:
            if kind == _RANDOM:
                for _ in range(count):
                    draw(rng)
            else:
                for _ in range(count):
                    bits(rng, kind)
        rng._calls = [[int(kind), int(count)] for kind, count in saved["calls"]]
        return rng
