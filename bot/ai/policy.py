"""The shape every AI player has, and the moves they all make the same way.

A policy is a function of one seat's `Observation` and the player's own random source: it
returns the action to take now, or None when the seat would rather do nothing (a moment that is
not its turn, or a catch it lets pass). It never sees the `Game`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from bot.engine import Action, ActionType, Card, Color, PendingKind

from .observation import Observation


class Policy(Protocol):
    name: str

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        """The action to take now, or None (nothing now). A seat the table waits for must act;
        if its policy returns None the caller uses the turn timer's action (C-11)."""
        ...


def choosable(obs: Observation) -> list[Action]:
    """The seat's legal actions less the slap window's timeout (the bot's timer sends that)."""
    return [a for a in obs.legal_actions if a.type is not ActionType.SLAP_TIMEOUT]


def first(actions: Sequence[Action], kind: ActionType) -> Action | None:
    return next((a for a in actions if a.type is kind), None)


def first_of(actions: Sequence[Action], kinds: Sequence[ActionType]) -> Action | None:
    """The first action of the first of `kinds` on offer: the reflexes (slap, UNO, catch) that
    a level always takes before it thinks, in its order of priority."""
    for kind in kinds:
        found = first(actions, kind)
        if found is not None:
            return found
    return None


def most_held_color(hand: Sequence[Card], colors: Sequence[str], *,
                    without: Card | None = None) -> str:
    """The colour of the active side the hand holds most (C-10's choice; ties in order)."""
    counts = Counter(c.color.value for c in hand if c.color is not None and c is not without)
    return max(colors, key=lambda c: counts[c])


def side_colors(obs: Observation) -> tuple[str, ...]:
    dark = obs.side.value == "dark"
    return tuple(c.value for c in Color if (c.value in "PTOV") == dark)


def turn_answer(obs: Observation, actions: Sequence[Action]) -> Action | None:
    """The answer to a decision the seat cannot meaningfully weigh (a fallback)."""
    pending = obs.pending
    if pending is None:
        return first(actions, ActionType.DRAW)
    if pending.kind is PendingKind.COLOR:
        best = most_held_color(obs.hand, side_colors(obs))
        return next((a for a in actions if a.color == best), actions[0] if actions else None)
    return first(actions, ActionType.ACCEPT) or first(actions, ActionType.PASS) or (
        actions[0] if actions else None)
