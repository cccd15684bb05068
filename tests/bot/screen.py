"""What virtual users see, read the same way by every bot test: the table's text, a hand opened
by its button, the last private answer, and waits for merged table edits to land."""

from __future__ import annotations

import re
from typing import Any

from bot.engine import card
from bot.i18n import get_translator
from bot.render.table import render_table
from bot.render.text import card_label
from tests.fake_discord import VirtualUser
from tests.fake_discord.users import SeenMessage

from .harness import Harness


def tr(locale: str, key: str, /, **params: object) -> str:
    """A catalogue text (bot/i18n/locales/<locale>.json), as the bot shows it: tests compare
    what users see with these, never with copied sentences."""
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


def card_names_labelled(*codes: str) -> str:
    """Cards as a hand lists them: labels separated by the catalogue's separator."""
    return en("card.separator").join(label(code) for code in codes)


def card_name(code: str) -> str:
    """A card's English name from the catalogue (`R7` -> "Red 7"), as sentences show it."""
    return get_translator().card(code, locale="en")


def card_names(*codes: str) -> str:
    return get_translator().cards(codes, locale="en")


def label(code: str) -> str:
    """A card's button label or list item: its colour mark and English name ("🟥 Red 7")."""
    return card_label(card(code), "en")


def colour(letter: str, *, in_text: bool = False) -> str:
    """A colour's English name ("Red"), or as inside a sentence ("red")."""
    return get_translator().color(letter, in_text=in_text, locale="en")


def table_text(message: SeenMessage) -> str:
    """A table (or hand) message as one text: content, title, description and fields."""
    embed = message.embeds[0]
    parts = [message.content, embed.get("title", ""), embed.get("description", "")]
    parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


def table_of(user: VirtualUser, session: Any) -> SeenMessage:
    return user.message(session.message_id)


async def table_after(h: Harness, user: VirtualUser, session: Any, timeout: float = 5) -> str:
    """The table once it shows the game as it is now. A merged edit may wait on Discord's rate
    limits after the bot rendered it, so wait for the text itself (the renderer is only the
    barrier: the assertions read what the user's client shows)."""
    table = table_of(user, session)

    def current() -> bool:
        if not table.embeds:
            return False
        want = render_table(session).embed.to_dict()
        got = table.embeds[0]
        return (got.get("description") == want.get("description")
                and [f["value"] for f in got.get("fields", [])]
                == [f["value"] for f in want.get("fields", [])])

    await h.fake.wait_for(current, timeout=timeout)
    return table_text(table)


async def table_shows(h: Harness, user: VirtualUser, session: Any, *labels: str) -> None:
    """Wait until the table's buttons include `labels` (the edit of a merged refresh)."""
    table = table_of(user, session)
    await h.fake.wait_for(lambda: set(labels) <= set(table.labels()), timeout=3)


async def open_hand(h: Harness, user: VirtualUser, session: Any) -> SeenMessage:
    """Press My hand on the table; the private hand it opens."""
    handle = await user.click(table_of(user, session), "My hand")
    hand = handle.response
    assert hand is not None and hand.ephemeral, last_ephemeral(user)
    # The hand answers at once; its picture follows when it was not drawn yet.
    await h.fake.wait_for(lambda: bool(hand.attachments), timeout=3)
    return hand


def last_ephemeral(user: VirtualUser) -> str:
    return user.ephemerals()[-1].content


def style_of(message: SeenMessage, label: str) -> int:
    return int(message.button(label)["style"])


def enabled(message: SeenMessage, label: str) -> bool:
    return not message.button(label).get("disabled")


def seat(session: Any, user: VirtualUser) -> int:
    return int(session.game.players.index(str(user.id)))


def size(session: Any, user: VirtualUser) -> int:
    """How many cards `user` holds (for checks; what users see is the table's count)."""
    return len(session.game.hands[seat(session, user)])


def trim(session: Any, user: VirtualUser, count: int) -> None:
    """Keep the first `count` cards of a rigged hand (a scenario late in a round)."""
    hand = session.game.hands[seat(session, user)]
    hand[:] = hand[:count]


hand_text = table_text  # a hand message reads the same way
