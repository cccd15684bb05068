"""What finished rounds and matches add to each player's totals: the one computation both stores
(aiosqlite and in-memory) write from, so the standings never differ between them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.rating import Skill, rate

from .records import (
    ALL_TIME,
    ANY_PRESET,
    MatchResult,
    MatchSeat,
    RoundResult,
    RoundSeat,
    board_row,
    month_of,
)

# A player's counters, in the order of the player_totals columns.
COUNTERS = ("matches", "wins", "forfeits", "scored_matches", "match_points", "points",
            "rounds_won", "rounds_lost", "penalty_matches", "penalty_points", "uno_missed",
            "challenges_won", "challenges_lost")
_INDEX = {name: i for i, name in enumerate(COUNTERS)}

TotalsKey = tuple[int, str, str, int]  # guild, period, preset, user
ColorKey = tuple[int, int, str]  # guild, user, colour
PlayerKey = tuple[int, int]  # guild, user


def sum_results(rounds: Sequence[RoundResult], matches: Sequence[MatchResult]
                ) -> tuple[dict[TotalsKey, list[int]], dict[ColorKey, int]]:
    """Each result counts in four rows per player: all time and its month, every preset and
    its own; summed here first so a bulk import writes each row once. AI seats count in their
    level's row (`board_row`: two AIs of a level in one match are two of its matches); anonymous
    seats (forget me) count nowhere."""
    totals: dict[TotalsKey, list[int]] = {}
    colors: dict[ColorKey, int] = {}

    def add(keys: tuple[tuple[int, str, str], ...], user: int,
            values: Iterable[tuple[str, int]]) -> None:
        changes = [(_INDEX[name], value) for name, value in values if value]
        for guild, period, rules in keys:
            row = totals.get((guild, period, rules, user))
            if row is None:
                row = totals[(guild, period, rules, user)] = [0] * len(COUNTERS)
            for i, value in changes:
                row[i] += value

    def keys_of(guild: int, at: float, preset: str) -> tuple[tuple[int, str, str], ...]:
        month = month_of(at)
        return ((guild, ALL_TIME, ANY_PRESET), (guild, ALL_TIME, preset),
                (guild, month, ANY_PRESET), (guild, month, preset))

    for r in rounds:
        keys = keys_of(r.guild_id, r.finished_at, r.preset)
        standard, lazy = r.scoring == "standard", r.scoring == "lazy"
        for seat in r.seats:
            row = board_row(seat.user_id)
            if row is not None:
                add(keys, row, (
                    ("points", seat.points if standard else 0),
                    ("rounds_won", int(seat.user_id == r.winner_id)),
                    ("rounds_lost", int(lazy and seat.user_id == r.loser_id))))
    for m in matches:
        keys = keys_of(m.guild_id, m.finished_at, m.preset)
        standard, penalty = m.scoring == "standard", m.scoring == "penalty"
        for s in m.seats:
            row = board_row(s.user_id)
            if row is None:
                continue
            add(keys, row, (
                ("matches", 1), ("wins", int(s.won)), ("forfeits", int(s.forfeited)),
                ("scored_matches", int(standard)), ("match_points", s.points if standard else 0),
                ("penalty_matches", int(penalty)),
                ("penalty_points", s.penalty if penalty else 0), ("uno_missed", s.uno_missed),
                ("challenges_won", s.challenges_won), ("challenges_lost", s.challenges_lost)))
            if row < 0:
                continue  # an AI's colours: only /uno stats reads them, and AIs have none
            for color, n in s.colors.items():
                key = (m.guild_id, s.user_id, color)
                colors[key] = colors.get(key, 0) + n
    return totals, colors


def latest_names(rounds: Sequence[RoundResult],
                 matches: Sequence[MatchResult]) -> dict[PlayerKey, str]:
    """Every (non-anonymous) player of these results, with the name of their latest result ('':
    none given, which keeps the stored one)."""
    seen: dict[PlayerKey, tuple[float, str]] = {}
    results: list[tuple[float, int, Sequence[RoundSeat] | Sequence[MatchSeat]]] = [
        *((r.finished_at, r.guild_id, r.seats) for r in rounds),
        *((m.finished_at, m.guild_id, m.seats) for m in matches)]
    for at, guild, seats in results:
        for s in seats:
            key = (guild, s.user_id)
            if s.user_id > 0 and (key not in seen or seen[key][0] <= at):
                seen[key] = (at, s.name or seen.get(key, (0.0, ""))[1])
    return {key: name for key, (_, name) in seen.items()}


def rate_in_order(ratings: dict[PlayerKey, tuple[Skill, int]],
                  matches: Sequence[MatchResult]) -> None:
    """Rate the matches in finishing order, each from the ratings the previous one left:
    `ratings` (skill, matches rated) holds every player of them and is updated in place."""
    for m in sorted(matches, key=lambda m: m.finished_at):
        seats = [s for s in m.seats if s.user_id > 0]
        keys = [(m.guild_id, s.user_id) for s in seats]
        rated = rate([ratings[k][0] for k in keys], [s.place for s in seats])
        for key, skill in zip(keys, rated, strict=True):
            ratings[key] = (skill, ratings[key][1] + 1)
