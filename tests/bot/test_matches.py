"""Whole matches played through the buttons users see, with 2, 3 and 10 virtual users, to the
match target (RULES.md C-8); and no public message ever shows a hand (C-9) before its round is
over (C-8: then every hand is laid down)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.fake_discord.users import components_of, texts_of
from bot.i18n import get_translator
from bot.ui.controls import TableControl
from drivers.catalogue import en
from drivers.controls import table_control
from drivers.screen import title_of
from tests.fake_discord import VirtualUser

from .harness import Driver, Harness, start_game


def private_markers() -> list[str]:
    """Fixed parts of every sentence that shows cards to their owner only, in en."""
    tr = get_translator()
    markers = [tr.translate("en", "hand.cards")]
    for key in ("you.dealt", "you.drew", "you.hand_shown", "you.swap_received"):
        template = tr.message("en", key)
        assert isinstance(template, str)
        markers += [part for part in re.split(r"\{[a-z]+\}", template) if len(part.strip()) > 3]
    return markers


def assert_no_hand_in_public(h: Harness) -> int:
    """Every version of every public message (edits included) is free of private card text,
    and lays the hands down (C-8) only once their round is over: never on a table that still
    offers My hand (issue 18)."""
    markers = private_markers()
    revealed = get_translator().translate("en", "table.revealed")
    checked = 0
    for stored in h.fake.messages.values():
        if stored.visible_to is not None:
            continue
        for payload in [*stored.history, stored.payload]:
            text = "\n".join(texts_of(payload))
            leaked = [m for m in markers if m in text]
            assert not leaked, f"public message {stored.id} shows {leaked}: {text[:300]}"
            controls = [table_control(c) for c in components_of(payload) if c.get("custom_id")]
            if revealed in text:
                assert TableControl.HAND not in controls, f"a hand shown mid-round: {text}"
            checked += 1
    return checked


# Two players to 150, not C-8.3's 500: a match of a dozen rounds plays every path the 500 did
# (rounds, the target reached, the final table) at a third of the clicks. That the default target
# is 500 is pinned by tests/engine/test_rules.py, and that the lobby keeps it by the lobby tests.
@pytest.mark.parametrize(("players", "target"), [(2, 150), (3, 100), (10, 50)],
                         ids=["2-players-to-150", "3-players-to-100", "10-players-to-50"])
async def test_a_match_is_played_to_the_end_through_buttons(harness: Harness, players: int,
                                                            target: int | None) -> None:
    users: list[VirtualUser] = [harness.user(f"Player{i}") for i in range(players)]
    create: dict[str, Any] = {"turn_timer": 0} | ({"target": target} if target else {})
    session = await start_game(harness, users, **create)
    driver = Driver(harness, users, seed=players)
    await driver.play_to_end()
    await harness.settle()
    game = session.game
    winner = game.match_winner
    assert winner is not None and max(game.scores) >= (target or 500)
    table = users[0].message(session.message_id)
    name = session.names[game.players[winner]]
    assert title_of(table) == en("table.match_over", player=name)
    assert table.labels() == [en("button.rematch"), en("button.rules")]  # nothing left to play
    assert en("table.final_standings") in table.text
    # One table per round, edited in place; each round's end (its hands laid down and its
    # points) stays readable on its own table, without buttons, once the next one is posted.
    tables = [m for m in users[-1].public_messages() if title_of(m).startswith("UNO — ")
              and "lobby" not in title_of(m)]
    assert len(tables) == game.round and tables[-1].id == session.message_id
    for table in tables[:-1]:
        assert not table.buttons() and en("table.revealed") in table.text
    assert assert_no_hand_in_public(harness) >= 3  # lobby, table versions (edits merge)
    # The channel is free for the next game.
    await users[1].slash("uno create")
    assert title_of(harness.lobby(users[1])) == en("lobby.title")
