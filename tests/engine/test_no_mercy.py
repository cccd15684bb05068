"""UNO Show 'Em No Mercy (RULES.md section M and P): invariants over random games, and what the
replay files cannot show (the turn timer, player views, saves, refused set-ups).

After every action of a random game: the 168 cards are all there, set-aside hands and buried
cards included (M-1, M-10.2, M-5.4); nobody holds 25 cards (M-10.1); a knocked-out player holds
nothing and may do nothing (M-10.4); the table waits for someone who has something to do; and
matches end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import (
    Action,
    ActionType,
    Card,
    Game,
    NoMercyGame,
    PendingKind,
    RulesError,
    RuleSet,
    dump,
    load,
    player_view,
    timeout_action,
)
from tests.engine.golden_cases.nomercy_common import KO_THEN
from tests.engine.support import (
    Habits,
    assert_reload_continues,
    no_mercy_counts,
    no_mercy_stacked_deck,
)

# Hypothesis derives its derandomized examples from each test's source: the tests call
# the random player `_choose`.
from tests.engine.support import random_action as _choose

# Section P: the options that may be switched on with no_mercy.
NO_MERCY_OPTIONS = ["jump_in", "swap_on_five", "lazy_scoring", "uno_slap", "false_uno_penalty"]
MAX_ACTIONS_PER_ROUND = 5_000
CODE = attrgetter("code")
M1 = no_mercy_counts()
# Players who forget UNO get caught (M-11.2), and call it when it is not due if that costs.
FORGETFUL, FALSE_CALLERS = Habits(forget_uno=0.5), Habits(forget_uno=0.5, false_uno=0.01)


@st.composite
def no_mercy_rules(draw: st.DrawFn) -> RuleSet:
    options: dict[str, Any] = {o: True for o in NO_MERCY_OPTIONS if draw(st.booleans())}
    options["silence"] = draw(st.sampled_from(["off", "twos", "wilds"]))
    options["target_score"] = draw(st.sampled_from([300, 1000]))
    return RuleSet.build("no_mercy", options)


def _check(game: Game) -> None:
    cards = Counter(map(CODE, chain(game.draw_pile, game.discard, *game.hands)))
    # dict equality: Counter's own == is written in Python, and this runs after every action.
    assert dict.__eq__(cards, M1), "M-1: a card appeared or vanished"
    assert all(len(hand) < 25 for hand in game.hands), "M-10.1: a hand of 25 was not knocked out"
    for seat in game.knocked_out:
        assert game.hands[seat] == [] and not game.in_round[seat]
        assert game.legal_actions(game.players[seat]) == [] or game.round_over
    if not game.round_over:
        waiting = game.waiting_for
        assert waiting is not None and game.in_round[waiting]
        assert game.legal_actions(game.players[waiting])
        assert game.in_round_count >= 2  # M-10.5: one active player left has won


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=no_mercy_rules(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_random_no_mercy_games_keep_every_invariant(rules: RuleSet, players: int,
                                                    seed: int) -> None:
    names = tuple(f"p{i}" for i in range(players))
    game, _ = Game.start(names, rules, seed=seed)
    rng = random.Random(seed)
    habits = FALSE_CALLERS if rules.options.false_uno_penalty else FORGETFUL
    actions_this_round = 0
    while game.match_winner is None and game.round <= 3:
        action = _choose(game, rng, habits)
        if game.round_over and game.round == 3:
            break
        before = game.round
        game.apply(action)
        actions_this_round = 0 if game.round != before else actions_this_round + 1
        assert actions_this_round < MAX_ACTIONS_PER_ROUND, f"round never ends: {rules.enabled()}"
        _check(game)
        if rng.random() < 0.02:
            assert_reload_continues(game)


def test_knockouts_happen_and_matches_end() -> None:
    """The property test above is worth little without knockouts: count them, and play whole
    matches (to 1000) to their end."""
    knockouts = 0
    for seed in range(6):
        game, _ = Game.start(("a", "b", "c", "d"), RuleSet.build("no_mercy"), seed=seed)
        rng = random.Random(seed)
        steps = 0
        while game.match_winner is None:
            events = game.apply(_choose(game, rng))
            knockouts += sum(e.type == "knocked_out" for e in events)
            steps += 1
            assert steps < 60_000, "the match never ends"
    assert knockouts >= 5


# ---------------------------------------------------------------- set-up (M-2.1, section P)

def test_more_than_six_players_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        Game.start([f"p{i}" for i in range(7)], RuleSet.build("no_mercy"))
    game, _ = Game.start([f"p{i}" for i in range(6)], RuleSet.build("no_mercy"))
    assert isinstance(game, NoMercyGame)


@pytest.mark.parametrize("option", ["draw_until_playable", "seven_zero", "stacking",
                                    "draw_ten_blanks", "reverse_bounce", "deflect_skip",
                                    "colours_around", "play_to_last", "seven_stages",
                                    "penalty_scoring"])
def test_options_with_a_built_in_rule_are_refused(option: str) -> None:
    with pytest.raises(RulesError, match=option):
        RuleSet.build("no_mercy", {option: True})
    assert RuleSet.build("no_mercy", {option: False}).options.target_score == 1000


def test_draw_cap_is_refused_in_a_replay_even_at_its_default() -> None:
    """M-16.12: draw_cap given at all is refused; the default a save carries is not."""
    with pytest.raises(RulesError, match="draw_cap"):
        RuleSet.from_spec({"preset": "no_mercy", "options": {"draw_cap": 10}})
    assert RuleSet.build("no_mercy", {"draw_cap": 10}).preset == "no_mercy"
    with pytest.raises(RulesError, match="draw_cap"):
        RuleSet.build("no_mercy", {"draw_cap": 3})


# ---------------------------------------------------------------- the turn timer (M-14.3)

def _game(hands: dict[str, list[str]], start: str = "R3", then: Sequence[str] = (),
          rules: RuleSet | None = None) -> NoMercyGame:
    """A No Mercy game dealing these hands (the last player listed deals)."""
    deck = no_mercy_stacked_deck(list(hands), hands, [start], then)
    game, _ = Game.start(list(hands), rules or RuleSet.build("no_mercy"),
                         dealer=list(hands)[-1], deck=[Card.parse(c) for c in deck])
    assert isinstance(game, NoMercyGame)
    return game


def _act(game: Game, by: str, do: str, **fields: Any) -> None:
    game.apply(Action.from_dict({"by": by, "do": do, **fields}))


HANDS = {"ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "WCR"],
         "bob": ["R8", "Y2", "G6", "G4", "GS", "BR", "G+2"],
         "cid": ["R9", "Y7", "G1", "B6", "Y+4", "YR", "B5"]}


def test_timer_draws_then_plays_the_drawn_card_without_the_call() -> None:
    """M-14.3, M-16.9: draw until playable, then play the drawn card (no UNO flag)."""
    game = _game(HANDS, then=("Y9", "R5"))
    assert timeout_action(game) == Action("ann", ActionType.DRAW)
    game.apply(Action("ann", ActionType.DRAW))
    assert timeout_action(game) == Action("ann", ActionType.PLAY, Card.parse("R5"))


def test_timer_names_the_colour_held_most_for_a_drawn_wild() -> None:
    game = _game(HANDS, then=("Y9", "W+6"))
    game.apply(Action("ann", ActionType.DRAW))
    # ann holds R7 RS R+2 (red 3), G3, Y5 Y9, B2: red.
    assert timeout_action(game) == Action("ann", ActionType.PLAY, Card.parse("W+6"), "R")


def test_timer_aims_a_drawn_seven_at_the_next_active_player() -> None:
    game = _game(HANDS, then=("Y9", "B7"), start="B3")
    _act(game, "ann", "play", card="B2")
    game.apply(Action("bob", ActionType.DRAW))
    assert timeout_action(game) == Action("bob", ActionType.PLAY, Card.parse("B7"),
                                          target="cid")


def test_timer_names_the_roulette_colour_and_takes_a_penalty() -> None:
    game = _game(HANDS)
    _act(game, "ann", "play", card="WCR")
    assert game.pending is not None and game.pending.kind is PendingKind.ROULETTE
    # bob holds G6 G4 GS G+2: green.
    assert timeout_action(game) == Action("bob", ActionType.COLOR, color="G")
    game = _game(HANDS)
    _act(game, "ann", "play", card="R+2")
    assert timeout_action(game) == Action("bob", ActionType.ACCEPT)


# ---------------------------------------------------------------- views and saves

def test_a_view_shows_the_running_total_its_minimum_and_the_knocked_out() -> None:
    game = _game(HANDS)
    _act(game, "ann", "play", card="R+2")
    _act(game, "bob", "play", card="G+2")
    pending = player_view(game, "cid").pending
    assert pending is not None and (pending.kind, pending.amount, pending.minimum) == (
        PendingKind.DRAW, 4, 2)
    assert player_view(game, None).knocked_out == ()
    assert player_view(game, None).no_mercy


def test_the_roulette_offers_its_victim_the_four_colours_only() -> None:
    game = _game(HANDS)
    _act(game, "ann", "play", card="WCR")
    legal = game.legal_actions("bob")
    assert [(a.type, a.color) for a in legal] == [(ActionType.COLOR, c) for c in "RYGB"]


def test_a_roulette_is_offered_without_a_colour_and_a_seven_with_targets() -> None:
    game = _game({**HANDS, "ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "WCR"]})
    plays = [a for a in game.legal_actions("ann") if a.type is ActionType.PLAY]
    assert [a for a in plays if a.card == Card.parse("WCR")] == [
        Action("ann", ActionType.PLAY, Card.parse("WCR"))]
    assert {a.target for a in plays if a.card == Card.parse("R7")} == {"bob", "cid"}
    assert Action("ann", ActionType.PASS) not in game.legal_actions("ann")


def test_a_knocked_out_player_is_saved_and_reloaded() -> None:
    game = _game({"ann": ["W+10", "R7", "G3", "Y5", "B2", "RS", "R+2"],
                  "bob": ["W+10", "Y2", "G6", "B4", "GS", "BR", "G+2"],
                  "cid": ["R9", "Y7", "G1", "B6", "Y+4", "YR", "B5"]},
                 then=KO_THEN)
    _act(game, "ann", "play", card="W+10", color="R")
    _act(game, "bob", "play", card="W+10", color="R")
    _act(game, "cid", "draw")
    assert game.knocked_out == [2]
    copy = load(dump(game))
    assert copy.knocked_out == [2] and copy.in_round == [True, True, False]
    assert player_view(copy, "ann").knocked_out == ("cid",)
    assert_reload_continues(game)


def test_the_slap_timeout_deals_in_turn_order_after_the_caller() -> None:
    """M-16.10: several slap_timeout draws are dealt in turn order from the caller's left (for
    cid: dan, ann, bob; not in seat order), which decides who is knocked out first."""
    hands = {"ann": ["R4", "B1", "B3", "B4", "B7", "B8", "B9"],
             "bob": ["R5", "Y1", "Y2", "Y4", "Y6", "Y8", "G9"],
             "cid": ["RSA", "RSA", "YSA", "YSA", "GSA", "Y9", "G5"], "dan": []}
    game = _game(hands, rules=RuleSet.build("no_mercy", {"uno_slap": True}))
    _act(game, "ann", "play", card="R4")
    _act(game, "bob", "play", card="R5")
    for skip_everyone in ["RSA", "RSA", "YSA", "YSA", "GSA"]:
        _act(game, "cid", "play", card=skip_everyone)
    _act(game, "cid", "play", card="G5", uno=True)
    assert game.slap is not None
    events = game.apply(Action("bob", ActionType.SLAP_TIMEOUT))
    assert [e.by for e in events if e.type == "slap_lost"] == ["dan", "ann", "bob"]
