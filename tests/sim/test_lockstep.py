"""The simulation core plays exactly as the engine (issue #33): same seeds, same legal actions,
same state at every step. `benchmarks/core.py` runs the long check (over 100,000 actions); the
suite runs a sample, so a rule changed in one and not the other fails here."""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import pytest

from bot.engine import Action, ActionType, Game, card
from bot.sim import DRAW, Table
from bot.sim.bridge import action_id
from bot.sim.cards import PLAY_WILD_FOUR, UNO, classic_deck_ids
from bot.sim.lockstep import Diverged, check
from bot.sim.nomercy import NoMercyTable

SIM = Path(__file__).resolve().parents[2] / "bot" / "sim"


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_the_core_and_the_engine_agree_at_every_step(players: int) -> None:
    done = check(3, seed=players * 100, max_actions=1_500, players=players)
    assert done.matches == 3 and done.actions > 1_000
    assert done.rounds >= 3  # whole rounds, and the next deals


def test_whole_matches_agree_to_their_winner() -> None:
    """C-8.2-3: scores add up the same, and the match ends at 500 the same."""
    assert check(4, seed=9, max_actions=5_000).won >= 2


def test_a_rule_changed_in_the_core_alone_fails_the_check(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """C-6 turned around in the core only: a guilty Wild Draw Four goes unpunished."""
    original = Table._challenge

    def lenient(table: Table) -> None:
        table.p_guilty = False
        original(table)

    monkeypatch.setattr(Table, "_challenge", lenient)
    with pytest.raises(Diverged, match="differ"):
        check(6, seed=1, max_actions=3_000)


def test_a_deal_changed_in_the_core_alone_fails_the_check(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr("bot.sim.table.HAND_SIZE", 8)
    with pytest.raises(Diverged, match="step 0"):
        check(1, seed=1)


def test_cards_and_actions_translate_as_the_rules_name_them() -> None:
    assert len(classic_deck_ids()) == 108  # C-1
    assert action_id(Action.play("a", card("R0"))) == 0
    assert action_id(Action.play("a", card("B+2"), uno=True)) == (3 * 13 + 12) | UNO
    assert action_id(Action.play("a", card("W+4"), "G")) == PLAY_WILD_FOUR + 2
    assert action_id(Action.simple("a", ActionType.DRAW)) == DRAW
    with pytest.raises(ValueError):
        action_id(Action.simple("a", ActionType.SLAP))


def test_the_core_deals_round_one_as_the_engine_does() -> None:
    game, _ = Game.start(["a", "b", "c"], seed=42)
    table = Table.start(3, 42)
    assert table.dealer == game.dealer and len(table.pile) == len(game.draw_pile)
    assert [len(h) for h in table.hands] == [len(h) for h in game.hands]


@pytest.mark.parametrize("path", sorted(SIM.glob("*.py")), ids=lambda p: p.name)
def test_the_core_is_pure(path: Path) -> None:
    """Standard library only; only the lockstep check and the bridge read the engine."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            root = node.module.split(".")[0]
            allowed = path.name in ("bridge.py", "lockstep.py") and node.module == "bot.engine"
            assert allowed or root in sys.stdlib_module_names | {"__future__"}, node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in sys.stdlib_module_names, alias.name


@pytest.mark.parametrize("players", [2, 4, 5, 6, 10])
def test_the_draw_for_the_dealer_is_the_engines_sample(players: int) -> None:
    """C-3.1: the inline draw for the dealer takes the cards `rng.sample` takes (the engine's
    draw, ties drawing again), leaving the generator where it leaves it, for every deck size."""
    dealers = set()
    for cls in (Table, NoMercyTable):
        for seed in range(300):
            inline = cls(players, random.Random(seed))
            sampled = cls(players, random.Random(seed))
            dealer = inline._draw_for_dealer()
            assert dealer == sampled._draw_for_dealer_by_sample()
            assert inline.rng.getstate() == sampled.rng.getstate()
            dealers.add(dealer)
    assert dealers == set(range(players))
