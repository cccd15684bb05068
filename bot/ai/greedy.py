"""A fast deterministic stand-in player for the hard level's simulations.

It reads the imagined `Game` directly (every seat's hand in an imagined table is the searching
seat's own guess, never the real game). Deterministic, so that every candidate's simulations
stay paired on one table.
"""

from __future__ import annotations

from collections import Counter

from bot.engine import Action, ActionType, Card, Game, PendingKind


def greedy(game: Game, seat: int, actions: list[Action]) -> Action:
    """A matching coloured card (of the colour held most, the higher-point card on ties), else
    a wild naming the colour held most, else draw; accept every penalty it cannot pass on."""
    pending = game.pending
    hand = game.hands[seat]
    if pending is not None and pending.kind is PendingKind.COLOR:
        return _best_color(hand, [a for a in actions if a.type is ActionType.COLOR])
    plays: list[Action] = []
    wilds: list[Action] = []
    rest: Action | None = None
    for action in actions:
        kind = action.type
        if kind is ActionType.PLAY:
            card = action.card
            if card is not None and card.color is None:
                wilds.append(action)
            else:
                plays.append(action)
        elif kind is ActionType.PASS or kind is ActionType.ACCEPT or kind is ActionType.DRAW:
            rest = rest or action
    if pending is not None and pending.kind is PendingKind.SWAP:
        return rest or actions[0]
    if plays:
        if len(plays) == 1:
            return plays[0]
        counts = Counter(c.color for c in hand)
        return max(plays, key=lambda a: (counts[a.card.color], a.card.points)  # type: ignore[union-attr]
                   )
    if wilds:
        return _best_color(hand, wilds)
    return rest or actions[0]


def _best_color(hand: list[Card], actions: list[Action]) -> Action:
    counts: Counter[str] = Counter(c.color.value for c in hand if c.color is not None)
    return max(actions, key=lambda a: counts[a.color or ""])
