"""GameStore: exact round trip of a real engine game, one game per channel, version guard.

Every test runs against the SQLite and the in-memory implementation (the `storage` fixture)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import bot.engine
from bot.engine import Game, RuleSet
from bot.storage import ChannelBusy, GameStore, NotFound, StaleVersion
from tests.storage.conftest import FakeClock, Stores

GUILD, CHANNEL = 10, 20


def _state(version: int, **extra: Any) -> dict[str, Any]:
    return {"version": version, **extra}


async def _save(games: GameStore, game_id: str = "g1", version: int = 0,
                channel: int = CHANNEL, **kwargs: Any) -> Any:
    state = kwargs.pop("state", _state(version))
    return await games.save(game_id, guild_id=GUILD, channel_id=channel, state=state,
                            version=version, **kwargs)


async def test_a_real_game_round_trips_exactly(storage: Stores) -> None:
    game, _ = Game.start(["ann", "bob", "cid"], RuleSet.classic(), seed=1)
    dumped = bot.engine.dump(game)
    await storage.games.save("g1", guild_id=GUILD, channel_id=CHANNEL, state=dumped,
                             version=game.version)
    storage = await storage.restart()  # across a restart (in memory: new repositories)
    record = await storage.games.load("g1")
    assert record is not None and record.version == game.version
    restored = bot.engine.load(record.data())
    assert bot.engine.dump(restored) == dumped
    assert restored.rng.random() == game.rng.random()  # the next shuffle is the same one


async def test_save_load_by_channel(storage: Stores, clock: FakeClock) -> None:
    games = storage.games
    saved = await _save(games, state=_state(0, hands=[["R7"]]), message_id=5,
                        turn_deadline=1_090.5)
    assert saved == await games.load("g1") == await games.by_channel(CHANNEL)
    assert (saved.game_id, saved.guild_id, saved.channel_id) == ("g1", GUILD, CHANNEL)
    assert saved.data() == {"version": 0, "hands": [["R7"]]}
    assert (saved.version, saved.message_id, saved.turn_deadline) == (0, 5, 1_090.5)
    assert (saved.finished, saved.updated_at) == (False, 1_000.0)
    assert await games.load("nope") is None
    assert await games.by_channel(CHANNEL + 1) is None


async def test_each_newer_version_overwrites(storage: Stores, clock: FakeClock) -> None:
    games = storage.games
    await _save(games, version=0, message_id=5, turn_deadline=50.0)
    clock.now = 1_001.0
    record = await _save(games, version=1)
    assert (record.version, record.data(), record.updated_at) == (1, {"version": 1}, 1_001.0)
    assert (record.message_id, record.turn_deadline) == (5, 50.0)  # kept by default
    record = await _save(games, version=2, message_id=None, turn_deadline=None, finished=True)
    assert (record.message_id, record.turn_deadline, record.finished) == (None, None, True)


async def test_an_older_version_is_refused(storage: Stores) -> None:
    games = storage.games
    await _save(games, version=3)
    with pytest.raises(StaleVersion) as refused:
        await _save(games, version=2)
    assert (refused.value.game_id, refused.value.stored, refused.value.attempted) == ("g1", 3, 2)
    stored = await games.load("g1")
    assert stored is not None and stored.version == 3


async def test_the_same_version_only_with_the_same_state(storage: Stores) -> None:
    games = storage.games
    await _save(games, version=3, state=_state(3, top="R7"))
    record = await _save(games, version=3, state=_state(3, top="R7"), message_id=8)
    assert record.message_id == 8  # an idempotent re-save may change the message or deadline
    with pytest.raises(StaleVersion):  # two different actions from the same state: one loses
        await _save(games, version=3, state=_state(3, top="B2"))
    stored = await games.load("g1")
    assert stored is not None and stored.data()["top"] == "R7"


async def test_a_version_that_disagrees_with_the_state_is_a_bug(storage: Stores) -> None:
    with pytest.raises(ValueError):
        await _save(storage.games, version=1, state=_state(2))


async def test_one_game_per_channel(storage: Stores) -> None:
    games = storage.games
    await _save(games, "g1")
    with pytest.raises(ChannelBusy) as refused:
        await _save(games, "g2")
    assert (refused.value.kind, refused.value.game_id) == ("game", "g1")
    await _save(games, "g2", channel=CHANNEL + 1)


async def test_a_game_cannot_move_channel(storage: Stores) -> None:
    games = storage.games
    await _save(games, "g1")
    with pytest.raises(ValueError):
        await _save(games, "g1", version=1, channel=CHANNEL + 1)


async def test_a_new_game_replaces_its_lobby_in_one_step(storage: Stores) -> None:
    lobbies = storage.lobbies
    await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=1, preset="classic",
                         options={}, turn_timer=90, expires_at=0.0)
    await _save(storage.games)
    assert await lobbies.get(CHANNEL) is None


async def test_unfinished_lists_games_to_reload(storage: Stores, clock: FakeClock) -> None:
    games = storage.games
    clock.now = 2.0
    await _save(games, "b", channel=1)
    clock.now = 1.0
    await _save(games, "a", channel=2)
    await _save(games, "done", channel=3, finished=True)
    assert [g.game_id for g in await games.unfinished()] == ["a", "b"]


async def test_deadline_and_message_change_without_a_version(storage: Stores) -> None:
    games = storage.games
    await _save(games, version=4)
    record = await games.set_deadline("g1", 1_234.5)
    assert (record.turn_deadline, record.version) == (1_234.5, 4)
    assert (await games.set_deadline("g1", None)).turn_deadline is None
    assert (await games.set_message("g1", 77)).message_id == 77
    with pytest.raises(NotFound):
        await games.set_deadline("nope", 1.0)
    with pytest.raises(NotFound):
        await games.set_message("nope", 1)


async def test_delete(storage: Stores) -> None:
    games = storage.games
    await _save(games)
    assert await games.delete("g1") is True
    assert await games.load("g1") is None
    assert await games.delete("g1") is False
    await _save(games, "g2")  # the channel is free again


async def test_meta_is_kept_unless_given(storage: Stores) -> None:
    games = storage.games
    record = await _save(games)
    assert (record.meta, record.meta_data()) == ("{}", {})  # a new game without meta
    record = await _save(games, version=1, meta={"names": {"1": "Ann"}, "locale": "fr"})
    assert record.meta_data() == {"names": {"1": "Ann"}, "locale": "fr"}
    record = await _save(games, version=2)
    assert record.meta_data() == {"names": {"1": "Ann"}, "locale": "fr"}


async def test_update_is_the_guarded_common_save(storage: Stores, clock: FakeClock) -> None:
    games = storage.games
    await _save(games, version=1, message_id=5, turn_deadline=50.0, meta={"a": 1})
    clock.now = 1_005.0
    await games.update("g1", state=_state(2, top="R1"), version=2, message_id=None,
                       turn_deadline=60.0, meta={"b": 2})
    record = await games.load("g1")
    assert record is not None
    assert (record.version, record.data(), record.message_id, record.turn_deadline) == (
        2, {"version": 2, "top": "R1"}, None, 60.0)
    assert (record.meta_data(), record.updated_at, record.finished) == ({"b": 2}, 1_005.0, False)
    # The same version again only with the same state; an older one never.
    await games.update("g1", state=_state(2, top="R1"), version=2, message_id=9,
                       turn_deadline=None, meta={})
    assert (await games.load("g1")).message_id == 9  # type: ignore[union-attr]
    for version, state in ((2, _state(2, top="B2")), (1, _state(1))):
        with pytest.raises(StaleVersion):
            await games.update("g1", state=state, version=version, message_id=None,
                               turn_deadline=None, meta={})
    stored = await games.load("g1")
    assert stored is not None and stored.data() == {"version": 2, "top": "R1"}
    with pytest.raises(StaleVersion):  # a game that is gone
        await games.update("nope", state=_state(3), version=3, message_id=None,
                           turn_deadline=None, meta={})
    with pytest.raises(ValueError):
        await games.update("g1", state=_state(4), version=5, message_id=None,
                           turn_deadline=None, meta={})


async def test_a_refused_new_game_leaves_the_lobby(storage: Stores) -> None:
    await _save(storage.games, "g1")
    await storage.lobbies.create(guild_id=GUILD, channel_id=CHANNEL + 1, host_id=1,
                                 preset="classic", options={}, turn_timer=90, expires_at=0.0)
    with pytest.raises(ValueError):  # a bug in the caller: nothing changes
        await _save(storage.games, "g2", channel=CHANNEL + 1, version=1, state=_state(2))
    assert await storage.lobbies.get(CHANNEL + 1) is not None
    assert await storage.games.load("g2") is None


async def test_a_game_is_stored_packed_and_a_plain_row_of_before_still_loads(
        storage: Stores) -> None:
    """The state and the meta are saved compressed (a routine save of a four-player game is well
    under 2 KB); rows written as plain JSON, before packing, read the same."""
    state = _state(0, hands=[["R7", "G2", "B3", "Y4"] * 4] * 4)
    meta = {"recent": [{"type": "drew", "by": "1" * 18}] * 40}
    saved = await _save(storage.games, state=state, meta=meta)
    assert saved.state.startswith("z:") and saved.meta.startswith("z:")
    assert len(saved.state) < len(json.dumps(state))
    assert saved.data() == state and saved.meta_data()["recent"][0]["by"] == "1" * 18
    plain = dataclasses.replace(saved, state=json.dumps(state), meta='{"locale": "uk"}')
    assert plain.data() == state and plain.meta_data() == {"locale": "uk"}
