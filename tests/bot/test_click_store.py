"""A click on a dynamic item builds that item alone, not the clicked message's whole view
(bot/ui/click_store.py), and still reaches the same callback: on a table, on a hand, after a
restart; a click whose id is not on its message is still not called."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_private import connection_state, view_store
from bot.ui.click_store import ClickStore, clicked
from drivers.catalogue import en
from drivers.screen import open_hand, table_after, table_of

from .harness import Harness, rig, start_game


@pytest.fixture
def no_whole_views(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py's own dispatch rebuilds the clicked message's view: make that fail loudly."""
    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("a click rebuilt the clicked message's view")

    monkeypatch.setattr(discord.ui.LayoutView, "from_message", classmethod(refuse))
    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(refuse))


async def test_table_and_hand_clicks_work_without_rebuilding_views(
        harness: Harness, no_whole_views: None) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=0)
    await rig(harness, session, {ann: ["R7", "B2", "G9", "Y1", "W", "R+2", "B5"],
                                 bob: ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]}, "R5",
              dealer=bob)
    assert harness.bot is not None
    assert isinstance(view_store(connection_state(harness.bot)), ClickStore)
    hand = await open_hand(harness, ann, session)  # a table button
    await ann.click(hand, "🟥 Red 7")  # a hand button
    text = await table_after(harness, bob, session)
    assert session.game.discard[-1].code == "R7" and "Bob" in text
    bot = await harness.restart()  # the ids alone carry the clicks across a restart
    assert isinstance(view_store(connection_state(bot)), ClickStore)
    answer = await bob.click(table_of(bob, session), en("button.rules"))
    assert answer.response is not None and answer.response.ephemeral


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}


def test_the_clicked_component_is_found_wherever_it_sits() -> None:
    payload: list[Any] = [{"type": 17, "components": [
        {"type": 10, "content": "text"},
        {"type": 1, "components": [_button("a"), _button("b")]},
        {"type": 9, "components": [{"type": 10, "content": "s"}], "accessory": _button("c")},
    ]}, {"type": 1, "components": [_button("d")]}]
    components = [c for c in map(discord.components._component_factory, payload)
                  if c is not None]
    found = {name: clicked(components, 2, name) for name in "abcd"}
    assert all(c is not None and getattr(c, "custom_id", None) == name
               for name, c in found.items())
    assert clicked(components, 2, "e") is None  # not on the message
    assert clicked(components, 3, "a") is None  # a select with a button's id
