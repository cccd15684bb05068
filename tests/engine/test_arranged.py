"""`arranged`: a copy of a game with parts of its table set otherwise, the engine's own way for an
AI player to build a table it imagines (issue 35: not by writing the save format by hand)."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, RuleSet, Side, arranged, dump
from bot.engine.cards import FlipCard

from .support import random_action

PLAYERS = ("Ann", "Bob", "Cid")


def _played(preset: str, seed: int, steps: int) -> Game:
    game, _ = Game.start(PLAYERS, RuleSet.build(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("preset", ["classic", "cnuno", "flip", "no_mercy"])
@pytest.mark.parametrize("seed", range(4))
def test_a_copy_with_nothing_arranged_plays_on_as_the_game_does(preset: str, seed: int) -> None:
    game = _played(preset, seed, 40 + 7 * seed)
    copy = arranged(game)
    assert type(copy) is type(game) and dump(copy) == dump(game)
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(30):
        assert copy.apply(random_action(copy, rng_a)) == game.apply(random_action(game, rng_b))
    assert dump(copy) == dump(game)


@pytest.mark.parametrize("preset", ["classic", "flip", "no_mercy"])
def test_arranged_hands_change_the_copy_only(preset: str) -> None:
    game = _played(preset, 5, 25)
    before = dump(game)
    original = [list(hand) for hand in game.hands]
    hands = [list(hand) for hand in reversed(game.hands)]
    copy = arranged(game, hands=hands, version=0)
    assert copy.hands == hands and copy.version == 0
    assert dump(game) == before  # the original is untouched
    changed = {k for k in before if dump(copy)[k] != before[k]}
    assert changed <= {"hands", "version"}
    copy.hands[0].clear()
    copy.discard.clear()
    assert game.hands == original and game.discard  # nothing shared


def test_a_flip_table_arranged_with_light_cards_shows_its_side_and_pairs_its_deck() -> None:
    """F-4: every card of a table shows the table's side; F-1: the deck is the cards on it."""
    game = _played("flip", 2, 10)
    game.side = Side.DARK  # a table turned to its dark side, arranged from light-up cards
    light = [c.turned if c.side is Side.DARK else c for c in game.draw_pile]
    others = light[:5]
    copy = arranged(game, side=Side.DARK, draw_pile=light[5:] + others[::-1])
    cards = [*(c for h in copy.hands for c in h), *copy.draw_pile, *copy.discard]
    assert all(isinstance(c, FlipCard) and c.side is Side.DARK for c in cards)
    assert sorted(c.code for c in copy.flip_deck) == sorted(c.code for c in cards)
    assert all(c.side is Side.LIGHT for c in copy.flip_deck)


def test_a_flip_deck_paired_otherwise_follows_the_table() -> None:
    game = _played("flip", 3, 5)
    other, _ = Game.start(PLAYERS, RuleSet.build("flip"), seed=99)  # another pairing
    copy = arranged(game, hands=[list(h) for h in other.hands], draw_pile=list(other.draw_pile),
                    discard=list(other.discard), side=other.side)
    assert sorted(c.code for c in copy.flip_deck) == sorted(c.code for c in other.flip_deck)


@pytest.mark.parametrize("name", ["rules", "players", "options", "_seat", "colour"])
def test_only_the_tables_saved_fields_may_be_arranged(name: str) -> None:
    game, _ = Game.start(PLAYERS, RuleSet.classic(), seed=1)
    with pytest.raises(ValueError, match=name):
        arranged(game, **{name: None})
