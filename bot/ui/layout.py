"""The table and the hand as Components V2 messages (issue 21 item 2): one container whose
accent is the colour in play, holding the text as text displays, the picture in a media
gallery and the buttons in action rows.

The renderers (bot/render/table.py, hand.py) draw a message as an embed: a title, a
description, fields, a footer, a colour and maybe a picture. `layout` lays that out in V2
components, every text kept, so the table stays readable without its picture (on a phone, or
while the picture loads). A V2 message can carry neither content nor embeds, and its flag can
never be removed (docs/DISCORD-FACTS.md): the fields of `v2` clear both, so the same edit turns
a message posted before this layout into one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

import discord

from bot.discord_private import rendered_row

# Discord's limits for a V2 message (docs/DISCORD-FACTS.md).
COMPONENTS_MAX = 40  # counted recursively: the container, rows and buttons included
TEXT_MAX = 4000  # characters in all the text displays of one message together

CUT = "\n…"


def controls_rows(controls: discord.ui.View) -> list[discord.ui.ActionRow[Any]]:
    """The buttons of a classic view in action rows, row for row as the view placed them
    (its `row`s, filled in order as discord.py does). The items are the same dynamic items, so
    their ids, and the clicks on them, are unchanged."""
    def row_of(item: discord.ui.Item[Any]) -> int:
        return rendered_row(item) or 0  # the row the view gave the item (as it lays rows out)

    rows = []
    for _, items in groupby(sorted(controls.children, key=row_of), key=row_of):
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in items:
            row.add_item(item)
        rows.append(row)
    return rows


def _texts(embed: discord.Embed, lead: str) -> list[str]:
    """The embed's text as the text displays show it: the lead (a ping), the title as a
    heading over the description, each field under its name in bold (a field that goes on
    from the one before it has a blank name), the footer in small print."""
    texts = [lead] if lead else []
    head = "\n".join(part for part in (f"### {embed.title}" if embed.title else "",
                                       embed.description or "") if part)
    if head:
        texts.append(head)
    for field in embed.fields:
        name = (field.name or "").strip("\u200b").strip()
        texts.append(f"**{name}**\n{field.value}" if name else str(field.value))
    if embed.footer.text:
        texts.append(f"-# {embed.footer.text}")
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


def layout(embed: discord.Embed, controls: discord.ui.View | None = None, *,
           lead: str = "", pictures: Sequence[str] = ()) -> discord.ui.LayoutView:
    """The V2 view showing `embed` (with its picture, if it has one) and `controls` below it,
    in one container coloured as the embed. `lead` comes first (the ping of the player the
    table waits for: mentions in a text display notify, as in content). `pictures`: more
    pictures' urls, shown beside the embed's (a solo game's table and hand: issue 30)."""
    colour = embed.colour
    container: discord.ui.Container[Any] = discord.ui.Container(
        accent_colour=colour.value if colour is not None else None)
    texts = fit(_texts(embed, lead))
    head = 2 if lead else 1  # the picture goes below the state line
    for text in texts[:head]:
        container.add_item(discord.ui.TextDisplay(text))
    urls = [url for url in (embed.image.url, *pictures) if url]
    if urls:
        container.add_item(discord.ui.MediaGallery(*map(discord.MediaGalleryItem, urls)))
    for text in texts[head:]:
        container.add_item(discord.ui.TextDisplay(text))
    rows = controls_rows(controls) if controls is not None else []
    if rows:
        container.add_item(discord.ui.Separator())
        for row in rows:
            container.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def v2(embed: discord.Embed, controls: discord.ui.View | None = None, *,
       lead: str = "", pictures: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of a send or an edit showing `embed` and `controls` as a V2 message. Content
    and embeds are cleared: an edit of a message posted with them converts it (Discord refuses
    a V2 message that keeps either)."""
    return {"view": layout(embed, controls, lead=lead, pictures=pictures), "content": None,
            "embed": None}


def notice(text: str, controls: discord.ui.View | None = None) -> dict[str, Any]:
    """A V2 message of one line (a hand whose game is over for its player, or switched off),
    with `controls` below it, if any."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(text))
    for row in controls_rows(controls) if controls is not None else []:
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
