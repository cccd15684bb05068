"""The hidden cards of an imagined UNO Flip table (RULES.md F-1, F-2), for `worlds.Worlds`.

A Flip seat knows both faces of its own cards and of the discards it saw, the inactive face of
every card in the other hands and of the draw pile's top (F-2), and nothing of the match's
pairing beyond that. An imagined table keeps all of it: each hidden card in a hand gets its
known back and an active face drawn from the unseen ones; the draw pile and the discards below
the known ones get both faces from what is left (the pile's top its known back). The pairs made
are the core's cards (`bot.sim.flip.card`), whose number is the same whichever side is up.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.engine import Side
from bot.sim.bridge import FLIP
from bot.sim.flip import DARK, DARK_FACES, FIRST_CARD, LIGHT_FACES, card

from .determinize import Inconsistent
from .memory import Memory
from .observation import Observation

_LOWS = 66  # see `bot.sim.flip`


def faces(number: int) -> tuple[int, int]:
    """A core Flip card's light and dark faces."""
    light, dark = divmod(number - FIRST_CARD, _LOWS)
    return light, DARK + dark


class FlipHidden:
    """What a Flip seat does not see, read once per decision; `deal` imagines it anew."""

    def __init__(self, obs: Observation, memory: Memory, hand: Sequence[int],
                 known: Sequence[int]) -> None:
        self.dark_up = obs.side is Side.DARK
        back_ids = FLIP.light_faces if self.dark_up else FLIP.dark_faces  # F-2: turned away
        up = Counter(DARK_FACES if self.dark_up else LIGHT_FACES)
        down = Counter(LIGHT_FACES if self.dark_up else DARK_FACES)
        for number in (*hand, *known):
            light, dark = faces(number)
            up[dark if self.dark_up else light] -= 1
            down[light if self.dark_up else dark] -= 1
        self.backs: list[tuple[int, list[int]]] = []
        for seat, backs in enumerate(obs.others_inactive):
            if seat != obs.seat and obs.hand_sizes[seat]:
                self.backs.append((seat, [back_ids[c.face] for c in backs]))
                down.subtract(self.backs[-1][1])
        top = obs.draw_pile_inactive
        self.top_back = back_ids[top.face] if top is not None else -1
        if self.top_back >= 0:
            down[self.top_back] -= 1
        if min(up.values(), default=0) < 0 or min(down.values(), default=0) < 0:
            raise Inconsistent("the seen faces do not fit the deck (F-1)")
        self.up, self.down = list(up.elements()), list(down.elements())
        self.pile = obs.draw_pile
        need_up = sum(len(b) for _, b in self.backs) + self.pile
        need_down = self.pile - (self.top_back >= 0)
        under = len(self.up) - need_up  # cards under the known discards: both faces unseen
        if under < 0 or len(self.down) - need_down != under:
            raise Inconsistent("the unseen faces do not fill the hidden places")

    def deal(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int], list[int]]:
        """The other hands by seat, the draw pile (top last) and the unknown discards (under
        the known ones), as core cards."""
        up, down = self.up[:], self.down[:]
        _shuffle(up, rng)
        _shuffle(down, rng)
        hands = {seat: [self._card(up.pop(), back) for back in backs]
                 for seat, backs in self.backs}
        pile = [self._card(up.pop(), down.pop()) for _ in range(self.pile - 1)]
        if self.pile:
            back = self.top_back if self.top_back >= 0 else down.pop()
            pile.append(self._card(up.pop(), back))
        under = [self._card(a, b) for a, b in zip(up, down, strict=False)]
        return hands, pile, under

    def _card(self, up: int, down: int) -> int:
        return card(down, up) if self.dark_up else card(up, down)


def _shuffle(cards: list[int], rng: random.Random) -> None:
    rnd = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
