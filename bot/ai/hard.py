"""The "hard" level: sharper heuristics than normal's, and a short look ahead near the end.

It starts from the normal level and changes what cost that level rounds. Measured while
building it, with `benchmarks/ai.py`'s tables (two hard seats against two normal, classic,
10,000 rounds, seeds 30,000 on): all the changes together win 55.2% [54.2, 56.2]; taking one
out at a time leaves 52.0% (dumping points again), 53.0% (spending wilds again), 53.9%
(playing attack cards at once) and 54.0% (the normal level's wild draws and challenges).

- Near the end it plays to win the round, not to lose fewer points: the normal level dumps its
  highest-point cards (wilds first) when someone is on two cards or fewer (C-8.2); this one
  does not.
- A wild is the last card it keeps: a wild always plays, so with a wild and one other card it
  plays the other one and goes out on its next turn whatever the colour (`WILD_LAST`).
- It keeps Skips, Draw Twos and Reverses for when an opponent is close to going out, when
  another card plays as well (`KEEP_ATTACK`).
- Wild draws and challenges (C-6, F-5, F-6): it plays the wild draw rather than a plain wild
  when it holds nothing of the colour in force (a challenge of it fails) and avoids it as a
  bluff; it challenges only when the player had a reason to bluff (someone, or the player
  themself, was close to going out: otherwise a card of the colour would have been played,
  which is how the normal level and most people play) and the evidence makes a bluff more
  likely than one in three (C-6's stakes: four cards saved against two more drawn).

Once an opponent is down to `lookahead.LOOKAHEAD_AT` cards it also compares, on its own turn,
the answers the heuristics would weigh against each other by a short determinized search
(`lookahead.best`): it overrules the heuristic choice only on clear evidence. Its share of the
strength is small: over the same 2,000 rounds the heuristics alone won 54.6% and with the look
ahead 54.9% (not distinguishable); letting it choose freely, wilds included, gave 53.2%.
"""

from __future__ import annotations

import random

from bot.engine import Action, PendingKind, Rank

from .determinize import Inconsistent
from .lookahead import LOOKAHEAD_AT, WORLDS, best
from .memory import remember
from .normal import THREAT, NormalPolicy, challenge_odds
from .observation import Observation
from .policy import choosable

WILD_LAST = 25  # cancels the normal level's bonus for a wild when the hand is small or threatened
KEEP_ATTACK = 8  # what holding an attack card for later is worth against playing it now
HONEST_DRAW = 15  # a wild draw played while holding none of the colour in force (or a bluff)
CHALLENGE_ABOVE = 1 / 3  # C-6: a challenge risks 2 cards to save 4
ATTACKS = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.REVERSE})
# The wild draws a challenge can answer (C-6, F-5, F-6), as the engine's penalty rules list them.
CHALLENGEABLE = frozenset({Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TWO, Rank.WILD_DRAW_COLOR})


class HardPolicy(NormalPolicy):
    name = "hard"

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds  # imagined tables per searched decision; below 2, no search

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        default = super().decide(obs, rng)
        if not obs.my_turn or default is None:
            return default
        pending = obs.pending
        if pending is not None and pending.kind in (PendingKind.SLAP, PendingKind.SWAP):
            return default
        me = obs.seat
        if min((size for s, size in enumerate(obs.hand_sizes)
                if s != me and obs.active[s] and size), default=LOOKAHEAD_AT + 1) > LOOKAHEAD_AT:
            return default
        try:
            return best(obs, default, choosable(obs), self.worlds, rng)
        except Inconsistent:
            return default

    def score(self, obs: Observation, action: Action) -> float:
        score = super().score(obs, action)
        card = action.card
        assert card is not None
        threat = self.threatened(obs)
        if threat:
            score -= card.points  # the normal level's "dump high points" costs rounds
        if card.color is None and (threat or len(obs.hand) <= 2):
            score -= WILD_LAST
        if card.rank in ATTACKS and not threat and len(obs.hand) > 2:
            score -= KEEP_ATTACK
        if card.rank in CHALLENGEABLE and obs.color is not None:
            honest = not any(c.color is not None and c.color.value == obs.color
                             for c in obs.hand)
            score += HONEST_DRAW if honest else -HONEST_DRAW
        return score

    def challenges(self, obs: Observation) -> bool:
        pending = obs.pending
        if pending is None or not _had_reason_to_bluff(obs, obs.seat_of(pending.by)):
            return False
        return challenge_odds(obs, remember(obs)) >= CHALLENGE_ABOVE


def _had_reason_to_bluff(obs: Observation, culprit: int) -> bool:
    """Whether the player of the pending wild draw had a reason to play it over a card of the
    colour in force: they were down to two cards, or someone else was close to going out."""
    if obs.hand_sizes[culprit] + 1 <= 2:
        return True
    return any(0 < size <= THREAT for s, size in enumerate(obs.hand_sizes)
               if s != culprit and obs.active[s])
