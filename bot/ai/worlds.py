"""Imagined tables for the expert level, on the simulation core (`bot.sim.Table`).

Like `determinize.imagine`, but the table is the core's, built directly from the seat's
`Observation` and what it remembers: the unseen cards (the deck less its hand and the known
discards) dealt at random to the other hands (each its size) and to the draw pile; a player who
drew on their turn while a colour was up gets none of it, nor a wild (they would have played
it), where the pool allows; what is left lies under the known discards (UNO Flip: each hidden
card keeps the back the seat sees, `flipworlds`). The table is the rule set's own
(`bot.sim.bridge.core_for`). `Worlds` reads the observation once per decision and deals a new
table per call. Only the observation goes in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.engine import Action, PendingKind
from bot.sim import Table
from bot.sim.bridge import color_id, core_for
from bot.sim.flip import FlipTable
from bot.sim.house import PENDING_DRAW, PENDING_SWAP
from bot.sim.nomercy import PENDING_ROULETTE
from bot.sim.table import NO_PENDING, PENDING_CHALLENGE, PENDING_COLOR

from .determinize import Inconsistent
from .flipworlds import FlipHidden
from .memory import Memory, unseen_faces
from .observation import Observation


def core_plays(obs: Observation) -> bool:
    """Whether the expert can imagine core tables for this table's rules: classic (RULES.md
    C), the house rules `bot.sim.bridge.core_for` names (H-2 to H-6, H-8), No Mercy (M) and
    UNO Flip (F)."""
    return core_for(obs.rules) is not None


def action_ids(obs: Observation) -> Callable[[Action], int]:
    """The core's number for each of this seat's actions under the table's rules (every rule
    set numbers its own cards; a 7's target and a swap's are seats)."""
    core = core_for(obs.rules)
    if core is None:
        raise Inconsistent(f"the core does not play {obs.rules.to_dict()}")
    codec, players = core.codec, obs.players
    return lambda action: codec.action_id(action, players)


# The pending decisions of the seat's own that an imagined table can hold, as the core's.
_DECIDES = {PendingKind.CHALLENGE: PENDING_CHALLENGE, PendingKind.DRAW: PENDING_DRAW,
            PendingKind.ROULETTE: PENDING_ROULETTE}


class Worlds:
    """Core tables consistent with what the seat knows, the seat to act (its own decision: its
    turn, a colour to name or a Wild Draw Four to answer)."""

    def __init__(self, obs: Observation, memory: Memory) -> None:
        n, me, sizes = len(obs.players), obs.seat, obs.hand_sizes
        self.n, self.me = n, me
        core = core_for(obs.rules)
        if core is None or not core_plays(obs):
            raise Inconsistent(f"the core does not play {obs.rules.to_dict()}")
        self.core, codec = core, core.codec
        ids = codec.ids
        self.others = [(s, sizes[s], color_id(memory.lacks.get(obs.players[s])))
                       for s in range(n) if s != me]
        self.need = sum(sizes[s] for s in range(n) if s != me) + obs.draw_pile
        self.hand = ids(obs.hand)
        known = memory.discard if memory.discard and memory.discard[-1] is obs.top else [
            obs.top]
        self.known = ids(known)
        self.faces: FlipHidden | None = None
        if core.two_sided:  # F-2: the others' cards by their known backs
            self.faces, self.pool = FlipHidden(obs, memory, self.hand, self.known), []
        else:
            self.pool = ids(unseen_faces(obs, memory))
            if len(self.pool) < self.need:
                raise Inconsistent("fewer unseen cards than hidden places")
        self.color, self.direction = color_id(obs.color), obs.direction
        self.drawn = codec.card_ids[obs.drawn] if obs.drawn is not None else -1
        self.pending, self.by, self.before, self.amount = NO_PENDING, -1, -1, 0
        pending = obs.pending
        kind = None if pending is None else pending.kind
        if pending is None:
            pass
        elif kind is PendingKind.COLOR:
            self.pending, self.by = PENDING_COLOR, me
        elif kind in _DECIDES:  # a penalty (C-6, H-4, M-6) or a Roulette (M-8) aimed at me
            self.pending = _DECIDES[kind]
            self.by, self.amount = obs.seat_of(pending.by), pending.amount or 0
            self.before = color_id(memory.color_before_top)
        elif kind is PendingKind.SWAP and pending.target is None:  # H-6: my offer to make
            self.pending, self.by = PENDING_SWAP, me
        else:  # a slap window, or a swap's offered card (which the view never shows)
            raise Inconsistent(f"the core has no {kind} decision")

    def deal(self, rng: random.Random) -> Table:
        """A new table: the unseen cards shuffled and dealt (see the module)."""
        if self.faces is not None:
            return self._finish(self._deal_two_sided(self.faces, rng))
        rest = self.pool[:]
        rnd = rng.random
        for i in range(len(rest) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        table = self.core.new(self.n, random.Random(rng.getrandbits(32)))
        hands, colors = table.hands, table.CARD_COLOR
        for seat, size, lacks in self.others:
            hands[seat], rest = _take(rest, size, lacks, colors)
        hands[self.me] = self.hand[:]
        hidden_pile = self.need - sum(size for _, size, _ in self.others)
        table.pile, table.discard = rest[:hidden_pile], rest[hidden_pile:] + self.known
        return self._finish(table)

    def _deal_two_sided(self, flip: FlipHidden, rng: random.Random) -> Table:
        """F-2: the hidden cards paired with what the seat sees of them (`flipworlds`)."""
        hands, pile, under = flip.deal(rng)
        hands[self.me] = self.hand[:]
        deck = [*pile, *under, *self.known, *(c for hand in hands.values() for c in hand)]
        table = FlipTable(self.n, random.Random(rng.getrandbits(32)), deck)
        for seat, hand in hands.items():
            table.hands[seat] = hand
        table.pile, table.discard = pile, under + self.known
        table.turn_to(1 if flip.dark_up else 0)
        return table

    def _finish(self, table: Table) -> Table:
        """What every imagined table shares: colour, direction, turn, what is pending."""
        hands, colors = table.hands, table.CARD_COLOR
        table.color, table.direction, table.turn = self.color, self.direction, self.me
        if self.pending == PENDING_SWAP:  # H-6: the 5 has passed the turn on already
            table.turn = (self.me + self.direction) % self.n
        table.drawn = self.drawn
        table.pending, table.p_by = self.pending, self.by
        if self.pending in _DECIDES.values():
            before = self.before
            table.p_victim = self.me
            table.p_guilty = before >= 0 and any(colors[c] == before for c in hands[self.by])
        table.imagined(self.amount)
        return table


def _take(cards: list[int], size: int, lacks: int, colors: Sequence[int]
          ) -> tuple[list[int], list[int]]:
    """`size` cards from the front, avoiding the colour `lacks` and wilds where possible."""
    if lacks < 0:
        return cards[:size], cards[size:]
    fits = [i for i, c in enumerate(cards) if colors[c] >= 0 and colors[c] != lacks][:size]
    if len(fits) < size:  # the pool cannot honour it: fill up from the front
        chosen = set(fits)
        fits += [i for i in range(len(cards)) if i not in chosen][:size - len(fits)]
    taken = set(fits)
    return [cards[i] for i in fits], [c for i, c in enumerate(cards) if i not in taken]
