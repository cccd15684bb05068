"""Cards and hands changing owners: seven-zero (H-3) and swap on five (H-6)."""

from __future__ import annotations

from dataclasses import replace

from ._state import Pending, PendingKind, TableState, illegal
from .cards import Card
from .errors import ErrorCode
from .events import Event, EventType


class ExchangeRules(TableState):
    """Cards and hands changing owners: uses only the state."""

    def _target_seat(self, seat: int, target: str | None) -> int:
        """A target must be another player still in the round (`invalid_target` otherwise)."""
        other = self._seat.get(target) if target is not None else None
        if other is None or other == seat or not self.in_round[other]:
            raise illegal(ErrorCode.INVALID_TARGET, "name another player in the round")
        return other

    # ------------------------------------------------------------------ H-3

    def _pass_hands(self, seat: int, events: list[Event]) -> None:
        """A 0: every hand moves to the next player in the direction of play."""
        seats = [s for s in range(len(self.players)) if self.in_round[s]]
        moved = {self._next(s): self.hands[s] for s in seats}
        for s, hand in moved.items():
            self.hands[s] = hand
        events.append(Event(EventType.HANDS_PASSED, by=self.players[seat], amount=self.direction))
        self._hands_changed()

    def _swap_hands(self, seat: int, other: int, events: list[Event]) -> None:
        """A 7: the player swaps hands with the player they chose."""
        self.hands[seat], self.hands[other] = self.hands[other], self.hands[seat]
        events.append(Event(EventType.HANDS_SWAPPED, by=self.players[seat],
                            target=self.players[other]))
        self._hands_changed()

    # ------------------------------------------------------------------ H-6

    def _on_swap(self, seat: int, card: Card | None, target: str | None,
                 events: list[Event]) -> None:
        pending = self.pending
        if pending is None or pending.kind is not PendingKind.SWAP:
            self._require_waiting_for(seat)
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is no swap to make")
        self._require_waiting_for(seat)
        if card is not None and card not in self.hands[seat]:
            card = self._named_card(seat, card)  # Flip: a card named by its face alone
        if card is None or card not in self.hands[seat]:
            raise illegal(ErrorCode.CARD_NOT_IN_HAND, "name a card of your hand")
        name = self.players[seat]
        if pending.card is None:
            other = self._target_seat(seat, target)
            self.pending = replace(pending, target=other, card=card)
            events.append(Event(EventType.SWAP_OFFERED, by=name, target=self.players[other],
                                card=card))
            return
        if target != self.players[pending.by]:
            raise illegal(ErrorCode.INVALID_TARGET, "answer the player who offered the swap")
        offered, giver = pending.card, pending.by
        self.hands[giver].remove(offered)
        self.hands[seat].remove(card)
        self.hands[giver].append(card)
        self.hands[seat].append(offered)
        self.pending = None
        events.append(Event(EventType.SWAPPED, by=self.players[giver], target=name))
        # Each player learns only the card they receive.
        events.append(Event(EventType.SWAP_RECEIVED, by=name, card=offered))
        events.append(Event(EventType.SWAP_RECEIVED, by=self.players[giver], card=card))

    def _decline_swap(self, seat: int, pending: Pending, events: list[Event]) -> None:
        if pending.card is not None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "name the card you give in the swap")
        self.pending = None
        events.append(Event(EventType.SWAP_DECLINED, by=self.players[seat]))
