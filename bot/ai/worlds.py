"""Imagined tables for the expert level, on the simulation core (`bot.sim.Table`).

Like `determinize.imagine`, but the table is the core's, built directly from the seat's
`Observation` and what it remembers: the unseen cards (the deck less its hand and the known
discards) dealt at random to the other hands (each its size) and to the draw pile; a player who
drew on their turn while a colour was up gets none of it, nor a wild (they would have played
it), where the pool allows; what is left lies under the known discards. `Worlds` reads the
observation once per decision and deals a new table per call. Only the observation goes in.
"""

from __future__ import annotations

import random

from bot.engine import Game, PendingKind, variant_of
from bot.sim import Table
from bot.sim.bridge import CARD_ID, color_id, ids
from bot.sim.cards import COLOR
from bot.sim.table import NO_PENDING, PENDING_CHALLENGE, PENDING_COLOR

from .determinize import Inconsistent
from .memory import Memory, unseen_faces
from .observation import Observation

# The options the core plays besides classic's defaults (they change nothing it simulates: the
# target score and C-5.4's false UNO call, which only the UNO button can make).
NEUTRAL_OPTIONS = frozenset({"target_score", "false_uno_penalty"})


def core_plays(obs: Observation) -> bool:
    """Whether the core plays this table's rules (classic, RULES.md C): the game itself, no
    variant of it, with no option the core does not simulate."""
    rules = obs.rules
    # Stays a test of the variant: the core is a second implementation of the base game only.
    return variant_of(rules.preset) is Game and set(rules.enabled()) <= NEUTRAL_OPTIONS


class Worlds:
    """Core tables consistent with what the seat knows, the seat to act (its own decision: its
    turn, a colour to name or a Wild Draw Four to answer)."""

    def __init__(self, obs: Observation, memory: Memory) -> None:
        n, me, sizes = len(obs.players), obs.seat, obs.hand_sizes
        self.n, self.me = n, me
        self.others = [(s, sizes[s], color_id(memory.lacks.get(obs.players[s])))
                       for s in range(n) if s != me]
        self.need = sum(sizes[s] for s in range(n) if s != me) + obs.draw_pile
        self.pool = ids(unseen_faces(obs, memory))
        if len(self.pool) < self.need:
            raise Inconsistent("fewer unseen cards than hidden places")
        self.hand = ids(obs.hand)
        known = memory.discard if memory.discard and memory.discard[-1] is obs.top else [
            obs.top]
        self.known = ids(known)
        self.color, self.direction = color_id(obs.color), obs.direction
        self.drawn = CARD_ID[obs.drawn] if obs.drawn is not None else -1
        self.pending, self.by, self.before = NO_PENDING, -1, -1
        pending = obs.pending
        if pending is not None and pending.kind is PendingKind.COLOR:
            self.pending, self.by = PENDING_COLOR, me
        elif pending is not None and pending.kind is PendingKind.CHALLENGE:
            self.pending, self.by = PENDING_CHALLENGE, obs.seat_of(pending.by)
            self.before = color_id(memory.color_before_top)
        elif pending is not None:
            raise Inconsistent(f"the core has no {pending.kind} decision")

    def deal(self, rng: random.Random) -> Table:
        """A new table: the unseen cards shuffled and dealt (see the module)."""
        rest = self.pool[:]
        rnd = rng.random
        for i in range(len(rest) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        table = Table(self.n, random.Random(rng.getrandbits(32)))
        hands = table.hands
        for seat, size, lacks in self.others:
            hands[seat], rest = _take(rest, size, lacks)
        hands[self.me] = self.hand[:]
        hidden_pile = self.need - sum(size for _, size, _ in self.others)
        table.pile, table.discard = rest[:hidden_pile], rest[hidden_pile:] + self.known
        table.color, table.direction, table.turn = self.color, self.direction, self.me
        table.drawn = self.drawn
        table.pending, table.p_by = self.pending, self.by
        if self.pending == PENDING_CHALLENGE:
            before = self.before
            table.p_victim = self.me
            table.p_guilty = before >= 0 and any(COLOR[c] == before for c in hands[self.by])
        return table


def _take(cards: list[int], size: int, lacks: int) -> tuple[list[int], list[int]]:
    """`size` cards from the front, avoiding the colour `lacks` and wilds where possible."""
    if lacks < 0:
        return cards[:size], cards[size:]
    fits = [i for i, c in enumerate(cards) if COLOR[c] >= 0 and COLOR[c] != lacks][:size]
    if len(fits) < size:  # the pool cannot honour it: fill up from the front
        chosen = set(fits)
        fits += [i for i in range(len(cards)) if i not in chosen][:size - len(fits)]
    taken = set(fits)
    return [cards[i] for i in fits], [c for i, c in enumerate(cards) if i not in taken]
