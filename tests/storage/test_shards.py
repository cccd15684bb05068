"""Shards: a game or lobby belongs to the process running its guild's shard, `(guild_id >> 22) %
shard_count` as Discord routes events; that process alone restores, times out and expires it."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.storage.shards import Shards, owned_sql, owns
from tests.storage.conftest import Stores

# Guild ids of shard 0 and shard 1 of two (the shard is read from the id's timestamp bits).
GUILD_0, GUILD_1 = (1000 << 22) | 77, (1001 << 22) | 77


def test_a_guild_maps_to_its_shard_as_discord_routes_it() -> None:
    shards = Shards(2, frozenset({1}))
    assert (shards.shard_of(GUILD_0), shards.shard_of(GUILD_1)) == (0, 1)
    assert not shards.owns(GUILD_0) and shards.owns(GUILD_1)
    assert owns(None, GUILD_0) and owns(None, GUILD_1)  # not sharded: every guild
    assert Shards.of(None, None) is None
    assert Shards.of(3, None) == Shards(3, frozenset({0, 1, 2}))
    assert Shards(3, frozenset({0, 2})).first and not Shards(3, frozenset({2})).first
    with pytest.raises(ValueError):
        Shards(2, frozenset({2}))


@given(count=st.integers(1, 16), data=st.data(),
       guilds=st.lists(st.integers(0, 2**63 - 1), min_size=1, max_size=20))
def test_the_sql_condition_selects_exactly_the_owned_guilds(count: int, data: st.DataObject,
                                                            guilds: list[int]) -> None:
    ids = data.draw(st.frozensets(st.integers(0, count - 1), min_size=1))
    shards = Shards(count, ids)
    with sqlite3.connect(":memory:") as conn:
        conn.execute("CREATE TABLE t (guild_id INTEGER)")
        conn.executemany("INSERT INTO t VALUES (?)", [(g,) for g in guilds])
        selected = [g for (g,) in conn.execute(f"SELECT guild_id FROM t WHERE {owned_sql(shards)}")]
        everything = [g for (g,) in conn.execute(f"SELECT guild_id FROM t WHERE {owned_sql(None)}")]
    assert sorted(selected) == sorted(g for g in guilds if shards.owns(g))
    assert sorted(everything) == sorted(guilds)


async def test_a_process_restores_and_expires_only_its_shards_tables(storage: Stores) -> None:
    for n, guild in enumerate((GUILD_0, GUILD_1)):
        await storage.games.save(f"g{n}", guild_id=guild, channel_id=10 + n,
                                 state={"version": 0}, version=0)
        await storage.lobbies.create(guild_id=guild, channel_id=20 + n, host_id=1,
                                     preset="classic", options={}, turn_timer=0,
                                     expires_at=500.0)
    for ids, guilds in (({0}, [GUILD_0]), ({1}, [GUILD_1]), ({0, 1}, [GUILD_0, GUILD_1])):
        games, lobbies = storage.owned_by(Shards(2, frozenset(ids)))
        assert [g.guild_id for g in await games.unfinished()] == guilds
        assert [lobby.guild_id for lobby in await lobbies.all()] == guilds
        assert [lobby.guild_id for lobby in await lobbies.expired(600.0)] == guilds
        # Anything named directly is still found: a click can only come from its own guild.
        assert await games.load("g1") is not None and await lobbies.get(20) is not None
