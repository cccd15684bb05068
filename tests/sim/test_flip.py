"""The core under UNO Flip (RULES.md F) plays exactly as `FlipGame`: the same seeds, the same
pairs of faces (F-1), the same legal actions and state at every step, through every turn of the
table (F-4). `benchmarks/core.py --verify` runs the long check (over 100,000 actions); the suite
runs a sample."""

from __future__ import annotations

import pytest

from bot.engine import Action, Game, RuleSet, card
from bot.sim import flip
from bot.sim.bridge import FLIP as FLIP_CODEC
from bot.sim.bridge import core_for
from bot.sim.flip import WILD_PLAY, FlipTable
from bot.sim.lockstep import Diverged, check

FLIP = RuleSet.build("flip")


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_the_flip_core_and_the_engine_agree_at_every_step(players: int) -> None:
    done = check(3, seed=players * 10, max_actions=1_500, players=players, rules=FLIP)
    assert done.actions > 1_000 and done.rounds >= 5


@pytest.mark.parametrize(("method", "broken"), [
    ("_flip", lambda original: lambda t, s: None),  # F-4: the table never turns
    ("_until", lambda original: lambda t, s: t._draw(s, 1)),  # F-6: one card, not until
    ("__init__", lambda original: lambda t, n, rng, deck=(): original(
        t, n, rng, deck) if deck else (rng.random(), original(t, n, rng))[1]),  # F-1's pairs
])
def test_a_flip_rule_changed_in_the_core_alone_fails_the_check(
        monkeypatch: pytest.MonkeyPatch, method: str, broken: object) -> None:
    original = getattr(FlipTable, method)
    monkeypatch.setattr(FlipTable, method, broken(original))  # type: ignore[operator]
    with pytest.raises(Diverged, match="differ"):
        check(6, seed=1, max_actions=3_000, rules=FLIP)


def test_a_flip_card_is_one_number_on_both_sides() -> None:
    """F-1: a card keeps its number whichever side is up (its two faces); a wild face's play
    names a colour of its side."""
    game, _ = Game.start(["a", "b"], FLIP, seed=3)
    codec = FLIP_CODEC
    first = game.flip_deck[0]
    number = codec.card_ids[first]
    assert codec.card_ids[first.turned] == number
    assert first.face is card("R1") and (number - flip.FIRST_CARD) // 66 == 1  # R1's face
    wild = next(c for c in game.flip_deck if c.face is card("W"))
    play = Action.play("a", wild, "B")
    assert codec.action_id(play) == WILD_PLAY + 4 * codec.card_ids[wild] + 3
    assert codec.action_id(Action.play("a", wild.turned, "V")) == codec.action_id(play)


def test_the_core_plays_flip_as_it_comes() -> None:
    core = core_for(FLIP)
    assert core is not None and core.codec is FLIP_CODEC
    assert core_for(RuleSet.build("flip", {"seven_zero": True})) is None
