"""The cards of a match and the deal of each round (C-1, C-3): the deck, the draw for the first
dealer, dealing seven each and turning up the start card.

A variant changes what it must here: its deck (`deck_faces`, `_new_deck`, `_prepare_deck`) and how
its start card is turned up (No Mercy, M-2.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from ._penalties import PenaltyRules
from ._state import HAND_SIZE, Pending, PendingKind, illegal
from .actions import Action
from .cards import Card, Rank, Side, classic_deck
from .errors import ErrorCode
from .events import Event, EventReason, EventType, new_event
from .rules import Options

# C-3.3, H-10, F-3 decision: these start cards go back into the pile.
_RETURNED_START_CARDS = (Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN, Rank.FLIP)


class DealRules(PenaltyRules):
    """The deck and the deal over the table's state (a start card's penalty is a penalty)."""

    @classmethod
    def deck_faces(cls, options: Options, side: Side = Side.LIGHT) -> list[Card]:
        """Every face of one side of the deck this variant plays with these options (C-1,
        H-10): what a player may reason about without seeing any card."""
        return classic_deck(draw_ten_blanks=options.draw_ten_blanks)

    def _prepare_deck(self, deck: Sequence[Card] | None) -> None:
        """Set up the match's cards before the first deal (a variant's hook)."""

    def _new_deck(self) -> list[Card]:
        return self.deck_faces(self.options)

    def _shuffled_deck(self) -> list[Card]:
        deck = self._new_deck()
        self._shuffle(deck)
        return deck

    def _draw_for_dealer(self, events: list[Event]) -> int:
        """C-3.1: all draw; the highest number deals (action cards count 0); ties draw again."""
        contenders = list(range(len(self.players)))
        while True:
            cards = self.rng.sample(self._new_deck(), len(contenders))
            values = {}
            for seat, drawn in zip(contenders, cards, strict=True):
                values[seat] = int(drawn.rank.value) if drawn.is_number else 0
                events.append(Event(EventType.DREW_FOR_DEALER, by=self.players[seat], card=drawn))
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1:
                events.append(Event(EventType.DEALER_CHOSEN, by=self.players[contenders[0]]))
                return contenders[0]

    def _deal_round(self, pile: list[Card], events: list[Event]) -> None:
        """C-3.2–3: deal seven each from the left of the dealer, then turn up the start card."""
        n = len(self.players)
        self.round += 1
        self._new_round()
        self.draw_pile = pile
        events.append(Event(EventType.ROUND_STARTED, by=self.players[self.dealer],
                            amount=self.round))
        first = self._next(self.dealer)
        order = [s % n for s in range(first, first + n) if self.active[s % n]]
        hands, names = self.hands, self.players
        for _ in range(HAND_SIZE):
            for seat in order:
                card = pile.pop()
                hands[seat].append(card)
                events.append(new_event(Event, (EventType.DEALT, names[seat], None, card, None,
                                                None, None, None, None)))
        self._turn_up_start_card(events)

    def _turn_up_start_card(self, events: list[Event]) -> None:
        """C-3.3: the start card and its effect on the player left of the dealer (H-7: on the
        last round's winner, who plays first)."""
        while True:
            start = self.draw_pile.pop()
            events.append(Event(EventType.START_CARD, card=start))
            if start.rank not in _RETURNED_START_CARDS:
                break
            # A Wild Draw Four (or H-10 Draw Ten) goes back into the pile, which is reshuffled.
            self.draw_pile.append(start)
            self._shuffle(self.draw_pile)
            events.append(Event(EventType.START_CARD_RETURNED, card=start))
        self.discard.append(start)
        lazy_first = self.first_player if self.options.lazy_scoring else None
        if lazy_first is not None and not self.active[lazy_first]:
            lazy_first = None  # the last winner has left: the usual first player starts
        first = self._next(self.dealer) if lazy_first is None else lazy_first
        self.turn = first
        rank = start.rank
        self.color = start.color
        if rank is Rank.SKIP:  # N-1: a start card's penalty never waits
            self._skip(first, events)
            self.turn = self._next(first)
        elif rank is Rank.DRAW_TWO:
            self._take_penalty(first, 2, events, reason=EventReason.PENALTY)
        elif rank is Rank.DRAW_ONE:  # F-3
            self._take_penalty(first, 1, events, reason=EventReason.PENALTY)
        elif rank is Rank.REVERSE:
            self.direction = -1
            events.append(Event(EventType.REVERSED, amount=-1))
            self.turn = self.dealer if lazy_first is None else lazy_first
        elif rank is Rank.WILD or rank is Rank.WILD_DRAW_TWO:
            # No colour until the first player names one (nothing is played before); H-9 too.
            # F-3: a Wild Draw Two start card only asks for the colour; nobody draws.
            self.color = None
            self.pending = Pending(PendingKind.COLOR, by=first)

    def _on_next_round(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self.round_over:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "the round is still being played")
        if self.match_winner is not None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "the match is over")
        self.in_round = list(self.active)  # so that `_next` finds the next dealer
        self.direction = 1
        if self.options.lazy_scoring and self.round_loser is not None and self.active[
                self.round_loser]:
            self.dealer = self.round_loser  # H-7: the loser deals
        else:
            self.dealer = self._next(self.dealer)  # C-3.1 decision: the deal passes clockwise
        self._deal_round(self._shuffled_deck(), events)
