""""Why can't I play this?": the reason a card in the hand cannot be played now, citing the rule
(players of other bots are often confused by the draw rules and the Wild Draw Four)."""

from __future__ import annotations

from bot.engine import Card
from bot.services.errors import Refusal
from bot.services.session import Session

from .text import card_name, color_name


def explain(session: Session, player: str | None, card: Card | None, locale: str) -> Refusal:
    """A refusal whose text says why `card` is not playable for `player` right now (in the
    asking player's `locale`)."""
    game = session.game
    if player is None:
        return Refusal("error.not_in_game")
    seat = game.players.index(player)
    # A button names a Flip card `light/dark` (parsed light side up): match it by its code, so
    # its "why" still works once the table has turned to the dark side (F-4).
    if card is None or all(c.code != card.code for c in game.hands[seat]):
        return Refusal("error.stale_button")
    if game.round_over:
        return Refusal("error.round_over")
    if game.slap is not None:
        return Refusal("why.slap")
    if game.waiting_for != seat:
        if game.options.jump_in:
            return Refusal("why.not_your_turn_jump_in")
        return Refusal("why.not_your_turn")
    if game.pending is not None:
        # A challenge names its card (Wild Draw Four, or Flip's Wild Draw Two / Colour).
        return Refusal(f"why.pending_{game.pending.kind}",
                       card=card_name(game.discard[-1], locale))
    if game.drawn is not None:  # C-4: after a draw only the drawn card may be played
        return Refusal("why.after_draw", card=card_name(game.drawn, locale))
    top = game.discard[-1]
    return Refusal("why.no_match", color=color_name(game.color, locale) if game.color else "—",
                   top=card_name(top, locale))
