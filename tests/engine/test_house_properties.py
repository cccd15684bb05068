"""The invariants of the classic engine, re-run with random combinations of house rules.

Every H and N option (RULES.md H-1..H-14, N-1..N-5) is switched on at random, within the
combinations section P allows; players act in and out of turn (jump-ins, UNO calls, catches,
slaps, chat during silence, leaving). After every action: the cards are all accounted for (108,
or 112 with H-10), the table waits for someone who has something to do, no player still in the
round sits on an empty hand outside a pending decision on their own card (C-8.1), and a save
reloads to the same state. Rounds end within a generous cap; views show no other hand (C-9).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain
from operator import attrgetter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import (
    ActionType,
    Game,
    RulesError,
    RuleSet,
    classic_deck,
    dump,
    load,
    player_view,
)
from bot.engine.rules import OPTION_NAMES
from tests.engine.support import assert_reload_continues

# Hypothesis derives its derandomized examples from each test's source: the tests call
# the random player `_choose`.
from tests.engine.support import random_action as _choose

BOOLEAN_OPTIONS = [name for name in OPTION_NAMES
                   if name not in ("target_score", "draw_cap", "silence")]
MAX_ACTIONS_PER_ROUND = 20_000
CODE = attrgetter("code")
SETTINGS = settings(max_examples=80, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """Any combination of options that section P accepts."""
    while True:
        options: dict[str, Any] = {name: True for name in BOOLEAN_OPTIONS if draw(st.booleans())}
        options["silence"] = draw(st.sampled_from(["off", "twos", "wilds"]))
        options["draw_cap"] = draw(st.integers(1, 12))
        options["target_score"] = draw(st.sampled_from([30, 150, 500]))
        try:
            return RuleSet.build("classic", options)
        except RulesError:
            # Drop one of the conflicting options at random and try again.
            continue


def _check(game: Game, deck: Counter[str]) -> None:
    seen = Counter(map(CODE, chain(game.draw_pile, game.discard, *game.hands)))
    # dict equality: Counter's own == is written in Python, and this runs after every action.
    assert dict.__eq__(seen, deck), f"cards gained {seen - deck}, lost {deck - seen}"
    if game.round_over:
        return
    waiting = game.waiting_for
    assert waiting is not None and game.active[waiting]
    assert game.legal_actions(game.players[waiting])
    for seat, hand in enumerate(game.hands):
        if game.in_round[seat] and not hand:
            if game.options.seven_stages and game.stages[seat] < 7:
                continue  # H-13: the piles ran dry while they drew their next stage hand (C-7)
            pending = game.pending
            assert pending is not None and pending.by == seat, (
                f"{game.players[seat]} has no cards but is still in the round")


def _view_leaks_nothing(game: Game, viewer: str) -> None:
    view = player_view(game, viewer)
    seat = game.players.index(viewer)
    assert view.hand == tuple(game.hands[seat])
    assert view.hand_sizes == tuple(len(h) for h in game.hands)
    for action in view.legal_actions:
        if action.card is not None and action.type in (ActionType.PLAY, ActionType.SWAP):
            assert action.card in game.hands[seat], "a legal action names a card not held"


@SETTINGS
@given(rules=rule_sets(), players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1))
def test_random_house_rules_keep_every_invariant(rules: RuleSet, players: int, seed: int) -> None:
    names = tuple(f"p{i}" for i in range(players))
    game, _ = Game.start(names, rules, seed=seed)
    deck = Counter(c.code for c in classic_deck(draw_ten_blanks=rules.options.draw_ten_blanks))
    rng = random.Random(seed)
    actions_this_round = 0
    rounds_to_play = 2
    while game.match_winner is None and game.round <= rounds_to_play:
        action = _choose(game, rng)
        if game.round_over and game.round == rounds_to_play:
            break
        before = game.round
        game.apply(action)
        actions_this_round = 0 if game.round != before else actions_this_round + 1
        assert actions_this_round < MAX_ACTIONS_PER_ROUND, f"round never ends: {rules.enabled()}"
        _check(game, deck)
        if rng.random() < 0.05:
            viewer = rng.choice([n for s, n in enumerate(names) if game.active[s]])
            _view_leaks_nothing(game, viewer)
        if rng.random() < 0.02:
            assert_reload_continues(game)


@SETTINGS
@given(rules=rule_sets(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_every_listed_action_is_accepted_under_house_rules(rules: RuleSet, players: int,
                                                           seed: int) -> None:
    """What the bot would offer as buttons is always accepted: every player's listed actions."""
    names = tuple(f"p{i}" for i in range(players))
    game, _ = Game.start(names, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if game.round_over:
            break
        saved = dump(game)
        for name in names:
            if not game.active[names.index(name)]:
                continue
            for action in game.legal_actions(name):
                load(saved).apply(action)  # raises if a listed action is refused
        game.apply(_choose(game, rng))
