"""A player's private hand: an ephemeral message only its owner sees (its text here)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import ActionType, Card, PlayerView
from bot.services.session import Session

from .faces import NO_FACES, Faces
from .images import hand_groups
from .shown import Shown
from .text import EMBED_COLORS, NEUTRAL, card_label, color_name, name_of, tr

CARDS_PER_PAGE = 20  # four rows of five; the fifth row holds Draw, Pass and the page buttons


def distinct_cards(hand: tuple[Card, ...]) -> list[tuple[Card, int]]:
    """Each card once with how many are held (one button per card: custom_ids must differ), in
    the order and so with the numbers of the hand's picture."""
    return hand_groups(hand)


def pages(hand: tuple[Card, ...]) -> int:
    return max(1, -(-len(distinct_cards(hand)) // CARDS_PER_PAGE))


def render_hand(session: Session, player: str, locale: str, *, notes: Sequence[str] = (),
                page: int = 0, picking: Card | None = None,
                faces: Faces = NO_FACES) -> Shown:
    """The hand's text; the top card wears its face's emoji where `faces` has it. The cards are
    named by their buttons (and shown in the picture); only a hand of several pages lists them
    all, as text."""
    names = session.names
    view = session.view(player)
    shown = Shown(title=tr(locale, "hand.title", count=len(view.hand)),
                  colour=EMBED_COLORS.get(view.color or "", NEUTRAL))
    lines = list(notes)
    lines.append(tr(locale, "table.top", card=card_label(view.top, locale, faces)))
    if view.color is not None:
        lines.append(tr(locale, "table.color", color=color_name(view.color, locale)))
    waiting = view.turn
    if view.round_over:  # H-12: not when the winner is out and the round goes on
        lines.append(tr(locale, "hand.round_over"))
    elif waiting == player:
        lines.append(_prompt(session, view, locale))
    elif waiting is not None:
        lines.append(tr(locale, "hand.waiting", player=name_of(names, waiting)))
    if picking is not None:
        lines.append(tr(locale, _pick_key(view, picking), card=card_label(picking, locale)))
    shown.text = "\n".join(lines)
    total = pages(view.hand)
    if total > 1:  # the buttons show one page: the list, every card (issue 34: else it only
        # repeated the buttons, which name each card, and made a hand too long for a phone)
        cards = ", ".join(card_label(card, locale) + (f" ×{n}" if n > 1 else "")
                          for card, n in distinct_cards(view.hand))
        shown.add(tr(locale, "hand.cards"), cards)
        shown.footer = tr(locale, "hand.page", page=page + 1, pages=total)
    return shown


def _prompt(session: Session, view: PlayerView, locale: str) -> str:
    """What the table waits for from this player: their move, or the decision that falls to
    them (a challenge, a penalty or a skip to answer, a colour to name, a swap, a slap)."""
    pending = view.pending
    if pending is None:
        return tr(locale, "hand.your_move")
    key = f"hand.decide.{pending.kind}"
    if pending.minimum is not None:  # No Mercy: a stack to take or to raise (M-6)
        key = "hand.decide.draw_min"
    elif pending.kind == "swap" and pending.target is None:  # H-6: the 5's player offers
        key = "hand.decide.swap_offer"
    return tr(locale, key, by=name_of(session.names, pending.by), count=pending.amount or 0,
              card=card_label(view.top, locale), min=pending.minimum)


def _pick_key(view: PlayerView, card: Card) -> str:
    """What the choices of `card` are: a colour, the player to swap hands with (H-3, M-9), or
    the player offered a card (H-6)."""
    ways = [a for a in view.legal_actions if a.card is card]
    if any(a.type is ActionType.SWAP for a in ways):
        return "hand.pick_swap_card"
    if any(a.target is not None for a in ways):
        return "hand.pick_swap_hands"
    return "hand.pick_color"
