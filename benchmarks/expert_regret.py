"""A low-noise yardstick for the expert's imagined worlds (issue #33): regret on fixed positions.

Usage, from the repository root::

    python benchmarks/expert_regret.py [--positions N] [--oracle W] [--seed S] [--variants ...]

Whole games measure a variant to about +-2% in an hour; most of that noise is the deal, not the
decision. This script instead:

1. plays `benchmarks/ai.py`'s "expert vs normal" classic rounds (seats rotated, round i dealt
   with seed S + i) and records the expert's searched decisions (its turn, more than one
   candidate): its `Observation` and the other players' TRUE hands at that moment;
2. values every candidate of every position by an ORACLE: the search's simulations (whole
   rounds on the core, common random numbers) on `--oracle` tables that hold the true hands,
   the draw pile a random deal of the rest (what `expert_ceiling.py` plays with);
   positions and oracle values are cached under /tmp (keyed by the arguments);
3. scores each variant of the expert on the same positions, each decided with the same seed:
   its mean regret (the oracle's value of the oracle's best candidate less that of the
   variant's choice, in rounds won per decision) and how often it chose the oracle's best,
   with 95% bootstrap intervals, and the regret paired against the first variant (the same
   positions: far less noise than two independent means), and each decision's CPU time
   (median and p99, `time.process_time()`).

A regret of 0.01 is one round in a hundred per searched decision; a round has about 8 such
decisions per expert seat, so small regret differences are large win-rate differences.
`--variants` names what to score (`VARIANTS`: the search's budget in core steps, with its
simulations in proportion (`steps36k`: 36,000 steps, 900 simulations), its overrule rule
(`MARGIN`, `Z`; `alone`: no default), and ceilings that deal some of the TRUE cards, which no
player may do); `--repeats R` decides each position R times (seeds), which narrows the
search's own noise. First written on the git tag `experiments/infer-clues` to measure clues
about the hidden hands (`bot.ai.clues`, not in main); its figures below.

Measured on the tag (800 positions from seeds 60,000 on, oracle 500 tables each, 200 s; 1
process, load average 4-6; regret vs the expert as on main then, paired, 95% bootstrap; 3
repeats unless said):
the expert as on main (clue `drew`) 0.0333 [0.0293, 0.0372], agreeing with the oracle 50.9%;
deciding alone +0.0044 [+0.0014, +0.0075]. Ceilings: the true hands -0.0209 [-0.0255,
-0.0159] (1 repeat; 0.0118, agreeing 67.1%), the true colour counts of every hand -0.0061
[-0.0096, -0.0028], the true short hands (3 cards or fewer) -0.0049 [-0.0079, -0.0017], the
true next hand -0.0031 [-0.0062, +0.0000], the true wilds +0.0031 [+0.0004, +0.0056] (its
other cards dealt without the draw's clue). Clues: none +0.0011 [-0.0015, +0.0038] (1
repeat); a draw's number or symbol too -0.0001 [-0.0011, +0.0010] (5 repeats); and the colour
named -0.0001 [-0.0014, +0.0013] (5); the colour named alone +0.0003 [-0.0009, +0.0018];
clues outliving penalty cards -0.0001 [-0.0014, +0.0013]; an early wild +0.0033 [+0.0003,
+0.0062] (1 repeat); all of them +0.0031 [+0.0008, +0.0057]. The worlds (share of a hand's
cards right, colour error per card): no clues 10.8% / 0.967, the draw's colour 11.9% / 0.900,
with the colour named and the rank 12.4% / 0.851, all 12.7% / 0.838, true colours 19.4% / 0,
true short hands 39.4% / 0.590. Against the true hands, 96.1% of the hands with a draw's clue
honour it (34 of 3,337 cards do not; with the rank, the same), 93.4% with an early wild's,
89% with the colour named (the seats that search name colours their own way). So the public
clues sharpen the worlds a little and change no decision measurably: what the search lacks is
which cards the short hands hold, and public play does not say it.

Budget and overrule rule (issue 33, last pass; the same 800 positions and oracle, cached from
the tag's run, nice 19, 1 process beside the lead's benchmarks, load average 0.7-3.9; regret
paired against the first variant of each run; CPU ms per decision median/p99). One repeat,
against 12,000 steps (0.0328 [0.0282, 0.0373], 17/33 ms): 24,000 steps -0.0025 [-0.0049,
-0.0003] (34/55 ms), 36,000 -0.0012 [-0.0039, +0.0015] (51/80), 72,000 -0.0023 [-0.0054,
+0.0007] (103/183 ms: too slow), alone (no default) +0.0027 [-0.0007, +0.0062], alone at
36,000 -0.0030 [-0.0065, +0.0005], Z 2 +0.0016 [-0.0016, +0.0047], Z 0.5 +0.0004 [-0.0019,
+0.0028], MARGIN 0.01 +0.0000 (Z binds, not MARGIN). Three repeats, against 12,000 (0.0321
[0.0283, 0.0358], 18/34 ms): 24,000 -0.0014 [-0.0028, +0.0000] (37/65 ms), 36,000 -0.0013
[-0.0027, +0.0002] (51/90), alone at 36,000 -0.0027 [-0.0052, -0.0001] (54/99); then against
24,000 (0.0307 [0.0269, 0.0346], 34/59 ms): alone at 24,000 +0.0007 [-0.0014, +0.0028].
More thinking lowers the regret a little and then stops: what is missing stays the hidden
hands (true hands: -0.021). Whole games did not show the gain (the same first 1,000 rounds:
24,000 steps 54.1%, 12,000 steps 55.5%, see benchmarks/ai.py), so `bot.ai.search` keeps 12,000
steps and 300 simulations, and the overrule rule as it was (MARGIN 0.02, Z 1): the variant
`expert` is the expert as it is, `steps12k` the same.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import bot.ai.arena as arena  # noqa: E402
import bot.ai.search as search  # noqa: E402
from benchmarks.ai import ARRANGEMENTS  # noqa: E402
from bot.ai import ExpertPolicy, NormalPolicy, Observation, Policy, play_round  # noqa: E402
from bot.ai.memory import remember  # noqa: E402
from bot.ai.playout import playout, value  # noqa: E402
from bot.ai.policy import choosable  # noqa: E402
from bot.ai.worlds import Worlds, action_ids, core_plays  # noqa: E402
from bot.engine import Action, ActionType, Game, PlayerView, RuleSet  # noqa: E402
from bot.engine import player_view as engine_view  # noqa: E402
from bot.sim import DRAW, Table  # noqa: E402
from bot.sim.bridge import ids  # noqa: E402

_DEAL = Worlds.deal  # the module's own, whatever a variant puts in its place
DEFAULT_SEED = 60_000  # not ai.py's seeds: the positions are not the games it confirms on


@dataclass
class Position:
    obs: Observation
    hands: dict[int, list[int]]  # the other seats' true hands, as core ids
    candidates: list[int]
    oracle: dict[int, float]  # rounds won per simulation on true-hands tables


def candidates_of(obs: Observation) -> list[int] | None:
    """The expert's candidates (as `ExpertPolicy.decide` forms them), None if it does not
    search here."""
    if not obs.my_turn or not core_plays(obs):
        return None
    actions = choosable(obs)
    if any(a.type in (ActionType.UNO, ActionType.CATCH) for a in actions):
        return None
    action_id = action_ids(obs)
    found = list(dict.fromkeys(action_id(a) for a in actions))
    chosen = [a for a in found if a != DRAW] or found
    return chosen if len(chosen) > 1 else None


class _Recorder(ExpertPolicy):
    """The expert as it is, noting each searched decision with the true hands beside it."""

    def __init__(self, into: list[tuple[Observation, dict[int, list[int]]]],
                 game: list[Game]) -> None:
        super().__init__()
        self.into, self.game = into, game

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        if candidates_of(obs) is not None:
            game = self.game[0]
            hands = {s: ids(game.hands[s]) for s in range(len(obs.players)) if s != obs.seat}
            self.into.append((obs, hands))
        return super().decide(obs, rng)


def collect(count: int, seed: int) -> Iterator[tuple[Observation, dict[int, list[int]]]]:
    """Searched positions of the expert seats, round by round, until `count` (every third, so
    that they spread over more rounds)."""
    current: list[Game] = []

    def player_view(game: Game, name: str) -> PlayerView:
        current[:] = [game]
        return engine_view(game, name)

    setattr(arena, "player_view", player_view)  # noqa: B010 (arena's own name for it)
    found = 0
    i = seed
    while found < count:
        noted: list[tuple[Observation, dict[int, list[int]]]] = []
        arrangement = ARRANGEMENTS[i % len(ARRANGEMENTS)]
        policies: dict[str, Policy] = {
            f"{side}{seat}": _Recorder(noted, current) if side == "A" else NormalPolicy()
            for seat, side in enumerate(arrangement)}
        play_round(policies, RuleSet.classic(), seed=i)
        for obs, hands in noted[i % 3::3]:
            if found < count:
                found += 1
                yield obs, hands
        i += 1
    setattr(arena, "player_view", engine_view)  # noqa: B010


def true_table(worlds: Worlds, hands: dict[int, list[int]], rng: random.Random) -> Table:
    """An imagined table with the true hands in it (the draw pile: the rest, shuffled)."""
    table = _DEAL(worlds, rng)
    rest = Counter(worlds.pool)
    for seat, hand in hands.items():
        table.hands[seat] = hand[:]
        rest.subtract(hand)
    cards = list(rest.elements())
    rng.shuffle(cards)
    pile = worlds.need - sum(len(h) for h in hands.values())
    table.pile, table.discard = cards[:pile], cards[pile:] + worlds.known
    return table


def oracle(obs: Observation, hands: dict[int, list[int]], candidates: list[int],
           tables: int, seed: int) -> dict[int, float]:
    """Every candidate's share of rounds won on `tables` true-hands tables (paired)."""
    rng = random.Random(seed)
    worlds = Worlds(obs, remember(obs))
    won = dict.fromkeys(candidates, 0.0)
    for _ in range(tables):
        table, table_seed = true_table(worlds, hands, rng), rng.getrandbits(32)
        for action in candidates:
            game = table.clone(random.Random(table_seed))
            game.apply(action)
            playout(game, game.rng)
            won[action] += value(game, obs.seat)
    return {a: w / tables for a, w in won.items()}


def positions(count: int, tables: int, seed: int) -> list[Position]:
    cache = Path(f"/tmp/expert_regret_{count}_{tables}_{seed}.pickle")
    if cache.exists():  # plain tuples: readable whoever runs this module as __main__
        return [Position(*fields) for fields in pickle.loads(cache.read_bytes())]
    started = time.perf_counter()
    found = []
    for i, (obs, hands) in enumerate(collect(count, seed)):
        candidates = candidates_of(obs)
        assert candidates is not None
        found.append(Position(obs, hands, candidates,
                              oracle(obs, hands, candidates, tables, seed + i)))
    cache.write_bytes(pickle.dumps([(p.obs, p.hands, p.candidates, p.oracle) for p in found]))
    print(f"{count} positions and their oracle ({tables} tables each) in "
          f"{time.perf_counter() - started:.0f} s, cached in {cache}", flush=True)
    return found


def _bootstrap(values: list[float], rng: random.Random, draws: int = 2_000
               ) -> tuple[float, float]:
    n = len(values)
    means = sorted(sum(values[int(rng.random() * n)] for _ in range(n)) / n
                   for _ in range(draws))
    return means[int(0.025 * draws)], means[int(0.975 * draws)]


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def regrets(found: list[Position], make: Callable[[], Policy], seed: int, repeats: int
            ) -> tuple[list[float], list[float], list[float]]:
    """Per position, over `repeats` decisions (seeds): the mean regret of the policy's choice
    and how often it was the oracle's best; and each decision's CPU milliseconds."""
    policy = make()
    lost, agreed, times = [], [], []
    for i, p in enumerate(found):
        _TRUTH[:] = [p.hands]
        best = max(p.oracle.values())
        regret = hits = 0.0
        for r in range(repeats):
            started = time.process_time()
            action = policy.decide(p.obs, random.Random(seed + i + 1_000_003 * r))
            times.append((time.process_time() - started) * 1000)
            assert action is not None
            got = p.oracle.get(action_ids(p.obs)(action), min(p.oracle.values()))
            regret, hits = regret + best - got, hits + (got >= best)
        lost.append(regret / repeats)
        agreed.append(hits / repeats)
    return lost, agreed, times


_TRUTH: list[dict[int, list[int]]] = []  # the position being decided's true hands


def _true_deal(self: Worlds, rng: random.Random) -> Table:
    return true_table(self, _TRUTH[0], rng)


def _true_colours_deal(self: Worlds, rng: random.Random) -> Table:
    """A ceiling of colour inference: each hidden hand of its true colours, cards at random."""
    table = _DEAL(self, rng)
    colors = table.CARD_COLOR
    rest = list(Counter(self.pool).elements())
    rng.shuffle(rest)
    for seat, hand in _TRUTH[0].items():
        want = Counter(colors[c] for c in hand)
        got = []
        for c in rest:
            if want[colors[c]] > 0:
                want[colors[c]] -= 1
                got.append(c)
        table.hands[seat] = got
        for c in got:
            rest.remove(c)
    pile = self.need - sum(len(h) for h in _TRUTH[0].values())
    table.pile, table.discard = rest[:pile], rest[pile:] + self.known
    return table


def _partly_true(keep: Callable[[int, int, list[int]], list[int]]) -> Callable[[], None]:
    """A ceiling of one kind of inference: each hidden hand holds `keep(seat, me, truth)` of
    its true cards (the rest of it dealt at random from what is left)."""

    def deal(self: Worlds, rng: random.Random) -> Table:
        table = _DEAL(self, rng)
        me = self.me
        rest = Counter(self.pool)
        kept = {seat: keep(seat, me, hand) for seat, hand in _TRUTH[0].items()}
        for cards in kept.values():
            rest.subtract(cards)
        left = list(rest.elements())
        rng.shuffle(left)
        for seat, hand in _TRUTH[0].items():
            more = len(hand) - len(kept[seat])
            table.hands[seat], left = kept[seat] + left[:more], left[more:]
        pile = self.need - sum(len(h) for h in _TRUTH[0].values())
        table.pile, table.discard = left[:pile], left[pile:] + self.known
        return table

    return lambda: setattr(Worlds, "deal", deal)


def _alone() -> None:
    """The search decides alone, without the hard level's choice as its default."""
    search.MARGIN = search.Z = 0.0


def _thinking(steps: int, margin: float = search.MARGIN, z: float = search.Z
              ) -> Callable[[], None]:
    """The search with `steps` core steps a decision (and simulations in proportion to main's
    BUDGET per STEPS), overruling the hard level's choice by `margin` and `z`."""
    def setup() -> None:
        search.STEPS, search.MARGIN, search.Z = steps, margin, z
        _BUDGET[:] = [round(_MAIN[0] * steps / _MAIN[1])]
    return setup


_MAIN = (search.BUDGET, search.STEPS)
_BUDGET: list[int] = [search.BUDGET]


# name -> how it sets the modules up (each variant starts from the defaults).
VARIANTS: dict[str, Callable[[], None]] = {
    "expert": lambda: None,  # as it is
    "alone": _alone,
    "steps12k": _thinking(12_000),
    "steps24k": _thinking(24_000),
    "steps36k": _thinking(36_000),
    "steps72k": _thinking(72_000),
    "alone24k": _thinking(24_000, 0.0, 0.0),
    "alone36k": _thinking(36_000, 0.0, 0.0),
    "margin0.01": _thinking(search.STEPS, 0.01),
    "margin0.04": _thinking(search.STEPS, 0.04),
    "z0.5": _thinking(search.STEPS, search.MARGIN, 0.5),
    "z2": _thinking(search.STEPS, search.MARGIN, 2.0),
    "margin0.01-36k": _thinking(36_000, 0.01),
    "z2-36k": _thinking(36_000, search.MARGIN, 2.0),
    "true-hands": lambda: setattr(Worlds, "deal", _true_deal),  # a ceiling: cheats
    "true-colours": lambda: setattr(Worlds, "deal", _true_colours_deal),  # cheats too
    "true-wilds": _partly_true(lambda s, me, h: [c for c in h if Table.CARD_COLOR[c] < 0]),
    "true-short": _partly_true(lambda s, me, h: h if len(h) <= 3 else []),
    "true-next": _partly_true(lambda s, me, h: h if s == (me + 1) % 4 else []),
}


def _defaults() -> Callable[[], None]:
    saved = {(search, "MARGIN"): search.MARGIN, (search, "Z"): search.Z,
             (search, "STEPS"): search.STEPS, (Worlds, "deal"): _DEAL}

    def restore() -> None:
        for (module, name), old in saved.items():
            setattr(module, name, old)
        _BUDGET[:] = [_MAIN[0]]
    return restore


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--oracle", type=int, default=400, help="true-hands tables a position")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--repeats", type=int, default=1, help="decisions (seeds) a position")
    args = parser.parse_args()
    found = positions(args.positions, args.oracle, args.seed)
    restore = _defaults()
    rng = random.Random(1)
    base: list[float] | None = None
    print(f"{'variant':14} {'regret':>7} {'95% interval':>16} {'vs first':>8} "
          f"{'95% interval':>16} {'agree':>6} {'CPU ms median':>13} {'p99':>6}")
    for name in args.variants:
        restore()
        VARIANTS[name]()
        lost, agreed, times = regrets(found, lambda: ExpertPolicy(_BUDGET[0]), args.seed,
                                      args.repeats)
        low, high = _bootstrap(lost, rng)
        n = len(lost)
        paired = [a - b for a, b in zip(lost, base or lost, strict=True)]
        p_low, p_high = _bootstrap(paired, rng)
        base = base or lost
        print(f"{name:14} {sum(lost) / n:7.4f} [{low:6.4f}, {high:6.4f}] "
              f"{sum(paired) / n:+8.4f} [{p_low:+6.4f}, {p_high:+6.4f}] "
              f"{sum(agreed) / n:6.1%} {_quantile(times, 0.5):13.1f} {_quantile(times, 0.99):6.1f}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
