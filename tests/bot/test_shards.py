"""Two bot processes on disjoint shards, sharing one PostgreSQL, against the fake Discord (which
routes a guild's events to the connection that identified with the guild's shard): the process
holding shard 0 alone syncs the commands; a game belongs to the process of its guild's shard,
which alone takes it back after a restart; a language chosen through one process is known to
the other at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.settings import Settings
from drivers.catalogue import en
from drivers.screen import last_ephemeral
from tests.fake_discord import FakeDiscordSession, fake_discord_session

from .harness import Harness
from .test_lobby import open_lobby

SHARDS = 2


class ShardHarness(Harness):
    """A bot process running `shard_ids` of SHARDS, on the shared PostgreSQL database."""

    def __init__(self, session: FakeDiscordSession, url: str, shard_ids: tuple[int, ...]) -> None:
        super().__init__(session, Path("unused.db"))
        self.url, self.shard_ids = url, shard_ids

    def settings(self) -> Settings:
        return Settings(discord_token="fake-token", database_path=self.db_path,
                        dev_guild_id=self.fake.guild_id, log_level="INFO",
                        database_url=self.url, shard_count=SHARDS, shard_ids=self.shard_ids,
                        card_emoji=self.card_emoji)


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[tuple[ShardHarness, ShardHarness]]:
    """(the process whose shard holds the fake's guild, the other one), not started yet."""
    async with fake_discord_session(shard_count=SHARDS) as session:
        mine = (session.fake.guild_id >> 22) % SHARDS
        yield (ShardHarness(session, postgres_url, (mine,)),
               ShardHarness(session, postgres_url, (1 - mine,)))


async def test_only_the_process_holding_shard_0_syncs_the_commands(
        processes: tuple[ShardHarness, ShardHarness]) -> None:
    by_shard = sorted(processes, key=lambda h: h.shard_ids)
    second = await by_shard[1].start()
    assert not second.synced_now and by_shard[1].fake.guild_commands == []
    first = await by_shard[0].start()
    assert first.synced_now and {c["name"] for c in by_shard[0].fake.guild_commands} == {"uno"}
    assert (first.shard_count, first.shard_ids) == (SHARDS, [0])


async def test_only_the_process_holding_shard_0_uploads_the_card_emoji(
        processes: tuple[ShardHarness, ShardHarness], monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.outlets import emoji
    from tests.bot.test_card_emoji import _specs

    monkeypatch.setattr(emoji, "all_faces", _specs)
    monkeypatch.setattr(emoji, "RELIST_SECONDS", 0.05)  # the other process looks again soon
    by_shard = sorted(processes, key=lambda h: h.shard_ids)
    for process in by_shard:
        process.card_emoji = True
    second = await by_shard[1].start()
    store = by_shard[1].fake.app_emoji
    await by_shard[1].fake.wait_for(lambda: any(
        r.route == "/applications/{application_id}/emojis" for r in by_shard[1].fake.requests))
    await asyncio.sleep(0.2)  # several looks at the list, and still nothing uploaded
    assert store.created == 0 and not second.card_emoji.emoji
    first = await by_shard[0].start()
    await by_shard[0].fake.wait_for(first.card_emoji.complete.is_set, timeout=5)
    await by_shard[1].fake.wait_for(second.card_emoji.complete.is_set, timeout=5)
    assert store.created == len(_specs()) and second.card_emoji.emoji == first.card_emoji.emoji


async def test_a_game_lives_in_the_process_of_its_guilds_shard(
        processes: tuple[ShardHarness, ShardHarness]) -> None:
    owner, other = processes
    await owner.start()
    await other.start()
    ann, bob = owner.user("Ann"), owner.user("Bob")
    # The fake routes the guild's interactions to the owner's connection only.
    lobby = await open_lobby(owner, ann)
    await bob.click(lobby, en("button.join"))
    await ann.click(lobby, en("button.start"))
    channel = owner.fake.channel.id
    assert owner.bot is not None and other.bot is not None
    session = owner.bot.games.in_channel(channel)
    assert session is not None and other.bot.games.in_channel(channel) is None
    await owner.fake.wait_for(lambda: session.message_id is not None, timeout=3)

    # The other process restarts: the game is not its to take back (nor to time out).
    await other.restart()
    assert other.bot.games.in_channel(channel) is None
    assert owner.bot.games.in_channel(channel) is session

    # The owner restarts: its game resumes there, at the same state.
    version = session.game.version
    await owner.restart()
    assert owner.bot is not None
    restored = owner.bot.games.in_channel(channel)
    assert restored is not None and restored.game.version == version


async def test_a_language_chosen_in_one_process_is_known_to_the_other(
        processes: tuple[ShardHarness, ShardHarness]) -> None:
    owner, other = processes
    await owner.start()
    await other.start()
    ann = owner.user("Ann")
    await ann.slash("uno settings", language="uk")
    assert last_ephemeral(ann).startswith("Ваша мова")
    assert other.bot is not None
    for _ in range(100):  # within a second
        if other.bot.settings.user(ann.id).locale == "uk":
            break
        await asyncio.sleep(0.01)
    assert other.bot.settings.user(ann.id).locale == "uk"
