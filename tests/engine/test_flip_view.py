"""F-2 (and C-9): what each player sees in UNO Flip, which the referee's output cannot show.

A player holds their cards with the active face to themselves, so every other player sees the
inactive face of each card in that hand; the draw pile lies inactive face up, so everyone sees the
inactive face of its top card. In a player's view: `others_inactive` (by seat, the inactive faces
of each hand in the order held; the viewer's own entry empty) and `draw_pile_inactive` (the
inactive face of the draw pile's top card, None when the pile is empty).

The games are the golden files F-2_* and F-8_rebuilt_pile_keeps_active_face (written by
tests/engine/make_golden.py from RULES.md); the expected faces are read from their `light/dark`
cards here, never from the engine.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Game, player_view
from bot.engine.replay import _parse
from tests.engine.support import golden


def _game(replay: dict[str, Any]) -> Game:
    """The replay through the engine's API (parsed as `python -m bot.engine.replay` parses it)."""
    rules, players, dealer, seed, deck, actions = _parse(replay)
    game, _ = Game.start(players, rules, seed=seed, dealer=dealer, deck=deck)
    for action in actions:
        game.apply(action)
    return game


def _face(face: Any) -> str | None:
    if face is None:
        return None
    code = getattr(face, "code", None)
    return code if isinstance(code, str) else str(face)


def _seen(view: Any) -> tuple[tuple[str | None, ...], ...]:
    return tuple(tuple(_face(f) for f in hand) for hand in view.others_inactive)


def _inactive(hands: dict[str, list[str]], players: list[str], viewer: str, side: str
              ) -> tuple[tuple[str, ...], ...]:
    """What `viewer` should see of each hand: the other face from the active `side`."""
    other = 1 if side == "light" else 0
    return tuple(() if p == viewer else tuple(c.split("/")[other] for c in hands[p])
                 for p in players)


def test_f2_light_side_shows_dark_faces_of_other_hands_and_pile_top() -> None:
    case = golden("F-2_inactive_faces_dealt")
    replay = case["replay"]
    game = _game(replay)
    players, hands = replay["players"], case["expect"]["hands"]
    for viewer in players:
        view = player_view(game, viewer)
        assert _seen(view) == _inactive(hands, players, viewer, "light")
        assert _face(view.draw_pile_inactive) == "P6"  # Y9/P6, the draw pile's top card
    # The viewer's own cards are seen by their active faces only, as always.
    assert len(player_view(game, "ann").hand) == 7


def test_f2_after_the_flip_shows_light_faces_and_the_new_pile_top() -> None:
    """After the Flip the hands and the draw pile are turned: the inactive faces are now light,
    and the pile's top is the deck's former bottom card, G9/O2."""
    case = golden("F-2_inactive_faces_after_flip")
    replay = case["replay"]
    game = _game(replay)
    players, hands = replay["players"], case["expect"]["hands"]
    for viewer in players:
        view = player_view(game, viewer)
        assert _seen(view) == _inactive(hands, players, viewer, "dark")
        assert _face(view.draw_pile_inactive) == "G9"


def test_f2_empty_draw_pile_shows_no_face() -> None:
    """With the draw pile empty (F-8 case, after the Flip and 41 draws) there is no top card."""
    replay = dict(golden("F-8_rebuilt_pile_keeps_active_face")["replay"])
    replay["actions"] = replay["actions"][:42]
    game = _game(replay)
    view = player_view(game, "cid")
    assert view.draw_pile == 0
    assert view.draw_pile_inactive is None
