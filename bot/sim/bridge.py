"""The core's integers and the engine's values, both ways (the only module of the core besides
`lockstep` that reads the engine): for the lockstep check and for AI players, who observe an
engine table and search on core tables. `core_for` says which rule sets the core plays and
gives, for each, the table to build and its `Codec` (each variant numbers its own cards)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.engine import (
    Action,
    ActionType,
    Card,
    FlipCard,
    FlipGame,
    Game,
    NoMercyGame,
    RuleSet,
    classic_deck,
    flip_faces,
    no_mercy_deck,
    variant_of,
)

from . import flip, nomercy
from .cards import (
    ACCEPT,
    CHALLENGE,
    COLOR_BASE,
    DRAW,
    NEXT_ROUND,
    PASS,
    PLAY_WILD,
    PLAY_WILD_FOUR,
    SLAP,
    SLAP_TIMEOUT,
    SWAP,
    TARGETED,
    UNO,
    WILD,
    WILD_FOUR,
    classic_deck_ids,
)
from .flip import FlipTable
from .house import HouseRules, HouseTable
from .nomercy import NoMercyTable
from .table import Table

LETTERS = "RYGB"  # the colours in the core's order (the engine's C-10 order)
DARK_LETTERS = "PTOV"  # F-1's dark colours, the same four places on the dark side
_SIMPLE = {ActionType.DRAW: DRAW, ActionType.PASS: PASS, ActionType.CHALLENGE: CHALLENGE,
           ActionType.ACCEPT: ACCEPT, ActionType.NEXT_ROUND: NEXT_ROUND,
           ActionType.SLAP_TIMEOUT: SLAP_TIMEOUT}
# Options the core plays as if they were off: what they change is nothing it simulates (the
# target score: rollouts end with the round; C-5.4's false call, H-5's speaking: nobody
# simulated talks; H-2's jump-ins: out of turn, left to the engine's legal list, see
# `bot.sim.house`).
NEUTRAL_OPTIONS = frozenset({"target_score", "false_uno_penalty", "jump_in", "silence"})
HOUSE_OPTIONS = frozenset(HouseRules._fields)
NO_MERCY_NEUTRAL = NEUTRAL_OPTIONS | {"reverse_chain"}  # M-16.12: accepted, changes nothing


class Codec:
    """One rule set's numbering: its cards (`card_ids`) and its actions (`action_id`)."""

    def __init__(self, deck: Sequence[Card], deck_ids: Sequence[int],
                 wild_plays: Mapping[int, int], uncoloured: Mapping[int, int], uno: int) -> None:
        self.card_ids: dict[Card, int] = dict(zip(deck, deck_ids, strict=True))
        self.wild_plays = wild_plays  # a wild card's play naming red (+1 a colour on)
        self.uncoloured = uncoloured  # a wild card's play naming no colour (M-8.1)
        self.uno = uno  # what the UNO call adds to a play (0: nothing the core simulates)

    def ids(self, cards: Iterable[Card]) -> list[int]:
        return [self.card_ids[c] for c in cards]

    def action_id(self, action: Action, players: Sequence[str] = ()) -> int:
        """The core's integer for an engine action (a play, draw, pass, colour, challenge,
        slap or swap); `players`, the table's names in seat order, for those naming a seat."""
        kind = action.type
        if kind in _SIMPLE:
            return _SIMPLE[kind]
        if kind is ActionType.COLOR:
            return COLOR_BASE + color_id(action.color)
        if kind is ActionType.SLAP and action.by in players:
            return SLAP + players.index(action.by)
        if kind is ActionType.SWAP and action.card is not None and action.target in players:
            return SWAP + players.index(action.target) * 64 + self.card_ids[action.card]
        if kind is not ActionType.PLAY or action.card is None or (
                action.target is not None and action.target not in players):
            raise ValueError(f"the core has no action like {action}")
        play = self._play(action) | (self.uno if action.uno else 0)
        if action.target is not None:
            return TARGETED + players.index(action.target) * 128 + play
        return play

    def _play(self, action: Action) -> int:
        assert action.card is not None
        card = self.card_ids.get(action.card, -1)
        if card < 0:
            raise ValueError(f"no card {action.card} in this rule set")
        if card in self.wild_plays:
            card = (self.uncoloured[card] if action.color is None
                    else self.wild_plays[card] + LETTERS.index(action.color))
        return card


class _FlipIds(dict[Card, int]):
    """A Flip card's number from its two faces (`bot.sim.flip.card`), made when first asked."""

    def __init__(self) -> None:
        super().__init__()
        light, dark = flip_faces()
        self.light = dict(zip(light, flip.LIGHT_FACES, strict=True))
        self.dark = dict(zip(dark, flip.DARK_FACES, strict=True))

    def __missing__(self, card: Card) -> int:
        faces: FlipCard = card  # type: ignore[assignment]  # a Flip table holds no other card
        self[card] = found = flip.card(self.light[faces.light], self.dark[faces.dark])
        return found


class FlipCodec(Codec):
    """UNO Flip's numbering: a card is its two faces, whichever side is up (`bot.sim.flip`);
    a wild face's play names a colour of the side up (F-7)."""

    def __init__(self) -> None:
        super().__init__([], [], {}, {}, 0)
        ids = _FlipIds()
        self.card_ids = ids
        self.light_faces, self.dark_faces = ids.light, ids.dark  # the faces' own numbers

    def _play(self, action: Action) -> int:
        assert action.card is not None
        card = self.card_ids[action.card]
        return card if action.color is None else flip.WILD_PLAY + 4 * card + color_id(
            action.color)


CLASSIC = Codec(classic_deck(), classic_deck_ids(), {WILD: PLAY_WILD, WILD_FOUR: PLAY_WILD_FOUR},
                {}, UNO)
NO_MERCY = Codec(no_mercy_deck(), nomercy.DECK,
                 {nomercy.WILD_REVERSE_FOUR: 64, nomercy.WILD_SIX: 68, nomercy.WILD_TEN: 72,
                  nomercy.ROULETTE: 77}, {nomercy.ROULETTE: nomercy.PLAY_ROULETTE}, 0)
CARD_ID = CLASSIC.card_ids
FLIP = FlipCodec()
action_id = CLASSIC.action_id
ids = CLASSIC.ids


@dataclass(frozen=True)
class Core:
    """What the core plays a rule set with: its numbering and its tables."""

    codec: Codec
    new: Callable[[int, random.Random], Table]  # an empty table: (players, random source)
    start: Callable[[int, int], Table]  # round 1 dealt as `Game.start(..., seed=)`: (n, seed)
    house: HouseRules | None = None
    two_sided: bool = False  # cards with two faces, one turned away from the others (F-2)


def house_rules(rules: RuleSet) -> HouseRules | None:
    """The house rules the classic core plays for `rules`' options (all off: classic), or None
    when an option is one it does not simulate."""
    if not set(rules.enabled()) <= NEUTRAL_OPTIONS | HOUSE_OPTIONS:
        return None
    options = rules.options
    return HouseRules(*(bool(getattr(options, name)) for name in HouseRules._fields))


def _classic(rules: RuleSet) -> Core | None:
    house = house_rules(rules)
    if house is None:
        return None
    if any(house):
        return Core(CLASSIC, lambda n, rng: HouseTable(n, rng, house),
                    lambda n, seed: HouseTable.start(n, seed, house), house)
    return Core(CLASSIC, Table, Table.start, house)


def _no_mercy(rules: RuleSet) -> Core | None:
    if not set(rules.enabled()) <= NO_MERCY_NEUTRAL:
        return None
    return Core(NO_MERCY, NoMercyTable, NoMercyTable.start)


def _flip(rules: RuleSet) -> Core | None:
    if not set(rules.enabled()) <= NEUTRAL_OPTIONS:
        return None
    return Core(FLIP, FlipTable, FlipTable.start, two_sided=True)


# The cores by the game class a preset plays (`variant_of`), each judging the options.
_CORES: Mapping[type[Game], Callable[[RuleSet], Core | None]] = {
    Game: _classic, NoMercyGame: _no_mercy, FlipGame: _flip}


def core_for(rules: RuleSet) -> Core | None:
    """The core for `rules`, or None where it does not play them: options outside
    `NEUTRAL_OPTIONS` and `HOUSE_OPTIONS` (classic), `NO_MERCY_NEUTRAL` (No Mercy) or
    `NEUTRAL_OPTIONS` (Flip)."""
    return _CORES[variant_of(rules.preset)](rules)


def color_id(letter: str | None) -> int:
    """A colour letter as the core's colour (-1 for none; Flip's dark colours in their own
    four places)."""
    if letter is None:
        return -1
    found = LETTERS.find(letter)
    return found if found >= 0 else DARK_LETTERS.index(letter)
