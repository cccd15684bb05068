"""Benchmark of the rules engine: complete random games, optionally side by side with RLCard's UNO.

Usage, from the repository root (no installation needed)::

    python benchmarks/engine.py [--games N] [--seed S]

What is measured
    N games of 4 players under classic rules. A "game" is one round, from the deal until a player
    goes out (`game.round_winner is not None`), which is what a game is in RLCard's UNO
    environment (it ends when one player empties their hand). Each game is a fresh
    `Game.start(players, RuleSet.classic(), seed=S + i)`; the agent's choices come from one
    `random.Random(S)`, so a run is reproducible. The clock covers dealing, building the views,
    choosing and `Game.apply`, and each figure is the best of seven identical runs, the rule sets
    (and RLCard) taking turns so that compared figures meet the same conditions. It prints
    games per second, actions (`Game.apply` calls) per second, and the peak memory that
    `tracemalloc` reports during a separate, shorter run (tracemalloc
    slows Python down, so it is kept out of the timed run).

A second line plays the same games under a heavy combination of house rules (stacking, jump-in,
seven-zero and draw until playable; one other player per step reads their view and jumps in when
they may) and prints how much slower per action it is than classic (target: at most 1.5 times).
A third plays them under UNO Flip (the `flip` preset).

The random agent, and why
    Each step the agent reads `player_view(game, name)` of the player the table waits for and
    picks uniformly at random among its `legal_actions`, filtered the way RLCard's random agent
    sees UNO: RLCard's legal actions are the playable cards (one per colour for a wild card, as
    here), and `draw` only when nothing can be played. So:

    * `catch` and `uno` actions are dropped first (they are other players' reactions, and RLCard
      has neither; a play of one's next-to-last card already carries the UNO call here);
    * if at least one `play` remains, the choice is uniform among the plays (never `draw`, and
      never `pass` after drawing a playable card: that card is then always played, as RLCard
      plays a drawn playable card automatically);
    * otherwise it is uniform among what remains: `draw` alone on a normal turn, `challenge` or
      `accept` for a Wild Draw Four, the four colours for a start-card Wild. (`pass` is only
      offered next to a playable drawn card, so it is never chosen; an unplayable drawn card
      ends the turn by itself.)

    This keeps the two benchmarks comparable: same table size, same notion of a game, and agents
    that play a random playable card whenever they can.

RLCard comparison (optional: `pip install rlcard`, which brings numpy)
    If rlcard imports, the same number of games is played in RLCard's UNO environment with
    `rlcard.agents.RandomAgent` for every seat, through `env.run(is_training=False)`, the way
    RLCard's own evaluation loop plays games. `rlcard.make('uno')` ignores any player count (its
    Env only applies `game_*` options to a few other games, and UnoGame defaults to 2 players),
    so the environment is switched to 4 players by hand (`env.game.num_players`, read by
    `UnoGame.init_game` to seat and deal, and `env.num_players`, read by `Env.run`), and a check
    that 4 hands are dealt and all 4 seats act runs before the measurement. RandomAgent draws
    from numpy's global generator, which is seeded with S; the environment gets `seed=S`.
    Without rlcard, a line says so and the comparison is skipped.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.engine import Action, ActionType, Game, RuleSet, player_view  # noqa: E402

PLAYERS = ("P1", "P2", "P3", "P4")
DEFAULT_GAMES = 600
REPEATS = 7  # each figure is the best of this many identical runs, interleaved
DEFAULT_SEED = 2024
MEMORY_GAMES = 100  # games in the separate tracemalloc run
MAX_ACTIONS_PER_GAME = 100_000  # a safety net: a game that never ends is a bug, not a result

_REACTIONS = (ActionType.CATCH, ActionType.UNO)
_PLAY = ActionType.PLAY


def choose(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """RLCard-style random choice among a player's legal actions (see the module docstring)."""
    options = [a for a in legal if a.type not in _REACTIONS]
    plays = [a for a in options if a.type is _PLAY]
    return rng.choice(plays or options)


# H-issue's heavy combination: penalties that wait, out-of-turn plays, hand swaps, long draws.
HEAVY_OPTIONS = {"stacking": True, "jump_in": True, "seven_zero": True,
                 "draw_until_playable": True}


def play_ours(games: int, seed: int, rules: RuleSet | None = None) -> tuple[int, int]:
    """Play `games` complete games; return (games, actions applied).

    Under jump-in (H-2), the table is asked at every step who may jump in (as a bot showing
    "Jump in" buttons must), and one of them, if any, jumps in half of the time."""
    rules = rules or RuleSet.classic()
    rivals = rules.options.jump_in
    rng = random.Random(seed)
    actions = 0
    for i in range(games):
        game, _ = Game.start(PLAYERS, rules, seed=seed + i)
        names = game.players
        steps = 0
        while game.round_winner is None:
            name = names[game.waiting_for]
            if rivals:
                jumpers = game.jumpers()
                if jumpers and rng.random() < 0.5:
                    rival = rng.choice(jumpers)
                    jumps = [a for a in player_view(game, rival).legal_actions if a.type is _PLAY]
                    game.apply(rng.choice(jumps))
                    steps += 1
                    continue
            view = player_view(game, name)
            game.apply(choose(view.legal_actions, rng))
            steps += 1
            if steps > MAX_ACTIONS_PER_GAME:
                raise RuntimeError(f"game {i} (seed {seed + i}) did not end")
        actions += steps
    return games, actions


# ---------------------------------------------------------------------------- RLCard


def make_rlcard_env(seed: int):  # type: ignore[no-untyped-def]
    """RLCard's UNO environment for 4 players with random agents (raises ImportError without it)."""
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed})
    n = len(PLAYERS)
    env.game.num_players = n  # UnoGame.init_game seats and deals this many players
    env.num_players = n  # Env.run sizes its trajectories with this
    env.state_shape = [[4, 4, 15] for _ in range(n)]  # as UnoEnv.__init__ sets them, for n
    env.action_shape = [None for _ in range(n)]
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(n)])
    np.random.seed(seed)  # RandomAgent chooses with numpy's global generator
    return env


def check_rlcard_players(seed: int) -> None:
    """Make sure RLCard really plays with 4 players: 4 hands dealt, every seat acts."""
    env = make_rlcard_env(seed)
    n = len(PLAYERS)
    env.reset()
    hands = [len(p.hand) for p in env.game.players]
    if len(hands) != n or min(hands) < 7:
        raise RuntimeError(f"RLCard dealt hands of sizes {hands}, expected {n} hands of 7+")
    in_play = sum(hands) + len(env.game.dealer.deck) + len(env.game.round.played_cards)
    if in_play != 108:
        raise RuntimeError(f"RLCard accounts for {in_play} cards, expected 108")
    env.run(is_training=False)
    seats = {player for player, _ in env.action_recorder}
    if seats != set(range(n)):
        raise RuntimeError(f"only seats {sorted(seats)} acted in an RLCard game")


def play_rlcard(games: int, seed: int) -> tuple[int, int]:
    env = make_rlcard_env(seed)
    for _ in range(games):
        env.run(is_training=False)
    return games, env.timestep  # Env.step counts every action in env.timestep


# ---------------------------------------------------------------------------- measuring


Run = Callable[[int, int], tuple[int, int]]


def timed_together(runs: dict[str, Run], games: int,
                   seed: int) -> dict[str, tuple[int, int, float]]:
    """For each run: games, actions and its best time over REPEATS rounds, the runs taking turns.

    On a shared 2-core machine one run's time says as much about the neighbours as about the
    code (the same work was seen to take 4.5 s or 6.4 s): the best of several runs, interleaved
    so that the figures compared with each other meet the same conditions, is the fair one.
    """
    results: dict[str, tuple[int, int, float]] = {}
    for _ in range(REPEATS):
        for label, run in runs.items():
            start = time.perf_counter()
            played, actions = run(games, seed)
            elapsed = time.perf_counter() - start
            if label not in results or elapsed < results[label][2]:
                results[label] = (played, actions, elapsed)
    return results


def peak_memory(run: Callable[[int, int], tuple[int, int]], games: int, seed: int) -> int:
    """tracemalloc's peak (bytes) over a separate run, above what was allocated before it."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        run(games, seed)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def report(label: str, games: int, actions: int, seconds: float, peak: int) -> float:
    rate = games / seconds
    print(f"[{label}] {games} games, {actions} actions in {seconds:.2f} s "
          f"({actions / games:.1f} actions/game)")
    print(f"[{label}] {rate:.0f} games/s")
    print(f"[{label}] {actions / seconds:.0f} actions/s")
    print(f"[{label}] peak memory: {peak / 1024:.0f} KiB "
          f"(tracemalloc peak during a separate {min(MEMORY_GAMES, games)}-game run)")
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"games to play per engine (default {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"fixed seed for deals and agents (default {DEFAULT_SEED})")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be non-negative (RLCard refuses negative seeds)")
    games, seed = args.games, args.seed
    memory_games = min(MEMORY_GAMES, games)

    print(f"UNO engine benchmark: {games} games, {len(PLAYERS)} players, classic rules, "
          f"random legal moves, seed {seed}, Python {sys.version.split()[0]}")
    heavy_label = "ours, heavy: " + "+".join(HEAVY_OPTIONS)
    runs: dict[str, Run] = {
        "ours": play_ours,
        heavy_label: functools.partial(play_ours, rules=RuleSet.classic(**HEAVY_OPTIONS)),
        "ours, flip": functools.partial(play_ours, rules=RuleSet.build("flip")),
    }
    rlcard_label = None
    try:
        import rlcard
        from rlcard.agents import RandomAgent  # noqa: F401
    except ImportError:
        print("RLCard is not installed (pip install rlcard): comparison skipped")
    else:
        try:
            check_rlcard_players(seed)
        except Exception as exc:  # an RLCard version this script does not know how to set up
            print(f"RLCard could not be set up for {len(PLAYERS)} players ({exc}): "
                  "comparison skipped")
        else:
            rlcard_label = f"RLCard {rlcard.__version__}"
            runs[rlcard_label] = play_rlcard

    results = timed_together(runs, games, seed)
    rates = {label: report(label, *results[label], peak_memory(run, memory_games, seed))
             for label, run in runs.items()}
    classic = results["ours"][1] / results["ours"][2]
    heavy = results[heavy_label][1] / results[heavy_label][2]
    print(f"classic / heavy actions per second: {classic / heavy:.2f} (target: at most 1.5)")
    if rlcard_label is None:
        return 0
    ours, theirs = rates["ours"], rates[rlcard_label]
    print(f"ratio (ours / RLCard, games/s): {ours / theirs:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
