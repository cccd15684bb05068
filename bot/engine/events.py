"""What happened, as immutable records: the table's log, the replay output and what the bot renders.

Events are written from the all-seeing referee's point of view (a `drew` event names the card).
`visible_to` is the one place that decides what a given player may learn from an event (C-9).
Events are immutable named tuples rather than frozen dataclasses: every action creates a few, and
a tuple is built several times faster.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card

# Events whose card(s) only the affected player (`by`) may see.
_PRIVATE_CARDS = frozenset({"dealt", "drew", "swap_offered", "swap_received"})


class Event(NamedTuple):
    type: str
    by: str | None = None
    target: str | None = None
    card: Card | None = None
    color: str | None = None
    amount: int | None = None
    cards: tuple[Card, ...] | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.by is not None:
            out["by"] = self.by
        if self.target is not None:
            out["target"] = self.target
        if self.card is not None:
            out["card"] = self.card.code
        if self.color is not None:
            out["color"] = self.color
        if self.amount is not None:
            out["amount"] = self.amount
        if self.cards is not None:
            out["cards"] = [c.code for c in self.cards]
        if self.reason is not None:
            out["reason"] = self.reason
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        cards = data.get("cards")
        return cls(
            type=data["type"],
            by=data.get("by"),
            target=data.get("target"),
            card=Card.parse(data["card"]) if "card" in data else None,
            color=data.get("color"),
            amount=data.get("amount"),
            cards=tuple(Card.parse(c) for c in cards) if cards is not None else None,
            reason=data.get("reason"),
        )

    def visible_to(self, player: str | None) -> Event:
        """This event as `player` may see it (None: a spectator, or the public table).

        Drawn or dealt cards are shown to their receiver only; a hand shown on a Wild Draw Four
        challenge (C-6) to the challenger only. Everything else is public.
        """
        if self.type in _PRIVATE_CARDS and player != self.by:
            return self._replace(card=None, cards=None)
        if self.type == "hand_shown" and player != self.target:
            return self._replace(cards=None)
        return self
