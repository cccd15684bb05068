"""The table and the hand as Components V2 messages (issue 21 item 2): one container whose
accent is the colour in play, holding the text as text displays, the picture in a media
gallery and the controls in action rows.

The renderers (bot/render/table.py, hand.py) say what a message shows (`Shown`: a title over a
few lines, sections, small print, a colour, maybe a picture) and the views (bot/ui/views.py)
which controls sit in which row (`Controls`); `layout` builds the `discord.ui.LayoutView` from
both, every text kept, so the table stays readable without its picture (on a phone, or while
the picture loads). A V2 message can carry neither content nor embeds, and its flag can never
be removed (docs/DISCORD-FACTS.md): the fields of `v2` clear both, so the same edit turns a
message posted before this layout into one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.render.shown import Shown

# Discord's limits for a V2 message (docs/DISCORD-FACTS.md).
COMPONENTS_MAX = 40  # counted recursively: the container, rows and buttons included
TEXT_MAX = 4000  # characters in all the text displays of one message together
ROWS_MAX = 5  # action rows of controls under a message
ROW_WIDTH = 5  # a row holds five buttons, or one select (of width five)

CUT = "\n…"

Item = discord.ui.Item[Any]


class Controls:
    """Buttons and menus in the rows a message shows them in. An item goes in the row it asks
    for (its `row`), or else in the first row with room for it, in the order added (as
    discord.py's classic views placed them)."""

    def __init__(self, items: Iterable[Item] = ()) -> None:
        self._rows: list[list[Item]] = [[] for _ in range(ROWS_MAX)]
        for item in items:
            self.add_item(item)

    def add_item(self, item: Item) -> Controls:
        row = item.row
        if row is None:
            row = next((r for r in range(ROWS_MAX) if self._room(r) >= item.width), ROWS_MAX)
        if row >= ROWS_MAX or self._room(row) < item.width:
            raise ValueError(f"no room for {item!r} in row {row}")
        self._rows[row].append(item)
        return self

    def has_room(self, width: int = 1) -> bool:
        """Whether an item of `width` without a row of its own would fit."""
        return any(self._room(row) >= width for row in range(ROWS_MAX))

    def _room(self, row: int) -> int:
        return ROW_WIDTH - sum(item.width for item in self._rows[row])

    def rows(self) -> list[discord.ui.ActionRow[Any]]:
        """The rows that hold something, as action rows of the same items (so their ids, and
        the clicks on them, are the items' own)."""
        return [discord.ui.ActionRow(*row) for row in self._rows if row]

    def __len__(self) -> int:
        return sum(map(len, self._rows))


def _texts(shown: Shown, lead: str) -> list[str]:
    """The text as the text displays show it: the lead (a ping), the title as a heading over
    the lines under it, each section under its name in bold (a section that goes on from the
    one before it has a blank name), the footer in small print."""
    texts = [lead] if lead else []
    head = "\n".join(part for part in (f"### {shown.title}" if shown.title else "", shown.text)
                     if part)
    if head:
        texts.append(head)
    for section in shown.sections:
        name = section.name.strip("\u200b").strip()
        texts.append(f"**{name}**\n{section.text}" if name else section.text)
    if shown.footer:
        texts.append(f"-# {shown.footer}")
    return texts


def fit(texts: list[str], limit: int = TEXT_MAX) -> list[str]:
    """Cut the longest texts at a line until all of them together hold no more than `limit`
    characters (the renderers keep well within it; this is the guarantee)."""
    texts = list(texts)
    while sum(map(len, texts)) > limit:
        longest = max(range(len(texts)), key=lambda i: len(texts[i]))
        text = texts[longest]
        excess = sum(map(len, texts)) - limit
        keep = max(0, len(text) - excess - len(CUT))
        cut = text.rfind("\n", 0, keep)
        texts[longest] = (text[:cut] if cut > 0 else text[:keep]) + CUT
    return texts


def layout(shown: Shown, controls: Controls | None = None, *,
           lead: str = "", pictures: Sequence[str] = ()) -> discord.ui.LayoutView:
    """The V2 view showing `shown` (with its picture, if it has one) and `controls` below it,
    in one container in its colour. `lead` comes first (the ping of the player the table
    waits for: mentions in a text display notify, as in content). `pictures`: more pictures'
    urls, shown beside its own (a solo game's table and hand: issue 30)."""
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=shown.colour)
    texts = fit(_texts(shown, lead))
    head = 2 if lead else 1  # the picture goes below the state line
    for text in texts[:head]:
        container.add_item(discord.ui.TextDisplay(text))
    urls = [url for url in (shown.picture, *pictures) if url]
    if urls:
        container.add_item(discord.ui.MediaGallery(*map(discord.MediaGalleryItem, urls)))
    for text in texts[head:]:
        container.add_item(discord.ui.TextDisplay(text))
    rows = controls.rows() if controls is not None else []
    if rows:
        container.add_item(discord.ui.Separator())
        for row in rows:
            container.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def v2(shown: Shown, controls: Controls | None = None, *,
       lead: str = "", pictures: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of a send or an edit showing `shown` and `controls` as a V2 message. Content
    and embeds are cleared: an edit of a message posted with them converts it (Discord refuses
    a V2 message that keeps either)."""
    return {"view": layout(shown, controls, lead=lead, pictures=pictures), "content": None,
            "embed": None}


def let_go(view: discord.ui.LayoutView) -> None:
    """`view` has been sent and is not needed any more (its buttons are dynamic items, found by
    their ids when clicked): discord.py stops keeping it, and its items let go of their rows,
    container and view, so reference counting frees them at once. Left linked, each message's
    35 or so objects are cycles that only the garbage collector frees, and it is the bot's
    biggest single cost under load (issue 29)."""
    view.stop()
    _unlink(view)


def _unlink(parent: discord.ui.LayoutView | discord.ui.Container[Any] | discord.ui.ActionRow[Any],
            ) -> None:
    for child in list(parent.children):
        if isinstance(child, discord.ui.Container | discord.ui.ActionRow):
            _unlink(child)
    parent.clear_items()


def notice(text: str, controls: Controls | None = None) -> dict[str, Any]:
    """A V2 message of one line (a hand whose game is over for its player, or switched off),
    with `controls` below it, if any."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(text))
    for row in controls.rows() if controls is not None else []:
        view.add_item(row)
    return {"view": view, "content": None, "embed": None}


def without_controls(message: discord.Message | None) -> dict[str, Any]:
    """The fields of an edit that takes the buttons off `message` and keeps the rest: a
    classic message loses its rows, a V2 message its action rows (it must keep its flag and
    its text)."""
    if message is None or not message.flags.components_v2:
        return {"view": None}
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    _drop_rows(view)
    return {"view": view}


def _drop_rows(parent: discord.ui.LayoutView | discord.ui.Container[Any]) -> None:
    for child in list(parent.children):
        if isinstance(child, discord.ui.ActionRow | discord.ui.Separator):
            parent.remove_item(child)
        elif isinstance(child, discord.ui.Container):
            _drop_rows(child)
