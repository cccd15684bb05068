"""`StatsRepository` without SQL, over a `MemoryDatabase`: the same rows, totals, colours and
ratings as `stats.py`, updated the same way, so boards, ties and ratings come out identical (see
bot/storage/memory.py)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace

from bot.rating import MIN_RATED_MATCHES, NEW_PLAYER, Skill

from ._json import decode, encode
from .memory_rows import (
    _COUNTERS,
    _INDEX,
    Clock,
    MemoryDatabase,
    _GuildPlayer,
    _MatchPlayer,
    _MatchRow,
    _RoundPoints,
    _RoundRow,
)
from .records import (
    ALL_TIME,
    ANY_PRESET,
    BOARDS,
    PER_PAGE,
    Forgotten,
    LeaderboardEntry,
    LeaderboardPage,
    MatchResult,
    MatchSeat,
    PlayerStats,
    RoundResult,
    RoundSeat,
)
from .totals import latest_names, rate_in_order, sum_results


class MemoryStatsRepository:
    """`StatsRepository` without SQL: the same rows, totals and ratings, kept in dictionaries
    and read the way the SQL queries read them (filters, order, ties, paging)."""

    def __init__(self, db: MemoryDatabase, *, clock: Clock = time.time) -> None:
        self._db = db
        self._clock = clock

    # -- recording

    async def record_round(self, result: RoundResult) -> bool:
        rounds, _ = record_results(self._db, rounds=[result])
        return rounds == 1

    async def record_match(self, result: MatchResult) -> bool:
        _, matches = record_results(self._db, matches=[result])
        return matches == 1

    async def record_many(self, rounds: Sequence[RoundResult], matches: Sequence[MatchResult],
                          *, batch: int = 2000) -> None:
        """The batches of `StatsRepository.record_many`, so names and ratings come out the same
        (each batch is one step, as each is one transaction there)."""
        by_game: dict[str, list[RoundResult]] = {}
        for result in rounds:
            by_game.setdefault(result.game_id, []).append(result)
        ordered = sorted(matches, key=lambda m: (m.guild_id, m.finished_at))
        for start in range(0, len(ordered), batch):
            chunk = ordered[start:start + batch]
            chunk_rounds = [r for m in chunk for r in by_game.pop(m.game_id, [])]
            record_results(self._db, rounds=chunk_rounds, matches=chunk)
        rest = [r for group in by_game.values() for r in group]
        if rest:
            record_results(self._db, rounds=rest)

    # -- reading

    async def leaderboard(self, guild_id: int, *, board: str = "wins", period: str = ALL_TIME,
                          preset: str = ANY_PRESET, page: int = 0,
                          per_page: int = PER_PAGE) -> LeaderboardPage:
        if board not in BOARDS:
            raise ValueError(f"unknown board {board!r}")
        if board == "rating":
            period, preset = ALL_TIME, ANY_PRESET
        rows = self._board(guild_id, board, period, preset)
        total = len(rows)
        pages = max(1, math.ceil(total / per_page))
        page = min(max(page, 0), pages - 1)
        offset = page * per_page
        # SQLite reads a negative LIMIT as no limit at all.
        shown = rows[offset:] if per_page < 0 else rows[offset:offset + per_page]
        entries = tuple(replace(entry, place=offset + i + 1) for i, entry in enumerate(shown))
        return LeaderboardPage(guild_id, board, period, preset, page, pages, total, entries)

    def _board(self, guild_id: int, board: str, period: str,
               preset: str) -> list[LeaderboardEntry]:
        """Every row of a board in its order (place 0: set when paged)."""
        db = self._db
        if board == "rating":
            rated = [(user, p) for (guild, user), p in db.players.items()
                     if guild == guild_id and p.rated >= MIN_RATED_MATCHES]
            rated.sort(key=lambda item: (-item[1].ordinal, item[0]))
            entries = []
            for user, p in rated:
                t = db.totals.get((guild_id, ALL_TIME, ANY_PRESET, user))
                entries.append(LeaderboardEntry(
                    place=0, user_id=user, name=p.name,
                    matches=t[_INDEX["matches"]] if t else 0, wins=t[_INDEX["wins"]] if t else 0,
                    points=t[_INDEX["points"]] if t else 0, rating=p.ordinal, rated=p.rated))
            return entries
        column = "matches" if board == "wins" else "points"
        found = [(user, t) for (guild, per, rules, user), t in db.totals.items()
                 if (guild, per, rules) == (guild_id, period, preset) and t[_INDEX[column]] > 0]
        if board == "wins":
            found.sort(key=lambda item: (-item[1][_INDEX["wins"]], item[1][_INDEX["matches"]],
                                         item[0]))
        else:
            found.sort(key=lambda item: (-item[1][_INDEX["points"]], item[0]))
        entries = []
        for user, t in found:
            known = db.players.get((guild_id, user))  # SQL: a LEFT JOIN
            entries.append(LeaderboardEntry(
                place=0, user_id=user, name=known.name if known else "",
                matches=t[_INDEX["matches"]], wins=t[_INDEX["wins"]], points=t[_INDEX["points"]],
                rating=known.ordinal if known else 0.0, rated=known.rated if known else 0))
        return entries

    async def player_stats(self, guild_id: int, user_id: int, *,
                           preset: str = ANY_PRESET) -> PlayerStats | None:
        db = self._db
        player = db.players.get((guild_id, user_id))
        if player is None:
            return None
        totals = db.totals.get((guild_id, ALL_TIME, preset, user_id)) or [0] * len(_COUNTERS)
        colors = dict(sorted((color, n) for (guild, user, color), n in db.colors.items()
                             if (guild, user) == (guild_id, user_id)))
        rank = None
        if player.rated >= MIN_RATED_MATCHES:
            rank = 1 + sum(
                1 for (guild, user), p in db.players.items()
                if guild == guild_id and p.rated >= MIN_RATED_MATCHES
                and (p.ordinal > player.ordinal
                     or (p.ordinal == player.ordinal and user < user_id)))
        counters = dict(zip(_COUNTERS, totals, strict=True))
        return PlayerStats(user_id=user_id, name=player.name, colors=colors,
                           rating=player.ordinal, rated=player.rated, rank=rank, mu=player.mu,
                           sigma=player.sigma, **counters)

    async def match(self, game_id: str) -> MatchResult | None:
        m = self._db.matches.get(game_id)
        if m is None:
            return None
        colors: dict[int, dict[str, int]] = {}
        for (user, color), n in sorted(m.colors.items()):
            colors.setdefault(user, {})[color] = n
        seats = []
        for p in sorted(m.players, key=lambda p: p.seat):
            known = self._db.players.get((m.guild_id, p.user_id)) if p.user_id > 0 else None
            seats.append(MatchSeat(
                user_id=p.user_id, seat=p.seat, name=known.name if known else "", place=p.place,
                won=p.won, forfeited=p.forfeited, points=p.points, penalty=p.penalty,
                uno_missed=p.uno_missed, challenges_won=p.challenges_won,
                challenges_lost=p.challenges_lost, colors=colors.get(p.user_id, {})))
        return MatchResult(
            game_id=game_id, guild_id=m.guild_id, preset=m.preset, options=decode(m.options),
            scoring=m.scoring, winner_id=m.winner_id,
            started_at=m.started_at if m.started_at is not None else m.finished_at,
            finished_at=m.finished_at, rounds=m.rounds, forfeit=m.forfeit, seats=tuple(seats))

    async def rounds(self, game_id: str) -> list[RoundResult]:
        stored = self._db.rounds.get(game_id, {})
        return [RoundResult(
            game_id=game_id, guild_id=r.guild_id, round=number, preset=r.preset,
            scoring=r.scoring, winner_id=r.winner_id, loser_id=r.loser_id,
            finished_at=r.finished_at,
            seats=tuple(RoundSeat(user_id=s.user_id, seat=s.seat, points=s.points,
                                  penalty=s.penalty, place=s.place)
                        for s in sorted(r.seats, key=lambda s: s.seat)))
            for number, r in sorted(stored.items())]

    # -- forgetting

    async def forget_user(self, user_id: int) -> Forgotten:
        """See `StatsRepository.forget_user`: the same rows change, in the same order."""
        db = self._db
        guilds = {guild for guild, user in db.players if user == user_id}
        for m in db.matches.values():
            if m.guild_id in guilds and m.winner_id == user_id:
                m.winner_id = next((-1 - p.seat for p in m.players if p.user_id == user_id),
                                   None)
        rounds = 0
        for by_number in db.rounds.values():
            for r in by_number.values():
                if r.guild_id not in guilds:
                    continue
                seat = next((s.seat for s in r.seats if s.user_id == user_id), None)
                anonymous = None if seat is None else -1 - seat
                if r.winner_id == user_id:
                    r.winner_id = anonymous
                if r.loser_id == user_id:
                    r.loser_id = anonymous
                for s in r.seats:
                    if s.user_id == user_id:
                        s.user_id = -1 - s.seat
                        rounds += 1
        matches = 0
        for m in db.matches.values():
            if any(p.user_id == user_id for p in m.players):
                m.colors = {k: n for k, n in m.colors.items() if k[0] != user_id}
            for p in m.players:
                if p.user_id == user_id:
                    p.user_id = -1 - p.seat
                    p.uno_missed = p.challenges_won = p.challenges_lost = 0
                    matches += 1
        db.totals = {k: v for k, v in db.totals.items() if not (k[3] == user_id
                                                                 and k[0] in guilds)}
        db.colors = {k: n for k, n in db.colors.items() if not (k[1] == user_id
                                                                 and k[0] in guilds)}
        db.players = {k: p for k, p in db.players.items() if k[1] != user_id}
        return Forgotten(matches=matches, rounds=rounds)


def record_results(db: MemoryDatabase, *, rounds: Sequence[RoundResult] = (),
            matches: Sequence[MatchResult] = ()) -> tuple[int, int]:
    """`stats.record` in memory: results already stored are skipped whole; the rows, totals,
    colours, names and ratings of the new ones are computed first and then stored together."""
    unique_rounds = list({(r.game_id, r.round): r for r in reversed(rounds)}.values())[::-1]
    new_rounds = [r for r in unique_rounds if r.round not in db.rounds.get(r.game_id, {})]
    unique_matches = list({m.game_id: m for m in reversed(matches)}.values())[::-1]
    new_matches = [m for m in unique_matches if m.game_id not in db.matches]
    if not new_rounds and not new_matches:
        return 0, 0
    players = _rated_players(db, new_rounds, new_matches)  # the one step that could raise
    for r in new_rounds:
        db.rounds.setdefault(r.game_id, {})[r.round] = _RoundRow(
            guild_id=r.guild_id, winner_id=r.winner_id, loser_id=r.loser_id,
            finished_at=float(r.finished_at), scoring=r.scoring, preset=r.preset,
            seats=[_RoundPoints(s.user_id, s.seat, s.points, s.penalty, s.place)
                   for s in r.seats])
    for m in new_matches:
        db.matches[m.game_id] = _MatchRow(
            guild_id=m.guild_id, winner_id=m.winner_id, finished_at=float(m.finished_at),
            preset=m.preset, options=encode(m.options), scoring=m.scoring, rounds=m.rounds,
            forfeit=bool(m.forfeit), started_at=float(m.started_at),
            players=[_MatchPlayer(s.user_id, s.seat, s.place, bool(s.won), bool(s.forfeited),
                                  s.points, s.penalty, s.uno_missed, s.challenges_won,
                                  s.challenges_lost) for s in m.seats],
            colors={(s.user_id, color): n for s in m.seats
                    for color, n in sorted(s.colors.items()) if n > 0})
    _add_totals(db, new_rounds, new_matches)
    for key, (name, skill, rated) in players.items():
        old = db.players.get(key)
        db.players[key] = _GuildPlayer(name=name if name != "" or old is None else old.name,
                                       mu=skill.mu, sigma=skill.sigma, ordinal=skill.ordinal,
                                       rated=rated)
    return len(new_rounds), len(new_matches)


def _add_totals(db: MemoryDatabase, rounds: Sequence[RoundResult],
                matches: Sequence[MatchResult]) -> None:
    """`stats._add_totals`, on the dictionaries: the batch summed, then added."""
    totals, colors = sum_results(rounds, matches)
    for total_key, values in totals.items():
        stored = db.totals.setdefault(total_key, [0] * len(_COUNTERS))
        for i, value in enumerate(values):
            stored[i] += value
    for color_key, n in colors.items():
        if n > 0:
            db.colors[color_key] = db.colors.get(color_key, 0) + n


def _rated_players(db: MemoryDatabase, rounds: Sequence[RoundResult],
                   matches: Sequence[MatchResult]) -> dict[tuple[int, int],
                                                           tuple[str, Skill, int]]:
    """`stats._update_players` without the write: for each player of these results, the name
    (the latest they played under; '' keeps the stored one), skill and matches rated after
    rating the matches in finishing order."""
    names = latest_names(rounds, matches)
    skills: dict[tuple[int, int], tuple[Skill, int]] = {}
    for key in names:
        stored = db.players.get(key)
        skills[key] = ((Skill(stored.mu, stored.sigma), stored.rated) if stored is not None
                       else (NEW_PLAYER, 0))
    rate_in_order(skills, matches)
    return {key: (names[key], skill, n) for key, (skill, n) in skills.items()}
