"""Rendering benchmark for the card pictures: how long a hand and a table take.

Usage, from the repository root::

    python benchmarks/render.py [--repeat 7] [--colorblind]

Three pictures: a 7-card hand, a 30-card hand (both with every other card playable) and a table
of 10 players with Cyrillic and Latin names. Each is timed three ways, median of `--repeat` runs:

    cold     every cache emptied first: the faces are drawn, then the picture (the first picture
             of a process that never called `images.warm_up`).
    warmed   the faces and table pieces drawn (as after `images.warm_up` at start-up), the
             picture itself not cached: what every new hand or table costs in a running bot.
    warm     the same picture again: the LRU cache answers.

PASS/MISS is against the target of 30 ms per picture. The process is warmed first (fonts
loaded, modules imported), so "cold" measures drawing, not imports. The machine's other load
shows in the figures: compare runs on a quiet machine.
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

from bot.engine.cards import Card, classic_deck  # noqa: E402
from bot.render import cards, images  # noqa: E402
from bot.render.images import TableImage  # noqa: E402

TARGET_MS = 30.0
NAMES = ("Олександр", "Bob", "Марія", "Dave", "Евгений", "Fay", "Ґанна", "Hiro", "Іван", "Jo")


def _median_ms(run: Callable[[], object], before: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _cold() -> None:
    cards.clear_cache()
    images.clear_caches()


def _warmed(colorblind: bool) -> Callable[[], None]:
    def before() -> None:
        images.clear_caches()
        images.warm_up(colorblind=colorblind)
    return before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--colorblind", action="store_true")
    args = parser.parse_args()
    cb = args.colorblind

    rng = random.Random(9)
    deck = classic_deck()
    hand7: list[Card] = rng.sample(deck, 7)
    hand30: list[Card] = rng.sample(deck, 30)
    table = TableImage(top=deck[5], color=deck[5].color.value if deck[5].color else None,
                       direction=1,
                       players=[(name, rng.randint(1, 20), seat == 3, seat != 7)
                                for seat, name in enumerate(NAMES)])
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("hand, 7 cards", lambda: images.hand_image(hand7, colorblind=cb)),
        ("hand, 30 cards", lambda: images.hand_image(hand30, colorblind=cb)),
        ("table, 10 players", lambda: images.table_image(table, colorblind=cb)),
    ]
    for _, run in cases:  # load the fonts and the PNG encoder once
        run()

    print(f"Pillow pictures, median of {args.repeat} runs"
          f"{' (colour-blind mode)' if cb else ''}; target {TARGET_MS:.0f} ms each")
    print(f"{'picture':<20}{'cold':>10}{'warmed':>10}{'warm':>10}{'PNG':>10}")
    verdicts = []
    for label, run in cases:
        cold = _median_ms(run, _cold, args.repeat)
        warmed = _median_ms(run, _warmed(cb), args.repeat)
        warm = _median_ms(run, lambda: None, args.repeat)
        size = len(run())
        marks = ["PASS" if t < TARGET_MS else "MISS" for t in (cold, warmed, warm)]
        verdicts.append((label, marks))
        print(f"{label:<20}{cold:>7.1f} ms{warmed:>7.1f} ms{warm:>7.2f} ms{size / 1024:>7.0f} KB")
    print()
    for label, (cold_mark, warmed_mark, warm_mark) in verdicts:
        print(f"{label:<20}cold {cold_mark}   warmed {warmed_mark}   warm {warm_mark}")
    start = time.perf_counter()
    _cold()
    images.warm_up(colorblind=cb)
    print(f"\nimages.warm_up(): {(time.perf_counter() - start) * 1000:.0f} ms of CPU, once per "
          "process (run it in a thread at start-up)")


if __name__ == "__main__":
    main()
