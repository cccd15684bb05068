"""The fake Discord with several guilds (issue 20): each has its own id, locale, @everyone role,
channels and members; its gateway events go only to the connection that identified with its
shard, `(guild_id >> 22) % shard_count`, and REST calls are checked against the guild or channel
they name. Proven with two small real discord.py bots, one per shard, in this process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot.fake_discord.world import Guild, snowflake_on_shard
from tests.fake_discord import FakeDiscordSession, VirtualUser, fake_discord_session

from .test_fake_discord import EchoBot

SHARDS = 2


def test_a_guild_id_can_be_made_for_any_shard() -> None:
    for count in (1, 2, 3, 16):
        for shard in range(count):
            assert (snowflake_on_shard(shard, count) >> 22) % count == shard


@pytest.fixture
async def two_guilds() -> AsyncIterator[tuple[FakeDiscordSession, Guild, Guild]]:
    """A fake with shard_count 2 and a guild on each shard (besides the home guild)."""
    async with fake_discord_session(shard_count=SHARDS) as session:
        fake = session.fake
        zero = fake.add_guild("Zero", "en-US", shard_id=0)
        one = fake.add_guild("Один", "uk", shard_id=1)
        yield session, zero, one


async def _bots(session: FakeDiscordSession) -> tuple[EchoBot, EchoBot]:
    # Shard 1's first: only shard 0's bot syncs the (global) commands, as the UNO bot does.
    second: EchoBot = await session.start_bot(
        lambda: EchoBot(None, shard_ids=[1], shard_count=SHARDS))
    first: EchoBot = await session.start_bot(
        lambda: EchoBot(None, shard_ids=[0], shard_count=SHARDS))
    return first, second


def _seen(bot: EchoBot) -> list[int | None]:
    seen: list[int | None] = []

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction.guild_id)

    bot.add_listener(on_interaction)
    return seen


async def test_ready_lists_only_the_guilds_of_the_identifying_shard(
        two_guilds: tuple[FakeDiscordSession, Guild, Guild]) -> None:
    session, zero, one = two_guilds
    first, second = await _bots(session)
    fake = session.fake
    by_shard = {s.shard_id: s for s in fake.gateway.sessions.values()}
    for shard_id, bot in ((0, first), (1, second)):
        ready = next(f["d"] for f in by_shard[shard_id].sent if f["t"] == "READY")
        listed = {int(g["id"]) for g in ready["guilds"]}
        expected = {g.id for g in fake.guilds.values() if (g.id >> 22) % SHARDS == shard_id}
        assert listed == expected and {g.id for g in bot.guilds} == expected
    assert zero.id in {g.id for g in first.guilds} and one.id in {g.id for g in second.guilds}
    guild = second.get_guild(one.id)
    assert guild is not None and guild.name == "Один" and guild.preferred_locale.value == "uk"
    assert guild.default_role.id == one.id and [c.name for c in guild.text_channels] == ["uno"]


async def test_a_guilds_interactions_reach_only_its_shards_bot(
        two_guilds: tuple[FakeDiscordSession, Guild, Guild]) -> None:
    session, zero, one = two_guilds
    first, second = await _bots(session)
    seen_first, seen_second = _seen(first), _seen(second)
    ann = session.user("Ann")
    session.fake.join(ann.member, zero)
    session.fake.join(ann.member, one)
    there = ann.in_channel(one.channels[0])
    handle = await there.slash("uno whoami")
    assert handle.acknowledged and "uk" in there.last_message().content  # the guild's locale
    await ann.in_channel(zero.channels[0]).slash("uno echo", text="zero")
    assert seen_second == [one.id] and seen_first == [zero.id]
    # Each channel shows its own messages only.
    assert [m.content for m in ann.in_channel(zero.channels[0]).messages()] == ["zero"]
    assert zero.channels[0].id != one.channels[0].id
    message = there.last_message()
    assert message.payload["guild_id"] == str(one.id)


async def test_a_user_acts_only_in_guilds_they_joined_with_that_guilds_roles(
        two_guilds: tuple[FakeDiscordSession, Guild, Guild]) -> None:
    session, _, one = two_guilds
    await _bots(session)
    ann = session.user("Ann", permissions=["manage_channels"])  # a role of the home guild
    there = ann.in_channel(one.channels[0])
    with pytest.raises(ValueError, match="not a member"):
        await there.slash("uno echo", text="hi")
    session.fake.join(ann.member, one)
    await there.slash("uno whoami")
    assert "manage_channels=False" in there.last_message().content
    with pytest.raises(PermissionError):  # the admin command is not offered to her there
        await there.slash("reset")
    await ann.slash("reset")  # at home her role counts


async def test_rest_calls_must_name_a_guild_or_channel_that_exists(
        two_guilds: tuple[FakeDiscordSession, Guild, Guild]) -> None:
    session, zero, one = two_guilds
    first, second = await _bots(session)
    fake = session.fake
    fetched = await second.fetch_guild(one.id)
    assert fetched.name == "Один"
    in_zero = await first.http.send_message(zero.channels[0].id, params=_text("hello"))
    # A message is found only through its own channel.
    with pytest.raises(discord.NotFound):
        await first.http.get_message(one.channels[0].id, int(in_zero["id"]))
    with pytest.raises(discord.NotFound):
        await first.http.send_message(123, params=_text("nowhere"))
    with pytest.raises(discord.NotFound):
        await first.fetch_guild(456)
    refused = [v.code for v in session.take_violations()]
    assert refused == [10008, 10003, 10004]
    assert fake.channel_messages(channel=zero.channels[0])[0].payload["guild_id"] == str(zero.id)


def _text(content: str) -> Any:
    from discord.http import handle_message_parameters

    return handle_message_parameters(content=content)


async def test_member_chunks_answer_only_for_the_shards_own_guild(
        two_guilds: tuple[FakeDiscordSession, Guild, Guild]) -> None:
    session, zero, one = two_guilds
    first, second = await _bots(session)
    bob = VirtualUser(session.fake, session.fake.add_member("Bob", guild=one))
    guild = second.get_guild(one.id)
    assert guild is not None
    members = await guild.query_members(user_ids=[bob.id])
    assert [m.id for m in members] == [bob.id]
    assert first.get_guild(one.id) is None and zero.members == {}
