"""User-visible text as the catalogue writes it (bot/i18n/locales/*.json), for assertions: tests
compare what users see with these, never with copied sentences, so a reworded text does not break
them but a wrong key, placeholder or language does."""

from __future__ import annotations

import re

from bot.engine import card
from bot.i18n import get_translator
from bot.render.text import COLOR_MARKS, card_label


def tr(locale: str, key: str, /, **params: object) -> str:
    """A catalogue text in `locale`, as the bot shows it."""
    return get_translator().translate(locale, key, **params)


def en(key: str, /, **params: object) -> str:
    return tr("en", key, **params)


def en_part(key: str, /, **params: object) -> str:
    """The start of an English catalogue text, up to its first placeholder not given: for a
    sentence whose end the test does not know ("Ann — 3 cards · " of "Ann — 3 cards · 0 pts")."""
    message = get_translator().message("en", key)
    assert message is not None, key
    if not isinstance(message, str):
        message = message["one" if params.get("count") == 1 else "other"]
    cut = min((m.start() for m in re.finditer(r"\{(\w+)\}", message) if m[1] not in params),
              default=len(message))
    return message[:cut].format(**params)


def card_name(code: str) -> str:
    """A card's English name from the catalogue (`R7` -> "Red 7"), as sentences show it."""
    return get_translator().card(code, locale="en")


def card_names(*codes: str) -> str:
    return get_translator().cards(codes, locale="en")


def label(code: str) -> str:
    """A card's button label or list item: its colour mark and English name ("🟥 Red 7")."""
    return card_label(card(code), "en")


def card_names_labelled(*codes: str) -> str:
    """Cards as a hand lists them: labels separated by the catalogue's separator."""
    return en("card.separator").join(label(code) for code in codes)


def colour(letter: str, *, in_text: bool = False) -> str:
    """A colour's English name ("Red"), or as inside a sentence ("red")."""
    return get_translator().color(letter, in_text=in_text, locale="en")


def colour_label(letter: str) -> str:
    """A colour as a button or a stat shows it: its mark and English name ("🟥 Red")."""
    return f"{COLOR_MARKS[letter]} {colour(letter)}"


# Every locale with a file (English first): tests that check each language run over these, so a
# language added later is checked as soon as its file exists.
LOCALES = get_translator().locales
