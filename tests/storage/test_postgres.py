"""What only PostgreSQL has to get right: the repositories' SQL rewritten for it, and
transactions that run side by side (a pool per process, several processes) without losing a
write. The contract itself is in the tests that take `storage`."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import (
    ChannelBusy,
    GameRepository,
    LobbyRepository,
    MatchResult,
    MatchSeat,
    StatsRepository,
)
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres import PostgresDatabase, _rewrite, _rowcount, is_url


def test_placeholders_are_numbered_outside_string_literals() -> None:
    assert _rewrite("SELECT a FROM t WHERE b = ? AND c = '?' AND d IN (?, ?)") == (
        "SELECT a FROM t WHERE b = $1 AND c = '?' AND d IN ($2, $3)", ())
    assert _rewrite("UPDATE t SET a = :user WHERE b = :guild OR c = :user AND d = 'x:y'") == (
        "UPDATE t SET a = $1 WHERE b = $2 OR c = $1 AND d = 'x:y'", ("user", "guild"))
    assert _rewrite("SELECT '{}'::text, 'it''s ?'") == ("SELECT '{}'::text, 'it''s ?'", ())
    with pytest.raises(ValueError):
        _rewrite("SELECT ? WHERE a = :b")


def test_changed_rows_come_from_the_command_status() -> None:
    assert [_rowcount(s) for s in ("UPDATE 3", "INSERT 0 1", "DELETE 0", "SELECT 1")] == \
        [3, 1, 0, 1]
    assert _rowcount("BEGIN") == -1


def test_a_url_names_postgresql_and_anything_else_a_file() -> None:
    assert is_url("postgresql://bot@db/uno") and is_url("postgres://bot@db/uno")
    assert not is_url("uno.db") and not is_url("/data/postgresql/uno.db")


async def test_processes_starting_together_apply_each_migration_once(postgres_url: str
                                                                     ) -> None:
    # The template is migrated already: start from an empty schema to race for real.
    async with await PostgresDatabase.open(postgres_url) as db, db.transaction() as conn:
        await conn.execute("DROP SCHEMA public CASCADE")
        await conn.execute("CREATE SCHEMA public")
    opened = await asyncio.gather(*(PostgresDatabase.open(postgres_url) for _ in range(3)))
    try:
        assert sorted(len(db.applied) for db in opened) == [0, 0, len(MIGRATIONS)]
    finally:
        for db in opened:
            await db.close()


def _match(game_id: str, winner: int, loser: int, at: float) -> MatchResult:
    return MatchResult(
        game_id=game_id, guild_id=7, preset="classic", options={}, scoring="standard",
        winner_id=winner, started_at=at - 60, finished_at=at, rounds=1, forfeit=False,
        seats=(MatchSeat(user_id=winner, seat=0, place=1, won=True),
               MatchSeat(user_id=loser, seat=1, place=2)))


async def test_results_of_one_guild_recorded_at_once_lose_no_rating(postgres_url: str) -> None:
    """Two processes end matches of one guild at the same moment, with a player in both: each
    rating update reads what the other wrote (the guild's lock), so both count."""
    first = await PostgresDatabase.open(postgres_url)
    second = await PostgresDatabase.open(postgres_url)
    try:
        one, two = StatsRepository(first), StatsRepository(second)
        for n in range(6):
            await asyncio.gather(one.record_match(_match(f"a{n}", 1, 2, 1000.0 + n)),
                                 two.record_match(_match(f"b{n}", 1, 3, 1000.0 + n)))
        stats = await one.player_stats(7, 1)
        assert stats is not None and (stats.matches, stats.wins, stats.rated) == (12, 12, 12)
    finally:
        await first.close()
        await second.close()


async def test_two_saves_of_one_game_at_once_keep_exactly_one(postgres_url: str) -> None:
    """Optimistic concurrency across connections: of two different states saved as the same
    version at once, one lands and the other is refused."""
    async with await PostgresDatabase.open(postgres_url) as db:
        games = GameRepository(db)
        await games.save("g", guild_id=1, channel_id=2, state={"version": 0}, version=0)
        results = await asyncio.gather(
            *(games.save("g", guild_id=1, channel_id=2, state={"version": 1, "by": who},
                         version=1) for who in ("a", "b")), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["GameRecord", "StaleVersion"]


async def test_one_result_recorded_twice_at_once_is_recorded_once(postgres_url: str) -> None:
    """A retry racing the first attempt (another connection, another process): the second
    waits for the guild, then finds the match recorded and changes nothing."""
    first = await PostgresDatabase.open(postgres_url)
    second = await PostgresDatabase.open(postgres_url)
    try:
        match = _match("m", 1, 2, 1000.0)
        recorded = await asyncio.gather(StatsRepository(first).record_match(match),
                                        StatsRepository(second).record_match(match))
        assert sorted(recorded) == [False, True]
    finally:
        await first.close()
        await second.close()


async def test_a_lobby_and_a_game_opened_at_once_in_one_channel_are_not_both_kept(
        postgres_url: str) -> None:
    """One table per channel, also when a new lobby and a new game race for an empty channel
    on two connections: the channel ends with one of them, the other refused as busy (or, if
    the lobby came first, replaced by the game)."""
    first = await PostgresDatabase.open(postgres_url)
    second = await PostgresDatabase.open(postgres_url)
    try:
        for channel in range(10, 20):
            results = await asyncio.gather(
                LobbyRepository(first).create(guild_id=1, channel_id=channel, host_id=1,
                                              preset="classic", options={}, turn_timer=0,
                                              expires_at=0.0),
                GameRepository(second).save(f"g{channel}", guild_id=1, channel_id=channel,
                                            state={"version": 0}, version=0),
                return_exceptions=True)
            assert not any(isinstance(r, Exception) and not isinstance(r, ChannelBusy)
                           for r in results), results
            # (A game started after the lobby was created replaces it: that order is fine.)
            lobby = await LobbyRepository(first).get(channel)
            game = await GameRepository(first).by_channel(channel)
            assert (lobby is None) != (game is None)
    finally:
        await first.close()
        await second.close()


def _query(url: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in url.split("?", 1)[1].split("&"))


def _through(url: str, folder: Path) -> str:
    """The same database reached through the socket folder `folder` instead of the cluster's."""
    return f"{url.split('?', 1)[0]}?host={folder}&port={_query(url)['port']}"


async def test_a_bot_started_before_its_server_waits_until_it_accepts_connections(
        postgres_url: str, tmp_path: Path) -> None:
    # The server "comes up" 0.5 s after the bot started: its socket appears in the folder then.
    query = _query(postgres_url)
    socket_name = f".s.PGSQL.{query['port']}"

    async def server_comes_up() -> None:
        await asyncio.sleep(0.5)
        (tmp_path / socket_name).symlink_to(Path(query["host"], socket_name))

    coming = asyncio.create_task(server_comes_up())
    async with await PostgresDatabase.open(_through(postgres_url, tmp_path), wait=10) as db:
        async with db.transaction(write=False) as conn:
            assert [tuple(row) for row in await conn.execute_fetchall("SELECT 1")] == [(1,)]
    await coming


async def test_a_server_that_never_comes_up_fails_clearly_after_the_wait(
        postgres_url: str, tmp_path: Path) -> None:
    with pytest.raises(ConnectionError, match="did not accept connections within 0.3 s"):
        await PostgresDatabase.open(_through(postgres_url, tmp_path), wait=0.3)
