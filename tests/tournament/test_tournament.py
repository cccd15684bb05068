"""Tournament rules as examples (issue 31; docs/TOURNAMENTS.md): the points scale, seeding,
refusals, a 16-player Swiss night and a 9-player elimination with a bye."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.tournament import (
    BYE_POINTS,
    Format,
    Placing,
    Plan,
    Tournament,
    TournamentError,
    placing_points,
    rematches,
    snake,
    table_sizes,
)
from bot.tournament.pairing import swiss_tables


def test_a_win_is_worth_the_same_at_any_table_and_the_last_place_nothing() -> None:
    assert [placing_points(p, 4) for p in (1, 2, 3, 4)] == [12, 8, 4, 0]
    assert [placing_points(p, 3) for p in (1, 2, 3)] == [12, 6, 0]
    assert [placing_points(p, 2) for p in (1, 2)] == [12, 0]
    assert placing_points(2, 5) == 9
    assert BYE_POINTS == 6


def test_round_one_deals_seeds_like_a_snake() -> None:
    assert snake(list(range(1, 9)), [4, 4]) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert snake(list(range(1, 8)), [4, 3]) == [[1, 4, 5, 7], [2, 3, 6]]


def test_nine_at_tables_of_four_are_three_tables_of_three_and_five_need_a_bye() -> None:
    assert table_sizes(9, 4) == ([3, 3, 3], 0)
    assert table_sizes(5, 4) == ([4], 1)
    assert table_sizes(9, 8) == ([8], 1)
    assert table_sizes(16, 4) == ([4, 4, 4, 4], 0)


def test_settings_out_of_range_are_refused_by_name() -> None:
    with pytest.raises(TournamentError) as refused:
        Plan(Format.SWISS, 11).check()
    assert refused.value.code == "bad_table_size"
    with pytest.raises(TournamentError) as refused:
        Plan(Format.ELIMINATION, 4, advance=3).check()
    assert refused.value.code == "bad_advance"
    with pytest.raises(TournamentError) as refused:
        Plan(Format.SWISS, 4, rounds=0).check()
    assert refused.value.code == "bad_rounds"


def _finish(t: Tournament, order_of: dict[int, int] | None = None) -> None:
    """Finish the current round's tables, each table won by its lowest id (or `order_of`)."""
    round_ = t.rounds[-1]
    for number, table in enumerate(round_.tables):
        ranked = sorted(table, key=lambda p: (order_of or {}).get(p, 100 + p))
        t.record(round_.number, number, [Placing(p, i + 1, 50 - i) for i, p in
                                         enumerate(ranked)])


def _met_in(tables: list[list[int]]) -> Callable[[int, int], bool]:
    return lambda a, b: any(a in x and b in x for x in tables)


def test_sixteen_players_three_swiss_rounds_meet_nobody_twice() -> None:
    t = Tournament(Plan(Format.SWISS, 4, rounds=3), list(range(1, 17)))
    while not t.finished:
        earlier = [list(tb) for r in t.rounds for tb in r.tables]
        round_ = t.next_round()
        assert rematches(round_.tables, _met_in(earlier)) == 0
        assert [len(tb) for tb in round_.tables] == [4, 4, 4, 4]
        _finish(t)
    assert len(t.rounds) == 3
    top = t.standings()[0]
    assert top.points == 36 and top.tables == 3  # won all three of their tables


def test_a_table_result_is_recorded_once_and_must_name_its_players() -> None:
    t = Tournament(Plan(Format.SWISS, 2, rounds=1), [1, 2])
    t.next_round()
    with pytest.raises(TournamentError) as refused:
        t.record(1, 0, [Placing(1, 1), Placing(3, 2)])
    assert refused.value.code == "wrong_players"
    assert t.record(1, 0, [Placing(1, 1), Placing(2, 2)]) is True
    assert t.record(1, 0, [Placing(2, 1), Placing(1, 2)]) is False  # a repeated notice
    assert t.standings()[0].player == 1
    with pytest.raises(TournamentError):
        t.next_round()  # finished


def test_the_next_round_waits_for_every_table() -> None:
    t = Tournament(Plan(Format.SWISS, 2, rounds=2), [1, 2, 3, 4])
    t.next_round()
    with pytest.raises(TournamentError) as refused:
        t.next_round()
    assert refused.value.code == "round_running"


def test_nine_player_elimination_with_a_bye_to_the_top_seed() -> None:
    t = Tournament(Plan(Format.ELIMINATION, 8, advance=3), list(range(1, 10)))
    first = t.next_round()
    assert first.byes == [1] and len(first.tables[0]) == 8
    _finish(t, {9: 0, 8: 1, 7: 2})  # the three lowest seeds win their table
    final = t.next_round()
    assert sorted(final.tables[0]) == [1, 7, 8, 9] and final.byes == []
    _finish(t, {7: 0})
    assert t.finished
    standings = t.standings()
    assert [s.player for s in standings[:4]] == [7, 1, 8, 9]  # the final's order
    assert standings[4].out_in_round == 1
    assert standings[0].out_in_round is None


def test_a_dropped_player_keeps_results_and_is_not_seated_again() -> None:
    t = Tournament(Plan(Format.SWISS, 2, rounds=2), [1, 2, 3, 4])
    t.next_round()
    _finish(t)
    t.drop(4)
    second = t.next_round()
    assert 4 not in [p for tb in second.tables for p in tb] and second.byes != [4]
    assert any(s.player == 4 and s.tables == 1 for s in t.standings())


def test_a_night_of_sixteen_finds_round_two_without_a_rematch_within_the_budget() -> None:
    """Standings that put round 1's tablemates side by side: the fold (the top four at table 1,
    ...) seats rematches, and improving on it table by table spent the whole node budget before
    reaching a plan without one (2 rematches were seated). The search looks among the plans
    without a rematch first."""
    first = snake(list(range(16)), [4, 4, 4, 4])
    order = list(range(16))
    random.Random(13).shuffle(order)
    tables = swiss_tables(order, 4, _met_in(first))
    assert rematches(tables, _met_in(first)) == 0
    assert sorted(p for table in tables for p in table) == list(range(16))
