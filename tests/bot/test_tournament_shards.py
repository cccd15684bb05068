"""A tournament on PostgreSQL, with two bot processes on disjoint shards (issue 31): the process
of the guild's shard seats, plays and finishes it, and takes it back after its own restart in the
middle of round 2; the other process never lists or touches it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage import StatsRepository, TournamentRepository
from drivers.catalogue import en
from tests.fake_discord import fake_discord_session

from .test_shards import SHARDS, ShardHarness
from .tournament_play import (
    board,
    boards,
    open_tournament,
    play_into_round_two,
    play_to_the_end,
)


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[tuple[ShardHarness, ShardHarness]]:
    """(the process whose shard holds the fake's guild, the other one), both started."""
    async with fake_discord_session(shard_count=SHARDS) as session:
        mine = (session.fake.guild_id >> 22) % SHARDS
        owner = ShardHarness(session, postgres_url, (mine,))
        other = ShardHarness(session, postgres_url, (1 - mine,))
        await owner.start()
        await other.start()
        yield owner, other


async def _listed(h: ShardHarness) -> list[str]:
    """The ids of the unfinished tournaments `h`'s process owns, as its repository lists them."""
    assert h.bot is not None
    repo = TournamentRepository(h.bot.db, shards=h.bot.owned)
    return [record.tournament_id for record in await repo.unfinished()]


@pytest.mark.issue(31)
async def test_a_swiss_tournament_lives_in_its_shards_process_across_a_restart(
        processes: tuple[ShardHarness, ShardHarness]) -> None:
    h, other = processes
    host = h.user("Host", permissions=["manage_guild"])
    players = [h.user(f"P{i}") for i in range(8)]
    tid, signup = await open_tournament(h, host, players, name="Shard night", table_size=4,
                                        rounds=2, starts_in=10, checkin=5, ai_fill=True)
    assert await _listed(h) == [tid] and await _listed(other) == []
    h.clock.advance(10 * 60 + 1)  # sign-up closes: check-in opens
    await h.fake.wait_for(lambda: en("button.check_in") in signup.labels(), timeout=5)
    for player in players[:2]:
        await player.click(signup, en("button.check_in"))
    h.clock.advance(5 * 60 + 1)  # the six who did not check in are played by stand-ins
    assert other.bot is not None and other.bot.tournaments.of_guild(h.fake.guild_id) is None

    playing = await play_into_round_two(h)
    assert all(other.bot.games.get(game_id) is None for game_id in playing)
    await other.restart()  # the other process takes nothing of it back
    assert other.bot is not None and other.bot.tournaments.of_guild(h.fake.guild_id) is None
    assert all(other.bot.games.get(game_id) is None for game_id in playing)
    await h.restart()  # the owner, in the middle of round 2
    assert h.bot is not None
    assert any(h.bot.games.get(game_id) is not None for game_id in playing)
    assert await _listed(h) == [tid] and await _listed(other) == []

    doc = await play_to_the_end(h, tid)
    tournament = doc.tournament
    assert tournament is not None and len(tournament.rounds) == 2
    standings = tournament.standings()
    await h.fake.wait_for(lambda: boards(host, "tournament.podium_title",
                                         name="Shard night") != [], timeout=10)
    final = board(host, "tournament.final_title", name="Shard night", round=2)
    assert doc.name_of(standings[0].player) in final.text.split("\n")[1]
    assert await _listed(h) == [] and other.bot.tournaments.of_guild(h.fake.guild_id) is None
    stats = StatsRepository(h.bot.db)
    for player in players:  # two rated matches each, as on SQLite
        counted = await stats.player_stats(h.fake.guild_id, player.id)
        assert counted is not None and counted.matches == 2 and counted.rated == 2
