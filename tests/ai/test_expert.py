"""The expert level (issue #33): its imagined tables agree with the seat's view, its search is
reproducible from its seed, forced moves are instant, and it plays as hard where the core does
not play the rules yet."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.ai import ExpertPolicy, HardPolicy, observe
from bot.ai.memory import remember
from bot.ai.playout import playout, value
from bot.ai.worlds import Worlds, core_plays
from bot.engine import Action, ActionType, Game, RuleSet, card, player_view
from bot.sim import Table
from bot.sim.bridge import action_id
from bot.sim.cards import classic_deck_ids

from .test_policies import obs_of, table
from .test_worlds_rules import own_decisions


@pytest.mark.parametrize("seed", range(4))
def test_an_imagined_table_offers_what_the_seat_is_offered(seed: int) -> None:
    """Every card once (C-1), each hand its size, and the seat's own legal actions, in order."""
    checked = 0
    for obs in own_decisions(RuleSet.classic(), seed, players=3 + seed % 3):
        worlds = Worlds(obs, remember(obs))
        for w in range(3):
            imagined = worlds.deal(random.Random(w))
            cards = [c for h in imagined.hands for c in h] + imagined.pile + imagined.discard
            assert Counter(cards) == Counter(classic_deck_ids())
            assert [len(h) for h in imagined.hands] == list(obs.hand_sizes)
            assert len(imagined.pile) == obs.draw_pile
            offered = [action_id(a) for a in obs.legal_actions
                       if a.type not in (ActionType.UNO, ActionType.CATCH)]
            assert list(imagined.legal(obs.seat)) == offered
            checked += 1
    assert checked > 30


def test_expert_searches_and_is_reproducible_from_its_seed() -> None:
    game = table({"a": ["R1", "R9", "G3", "B3", "W"], "b": ["Y1", "Y2"]}, "R3")
    obs = obs_of(game, "a")
    expert = ExpertPolicy(budget=120)
    first = expert.decide(obs, random.Random(7))
    assert first == expert.decide(obs, random.Random(7))
    assert first in obs.legal_actions


def test_expert_keeps_its_wild_to_go_out() -> None:
    """A wild always plays (C-4): with a wild and a red card on a red top, and an opponent on
    UNO, the red card now and the wild next turn is the way out the search finds."""
    game = table({"a": ["W", "R5"], "c": ["Y1"]}, "R3")
    choice = ExpertPolicy().decide(obs_of(game, "a"), random.Random(3))
    assert choice == Action.play("a", card("R5"), uno=True)


def test_a_forced_move_is_instant(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing plays: drawing is the only answer, and no table is imagined for it."""
    monkeypatch.setattr("bot.ai.expert.search", _no_search)
    game = table({"a": ["G1", "B2"]}, "R3")
    assert ExpertPolicy().decide(obs_of(game, "a"), random.Random(1)) == Action(
        "a", ActionType.DRAW)


def _no_search(*args: object, **kwargs: object) -> int:
    raise AssertionError("searched a forced move")


@pytest.mark.parametrize("preset", ["cnuno"])  # N-1 to N-5: not in the core
def test_expert_plays_as_hard_where_the_core_does_not_play_the_rules(preset: str) -> None:
    game, log = Game.start(["a", "b", "c"], RuleSet.build(preset), seed=4)
    name = game.players[game.waiting_for or 0]
    obs = observe(player_view(game, name), log)
    assert not core_plays(obs)
    assert ExpertPolicy().decide(obs, random.Random(2)) == HardPolicy().decide(
        obs, random.Random(2))


def test_a_simulation_stops_at_its_horizon_and_the_hand_sizes_judge_it() -> None:
    """`playout` plays at most `horizon` steps; `value` gives a finished round 1 or 0 and an
    unfinished one a share that grows as the seat's hand shrinks against the others'."""
    table = Table.start(4, seed=5)
    winner, steps = playout(table, random.Random(1), horizon=3)
    assert (winner, steps, table.over) == (-1, 3, False)
    shares = [value(table, seat) for seat in range(4)]
    assert sum(shares) == pytest.approx(1.0)
    sizes = [len(h) for h in table.hands]
    assert shares[sizes.index(min(sizes))] == max(shares)
    table.hands[0] = table.hands[0][:1]  # seat 0 down to one card: its share rises
    assert value(table, 0) > shares[0]
    winner, _ = playout(table, random.Random(1))
    assert table.over and [value(table, s) for s in range(4)] == [
        1.0 if s == winner else 0.0 for s in range(4)]
