"""The fake Discord's places outside the bot's servers (issue 30, bot/fake_discord/places.py):
the bot's DM, group DMs and servers without the bot, through a user's own install."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.fake_discord.places import BOT_DM, GUILD, PRIVATE_CHANNEL
from tests.fake_discord import FakeDiscordSession, fake_discord_session

Interaction = discord.Interaction[Any]


class PlaceBot(commands.Bot):
    """A bot with one command usable everywhere, which answers and then tries what is asked:
    more follow-ups, or a post with its own token."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.seen: list[tuple[int | None, dict[int, int]]] = []

        @app_commands.command(name="where", description="Where am I?")
        @app_commands.allowed_installs(guilds=True, users=True)
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        async def where(interaction: Interaction, followups: int = 0,
                        post: bool = False) -> None:
            context = interaction.context
            kind = (BOT_DM if context.dm_channel else PRIVATE_CHANNEL
                    if context.private_channel else GUILD)
            self.seen.append((kind, {int(k): int(v) for k, v in
                                     interaction._integration_owners.items()}))
            await interaction.response.send_message(f"context {kind}")
            for n in range(followups):
                await interaction.followup.send(f"follow-up {n + 1}")
            if post:
                assert interaction.channel_id is not None
                await self.get_partial_messageable(interaction.channel_id).send("with my token")

        self.tree.add_command(where)

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def test_group_dm_through_a_user_install() -> None:
    async with fake_discord_session() as session:
        bot = await session.start_bot(PlaceBot)
        ann, bob = session.user("Ann"), session.user("Bob")
        session.fake.install_for(ann.member)
        group = session.fake.add_group_dm("friends", [ann.member, bob.member])
        handle = await ann.in_channel(group).slash("where")
        assert handle.response is not None and handle.response.content == "context 2"
        assert bot.seen == [(PRIVATE_CHANNEL, {1: ann.id})]
        # Bob sees the answer; the bot got no MESSAGE_CREATE of it (it is not there).
        assert [m.content for m in bob.in_channel(group).messages()] == ["context 2"]


async def test_a_command_without_the_app_installed_is_not_offered() -> None:
    async with fake_discord_session() as session:
        await session.start_bot(PlaceBot)
        ann, bob = session.user("Ann"), session.user("Bob")
        group = session.fake.add_group_dm("friends", [ann.member, bob.member])
        try:
            await ann.in_channel(group).slash("where")
        except ValueError as error:
            assert "installed" in str(error)
        else:
            raise AssertionError("a user without the app used it in a group DM")


async def test_the_bots_dm_and_a_server_without_the_bot() -> None:
    async with fake_discord_session() as session:
        bot = await session.start_bot(PlaceBot)
        ann = session.user("Ann")
        session.fake.install_for(ann.member)
        await ann.in_channel(session.fake.bot_dm(ann.member)).slash("where")
        elsewhere = session.fake.add_guild("No bot here", has_bot=False)
        session.fake.join(ann.member, elsewhere)
        await ann.in_channel(elsewhere.channels[0]).slash("where")
        assert bot.seen == [(BOT_DM, {0: 0, 1: ann.id}), (GUILD, {1: ann.id})]
        assert bot.get_guild(elsewhere.id) is None  # never in READY nor GUILD_CREATE


async def test_the_bots_token_cannot_reach_a_group_dm(fake_discord: FakeDiscordSession
                                                      ) -> None:
    await fake_discord.start_bot(PlaceBot)
    ann, bob = fake_discord.user("Ann"), fake_discord.user("Bob")
    fake_discord.fake.install_for(ann.member)
    group = fake_discord.fake.add_group_dm("friends", [ann.member, bob.member])
    await ann.in_channel(group).slash("where", post=True)
    await fake_discord.fake.wait_for(lambda: fake_discord.fake.violations)
    taken = fake_discord.take_violations()
    assert [v.code for v in taken] == [50001]
    await fake_discord.fake.wait_for(fake_discord.bot_errors)
    assert "50001" in fake_discord.take_bot_errors()[0]  # the command raised Forbidden


async def test_five_follow_ups_at_most_for_a_user_install(fake_discord: FakeDiscordSession
                                                          ) -> None:
    await fake_discord.start_bot(PlaceBot)
    ann, bob = fake_discord.user("Ann"), fake_discord.user("Bob")
    fake_discord.fake.install_for(ann.member)
    group = fake_discord.fake.add_group_dm("friends", [ann.member, bob.member])
    handle = await ann.in_channel(group).slash("where", followups=5)
    await handle.wait_followups(5)
    assert fake_discord.fake.violations == []
    await ann.in_channel(group).slash("where", followups=6)
    await fake_discord.fake.wait_for(lambda: fake_discord.fake.violations)
    assert len(fake_discord.take_violations()) == 1
    await fake_discord.fake.wait_for(fake_discord.bot_errors)
    fake_discord.take_bot_errors()  # the sixth follow-up raised: expected here
    # In the server that invited the bot, its guild install lifts the limit.
    handle = await ann.slash("where", followups=6)
    await handle.wait_followups(6)
