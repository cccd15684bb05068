"""UNO Flip invariants over random games (F-1, F-2, F-4, F-8, F-9 with C and the H options that
section P allows in Flip).

After every action: the 112 double-sided cards are all there, light faces and dark faces alike
(F-1); every card on the table shows the same side (F-4 turns everything); the table waits for
someone who has something to do; a player's view shows the other hands only by their inactive
faces (F-2) and a save reloads to the same state.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain
from operator import attrgetter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Game, RulesError, RuleSet, player_view
from bot.engine.cards import FlipCard, flip_faces
from tests.engine.support import assert_reload_continues

# Hypothesis derives its derandomized examples from each test's source: the tests call
# the random player `_choose`.
from tests.engine.support import random_action as _choose

FLIP_OPTIONS = ["jump_in", "seven_zero", "colours_around", "play_to_last", "swap_on_five",
                "uno_slap", "draw_until_playable", "seven_stages", "lazy_scoring",
                "penalty_scoring", "false_uno_penalty"]
LIGHT, DARK = (Counter(c.code for c in faces) for faces in flip_faces())
MAX_ACTIONS_PER_ROUND = 20_000


@st.composite
def flip_rules(draw: st.DrawFn) -> RuleSet:
    while True:
        options: dict[str, Any] = {o: True for o in FLIP_OPTIONS if draw(st.booleans())}
        options["silence"] = draw(st.sampled_from(["off", "twos", "wilds"]))
        options["target_score"] = draw(st.sampled_from([40, 200]))
        try:
            return RuleSet.build("flip", options)
        except RulesError:
            continue


# This runs after every action (some 80,000 times): counted and compared in C (map, attrgetter,
# dict equality; Counter's own == is written in Python), it was most of the module's time.
_LIGHT_CODE, _DARK_CODE, _DARK_UP = (attrgetter(a) for a in ("light.code", "dark.code",
                                                              "dark_up"))


def _check(game: Game) -> None:
    cards = list(chain(game.draw_pile, game.discard, *game.hands))
    flips = [c for c in cards if isinstance(c, FlipCard)]
    assert len(flips) == len(cards), "a card is not a Flip card"
    assert dict.__eq__(Counter(map(_LIGHT_CODE, flips)), LIGHT), "F-1: light faces changed"
    assert dict.__eq__(Counter(map(_DARK_CODE, flips)), DARK), "F-1: dark faces changed"
    dark = game.side == "dark"
    assert set(map(_DARK_UP, flips)) <= {dark}, "F-4: a card shows the other side"
    if not game.round_over:
        waiting = game.waiting_for
        assert waiting is not None and game.legal_actions(game.players[waiting])


def _view_shows_only_backs(game: Game, viewer: str) -> None:
    """F-2 / C-9: the viewer's own hand, and of the others only the inactive faces."""
    view = player_view(game, viewer)
    seat = game.players.index(viewer)
    assert view.hand == tuple(game.hands[seat])
    for other, backs in enumerate(view.others_inactive):
        if other == seat:
            assert backs == ()
        else:
            assert backs == tuple(c.back for c in game.hands[other])
    top = game.draw_pile[-1] if game.draw_pile else None
    assert view.draw_pile_inactive == (top.back if top is not None else None)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=flip_rules(), players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_random_flip_games_keep_every_invariant(rules: RuleSet, players: int, seed: int) -> None:
    names = tuple(f"p{i}" for i in range(players))
    game, _ = Game.start(names, rules, seed=seed)
    rng = random.Random(seed)
    actions_this_round = 0
    sides_seen = {game.side}
    while game.match_winner is None and game.round <= 2:
        action = _choose(game, rng)
        if game.round_over and game.round == 2:
            break
        before = game.round
        game.apply(action)
        sides_seen.add(game.side)
        actions_this_round = 0 if game.round != before else actions_this_round + 1
        assert actions_this_round < MAX_ACTIONS_PER_ROUND, f"round never ends: {rules.enabled()}"
        _check(game)
        if rng.random() < 0.05:
            _view_shows_only_backs(game, rng.choice([n for s, n in enumerate(names)
                                                     if game.active[s]]))
        if rng.random() < 0.03:
            assert_reload_continues(game)


def test_a_flip_is_played_in_most_games() -> None:
    """The property test above is worth little if nobody ever flips: count it."""
    flipped = 0
    for seed in range(20):
        game, _ = Game.start(("a", "b", "c"), RuleSet.build("flip"), seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.round_over:
                break
            events = game.apply(_choose(game, rng))
            flipped += any(e.type == "flipped" for e in events)
    assert flipped >= 10
