"""What one imagined table costs the AI (`determinize.imagine`), in CPU µs (issue 35).

Usage, from the repository root::

    python benchmarks/imagine.py [--preset classic] [--repeat 5] [--base COMMIT]

The hard and expert levels imagine tables consistent with what their seat has seen. The
observations are fixed: 40 deals of 4 players (seeds 0-39) played 5 to 40 random legal actions
on, seen by the seat the table waits for; each is imagined 10 times. Printed: CPU µs per
imagined table (`time.process_time`), median [range] of `--repeat` runs. With `--base`, the
AI and engine of that commit (`git archive COMMIT bot`, into a temporary directory) are
measured the same way in a child process, the two taking turns run by run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(preset: str) -> float:
    """One run over the fixed observations: CPU µs per imagined table."""
    from bot.ai.determinize import Inconsistent, imagine
    from bot.ai.memory import remember
    from bot.ai.observation import observe
    from bot.engine import ActionType, Event, Game, RuleSet, player_view

    cases = []
    for seed in range(40):
        game, events = Game.start(("A", "B", "C", "D"), RuleSet.build(preset), seed=seed)
        log: list[Event] = list(events)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 40)):
            if game.round_over or game.waiting_for is None:
                break
            name = game.players[game.waiting_for]
            legal = [a for a in player_view(game, name).legal_actions
                     if a.type is not ActionType.SLAP_TIMEOUT]
            log += game.apply(rng.choice(legal))
        if game.round_over or game.waiting_for is None:
            continue
        obs = observe(player_view(game, game.players[game.waiting_for]), log)
        cases.append((obs, remember(obs)))
    made = 0
    start = time.process_time()
    for obs, memory in cases:
        rng = random.Random(1)
        for _ in range(10):
            try:
                imagine(obs, memory, rng)
                made += 1
            except Inconsistent:
                pass
    return (time.process_time() - start) / max(made, 1) * 1e6


def fig(runs: list[float]) -> str:
    return f"{statistics.median(runs):6.0f} [{min(runs):.0f}-{max(runs):.0f}]"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--base", default=None, help="a commit to measure side by side")
    parser.add_argument("--once", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.once:  # a child run: one figure, importing `bot` from the tree it is given
        sys.path.insert(0, args.once)
        print(measure(args.preset))
        return 0
    with tempfile.TemporaryDirectory() as base_dir:
        trees = [("this tree", ROOT)]
        if args.base:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base, "bot"],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", base_dir], input=archive, check=True)
            trees.append((args.base, Path(base_dir)))
        runs: dict[str, list[float]] = {name: [] for name, _ in trees}
        for _ in range(args.repeat):
            for name, tree in trees:
                out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--once",
                                      str(tree), "--preset", args.preset], check=True,
                                     capture_output=True, text=True).stdout
                runs[name].append(float(out))
    for name, figures in runs.items():
        print(f"{args.preset:9} {name:10} imagine: {fig(figures)} CPU µs per table")
    if args.base:
        ratios = [b / a for a, b in zip(runs["this tree"], runs[args.base], strict=True)]
        print(f"{args.preset:9} before/after: {statistics.median(ratios):.2f}x "
              f"[{min(ratios):.2f}-{max(ratios):.2f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
