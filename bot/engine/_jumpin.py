"""H-2, jumping in: who may play an identical card out of turn, and when.

The bot enables its Jump in button from `jump_in_open` and offers it to `jumpers`, so neither
needs every player's legal actions (nor shows who holds what). A variant says what "identical"
means for its cards (`_identical`; Flip: the same active face).
"""

from __future__ import annotations

from ._state import TableState
from .cards import WILD_RANKS, Card, Rank

_NO_JUMP_IN = WILD_RANKS - {Rank.WILD}  # H-2: of the wild cards only a plain Wild jumps in


class JumpInRules(TableState):
    """H-2 over the table's state."""

    def jump_in_open(self) -> bool:
        """H-2: whether anyone holding an identical card could jump in now (the bot's Jump in
        button is enabled by this, not by who holds what, which the table must not show)."""
        return self._jump_in_open()

    def _jump_in_open(self) -> bool:
        """H-2: nothing pending, not the start card, and the top card may be jumped on at all."""
        return (self.options.jump_in and self.pending is None and self.slap is None
                and not self.start_top and not self.round_over
                and self.discard[-1].rank not in _NO_JUMP_IN)

    def may_jump_in(self, seat: int, card: Card | None) -> bool:
        """H-2: an identical card, out of turn, with nothing pending and not on the start card."""
        return card is not None and self._jump_in_open() and self._identical(card,
                                                                             self.discard[-1])

    def _identical(self, card: Card, other: Card) -> bool:
        """H-2's "identical": interned classic cards are identical when they are the same."""
        return card is other

    def jumpers(self) -> list[str]:
        """H-2: the players who may jump in right now, so the bot can offer them (and only them)
        a "Jump in" button without building every player's legal actions."""
        if not self._jump_in_open():
            return []
        top = self.discard[-1]
        waiting, hands, in_round = self.waiting_for, self.hands, self.in_round
        # Interned classic cards: identical is identical, and `in` checks it in C (every step).
        return [name for s, name in enumerate(self.players)
                if in_round[s] and s != waiting and top in hands[s]]
