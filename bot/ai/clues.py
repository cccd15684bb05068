"""What the others' play gives away about their hidden hands (issue #33): clues for the worlds.

The AI levels and most people play a coloured card before a wild and name the colour they hold
most (`normal.py`, `policy.most_held_color`); so a player's public moves say something about
what they still hold. From the seat's events only (`Observation.events`), per other player:

- `drew`: they drew on their turn (C-7): nothing of the colour in force, no wild (C-4), and
  (`drew_rank`) no coloured card of the top's number or symbol, or they would have played it.
  Their next cards are unknown again, so a later draw replaces the clue.
- `wild`: they played a wild (not the card just drawn) with more than 2 cards and nobody about
  to go out (`normal.THREAT`): they held no coloured card that played (the colour in force, the
  top's number or symbol). What is left is a part of that hand, so the clue adds to the last.
- `kept`: cards drawn off their turn (a penalty, a catch) end none of the above but the
  colour named: all but that many of the hand still hold to them.
- `switched`: they left the colour in force for another by a number (C-4) with more than 2
  cards and nobody about to go out: the normal level stays in the colour it holds most (two
  points a card of it, at most 1.8 for the number's points), so the hand left holds at most
  one card more of the colour left than of the new one. Until their next play.
- `named`: the colour they named with a wild is the one they held most afterwards (C-10's
  order breaking ties), counting the coloured cards they have played since; a draw ends it.

Any other change to a hand the seat cannot follow (a swap, hands passed, a flip, a return)
forgets the clues. They are a model of play, not rules: the worlds honour them where the unseen
cards allow (`worlds.Worlds`), and a player who plays otherwise only makes them wrong.

`KINDS` holds the ones in use: only `drew` (the colour in force and wilds), as before. The
others make the worlds a little closer to the true hands but measured no lower regret on
`benchmarks/expert_regret.py`'s fixed positions (an early wild, wrong for 7% of hands, measured
worse); its docstring has the figures. `switched` came last and is not measured yet.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.engine import Card, Event, EventReason, EventType, Rank

from .normal import THREAT
from .observation import Observation

ALL = ("drew", "drew_rank", "wild", "named", "kept", "switched")  # every one it can read
KINDS = frozenset({"drew"})  # the inferences in use (the others measured no better)
# Events that change hands in ways the seat cannot follow card by card.
_UNFOLLOWED = frozenset({EventType.CARD_RETURNED, EventType.DISCARDED_ALL,
                         EventType.HANDS_PASSED, EventType.HANDS_SWAPPED,
                         EventType.KNOCKED_OUT, EventType.SWAP_RECEIVED, EventType.SWAPPED,
                         EventType.FLIPPED, EventType.STAGE_CLEARED})


@dataclass(slots=True)
class Clue:
    """What one player's hand holds none of, and the colour it holds most."""

    colors: set[str] = field(default_factory=set)  # no coloured card of these colours
    ranks: set[Rank] = field(default_factory=set)  # no coloured card of these ranks
    wilds: bool = False  # no wild
    free: int = 0  # cards come in since (`kept`): unknown, the rest holds the clue
    named: str | None = None  # held most when named (with `since` added back)
    since: Counter[str] = field(default_factory=Counter)  # coloured cards played since
    switched: tuple[str, str] | None = None  # (left, to): no more of left than of to, + 1

    def allows(self, card: Card) -> bool:
        if card.color is None:
            return not self.wilds
        return card.color.value not in self.colors and card.rank not in self.ranks


@dataclass(slots=True)
class _Table:
    """The public state the clues are read against, replayed from the events."""

    color: str | None = None
    top: Card | None = None
    sizes: dict[str, int] | None = None  # None: not followed (a partial log, a swap)
    just_drew: str | None = None  # who drew on their turn and has not acted since


def read_clues(obs: Observation, kinds: frozenset[str] | None = None) -> dict[str, Clue]:
    """The clues about each other player, from the seat's events (one pass)."""
    use = KINDS if kinds is None else kinds
    clues: dict[str, Clue] = {}
    table = _Table()
    for event in obs.events:
        kind, by = event.type, event.by
        if kind == EventType.ROUND_STARTED:
            clues, table = {}, _Table(sizes=dict.fromkeys(obs.players, 0))
        elif kind == EventType.DEALT and table.sizes is not None and by is not None:
            table.sizes[by] += 1
        elif kind == EventType.START_CARD and event.card is not None:
            table.top = event.card
            table.color = None if event.card.color is None else event.card.color.value
        elif kind == EventType.COLOR_CHOSEN and event.color is not None:
            table.color = event.color.value
        elif kind == EventType.DREW and by is not None:
            _drew(clues, table, by, event.reason == EventReason.TURN, use)
        elif kind == EventType.PLAYED and event.card is not None and by is not None:
            _played(clues, table, by, event.card, event, use)
        elif kind == EventType.PASSED:
            table.just_drew = None
        elif kind in _UNFOLLOWED:
            clues.clear()
            table.sizes = None
    return clues


def _drew(clues: dict[str, Clue], table: _Table, by: str, on_turn: bool,
          use: frozenset[str]) -> None:
    if table.sizes is not None:
        table.sizes[by] += 1
    old = clues.pop(by, None)  # new cards, unknown
    if not on_turn and old is not None and "kept" in use and (old.colors or old.wilds):
        old.free, old.named, old.switched = old.free + 1, None, None  # the older cards hold it
        clues[by] = old
    if not on_turn or table.color is None or "drew" not in use:
        return
    clue = clues[by] = Clue(colors={table.color}, wilds=True)
    top = table.top
    if "drew_rank" in use and top is not None and top.color is not None:
        clue.ranks.add(top.rank)
    table.just_drew = by


def _played(clues: dict[str, Clue], table: _Table, by: str, card: Card, event: Event,
            use: frozenset[str]) -> None:
    sizes, drawn = table.sizes, table.just_drew == by
    table.just_drew = None
    jump = event.reason == EventReason.JUMP_IN
    if card.color is None and not drawn and not jump and "wild" in use and sizes is not None \
            and table.color is not None and _unhurried(sizes, by):
        clue = clues.setdefault(by, Clue())
        clue.colors.add(table.color)
        if table.top is not None and table.top.color is not None:
            clue.ranks.add(table.top.rank)
    named = event.color
    held = clues.get(by)
    if held is not None:
        held.switched = None  # about the hand before this play
        if held.free and not held.allows(card):
            held.free -= 1  # it can only have been one of the new cards
    left = table.color
    if card.color is not None and card.is_number and left is not None \
            and card.color.value != left and not drawn and not jump and "switched" in use \
            and sizes is not None and _unhurried(sizes, by):
        clues.setdefault(by, Clue()).switched = (left, card.color.value)
    if card.color is None and named is not None and "named" in use:
        clue = clues.setdefault(by, Clue())
        clue.named, clue.since = named.value, Counter()
    elif card.color is not None and by in clues and clues[by].named is not None:
        clues[by].since[card.color.value] += 1
    if sizes is not None:
        sizes[by] -= 1
    table.top = card
    table.color = card.color.value if card.color is not None else (
        named.value if named is not None else None)


def _unhurried(sizes: dict[str, int], by: str) -> bool:
    """More than 2 cards before the play, and no other player about to go out (the normal
    level spends a wild early only when nothing coloured plays)."""
    return sizes[by] > 2 and not any(0 < size <= THREAT for name, size in sizes.items()
                                     if name != by)
