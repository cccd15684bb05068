"""C-11: the turn timer acts for the player the table waits for."""

from __future__ import annotations

from typing import Any

from bot.engine import Action, ActionType, Game, RuleSet, card, timeout_action
from tests.engine.support import stacked_deck

PLAYERS = ["ann", "bob", "cid"]


def _start(hands: dict[str, list[str]], start: str, then: tuple[str, ...] = (),
           **options: Any) -> Game:
    deck = stacked_deck(PLAYERS, hands, start, then)
    game, _ = Game.start(PLAYERS, RuleSet.build("classic", options),
                         deck=[card(c) for c in deck], dealer="cid")
    return game


def _keep(game: Game, seat: int, codes: list[str]) -> None:
    """Leave the player only `codes`; the rest of the hand goes under the draw pile."""
    hand = game.hands[seat]
    kept = [card(c) for c in codes]
    for c in kept:
        hand.remove(c)
    game.draw_pile[0:0] = hand
    game.hands[seat] = kept


def test_on_a_turn_the_timer_draws_then_passes_if_the_drawn_card_is_playable() -> None:
    """C-11: they draw, and pass if they may."""
    game = _start({}, "G1", then=("G9",))
    assert timeout_action(game) == Action("ann", ActionType.DRAW)
    game.apply(Action("ann", ActionType.DRAW))  # G9 is playable: ann may still play it
    assert timeout_action(game) == Action("ann", ActionType.PASS)
    game.apply(Action("ann", ActionType.PASS))
    assert game.waiting_for == 1 and [c.code for c in game.hands[0]][-1] == "G9"


def test_a_colour_to_name_is_the_colour_held_most() -> None:
    """C-11 / C-10: ties in the order R, Y, G, B."""
    game = _start({"ann": ["B1", "B2", "G3", "G4", "Y5", "R6", "R7"]}, "W")
    assert timeout_action(game) == Action("ann", ActionType.COLOR, color="R")


def test_a_challenge_decision_is_accepted() -> None:
    game = _start({"ann": ["W+4"]}, "R1")
    game.apply(Action.play("ann", card("W+4"), "G"))
    assert timeout_action(game) == Action("bob", ActionType.ACCEPT)


def test_a_stack_answer_is_declined() -> None:
    """C-11 with H-4: the penalty is taken."""
    game = _start({"ann": ["R+2"]}, "R1", stacking=True)
    game.apply(Action.play("ann", card("R+2")))
    assert timeout_action(game) == Action("bob", ActionType.ACCEPT)
    game.apply(timeout_action(game))  # type: ignore[arg-type]
    assert len(game.hands[1]) == 9 and game.waiting_for == 2


def test_a_swap_offer_is_declined_and_a_swap_answer_gives_the_first_card() -> None:
    """C-11 with H-6."""
    game = _start({"ann": ["R5", "G7"], "bob": ["B3", "Y4"]}, "R1", swap_on_five=True)
    game.apply(Action.play("ann", card("R5")))
    assert timeout_action(game) == Action("ann", ActionType.PASS)
    game.apply(Action("ann", ActionType.SWAP, card("G7"), target="bob"))
    assert timeout_action(game) == Action("bob", ActionType.SWAP, card("B3"), target="ann")
    game.apply(timeout_action(game))  # type: ignore[arg-type]
    assert "B3" in [c.code for c in game.hands[0]] and "G7" in [c.code for c in game.hands[1]]


def test_an_open_slap_window_times_out() -> None:
    """H-8: everyone who has not slapped draws 2."""
    game = _start({"ann": ["R2", "R3"]}, "R1", uno_slap=True)
    _keep(game, 0, ["R2", "R3"])
    game.apply(Action.play("ann", card("R2"), uno=True))
    assert timeout_action(game) == Action("ann", ActionType.SLAP_TIMEOUT)
    game.apply(timeout_action(game))  # type: ignore[arg-type]
    assert game.slap is None and len(game.hands[1]) == 9 and len(game.hands[2]) == 9


def test_nothing_to_do_once_the_round_is_over() -> None:
    game = _start({"ann": ["R2"]}, "R1")
    _keep(game, 0, ["R2"])  # ann's last card
    game.apply(Action.play("ann", card("R2")))
    assert game.round_over and timeout_action(game) is None
