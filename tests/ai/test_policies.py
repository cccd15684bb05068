"""What each level does in set positions (issue #19): colours, wilds, attacks, UNO calls and
catches, challenges on evidence, stacks, 7-0 targets; the baseline and the hard level's search."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.ai import EasyPolicy, HardPolicy, NormalPolicy, RuleV1Policy, observe
from bot.ai.lookahead import candidates
from bot.ai.observation import Observation
from bot.engine import (
    Action,
    ActionType,
    Card,
    Color,
    Event,
    EventReason,
    EventType,
    Game,
    RuleSet,
    card,
    classic_deck,
    dump,
    load,
    player_view,
)

PLAYERS = ("a", "b", "c", "d")


def table(hands: dict[str, list[str]], top: str, *, turn: str = "a", color: str | None = None,
          rules: RuleSet | None = None, **fields: Any) -> Game:
    """A classic table in the middle of a round: these hands, this top card, the rest in the
    draw pile (every card accounted for)."""
    game, _ = Game.start(PLAYERS, rules, seed=1)
    data = dump(game)
    left = Counter(c.code for c in classic_deck())
    for code in [top, *(c for hand in hands.values() for c in hand)]:
        left[code] -= 1
        assert left[code] >= 0, code
    others = list(left.elements())
    filled = []
    for name in PLAYERS:
        hand = hands.get(name)
        if hand is None:
            hand, others = others[:7], others[7:]
        filled.append(list(hand))
    data.update(hands=filled, discard=[top], draw_pile=others, turn=PLAYERS.index(turn),
                color=color or card(top).color.value, pending=None, start_top=False,  # type: ignore[union-attr]
                **fields)
    return load(data)


def obs_of(game: Game, name: str, events: list[Event] | None = None) -> Observation:
    return observe(player_view(game, name), events or [])


def test_normal_keeps_its_wild_when_a_coloured_card_plays() -> None:
    game = table({"a": ["W", "R5", "G7"]}, "R3")
    action = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    assert action == Action.play("a", card("R5"))


def test_normal_names_the_colour_it_holds_most() -> None:
    game = table({"a": ["W", "B1", "B7", "G2", "B4"]}, "R3")
    action = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    assert action is not None and action.card == card("W") and action.color == "B"


def test_normal_attacks_the_player_about_to_go_out() -> None:
    game = table({"a": ["R9", "RS", "G2"], "b": ["Y1"]}, "R3")
    action = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    assert action is not None and action.card == card("RS")


def test_normal_dumps_high_points_when_someone_is_on_uno() -> None:
    game = table({"a": ["R1", "R9", "G2"], "c": ["Y1"]}, "R3")
    action = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    assert action is not None and action.card == card("R9")


def test_normal_calls_uno_with_its_next_to_last_card() -> None:
    game = table({"a": ["R1", "G2"]}, "R3")
    action = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    assert action is not None and action.card == card("R1") and action.uno


def test_easy_sometimes_forgets_uno_and_normal_catches_it() -> None:
    """C-5: the easy level plays its next-to-last card without the call now and then."""
    game = table({"a": ["R1", "G2"]}, "R3")
    calls = Counter(EasyPolicy().decide(obs_of(game, "a"), random.Random(seed)).uno  # type: ignore[union-attr]
                    for seed in range(60))
    assert calls[True] and calls[False]
    game.apply(Action.play("a", card("R1")))  # forgotten
    assert NormalPolicy().decide(obs_of(game, "c"), random.Random(1)) == Action(
        "c", ActionType.CATCH, target="a")


def _wild_four_events(*, drew_on_red: bool) -> list[Event]:
    log = [Event(EventType.START_CARD, card=card("R5"))]
    if drew_on_red:
        log.append(Event(EventType.DREW, by="a", reason=EventReason.TURN))
    log.append(Event(EventType.PLAYED, by="a", card=card("W+4"), color=Color.GREEN))
    return log


def _after_wild_four() -> Game:
    game = table({"a": ["W+4", "G1", "G2", "Y3", "Y4", "B6", "B7"]}, "R5")
    game.apply(Action.play("a", card("W+4"), "G"))
    return game


def test_normal_challenges_a_wild_draw_four_a_full_hand_likely_bluffed() -> None:
    """C-6: six unknown cards and no red among them is unlikely, so the bluff is likely."""
    game = _after_wild_four()
    action = NormalPolicy().decide(obs_of(game, "b", _wild_four_events(drew_on_red=False)),
                                   random.Random(1))
    assert action == Action("b", ActionType.CHALLENGE)


def test_normal_accepts_when_it_saw_the_player_draw_on_that_colour() -> None:
    game = _after_wild_four()
    action = NormalPolicy().decide(obs_of(game, "b", _wild_four_events(drew_on_red=True)),
                                   random.Random(1))
    assert action == Action("b", ActionType.ACCEPT)


def test_normal_passes_a_stack_on() -> None:
    """H-4: a Draw Two answers a Draw Two."""
    game = table({"a": ["R+2", "G1", "G3"], "b": ["G+2", "Y5", "B5"]}, "R3",
                 rules=RuleSet.classic(stacking=True))
    game.apply(Action.play("a", card("R+2")))
    action = NormalPolicy().decide(obs_of(game, "b"), random.Random(1))
    assert action is not None and action.card == card("G+2")


def test_normal_swaps_hands_with_the_player_holding_fewest() -> None:
    """H-3: a 7 swaps with the chosen player."""
    game = table({"a": ["R7", "G1", "G2", "Y5"], "c": ["B1", "B2"]}, "R3",
                 rules=RuleSet.classic(seven_zero=True))
    action = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    assert action is not None and action.card == card("R7") and action.target == "c"


def test_the_baseline_plays_a_wild_draw_four_whenever_it_holds_one() -> None:
    game = table({"a": ["W+4", "R5", "G7", "G8"]}, "R3")
    action = RuleV1Policy().decide(obs_of(game, "a"), random.Random(1))
    assert action == Action.play("a", card("W+4"), "G")


def test_the_baseline_never_catches() -> None:
    game = table({"a": ["R1", "G2"]}, "R3")
    game.apply(Action.play("a", card("R1")))
    assert RuleV1Policy().decide(obs_of(game, "c"), random.Random(1)) is None


def test_hard_searches_and_is_reproducible_from_its_seed() -> None:
    """With an opponent on two cards and coloured cards to choose from, the look ahead runs;
    the same seed gives the same choice, and the choice is legal."""
    game = table({"a": ["R1", "R9", "G2", "B3"], "b": ["Y1", "Y2"]}, "R3")
    obs = obs_of(game, "a")
    hard = HardPolicy()
    default = Action.play("a", card("R9"))
    options = candidates(obs, default, obs.legal_actions)
    assert options[0] == default and Action.play("a", card("R1")) in options
    first = hard.decide(obs, random.Random(7))
    assert first == hard.decide(obs, random.Random(7))
    assert first in obs.legal_actions


def test_hard_compares_only_colours_for_the_wild_it_plays() -> None:
    """The look ahead never spends a wild the heuristics keep, and for a wild it plays it only
    weighs the colour to name (C-4)."""
    game = table({"a": ["W", "R5", "G7"], "b": ["Y1"]}, "R3")
    obs = obs_of(game, "a")
    coloured = candidates(obs, Action.play("a", card("R5")), obs.legal_actions)
    assert all(a.card is None or a.card.color is not None for a in coloured)
    wild = next(a for a in obs.legal_actions if a.card == card("W"))
    named = candidates(obs, wild, obs.legal_actions)
    assert len(named) == 4 and {a.card for a in named} == {card("W")}


def test_hard_keeps_its_wild_for_its_last_card() -> None:
    """A wild always plays (C-4): with a wild and a playable card, and an opponent on UNO, the
    normal level dumps the wild's 50 points (C-8.2) while the hard level keeps it to go out."""
    game = table({"a": ["W", "R5"], "c": ["Y1"]}, "R3")
    normal = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    hard = HardPolicy(worlds=0).decide(obs_of(game, "a"), random.Random(1))
    assert normal is not None and normal.card == card("W")
    assert hard == Action.play("a", card("R5"), uno=True)


def test_hard_holds_its_attack_cards_while_nobody_is_close() -> None:
    far = ["Y1", "Y2", "Y5", "Y6", "Y7"]  # c is the closest to going out, not b (next)
    game = table({"a": ["RS", "R4", "G2", "B3", "B5"], "c": far}, "R3")
    normal = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    hard = HardPolicy(worlds=0).decide(obs_of(game, "a"), random.Random(1))
    assert normal is not None and normal.card == card("RS")
    assert hard == Action.play("a", card("R4"))


@pytest.mark.parametrize("top", ["R3", "Y3"])
def test_hard_plays_an_honest_wild_draw_four_rather_than_a_wild(top: str) -> None:
    """C-6: holding nothing of the colour in force, a Wild Draw Four cannot lose a challenge
    (the normal level keeps it and plays the plain wild)."""
    game = table({"a": ["W", "W+4", "G7", "G8", "B1"], "c": ["Y1", "Y2", "Y5", "Y6", "Y7"]
                  if top == "R3" else ["R1", "R2", "R5", "R6", "R7"]}, top)
    normal = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    hard = HardPolicy(worlds=0).decide(obs_of(game, "a"), random.Random(1))
    assert normal is not None and normal.card == card("W")
    assert hard is not None and hard.card == card("W+4")


def test_hard_does_not_bluff_a_wild_draw_four() -> None:
    """C-6: with a card of the colour in force a Wild Draw Four is a bluff; with an opponent on
    UNO the normal level plays it anyway (its points, C-8.2), the hard level the blue card."""
    game = table({"a": ["W+4", "B1", "G7", "G8", "R1"], "c": ["Y1"]}, "B3")
    normal = NormalPolicy().decide(obs_of(game, "a"), random.Random(1))
    hard = HardPolicy(worlds=0).decide(obs_of(game, "a"), random.Random(1))
    assert normal is not None and normal.card == card("W+4")
    assert hard == Action.play("a", card("B1"))


def test_hard_accepts_a_wild_draw_four_nobody_had_a_reason_to_bluff() -> None:
    """C-6: the position normal challenges; nobody was close to going out, so a card of the
    colour would have been played instead: the hard level accepts."""
    game = _after_wild_four()
    events = _wild_four_events(drew_on_red=False)
    assert NormalPolicy().decide(obs_of(game, "b", events), random.Random(1)) == Action(
        "b", ActionType.CHALLENGE)
    assert HardPolicy(worlds=0).decide(obs_of(game, "b", events), random.Random(1)) == Action(
        "b", ActionType.ACCEPT)


def test_hard_challenges_a_wild_draw_four_played_under_pressure() -> None:
    """C-6: the same play while someone was on UNO had a reason to be a bluff."""
    game = table({"a": ["W+4", "G1", "G2", "Y3", "Y4", "B6", "B7"], "c": ["Y9"]}, "R5")
    game.apply(Action.play("a", card("W+4"), "G"))
    events = _wild_four_events(drew_on_red=False)
    assert HardPolicy(worlds=0).decide(obs_of(game, "b", events), random.Random(1)) == Action(
        "b", ActionType.CHALLENGE)


def test_every_card_of_a_table_is_accounted_for() -> None:
    game = table({"a": ["R1"]}, "R3")
    held = [c for hand in game.hands for c in hand] + game.draw_pile + game.discard
    assert len(held) == 108 and all(isinstance(c, Card) for c in held)
