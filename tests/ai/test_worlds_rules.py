"""The expert's imagined tables under house rules and No Mercy (issue #33): built on the core's
table for the rule set (`bot.sim.house`, `bot.sim.nomercy`), they offer the seat exactly what
the engine offers it, at every decision of its own the core plays (a slap window and a swap's
answer, whose offered card the view never shows, are left to the hard level)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.ai import NormalPolicy, Observation, observe
from bot.ai.determinize import Inconsistent
from bot.ai.flipworlds import faces
from bot.ai.memory import remember
from bot.ai.worlds import Worlds, core_plays
from bot.engine import Action, ActionType, Game, PendingKind, RuleSet, player_view
from bot.sim import Table
from bot.sim.bridge import core_for
from bot.sim.flip import DARK_FACES, LIGHT_FACES, FlipTable

HOUSE = {"jump_in": True, "seven_zero": True, "stacking": True, "uno_slap": True,
         "silence": "twos", "swap_on_five": True}


def _every_card_once(table: Table) -> bool:
    """C-1, M-1; F-1: every light face once and every dark face once."""
    cards = [c for h in table.hands for c in h] + table.pile + table.discard
    if isinstance(table, FlipTable):
        pairs = [faces(c) for c in cards]
        return (Counter(p[0] for p in pairs) == Counter(LIGHT_FACES)
                and Counter(p[1] for p in pairs) == Counter(DARK_FACES))
    return Counter(cards) == Counter(type(table).DECK)


def own_decisions(rules: RuleSet, seed: int, players: int) -> list[Observation]:
    """What the seat waited for saw at each step of a normal-level round under `rules`."""
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


@pytest.mark.parametrize(("rules", "decisions"), [
    (RuleSet.classic(**HOUSE), {PendingKind.DRAW, PendingKind.SWAP}),  # H-4, H-6
    (RuleSet.build("no_mercy"), {PendingKind.DRAW, PendingKind.ROULETTE}),  # M-6, M-8
    (RuleSet.build("flip"), {PendingKind.CHALLENGE}),  # F-5, F-6
], ids=["house", "no_mercy", "flip"])
def test_imagined_tables_offer_what_the_seat_is_offered(rules: RuleSet,
                                                        decisions: set[PendingKind]) -> None:
    core = core_for(rules)
    assert core is not None
    checked, kinds = 0, Counter[object]()
    for seed in range(8):
        for obs in own_decisions(rules, seed, players=3 + seed % 3):
            assert core_plays(obs)
            try:
                worlds = Worlds(obs, remember(obs))
            except Inconsistent:
                assert obs.pending is not None and obs.pending.kind in (
                    PendingKind.SLAP, PendingKind.SWAP)
                continue
            kinds[obs.pending.kind if obs.pending else "turn"] += 1
            imagined = worlds.deal(random.Random(checked))
            assert type(imagined) is type(core.start(2, 0))
            assert _every_card_once(imagined)
            assert [len(h) for h in imagined.hands] == list(obs.hand_sizes)
            offered = [core.codec.action_id(a, obs.players) for a in obs.legal_actions
                       if a.type not in (ActionType.UNO, ActionType.CATCH)]
            assert list(imagined.legal(obs.seat)) == offered
            checked += 1
    assert checked > 100 and decisions <= set(kinds)
