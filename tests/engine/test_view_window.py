"""A player's view is a read-only window: cheap to open, refused once the game has moved on."""

from __future__ import annotations

import pytest

from bot.engine import Action, ErrorCode, Game, IllegalAction, RuleSet, StaleView, player_view


def _game() -> Game:
    game, _ = Game.start(["ann", "bob", "cid"], RuleSet.classic(), seed=11, dealer="cid")
    return game


def test_a_view_reads_the_game_it_was_opened_on() -> None:
    game = _game()
    view = player_view(game, "ann")
    assert view.version == game.version == 0
    assert view.hand == tuple(game.hands[0])
    assert view.hand_sizes == (7, 7, 7)
    assert view.turn == "ann"
    assert view.legal_actions == tuple(game.legal_actions("ann"))


def test_reading_a_view_after_the_game_changed_raises_stale_view() -> None:
    """A stale view must never show the new state as if it were the old one (or the reverse)."""
    game = _game()
    view = player_view(game, "ann")
    snapshot = view.snapshot()
    game.apply(view.legal_actions[0])
    assert game.version == 1
    for field in ("hand", "legal_actions", "turn", "top", "hand_sizes", "pending"):
        with pytest.raises(StaleView):
            getattr(view, field)
    # The snapshot taken before is a plain value and stays as it was.
    assert snapshot.version == 0 and snapshot.turn == "ann" and len(snapshot.hand) == 7
    assert player_view(game, "ann").version == 1


def test_a_refused_action_leaves_views_valid() -> None:
    game = _game()
    view = player_view(game, "bob")
    with pytest.raises(IllegalAction) as info:
        game.apply(Action.play("bob", game.hands[1][0]))  # it is ann's turn
    assert info.value.code is ErrorCode.NOT_YOUR_TURN
    assert view.version == game.version == 0
    assert view.hand == tuple(game.hands[1])


def test_a_spectator_sees_sizes_and_no_hand() -> None:
    view = player_view(_game(), None)
    assert view.hand == () and view.legal_actions == () and view.drawn is None
    assert view.hand_sizes == (7, 7, 7)
