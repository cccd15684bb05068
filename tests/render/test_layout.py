"""The Components V2 layout of an embed (bot/ui/layout.py): every text kept, the buttons in the
rows their view gave them, and the 4000 characters of text a V2 message holds never passed."""

from __future__ import annotations

from typing import Any

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.fake_discord.limits import check_message
from bot.ui.layout import TEXT_MAX, fit, layout, v2


def _buttons(*rows: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for row, count in enumerate(rows):
        for i in range(count):
            view.add_item(discord.ui.Button(label=f"{row}.{i}", custom_id=f"b:{row}:{i}",
                                            row=row))
    return view


def test_an_embed_is_laid_out_in_one_container_with_all_its_text() -> None:
    embed = discord.Embed(title="UNO — round 2", description="Top card: Red 7", colour=0xE53935)
    embed.add_field(name="Players", value="▶ Ann — 2 cards\n• Bob — 5 cards")
    embed.add_field(name="\u200b", value="more")  # a field that goes on from the one before
    embed.set_footer(text="Classic · first to 500 points")
    embed.set_image(url="attachment://table.png")
    fields = v2(embed, _buttons(3, 2), lead="<@1>, it's your move.")
    assert fields["content"] is None and fields["embed"] is None
    [container] = fields["view"].to_components()
    assert container["type"] == 17 and container["accent_color"] == 0xE53935
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 10, 12, 10, 10, 10, 14, 1, 1]  # texts, picture, texts, rule, rows
    texts = [c["content"] for c in container["components"] if c["type"] == 10]
    assert texts == ["<@1>, it's your move.", "### UNO — round 2\nTop card: Red 7",
                     "**Players**\n▶ Ann — 2 cards\n• Bob — 5 cards", "more",
                     "-# Classic · first to 500 points"]
    rows = [[b["label"] for b in c["components"]] for c in container["components"]
            if c["type"] == 1]
    assert rows == [["0.0", "0.1", "0.2"], ["1.0", "1.1"]]
    payload = {"flags": 1 << 15, "components": [container], "content": None, "embeds": []}
    assert check_message(payload) == []


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(st.text(alphabet="ab ", min_size=1, max_size=300), min_size=1,
                         max_size=12).map("\n".join), min_size=1, max_size=20))
def test_fit_keeps_the_text_within_a_v2_message(texts: list[str]) -> None:
    fitted = fit(texts)
    assert sum(map(len, fitted)) <= TEXT_MAX and len(fitted) == len(texts)
    if sum(map(len, texts)) <= TEXT_MAX:
        assert fitted == texts  # nothing cut when it fits
    for before, after in zip(texts, fitted, strict=True):
        assert after == before or after.endswith("…")


def test_a_message_without_controls_has_no_rows() -> None:
    view: Any = layout(discord.Embed(title="t"))
    [container] = view.to_components()
    assert [c["type"] for c in container["components"]] == [10]
