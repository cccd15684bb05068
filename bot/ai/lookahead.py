"""The hard level's look ahead: how each answer of this turn fares until the seat's next turn.

`best` imagines `worlds` tables consistent with what the seat has seen (`determinize.imagine`),
plays every candidate on each of them (the same tables for every candidate: common random
numbers, so the comparison measures the moves and not the deal) and lets a quick deterministic
player act for everyone until this seat's next turn or the end of the round. A round won is 1,
lost 0; otherwise the position is judged by the hand sizes (`_judge`). The default (the
heuristic choice) stands unless a candidate is better by at least `MARGIN` on average and by
`Z` standard errors of the paired differences: the search only overrules on evidence.

Whole-round simulations were tried first (issue #19's closing note): with the budget a decision
can afford their noise exceeded the differences between moves, and their greedy stand-in
player's own habits (spending wilds freely) biased the comparison. A short horizon is cheap (a
few engine steps per simulation) and asks the question that decides the end of a round: does
anyone go out before I play again?
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bot.engine import Action, ActionType, Game, IllegalAction, dump, load

from .determinize import imagine
from .greedy import greedy
from .memory import remember
from .observation import Observation

LOOKAHEAD_AT = 2  # search once an opponent holds this many cards or fewer
WORLDS = 16  # imagined tables per decision, shared by every candidate
MARGIN = 0.05  # how much better (in rounds saved per decision) a candidate must look
Z = 1.5  # and by how many standard errors of the paired differences
HORIZON = 40  # engine steps per simulation at most (a guard: a turn takes a few)
KINDS = frozenset({ActionType.PLAY, ActionType.CHALLENGE, ActionType.ACCEPT, ActionType.COLOR})


def candidates(obs: Observation, default: Action, legal: Sequence[Action]) -> list[Action]:
    """The answers compared, the default first: coloured plays against a coloured default
    (a wild's worth lies beyond the horizon, so the search would spend wilds too freely), the
    colour to name with the default's wild, and the answers to a pending penalty."""
    options = [a for a in legal if a.type in KINDS and a != default]
    card = default.card
    if default.type is ActionType.PLAY and card is not None and card.color is None:
        options = [a for a in options if a.card == card]
    elif default.type is ActionType.PLAY:
        options = [a for a in options if a.card is None or a.card.color is not None]
    elif default.type in (ActionType.DRAW, ActionType.PASS):
        return [default]
    return [default, *options]


def best(obs: Observation, default: Action, legal: Sequence[Action], worlds: int,
         rng: random.Random) -> Action:
    """The candidate that loses the round least often before the seat's next turn, or
    `default` when none is clearly better (may raise `determinize.Inconsistent`)."""
    options = candidates(obs, default, legal)
    if len(options) < 2 or worlds < 2:
        return default
    memory = remember(obs)
    me = obs.seat
    values = [[0.0] * worlds for _ in options]
    for w in range(worlds):
        saved = dump(imagine(obs, memory, rng))
        for i, action in enumerate(options):
            game = load(saved)
            try:
                game.apply(action)
            except IllegalAction:  # cannot happen with a legal action; never preferred
                values[i][w] = -1.0
                continue
            values[i][w] = _until_my_turn(game, me)
    means = [sum(v) / worlds for v in values]
    top = max(range(len(options)), key=lambda i: means[i])
    if top == 0:
        return default
    gains = [a - b for a, b in zip(values[top], values[0], strict=True)]
    gain = sum(gains) / worlds
    spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / (worlds - 1) / worlds)
    if gain < MARGIN or gain < Z * spread:
        return default
    return options[top]


def _until_my_turn(game: Game, me: int) -> float:
    names = game.players
    others_played = False
    for _ in range(HORIZON):
        if game.round_over:
            break
        slap = game.slap
        if slap is not None:
            game.apply(Action(names[slap.waiting[0]], ActionType.SLAP))
            continue
        seat = game.waiting_for
        if seat is None or (seat == me and others_played and game.pending is None):
            break
        others_played = others_played or seat != me
        game.apply(greedy(game, seat, game.legal_actions(names[seat])))
    return _judge(game, me)


def _judge(game: Game, me: int) -> float:
    """1 for a round won, 0 for one lost; between, better with the closest opponent further
    from going out and fewer cards in this seat's hand."""
    if game.round_over:
        return 1.0 if game.round_winner == me else 0.0
    sizes = [len(h) for h in game.hands]
    others = [sizes[s] for s in range(len(sizes)) if s != me and game.in_round[s]]
    closest = min(others, default=0)
    return 0.5 + 0.05 * min(closest, 4) - 0.02 * sizes[me]
