"""AI players read one seat's view and nothing else (issue #19, C-9).

The policy's input (`Observation`) is a copied value with no path to the `Game`; its module
imports only the engine's public API and the standard library; and a test rearranges every
hidden card (the other hands and the draw pile, consistently with the seat's view) and checks
that each level, with its own random seed fixed, decides exactly the same.
"""

from __future__ import annotations

import ast
import gc
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from bot.ai import (
    EasyPolicy,
    ExpertPolicy,
    HardPolicy,
    NormalPolicy,
    Observation,
    Policy,
    observe,
)
from bot.engine import (
    Action,
    Card,
    Event,
    Game,
    PlayerView,
    RuleSet,
    dump,
    load,
    player_view,
    timeout_action,
)

AI = Path(__file__).resolve().parents[2] / "bot" / "ai"


@pytest.mark.parametrize("path", sorted(AI.glob("*.py")), ids=lambda p: p.name)
def test_ai_imports_only_the_engine_api_and_the_standard_library(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in sys.stdlib_module_names, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            module = node.module
            pure = module in ("bot.engine", "bot.sim") or module.startswith("bot.sim.")
            assert pure or module.split(".")[0] in (
                sys.stdlib_module_names | {"__future__"}), f"{path.name} imports {module}"


def _reachable(root: object) -> list[object]:
    """Every object reachable from `root` by references (cards and actions included)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def _play(game: Game, steps: int, seed: int, *, until_cards: int = 0) -> list[Event]:
    """Some normal-level play (at most `steps` actions, or until someone holds `until_cards`
    cards), returning the whole log."""
    rng = random.Random(seed)
    log: list[Event] = []
    policy = NormalPolicy()
    for _ in range(steps):
        if game.round_over or game.waiting_for is None or min(map(len, game.hands)) <= (
                until_cards):
            break
        name = game.players[game.waiting_for]
        action = policy.decide(observe(player_view(game, name), log), rng) or timeout_action(game)
        assert action is not None
        log += game.apply(action)
    return log


def test_an_observation_holds_no_path_to_the_game() -> None:
    game, events = Game.start(["a", "b", "c"], RuleSet.build("flip"), seed=3)
    events += _play(game, 25, seed=3)
    obs = observe(player_view(game, game.players[0]), events)
    found = _reachable(obs)
    assert not [o for o in found if isinstance(o, Game | PlayerView)]
    assert any(isinstance(o, Card) for o in found)  # the walk does reach into the value


def test_an_observation_shows_the_seat_only_its_own_private_cards() -> None:
    game, events = Game.start(["a", "b", "c"], seed=5)
    obs = observe(player_view(game, "a"), events)
    dealt = [e for e in obs.events if e.type == "dealt"]
    assert {e.by for e in dealt if e.card is not None} == {"a"}
    assert sum(e.card is None for e in dealt) == 14


def _rearranged(game: Game, viewer: str, rng: random.Random) -> Game:
    """The same game with every card the viewer cannot see dealt anew among the places it
    cannot see into (other hands, the draw pile), keeping every size. In Flip the face each
    card shows the table (F-2: the others' backs, the draw pile's top) stays where it is."""
    data: dict[str, Any] = dump(game)
    me = game.players.index(viewer)
    places: list[tuple[str, int, int]] = []  # (field, seat or -1, index)
    for seat, hand in enumerate(data["hands"]):
        if seat != me:
            places += [("hands", seat, i) for i in range(len(hand))]
    places += [("draw_pile", -1, i) for i in range(len(data["draw_pile"]))]

    def get(place: tuple[str, int, int]) -> str:
        field, seat, i = place
        return str(data[field][seat][i] if field == "hands" else data[field][i])

    def shown(place: tuple[str, int, int]) -> object:
        """What the viewer sees of the card in that place (Flip: its other face)."""
        if not game.flip:
            return None
        field, seat, i = place
        card = load_card(get(place), game)
        if field == "hands" or i == len(data["draw_pile"]) - 1:
            return card.back
        return None

    groups: dict[object, list[tuple[str, int, int]]] = defaultdict(list)
    for place in places:
        groups[shown(place)].append(place)
    for group in groups.values():
        codes = [get(p) for p in group]
        rng.shuffle(codes)
        for (field, seat, i), code in zip(group, codes, strict=True):
            if field == "hands":
                data[field][seat][i] = code
            else:
                data[field][i] = code
    return load(data)


def load_card(code: str, game: Game) -> Card:
    card = Card.parse(code)
    return card.turned if game.flip and game.side == "dark" else card


LEVELS: list[tuple[str, Policy]] = [("easy", EasyPolicy()), ("normal", NormalPolicy()),
                                    ("hard", HardPolicy()), ("expert", ExpertPolicy(budget=60))]


@pytest.mark.parametrize("preset", ["classic", "flip"])
@pytest.mark.parametrize(("level", "policy"), LEVELS, ids=[name for name, _ in LEVELS])
def test_rearranging_the_hidden_cards_changes_no_decision(preset: str, level: str,
                                                          policy: Policy) -> None:
    moved = 0
    for seed in range(6):
        game, events = Game.start(["a", "b", "c", "d"], RuleSet.build(preset), seed=seed)
        # Late enough that the hard level searches (someone is down to a few cards).
        events += _play(game, 500, seed, until_cards=3 + seed % 2)
        assert not game.round_over
        viewer = game.players[game.waiting_for or 0]
        other = _rearranged(game, viewer, random.Random(seed))
        hidden = [(d["hands"], d["draw_pile"]) for d in (dump(other), dump(game))]
        moved += hidden[0] != hidden[1]
        seen = [e.visible_to(viewer) for e in events]
        first = observe(player_view(game, viewer), seen)
        second = observe(player_view(other, viewer), seen)
        assert first == second  # the seat cannot tell the two tables apart
        decisions: list[Action | None] = [
            policy.decide(obs, random.Random(f"ai-{seed}")) for obs in (first, second)]
        assert decisions[0] == decisions[1]
    assert moved == 6  # the rearrangement really moved cards


def test_observing_from_no_seat_is_refused() -> None:
    game, _ = Game.start(["a", "b"], seed=1)
    with pytest.raises(ValueError):
        observe(player_view(game, None))


def test_observation_is_immutable() -> None:
    game, _ = Game.start(["a", "b"], seed=1)
    obs: Observation = observe(player_view(game, "a"))
    with pytest.raises(AttributeError):
        obs.hand = ()  # type: ignore[misc]
