"""Decisions taken where RULES.md is silent, pinned so they change only on purpose."""

from __future__ import annotations

from typing import Any

from bot.engine import Action, ActionType, Game, RuleSet, card, dump, load
from tests.engine.support import stacked_deck

PLAYERS = ["ann", "bob", "cid"]


def _start(hands: dict[str, list[str]], start: str, **options: Any) -> Game:
    deck = stacked_deck(PLAYERS, hands, start)
    game, _ = Game.start(PLAYERS, RuleSet.build("classic", options),
                         deck=[card(c) for c in deck], dealer="cid")
    return game


def _rearranged(game: Game, ann: list[str], *, dry: bool = False) -> Game:
    """Give ann exactly `ann` (those cards must be in her hand); the rest of her hand goes to
    bob, and with `dry` the whole draw pile too."""
    data = dump(game)
    rest = list(data["hands"][0])
    for code in ann:
        rest.remove(code)
    data["hands"][0] = ann
    data["hands"][1] += rest + (data["draw_pile"] if dry else [])
    if dry:
        data["draw_pile"] = []
    return load(data)


def test_n5_guilty_wild_four_stays_on_the_pile_when_the_card_before_was_reshuffled() -> None:
    """N-5 returns a guilty Wild Draw Four to its player and the card before it stands again;
    if a reshuffle (C-7) took that card into the draw pile, the pile still needs a top card, so
    the Wild Draw Four stays as the top card under the colour from before it. Its player still
    draws (as far as the piles go) and loses the next turn; the challenger plays normally."""
    game = _rearranged(_start({"ann": ["W+4", "R2"]}, "R1", wild_four_challenge_returns=True),
                       ["W+4", "R2"], dry=True)
    game.apply(Action.play("ann", card("W+4"), "G"))  # no UNO call: ann can be caught
    game.apply(Action("cid", ActionType.CATCH, target="ann"))  # the draw reshuffles R1 away
    assert [c.code for c in game.hands[0]] == ["R2", "R1"] and len(game.discard) == 1
    game.apply(Action("bob", ActionType.CHALLENGE))  # guilty: ann held red (R2)
    assert game.discard[-1] == card("W+4")
    assert game.color is not None and game.color.value == "R"
    assert [c.code for c in game.hands[0]] == ["R2", "R1"]  # nothing left anywhere to draw
    assert 0 in game.skip_next
    assert game.waiting_for == 1


def test_h13_a_stage_hand_is_drawn_as_far_as_the_piles_go() -> None:
    """H-13 with C-7: the next stage hand is drawn as far as the piles go; the player stays in
    the round at the next stage."""
    game = _rearranged(_start({"ann": ["R2"]}, "R1", seven_stages=True), ["R2"], dry=True)
    game.apply(Action.play("ann", card("R2")))
    assert [c.code for c in game.hands[0]] == ["R1"]  # only R1 could be reshuffled
    assert game.stages[0] == 6 and game.in_round[0] and not game.round_over


def test_jumpers_names_exactly_who_holds_the_top_card() -> None:
    """H-2: `jumpers()` is who may press "Jump in" now; never on the start card."""
    game = _start({"ann": ["R5", "B9"], "bob": ["G1"], "cid": ["R5", "G2"]}, "R1", jump_in=True)
    assert game.jumpers() == []  # the start card is on top
    game.apply(Action.play("ann", card("R5")))
    assert game.jumpers() == ["cid"]  # bob is at turn (he plays normally); cid holds R5
    game.apply(Action.play("cid", card("R5")))  # cid jumps in: play goes on from cid
    assert game.waiting_for == 0


def test_a_hand_exchange_ends_the_uno_obligation() -> None:
    """H-3 with C-5/C-9: after a 7 the player holds another hand; the call owed for the hand
    they played from is gone, and nobody may be caught for it."""
    game = _rearranged(_start({"ann": ["R7", "R3"]}, "R1", seven_zero=True), ["R7", "R3"])
    bob_before = len(game.hands[1])
    game.apply(Action.play("ann", card("R7"), target="bob"))
    assert game.uno_owed is None
    assert len(game.hands[0]) == bob_before and [c.code for c in game.hands[1]] == ["R3"]
    assert game.legal_actions("cid") == []
