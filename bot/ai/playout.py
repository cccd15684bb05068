"""How the expert's simulations play a round to its end, for every seat: fast and plausible.

A coloured card when one plays (chosen at random among the matching cards: the simulations stay
varied), a wild only when nothing else plays, naming the colour its player holds most; the card
just drawn is played; anything pending is answered as the table's `reply` answers it (classic:
a Wild Draw Four is accepted, a challenge being rare and mostly lost, C-6; the house rules'
table stacks when it can, declines a swap and settles a slap window).
It reads the core table directly (every hidden hand in it is the searching seat's own guess)
and picks from `Table.matching`, the same cards `Table.legal` offers, without building the
list of actions: the core's `apply` reads a play's card from the action (the UNO call a play of
one's next-to-last card carries changes nothing it simulates).
"""

from __future__ import annotations

import random

from bot.sim import DRAW, Table
from bot.sim.table import NO_PENDING

MAX_STEPS = 2_000  # a guard: an endless round is a bug, not a result
# How much likelier to win one card fewer makes a seat (`value`): fitted on the core's random
# classic rounds (hand sizes at random moments against the winner).
LEAD = 1.35


def playout(table: Table, rng: random.Random, horizon: int = MAX_STEPS) -> tuple[int, int]:
    """Play `table` to the end of its round, or `horizon` steps: the winner's seat (-1 if the
    round is not over) and the steps it took (what the search's budget counts)."""
    rnd = rng.random
    apply, matching, wild_play = table.apply, table.matching, table.wild_play
    for step in range(horizon):
        if table.over:
            return table.winner, step
        if table.pending != NO_PENDING:
            apply(table.reply(rnd))
            continue
        drawn = table.drawn
        colors = table.CARD_COLOR  # a variant's own cards (Flip: the side up's colours)
        if drawn >= 0:
            apply(drawn if colors[drawn] >= 0 else wild_play(drawn))
            continue
        cards = matching()
        if not cards:
            apply(DRAW)
            continue
        coloured = [c for c in cards if colors[c] >= 0]
        if coloured:
            apply(coloured[int(rnd() * len(coloured))])
        else:
            apply(wild_play(cards[0]))
    return (table.winner if table.over else -1), horizon


def value(table: Table, me: int) -> float:
    """Seat `me`'s chance of winning the round, estimated from the hand sizes alone (a round
    over is 1 or 0): each seat weighs `LEAD ** -cards`, the fewer cards the likelier."""
    if table.over:
        return 1.0 if table.winner == me else 0.0
    weights = [LEAD ** -len(hand) for hand in table.hands]
    return weights[me] / sum(weights)
