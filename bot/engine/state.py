"""The table's state and the low-level moves every rule is built from (seats, drawing, skipping).

The rules themselves are layered on top, one module per family, each a class that extends the one
below it: `scoring` (going out, rounds, matches), `penalties` (draws, skips, challenges and their
answers), `talk` (UNO call, catch, slap, silence), `exchanges` (seven-zero, swap on five) and
finally `game` (turns, plays, `apply`). Everything here is plain data so that `serialize` can dump
and load it exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import DARK_COLORS, LIGHT_COLORS, Card, Color
from .errors import ErrorCode, IllegalAction
from .events import Event, EventType
from .rules import Options, RuleSet

COLOR_LETTERS = tuple(c.value for c in LIGHT_COLORS)
DARK_COLOR_LETTERS = tuple(c.value for c in DARK_COLORS)
COLOR_BY_LETTER = {c.value: c for c in Color}
# H-9: the colour circles, clockwise (counter-clockwise play walks them backwards).
COLOR_CIRCLE = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)
DARK_COLOR_CIRCLE = (Color.PINK, Color.TEAL, Color.ORANGE, Color.VIOLET)


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the table waits for besides a normal turn (REPLAY.md `pending`).

    kind: "challenge" (a Wild Draw Four waits for its victim), "draw" (a draw penalty its victim
    may answer), "skip" (N-1), "color" (a colour to name), "swap" (H-6). `by` played the card (or
    must name the colour / offered the swap); `victim` must decide (for "swap", the `target` once
    named). `guilty` and `color_before` are the referee's notes for a challenge (C-6): never
    shown to players, since they would reveal a hand. `final` marks a penalty card that was its
    player's last: it can be challenged but not stacked, deflected or bounced (C-8.1). `bounced`
    marks a penalty sent back by H-11 (then only another bounce, or drawing, answers it).
    """

    kind: str
    by: int
    victim: int | None = None
    amount: int | None = None
    guilty: bool = False
    color_before: Color | None = None
    final: bool = False
    bounced: bool = False
    until_color: bool = False  # F-6: Wild Draw Colour's "draw until the named colour"
    target: int | None = None  # H-6: the player asked to swap
    card: Card | None = None  # H-6: the card offered

    @property
    def decider(self) -> int:
        if self.kind == "swap" and self.card is not None and self.target is not None:
            return self.target  # H-6: the offer is made; the target answers
        return self.by if self.victim is None else self.victim


@dataclass(frozen=True, slots=True)
class Silence:
    """H-5: a silence in force, started by `by`'s 2 (`twos`) or wild naming `color` (`wilds`)."""

    kind: str
    by: int
    color: Color | None = None


@dataclass(frozen=True, slots=True)
class Slap:
    """H-8: the slap window opened by `by`'s UNO call; `waiting` have not slapped yet."""

    by: int
    waiting: tuple[int, ...]
    others: int  # how many had to slap when it opened (two players: one)


def illegal(code: ErrorCode, message: str) -> IllegalAction:
    return IllegalAction(code, message)


class TableState:
    """The state of one match at one table, and the moves shared by every rule."""

    rules: RuleSet
    options: Options
    players: tuple[str, ...]
    rng: random.Random
    scores: list[int]
    round: int
    dealer: int
    active: list[bool]  # False once a player has left (C-10)
    in_round: list[bool]  # active and not yet out of this round (H-12 passes over those out)
    match_winner: int | None
    hands: list[list[Card]]
    draw_pile: list[Card]  # top of the pile is the END of the list
    discard: list[Card]  # top card is the END of the list
    color: Color | None  # None only while a start-card Wild waits for its colour
    direction: int
    turn: int | None
    pending: Pending | None
    drawn: Card | None  # C-4.4 / H-1: the playable card the player at turn just drew
    uno_owed: int | None  # C-5: the player who may be caught right now
    uno_called: set[int]  # players holding one card who have called UNO (for display)
    round_over: bool
    round_winner: int | None
    round_loser: int | None  # H-12: the last player holding cards; H-7: who deals next
    finished: list[int]  # players out of this round, in order (H-12; otherwise the winner)
    start_top: bool  # the top card is still the round's start card (H-2: no jump-in on it)
    silence: Silence | None  # H-5
    slap: Slap | None  # H-8
    stages: list[int]  # H-13: the size of each player's current stage hand
    skip_next: set[int]  # N-5: players whose next turn is passed over
    first_player: int | None  # H-7: who plays first next round (the last round's winner)
    last_round_points: list[int]  # H-14: tie-break on the last round's points
    version: int  # +1 per applied action: views and the bot's buttons use it to spot stale state
    side: str  # "light" or "dark" (F-1; always light outside Flip)
    flip_deck: list[Card]  # F-1: the match's double-sided cards, light side up (empty otherwise)
    # Derived from the above, rebuilt by `_index()`; never serialized.
    _seat: dict[str, int]
    flip: bool

    def _index(self) -> None:
        """Rebuild the derived lookups (after creation or loading)."""
        self._seat = {name: seat for seat, name in enumerate(self.players)}
        self.options = self.rules.options
        self.flip = self.rules.preset == "flip"

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colours of the active side (F-7), in the tie-break order of C-10."""
        return DARK_COLORS if self.side == "dark" else LIGHT_COLORS

    # ------------------------------------------------------------------ seats

    def seat_of(self, name: str) -> int:
        seat = self._seat.get(name)
        if seat is None:
            raise illegal(ErrorCode.UNKNOWN_PLAYER, f"{name!r} is not a player")
        return seat

    def _next(self, seat: int) -> int:
        """The next seat in the current direction, passing over players who are not in the round."""
        n = len(self.players)
        in_round = self.in_round
        direction = self.direction
        seat = (seat + direction) % n
        while not in_round[seat]:
            seat = (seat + direction) % n
        return seat

    @property
    def in_round_count(self) -> int:
        return sum(self.in_round)

    @property
    def waiting_for(self) -> int | None:
        """The seat the table waits for: the pending decision's owner, or the player at turn."""
        if self.round_over:
            return None
        if self.pending is not None:
            return self.pending.decider
        return self.turn

    def _require_waiting_for(self, seat: int) -> None:
        if self.waiting_for != seat:
            raise illegal(ErrorCode.NOT_YOUR_TURN, "the table is waiting for another player")

    # ------------------------------------------------------------------ cards

    def matches(self, card: Card) -> bool:
        """C-4.1–3: colour, number or symbol; wild cards always."""
        return card.color is None or card.color is self.color or card.rank is self.discard[-1].rank

    def _color_arg(self, text: str | None) -> Color:
        color = COLOR_BY_LETTER.get(text) if text is not None else None
        if color is None or color not in self.colors:
            letters = ", ".join(c.value for c in self.colors)
            raise illegal(ErrorCode.COLOR_REQUIRED, f"name a colour of this side: {letters}")
        return color

    def _most_held_color(self, seat: int) -> Color:
        """C-10/C-11: the colour a player holds most, ties in the order R, Y, G, B."""
        colors = self.colors
        counts = dict.fromkeys(colors, 0)
        for card in self.hands[seat]:
            if card.color in counts:
                counts[card.color] += 1
        return max(colors, key=lambda c: counts[c])  # max keeps the first of equal counts

    def _shuffle(self, cards: list[Card]) -> None:
        """Fisher-Yates on `rng.random()`: deterministic per seed, and about three times faster
        than `random.shuffle` (whose per-card `_randbelow` is Python code): shuffling is most of
        the cost of starting a round."""
        rnd = self.rng.random
        for i in range(len(cards) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]

    def _draw(self, seat: int, count: int, events: list[Event], *, reason: str) -> list[Card]:
        """Move up to `count` cards to a hand, rebuilding the pile from the discards (C-7)."""
        hand = self.hands[seat]
        name = self.players[seat]
        pile = self.draw_pile
        got: list[Card] = []
        for _ in range(count):
            if not pile:
                if len(self.discard) < 2:
                    break  # C-7 decision: draw as many as there are
                self._reshuffle(events)
                pile = self.draw_pile
            card = pile.pop()
            hand.append(card)
            got.append(card)
            events.append(Event(EventType.DREW, name, None, card, None, None, None, reason))
        if got:
            self.uno_called.discard(seat)
        return got

    def _reshuffle(self, events: list[Event]) -> None:
        top = self.discard.pop()
        pile = self.discard
        self._shuffle(pile)
        self.draw_pile = pile
        self.discard = [top]
        events.append(Event(EventType.RESHUFFLED, amount=len(pile)))

    def _draw_until(self, seat: int, color: Color | None, events: list[Event], *,
                    reason: str) -> None:
        """F-6: draw until a card whose active face has `color` (a wild does not count); the
        drawing stops when the piles run out."""
        while True:
            got = self._draw(seat, 1, events, reason=reason)
            if not got or got[0].color is color:
                return

    def _skip(self, seat: int, events: list[Event]) -> None:
        events.append(Event(EventType.SKIPPED, self.players[seat]))

    def _hands_changed(self) -> None:
        """After hands change owners (H-3): nobody owes or has made an UNO call any more (C-9)."""
        self.uno_owed = None
        self.uno_called.clear()
