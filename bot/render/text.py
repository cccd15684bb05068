"""Small text pieces shared by the lobby, table and hand renderers."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import Card
from bot.i18n import get_translator

from .events import escape_name
from .faces import NO_FACES, Faces

# Embed side colours for the colour in play (light and Flip's dark side) and for no colour yet.
EMBED_COLORS = {"R": 0xD72600, "Y": 0xECD407, "G": 0x379711, "B": 0x0956BF,
                "P": 0xD6338A, "T": 0x1BA39C, "O": 0xF08A24, "V": 0x7D3C98}
NEUTRAL = 0x2B2D31
# A mark per colour, so the colour never rests on the hue alone (colour-blind players).
COLOR_MARKS = {"R": "🟥", "Y": "🟨", "G": "🟩", "B": "🟦", "P": "🩷", "T": "🩵", "O": "🟧",
               "V": "🟪"}
WILD_MARK = "⬛"


def tr(locale: str, key: str, /, **params: object) -> str:
    return get_translator().translate(locale, key, **params)


def card_name(card: Card, locale: str) -> str:
    return get_translator().card(card, locale=locale)


def card_short(card: Card, locale: str) -> str:
    """A card's name short enough for a button on a phone, 20 characters at most in every
    locale (English keeps its full names; «Замов +4», «Красная ⊘ всех»)."""
    rank = tr(locale, f"rank_short.{card.rank.value}")
    if card.color is None:
        return rank
    return f"{tr(locale, f'card.color.{card.color.value}')} {rank}"


def color_mark(card: Card) -> str:
    """The card's colour as a coloured square (a wild's is black)."""
    return COLOR_MARKS.get(card.color.value, WILD_MARK) if card.color is not None else WILD_MARK


def card_label(card: Card, locale: str, faces: Faces = NO_FACES) -> str:
    """A card as a list item: its face's emoji (where `faces` has it) or a colour mark, and
    its name."""
    return f"{faces.markup(card) or color_mark(card)} {card_name(card, locale)}"


def color_name(letter: str, locale: str) -> str:
    return get_translator().color(letter, locale=locale)


def name_of(names: Mapping[str, str], player: str) -> str:
    return escape_name(names.get(player) or player)


def shortened(text: str, limit: int) -> str:
    """`text` cut to `limit` characters at a word's end, with an ellipsis, when it is longer (a
    select option's description: the whole text is in docs/HOUSE-RULES.md and the Rules)."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:—-") + "…"
