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
    if player is None:
        return Refusal("error.not_in_game")
    view = session.view(player)
    # A button names a Flip card `light/dark` (parsed light side up): match it by its code, so
    # its "why" still works once the table has turned to the dark side (F-4).
    if card is None or all(c.code != card.code for c in view.hand):
        return Refusal("error.stale_button")
    if view.round_over:
        return Refusal("error.round_over")
    pending = view.pending
    if pending is not None and pending.kind == "slap":
        return Refusal("why.slap")
    if player in view.knocked_out:  # M-10.4
        return Refusal("why.knocked_out")
    if view.turn != player:
        if view.rules.options.jump_in:
            return Refusal("why.not_your_turn_jump_in")
        return Refusal("why.not_your_turn")
    if pending is not None and pending.minimum is not None:  # M-6.2, M-6.4
        return Refusal("why.pending_draw_min", min=pending.minimum)
    if pending is not None:
        # A challenge names its card (Wild Draw Four, or Flip's Wild Draw Two / Colour).
        return Refusal(f"why.pending_{pending.kind}", card=card_name(view.top, locale))
    if view.drawn is not None:  # C-4: after a draw only the drawn card may be played
        key = "why.after_draw" if view.may_pass_after_draw else "why.must_play"  # M-4.2
        return Refusal(key, card=card_name(view.drawn, locale))
    return Refusal("why.no_match",
                   color=color_name(view.color, locale) if view.color else "—",
                   top=card_name(view.top, locale))
