"""The simulation core (bot/sim) against a bare simulator and the engine, and its lockstep check.

Usage, from the repository root::

    python benchmarks/core.py [--games N] [--seed S] [--verify MATCHES]

What is measured
    N games of 4 players under classic rules, a "game" being one round from the deal until a
    player goes out (as in benchmarks/engine.py and RLCard). Every seat is the RLCard-style random
    agent of benchmarks/engine.py: uniform among the playable cards (one per colour for a wild),
    otherwise uniform among what remains (draw, a colour, challenge or accept). Three runners:

    * bare: `bare_games` below, the smallest classic simulator that plays those games (ints for
      cards, a drawn playable card played at once, a Wild Draw Four never challenged, no
      scores, no legal-action lists): the floor a Python simulator can reach;
    * rollout: `bot.sim.Table`, the full classic rules (challenges, the drawn-card decision,
      C-7's reshuffle, scores), stepped as the expert's simulations step it: a card picked from
      `Table.matching` (the bare simulator's pick), the legal list only for a pending decision;
    * legal: the same through `Table.legal`'s action lists at every step (what the lockstep
      check compares with the engine);
    * engine: `bot.engine.Game` through `player_view(...).legal_actions` (what benchmarks/engine.py
      times).

    Runs are timed in CPU time of this process (`time.process_time`) and interleaved: the bare
    simulator runs before and after each core run and the core's ratio is taken against the
    better (faster) of the two (as issue #33 asks); medians and ranges over REPEATS.

The check (`--verify`, default 120 matches): `bot.sim.lockstep.check` plays whole matches with
the engine and the core side by side from the same seeds and stops at the first difference in
legal actions or state; it prints the actions compared (issue #33: at least 100,000).

Target (issue #33): the core at least 0.8 times the bare simulator's games per second (checked
on the rollout runner, the core as the AI uses it; the legal-list runner's ratio is printed too).

Last measured (defaults, load average 5.0): lockstep 120 matches, all played to their winner,
1,028 rounds, 112,529 actions, no difference. Games/s median [range]: bare 16,522
[14,556-16,686], rollout 11,592 [7,869-12,231], legal 8,539 [5,570-8,730], engine 2,353
[2,315-2,477]; core/bare 0.70x [0.54-0.73] on the rollout path (0.73x and 0.75x in two other
runs that hour) and 0.52x [0.34-0.52] through legal lists (both MISSED); engine/bare 0.14x. The
bare simulator here is about twice as fast against the engine as the one issue 33 measured
(0.25x then): the core, like the engine, also seeds a generator per game, draws for the dealer,
offers the drawn card's play or pass and the Wild Draw Four's challenge, and keeps scores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.engine import ActionType, Game, RuleSet, player_view  # noqa: E402
from bot.sim import DRAW, Table  # noqa: E402
from bot.sim.cards import PLAY_WILD, PLAY_WILD_FOUR, WILD  # noqa: E402
from bot.sim.lockstep import check  # noqa: E402

PLAYERS = 4
REPEATS = 5
TARGET = 0.8
WILD_PLAYS = (PLAY_WILD, PLAY_WILD_FOUR)
Run = Callable[[int, int], int]  # (games, seed) -> actions


def _shuffle(cards: list[int], rnd: Callable[[], float]) -> None:
    """Fisher-Yates on `random()`, the engine's and the core's shuffle (the fastest in Python)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def bare_games(games: int, seed: int) -> int:
    """The bare classic simulator: cards 0-53 (colour * 13 + rank; 52 Wild, 53 Wild Draw Four),
    random choices as `int(random() * k)`, like the core's runner below."""
    rnd = random.Random(seed).random
    deck = [c * 13 for c in range(4)] + [c * 13 + r for c in range(4) for r in range(1, 13)
                                         for _ in range(2)] + [52] * 4 + [53] * 4
    actions = 0
    for _ in range(games):
        pile = deck[:]
        _shuffle(pile, rnd)
        hands = [[pile.pop() for _ in range(7)] for _ in range(PLAYERS)]
        top = pile.pop()
        while top == 53:
            pile.insert(0, top)
            top = pile.pop()
        discard = [top]
        color = top // 13 if top < 52 else int(rnd() * 4)
        turn, direction = 0, 1
        while True:
            hand = hands[turn]
            t = discard[-1]
            playable = [c for c in hand if c >= 52 or c // 13 == color or (
                t < 52 and c % 13 == t % 13)]
            actions += 1
            if not playable:
                if not pile:
                    pile = discard[:-1]
                    _shuffle(pile, rnd)
                    discard = discard[-1:]
                if pile:
                    card = pile.pop()
                    if card >= 52 or card // 13 == color or (t < 52 and card % 13 == t % 13):
                        playable = [card]
                    else:
                        hand.append(card)
                        turn = (turn + direction) % PLAYERS
                        continue
                else:
                    turn = (turn + direction) % PLAYERS
                    continue
            else:
                card = playable[int(rnd() * len(playable))]
                hand.remove(card)
            discard.append(card)
            color = card // 13 if card < 52 else int(rnd() * 4)
            if not hand:
                break
            rank = card % 13 if card < 52 else card
            step = 1
            if rank == 10:
                step = 2
            elif rank == 11:
                direction = -direction
            elif rank == 12 or card == 53:
                victim = (turn + direction) % PLAYERS
                for _ in range(2 if rank == 12 else 4):
                    if not pile:
                        pile = discard[:-1]
                        _shuffle(pile, rnd)
                        discard = discard[-1:]
                    if pile:
                        hands[victim].append(pile.pop())
                step = 2
            turn = (turn + step * direction) % PLAYERS
    return actions


def core_games(games: int, seed: int) -> int:
    """The same games on `bot.sim.Table`, every choice from its legal-action list (the plays
    come first and a Draw or Pass last, so "a play if any" is the list less its last)."""
    rnd = random.Random(seed).random
    actions = 0
    for i in range(games):
        table = Table.start(PLAYERS, seed + i)
        legal, apply = table.legal, table.apply
        while not table.over:
            options = legal()
            k = len(options)
            if k > 1 and options[0] < DRAW:
                k -= 1  # a play is on offer: not the Draw or Pass at the end
            apply(options[int(rnd() * k)])
            actions += 1
    return actions


def rollout_games(games: int, seed: int) -> int:
    """The same games on `bot.sim.Table` the way the expert's simulations step it
    (`bot.ai.playout`): a card drawn at random from `Table.matching` (repeats weigh as in the
    bare simulator), the drawn card played, a wild naming a random colour; the legal list only
    for a pending decision."""
    rnd = random.Random(seed).random
    actions = 0
    for i in range(games):
        table = Table.start(PLAYERS, seed + i)
        legal, apply, matching = table.legal, table.apply, table.matching
        while not table.over:
            actions += 1
            if table.pending:
                options = legal()
                apply(options[int(rnd() * len(options))])
                continue
            card = table.drawn
            if card < 0:
                cards = matching()
                if not cards:
                    apply(DRAW)
                    continue
                card = cards[int(rnd() * len(cards))]
            apply(card if card < WILD else WILD_PLAYS[card - WILD] + int(rnd() * 4))
    return actions


def engine_games(games: int, seed: int) -> int:
    rng = random.Random(seed)
    rules = RuleSet.classic()
    names = tuple(f"P{i}" for i in range(PLAYERS))
    reactions = (ActionType.CATCH, ActionType.UNO)
    actions = 0
    for i in range(games):
        game, _ = Game.start(names, rules, seed=seed + i)
        while game.round_winner is None:
            seat = game.waiting_for
            assert seat is not None
            legal = [a for a in player_view(game, names[seat]).legal_actions
                     if a.type not in reactions]
            plays = [a for a in legal if a.type is ActionType.PLAY]
            game.apply(rng.choice(plays or legal))
            actions += 1
    return actions


def timed(run: Run, games: int, seed: int) -> tuple[float, int]:
    start = time.process_time()
    actions = run(games, seed)
    return time.process_time() - start, actions


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):9.0f}  [{min(values):.0f}-{max(values):.0f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=33_000)
    parser.add_argument("--verify", type=int, default=120, help="lockstep matches (0: none)")
    args = parser.parse_args(argv)
    missed = 0
    if args.verify:
        start = time.perf_counter()
        done = check(args.verify, args.seed, max_actions=3_000)
        verdict = "met" if done.actions >= 100_000 else "below 100,000"
        print(f"lockstep classic: {done.matches} matches ({done.won} played to their winner), "
              f"{done.rounds} rounds, {done.actions:,} actions, no difference ({verdict}; "
              f"{time.perf_counter() - start:.0f} s)")
    rates: dict[str, list[float]] = {"bare": [], "rollout": [], "legal": [], "engine": []}
    ratios: dict[str, list[float]] = {"rollout": [], "legal": []}
    runs: dict[str, Run] = {"rollout": rollout_games, "legal": core_games}
    engine_games_n = max(1, args.games // 5)
    bare_before = timed(bare_games, args.games, args.seed)[0]
    for _ in range(REPEATS):
        for label, run in runs.items():
            core = timed(run, args.games, args.seed)[0]
            bare_after = timed(bare_games, args.games, args.seed)[0]
            best_bare = min(bare_before, bare_after)  # the better bare run around this one
            rates["bare"].append(args.games / best_bare)
            rates[label].append(args.games / core)
            ratios[label].append(best_bare / core)
            bare_before = bare_after
        engine = timed(engine_games, engine_games_n, args.seed)[0]
        rates["engine"].append(engine_games_n / engine)
    print(f"{'runner':8} {'games/s median':>15}  [range]")
    for label, values in rates.items():
        print(f"{label:8} {spread(values)}")
    for label, values in ratios.items():
        ratio = statistics.median(values)
        verdict = "met" if ratio >= TARGET else "MISSED"
        missed += label == "rollout" and verdict == "MISSED"
        print(f"core ({label}) / bare: {ratio:.2f}x [{min(values):.2f}-{max(values):.2f}]  "
              f"target >= {TARGET}x: {verdict}")
    engine_ratio = statistics.median(rates["engine"]) / statistics.median(rates["bare"])
    print(f"engine / bare: {engine_ratio:.2f}x")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
