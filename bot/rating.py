"""Skill ratings for free-for-all matches: openskill's Plackett-Luce model (Weng & Lin, 2011).

Plackett-Luce rates a match as a finishing order of any number of players, so a win over three
strong players counts for more than a win over one weak player, and every place in between moves
its player. A rating is a belief (mean `mu`, uncertainty `sigma`); boards rank by the conservative
`ordinal` = mu − 3·sigma, which starts at 0 and rises as a player proves themselves, so one lucky
match cannot top the board. Pure computation: storage calls it inside the transaction that
records the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MIN_RATED_MATCHES = 5
"""Matches a player needs in a server before the rating board shows them."""

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


NEW_PLAYER = Skill(_MODEL.mu, _MODEL.sigma)


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Everyone's skill after one match; `places` are finishing places (1 = winner, equal places
    tie). A match of fewer than two players teaches nothing and changes nothing."""
    if len(skills) != len(places):
        raise ValueError("one place per player")
    if len(skills) < 2:
        return list(skills)
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
