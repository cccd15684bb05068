"""What virtual users see, read the same way by every bot test: the table's text, a hand opened
by its button, the last private answer, and waits for merged table edits to land."""

from __future__ import annotations

from typing import Any

from bot.fake_discord.users import SeenMessage, VirtualUser
from bot.render.table import render_table
from bot.render.text import COLOR_MARKS, WILD_MARK
from drivers.catalogue import en, en_part
from drivers.harness import Harness, opened_hand


def table_text(message: SeenMessage) -> str:
    """A table (or hand) message as one text: all of its text displays (the ping, the title
    over the state line, each section under its bold heading, the footer), or the content and
    embeds of a message that is not a Components V2 one (a tournament's board, /uno stats)."""
    return message.text


def title_of(message: SeenMessage) -> str:
    """A table's (or hand's) title: the heading over its state line."""
    heading = next((t for t in message.texts if t.startswith("### ")), "")
    return heading.split("\n")[0].removeprefix("### ")


def footer_of(message: SeenMessage) -> str:
    """A table's (or hand's) small print: the rules in force, or the page of a hand."""
    return next((t.removeprefix("-# ") for t in message.texts if t.startswith("-# ")), "")


def heading(name: str) -> str:
    """A section's heading as a table's text shows it (bold, on a line of its own)."""
    return f"**{name}**"


def section_of(message: SeenMessage, name: str) -> str:
    """The text under a bold heading of a table (or hand): "Players", "Recent", ..."""
    start = heading(name) + "\n"
    return next((t.removeprefix(start) for t in message.texts if t.startswith(start)), "")


def players_of(message: SeenMessage) -> str:
    """A table's lines of players (name, cards held, UNO mark, points)."""
    return section_of(message, en("table.players"))


def ping_of(message: SeenMessage) -> str:
    """The line a table leads with: whose move it is (pinging them), or how the game ended
    ("" when it leads with its title)."""
    texts = message.texts
    return texts[0] if texts and not texts[0].startswith("### ") else ""


# The start of a hand shown to a challenger after a Wild Draw Four ("Ann's hand: Red 3, ..."),
# whoever's hand it is: such a message must reach the challenger alone (C-6, C-9).
SHOWN_HAND = en_part("you.hand_shown", player="")


def uno_seat(player: str, points: int = 0) -> str:
    """A table's line for a player down to one card who called UNO."""
    return en("table.player", player=player, count=1, points=points) + " · " + en("table.uno_mark")


def table_of(user: VirtualUser, session: Any) -> SeenMessage:
    return user.message(session.message_id)


def shows_now(text: str, session: Any) -> bool:
    """Whether a table's `text` (as its client shows it) holds every line the renderer draws
    for the game now: its state and its sections."""
    want = render_table(session).shown
    return all(part in text for part in [want.text, *(s.text for s in want.sections)])


async def table_after(h: Harness, user: VirtualUser, session: Any, timeout: float = 5) -> str:
    """The table once it shows the game as it is now. A merged edit may wait on Discord's rate
    limits after the bot rendered it, so wait for the text itself (the renderer is only the
    barrier: the assertions read what the user's client shows)."""
    table = table_of(user, session)

    await h.fake.wait_for(lambda: shows_now(table.text, session), timeout=timeout)
    return table_text(table)


async def table_shows(h: Harness, user: VirtualUser, session: Any, *labels: str) -> None:
    """Wait until the table's buttons include `labels` (the edit of a merged refresh)."""
    table = table_of(user, session)
    await h.fake.wait_for(lambda: set(labels) <= set(table.labels()), timeout=3)


async def open_hand(h: Harness, user: VirtualUser, session: Any) -> SeenMessage:
    """Press My hand on the table; the private hand it opens."""
    hand = await opened_hand(h, await user.click(table_of(user, session), en("button.hand")))
    # The answer carries the hand's picture (a picture that cannot be drawn is tested apart).
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


def hand_cards(hand: SeenMessage) -> str:
    """The cards a hand's buttons name ("🟥 Red 7, 🟩 Green 3 ×2"), each card once in the
    picture's order (without card faces, a card's label starts with its colour mark; its play
    with the UNO! call is a second button, left out)."""
    marks = (*COLOR_MARKS.values(), WILD_MARK)
    before, after = en("button.play_uno", card="\0").split("\0")
    return ", ".join(label for label in hand.labels() if label.startswith(marks)
                     and not (label.startswith(before) and label.endswith(after)))


def body_of(message: SeenMessage) -> str:
    """The lines under a V2 message's title: a lobby's line (who hosts it, or why it closed),
    a table's state line."""
    head = next((t for t in message.texts if t.startswith("### ")), "")
    return head.partition("\n")[2]


def sections_of(message: SeenMessage) -> list[tuple[str, str]]:
    """A V2 message's sections in order, each as (its bold heading, the text under it): a
    lobby's rules, turn timer and players."""
    found = []
    for text in message.texts:
        first, _, rest = text.partition("\n")
        if first.startswith("**") and first.endswith("**") and len(first) > 4:
            found.append((first[2:-2], rest))
    return found
