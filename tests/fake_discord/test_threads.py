"""Threads in the fake Discord (issue 31): the real discord.py starts public threads with and
without a message, posts in them, learns of them by THREAD_CREATE and after a reconnect, and
gets Discord's refusals (a bad name, a thread under a thread, a second thread from a message,
no permission)."""

from __future__ import annotations

import discord
import pytest

from tests.fake_discord import FakeDiscordSession

from .test_fake_discord import EchoBot


async def _bot(session: FakeDiscordSession) -> EchoBot:
    bot: EchoBot = await session.start_bot(lambda: EchoBot(session.fake.guild_id))
    return bot


async def _text_channel(bot: EchoBot, session: FakeDiscordSession) -> discord.TextChannel:
    channel = bot.get_channel(session.fake.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_public_thread_without_a_message_is_a_channel_of_its_own(
        fake_discord: FakeDiscordSession) -> None:
    bot = await _bot(fake_discord)
    channel = await _text_channel(bot, fake_discord)
    thread = await channel.create_thread(name="Table 1", type=discord.ChannelType.public_thread,
                                         auto_archive_duration=1440)
    assert thread.parent_id == channel.id and thread.type is discord.ChannelType.public_thread
    await fake_discord.fake.wait_for(lambda: bot.get_channel(thread.id) is not None)
    sent = await thread.send("Welcome to table 1")
    stored = fake_discord.fake.messages[sent.id]
    assert stored.channel_id == thread.id
    assert [t.name for t in fake_discord.fake.threads.of(fake_discord.fake.channel)] == ["Table 1"]
    # A member acts in the thread: the interaction names it, and the bot answers there.
    ann = fake_discord.user("Ann").in_channel(fake_discord.fake.channels[thread.id])
    handle = await ann.slash("uno echo", text="hi")
    assert handle.response is not None and handle.response.text == "hi"
    assert fake_discord.fake.interactions[handle.record.id].channel_id == thread.id


async def test_a_thread_from_a_message_takes_its_id_and_only_once(
        fake_discord: FakeDiscordSession) -> None:
    bot = await _bot(fake_discord)
    channel = await _text_channel(bot, fake_discord)
    message = await channel.send("Round 1")
    thread = await message.create_thread(name="Round 1 talk")
    assert thread.id == message.id
    with pytest.raises(discord.HTTPException) as refused:
        await message.create_thread(name="again")
    assert refused.value.code == 160004
    assert [v.code for v in fake_discord.take_violations()] == [160004]


async def test_discord_refuses_bad_threads(fake_discord: FakeDiscordSession) -> None:
    bot = await _bot(fake_discord)
    channel = await _text_channel(bot, fake_discord)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.create_thread(name="x" * 101, type=discord.ChannelType.public_thread)
    assert refused.value.code == 50035
    thread = await channel.create_thread(name="ok", type=discord.ChannelType.public_thread)
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.start_thread_without_message(thread.id, name="inner", type=11,
                                                    auto_archive_duration=1440)
    assert refused.value.code == 50024
    assert sorted(v.code for v in fake_discord.take_violations()) == [50024, 50035]


async def test_no_permission_is_refused_without_blaming_the_bot(
        fake_discord: FakeDiscordSession) -> None:
    bot = await _bot(fake_discord)
    channel = await _text_channel(bot, fake_discord)
    fake_discord.fake.threads.forbidden.add(channel.id)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
    assert refused.value.code == 50013
    assert fake_discord.take_violations() == []  # a refusal the bot must handle, not a bug


async def test_a_private_thread_is_not_modelled_and_says_so(
        fake_discord: FakeDiscordSession) -> None:
    bot = await _bot(fake_discord)
    channel = await _text_channel(bot, fake_discord)
    with pytest.raises(discord.HTTPException):
        await channel.create_thread(name="secret")  # discord.py's default: a private thread
    assert "only public threads" in str(fake_discord.take_violations())


async def test_threads_come_back_with_the_guild_after_a_restart(
        fake_discord: FakeDiscordSession) -> None:
    bot = await _bot(fake_discord)
    channel = await _text_channel(bot, fake_discord)
    thread = await channel.create_thread(name="Table 2", type=discord.ChannelType.public_thread)
    await bot.close()
    again = await _bot(fake_discord)
    found = again.get_channel(thread.id)
    assert isinstance(found, discord.Thread) and found.name == "Table 2"
