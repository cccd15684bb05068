"""StatsStore: results recorded once, boards per guild (paged, by month and preset), ratings,
statistics, forgetting a player, and GameStore recording in the save that ends a game.

Every test but the last (SQLite's query plans) runs against the SQLite and the in-memory
implementation (the `storage` fixture)."""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from bot.rating import MIN_RATED_MATCHES
from bot.storage import (
    AI_BOARD_ROWS,
    Database,
    MatchResult,
    MatchSeat,
    RoundResult,
    RoundSeat,
    StaleVersion,
    StatsRepository,
)
from bot.storage.stats import month_of
from tests.storage.conftest import Stores

GUILD, OTHER = 10, 11
JUNE = calendar.timegm((2025, 6, 15, 12, 0, 0))
JULY = calendar.timegm((2025, 7, 2, 12, 0, 0))


def match(game_id: str, places: Sequence[int], *, guild: int = GUILD, at: float = JUNE,
          preset: str = "classic", scoring: str = "standard", points: Sequence[int] = (),
          forfeited: Sequence[int] = (), **extra: dict[Any, int]) -> MatchResult:
    """A match of users 1..n; `places[i]` is user i+1's place (1 wins)."""
    seats = tuple(
        MatchSeat(user_id=i + 1, seat=i, name=f"P{i + 1}", place=place, won=place == 1,
                  forfeited=i + 1 in forfeited,
                  points=points[i] if points and scoring == "standard" else 0,
                  penalty=points[i] if points and scoring == "penalty" else 0,
                  uno_missed=extra.get("uno_missed", {}).get(i + 1, 0),
                  challenges_won=extra.get("challenges_won", {}).get(i + 1, 0),
                  challenges_lost=extra.get("challenges_lost", {}).get(i + 1, 0),
                  colors={c: n for (u, c), n in extra.get("colors", {}).items() if u == i + 1})
        for i, place in enumerate(places))
    winner = next(s.user_id for s in seats if s.won)
    return MatchResult(game_id=game_id, guild_id=guild, preset=preset, options={},
                       scoring=scoring, winner_id=winner, started_at=at - 600, finished_at=at,
                       rounds=1, forfeit=False, seats=seats)


def round_of(game_id: str, number: int, winner: int, points: int, players: int = 2, *,
             guild: int = GUILD, at: float = JUNE, scoring: str = "standard",
             loser: int | None = None, preset: str = "classic") -> RoundResult:
    seats = tuple(RoundSeat(user_id=u, seat=u - 1, name=f"P{u}",
                            points=points if u == winner and scoring == "standard" else 0,
                            place=1 if u == winner else None) for u in range(1, players + 1))
    return RoundResult(game_id=game_id, guild_id=guild, round=number, preset=preset,
                       scoring=scoring, winner_id=winner, loser_id=loser, finished_at=at,
                       seats=seats)


async def test_recording_twice_changes_nothing(storage: Stores) -> None:
    stats = storage.stats
    assert await stats.record_round(round_of("g1", 1, winner=1, points=50))
    assert await stats.record_round(round_of("g1", 1, winner=1, points=50)) is False
    assert await stats.record_match(match("g1", [1, 2], points=[50, 0]))
    assert await stats.record_match(match("g1", [1, 2], points=[50, 0])) is False
    board = await stats.leaderboard(GUILD, board="points")
    assert [(e.user_id, e.points, e.wins, e.matches) for e in board.entries] == [(1, 50, 1, 1)]
    one = await stats.player_stats(GUILD, 1)
    assert one is not None and (one.matches, one.wins, one.rounds_won, one.rated) == (1, 1, 1, 1)


async def test_stats_filtered_by_preset_count_only_its_matches(storage: Stores) -> None:
    """A player's counters of one preset's matches (the rating counts every preset)."""
    stats = storage.stats
    await stats.record_match(match("g1", [1, 2], points=[50, 0]))
    await stats.record_match(match("g2", [2, 1], preset="no_mercy", points=[0, 250]))
    await stats.record_match(match("g3", [1, 2], preset="no_mercy", points=[300, 0]))
    every = await stats.player_stats(GUILD, 1)
    mercy = await stats.player_stats(GUILD, 1, preset="no_mercy")
    classic = await stats.player_stats(GUILD, 1, preset="classic")
    flip = await stats.player_stats(GUILD, 1, preset="flip")
    assert every and mercy and classic and flip
    assert [(s.matches, s.wins) for s in (every, mercy, classic, flip)] == [
        (3, 2), (2, 1), (1, 1), (0, 0)]
    assert mercy.rated == every.rated == 3


async def test_boards_are_per_guild_paged_and_filtered_by_month_and_preset(storage: Stores) -> None:
    stats = storage.stats
    # 12 players in pairs: user 2k+1 beats 2k+2 (k wins for the later pairs).
    results, rounds = [], []
    for k in range(6):
        for n in range(k + 1):
            game = f"j{k}-{n}"
            results.append(_shift(match(game, [1, 2], points=[10 * (k + 1), 0]), 2 * k))
            rounds.append(_shift_round(round_of(game, 1, winner=1, points=10 * (k + 1)), 2 * k))
    await stats.record_many(rounds, results)
    await stats.record_round(round_of("jul", 1, winner=2, points=30, at=JULY, preset="cnuno"))
    await stats.record_match(match("jul", [2, 1], at=JULY, preset="cnuno", points=[0, 30]))
    await stats.record_round(round_of("elsewhere", 1, winner=1, points=99, guild=OTHER))
    await stats.record_match(match("elsewhere", [1, 2], guild=OTHER, points=[99, 0]))

    first = await stats.leaderboard(GUILD, board="wins")
    assert (first.total, first.pages, first.page) == (12, 2, 0)
    assert [e.user_id for e in first.entries[:3]] == [11, 9, 7]  # 6, 5 and 4 wins
    assert [e.place for e in first.entries] == list(range(1, 11))
    second = await stats.leaderboard(GUILD, board="wins", page=1)
    assert [e.place for e in second.entries] == [11, 12] and len(second.entries) == 2
    assert (await stats.leaderboard(GUILD, board="wins", page=7)).page == 1  # clamped
    points = await stats.leaderboard(GUILD, board="points")
    assert points.total == 7  # losers scored nothing: not on the points board
    assert [(e.user_id, e.points) for e in points.entries[:2]] == [(11, 360), (9, 250)]

    july = await stats.leaderboard(GUILD, board="wins", period=month_of(JULY))
    assert [(e.user_id, e.wins, e.matches) for e in july.entries] == [(2, 1, 1), (1, 0, 1)]
    cnuno = await stats.leaderboard(GUILD, board="points", preset="cnuno")
    assert [(e.user_id, e.points) for e in cnuno.entries] == [(2, 30)]
    june_classic = await stats.leaderboard(GUILD, board="wins", period=month_of(JUNE),
                                           preset="classic")
    assert june_classic.total == 12
    assert (await stats.leaderboard(GUILD, board="wins", period="2024-01")).entries == ()
    other = await stats.leaderboard(OTHER, board="points")
    assert [(e.user_id, e.points) for e in other.entries] == [(1, 99)]
    assert await stats.player_stats(OTHER, 11) is None


def _shift_round(r: RoundResult, by: int) -> RoundResult:
    seats = tuple(replace(s, user_id=s.user_id + by, name=f"P{s.user_id + by}") for s in r.seats)
    return replace(r, winner_id=(r.winner_id or 0) + by, seats=seats)


def _shift(m: MatchResult, by: int) -> MatchResult:
    """The same match between users 1+by and 2+by."""
    seats = tuple(replace(s, user_id=s.user_id + by, name=f"P{s.user_id + by}") for s in m.seats)
    return replace(m, winner_id=(m.winner_id or 0) + by, seats=seats)


async def test_ratings_follow_results_and_rank_after_enough_matches(storage: Stores) -> None:
    stats = storage.stats
    for n in range(MIN_RATED_MATCHES - 1):
        await stats.record_match(match(f"m{n}", [1, 2, 3], at=JUNE + n))
    assert (await stats.leaderboard(GUILD, board="rating")).entries == ()  # not ranked yet
    await stats.record_match(match("last", [1, 3, 2], at=JUNE + 99))
    board = await stats.leaderboard(GUILD, board="rating")
    assert [e.user_id for e in board.entries] == [1, 2, 3]
    assert board.entries[0].rating > 0 > board.entries[2].rating
    assert all(e.rated == MIN_RATED_MATCHES for e in board.entries)
    winner = await stats.player_stats(GUILD, 1)
    assert winner is not None and winner.rank == 1
    # A loss to the weakest player moves the winner down and that player up.
    before = {e.user_id: e.rating for e in board.entries}
    await stats.record_match(match("upset", [2, 3, 1], at=JUNE + 200))
    after = {e.user_id: e.rating for e in (await stats.leaderboard(GUILD, board="rating")).entries}
    assert after[1] < before[1] and after[3] > before[3]


async def test_equal_ratings_rank_by_user_id(storage: Stores) -> None:
    """Two players with the same history have the very same rating: the board and their ranks
    put the lower user id first, and neither shares a place."""
    stats = storage.stats
    for n in range(MIN_RATED_MATCHES):  # 1 beats 2 and 3 beats 4, the same way every time
        await stats.record_match(match(f"a{n}", [1, 2], at=JUNE + n))
        await stats.record_match(_shift(match(f"b{n}", [1, 2], at=JUNE + n), 2))
    board = await stats.leaderboard(GUILD, board="rating")
    assert [e.user_id for e in board.entries] == [1, 3, 2, 4]
    assert board.entries[0].rating == board.entries[1].rating
    ranks = [(await stats.player_stats(GUILD, u)).rank for u in (1, 3, 2, 4)]  # type: ignore[union-attr]
    assert ranks == [1, 2, 3, 4]


async def test_player_stats_are_exact(storage: Stores) -> None:
    stats = storage.stats
    await stats.record_match(match("a", [1, 2], points=[60, 10], uno_missed={1: 2},
                                   challenges_won={1: 1}, challenges_lost={2: 1},
                                   colors={(1, "R"): 2, (1, "B"): 3}))
    await stats.record_match(match("b", [2, 1], points=[20, 55], colors={(1, "R"): 2},
                                   challenges_lost={1: 1}))
    await stats.record_match(match("c", [2, 1, 3], scoring="penalty", points=[40, 12, 70]))
    one = await stats.player_stats(GUILD, 1)
    assert one is not None
    assert (one.matches, one.wins, one.forfeits) == (3, 1, 0)
    assert one.win_rate == pytest.approx(1 / 3)
    assert one.average_points == pytest.approx((60 + 20) / 2)  # standard-scoring matches only
    assert one.average_penalty == pytest.approx(40)
    assert (one.uno_missed, one.challenges_won, one.challenges_lost) == (2, 1, 1)
    assert one.colors == {"R": 4, "B": 3} and one.favourite_color() == "R"
    assert one.name == "P1" and one.rank is None
    assert await stats.player_stats(GUILD, 4) is None


async def test_lazy_and_penalty_results_stay_in_their_own_terms(storage: Stores) -> None:
    stats = storage.stats
    await stats.record_round(round_of("lazy", 1, winner=1, points=0, players=3, scoring="lazy",
                                      loser=3))
    await stats.record_round(round_of("lazy", 2, winner=2, points=0, players=3, scoring="lazy",
                                      loser=3))
    await stats.record_match(match("pen", [1, 2], scoring="penalty", points=[5, 80]))
    assert (await stats.leaderboard(GUILD, board="points")).entries == ()
    three = await stats.player_stats(GUILD, 3)
    assert three is not None and (three.rounds_lost, three.rounds_won) == (2, 0)
    one = await stats.player_stats(GUILD, 1)
    assert one is not None and one.average_points is None and one.average_penalty == 5
    stored = await stats.rounds("lazy")
    assert [(r.scoring, r.winner_id, r.loser_id) for r in stored] == [("lazy", 1, 3),
                                                                        ("lazy", 2, 3)]


async def test_forget_user_turns_their_seats_anonymous_in_every_guild(storage: Stores) -> None:
    stats = storage.stats
    await stats.record_round(round_of("g1", 1, winner=1, points=40))
    await stats.record_match(match("g1", [1, 2], points=[40, 0], colors={(1, "G"): 1},
                                   uno_missed={1: 1}))
    await stats.record_match(match("g2", [2, 1], guild=OTHER, points=[0, 70]))
    rating_of_2 = (await stats.player_stats(GUILD, 2)).rating  # type: ignore[union-attr]
    forgotten = await stats.forget_user(1)
    assert (forgotten.matches, forgotten.rounds) == (2, 1)
    for guild in (GUILD, OTHER):
        assert await stats.player_stats(guild, 1) is None
        for board in ("wins", "points", "rating"):
            page = await stats.leaderboard(guild, board=board, per_page=50)
            assert 1 not in [e.user_id for e in page.entries]
    record = await stats.match("g1")
    assert record is not None and record.winner_id == -1
    assert [(s.user_id, s.place, s.won, s.points, s.uno_missed, dict(s.colors), s.name)
            for s in record.seats] == [(-1, 1, True, 40, 0, {}, ""), (2, 2, False, 0, 0, {}, "P2")]
    assert (await stats.rounds("g1"))[0].winner_id == -1
    two = await stats.player_stats(GUILD, 2)
    assert two is not None and two.matches == 1 and two.rating == rating_of_2  # not recomputed
    assert (await stats.forget_user(1)).matches == 0


async def test_ai_seats_count_in_one_row_per_level_and_are_never_rated(storage: Stores) -> None:
    """Issue 19: a table's AI seats (-(number*10 + level digit)) add up in their level's row on
    the wins and points boards; no rating, no stats; forget-me's anonymous seats stay out."""
    stats = storage.stats
    normal, hard = AI_BOARD_ROWS["normal"], AI_BOARD_ROWS["hard"]
    people = match("ai", [1, 2])  # users 1 and 2, placed 2nd and 5th among three AIs
    seats = (replace(people.seats[0], place=2, won=False),
             replace(people.seats[1], place=5),
             MatchSeat(user_id=-12, seat=2, name="🤖 Ada ★★", place=1, won=True, points=90,
                       colors={"R": 2}),
             MatchSeat(user_id=-22, seat=3, name="🤖 Alan ★★", place=3),
             MatchSeat(user_id=-33, seat=4, name="🤖 Grace ★★★", place=4))
    ai_match = replace(people, winner_id=-12, seats=seats)
    ai_round = RoundResult(game_id="ai", guild_id=GUILD, round=1, preset="classic",
                           scoring="standard", winner_id=-12, loser_id=None, finished_at=JUNE,
                           seats=tuple(RoundSeat(user_id=s.user_id, seat=s.seat,
                                                 points=s.points, place=s.place)
                                       for s in seats))
    await stats.record_round(ai_round)
    await stats.record_match(ai_match)
    await stats.record_match(match("later", [1, 2], at=JULY, preset="cnuno"))
    wins = await stats.leaderboard(GUILD, board="wins")
    assert [(e.user_id, e.wins, e.matches, e.name) for e in wins.entries] == [
        (normal, 1, 2, ""), (1, 1, 2, "P1"), (hard, 0, 1, ""), (2, 0, 2, "P2")]  # ties: by id
    june = await stats.leaderboard(GUILD, board="points", period=month_of(JUNE),
                                   preset="classic")
    assert [(e.user_id, e.points) for e in june.entries] == [(normal, 90)]
    assert (await stats.leaderboard(GUILD, board="wins", preset="cnuno")).total == 2  # people
    rating = await stats.leaderboard(GUILD, board="rating", per_page=50)
    assert all(e.user_id > 0 for e in rating.entries)
    for row in (normal, hard, -12, -22, -33):
        assert await stats.player_stats(GUILD, row) is None
    one = await stats.player_stats(GUILD, 1)
    assert one is not None and (one.matches, one.wins, one.rated) == (2, 1, 2)
    # Rated against the other person only: as if the AIs had not sat at the table.
    await stats.record_match(match("ai-people", [1, 2], guild=OTHER))
    await stats.record_match(match("later-too", [1, 2], guild=OTHER, at=JULY,
                                   preset="cnuno"))
    alone = await stats.player_stats(OTHER, 1)
    assert alone is not None and (alone.mu, alone.sigma) == (one.mu, one.sigma)
    await stats.forget_user(2)
    after = await stats.leaderboard(GUILD, board="wins")
    assert [(e.user_id, e.wins, e.matches) for e in after.entries] == [
        (normal, 1, 2), (1, 1, 2), (hard, 0, 1)]  # the anonymous seat counts nowhere
    assert [s.user_id for s in (await stats.match("ai")).seats] == [1, -2, -12, -22, -33]  # type: ignore[union-attr]


async def test_the_save_that_ends_a_match_records_it_and_removes_the_game(storage: Stores) -> None:
    games, stats = storage.games, storage.stats
    base: dict[str, Any] = {"guild_id": GUILD, "channel_id": 5}
    await games.save("g1", state={"version": 1}, version=1, **base)
    await games.save("g1", state={"version": 2}, version=2, round_result=round_of("g1", 1, 1, 30),
                     **base)
    assert (await games.load("g1")) is not None
    saved = await games.save("g1", state={"version": 3}, version=3,
                             round_result=round_of("g1", 2, 1, 30),
                             match_result=match("g1", [1, 2], points=[60, 0]), **base)
    assert saved.finished and await games.load("g1") is None
    assert await games.unfinished() == []
    assert [r.round for r in await stats.rounds("g1")] == [1, 2]
    assert (await stats.player_stats(GUILD, 1)).points == 60  # type: ignore[union-attr]


async def test_a_refused_save_records_nothing(storage: Stores) -> None:
    games, stats = storage.games, storage.stats
    base: dict[str, Any] = {"guild_id": GUILD, "channel_id": 5}
    await games.save("g1", state={"version": 4}, version=4, **base)
    with pytest.raises(StaleVersion):
        await games.save("g1", state={"version": 3}, version=3,
                         match_result=match("g1", [1, 2], points=[60, 0]), **base)
    assert await stats.match("g1") is None and await games.load("g1") is not None
    assert await stats.player_stats(GUILD, 1) is None


# SQLite only: `query_plans` is SQLite's EXPLAIN QUERY PLAN, not part of StatsStore.
async def test_the_boards_read_indexes_without_sorting(db: Database) -> None:
    plans = await StatsRepository(db).query_plans(GUILD, 1)
    for name in ("wins page", "points page", "rating page", "wins page, month + preset"):
        text = " | ".join(plans[name])
        assert "USING INDEX" in text or "USING COVERING INDEX" in text, (name, text)
        assert "TEMP B-TREE" not in text, (name, text)
    assert "PRIMARY KEY" in " ".join(plans["stats"]) or "INDEX" in " ".join(plans["stats"])
