"""What happened, as immutable records: the table's log, the replay output and what the bot renders.

Events are written from the all-seeing referee's point of view (a `drew` event names the card).
`visible_to` is the one place that decides what a given player may learn from an event (C-9).
Events are immutable named tuples rather than frozen dataclasses: every action creates a few, and
a tuple is built several times faster.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, NamedTuple

from .cards import Card, Color, Side


class EventType(StrEnum):
    """Every kind of event the engine emits (REPLAY.md `events[].type`). A StrEnum: each member is
    its own JSON string and compares equal to it, so `event.type == "played"` keeps working."""

    ACCEPTED = "accepted"
    CARD_RETURNED = "card_returned"
    CAUGHT = "caught"
    CHALLENGED = "challenged"
    COLOR_CHOSEN = "color_chosen"
    DEALER_CHOSEN = "dealer_chosen"
    DEALT = "dealt"
    DISCARDED_ALL = "discarded_all"  # M-5.4: `cards` went under the Discard All
    DREW = "drew"
    DREW_FOR_DEALER = "drew_for_dealer"
    FALSE_UNO = "false_uno"
    FLIPPED = "flipped"
    HAND_SHOWN = "hand_shown"
    HANDS_PASSED = "hands_passed"
    HANDS_SWAPPED = "hands_swapped"
    KNOCKED_OUT = "knocked_out"  # M-10: `amount` cards set aside (written `count` in JSON)
    LEFT = "left"
    MATCH_WON = "match_won"
    PASSED = "passed"
    PENALTY_DROPPED = "penalty_dropped"
    PENALTY_POINTS = "penalty_points"
    PLAYED = "played"
    RESHUFFLED = "reshuffled"
    REVERSED = "reversed"
    ROUND_LOST = "round_lost"
    ROUND_STARTED = "round_started"
    ROUND_WON = "round_won"
    SILENCE_BROKEN = "silence_broken"
    SILENCE_ENDED = "silence_ended"
    SILENCE_STARTED = "silence_started"
    SKIPPED = "skipped"
    SLAP_CLOSED = "slap_closed"
    SLAP_LOST = "slap_lost"
    SLAPPED = "slapped"
    STAGE_CLEARED = "stage_cleared"
    START_CARD = "start_card"
    START_CARD_RETURNED = "start_card_returned"
    SWAP_DECLINED = "swap_declined"
    SWAP_OFFERED = "swap_offered"
    SWAP_RECEIVED = "swap_received"
    SWAPPED = "swapped"
    UNO_CALLED = "uno_called"
    WENT_OUT = "went_out"


# Events whose card(s) only the affected player (`by`) may see.
_PRIVATE_CARDS = frozenset({EventType.DEALT, EventType.DREW, EventType.SWAP_OFFERED,
                            EventType.SWAP_RECEIVED})


class EventReason(StrEnum):
    """Why an event happened, where its type alone does not say (REPLAY.md `events[].reason`).
    A `flipped` event's reason is the side now up (`Side`)."""

    TURN = "turn"  # drew: on one's turn
    PENALTY = "penalty"  # drew: a draw card's penalty
    CAUGHT = "caught"  # drew: caught without an UNO call (C-5)
    FALSE_UNO = "false_uno"  # drew: an UNO call that was not due (C-5.4)
    CHALLENGE_LOST = "challenge_lost"  # drew (C-6)
    SLAP = "slap"  # drew: the last to slap (H-8)
    SILENCE = "silence"  # drew: broke the silence (H-5)
    STAGE = "stage"  # drew: the next stage hand (H-13)
    NOTHING_TO_DRAW = "nothing_to_draw"  # passed (C-7)
    LEFT = "left"  # color_chosen: for a player who left (C-10)
    FORFEIT = "forfeit"  # round_won, match_won: the last player left (C-10)
    GUILTY = "guilty"  # challenged (C-6)
    INNOCENT = "innocent"  # challenged (C-6)
    JUMP_IN = "jump_in"  # played out of turn (H-2)
    ROULETTE = "roulette"  # drew: a Wild Color Roulette's reveal (M-8)
    KNOCKOUT = "knockout"  # round_won: the last active player (M-12.2, M-16.3)
    KNOCKED_OUT = "knocked_out"  # color_chosen: for a Roulette victim knocked out (M-16.1)



# A `flipped` event's reason is the side now up; every other reason is an EventReason.
Reason = EventReason | Side


class Event(NamedTuple):
    type: EventType
    by: str | None = None
    target: str | None = None
    card: Card | None = None
    color: Color | None = None
    amount: int | None = None
    cards: tuple[Card, ...] | None = None
    reason: Reason | None = None
    ignored: bool | None = None  # start_card: an action or wild card turned up past (M-2.3)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": str(self.type)}  # the plain string, as in JSON
        if self.by is not None:
            out["by"] = self.by
        if self.target is not None:
            out["target"] = self.target
        if self.card is not None:
            out["card"] = self.card.code
        if self.color is not None:
            out["color"] = str(self.color)
        if self.amount is not None:
            # REPLAY.md names the set-aside count of a knockout `count`.
            out["count" if self.type == EventType.KNOCKED_OUT else "amount"] = self.amount
        if self.cards is not None:
            out["cards"] = [c.code for c in self.cards]
        if self.reason is not None:
            out["reason"] = str(self.reason)
        if self.ignored:
            out["ignored"] = True
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event `to_dict` wrote; a type, colour or reason it does not know is a ValueError."""
        kind = EventType(data["type"])
        cards, color, reason = data.get("cards"), data.get("color"), data.get("reason")
        amount = data.get("count") if kind == EventType.KNOCKED_OUT else data.get("amount")
        return cls(
            type=kind,
            by=data.get("by"),
            target=data.get("target"),
            card=Card.parse(data["card"]) if "card" in data else None,
            color=Color(color) if color is not None else None,
            amount=amount,
            cards=tuple(Card.parse(c) for c in cards) if cards is not None else None,
            reason=_reason(kind, reason) if reason is not None else None,
            ignored=data.get("ignored"),
        )

    def visible_to(self, player: str | None) -> Event:
        """This event as `player` may see it (None: a spectator, or the public table).

        Drawn or dealt cards are shown to their receiver only; a hand shown on a Wild Draw Four
        challenge (C-6) to the challenger only. Everything else is public.
        """
        if self.type in _PRIVATE_CARDS and player != self.by:
            return self._replace(card=None, cards=None)
        if self.type == EventType.HAND_SHOWN and player != self.target:
            return self._replace(cards=None)
        return self


def _reason(kind: EventType, reason: str) -> Reason:
    return Side(reason) if kind == EventType.FLIPPED else EventReason(reason)


# `new_event(Event, (type, by, target, card, color, amount, cards, reason, ignored))`: all nine
# fields given, without the keyword handling of `Event(...)`; for the few events made at every step.
new_event: Callable[[type[Event], tuple[EventType, str | None, str | None, Card | None,
                                        Color | None, int | None, tuple[Card, ...] | None,
                                        Reason | None, bool | None]], Event] = tuple.__new__
