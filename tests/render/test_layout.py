"""The Components V2 layout of what a renderer shows (bot/ui/layout.py): every text kept, the
controls in the rows they asked for (or the first with room), and the 4000 characters of text a
V2 message holds never passed."""

from __future__ import annotations

import gc
from typing import Any

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.fake_discord.limits import check_message
from bot.render.shown import Section, Shown
from bot.ui.layout import TEXT_MAX, Controls, fit, layout, let_go, v2


def _buttons(*rows: int) -> Controls:
    controls = Controls()
    for row, count in enumerate(rows):
        for i in range(count):
            controls.add_item(discord.ui.Button(label=f"{row}.{i}", custom_id=f"b:{row}:{i}",
                                                row=row))
    return controls


async def test_what_is_shown_is_laid_out_in_one_container_with_all_its_text() -> None:
    shown = Shown(title="UNO — round 2", text="Top card: Red 7", colour=0xE53935,
                  sections=[Section("Players", "▶ Ann — 2 cards\n• Bob — 5 cards"),
                            Section("\u200b", "more")],  # goes on from the one before
                  footer="Classic · first to 500 points", picture="attachment://table.png")
    fields = v2(shown, _buttons(3, 2), lead="<@1>, it's your move.")
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


async def test_a_message_without_controls_has_no_rows() -> None:
    view: Any = layout(Shown(title="t"))
    [container] = view.to_components()
    assert [c["type"] for c in container["components"]] == [10]


async def test_controls_without_a_row_fill_the_first_row_with_room() -> None:
    """As discord.py's classic views placed them: a row asked for is kept, the others fill
    the rows in order; a select takes a whole row."""
    def button(name: str, row: int | None = None) -> discord.ui.Button[Any]:
        return discord.ui.Button(label=name, custom_id=name, row=row)

    controls = Controls([button(f"a{i}") for i in range(4)])
    controls.add_item(button("low", row=2))
    controls.add_item(discord.ui.Select(custom_id="menu", options=[
        discord.SelectOption(label="x")]))
    controls.add_item(button("a4"))
    controls.add_item(button("b0"))
    rows = [[c.custom_id for c in row.children] for row in controls.rows()]  # type: ignore[attr-defined]
    assert rows == [["a0", "a1", "a2", "a3", "a4"], ["menu"], ["low", "b0"]]
    full = Controls([button(f"r{r}.{i}", row=r) for r in range(5) for i in range(5)])
    with pytest.raises(ValueError, match="no room"):
        full.add_item(button("one too many"))


def _cycles_left(make: Any) -> int:
    """Objects only the garbage collector could free after `make()` (a sent view's fate)."""
    gc.collect()
    gc.disable()
    try:
        make()
        return gc.collect()
    finally:
        gc.enable()


def test_a_view_let_go_leaves_nothing_for_the_garbage_collector() -> None:
    # Issue 29: a live hand or table edit builds a view at every move; once sent, its items
    # let go of their rows, container and view, so reference counting frees them at once.
    shown = Shown(title="Hand", text="Your move!", colour=0xFF0000)

    def sent(release: bool) -> None:
        fields = v2(shown, _buttons(5, 5, 3))
        fields["view"].to_components()
        if release:
            let_go(fields["view"])
        else:
            fields["view"].stop()

    assert _cycles_left(lambda: sent(False)) > 0  # linked, the items are cycles
    assert _cycles_left(lambda: sent(True)) == 0
