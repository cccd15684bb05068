"""What a seat can work out from the events it saw: the discard pile, the colour before the
last card, who drew instead of playing, the last silence. Only public events and the seat's own
private ones reach here (`Observation.events`), so nothing here can know more than the seat.

The log may be partial (the bot keeps only the latest events): everything read here is then a
best effort that errs towards "unknown", never towards a wrong certainty.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.engine import (
    Card,
    Event,
    EventReason,
    EventType,
    Side,
    variant_of,
)

from .observation import Observation


@dataclass(slots=True)
class Memory:
    discard: list[Card] = field(default_factory=list)  # seen since the last reshuffle, top last
    color_before_top: str | None = None  # the colour in force before the top card was played
    lacks: dict[str, str] = field(default_factory=dict)  # drew on their turn with this colour up
    round_started_seen: bool = False
    played_this_round: bool = False
    silence_by: str | None = None
    went_out: list[str] = field(default_factory=list)


def remember(obs: Observation) -> Memory:
    """Replay the seat's events into what it knows (cheap: one pass over the log)."""
    memory = Memory()
    color: str | None = None
    for event in obs.events:
        if event.type == EventType.ROUND_STARTED:  # a new round forgets the last one's table
            memory = Memory(round_started_seen=True)
            continue
        _read(memory, event, color)
        if event.type == EventType.PLAYED and event.card is not None:
            color = event.color if event.card.color is None else event.card.color.value
        elif event.type == EventType.COLOR_CHOSEN and event.color is not None:
            color = event.color
        elif event.type == EventType.START_CARD and event.card is not None:
            color = event.card.color.value if event.card.color is not None else None
        elif event.type == EventType.FLIPPED:
            color = None
    return memory


def _read(memory: Memory, event: Event, color: str | None) -> None:
    kind = event.type
    if kind == EventType.START_CARD and event.card is not None:
        memory.discard.append(event.card)
    elif kind in (EventType.START_CARD_RETURNED, EventType.CARD_RETURNED):
        if memory.discard:
            memory.discard.pop()
    elif kind == EventType.PLAYED and event.card is not None:
        memory.discard.append(event.card)
        memory.color_before_top = color
        memory.played_this_round = True
    elif kind == EventType.RESHUFFLED:
        memory.discard = memory.discard[-1:]
    elif kind == EventType.FLIPPED:
        memory.discard = [getattr(c, "twin", c) for c in reversed(memory.discard)]
    elif kind == EventType.DREW and event.by is not None:
        if event.reason == EventReason.TURN and color is not None:
            # Nothing of that colour (nor a wild), or they would have played it; playing
            # cards keeps that true, only new cards (below) make it unknown again.
            memory.lacks[event.by] = color
        else:
            memory.lacks.pop(event.by, None)  # new unknown cards
    elif kind in (EventType.HANDS_SWAPPED, EventType.HANDS_PASSED, EventType.SWAPPED):
        memory.lacks.clear()
    elif kind == EventType.SILENCE_STARTED:
        memory.silence_by = event.by
    elif kind == EventType.WENT_OUT and event.by is not None:
        memory.went_out.append(event.by)


def deck_faces(obs: Observation, side: Side | None = None) -> list[Card]:
    """Every face of one side (the active one unless told) the match is played with (C-1,
    H-10, F-1)."""
    rules = obs.rules
    return variant_of(rules.preset).deck_faces(rules.options, obs.side if side is None else side)


def unseen_faces(obs: Observation, memory: Memory) -> list[Card]:
    """The active faces this seat has not seen: the deck less its hand and the known discards
    (what the other hands and the draw pile are made of, and, with a partial log, more)."""
    left = Counter(deck_faces(obs))
    top_known = bool(memory.discard) and memory.discard[-1].face is obs.top.face
    # The top once: it ends the known discards, or (with a partial log) stands alone.
    for card in (*obs.hand, *memory.discard, *(() if top_known else (obs.top,))):
        if left[card.face] > 0:
            left[card.face] -= 1
    return list(left.elements())


def chance_none_of(color: str, cards: int, unseen: list[Card]) -> float:
    """The chance that `cards` cards drawn at random from `unseen` hold no card of `color`
    (hypergeometric): how likely a hand of that size is innocent of a Wild Draw Four."""
    total = len(unseen)
    of_color = sum(1 for c in unseen if c.color is not None and c.color.value == color)
    chance = 1.0
    for i in range(min(cards, total)):
        if total - i <= 0:
            break
        chance *= max(0, total - of_color - i) / (total - i)
    return chance
