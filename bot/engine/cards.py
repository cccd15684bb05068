"""Cards as immutable, interned values, with the RULES.md notation (`R7`, `G+2`, `W+4`).

There are only 54 different classic cards, so each is built once and shared: hands and piles hold
references to the same objects, comparisons are identity checks in practice, and nothing ever
mutates a card (RLCard's habit of mutating cards is what STYLE.md warns against).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar


class Color(StrEnum):
    """The light (classic) colours, then Flip's dark ones (F-1), each side in the tie-break
    order of RULES.md C-10 (R, Y, G, B; P, T, O, V)."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"
    PINK = "P"
    TEAL = "T"
    ORANGE = "O"
    VIOLET = "V"

    # Enum's own __hash__ is Python code; the str one is C and agrees with str equality. Colours
    # and ranks key dicts and sets on the engine's hot paths.
    __hash__ = str.__hash__


class Rank(StrEnum):
    __hash__ = str.__hash__  # see Color

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
    # UNO Flip (F-1): light side
    DRAW_ONE = "+1"
    FLIP = "F"
    WILD_DRAW_TWO = "W+2"
    # UNO Flip: dark side
    DRAW_FIVE = "+5"
    SKIP_EVERYONE = "SA"
    WILD_DRAW_COLOR = "WDC"
    # UNO Show 'Em No Mercy (RULES.md M; Skip Everyone is Flip's `SA`, Draw Ten H-10's `W+10`)
    DRAW_FOUR = "+4"  # a coloured Draw Four
    DISCARD_ALL = "DA"
    WILD_REVERSE_DRAW_FOUR = "WR+4"
    WILD_DRAW_SIX = "W+6"
    WILD_COLOR_ROULETTE = "WCR"


class Side(StrEnum):
    """The side of the cards that is up (F-1); always light outside Flip."""

    LIGHT = "light"
    DARK = "dark"


LIGHT_COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
DARK_COLORS = (Color.PINK, Color.TEAL, Color.ORANGE, Color.VIOLET)
NUMBER_RANKS = tuple(Rank(str(n)) for n in range(10))
WILD_RANKS = frozenset({Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN, Rank.WILD_DRAW_TWO,
                        Rank.WILD_DRAW_COLOR, Rank.WILD_REVERSE_DRAW_FOUR, Rank.WILD_DRAW_SIX,
                        Rank.WILD_COLOR_ROULETTE})
_CLASSIC_RANKS = (*NUMBER_RANKS, Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)
_FLIP_LIGHT_RANKS = (*NUMBER_RANKS[1:], Rank.DRAW_ONE, Rank.REVERSE, Rank.SKIP, Rank.FLIP)
_FLIP_DARK_RANKS = (*NUMBER_RANKS[1:], Rank.DRAW_FIVE, Rank.REVERSE, Rank.SKIP_EVERYONE, Rank.FLIP)
# M-1: per colour two of each number, then the coloured actions with their counts.
_NO_MERCY_COLOURED = ((Rank.DRAW_TWO, 3), (Rank.DRAW_FOUR, 2), (Rank.SKIP, 3),
                      (Rank.SKIP_EVERYONE, 2), (Rank.REVERSE, 3), (Rank.DISCARD_ALL, 3))
_NO_MERCY_WILDS = ((Rank.WILD_REVERSE_DRAW_FOUR, 8), (Rank.WILD_DRAW_SIX, 4),
                   (Rank.WILD_DRAW_TEN, 4), (Rank.WILD_COLOR_ROULETTE, 8))

# C-8.2: number cards score their face value, coloured action cards 20, wild cards 50 (H-10: 50).


class CardParseError(ValueError):
    """Text that is not a card of the RULES.md notation."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card face. Instances are interned (`Card.parse`), so equality is identity and hashing
    is by id: both are what the engine does most, and both are then as cheap as Python allows."""

    # Made for one match and not kept beyond it (Flip pairs its faces anew for each match).
    per_match: ClassVar[bool] = False

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
        elif self.rank in NUMBER_RANKS:
            points = int(self.rank.value)
        else:  # coloured action cards (a Flip card scores by F-9 instead: see FlipCard)
            points = 20
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

    @property
    def face(self) -> Card:
        """The face that counts now: the card itself (a Flip card's active side, see FlipCard)."""
        return self

    @property
    def back(self) -> Card | None:
        """The face turned away (only Flip cards have one)."""
        return None

    @property
    def side(self) -> Side:
        """The side of UNO Flip this face is printed on (F-1): dark for the dark colours and
        the dark side's own wild card, light for every other face (a plain Wild, which both
        sides have, included). A Flip card: the side up."""
        if self.color is not None:
            return Side.DARK if self.color in DARK_COLORS else Side.LIGHT
        return Side.DARK if self.rank is Rank.WILD_DRAW_COLOR else Side.LIGHT

    @property
    def turned(self) -> Card:
        """The card turned over: a one-sided card stays as it is (a Flip card: its twin)."""
        return self

    @staticmethod
    def parse(text: str) -> Card:
        """The one interned card for `text`, e.g. `Card.parse("G+2")`; `light/dark` gives a Flip
        card with its light side up (F-1)."""
        try:
            return _BY_CODE[text]
        except (KeyError, TypeError):
            pass
        if isinstance(text, str) and text.count("/") == 1:
            light, dark = text.split("/")
            if light in _BY_CODE and dark in _BY_CODE:
                return flip_card(_BY_CODE[light], _BY_CODE[dark])
        raise CardParseError(f"not a card: {text!r}")


def _all_cards() -> dict[str, Card]:
    ranks = dict.fromkeys([*_CLASSIC_RANKS, *_FLIP_LIGHT_RANKS,
                           *(rank for rank, _ in _NO_MERCY_COLOURED)])
    cards = [Card(c, r) for c in LIGHT_COLORS for r in ranks]
    cards += [Card(c, r) for c in DARK_COLORS for r in _FLIP_DARK_RANKS]
    # In Rank's order, not the frozenset's (which follows the process's string hash seed): the
    # pictures' palette is stored under a digest of a sheet drawn in this order
    # (bot/render/palette_store.py), and a new order each process never found it again.
    cards += [Card(None, r) for r in Rank if r in WILD_RANKS]
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
    for color in LIGHT_COLORS:
        deck.append(_BY_CODE[color.value + "0"])
        for rank in _CLASSIC_RANKS[1:]:
            deck += [_BY_CODE[color.value + rank.value]] * 2
    deck += [_BY_CODE["W"]] * 4 + [_BY_CODE["W+4"]] * 4
    if draw_ten_blanks:
        deck += [_BY_CODE["W+10"]] * 4
    return tuple(deck)


_DECK = _build_deck(False)
_DECK_WITH_BLANKS = _build_deck(True)


def no_mercy_deck() -> list[Card]:
    """The 168 cards of M-1 (no plain Wild, no Wild Draw Four), in a fixed order."""
    return list(_NO_MERCY_DECK)


def _build_no_mercy_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for color in LIGHT_COLORS:
        for rank in NUMBER_RANKS:
            deck += [_BY_CODE[color.value + rank.value]] * 2
        for rank, count in _NO_MERCY_COLOURED:
            deck += [_BY_CODE[color.value + rank.value]] * count
    for rank, count in _NO_MERCY_WILDS:
        deck += [_BY_CODE[rank.value]] * count
    return tuple(deck)


_NO_MERCY_DECK = _build_no_mercy_deck()


# ---------------------------------------------------------------------------- UNO Flip

# F-9: points by the face active when the round ends.
_FLIP_POINTS = {Rank.DRAW_ONE: 10, Rank.DRAW_FIVE: 20, Rank.REVERSE: 20, Rank.SKIP: 20,
                Rank.FLIP: 20, Rank.SKIP_EVERYONE: 30, Rank.WILD: 40, Rank.WILD_DRAW_TWO: 50,
                Rank.WILD_DRAW_COLOR: 60}


@dataclass(frozen=True, slots=True, eq=False)
class FlipCard(Card):
    """A double-sided card (F-1). Its own colour, rank and points are those of the face now up,
    so the game reads it exactly like a classic card; turning the table swaps every card for its
    `turned` twin. Interned per (light, dark, side up), so identity still means "the same card".
    """

    per_match: ClassVar[bool] = True

    light: Card = field(default=None)  # type: ignore[assignment]
    dark: Card = field(default=None)  # type: ignore[assignment]
    dark_up: bool = False
    # The same card with the other side up, set by `flip_card` (turning a table is a look-up).
    twin: FlipCard = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        up = self.dark if self.dark_up else self.light
        object.__setattr__(self, "code", f"{self.light.code}/{self.dark.code}")
        object.__setattr__(self, "plain", up.plain)
        object.__setattr__(self, "points", int(up.rank.value) if up.is_number
                           else _FLIP_POINTS[up.rank])

    @property
    def face(self) -> Card:
        return self.dark if self.dark_up else self.light

    @property
    def back(self) -> Card:
        return self.light if self.dark_up else self.dark

    @property
    def side(self) -> Side:
        return Side.DARK if self.dark_up else Side.LIGHT

    @property
    def turned(self) -> FlipCard:
        return self.twin

    def __reduce__(self) -> tuple[object, tuple[Card, Card, bool]]:  # type: ignore[override]
        return flip_card, (self.light, self.dark, self.dark_up)


_FLIP_CARDS: dict[tuple[Card, Card, bool], FlipCard] = {}


def flip_card(light: Card, dark: Card, dark_up: bool = False) -> FlipCard:
    """The one interned Flip card with these faces and this side up."""
    key = (light, dark, dark_up)
    found = _FLIP_CARDS.get(key)
    if found is None:
        light_up = FlipCard(light.color, light.rank, light=light, dark=dark, dark_up=False)
        dark_up_card = FlipCard(dark.color, dark.rank, light=light, dark=dark, dark_up=True)
        object.__setattr__(light_up, "twin", dark_up_card)
        object.__setattr__(dark_up_card, "twin", light_up)
        _FLIP_CARDS[(light, dark, False)] = light_up
        _FLIP_CARDS[(light, dark, True)] = dark_up_card
        found = dark_up_card if dark_up else light_up
    return found


def pair_faces(light: Sequence[Card], dark: Sequence[Card]) -> list[Card]:
    """`flip_card(light[i], dark[i])` for every i: a deck's cards, light side up."""
    interned = _FLIP_CARDS
    return [interned.get((a, b, False)) or flip_card(a, b)
            for a, b in zip(light, dark, strict=True)]


def flip_faces() -> tuple[list[Card], list[Card]]:
    """F-1: the 112 light faces and the 112 dark faces, each in a fixed order."""
    return list(_FLIP_FACES[0]), list(_FLIP_FACES[1])


def _build_flip_faces() -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    light: list[Card] = []
    dark: list[Card] = []
    for colors, ranks, side in ((LIGHT_COLORS, _FLIP_LIGHT_RANKS, light),
                                (DARK_COLORS, _FLIP_DARK_RANKS, dark)):
        for color in colors:
            for rank in ranks:
                side += [_BY_CODE[color.value + rank.value]] * 2
    light += [_BY_CODE["W"]] * 4 + [_BY_CODE["W+2"]] * 4
    dark += [_BY_CODE["W"]] * 4 + [_BY_CODE["WDC"]] * 4
    return tuple(light), tuple(dark)


_FLIP_FACES = _build_flip_faces()
