"""The "hard" level: determinized search with a fixed budget.

Once someone is down to a few cards (`ENDGAME`), at each decision of its own turn that has
more than one sensible answer, it imagines at least `MIN_SAMPLES` tables consistent with what
it has seen (`determinize.imagine`), plays every candidate on each of them (the same tables for
every candidate, so their comparison is fair) and lets a quick deterministic greedy player
finish the round for everyone (`rollout`). The candidate
that wins most often is played; when no candidate is clearly better than the normal level's
choice (`MARGIN`), that choice stands. Measured (benchmarks/ai.py): with this budget the
search's noise is large next to the real differences between moves, so it is kept to
comparable choices (coloured card against coloured card, the colour a wild names, challenge or
accept or answer); letting it weigh drawing against playing, or a wild against a coloured card,
made it clearly weaker than the heuristics it starts from. Moves out of
turn (catch, slap, jump-in, UNO call) are the normal level's.

The budget is fixed (`ITERATIONS` simulated rounds per decision, whatever the clock says), so a
decision is reproducible from the seat's random seed; `benchmarks/ai.py` measures its time.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from bot.engine import Action, ActionType, Card, Game, IllegalAction, PendingKind, dump, load

from .determinize import Inconsistent, imagine
from .memory import remember
from .normal import NormalPolicy
from .observation import Observation
from .policy import choosable

ITERATIONS = 32  # simulated rounds per decision, shared by the candidates
MIN_SAMPLES = 8  # imagined tables per decision at least (then fewer candidates are searched)
MAX_CANDIDATES = 4  # the normal level's best few; more would spread the budget too thin
ROLLOUT_STEPS = 200  # a simulated round stops here and is judged by the hands' sizes
ENDGAME = 4  # search once someone holds this many cards or fewer: earlier, one move hardly
#              changes who wins, and the budget goes where it can tell moves apart
MARGIN = 0.05  # how much better than the normal choice a candidate must look to replace it


class HardPolicy:
    name = "hard"

    def __init__(self, iterations: int = ITERATIONS) -> None:
        self.iterations = iterations
        self._normal = NormalPolicy()

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        default = self._normal.decide(obs, rng)
        if not obs.my_turn or default is None:
            return default
        pending = obs.pending
        if pending is not None and pending.kind in (PendingKind.SLAP, PendingKind.SWAP):
            return default
        if min((s for s in obs.hand_sizes if s), default=0) > ENDGAME:
            return default  # early in the round one move hardly changes who wins
        candidates = self.candidates(obs, default)
        if len(candidates) < 2:
            return default
        try:
            return self.search(obs, candidates, default, rng)
        except Inconsistent:
            return default

    def candidates(self, obs: Observation, default: Action) -> list[Action]:
        """The turn's answers worth comparing, the normal choice first."""
        actions = [a for a in choosable(obs) if a.type in (
            ActionType.PLAY, ActionType.CHALLENGE, ActionType.ACCEPT, ActionType.COLOR)]
        wild = default.card is not None and default.card.color is None
        if default.type is ActionType.PLAY and not wild:
            # Keeping wilds is a long-term rule a short search cannot see: compare coloured
            # cards with coloured cards (and 7-0 targets), never a wild against them.
            actions = [a for a in actions if a.card is None or a.card.color is not None]
        elif default.type is ActionType.PLAY:
            actions = [a for a in actions if a.card is default.card]  # the colour to name
        elif default.type in (ActionType.DRAW, ActionType.PASS):
            return [default]
        plays = sorted((a for a in actions if a.type is ActionType.PLAY),
                       key=lambda a: -self._normal.score(obs, a))
        others = [a for a in actions if a.type is not ActionType.PLAY]
        ordered = [default, *(a for a in [*plays, *others] if a != default)]
        return ordered[:MAX_CANDIDATES]

    def search(self, obs: Observation, candidates: list[Action], default: Action,
               rng: random.Random) -> Action:
        memory = remember(obs)
        samples = max(MIN_SAMPLES, self.iterations // len(candidates))
        candidates = candidates[:max(2, self.iterations // samples)]
        totals = [0.0] * len(candidates)
        me = obs.seat
        for _ in range(samples):
            table = imagine(obs, memory, rng)
            saved = dump(table)
            seed = rng.getrandbits(32)
            for i, action in enumerate(candidates):
                game = load(saved)
                try:
                    game.apply(action)
                except IllegalAction:
                    totals[i] -= 1.0  # cannot happen with a legal action; never preferred
                    continue
                totals[i] += rollout(game, me, random.Random(seed))
        best = max(range(len(candidates)), key=lambda i: totals[i])
        if (totals[best] - totals[0]) / samples < MARGIN:
            return default
        return candidates[best]


def rollout(game: Game, me: int, rng: random.Random) -> float:
    """Finish the imagined round with the greedy player in every seat: 1 for a win, else how
    close `me` came (0 to 0.5 by the hands' sizes when the step limit stops it)."""
    names = game.players
    for _ in range(ROLLOUT_STEPS):
        if game.round_over:
            return 1.0 if game.round_winner == me else 0.0
        slap = game.slap
        if slap is not None:
            game.apply(Action(names[slap.waiting[0]], ActionType.SLAP))
            continue
        seat = game.waiting_for
        if seat is None:
            break
        game.apply(_greedy(game, seat, game.legal_actions(names[seat]), rng))
    if game.round_over:
        return 1.0 if game.round_winner == me else 0.0
    sizes = [len(h) for h in game.hands]
    mine = sizes[me]
    best_other = min((sizes[s] for s in range(len(sizes)) if s != me and game.in_round[s]),
                     default=mine)
    others = [sizes[s] for s in range(len(sizes)) if s != me and game.in_round[s]] or [mine]
    lead = best_other - mine + 0.3 * (sum(others) / len(others) - mine)
    return 0.5 + 0.4 * math.tanh(lead / 4)


def _greedy(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """A fast stand-in player: a matching coloured card (an action card first when the next
    player is short of cards), else a wild in the colour held most, else draw; accept every
    penalty it cannot pass on; name the colour held most."""
    pending = game.pending
    hand = game.hands[seat]
    if pending is not None and pending.kind is PendingKind.COLOR:
        return _best_color(hand, [a for a in actions if a.type is ActionType.COLOR])
    plays: list[Action] = []
    wilds: list[Action] = []
    rest: Action | None = None
    for action in actions:
        kind = action.type
        if kind is ActionType.PLAY:
            card = action.card
            if card is not None and card.color is None:
                wilds.append(action)
            else:
                plays.append(action)
        elif kind is ActionType.PASS or kind is ActionType.ACCEPT or kind is ActionType.DRAW:
            rest = rest or action
    if pending is not None and pending.kind is PendingKind.SWAP:
        return rest or actions[0]
    if plays:
        if len(plays) == 1:
            return plays[0]
        # Deterministic, so that every candidate's simulations stay paired on one table:
        # the card of the colour held most, the higher-point card on ties.
        counts = Counter(c.color for c in hand)
        return max(plays, key=lambda a: (counts[a.card.color], a.card.points)  # type: ignore[union-attr]
                   )
    if wilds:
        return _best_color(hand, wilds)
    return rest or actions[0]


def _best_color(hand: list[Card], actions: list[Action]) -> Action:
    counts: Counter[str] = Counter(c.color.value for c in hand if c.color is not None)
    return max(actions, key=lambda a: counts[a.color or ""])
