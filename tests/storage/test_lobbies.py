"""LobbyStore: one lobby per channel, players in join order, host hand-over, expiry.

Every test runs against the SQLite and the in-memory implementation (the `storage` fixture)."""

from __future__ import annotations

import pytest

from bot.storage import (
    AlreadyInLobby,
    ChannelBusy,
    LobbyFull,
    LobbyStore,
    NotFound,
    NotInLobby,
)
from tests.storage.conftest import FakeClock, Stores

GUILD, CHANNEL, HOST = 10, 20, 30


async def _create(lobbies: LobbyStore, channel: int = CHANNEL, expires_at: float = 1_900.0,
                  host: int = HOST) -> None:
    await lobbies.create(guild_id=GUILD, channel_id=channel, host_id=host, preset="classic",
                         options={"stacking": False, "target": 500}, turn_timer=90,
                         expires_at=expires_at)


async def test_create_and_get(storage: Stores, clock: FakeClock) -> None:
    lobbies = storage.lobbies
    lobby = await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                                 preset="classic", options={"target": 500}, turn_timer=60,
                                 expires_at=1_900.0, message_id=99)
    assert lobby == await lobbies.get(CHANNEL)
    assert (lobby.guild_id, lobby.channel_id, lobby.host_id) == (GUILD, CHANNEL, HOST)
    assert (lobby.preset, lobby.options, lobby.turn_timer) == ("classic", {"target": 500}, 60)
    assert lobby.player_ids == (HOST,)
    assert (lobby.created_at, lobby.expires_at, lobby.message_id) == (1_000.0, 1_900.0, 99)
    assert await lobbies.get(CHANNEL + 1) is None


async def test_a_second_lobby_in_the_channel_is_refused(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    with pytest.raises(ChannelBusy) as refused:
        await _create(lobbies, host=HOST + 1)
    assert (refused.value.channel_id, refused.value.kind, refused.value.game_id) == (
        CHANNEL, "lobby", None)
    await _create(lobbies, channel=CHANNEL + 1)  # another channel is fine


async def test_a_lobby_in_a_channel_with_a_game_is_refused(storage: Stores) -> None:
    await storage.games.save("g1", guild_id=GUILD, channel_id=CHANNEL, state={}, version=0)
    with pytest.raises(ChannelBusy) as refused:
        await _create(storage.lobbies)
    assert (refused.value.kind, refused.value.game_id) == ("game", "g1")


async def test_players_join_in_order_and_not_twice(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    await lobbies.add_player(CHANNEL, 3)
    lobby = await lobbies.add_player(CHANNEL, 1, expires_at=2_500.0)
    assert lobby.player_ids == (HOST, 3, 1)
    assert lobby.expires_at == 2_500.0
    with pytest.raises(AlreadyInLobby):
        await lobbies.add_player(CHANNEL, 3)
    await lobbies.remove_player(CHANNEL, 3)
    lobby = await lobbies.add_player(CHANNEL, 3)
    assert lobby.player_ids == (HOST, 1, 3)  # a rejoin goes to the end


async def test_a_full_lobby_refuses(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    await lobbies.add_player(CHANNEL, 1, limit=2)
    with pytest.raises(LobbyFull):
        await lobbies.add_player(CHANNEL, 2, limit=2)


async def test_missing_lobby_is_not_found(storage: Stores) -> None:
    lobbies = storage.lobbies
    with pytest.raises(NotFound):
        await lobbies.add_player(CHANNEL, 1)
    with pytest.raises(NotFound):
        await lobbies.remove_player(CHANNEL, 1)
    with pytest.raises(NotFound):
        await lobbies.set_host(CHANNEL, 1)
    with pytest.raises(NotFound):
        await lobbies.set_message(CHANNEL, 1)


async def test_remove_player_passes_the_host_on(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    await lobbies.add_player(CHANNEL, 1)
    await lobbies.add_player(CHANNEL, 2)
    lobby = await lobbies.remove_player(CHANNEL, 2)
    assert (lobby.host_id, lobby.player_ids) == (HOST, (HOST, 1))
    lobby = await lobbies.remove_player(CHANNEL, HOST, expires_at=3_000.0)
    assert (lobby.host_id, lobby.player_ids, lobby.expires_at) == (1, (1,), 3_000.0)
    with pytest.raises(NotInLobby):
        await lobbies.remove_player(CHANNEL, HOST)
    lobby = await lobbies.remove_player(CHANNEL, 1)
    assert lobby.player_ids == ()


async def test_set_host_only_to_a_player(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    await lobbies.add_player(CHANNEL, 1)
    assert (await lobbies.set_host(CHANNEL, 1)).host_id == 1
    with pytest.raises(NotInLobby):
        await lobbies.set_host(CHANNEL, 77)


async def test_set_message(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    assert (await lobbies.set_message(CHANNEL, 555)).message_id == 555


async def test_delete_removes_the_lobby_and_its_players(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    await lobbies.add_player(CHANNEL, 1)
    assert await lobbies.delete(CHANNEL) is True
    assert await lobbies.get(CHANNEL) is None
    assert await lobbies.delete(CHANNEL) is False
    if storage.db is not None:  # SQLite only: the players' rows went too (foreign key cascade)
        async with storage.db.read() as conn:
            rows = list(await conn.execute_fetchall("SELECT COUNT(*) FROM lobby_players"))
        assert rows[0][0] == 0
    await _create(lobbies)  # the channel is free again
    lobby = await lobbies.get(CHANNEL)
    assert lobby is not None and lobby.player_ids == (HOST,)  # nobody came back with it


async def test_all_and_expired(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies, channel=1, expires_at=100.0)
    await _create(lobbies, channel=2, expires_at=200.0)
    assert [lobby.channel_id for lobby in await lobbies.all()] == [1, 2]
    assert [lobby.channel_id for lobby in await lobbies.expired(150.0)] == [1]
    assert [lobby.channel_id for lobby in await lobbies.expired(200.0)] == [1, 2]
    assert await lobbies.expired(50.0) == []


async def test_set_options_replaces_them_and_can_extend_the_life(storage: Stores) -> None:
    lobbies = storage.lobbies
    await _create(lobbies)
    lobby = await lobbies.set_options(CHANNEL, {"stacking": True})
    assert (lobby.options, lobby.expires_at) == ({"stacking": True}, 1_900.0)
    lobby = await lobbies.set_options(CHANNEL, {}, expires_at=2_000.0)
    assert (lobby.options, lobby.expires_at) == ({}, 2_000.0)
    assert lobby == await lobbies.get(CHANNEL)
    with pytest.raises(NotFound):
        await lobbies.set_options(CHANNEL + 1, {})


async def test_names_are_kept_in_seat_order(storage: Stores) -> None:
    lobbies = storage.lobbies
    await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                         options={}, turn_timer=90, expires_at=0.0, host_name="Ann")
    await lobbies.add_player(CHANNEL, 1, name="Bob")
    lobby = await lobbies.add_player(CHANNEL, 2)
    assert lobby.names == {HOST: "Ann", 1: "Bob", 2: ""}
    assert list(lobby.names) == [HOST, 1, 2]


async def test_a_record_is_a_copy(storage: Stores) -> None:
    """Changing what a read returned changes nothing stored."""
    lobbies = storage.lobbies
    options = {"target": 500, "house": {"stacking": True}}
    await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                         options=options, turn_timer=90, expires_at=0.0)
    options["target"] = 1  # the caller's dict, after the call
    lobby = await lobbies.get(CHANNEL)
    assert lobby is not None and lobby.options == {"target": 500, "house": {"stacking": True}}
    lobby.options["target"] = 2  # type: ignore[index]
    lobby.options["house"]["stacking"] = False
    lobby.names[HOST] = "changed"  # type: ignore[index]
    again = await lobbies.get(CHANNEL)
    assert again is not None
    assert again.options == {"target": 500, "house": {"stacking": True}}
    assert again.names == {HOST: ""}
