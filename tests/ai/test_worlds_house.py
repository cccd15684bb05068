"""The expert's imagined tables under house rules (issue #33): built on the core's house table
(`bot.sim.house`), they offer the seat exactly what the engine offers it, at every decision of
its own the core plays (a slap window and a swap's answer, whose offered card the view never
shows, are left to the hard level)."""

from __future__ import annotations

import random
from collections import Counter

from bot.ai import NormalPolicy, Observation, observe
from bot.ai.determinize import Inconsistent
from bot.ai.memory import remember
from bot.ai.worlds import Worlds, core_plays
from bot.engine import Action, ActionType, Game, PendingKind, RuleSet, player_view
from bot.sim.bridge import action_id
from bot.sim.cards import classic_deck_ids
from bot.sim.house import HouseTable

HOUSE = {"jump_in": True, "seven_zero": True, "stacking": True, "uno_slap": True,
         "silence": "twos", "swap_on_five": True}


def _own_decisions(seed: int, players: int) -> list[Observation]:
    rules = RuleSet.classic(**HOUSE)
    game, log = Game.start([f"p{i}" for i in range(players)], rules, seed=seed)
    policy, rng = NormalPolicy(), random.Random(seed)
    found = []
    while not game.round_over:
        if game.slap is not None:  # H-8: everyone slaps, the seat at turn included
            log += game.apply(Action(game.players[game.slap.waiting[0]], ActionType.SLAP))
            continue
        obs = observe(player_view(game, game.players[game.waiting_for or 0]), log)
        found.append(obs)
        action = policy.decide(obs, rng)
        assert action is not None
        log += game.apply(action)
    return found


def test_house_worlds_offer_what_the_seat_is_offered() -> None:
    checked, kinds = 0, Counter[str]()
    for seed in range(8):
        for obs in _own_decisions(seed, players=3 + seed % 3):
            assert core_plays(obs)
            try:
                worlds = Worlds(obs, remember(obs))
            except Inconsistent:
                assert obs.pending is not None and obs.pending.kind in (
                    PendingKind.SLAP, PendingKind.SWAP)
                continue
            kinds[obs.pending.kind if obs.pending else "turn"] += 1
            imagined = worlds.deal(random.Random(checked))
            assert isinstance(imagined, HouseTable)
            cards = [c for h in imagined.hands for c in h] + imagined.pile + imagined.discard
            assert Counter(cards) == Counter(classic_deck_ids())
            assert [len(h) for h in imagined.hands] == list(obs.hand_sizes)
            offered = [action_id(a, obs.players) for a in obs.legal_actions
                       if a.type not in (ActionType.UNO, ActionType.CATCH)]
            assert list(imagined.legal(obs.seat)) == offered
            checked += 1
    assert checked > 100 and kinds[PendingKind.DRAW] and kinds[PendingKind.SWAP]
