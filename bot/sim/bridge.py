"""The core's integers and the engine's values, both ways (the only module of the core besides
`lockstep` that reads the engine): for the lockstep check and for AI players, who observe an
engine table and search on core tables."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import Action, ActionType, Card, classic_deck

from .cards import (
    ACCEPT,
    CHALLENGE,
    COLOR_BASE,
    DRAW,
    NEXT_ROUND,
    PASS,
    PLAY_WILD,
    PLAY_WILD_FOUR,
    UNO,
    WILD,
    classic_deck_ids,
)

CARD_ID: dict[Card, int] = dict(zip(classic_deck(), classic_deck_ids(), strict=True))
LETTERS = "RYGB"  # the colours in the core's order (the engine's C-10 order)
_SIMPLE = {ActionType.DRAW: DRAW, ActionType.PASS: PASS, ActionType.CHALLENGE: CHALLENGE,
           ActionType.ACCEPT: ACCEPT, ActionType.NEXT_ROUND: NEXT_ROUND}


def action_id(action: Action) -> int:
    """The core's integer for an engine action (a play, draw, pass, colour or challenge)."""
    kind = action.type
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind is ActionType.COLOR:
        return COLOR_BASE + LETTERS.index(action.color or "")
    if kind is not ActionType.PLAY or action.card is None or action.target is not None:
        raise ValueError(f"the classic core has no action like {action}")
    card = CARD_ID[action.card]
    if card >= WILD:
        base = PLAY_WILD if card == WILD else PLAY_WILD_FOUR
        card = base + LETTERS.index(action.color or "")
    return card | (UNO if action.uno else 0)


def ids(cards: Iterable[Card]) -> list[int]:
    return [CARD_ID[c] for c in cards]


def color_id(letter: str | None) -> int:
    """A colour letter as the core's colour (-1 for none)."""
    return -1 if letter is None else LETTERS.index(letter)
