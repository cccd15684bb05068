"""Property tests of tournament seating and pairing (issue 31): every player seated once, no
rematch while one can be avoided (against a brute-force oracle), byes spread, standings in the
order docs/TOURNAMENTS.md states."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import (
    Format,
    Placing,
    Plan,
    Tournament,
    rematches,
    smallest_table,
    table_sizes,
)

FAST: dict[str, Any] = {"deadline": None, "derandomize": True}


def _partitions(players: Sequence[int], sizes: Sequence[int]) -> list[list[list[int]]]:
    """Every split of `players` into tables of `sizes` (in any arrangement): the oracle."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    found = []
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in _partitions(remaining, left):
                found.append([[first, *others], *tail])
    return found


def _play(tournament: Tournament, rng: random.Random) -> None:
    """Seat the next round and finish its tables with random placings."""
    round_ = tournament.next_round()
    for t, table in enumerate(round_.tables):
        order = list(table)
        rng.shuffle(order)
        tournament.record(round_.number, t, [
            Placing(p, place, rng.randrange(0, 200, 5)) for place, p in enumerate(order, 1)])


@given(players=st.integers(0, 60), size=st.integers(2, 10))
@settings(max_examples=300, **FAST)
def test_tables_are_even_and_byes_only_where_no_even_split_exists(players: int,
                                                                   size: int) -> None:
    sizes, byes = table_sizes(players, size)
    assert sum(sizes) + byes == players
    if players <= size:
        assert byes == (players if players < 2 else 0)
        return
    low = smallest_table(size)
    assert all(low <= s <= size for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    even_split_exists = any(t * low <= players <= t * size for t in range(1, players + 1))
    assert (byes > 0) == (not even_split_exists)
    assert byes < low


@given(players=st.integers(4, 9), size=st.integers(2, 4), rounds=st.integers(2, 4),
       seed=st.integers(0, 10_000))
@settings(max_examples=60, **FAST)
def test_swiss_never_seats_a_rematch_that_could_be_avoided(players: int, size: int,
                                                           rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    tournament = Tournament(Plan(Format.SWISS, size, rounds), list(range(100, 100 + players)))
    for _ in range(rounds):
        before = [list(t) for r in tournament.rounds for t in r.tables]

        def met(a: int, b: int, before: list[list[int]] = before) -> bool:
            return any(a in t and b in t for t in before)

        _play(tournament, rng)
        round_ = tournament.rounds[-1]
        seated = [p for t in round_.tables for p in t]
        assert Counter(seated + round_.byes) == Counter(tournament.seeds)  # each exactly once
        sizes = [len(t) for t in round_.tables]
        best = min(rematches(p, met) for p in _partitions(sorted(seated), sizes))
        assert rematches(round_.tables, met) == best


@given(players=st.integers(3, 14), size=st.integers(2, 6), rounds=st.integers(1, 8),
       seed=st.integers(0, 10_000))
@settings(max_examples=80, **FAST)
def test_byes_are_spread(players: int, size: int, rounds: int, seed: int) -> None:
    """Nobody sits out a second time while someone still playing has not sat out once."""
    rng = random.Random(seed)
    tournament = Tournament(Plan(Format.SWISS, size, min(rounds, 10)),
                            list(range(1, players + 1)))
    had: Counter[int] = Counter()
    while not tournament.finished:
        _play(tournament, rng)
        round_ = tournament.rounds[-1]
        fewest_not_out = min((had[p] for t in round_.tables for p in t), default=0)
        assert all(had[p] <= fewest_not_out for p in round_.byes)
        had.update(round_.byes)
    assert max(had.values(), default=0) - min(had[p] for p in tournament.seeds) <= 1


@given(players=st.integers(2, 16), size=st.integers(2, 5), rounds=st.integers(1, 5),
       seed=st.integers(0, 10_000))
@settings(max_examples=80, **FAST)
def test_swiss_standings_follow_points_buchholz_then_uno_points(players: int, size: int,
                                                                rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    tournament = Tournament(Plan(Format.SWISS, size, rounds), list(range(1, players + 1)))
    while not tournament.finished:
        _play(tournament, rng)
    standings = tournament.standings()
    assert [s.rank for s in standings] == list(range(1, players + 1))
    keys = [(-s.points, -s.buchholz, -s.uno_points) for s in standings]
    assert keys == sorted(keys)
    assert len(tournament.rounds) == rounds
    # The dump continues identically.
    again = Tournament.from_json(json.loads(json.dumps(tournament.to_json())))
    assert again.standings() == standings


@given(players=st.integers(2, 40), size=st.integers(2, 10), seed=st.integers(0, 10_000),
       advance=st.integers(1, 8))
@settings(max_examples=80, **FAST)
def test_elimination_narrows_to_one_final_table(players: int, size: int, seed: int,
                                                advance: int) -> None:
    advance = min(advance, max(1, smallest_table(size) - 1))
    rng = random.Random(seed)
    tournament = Tournament(Plan(Format.ELIMINATION, size, advance=advance),
                            list(range(1, players + 1)))
    left = players
    while not tournament.finished:
        _play(tournament, rng)
        round_ = tournament.rounds[-1]
        in_round = sum(len(t) for t in round_.tables) + len(round_.byes)
        assert in_round == left
        left = sum(min(advance, len(t)) for t in round_.tables) + len(round_.byes)
        assert left < in_round or len(round_.tables) == 1
    final = tournament.rounds[-1]
    assert len(final.tables) == 1 and not final.byes
    winner = final.results[0][0].player
    assert tournament.standings()[0].player == winner
    assert tournament.standings()[0].out_in_round is None
