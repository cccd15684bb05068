"""Cards as immutable, interned values, with the RULES.md notation (`R7`, `G+2`, `W+4`).

There are only 54 different classic cards, so each is built once and shared: hands and piles hold
references to the same objects, comparisons are identity checks in practice, and nothing ever
mutates a card (RLCard's habit of mutating cards is what STYLE.md warns against).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Color(str, Enum):
    """The four classic colours, in the tie-break order of RULES.md C-10 (R, Y, G, B)."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    def __str__(self) -> str:
        return self.value


class Rank(str, Enum):
    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_DRAW_TEN = "W+10"  # H-10's blank card; only in decks built with draw_ten_blanks


NUMBER_RANKS = tuple(Rank(str(n)) for n in range(10))
WILD_RANKS = frozenset({Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN})

# C-8.2: number cards score their face value, coloured action cards 20, wild cards 50 (H-10: 50).
_ACTION_POINTS = {Rank.SKIP: 20, Rank.REVERSE: 20, Rank.DRAW_TWO: 20}


class CardParseError(ValueError):
    """Text that is not a card of the RULES.md notation."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card face. Instances are interned (`Card.parse`), so equality is identity and hashing
    is by id: both are what the engine does most, and both are then as cheap as Python allows."""

    color: Color | None  # None for wild (black) cards
    rank: Rank
    code: str = field(init=False, compare=False, repr=False)
    points: int = field(init=False, compare=False, repr=False)
    plain: bool = field(init=False, compare=False, repr=False)  # a number or Wild: no C-4 effect

    def __post_init__(self) -> None:
        wild = self.rank in WILD_RANKS
        if wild != (self.color is None):
            raise CardParseError(f"{self.rank.value} {'takes no' if wild else 'needs a'} colour")
        code = self.rank.value if wild else self.color.value + self.rank.value  # type: ignore[union-attr]
        if wild:
            points = 50
        elif self.rank in _ACTION_POINTS:
            points = _ACTION_POINTS[self.rank]
        else:
            points = int(self.rank.value)
        object.__setattr__(self, "plain", self.rank in NUMBER_RANKS or self.rank is Rank.WILD)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "points", points)

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def is_number(self) -> bool:
        return self.rank in NUMBER_RANKS

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return Card.parse, (self.code,)  # copies and pickles stay the interned instance

    @staticmethod
    def parse(text: str) -> Card:
        """The one interned card for `text`, e.g. `Card.parse("G+2")`."""
        try:
            return _BY_CODE[text]
        except (KeyError, TypeError):
            raise CardParseError(f"not a card: {text!r}") from None


def _all_cards() -> dict[str, Card]:
    cards = [Card(c, r) for c in Color for r in Rank if r not in WILD_RANKS]
    cards += [Card(None, r) for r in WILD_RANKS]
    return {card.code: card for card in cards}


_BY_CODE = _all_cards()


def all_cards() -> tuple[Card, ...]:
    """Every distinct card there is (each once)."""
    return tuple(_BY_CODE.values())


def card(text: str) -> Card:
    """Shorthand for `Card.parse`, handy in tests."""
    return Card.parse(text)


def classic_deck(*, draw_ten_blanks: bool = False) -> list[Card]:
    """The 108 cards of C-1 (112 with H-10's four Draw Ten blanks), in a fixed order."""
    return list(_DECK_WITH_BLANKS if draw_ten_blanks else _DECK)


def _build_deck(draw_ten_blanks: bool) -> tuple[Card, ...]:
    deck: list[Card] = []
    for color in Color:
        deck.append(_BY_CODE[color.value + "0"])
        for rank in Rank:
            if rank is Rank.ZERO or rank in WILD_RANKS:
                continue
            deck += [_BY_CODE[color.value + rank.value]] * 2
    deck += [_BY_CODE["W"]] * 4 + [_BY_CODE["W+4"]] * 4
    if draw_ten_blanks:
        deck += [_BY_CODE["W+10"]] * 4
    return tuple(deck)


_DECK = _build_deck(False)
_DECK_WITH_BLANKS = _build_deck(True)
