"""The core under house rules (RULES.md H-2 to H-6, H-8) plays exactly as the engine: the same
seeds, the same legal actions and state at every step, over the actions the core covers (the
jump-ins of H-2 and UNO calls and catches are the engine's alone). `benchmarks/core.py --verify`
runs the long check (over 100,000 actions per rule set); the suite runs a sample."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action, ActionType, RuleSet, card
from bot.sim.bridge import action_id, core_for, house_rules
from bot.sim.cards import SLAP, SWAP, TARGETED
from bot.sim.house import PENDING_DRAW, PENDING_SLAP, HouseRules, HouseTable
from bot.sim.lockstep import Diverged, check

# benchmarks/ai.py's HOUSE line
HOUSE = {"jump_in": True, "seven_zero": True, "stacking": True, "uno_slap": True,
         "silence": "twos", "swap_on_five": True}
ONE_BY_ONE = ["seven_zero", "stacking", "swap_on_five", "uno_slap"]


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_the_house_core_and_the_engine_agree_at_every_step(players: int) -> None:
    done = check(3, seed=players * 10, max_actions=1_500, players=players,
                 rules=RuleSet.classic(**HOUSE))
    assert done.actions > 1_500 and done.rounds >= 3


@pytest.mark.parametrize("option", ONE_BY_ONE)
def test_each_house_rule_alone_agrees(option: str) -> None:
    assert check(3, seed=7, max_actions=1_500, rules=RuleSet.classic(**{option: True})).won


def test_stack_mixed_agrees() -> None:
    """H-4's sub-option: a Wild Draw Four stacks on a Draw Two too."""
    rules = RuleSet.classic(stacking=True, stack_mixed=True)
    assert check(4, seed=3, max_actions=1_500, rules=rules).actions > 2_000


@pytest.mark.parametrize(("method", "broken"), [
    ("_penalty", lambda original: lambda t, s, c, b, f, base: original(t, s, c, b, f, base + 1)),
    ("_slapped", lambda original: lambda t, a: original(t, SLAP + t.slap[-1]) if a >= SLAP
     else original(t, a)),
    ("_swap", lambda original: lambda t, a: None),
])
def test_a_house_rule_changed_in_the_core_alone_fails_the_check(
        monkeypatch: pytest.MonkeyPatch, method: str, broken: object) -> None:
    """H-4's sum off by one, H-8's slaps by the wrong seat, H-6's swaps never made."""
    original = getattr(HouseTable, method)
    monkeypatch.setattr(HouseTable, method, broken(original))  # type: ignore[operator]
    with pytest.raises(Diverged, match="differ"):
        check(6, seed=1, max_actions=3_000, rules=RuleSet.classic(**HOUSE))


def test_the_core_plays_the_house_rules_it_simulates_and_no_others() -> None:
    assert house_rules(RuleSet.classic()) == HouseRules()
    assert house_rules(RuleSet.classic(**HOUSE)) == HouseRules(
        seven_zero=True, stacking=True, swap_on_five=True, uno_slap=True)
    assert house_rules(RuleSet.classic(draw_until_playable=True)) is None  # H-1: not yet
    assert core_for(RuleSet.build("cnuno")) is None  # N-1 to N-5


def test_house_actions_translate_with_their_seats() -> None:
    names = ("a", "b", "c")
    assert action_id(Action.play("a", card("R7"), target="c"), names) == TARGETED + 2 * 128 + 7
    assert action_id(Action("b", ActionType.SLAP), names) == SLAP + 1
    swap = Action("a", ActionType.SWAP, card("G5"), target="b")
    assert action_id(swap, names) == SWAP + 64 + 2 * 13 + 5
    with pytest.raises(ValueError):
        action_id(Action.play("a", card("R7"), target="c"))  # no names: no seat


def test_a_rollout_settles_what_the_house_rules_leave_waiting() -> None:
    """`reply` answers a stack by stacking (H-4) and a slap window by slapping (H-8), and a
    7 played by its card alone swaps with the smallest other hand (H-3)."""
    core = core_for(RuleSet.classic(**HOUSE))
    assert core is not None
    table = core.start(3, 5)
    assert isinstance(table, HouseTable)
    rnd = random.Random(1).random
    seen = set()
    for _ in range(5_000):
        if table.over:
            break
        seen.add(table.pending)
        if table.pending:
            table.apply(table.reply(rnd))
            continue
        cards = table.matching() if table.drawn < 0 else [table.drawn]
        table.apply(min(cards) if cards and min(cards) < 52 else table.legal()[-1])
    assert table.over and {PENDING_DRAW, PENDING_SLAP} <= seen
