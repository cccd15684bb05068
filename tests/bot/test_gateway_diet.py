"""What the bot leaves out of discord.py's gateway handling (bot/gateway_diet.py: no message
cache, its own posts and edits unparsed) changes nothing it does: people's messages still reach
H-5's `on_message`, a table deleted from the channel is still posted anew, and a view discord.py
does track still hears its message's edits. (Clicks on a table after a restart, which need no
cached message either: tests/bot/test_reliability.py.)"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_private import connection_state, keeps_messages
from bot.gateway_diet import EDIT_EVENTS, trim_parsers
from drivers.screen import open_hand, table_after

from .harness import Harness, red_seven_for_ann


async def test_people_s_messages_reach_on_message_and_the_bot_s_own_do_not(
        harness: Harness) -> None:
    bot = harness.bot
    assert bot is not None
    heard: list[discord.Message] = []

    async def on_message(message: discord.Message) -> None:
        heard.append(message)

    bot.add_listener(on_message)
    ann, bob, session = await red_seven_for_ann(harness)  # the bot posts a lobby and a table
    await harness.settle()
    assert heard == []  # its own posts were not even parsed
    said = await bob.say("hello")
    await harness.fake.wait_for(lambda: bool(heard), timeout=3)
    assert [(m.id, m.author.id) for m in heard] == [(said.id, bob.id)]
    assert not keeps_messages(connection_state(bot))  # and nothing is kept


async def test_no_listener_reads_an_edit(harness: Harness) -> None:
    """The edits' echoes are dropped unparsed: that is only right while nothing listens."""
    bot = harness.bot
    assert bot is not None
    for event in EDIT_EVENTS:
        assert not bot.extra_events.get(f"on_{event}"), event
        assert not hasattr(bot, f"on_{event}"), event


async def test_a_table_deleted_from_the_channel_is_posted_anew_with_the_move(
        harness: Harness) -> None:
    ann, bob, session = await red_seven_for_ann(harness)
    await harness.settle()
    hand = await open_hand(harness, ann, session)
    old = session.message_id
    stored = harness.fake.messages[old]
    stored.deleted = True  # a moderator deletes the table
    await harness.fake.desk.announce(stored, "MESSAGE_DELETE")
    await ann.click(hand, "🟥 Red 7")
    await harness.fake.wait_for(lambda: session.message_id not in (None, old), timeout=5)
    text = await table_after(harness, bob, session)
    assert "Bob" in text and not harness.fake.messages[session.message_id].deleted
    assert {v.code for v in harness.fake.take_violations()} == {10008}  # the edit that found out


class _Store:
    def __init__(self, tracked: set[int]) -> None:
        self.tracked = tracked

    def is_message_tracked(self, message_id: int) -> bool:
        return message_id in self.tracked


class _State:
    """The three things trim_parsers reads of discord.py's ConnectionState."""

    def __init__(self, tracked: set[int], cache: list[Any] | None = None) -> None:
        self.parsed: list[tuple[str, str]] = []
        self._messages = cache
        self._view_store = _Store(tracked)
        self.parsers = {name: (lambda data, name=name: self.parsed.append((name, data["id"])))
                        for name in ("MESSAGE_CREATE", "MESSAGE_UPDATE", "GUILD_CREATE")}


def test_an_edit_is_parsed_only_where_a_view_or_a_cache_needs_it() -> None:
    state = _State(tracked={2, 30})
    trim_parsers(state)  # type: ignore[arg-type]
    for data in ({"id": "1"}, {"id": "2"}, {"id": "3", "interaction": {"id": "30"}},
                 {"id": "4", "interaction": {"id": "40"}}):
        state.parsers["MESSAGE_UPDATE"](data)
    assert state.parsed == [("MESSAGE_UPDATE", "2"), ("MESSAGE_UPDATE", "3")]
    cached = _State(tracked=set(), cache=[])
    trim_parsers(cached)  # type: ignore[arg-type]
    cached.parsers["MESSAGE_UPDATE"]({"id": "5"})
    assert cached.parsed == [("MESSAGE_UPDATE", "5")]


def test_a_message_is_parsed_only_when_a_person_wrote_it() -> None:
    state = _State(tracked=set())
    trim_parsers(state)  # type: ignore[arg-type]
    for data in ({"id": "1", "author": {"id": "7"}},
                 {"id": "2", "author": {"id": "8", "bot": True}},
                 {"id": "3", "author": {"id": "9"}, "webhook_id": "9"}):
        state.parsers["MESSAGE_CREATE"](data)
    state.parsers["GUILD_CREATE"]({"id": "4"})
    assert state.parsed == [("MESSAGE_CREATE", "1"), ("GUILD_CREATE", "4")]
