"""The tournament store's contract (issue 31), on SQLite, PostgreSQL and in memory: one
tournament not over per server, saves by the next version, results with the save that ends it,
the players' history, survival across a restart."""

from __future__ import annotations

import pytest

from bot.storage import (
    MemoryStorage,
    NotFound,
    StaleVersion,
    TournamentBusy,
    TournamentEntry,
    TournamentRecord,
    TournamentRepository,
    TournamentStore,
)
from bot.storage.shards import Shards
from tests.storage.conftest import FakeClock, Stores

GUILD = 1 << 22  # shard 1 of 2


async def _create(storage: Stores, tid: str = "t1", guild: int = GUILD) -> TournamentRecord:
    return await storage.tournaments.create(
        tournament_id=tid, guild_id=guild, channel_id=10, host_id=7, name="Friday night",
        state={"signups": [7, 8]})


async def test_create_then_get_and_current(storage: Stores, clock: FakeClock) -> None:
    made = await _create(storage)
    assert (made.status, made.version, made.created_at) == ("signup", 1, clock.now)
    got = await storage.tournaments.get("t1")
    assert got is not None and got == made and dict(got.state) == {"signups": [7, 8]}
    assert await storage.tournaments.current(GUILD) == made
    assert await storage.tournaments.current(GUILD + 1) is None
    assert await storage.tournaments.get("nope") is None


async def test_one_tournament_at_a_time_per_server(storage: Stores) -> None:
    await _create(storage)
    with pytest.raises(TournamentBusy) as busy:
        await _create(storage, "t2")
    assert busy.value.tournament_id == "t1"
    await _create(storage, "t3", guild=GUILD + 5)  # another server may


async def test_saves_go_by_the_next_version(storage: Stores, clock: FakeClock) -> None:
    await _create(storage)
    clock.now += 5
    saved = await storage.tournaments.save("t1", status="running", state={"round": 1},
                                           version=2)
    assert (saved.status, saved.version, saved.updated_at) == ("running", 2, clock.now)
    with pytest.raises(StaleVersion):
        await storage.tournaments.save("t1", status="running", state={"round": 9}, version=2)
    with pytest.raises(NotFound):
        await storage.tournaments.save("nope", status="running", state={}, version=2)
    got = await storage.tournaments.get("t1")
    assert got is not None and dict(got.state) == {"round": 1}


async def test_the_save_that_ends_it_records_the_players_lines(storage: Stores,
                                                               clock: FakeClock) -> None:
    await _create(storage)
    lines = [TournamentEntry("t1", GUILD, 7, "Friday night", 1, 2, 24, clock.now),
             TournamentEntry("t1", GUILD, 8, "Friday night", 2, 2, 12, clock.now)]
    await storage.tournaments.save("t1", status="finished", state={}, version=2, results=lines)
    assert await storage.tournaments.current(GUILD) is None
    assert await storage.tournaments.unfinished() == []
    assert await storage.tournaments.history(GUILD, 8) == [lines[1]]
    with pytest.raises(StaleVersion):  # over: nothing more is saved
        await storage.tournaments.save("t1", status="running", state={}, version=3)
    await _create(storage, "t2")  # the server may start the next one
    assert await storage.tournaments.forget_user(8) == 1
    assert await storage.tournaments.history(GUILD, 8) == []
    assert len(await storage.tournaments.history(GUILD, 7)) == 1


async def test_unfinished_survive_a_restart(storage: Stores) -> None:
    await _create(storage)
    await _create(storage, "t2", guild=GUILD + 1)
    await storage.tournaments.save("t2", status="cancelled", state={}, version=2)
    again = await storage.restart()
    assert [t.tournament_id for t in await again.tournaments.unfinished()] == ["t1"]


async def test_unfinished_are_those_of_this_process_shards(storage: Stores) -> None:
    await _create(storage, "t0", guild=0)
    await _create(storage, "t1", guild=GUILD)
    view: TournamentStore
    if storage.db is None:
        assert storage._backend is not None
        view = MemoryStorage(storage._backend.memory, shards=Shards(2, frozenset({1}))).tournaments
    else:
        view = TournamentRepository(storage.db, shards=Shards(2, frozenset({1})))
    assert [t.tournament_id for t in await view.unfinished()] == ["t1"]
