"""The core under No Mercy (RULES.md M) plays exactly as `NoMercyGame`: the same seeds, the same
legal actions and state at every step (its own cards, draw until playable, stacking by value,
the Roulette, sevens and zeros, the Mercy rule). `benchmarks/core.py --verify` runs the long
check (over 100,000 actions); the suite runs a sample."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action, Game, RuleSet, card, no_mercy_deck
from bot.sim.bridge import NO_MERCY, core_for
from bot.sim.cards import TARGETED
from bot.sim.lockstep import Diverged, check
from bot.sim.nomercy import DECK, MERCY_LIMIT, PLAY_ROULETTE, NoMercyTable

NO_MERCY_RULES = RuleSet.build("no_mercy")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_no_mercy_core_and_the_engine_agree_at_every_step(players: int) -> None:
    done = check(8, seed=players * 10, max_actions=1_500, players=players, rules=NO_MERCY_RULES)
    assert done.actions > 800 and done.won == 8  # M-13.2: matches to 1000


@pytest.mark.parametrize(("method", "broken"), [
    ("_knock_out", lambda original: lambda t, s: None),  # M-10: nobody is ever knocked out
    ("_penalty", lambda original: lambda t, s, c, b: original(t, s, c, b + 1)),  # M-6's total
    ("deal", lambda original: lambda t, p: (original(t, p), t.discard.pop(0)
                                            if len(t.discard) > 1 else None)),  # M-2.3
])
def test_a_no_mercy_rule_changed_in_the_core_alone_fails_the_check(
        monkeypatch: pytest.MonkeyPatch, method: str, broken: object) -> None:
    original = getattr(NoMercyTable, method)
    monkeypatch.setattr(NoMercyTable, method, broken(original))  # type: ignore[operator]
    with pytest.raises(Diverged, match="differ"):
        check(10, seed=2, max_actions=3_000, rules=NO_MERCY_RULES)


def test_no_mercy_cards_and_actions_translate() -> None:
    """M-1: 168 cards in the engine's order; a Roulette names no colour (M-8.1)."""
    assert len(DECK) == 168 and NO_MERCY.ids(no_mercy_deck()) == list(DECK)
    assert NO_MERCY.action_id(Action.play("a", card("WCR"))) == PLAY_ROULETTE
    assert NO_MERCY.action_id(Action.play("a", card("W+6"), "G")) == 68 + 2
    assert NO_MERCY.action_id(Action.play("a", card("B7"), target="b"), ("a", "b")) == (
        TARGETED + 128 + 3 * 16 + 7)


def test_the_core_plays_no_mercy_as_it_comes_and_not_with_house_rules() -> None:
    assert core_for(NO_MERCY_RULES) is not None
    assert core_for(RuleSet.build("no_mercy", {"uno_slap": True})) is None


def test_no_mercy_rounds_end_by_going_out_or_by_knockouts() -> None:
    """A rollout by `reply` and `wild_play` ends every round; the Mercy rule (M-10) shows."""
    knocked = 0
    for seed in range(30):
        table = NoMercyTable.start(4, seed)
        game, _ = Game.start(["a", "b", "c", "d"], NO_MERCY_RULES, seed=seed)
        assert NO_MERCY.ids(game.hands[0]) == table.hands[0]
        rnd = random.Random(seed).random
        for _ in range(3_000):
            if table.over:
                break
            if table.pending:
                table.apply(table.reply(rnd))
                continue
            cards = [table.drawn] if table.drawn >= 0 else table.matching()
            table.apply(table.legal()[-1] if not cards else cards[0] if cards[0] < 64
                        else table.wild_play(cards[0]))
        assert table.over and all(len(h) < MERCY_LIMIT for h in table.hands)
        knocked += len(table.knocked)
    assert knocked > 0
