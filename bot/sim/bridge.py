"""The core's integers and the engine's values, both ways (the only module of the core besides
`lockstep` that reads the engine): for the lockstep check and for AI players, who observe an
engine table and search on core tables. `house_rules` says which rule sets the core plays and
`new_table` builds the table for one."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from bot.engine import Action, ActionType, Card, Game, RuleSet, classic_deck, variant_of

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
    classic_deck_ids,
)
from .house import HouseRules, HouseTable
from .table import Table

CARD_ID: dict[Card, int] = dict(zip(classic_deck(), classic_deck_ids(), strict=True))
LETTERS = "RYGB"  # the colours in the core's order (the engine's C-10 order)
_SIMPLE = {ActionType.DRAW: DRAW, ActionType.PASS: PASS, ActionType.CHALLENGE: CHALLENGE,
           ActionType.ACCEPT: ACCEPT, ActionType.NEXT_ROUND: NEXT_ROUND,
           ActionType.SLAP_TIMEOUT: SLAP_TIMEOUT}
# Options the core plays as classic: what they change is nothing it simulates (the target
# score: rollouts end with the round; C-5.4's false call, H-5's speaking: nobody simulated
# talks; H-2's jump-ins: out of turn, left to the engine's legal list, see `bot.sim.house`).
NEUTRAL_OPTIONS = frozenset({"target_score", "false_uno_penalty", "jump_in", "silence"})
HOUSE_OPTIONS = frozenset(HouseRules._fields)


def house_rules(rules: RuleSet) -> HouseRules | None:
    """The house rules the core plays for `rules` (all off: classic), or None when the core
    does not play them (a variant of the game, or an option it does not simulate)."""
    # The core is a second implementation of the base game and its house rules only.
    if variant_of(rules.preset) is not Game:
        return None
    enabled = set(rules.enabled())
    if not enabled <= NEUTRAL_OPTIONS | HOUSE_OPTIONS:
        return None
    options = rules.options
    return HouseRules(*(bool(getattr(options, name)) for name in HouseRules._fields))


def new_table(house: HouseRules, n: int, rng: random.Random) -> Table:
    """An empty table for these house rules (the classic one when none is on)."""
    return HouseTable(n, rng, house) if any(house) else Table(n, rng)


def start_table(house: HouseRules, n: int, seed: int) -> Table:
    """Round 1 dealt as `Game.start(..., seed=seed)` deals it, under these house rules."""
    return HouseTable.start(n, seed, house) if any(house) else Table.start(n, seed)


def action_id(action: Action, players: Sequence[str] = ()) -> int:
    """The core's integer for an engine action (a play, draw, pass, colour, challenge, slap or
    swap); `players`, the table's names in seat order, for those that name a seat."""
    kind = action.type
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind is ActionType.COLOR:
        return COLOR_BASE + LETTERS.index(action.color or "")
    if kind is ActionType.SLAP and action.by in players:
        return SLAP + players.index(action.by)
    if kind is ActionType.SWAP and action.card is not None and action.target in players:
        return SWAP + players.index(action.target) * 64 + CARD_ID[action.card]
    if kind is not ActionType.PLAY or action.card is None or (
            action.target is not None and action.target not in players):
        raise ValueError(f"the core has no action like {action}")
    card = CARD_ID[action.card]
    if card >= WILD:
        base = PLAY_WILD if card == WILD else PLAY_WILD_FOUR
        card = base + LETTERS.index(action.color or "")
    play = card | (UNO if action.uno else 0)
    if action.target is not None:
        return TARGETED + players.index(action.target) * 128 + play
    return play


def ids(cards: Iterable[Card]) -> list[int]:
    return [CARD_ID[c] for c in cards]


def color_id(letter: str | None) -> int:
    """A colour letter as the core's colour (-1 for none)."""
    return -1 if letter is None else LETTERS.index(letter)
