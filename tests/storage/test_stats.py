"""StatsRepository: rounds and matches recorded once, leaderboard per guild in SQL."""

from __future__ import annotations

from bot.storage import Database, LeaderboardRow, StatsRepository

GUILD = 10


async def test_leaderboard_orders_by_points_and_is_per_guild(db: Database) -> None:
    stats = StatsRepository(db)
    assert await stats.record_round(game_id="g1", round_number=1, guild_id=GUILD, winner_id=1,
                                    points={1: 120, 2: 0, 3: 0})
    await stats.record_round(game_id="g1", round_number=2, guild_id=GUILD, winner_id=2,
                             points={1: 0, 2: 90, 3: 0})
    await stats.record_round(game_id="g2", round_number=1, guild_id=GUILD, winner_id=2,
                             points={2: 40, 4: 0})
    await stats.record_round(game_id="g3", round_number=1, guild_id=GUILD + 1, winner_id=9,
                             points={9: 999})
    assert await stats.record_match(game_id="g1", guild_id=GUILD, winner_id=2)
    board = await stats.leaderboard(GUILD)
    assert board == [
        LeaderboardRow(user_id=2, points=130, rounds_won=2, matches_won=1),
        LeaderboardRow(user_id=1, points=120, rounds_won=1, matches_won=0),
        LeaderboardRow(user_id=3, points=0, rounds_won=0, matches_won=0),
        LeaderboardRow(user_id=4, points=0, rounds_won=0, matches_won=0),
    ]
    assert [row.user_id for row in await stats.leaderboard(GUILD, limit=2)] == [2, 1]
    assert await stats.leaderboard(GUILD + 1) == [LeaderboardRow(9, 999, 1, 0)]
    assert await stats.leaderboard(GUILD + 2) == []


async def test_recording_twice_changes_nothing(db: Database) -> None:
    stats = StatsRepository(db)
    for _ in range(2):
        await stats.record_round(game_id="g1", round_number=1, guild_id=GUILD, winner_id=1,
                                 points={1: 50})
    assert await stats.record_round(game_id="g1", round_number=1, guild_id=GUILD, winner_id=1,
                                    points={1: 50}) is False
    assert await stats.record_match(game_id="g1", guild_id=GUILD, winner_id=1)
    assert await stats.record_match(game_id="g1", guild_id=GUILD, winner_id=1) is False
    assert await stats.leaderboard(GUILD) == [LeaderboardRow(1, 50, 1, 1)]
