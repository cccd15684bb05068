"""AI-only rounds under random presets and house rules always finish, and every action an AI
takes is one the engine lists for it (or, for the easy level, the same play without its UNO
call: C-5 lets a player forget it). Hypothesis, with a modest example budget."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.ai import (
    EasyPolicy,
    ExpertPolicy,
    HardPolicy,
    NormalPolicy,
    Policy,
    RandomPolicy,
    play_round,
)
from bot.engine import (
    OPTION_NAMES,
    REFUSED_IN_FLIP,
    REFUSED_IN_NO_MERCY,
    Action,
    ActionType,
    Game,
    RulesError,
    RuleSet,
    timeout_action,
)

BOOLEAN_OPTIONS = [n for n in OPTION_NAMES if n not in ("target_score", "draw_cap", "silence")]
SETTINGS = settings(max_examples=20, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """Any preset with any combination of options section P accepts."""
    preset = draw(st.sampled_from(["classic", "cnuno", "flip", "no_mercy"]))
    refused: tuple[str, ...] = {"flip": REFUSED_IN_FLIP,
                                "no_mercy": REFUSED_IN_NO_MERCY}.get(preset, ())
    while True:
        names = [n for n in BOOLEAN_OPTIONS if n not in refused]
        options: dict[str, Any] = {n: True for n in names if draw(st.booleans())}
        options["silence"] = draw(st.sampled_from(["off", "twos", "wilds"]))
        if "draw_cap" not in refused:
            options["draw_cap"] = draw(st.integers(1, 12))
        try:
            return RuleSet.build(preset, options)
        except RulesError:
            continue


LEVEL_NAMES = ["random", "easy", "normal", "hard", "expert"]


def _levels() -> dict[str, Policy]:
    # Hard and expert with small budgets: the search, not its size, is what is under test.
    return {"random": RandomPolicy(), "easy": EasyPolicy(), "normal": NormalPolicy(),
            "hard": HardPolicy(worlds=4), "expert": ExpertPolicy(budget=8)}


def _allowed(game: Game, action: Action) -> bool:
    listed = game.legal_actions(action.by)
    if action in listed or action == timeout_action(game):
        return True
    return action.type is ActionType.PLAY and replace(action, uno=True) in listed


@SETTINGS
@given(rules=rule_sets(), seats=st.lists(st.sampled_from(LEVEL_NAMES), min_size=2, max_size=6),
       seed=st.integers(0, 2**32 - 1))
def test_ai_rounds_finish_with_legal_actions_only(rules: RuleSet, seats: list[str],
                                                  seed: int) -> None:
    # The random level draws even when it could play: two of them left alone in a round played
    # to the last player (H-12) may draw and play forever, which says nothing about the AIs.
    assume(not (rules.options.play_to_last and seats.count("random") >= 2))
    levels = _levels()
    policies = {f"{level}{i}": levels[level] for i, level in enumerate(seats)}
    taken: list[Action] = []

    def check(game: Game, action: Action) -> None:
        assert _allowed(game, action), f"{action} is not listed for {action.by}"
        taken.append(action)

    result = play_round(policies, rules, seed=seed, check=check)
    assert result.game.round_over
    assert taken
