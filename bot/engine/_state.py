"""The table's state, declared once, and the low-level moves every rule is built from.

`TableState` is a dataclass that declares and initialises every field of a table: the match's
fields once, the round's fields (`round_field`) again at each deal by `_new_round`, and the
derived lookups (`derived_field`) from the others. `_serialize` walks these same fields, so a
field added here is saved and loaded without a hand-kept list to update.

The rule families are sibling classes over this state, each depending only on what it uses:
`_scoring` (going out, rounds, matches), `_penalties` (draws, skips, challenges and their
answers, which settle through scoring), `_talk` (UNO call, catch, slap, silence) and `_exchanges`
(seven-zero, swap on five), `_deal` (the deck and the deal, over penalties) and `_jumpin` (H-2).
`_game` composes them with turns, plays and `apply`; `_flip` and `_nomercy` are the variants of
that game. The modules are private: `bot.engine` exports the public names.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from .cards import DARK_COLORS, LIGHT_COLORS, Card, Color, Side
from .errors import ErrorCode, IllegalAction
from .events import Event, EventReason, EventType, new_event
from .rules import Options, RuleSet, SilenceMode

HAND_SIZE = 7
COLOR_LETTERS = tuple(c.value for c in LIGHT_COLORS)
DARK_COLOR_LETTERS = tuple(c.value for c in DARK_COLORS)
COLOR_BY_LETTER = {c.value: c for c in Color}
# H-9: the colour circles, clockwise (counter-clockwise play walks them backwards).
COLOR_CIRCLE = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)
DARK_COLOR_CIRCLE = (Color.PINK, Color.TEAL, Color.ORANGE, Color.VIOLET)


class PendingKind(StrEnum):
    """What a pending decision waits for (REPLAY.md `pending.kind`)."""

    CHALLENGE = "challenge"  # a challengeable wild draw card waits for its victim (C-6)
    DRAW = "draw"  # a draw penalty its victim may answer (H-4, N-2, N-4, H-11)
    SKIP = "skip"  # N-1
    COLOR = "color"  # a colour to name
    SWAP = "swap"  # H-6
    ROULETTE = "roulette"  # M-8: the Roulette's victim must name a colour
    MUST_PLAY = "must_play"  # M-4.2: never a `Pending`; views and replay output show the
    # drawn card that must be played (the game's `drawn`) so
    SLAP = "slap"  # H-8: never a `Pending`; views and replay output show an open slap window so


class AnswerMode(StrEnum):
    """How a card answers a pending penalty (H-4, N-1, N-2, N-4, H-11)."""

    STACK = "stack"
    DEFLECT = "deflect"
    DEFLECT_SKIP = "deflect_skip"
    BOUNCE = "bounce"


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the table waits for besides a normal turn (REPLAY.md `pending`).

    `by` played the card (or must name the colour / offered the swap); `victim` must decide (for
    a swap, the `target` once named). `guilty` and `color_before` are the referee's notes for a
    challenge (C-6): never shown to players, since they would reveal a hand. `final` marks a
    penalty card that was its player's last: it can be challenged but not stacked, deflected or
    bounced (C-8.1). `bounced` marks a penalty sent back by H-11 (then only another bounce, or
    drawing, answers it).
    """

    kind: PendingKind
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
        if self.kind is PendingKind.SWAP and self.card is not None and self.target is not None:
            return self.target  # H-6: the offer is made; the target answers
        return self.by if self.victim is None else self.victim


@dataclass(frozen=True, slots=True)
class Silence:
    """H-5: a silence in force, started by `by`'s 2 (`twos`) or wild naming `color` (`wilds`)."""

    kind: SilenceMode
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


# ---------------------------------------------------------------------------- field declarations

class Codec(StrEnum):
    """How `_serialize` saves a field (see its `_DUMP` and `load`)."""

    PLAIN = "plain"  # saved as it is (numbers, flags, lists of them)
    CARDS = "cards"  # cards, with the table's side up
    DECK = "deck"  # the match's Flip cards, light side up
    CARD = "card"
    HANDS = "hands"
    COLOR = "color"
    SEATS_SET = "seats_set"  # a set of seats, saved sorted
    RECORD = "record"  # Pending, Silence or Slap
    SIDE = "side"
    RULES = "rules"
    PLAYERS = "players"
    RNG = "rng"


PLAIN, CARDS, DECK, CARD, HANDS, COLOR, SEATS_SET, RECORD, SIDE, RULES, PLAYERS, RNG = Codec


def match_field(codec: Codec = PLAIN, *, default: Any = MISSING,
                factory: Callable[[], Any] | None = None,
                per_seat: Callable[[int], Any] | None = None) -> Any:
    """A field of the match. `per_seat(n)` builds a value sized for the table's n seats."""
    meta = {"codec": codec, "per_seat": per_seat, "round": False}
    if per_seat is not None:
        return field(default_factory=list, metadata=meta)
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


def round_field(codec: Codec = PLAIN, *, default: Any = None,
                factory: Callable[[], Any] | None = None,
                per_seat: Callable[[int], Any] | None = None, omit_empty: bool = False) -> Any:
    """A field of the round, set to its initial value at every deal (`_new_round`), not by the
    constructor (`load` sets the saved values). `omit_empty`: saved only when not empty, so the
    saves of games that never use it stay as they were (a missing one loads as initial)."""
    meta = {"codec": codec, "per_seat": per_seat, "round": True, "default": default,
            "factory": factory, "omit_empty": omit_empty}
    return field(init=False, metadata=meta)


def derived_field() -> Any:
    """A lookup derived from the other fields by `_index`; never saved."""
    return field(default=None, init=False, repr=False, compare=False,
                 metadata={"codec": None, "per_seat": None, "round": False})


@dataclass(eq=False)
class TableState:
    """The state of one match at one table, and the moves shared by every rule.

    Every field is declared here once. Create a game with `Game.start`, which fills the match's
    fields and deals; `load` passes the saved match fields to the constructor and sets the
    round's.
    """

    # Which variant this is, for the bot's display and for tests; the rules never branch on
    # them (a variant declares what it changes: see `_game.Game`).
    flip: ClassVar[bool] = False
    no_mercy: ClassVar[bool] = False  # see `_nomercy.NoMercyGame`

    rules: RuleSet = match_field(RULES)
    players: tuple[str, ...] = match_field(PLAYERS)
    rng: random.Random = match_field(RNG, factory=random.Random)
    scores: list[int] = match_field(per_seat=lambda n: [0] * n)
    round: int = match_field(default=0)
    dealer: int = match_field(default=0)
    active: list[bool] = match_field(per_seat=lambda n: [True] * n)  # False once left (C-10)
    match_winner: int | None = match_field(default=None)
    first_player: int | None = match_field(default=None)  # H-7: who plays first next round
    last_round_points: list[int] = match_field(per_seat=lambda n: [0] * n)  # H-14 tie-break
    version: int = match_field(default=0)  # +1 per applied action: spots stale views, buttons
    flip_deck: list[Card] = match_field(DECK, factory=list)  # F-1: paired faces, light side up

    # The round's fields.
    in_round: list[bool] = round_field(factory=list)  # active and not out (H-12), set per deal
    hands: list[list[Card]] = round_field(HANDS, per_seat=lambda n: [[] for _ in range(n)])
    draw_pile: list[Card] = round_field(CARDS, factory=list)  # top of the pile: END of the list
    discard: list[Card] = round_field(CARDS, factory=list)  # top card: END of the list
    color: Color | None = round_field(COLOR)  # None only while a wild start card waits
    direction: int = round_field(default=1)
    turn: int | None = round_field()
    pending: Pending | None = round_field(RECORD)
    drawn: Card | None = round_field(CARD)  # C-4.4 / H-1: the playable card just drawn
    uno_owed: int | None = round_field()  # C-5: the player who may be caught right now
    uno_called: set[int] = round_field(SEATS_SET, factory=set)  # one card, UNO called
    round_over: bool = round_field(default=False)
    round_winner: int | None = round_field()
    round_loser: int | None = round_field()  # H-12: last holding cards; H-7: deals next
    finished: list[int] = round_field(factory=list)  # out of this round, in order (H-12)
    start_top: bool = round_field(default=True)  # the top is the start card (H-2: no jump-in)
    silence: Silence | None = round_field(RECORD)  # H-5
    slap: Slap | None = round_field(RECORD)  # H-8
    stages: list[int] = round_field(per_seat=lambda n: [HAND_SIZE] * n)  # H-13 stage sizes
    skip_next: set[int] = round_field(SEATS_SET, factory=set)  # N-5: next turn passed over
    side: Side = round_field(SIDE, default=Side.LIGHT)  # F-1: every round starts light up
    knocked_out: list[int] = round_field(factory=list, omit_empty=True)  # M-10, in order

    # Derived from the above by `_index`; never saved.
    options: Options = derived_field()
    _seat: dict[str, int] = derived_field()

    def __post_init__(self) -> None:
        n = len(self.players)
        for name, make in _DECLARED.per_seat:
            if not getattr(self, name):  # given by `load`; created by `start`
                setattr(self, name, make(n))
        self._index()

    def _index(self) -> None:
        """Rebuild the derived lookups (after creation or loading)."""
        self._seat = {name: seat for seat, name in enumerate(self.players)}
        self.options = self.rules.options

    def _new_round(self) -> None:
        """Set every round field to its initial value (the deal then fills hands and piles)."""
        n = len(self.players)
        for name, default, factory, per_seat in _DECLARED.round:
            if per_seat is not None:
                setattr(self, name, per_seat(n))
            elif factory is not None:
                setattr(self, name, factory())
            else:
                setattr(self, name, default)
        self.in_round = list(self.active)

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colours of the active side (F-7), in the tie-break order of C-10."""
        return DARK_COLORS if self.side is Side.DARK else LIGHT_COLORS

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

    def _named_card(self, seat: int, named: Card) -> Card:
        """The card of the hand that `named` (not itself in the hand) names: none but itself
        (a variant may name cards otherwise: see `_flip`)."""
        return named

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

    def _draw(self, seat: int, count: int, events: list[Event], *,
              reason: EventReason) -> list[Card]:
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
            events.append(new_event(Event, (EventType.DREW, name, None, card, None, None, None,
                                            reason, None)))
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
                    reason: EventReason) -> None:
        """F-6: draw until a card whose active face has `color` (a wild does not count); the
        drawing stops when the piles run out."""
        while True:
            got = self._draw(seat, 1, events, reason=reason)
            if not got or got[0].color is color:
                return

    def _skip(self, seat: int, events: list[Event]) -> None:
        events.append(new_event(Event, (EventType.SKIPPED, self.players[seat], None, None, None,
                                        None, None, None, None)))

    def _hands_changed(self) -> None:
        """After hands change owners (H-3): nobody owes or has made an UNO call any more (C-9)."""
        self.uno_owed = None
        self.uno_called.clear()


class _Declared:
    """What `__post_init__` and `_new_round` need of the declarations, read once."""

    def __init__(self) -> None:
        declared = fields(TableState)
        self.per_seat = [(f.name, f.metadata["per_seat"]) for f in declared
                         if f.metadata["per_seat"] is not None and not f.metadata["round"]]
        self.round = [(f.name, f.metadata["default"], f.metadata["factory"],
                       f.metadata["per_seat"]) for f in declared if f.metadata["round"]]


_DECLARED = _Declared()
