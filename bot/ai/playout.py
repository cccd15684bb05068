"""How the expert's simulations play a round to its end, for every seat: fast and plausible.

A coloured card when one plays (chosen at random among the matching cards: the simulations stay
varied), a wild only when nothing else plays, naming the colour its player holds most; the card
just drawn is played; a Wild Draw Four is accepted (a challenge is rare and mostly lost, C-6).
It reads the core table directly (every hidden hand in it is the searching seat's own guess)
and picks from `Table.matching`, the same cards `Table.legal` offers, without building the
list of actions: the core's `apply` reads a play's card from the action (the UNO call a play of
one's next-to-last card carries changes nothing it simulates).
"""

from __future__ import annotations

import random

from bot.sim import ACCEPT, COLOR_BASE, DRAW, Table
from bot.sim.cards import COLOR, PLAY_WILD, PLAY_WILD_FOUR, WILD
from bot.sim.table import NO_PENDING, PENDING_CHALLENGE

MAX_STEPS = 2_000  # a guard: an endless round is a bug, not a result
LEAD = 1.35  # how much likelier to win one card fewer makes a seat (see `value`)


def playout(table: Table, rng: random.Random, horizon: int = MAX_STEPS) -> tuple[int, int]:
    """Play `table` to the end of its round, or `horizon` steps: the winner's seat (-1 if the
    round is not over) and the steps it took (what the search's budget counts)."""
    rnd = rng.random
    apply, matching, hands = table.apply, table.matching, table.hands
    for step in range(horizon):
        if table.over:
            return table.winner, step
        pending = table.pending
        if pending != NO_PENDING:
            if pending == PENDING_CHALLENGE:
                apply(ACCEPT)
            else:  # a colour for a wild start card
                apply(COLOR_BASE + _most_held(hands[table.p_by]))
            continue
        drawn = table.drawn
        if drawn >= 0:
            apply(drawn if drawn < WILD else _wild_play(drawn, hands[table.turn]))
            continue
        cards = matching()
        if not cards:
            apply(DRAW)
            continue
        coloured = [c for c in cards if c < WILD]
        if coloured:
            apply(coloured[int(rnd() * len(coloured))])
        else:
            apply(_wild_play(cards[0], hands[table.turn]))
    return (table.winner if table.over else -1), horizon


def value(table: Table, me: int) -> float:
    """Seat `me`'s chance of winning the round, estimated from the hand sizes alone (a round
    over is 1 or 0): each seat weighs `LEAD ** -cards`, the fewer cards the likelier."""
    if table.over:
        return 1.0 if table.winner == me else 0.0
    weights = [LEAD ** -len(hand) for hand in table.hands]
    return weights[me] / sum(weights)


def _wild_play(card: int, hand: list[int]) -> int:
    return (PLAY_WILD if card == WILD else PLAY_WILD_FOUR) + _most_held(hand)


def _most_held(hand: list[int]) -> int:
    counts = [0, 0, 0, 0]
    for card in hand:
        color = COLOR[card]
        if color >= 0:
            counts[color] += 1
    return counts.index(max(counts))
