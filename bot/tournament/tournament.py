"""The tournament itself: what to seat next, results in, standings and the podium out.

Swiss: `plan.rounds` rounds; round 1 deals the seeds (rating order) to the tables like a snake,
later rounds seat similar scores together without rematches (pairing.py); a bye scores
BYE_POINTS. Single elimination: every round deals the players still in (best standing first) to
tables like a snake; the best `plan.advance` of each table and the byes go on; when everyone
left fits at one table, that table is the final. docs/TOURNAMENTS.md says the same for players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .model import Format, Plan, Round, TournamentError
from .pairing import choose_byes, partition, snake
from .scoring import BYE_POINTS, Placing, Standing, table_points
from .seating import table_sizes


class Tournament:
    def __init__(self, plan: Plan, seeds: Sequence[int]) -> None:
        """`seeds`: the players, best rating first (sign-up order among equals)."""
        plan.check()
        if len(set(seeds)) != len(seeds):
            raise TournamentError("duplicate_player")
        self.plan = plan
        self.seeds = list(seeds)
        self.rounds: list[Round] = []
        self.dropped: set[int] = set()

    # -- reading

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        last = self.current
        if last is None or not last.complete:
            return False
        if self.plan.format is Format.SWISS:
            return last.number >= self.plan.rounds or len(self._playing()) < 2
        final = len(last.tables) == 1 and not last.byes
        return final or len(self._playing()) < 2

    def met(self, a: int, b: int) -> bool:
        return any(a in table and b in table for r in self.rounds for table in r.tables)

    def table_of(self, player: int) -> int | None:
        """The table of the current round where `player` sits, or None."""
        last = self.current
        if last is None:
            return None
        return next((t for t, table in enumerate(last.tables) if player in table), None)

    # -- changing

    def drop(self, player: int) -> None:
        """A player leaves the tournament: they keep their results and are seated no more."""
        if player not in self.seeds:
            raise TournamentError("not_entered")
        self.dropped.add(player)

    def enter(self, player: int) -> None:
        """A late entry: seated from the next round with no points yet (Swiss only once it
        runs: an elimination's field is fixed by its first round)."""
        if player in self.seeds and player not in self.dropped:
            raise TournamentError("duplicate_player")
        if self.plan.format is Format.ELIMINATION and self.rounds:
            raise TournamentError("late_in_elimination")
        self.dropped.discard(player)
        if player not in self.seeds:
            self.seeds.append(player)

    def next_round(self) -> Round:
        last = self.current
        if last is not None and not last.complete:
            raise TournamentError("round_running")
        if self.finished:
            raise TournamentError("finished")
        order = self._playing()
        if len(order) < 2:
            raise TournamentError("too_few_players")
        sizes, bye_count = table_sizes(len(order), self.plan.table_size)
        had = self._byes()
        elimination = self.plan.format is Format.ELIMINATION
        byes = choose_byes(order, bye_count, lambda p: had.get(p, 0), from_top=elimination)
        seated = [p for p in order if p not in byes]
        if elimination or last is None:
            tables = snake(seated, sizes)
        else:
            tables = partition(seated, sizes, self.met)
        round_ = Round(len(self.rounds) + 1, tables, byes)
        self.rounds.append(round_)
        return round_

    def record(self, number: int, table: int, placings: Sequence[Placing]) -> bool:
        """A table's result; False if it was recorded already (a repeated notice)."""
        if not 1 <= number <= len(self.rounds):
            raise TournamentError("no_such_round")
        round_ = self.rounds[number - 1]
        if not 0 <= table < len(round_.tables):
            raise TournamentError("no_such_table")
        if table in round_.results:
            return False
        if sorted(p.player for p in placings) != sorted(round_.tables[table]):
            raise TournamentError("wrong_players")
        round_.results[table] = sorted(placings, key=lambda p: (p.place, -p.uno_points))
        return True

    # -- standings

    def standings(self) -> list[Standing]:
        points, uno, tables, byes = self._totals()
        buchholz = {p: 0 for p in self.seeds}
        for r in self.rounds:
            for t, table in enumerate(r.tables):
                if t not in r.results:
                    continue
                for p in table:
                    buchholz[p] += sum(points[o] for o in table if o != p)
        seed = {p: i for i, p in enumerate(self.seeds)}
        if self.plan.format is Format.SWISS:
            order = sorted(self.seeds, key=lambda p: (-points[p], -buchholz[p], -uno[p], seed[p]))
            out: dict[int, int | None] = {}
        else:
            reached, last_points, out = self._elimination_marks()
            order = sorted(self.seeds, key=lambda p: (-reached[p], -last_points[p], -uno[p],
                                                       seed[p]))
        return [Standing(p, rank, points[p], buchholz[p], uno[p], tables[p], byes[p],
                         out.get(p)) for rank, p in enumerate(order, start=1)]

    def podium(self) -> list[Standing]:
        return self.standings()[:3]

    def _totals(self) -> tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]:
        points = {p: 0 for p in self.seeds}
        uno = dict(points)
        tables = dict(points)
        byes = dict(points)
        for r in self.rounds:
            for p in r.byes:
                byes[p] += 1
                points[p] += BYE_POINTS if self.plan.format is Format.SWISS else 0
            for placings in r.results.values():
                for p, gained in table_points(placings).items():
                    points[p] += gained
                    tables[p] += 1
                for placing in placings:
                    uno[placing.player] += placing.uno_points
        return points, uno, tables, byes

    def _byes(self) -> dict[int, int]:
        had: dict[int, int] = {}
        for r in self.rounds:
            for p in r.byes:
                had[p] = had.get(p, 0) + 1
        return had

    def _elimination_marks(self) -> tuple[dict[int, int], dict[int, int], dict[int, int | None]]:
        """Per player: the last round they were in, their placing points there, and the round
        that put them out."""
        reached = {p: 0 for p in self.seeds}
        last_points = dict(reached)
        out: dict[int, int | None] = {}
        for r in self.rounds:
            for p in r.byes:
                reached[p] = r.number
            for t, table in enumerate(r.tables):
                for p in table:
                    reached[p] = r.number
                placings = r.results.get(t)
                if placings is None:
                    continue
                last_points.update(table_points(placings))
                going_on = ({placings[0].player} if self._is_final(r)
                            else set(self._advancing(placings)))
                out.update({p: r.number for p in table if p not in going_on})
        return reached, last_points, out

    def _is_final(self, r: Round) -> bool:
        return len(r.tables) == 1 and not r.byes

    def _advancing(self, placings: Sequence[Placing]) -> list[int]:
        seed = {p: i for i, p in enumerate(self.seeds)}
        ranked = sorted(placings, key=lambda p: (p.place, -p.uno_points, seed[p.player]))
        return [p.player for p in ranked[:self.plan.advance]]

    def _playing(self) -> list[int]:
        """Who is seated next, best standing first."""
        ranked = [s.player for s in self.standings()] if self.rounds else list(self.seeds)
        if self.plan.format is Format.ELIMINATION and self.rounds:
            last = self.rounds[-1]
            going_on = set(last.byes)
            for placings in last.results.values():
                going_on.update(self._advancing(placings))
            ranked = [p for p in ranked if p in going_on]
        return [p for p in ranked if p not in self.dropped]

    # -- saving

    def to_json(self) -> dict[str, Any]:
        return {"plan": self.plan.to_json(), "seeds": self.seeds,
                "rounds": [r.to_json() for r in self.rounds], "dropped": sorted(self.dropped)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        tournament = cls(Plan.from_json(data["plan"]), [int(p) for p in data["seeds"]])
        tournament.rounds = [Round.from_json(r) for r in data["rounds"]]
        tournament.dropped = {int(p) for p in data["dropped"]}
        return tournament
