"""What happened, as immutable records: the table's log, the replay output and what the bot renders.

Events are written from the all-seeing referee's point of view (a `drew` event names the card).
`visible_to` is the one place that decides what a given player may learn from an event (C-9).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .cards import Card

# Events whose card only the affected player (`by`) may see.
_PRIVATE_CARD = frozenset({"dealt", "drew"})


@dataclass(frozen=True, slots=True)
class Event:
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

        A drawn or dealt card is shown to its receiver only; a hand shown on a Wild Draw Four
        challenge (C-6) to the challenger only. Everything else is public.
        """
        if self.card is not None and self.type in _PRIVATE_CARD and player != self.by:
            return replace(self, card=None)
        if self.cards is not None and self.type == "hand_shown" and player != self.target:
            return replace(self, cards=None)
        return self
