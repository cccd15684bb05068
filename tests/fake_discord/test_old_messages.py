"""The fake Discord's limit on edits of old messages (bot/fake_discord/old_messages.py): a
message older than an hour, on the fake's clock, may be edited 3 times per 6 seconds in its
channel; the 4th edit is answered 429 with code 30046, which discord.py raises at once."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from bot.fake_discord import old_messages
from tests.fake_discord import FakeDiscordSession, VirtualUser
from tests.fake_discord.test_fake_discord import EchoBot

HOUR = old_messages.OLD_AFTER


@pytest.fixture
async def bot(fake_discord: FakeDiscordSession) -> EchoBot:
    started: EchoBot = await fake_discord.start_bot(
        lambda: EchoBot(fake_discord.fake.guild_id))
    return started


async def _post(bot: EchoBot, channel_id: int, text: str) -> tuple[int, int]:
    """A message posted in the channel: (channel id, message id)."""
    posted = await bot.http.request(Route("POST", "/channels/{channel_id}/messages",
                                          channel_id=channel_id), json={"content": text})
    return channel_id, int(posted["id"])


async def _edit(bot: EchoBot, message: tuple[int, int], text: str) -> Any:
    channel_id, message_id = message
    return await bot.http.request(Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                                        channel_id=channel_id, message_id=message_id),
                                  json={"content": text})


async def test_a_message_older_than_an_hour_takes_three_edits_per_six_seconds(
        fake_discord: FakeDiscordSession, bot: EchoBot) -> None:
    fake = fake_discord.fake
    old = await _post(bot, fake.channel.id, "old")
    fake_discord.clock.advance(HOUR + 1)
    young = await _post(bot, fake.channel.id, "young")
    for n in range(3):
        await _edit(bot, old, f"old {n}")
    with pytest.raises(discord.HTTPException) as refused:
        await _edit(bot, old, "one too many")
    assert (refused.value.status, refused.value.code) == (429, 30046)
    assert refused.value.text == old_messages.MESSAGE
    [violation] = fake_discord.take_violations()
    assert violation.code == 30046
    assert fake.messages[old[1]].payload["content"] == "old 2"
    for n in range(5):  # a young message is not limited, in the same channel and second
        await _edit(bot, young, f"young {n}")
    fake_discord.clock.advance(old_messages.WINDOW)
    await _edit(bot, old, "later")  # the window has passed
    assert (fake.old_edits.allowed, fake.old_edits.refused) == (4, 1)


async def test_the_window_is_per_channel(fake_discord: FakeDiscordSession,
                                         bot: EchoBot) -> None:
    fake = fake_discord.fake
    other = fake.add_channel("other")
    here, there = await _post(bot, fake.channel.id, "a"), await _post(bot, other.id, "b")
    fake_discord.clock.advance(HOUR + 1)
    for n in range(3):
        await _edit(bot, here, f"a{n}")
        await _edit(bot, there, f"b{n}")
    assert fake.old_edits.refused == 0


async def test_a_click_that_updates_an_old_message_counts_too(
        fake_discord: FakeDiscordSession, bot: EchoBot) -> None:
    """The fake counts an interaction's UPDATE_MESSAGE like any edit (Discord does not say it
    is exempt): the 4th Join within 6 s on an hour-old table is refused."""
    ann: VirtualUser = fake_discord.user("Ann")
    table = (await ann.slash("uno table")).response
    assert table is not None
    fake_discord.clock.advance(HOUR + 1)
    for _ in range(3):
        await ann.click(table, "Join")
    assert table.content == "Players: Ann, Ann, Ann"
    await ann.click(table, "Join")
    assert table.content == "Players: Ann, Ann, Ann"
    assert [v.code for v in fake_discord.take_violations()] == [30046]
    fake_discord.take_bot_errors()  # the view's callback raised the refusal
