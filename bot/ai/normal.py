"""The "normal" level: the heuristics a good casual player uses.

It keeps its wilds for when nothing else plays; dumps its high-point cards when someone is on
UNO; names the colour it holds most; attacks the player with the fewest cards (Skips and draw
cards when that player is next, the 7-0 swap with them); always calls UNO, catches, slaps,
jumps in, answers a stack when it can, and challenges a Wild Draw Four when what it has seen
makes a bluff likely (`challenge_odds`).
"""

from __future__ import annotations

import random

from bot.engine import Action, ActionType, Card, PendingKind, Rank

from .memory import Memory, chance_none_of, remember, unseen_faces
from .observation import Observation
from .policy import choosable, first, first_of, most_held_color, side_colors, turn_answer

ATTACK_RANKS = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN,
                          Rank.DRAW_ONE, Rank.DRAW_FIVE, Rank.WILD_DRAW_TWO,
                          Rank.WILD_DRAW_COLOR, Rank.SKIP_EVERYONE})
DRAW_RANKS = frozenset({Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN, Rank.DRAW_ONE,
                        Rank.DRAW_FIVE, Rank.WILD_DRAW_TWO, Rank.WILD_DRAW_COLOR})
CHALLENGE_ABOVE = 0.5  # challenge when a bluff is at least this likely (C-6: +4 saved vs +2)
THREAT = 2  # an opponent holding this many cards or fewer is about to go out


def challenge_odds(obs: Observation, memory: Memory) -> float:
    """How likely the pending Wild Draw Four (or F-5/F-6 wild draw) was played while its
    player held the colour in force (C-6), from what this seat has seen."""
    pending = obs.pending
    color = memory.color_before_top
    if pending is None or color is None:
        return 0.0
    culprit = obs.seat_of(pending.by)
    cards = obs.hand_sizes[culprit]
    if cards == 0:
        return 0.0  # an empty hand held nothing
    if memory.lacks.get(pending.by) == color:
        return 0.1  # they drew on that colour lately instead of playing it
    return 1.0 - chance_none_of(color, cards, unseen_faces(obs, memory))


class NormalPolicy:
    name = "normal"

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        actions = choosable(obs)
        if not actions:
            return None
        reflex = first_of(actions, (ActionType.SLAP, ActionType.UNO, ActionType.CATCH))
        if reflex is not None:
            return reflex
        if not obs.my_turn:
            jumps = [a for a in actions if a.type is ActionType.PLAY]
            return max(jumps, key=lambda a: self.score(obs, a)) if jumps else None
        return self.on_turn(obs, actions)

    def on_turn(self, obs: Observation, actions: list[Action]) -> Action | None:
        pending = obs.pending
        if pending is not None and pending.kind is PendingKind.SWAP:
            return self.swap(obs, actions)
        if pending is not None and pending.kind is PendingKind.COLOR:
            return turn_answer(obs, actions)
        plays = [a for a in actions if a.type is ActionType.PLAY]
        if pending is not None:
            challenge = first(actions, ActionType.CHALLENGE)
            if challenge is not None and self.challenges(obs):
                return challenge
            if plays:  # a stack, deflection or bounce passes the penalty on
                return max(plays, key=lambda a: self.score(obs, a))
            return first(actions, ActionType.ACCEPT) or turn_answer(obs, actions)
        if not plays:
            return first(actions, ActionType.PASS) or first(actions, ActionType.DRAW)
        best = max(plays, key=lambda a: self.score(obs, a))
        if obs.drawn is not None and best.card is not None and best.card.color is None and (
                not self.threatened(obs) and len(obs.hand) > 3):
            return first(actions, ActionType.PASS) or best  # keep a drawn wild for later
        return best

    def challenges(self, obs: Observation) -> bool:
        """Whether to challenge the pending wild draw (C-6), on the evidence alone."""
        return challenge_odds(obs, remember(obs)) >= CHALLENGE_ABOVE

    def threatened(self, obs: Observation) -> bool:
        me = obs.seat
        return any(0 < size <= THREAT for s, size in enumerate(obs.hand_sizes)
                   if s != me and obs.active[s])

    def score(self, obs: Observation, action: Action) -> float:
        """How much this play is worth now (higher is better)."""
        card = action.card
        assert card is not None
        me, sizes = obs.seat, obs.hand_sizes
        opponents = [s for s, size in enumerate(sizes) if s != me and obs.active[s] and size]
        fewest = min((sizes[s] for s in opponents), default=99)
        nxt = obs.next_seat(me)
        threat = fewest <= THREAT
        score = 0.2 * card.points
        if threat:
            score += card.points  # C-8.2: what is left in a hand scores for the winner
        if card.color is None:
            score -= 30 if card.rank is Rank.WILD else 35  # keep wilds for when nothing plays
            if threat or len(obs.hand) <= 2:
                score += 25
            best = most_held_color(obs.hand, side_colors(obs), without=card)
            if action.color == best:
                score += 3
        else:
            same = sum(1 for c in obs.hand if c.color is card.color and c is not card)
            score += 2 * same  # stay in the colour held most
        rank = card.rank
        if nxt in opponents and sizes[nxt] == fewest:  # attack the one closest to going out
            if rank in ATTACK_RANKS:
                score += 12 + (30 if threat else 0)
        if rank is Rank.REVERSE and nxt in opponents:
            back = obs.next_seat(me, -obs.direction)
            if sizes[nxt] < sizes[back]:
                score += 8 + (30 if threat else 0)
        if action.target is not None:  # H-3: a 7 swaps hands with the target
            other = obs.seat_of(action.target)
            gain = len(obs.hand) - 1 - sizes[other]
            score += 6 * gain
            score += 4 if sizes[other] == fewest else 0
        if rank is Rank.ZERO and obs.rules.options.seven_zero and len(obs.hand) > 1:
            giver = obs.next_seat(me, -obs.direction)
            score += 6 * (len(obs.hand) - 1 - sizes[giver])
        return score

    def swap(self, obs: Observation, actions: list[Action]) -> Action | None:
        """H-6: offer (or, when asked, give back) the card worth most points; offer it to the
        player with the most cards, who is least likely to win with it."""
        swaps = [a for a in actions if a.type is ActionType.SWAP and a.card is not None]
        if not swaps:
            return first(actions, ActionType.PASS) or turn_answer(obs, actions)

        def worth(a: Action) -> tuple[int, int]:
            card: Card | None = a.card
            target = obs.hand_sizes[obs.seat_of(a.target)] if a.target else 0
            return (card.points if card is not None else 0, target)

        return max(swaps, key=worth)
